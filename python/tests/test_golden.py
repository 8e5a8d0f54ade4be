"""aclnn_host.golden: the exact output in ops-test-kit's manual-data layout; and, in the style of a
kit's operator test, aclnn-host as the golden a CPU approximation is judged against."""

import os

import numpy as np
import pytest

import aclnn_host
from conftest import bf16_bits


def test_golden_writes_the_manual_data_layout(tmp_path):
    x = np.linspace(-5, 5, 12, dtype=np.float32).reshape(3, 4)
    g = np.ones((3, 4), dtype=np.float32)
    result = aclnn_host.golden("hardswish_backward_v2", g, x, directory=tmp_path, case="hsb_fp32_3x4")
    folder = tmp_path / "hsb_fp32_3x4"
    assert sorted(os.listdir(folder)) == ["golden_0_float32__shape_3x4.bin", "input_0_float32.bin",
                                          "input_1_float32.bin"]
    assert np.array_equal(np.fromfile(folder / "input_0_float32.bin", dtype=np.float32), g.ravel())
    assert np.array_equal(np.fromfile(folder / "input_1_float32.bin", dtype=np.float32), x.ravel())
    saved = np.fromfile(folder / "golden_0_float32__shape_3x4.bin", dtype=np.float32).reshape(3, 4)
    assert np.array_equal(saved, result)
    assert np.array_equal(result, aclnn_host.hardswish_backward_v2(g, x))


def test_golden_bf16_in_place_and_scalars(tmp_path):
    x = bf16_bits(np.linspace(-4, 4, 6))
    before = x.copy()
    result = aclnn_host.golden("hardswish_", x, directory=tmp_path, case="inplace_bf16", dtype="bf16")
    assert np.array_equal(x, before)  # the caller's array is not modified
    folder = tmp_path / "inplace_bf16"
    assert sorted(os.listdir(folder)) == ["golden_0_bfloat16__shape_6.bin", "input_0_bfloat16.bin"]
    assert np.array_equal(np.fromfile(folder / "golden_0_bfloat16__shape_6.bin", dtype=np.uint16), result)
    aclnn_host.golden("hardswish", np.float32(2.0), directory=tmp_path, case="scalar", out_dtype="fp16")
    assert sorted(os.listdir(tmp_path / "scalar")) == ["golden_0_float16__shape_scalar.bin", "input_0_float32.bin"]


def test_golden_refuses_bad_names(tmp_path):
    x = np.ones(2, dtype=np.float32)
    with pytest.raises(ValueError, match="unknown operator"):
        aclnn_host.golden("no_such_op", x, directory=tmp_path, case="c")
    with pytest.raises(ValueError, match="case must be"):
        aclnn_host.golden("hardswish", x, directory=tmp_path, case="a/b")


# ---- the example: a kit-style operator test with aclnn-host as its golden ----------------------------

def cpu_hardswish_backward(grad, x):
    """The usual CPU golden of the test kits: float64 arithmetic, then the output dtype."""
    g, v = grad.astype(np.float64), x.astype(np.float64)
    r = np.where(v < -3, 0.0, np.where(v > 3, g, g * (v / 3 + 0.5)))
    return r.astype(grad.dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("soc", ["Ascend910B3", "Ascend950PR"])
def test_kit_style_case_with_aclnn_host_as_the_golden(dtype, soc):
    rng = np.random.default_rng(2026)
    x = rng.uniform(-6, 6, (32, 16)).astype(dtype)
    grad = rng.uniform(-2, 2, (32, 16)).astype(dtype)
    # The one-line change: the golden is the NPU's own arithmetic for this SoC ...
    golden = aclnn_host.hardswish_backward_v2(grad, x, soc=soc)
    # ... so the CPU approximation meets CANN's standards but is not bit-exact to the NPU.
    approximation = cpu_hardswish_backward(grad, x)
    assert aclnn_host.compare(approximation, golden, "mixed")["passed"]
    assert aclnn_host.compare(approximation, golden, "stat_rel_err")["passed"]
    assert not aclnn_host.compare(approximation, golden, "bit_exact")["passed"]
