"""The operator functions: values, layouts, dtypes, errors, SoCs and threads; and the package
against the aclnn-host tool (the same public C API from another process) bit for bit."""

import os
import subprocess
import sys
import threading

import numpy as np
import pytest
from hypothesis import given, strategies as st

import aclnn_host
from conftest import bf16_bits, run_cli, widen_bf16

SEED = [0, 0.833333, 2.333333, 3, 4, 5, 6, 7]


def test_the_seed_sample():
    x = np.arange(8, dtype=np.float32)
    y = aclnn_host.hardswish_backward_v2(x, x)
    assert y.dtype == np.float32 and y.shape == (8,)
    assert [f"{v:f}" for v in y] == [f"{v:f}" for v in SEED]


def test_the_readme_snippet(capsys):
    readme = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")
    text = open(readme, encoding="utf-8").read()
    snippet = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(snippet.strip().splitlines()) == 3
    exec(compile(snippet, "README.md", "exec"), {})
    assert capsys.readouterr().out == "0.000000 0.833333 2.333333 3.000000 4.000000 5.000000 6.000000 7.000000\n"


def test_one_function_per_operator_of_the_table():
    names = [row["python_name"] for row in aclnn_host.OPS]
    assert len(set(names)) == len(names)
    assert {"hardswish_backward_v2", "hardswish", "hardswish_", "hardsigmoid", "hardsigmoid_"} <= set(names)
    for name in names:
        assert callable(getattr(aclnn_host, name))
        assert name in aclnn_host.__all__


def test_v1_and_v2_differ_at_the_boundaries():
    # V2 is strict at +-3 (0 and g), V1 inclusive (-0.5 g and 1.5 g) (op-hardswish-backward.md).
    x = np.array([-3, 3], dtype=np.float32)
    g = np.ones(2, dtype=np.float32)
    assert aclnn_host.hardswish_backward_v2(g, x).tolist() == [0.0, 1.0]
    assert aclnn_host.hardswish_backward(g, x).tolist() == [-0.5, 1.5]


def test_forward_out_dtype_and_in_place():
    x = np.array([-4, -1.5, 0, 1, 2.5, 4], dtype=np.float32)
    y = aclnn_host.hardswish(x)
    z = aclnn_host.hardswish(x, out_dtype="fp16")
    assert z.dtype == np.float16
    assert np.array_equal(z, y.astype(np.float16))
    w = x.copy()
    assert aclnn_host.hardswish_(w) is w
    assert np.array_equal(w, y)


def test_out_is_written_and_returned():
    x = np.linspace(-5, 5, 12, dtype=np.float32).reshape(3, 4)
    out = np.zeros((4, 3), dtype=np.float32).T  # a strided out
    assert aclnn_host.hardswish_backward_v2(x, x, out=out) is out
    assert np.array_equal(out, aclnn_host.hardswish_backward_v2(x, x))
    with pytest.raises(ValueError, match="out has shape"):
        aclnn_host.hardswish_backward_v2(x, x, out=np.zeros(12, dtype=np.float32))


def test_strided_views_equal_their_contiguous_copies():
    base = np.linspace(-6, 6, 60, dtype=np.float32).reshape(6, 10)
    views = [base.T, base[::2, 1::3], base[:, ::-1], np.broadcast_to(base[0], (4, 10)), base[3]]
    for view in views:
        expected = aclnn_host.hardswish_backward_v2(np.ascontiguousarray(view), np.ascontiguousarray(view))
        assert np.array_equal(aclnn_host.hardswish_backward_v2(view, view), expected)
        assert np.array_equal(aclnn_host.hardswish(view), aclnn_host.hardswish(np.ascontiguousarray(view)))


def test_in_place_on_a_strided_view_touches_only_the_view():
    base = np.linspace(-6, 6, 20, dtype=np.float32)
    original = base.copy()
    aclnn_host.hardswish_(base[1::2])
    assert np.array_equal(base[0::2], original[0::2])
    assert np.array_equal(base[1::2], aclnn_host.hardswish(original[1::2]))
    with pytest.raises(ValueError, match="in place needs"):
        aclnn_host.hardswish_(base[::-1])
    with pytest.raises(ValueError, match="read-only"):
        aclnn_host.hardswish_(np.broadcast_to(base[0], (3,)))


def test_bf16_as_uint16_bit_patterns():
    x = np.linspace(-5, 5, 16, dtype=np.float32)
    xb = bf16_bits(x)
    y = aclnn_host.hardswish_backward_v2(xb, xb, dtype="bf16")
    assert y.dtype == np.uint16
    # Each result is the bf16 rounding of the fp32 arithmetic on the widened inputs.
    xw = widen_bf16(xb)
    t = np.float32(xw * np.float32(0.33333334)) + np.float32(0.5)
    # Below -3 the result is g * 0: a zero with g's sign.
    r = np.where(xw <= -3, xw * np.float32(0), np.where(xw >= 3, xw, xw * t)).astype(np.float32)
    assert np.array_equal(y, bf16_bits(r))
    with pytest.raises(TypeError, match='dtype="bf16"'):
        aclnn_host.hardswish(xb)


def test_unsupported_arrays_are_refused():
    with pytest.raises(TypeError, match="unsupported array dtype float64"):
        aclnn_host.hardswish(np.zeros(3))
    with pytest.raises(TypeError, match="takes 2 arrays"):
        aclnn_host.hardswish_backward_v2(np.zeros(3, dtype=np.float32))
    with pytest.raises(ValueError, match="unknown SoC"):
        aclnn_host.hardswish(np.zeros(3, dtype=np.float32), soc="Ascend999")


def test_library_errors_raise_aclnn_error_with_status_and_message():
    g = np.zeros((2, 3), dtype=np.float32)
    x = np.zeros((3, 2), dtype=np.float32)
    with pytest.raises(aclnn_host.AclnnError) as info:
        aclnn_host.hardswish_backward_v2(g, x)
    error = info.value
    assert error.status == 161002
    assert error.api == "aclnnHardswishBackwardV2GetWorkspaceSize"
    assert "Expected tensor for gradOutput to have same size as tensor for self" in error.message
    assert "161002" in str(error)
    # The backward ops refuse an output dtype other than self's, with the library's status.
    with pytest.raises(aclnn_host.AclnnError) as info:
        aclnn_host.hardswish_backward_v2(x, x, out_dtype="fp16")
    assert info.value.status == 161002


def test_soc_per_call_switches_the_profile():
    # fp16 overflow: INF_NAN on Ascend910B3 gives inf, the A1's saturation mode 65504.
    g = np.array([65504], dtype=np.float16)
    x = np.array([2], dtype=np.float16)
    assert np.isinf(aclnn_host.hardswish_backward_v2(g, x, soc="Ascend910B3"))[0]
    assert aclnn_host.active_soc() == "Ascend910B3"
    assert aclnn_host.hardswish_backward_v2(g, x, soc="Ascend910A")[0] == 65504
    assert aclnn_host.active_soc() == "Ascend910A"
    # No soc: ACLNN_HOST_SOC, else the default Ascend910B3, whatever an earlier call chose.
    assert "ACLNN_HOST_SOC" not in os.environ
    assert np.isinf(aclnn_host.hardswish_backward_v2(g, x))[0]
    assert aclnn_host.active_soc() == "Ascend910B3"
    # bf16 is not in the A1's dtype list: the library's own refusal.
    with pytest.raises(aclnn_host.AclnnError):
        aclnn_host.hardswish(bf16_bits([1.0]), dtype="bf16", soc="Ascend910A")
    assert "Ascend910A" in aclnn_host.socs() and "Ascend950PR" in aclnn_host.socs()


def test_acl_host_soc_pins_the_process_and_a_different_soc_is_a_clear_error():
    code = ("import numpy as np, aclnn_host\n"
            "x = np.ones(2, dtype=np.float32)\n"
            "aclnn_host.hardswish(x)\n"
            "assert aclnn_host.active_soc() == 'Ascend950PR'\n"
            "try:\n"
            "    aclnn_host.hardswish(x, soc='Ascend910B3')\n"
            "except ValueError as e:\n"
            "    assert 'ACLNN_HOST_SOC=Ascend950PR pins' in str(e), e\n"
            "    print('pinned')\n")
    env = dict(os.environ, ACLNN_HOST_SOC="Ascend950PR")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pinned"


def test_threads_and_soc_switches_run_concurrently():
    g = np.array([65504] * 64, dtype=np.float16)
    x = np.array([2] * 64, dtype=np.float16)
    expected = {"Ascend910A": 65504.0, "Ascend910B3": np.inf}
    errors = []

    def worker(index):
        try:
            for i in range(20):
                soc = "Ascend910A" if (index + i) % 2 else "Ascend910B3"
                y = aclnn_host.hardswish_backward_v2(g, x, soc=soc)
                if not np.all(y.astype(np.float32) == expected[soc]):
                    errors.append((soc, y[:4]))
                z = aclnn_host.hardswish(np.full(1000, index, dtype=np.float32))
                if not np.all(z == aclnn_host.hardswish(np.float32([index]))[0]):
                    errors.append(("hardswish", index))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_the_gil_is_released_while_the_operator_runs():
    # While another thread runs a large call, this thread keeps running Python: the longest pause
    # between its loop iterations stays well below the call's duration.
    import time
    # 2^26 elements: the call runs in place on the caller's memory (no copies), so it has to be
    # large to last long enough to observe on a busy 2-core machine.
    x = np.ones(1 << 26, dtype=np.float32)
    span = {}

    def worker():
        span["start"] = time.perf_counter()
        aclnn_host.hardswish_backward_v2(x, x)
        span["end"] = time.perf_counter()

    thread = threading.Thread(target=worker)
    stamps = []
    thread.start()
    while thread.is_alive():
        stamps.append(time.perf_counter())
    thread.join()
    duration = span["end"] - span["start"]
    inside = [t for t in stamps if span["start"] <= t <= span["end"]]
    if duration < 0.02 or len(inside) < 2:
        pytest.skip(f"the call took {duration * 1e3:.1f} ms: too short to observe")
    pauses = np.diff([span["start"], *inside, span["end"]])
    assert pauses.max() < 0.5 * duration, (pauses.max(), duration)


def test_a_threads_stream_ends_with_the_thread():
    # Work this large runs on the stream's own host thread; 16 short-lived Python threads must
    # not leave 16 of them behind.
    x = np.ones(1 << 22, dtype=np.float32)
    aclnn_host.hardswish(x)

    def tasks():
        return len(os.listdir("/proc/self/task"))

    before = tasks()
    for _ in range(16):
        thread = threading.Thread(target=lambda: aclnn_host.hardswish(x))
        thread.start()
        thread.join()
    assert tasks() <= before + 2


def test_tiling_equals_the_cli():
    import json
    report = aclnn_host.tiling("hardswish_backward_v2", (1024, 1024), "fp32", soc="Ascend910B3")
    cli = run_cli("tiling", "hardswish_backward_v2", "--shape", "1024,1024", "--soc", "Ascend910B3", "--json")
    assert cli.returncode == 0, cli.stderr
    assert report == json.loads(cli.stdout)
    assert report["block_dim"] == 40 and report["tiling_data"]["elementNum"] == 1048576
    with pytest.raises(ValueError, match="does not take bf16"):
        aclnn_host.tiling("hardswish", (4,), "bf16", soc="Ascend910A")


# ---- the package equals the tool bit for bit on random shapes, strides and dtypes ----------------

DTYPES = {"fp32": np.float32, "fp16": np.float16, "bf16": np.uint16}
OPS = ["hardswish_backward_v2", "hardswish_backward", "hardswish", "inplace_hardswish"]


@st.composite
def cases(draw):
    op = draw(st.sampled_from(OPS))
    dtype = draw(st.sampled_from(sorted(DTYPES)))
    rank = draw(st.integers(0, 3))
    shape = tuple(draw(st.lists(st.integers(1, 5), min_size=rank, max_size=rank)))
    steps = tuple(draw(st.lists(st.integers(1, 3), min_size=rank, max_size=rank)))
    transpose = rank >= 2 and draw(st.booleans())
    seed = draw(st.integers(0, 2**31 - 1))
    return op, dtype, shape, steps, transpose, seed


def make_view(rng, dtype, shape, steps, transpose):
    """A strided view (steps along each dim, optionally transposed) of a random storage."""
    storage_shape = tuple(d * s for d, s in zip(shape, steps))
    values = rng.uniform(-7, 7, storage_shape).astype(np.float32)
    values.flat[:: max(1, values.size // 3)] = 3.0  # the boundary, where V1 and V2 differ
    storage = bf16_bits(values) if dtype == "bf16" else values.astype(DTYPES[dtype])
    view = storage[tuple(slice(None, None, s) for s in steps)] if shape else storage[...]
    if transpose:
        view = view.T
    return storage, view


def cli_view_args(name, storage, view):
    item = storage.itemsize
    offset = (view.__array_interface__["data"][0] - storage.__array_interface__["data"][0]) // item
    shape = ",".join(str(d) for d in view.shape)
    strides = ",".join(str(s // item) for s in view.strides)
    return ["--shape", f"{name}={shape}", "--stride", f"{name}={strides}", "--offset", f"{name}={offset}"]


@given(cases())
def test_package_equals_the_cli_bit_for_bit(tmp_path_factory, case):
    op, dtype, shape, steps, transpose, seed = case
    rng = np.random.default_rng(seed)
    work = tmp_path_factory.mktemp("cli")
    inputs = ["grad_output", "self"] if "backward" in op else ["self"]
    args, arrays = [], []
    for name in inputs:
        storage, view = make_view(rng, dtype, shape, steps, transpose)
        path = str(work / f"{name}.npy")
        np.save(path, storage)
        args += ["-i", f"{name}={path}"] + (cli_view_args(name, storage, view) if view.ndim else
                                             ["--shape", f"{name}="])
        arrays.append(view)
    out = str(work / "out.npy")
    cli = run_cli("run", op, *args, "--dtype", dtype, "-o", out)
    assert cli.returncode == 0, cli.stderr
    expected = np.load(out)
    kwargs = {"dtype": "bf16"} if dtype == "bf16" else {}
    if op == "inplace_hardswish":
        target = arrays[0]
        aclnn_host.hardswish_(target, **kwargs)
        actual = target.copy(order="C")
    else:
        actual = getattr(aclnn_host, op)(*arrays, **kwargs)
    assert actual.shape == expected.shape
    assert actual.dtype == expected.dtype
    assert actual.tobytes() == expected.tobytes()


def test_keywords_the_op_does_not_take_are_refused():
    # Scalars and flags are keywords named after the table's snake_case names; no others.
    with pytest.raises(TypeError, match="unexpected keyword arguments \\['alpha'\\]"):
        aclnn_host.hardswish(np.zeros(4, np.float32), alpha=1.0)
    for op in aclnn_host.OPS:
        assert all(name.isidentifier() for name in list(op["scalars"]) + list(op["flags"]))


def test_hardsigmoid_int32_and_per_soc_bf16_rounding():
    # INT32: the fp32 sequence truncated, so 1 from x = 3 up (docs/upstream/hardsigmoid-threshold-hardtanh.md).
    x = np.array([-2**31, -3, 0, 2, 3, 4, 2**31 - 1], dtype=np.int32)
    y = aclnn_host.hardsigmoid(x)
    assert y.dtype == np.int32 and y.tolist() == [0, 0, 0, 0, 1, 1, 1]
    # bf16 0x3F2B gives the fp32 tie 0x3F1C8000: Ascend 950 rounds it away, the TBE kernel to even.
    b = np.array([0x3F2B], dtype=np.uint16)
    assert aclnn_host.hardsigmoid(b, dtype="bf16", soc="Ascend950PR").tolist() == [0x3F1D]
    assert aclnn_host.hardsigmoid(b, dtype="bf16", soc="Ascend910B3").tolist() == [0x3F1C]
    w = np.array([-4, -3, -2, 0, 1, 2, 4, 5], dtype=np.float32)
    assert aclnn_host.hardsigmoid_(w) is w
    assert np.array_equal(w, np.array([0, 0, 0.16666666, 0.5, 0.66666669, 0.83333337, 1, 1], dtype=np.float32))


def test_hardsigmoid_backward_per_soc_boundary():
    g = np.full(3, 6.0, dtype=np.float32)
    x = np.array([np.nextafter(np.float32(3), np.float32(0)), 1.0, -3.0], dtype=np.float32)
    alpha = np.uint32(0x3E2AAAAB).view(np.float32)
    # 3 - 1 ulp: 950's x * alpha + beta rounds to 1 (+0); TBE tests |x| < 3 (g * alpha).
    assert aclnn_host.hardsigmoid_backward(g, x, soc="Ascend950PR").tolist() == [0.0, g[0] * alpha, 0.0]
    assert aclnn_host.hardsigmoid_backward(g, x, soc="Ascend910B3").tolist() == [g[0] * alpha, g[0] * alpha, 0.0]
    assert aclnn_host.hardsigmoid_backward(g.astype(np.float16), x).dtype == np.float32  # promoted


def test_hardtanh_backward_per_soc_sequences():
    g = np.array([-2.0, 5.0, 8.0], dtype=np.float32)
    x = np.array([3.0, np.nan, 0.5], dtype=np.float32)
    y950 = aclnn_host.hardtanh_backward(g, x, min=-1.0, max=1.0, soc="Ascend950PR")
    tbe = aclnn_host.hardtanh_backward(g, x, min=-1.0, max=1.0, soc="Ascend910B3")
    assert y950.tolist() == tbe.tolist() == [0.0, 5.0, 8.0]
    assert not np.signbit(y950[0]) and np.signbit(tbe[0])  # a Select, a product
    with pytest.raises(Exception, match="Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16"):
        aclnn_host.hardtanh_backward(g, x, min=-1.0, max=1.0, out_dtype="fp16")


def test_leaky_relu_and_in_place():
    x = np.array([-2.0, -0.0, 3.0], dtype=np.float32)
    y = aclnn_host.leaky_relu(x, negative_slope=0.5)
    assert y.tolist() == [-1.0, 0.0, 3.0] and np.signbit(y[1])
    assert aclnn_host.leaky_relu(x, negative_slope=0.5, out_dtype="fp16").dtype == np.float16
    assert aclnn_host.leaky_relu_(x, negative_slope=0.5) is x and x.tolist() == [-1.0, 0.0, 3.0]
    # fp16 on TBE SoCs: the slope is rounded to fp16 (0.3 -> 0.30004883) before the one fp16 product
    # (-0.90014648, a tie, to even); 950 rounds the fp32 product -0.90000004.
    h = np.array([-3.0], dtype=np.float16)
    assert aclnn_host.leaky_relu(h, negative_slope=0.3, soc="Ascend910B3")[0] == np.float16(-0.90039062)
    assert aclnn_host.leaky_relu(h, negative_slope=0.3, soc="Ascend950PR")[0] == np.float16(-0.89990234)


def test_leaky_relu_backward_flag_and_sequences():
    inf = np.float32(np.inf)
    grad = np.array([[2.0], [inf]], dtype=np.float32)  # [2, 1]
    x = np.array([1.0, -0.0, -3.0], dtype=np.float16)  # [3]
    y = aclnn_host.leaky_relu_backward(grad, x, negative_slope=0.5, self_is_result=False)
    assert y.dtype == np.float32 and y.shape == (2, 3)  # promoted, broadcast
    assert y.tolist() == [[2.0, 1.0, 1.0], [inf, inf, inf]]
    # selfIsResult with a negative slope is upstream's refusal; without the flag it runs.
    with pytest.raises(Exception, match="In-place leakyRelu backward calculation"):
        aclnn_host.leaky_relu_backward(grad, x, negative_slope=-0.5, self_is_result=True)
    assert aclnn_host.leaky_relu_backward(grad, x, negative_slope=-0.5, self_is_result=False)[0, 2] == -1.0
    # fp16 at x = -1, g = 3, slope 0.1: 950 rounds the fp32 product (0x34CD); TBE's fp16 slope gives a
    # tie that rounds to even (0x34CC).
    g16, x16 = np.array([3.0], np.float16), np.array([-1.0], np.float16)
    y950 = aclnn_host.leaky_relu_backward(g16, x16, negative_slope=0.1, self_is_result=False, soc="Ascend950PR")
    tbe = aclnn_host.leaky_relu_backward(g16, x16, negative_slope=0.1, self_is_result=False, soc="Ascend910B3")
    assert y950.view(np.uint16)[0] == 0x34CD and tbe.view(np.uint16)[0] == 0x34CC


def test_threshold_floats_integers_and_in_place():
    x = np.array([0, 1, 2, 3, 4.1, 5, 6, 7], dtype=np.float32)  # upstream's example
    assert aclnn_host.threshold(x, threshold=4.1, value=10.0).tolist() == [10, 10, 10, 10, 10, 5, 6, 7]
    # Integer scalars are converted to self's dtype; INT32 beyond 2^24 goes through fp32 on TBE SoCs.
    i = np.array([16777217, -5, 3], dtype=np.int32)
    assert aclnn_host.threshold(i, threshold=(16777216, "int64"), value=(-1, "int64"),
                                soc="Ascend950PR").tolist() == [16777217, -1, -1]
    assert aclnn_host.threshold(i, threshold=(16777216, "int64"), value=(-1, "int64"),
                                soc="Ascend910B3").tolist() == [-1, -1, -1]
    s = np.array([-3, 7], dtype=np.int16)
    assert aclnn_host.threshold(s, threshold=(0, "int64"), value=(9, "int64"), dtype="int16").tolist() == [9, 7]
    y = np.array([-1.0, 2.0], dtype=np.float16)
    assert aclnn_host.threshold_(y, threshold=0.0, value=0.5) is y and y.tolist() == [0.5, 2.0]


def test_threshold_backward_picks_relu_grad_for_a_zero_threshold():
    g = np.array([4.5, 4.4, 4.3, 4.2], dtype=np.float32)
    x = np.array([0.2, 1.2, 2.2, 3.2], dtype=np.float32)  # upstream's example
    assert aclnn_host.threshold_backward(g, x, threshold=1.0).tolist() == [0.0, np.float32(4.4), np.float32(4.3),
                                                                           np.float32(4.2)]
    # Threshold 0 runs ReluGrad: 950 multiplies (-2 * 0 = -0), 910B selects +0.
    g2, x2 = np.array([-2.0], np.float32), np.array([-1.0], np.float32)
    assert np.signbit(aclnn_host.threshold_backward(g2, x2, threshold=0.0, soc="Ascend950PR")[0])
    assert not np.signbit(aclnn_host.threshold_backward(g2, x2, threshold=0.0, soc="Ascend910B3")[0])
    with pytest.raises(Exception, match="Tensor gradOutput expected dtype is DT_FLOAT"):
        aclnn_host.threshold_backward(g.astype(np.float16), x, threshold=1.0)


def test_shrink_ops_take_lambd():
    x = np.array([0.1, 0.5, 0.6, -0.8, np.nan], dtype=np.float32)
    assert aclnn_host.hardshrink(x, lambd=0.5)[:4].tolist() == [0.0, 0.0, np.float32(0.6), np.float32(-0.8)]
    y = aclnn_host.softshrink(x, lambd=0.5)
    assert y.tolist() == [0.0, 0.0, np.float32(0.6) - np.float32(0.5), np.float32(-0.8) + np.float32(0.5), 0.0]
    with pytest.raises(Exception, match="lambd should be greater or equal to 0"):
        aclnn_host.softshrink(x, lambd=-1.0)
    with pytest.raises(TypeError):
        aclnn_host.hardshrink(x)


def test_hardshrink_backward_broadcasts_and_promotes():
    grad = np.array([[1.0], [-2.0]], dtype=np.float32)  # [2, 1]
    x = np.array([0.25, -1.0, np.nan], dtype=np.float16)  # [3]
    y = aclnn_host.hardshrink_backward(grad, x, lambd=0.5)
    assert y.dtype == np.float32 and y.shape == (2, 3)  # promoted, broadcast
    assert y.tolist() == [[0.0, 1.0, 1.0], [0.0, -2.0, -2.0]]
    # The dead zone: 950 Selects +0, the TBE kernel multiplies (-2 * 0 = -0).
    assert not np.signbit(aclnn_host.hardshrink_backward(grad, x, lambd=0.5, soc="Ascend950PR")[1, 0])
    assert np.signbit(aclnn_host.hardshrink_backward(grad, x, lambd=0.5, soc="Ascend910B3")[1, 0])
    h = aclnn_host.hardshrink_backward(grad, x, lambd=0.5, out_dtype="fp16")
    assert h.dtype == np.float16 and h.tolist() == y.tolist()
    with pytest.raises(Exception, match="must match the size of tensor self"):
        aclnn_host.hardshrink_backward(np.ones(2, np.float32), np.ones(3, np.float32), lambd=0.5)


def test_softshrink_backward_result_dtype_and_nan_lambd():
    grad = np.array([1.0, -2.0, 3.0], dtype=np.float16)
    x = np.array([[0.25], [-1.0]], dtype=np.float32)
    y = aclnn_host.softshrink_backward(grad, x, lambd=0.5)
    assert y.dtype == np.float32 and y.tolist() == [[0.0, 0.0, 0.0], [1.0, -2.0, 3.0]]
    with pytest.raises(Exception, match="is not the result dtype DT_FLOAT"):
        aclnn_host.softshrink_backward(grad, x, lambd=0.5, out_dtype="fp16")
    nan = float("nan")
    assert aclnn_host.softshrink_backward(grad, grad, lambd=nan, soc="Ascend950PR").tolist() == [0.0, 0.0, 0.0]
    assert aclnn_host.softshrink_backward(grad, grad, lambd=nan, soc="Ascend910B3").tolist() == [1.0, -2.0, 3.0]


def test_onnx_shrink_per_soc_signed_zero():
    x = np.array([-0.5, 0.1, 2.0, -2.0], dtype=np.float32)
    tbe = aclnn_host.shrink(x, lambd=1.0, bias=0.5, soc="Ascend910B3")
    ascend950 = aclnn_host.shrink(x, lambd=1.0, bias=0.5, soc="Ascend950PR")
    assert tbe.tolist() == ascend950.tolist() == [0.0, 0.0, 1.5, -1.5]
    assert np.signbit(tbe[0]) and not np.signbit(ascend950[0])  # TBE: -1 * 0 below zero


def test_relu_every_integer_dtype_and_signed_zero():
    for dtype in (np.int8, np.uint8, np.int32, np.int64):
        x = np.array([0, 1, 5, 100] + ([-1, -100] if np.issubdtype(dtype, np.signedinteger) else []), dtype=dtype)
        y = aclnn_host.relu(x)
        assert y.dtype == dtype and np.array_equal(y, np.maximum(x, 0))
    z = aclnn_host.relu(np.array([-0.0, np.nan, -2.0, 2.0], dtype=np.float32))
    assert not np.signbit(z[0]) and np.isnan(z[1]) and z[2:].tolist() == [0.0, 2.0]
    w = np.array([-3, 3], dtype=np.int64)
    assert aclnn_host.relu_(w) is w and w.tolist() == [0, 3]


def test_add_relu_promotes_broadcasts_and_runs_in_place():
    x = np.arange(8, dtype=np.float32).reshape(4, 2)  # upstream's example
    other = np.array([1, 1, 1, 2, 2, 2, 3, 3], dtype=np.float32).reshape(4, 2)
    alpha = np.float32(1.2)
    expected = np.maximum(x + alpha * other, 0)  # exact here: fma and two roundings agree on these
    assert aclnn_host.add_relu(x, other, alpha=1.2).tolist() == expected.tolist()
    # op::PromoteType in full: int8 with uint8 is int16; a float beats an integer; the wider integer wins.
    a, b = np.array([-100, 100], np.int8), np.array([200, 3], np.uint8)
    y = aclnn_host.add_relu(a, b, alpha=(2, "int64"))
    assert y.dtype == np.int16 and y.tolist() == [300, 106]
    z = aclnn_host.add_relu(np.array([1, -9], np.int32), np.array([0.5, 0.5], np.float16), alpha=(1, "int64"))
    assert z.dtype == np.float16 and z.tolist() == [1.5, 0.0]
    w = aclnn_host.add_relu(np.array([[1], [2]], np.int64), np.array([5, -7, 9], np.int32), alpha=(1, "int64"))
    assert w.dtype == np.int64 and w.shape == (2, 3) and w.tolist() == [[6, 0, 10], [7, 0, 11]]
    # A float alpha does not cast to an integer promotion (161002).
    with pytest.raises(Exception, match="Alpha dtype DT_FLOAT can't be cast to the promote dtype DT_INT32"):
        aclnn_host.add_relu(np.array([1], np.int32), np.array([1], np.int32), alpha=1.5)
    s = np.array([-1.0, 2.0, 3.0], dtype=np.float32)
    assert aclnn_host.add_relu_(s, np.array([0.5], np.float32), alpha=2.0) is s and s.tolist() == [0.0, 3.0, 4.0]


def test_dtype_per_input_mixes_16_bit_integers_with_other_arrays():
    a = np.array([-3, 300], dtype=np.int16)
    b = np.array([1.5, 0.25], dtype=np.float32)
    y = aclnn_host.add_relu(a, b, dtype=["int16", None], alpha=2.0)  # int16 + fp32 promotes to fp32
    assert y.dtype == np.float32 and y.tolist() == [0.0, 300.5]
    with pytest.raises(ValueError):
        aclnn_host.add_relu(a, b, dtype="int16", alpha=2.0)  # one name for both: b is not int16
    with pytest.raises(TypeError, match="lists 1 dtypes for 2 inputs"):
        aclnn_host.add_relu(a, b, dtype=["int16"], alpha=2.0)
