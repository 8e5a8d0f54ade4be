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


def test_msprobe_dump_writes_the_bench_side_of_a_pytorch_comparison(tmp_path):
    torch = pytest.importorskip("torch")
    import json
    x = torch.linspace(-5, 5, 12, dtype=torch.float32).reshape(3, 4)
    path = aclnn_host.msprobe_dump("hardswish", x, directory=tmp_path)
    assert path == str(tmp_path / "step0" / "rank0" / "dump.json")
    document = json.load(open(path, encoding="utf-8"))
    assert (document["task"], document["level"], document["framework"]) == ("tensor", "L1", "pytorch")
    entry = document["data"]["Functional.hardswish.0.forward"]
    assert entry["input_kwargs"] == {}
    (arg,), (out,) = entry["input_args"], entry["output"]
    assert arg["data_name"] == "Functional.hardswish.0.forward.input.0.pt"
    assert out["data_name"] == "Functional.hardswish.0.forward.output.0.pt"
    assert (out["type"], out["dtype"], out["shape"], out["requires_grad"]) == ("torch.Tensor", "torch.float32",
                                                                             [3, 4], False)
    folder = tmp_path / "step0" / "rank0" / "dump_tensor_data"
    assert torch.equal(torch.load(folder / arg["data_name"]), x)
    result = torch.load(folder / out["data_name"])
    assert torch.equal(result, aclnn_host.hardswish(x))
    assert out["Max"] == result.max().item() and out["Min"] == result.min().item()
    assert abs(out["Norm"] - result.double().norm().item()) < 1e-9


def test_msprobe_dump_of_a_backward_in_place_and_bf16_op(tmp_path):
    torch = pytest.importorskip("torch")
    import json
    g = np.ones(6, dtype=np.float32)
    x = np.linspace(-4, 4, 6, dtype=np.float32)
    path = aclnn_host.msprobe_dump("hardswish_backward_v2", g, x, directory=tmp_path, step=2, rank=1)
    entry = json.load(open(path, encoding="utf-8"))["data"]["Functional.hardswish.0.backward"]
    assert sorted(entry) == ["input", "output"]  # the gradient in, the gradient of self out
    folder = tmp_path / "step2" / "rank1" / "dump_tensor_data"
    assert torch.equal(torch.load(folder / entry["input"][0]["data_name"]), torch.from_numpy(g))
    assert np.array_equal(torch.load(folder / entry["output"][0]["data_name"]).numpy(),
                          aclnn_host.hardswish_backward_v2(g, x))
    # In place: the input recorded is the one before the run; the caller's array is untouched.
    bits = bf16_bits(np.linspace(-3, 3, 5))
    before = bits.copy()
    path = aclnn_host.msprobe_dump("leaky_relu_", bits, directory=tmp_path / "ip", dtype="bf16",
                                   negative_slope=0.5, api="Functional.leaky_relu.3.forward")
    entry = json.load(open(path, encoding="utf-8"))["data"]["Functional.leaky_relu.3.forward"]
    assert np.array_equal(bits, before)
    assert entry["input_kwargs"] == {"negative_slope": {"type": "float", "value": 0.5}}
    data = tmp_path / "ip" / "step0" / "rank0" / "dump_tensor_data"
    stored = torch.load(data / entry["input_args"][0]["data_name"])
    assert stored.dtype == torch.bfloat16 and entry["input_args"][0]["dtype"] == "torch.bfloat16"
    assert np.array_equal(stored.view(torch.int16).numpy().view(np.uint16), before)
    expected = aclnn_host.leaky_relu(before, dtype="bf16", negative_slope=0.5)
    assert np.array_equal(torch.load(data / entry["output"][0]["data_name"]).view(torch.int16).numpy().view(np.uint16),
                          expected)
