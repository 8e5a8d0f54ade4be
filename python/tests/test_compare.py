"""aclnn_host.compare: the precision standards (docs/precision.md) at their thresholds' edges,
through the package, and the same verdicts as `aclnn-host compare`."""

import json

import numpy as np
import pytest

import aclnn_host
from conftest import run_cli


def spread(n, k, delta, dtype=np.float32):
    golden = np.ones(n, dtype=dtype)
    actual = golden.copy()
    actual[:k] = dtype(1 + delta)
    return actual, golden


def test_bit_exact_and_its_histogram():
    golden = np.ones(4, dtype=np.float32)
    actual = golden.copy()
    actual[0] = np.nextafter(np.float32(1), np.float32(2))
    actual[1] = np.float32(np.nan)
    report = aclnn_host.compare(actual, golden, "bit_exact")
    assert report["verdict"] == "FAIL" and not report["passed"]
    assert report["figures"]["mismatches"] == 2
    assert report["ulp_histogram"] == [("1", 1), ("NaN vs number", 1)]
    assert aclnn_host.compare(golden, golden.copy(), "binary")["passed"]
    with pytest.raises(ValueError, match="like with like"):
        aclnn_host.compare(golden, golden.astype(np.float16), "bit_exact")


def test_stat_rel_err_edges():
    T = 2.0 ** -10  # fp16 thresholds on fp32 data, via dtype of the actual: use fp16 arrays instead
    # fp16: golden 1, delta 2^-10 * 10 is not representable near 1 in fp16; use fp32 data with the
    # fp32 threshold T = 2^-13 at golden 2^20: errors 1280 (just below 10 T) and 1281 (above).
    golden = np.ones(1000, dtype=np.float32)
    golden[0] = 2.0 ** 20
    below, above = golden.copy(), golden.copy()
    below[0] += 1280
    above[0] += 1281
    assert aclnn_host.compare(below, golden, "stat_rel_err")["passed"]
    report = aclnn_host.compare(above, golden, "mere_mare")
    assert report["verdict"] == "FAIL"
    assert report["figures"]["mare"] == 1281 / (2.0 ** 20 + 1e-7)
    assert report["figures"]["mare_limit"] == 10 * 2.0 ** -13
    assert any("MARE" in reason for reason in report["reasons"])
    assert T == aclnn_host.compare(np.ones(1, np.float16), np.ones(1, np.float16),
                                   "stat_rel_err")["figures"]["mere_limit"]


def test_mixed_edges():
    bound = 2.0 ** -16 + 2.0 ** -10  # fp32 atol + rtol at golden 1
    at = spread(100, 1, bound)
    assert aclnn_host.compare(*at, "mixed")["figures"]["matched_ratio"] == 1.0
    step = 2.0 ** -23
    assert aclnn_host.compare(*spread(100, 1, bound + step), "mixed")["passed"]       # 0.99
    report = aclnn_host.compare(*spread(100, 2, bound + step), "mix_tolerance")       # 0.98
    assert report["verdict"] == "FAIL" and report["figures"]["matched_ratio"] == 0.98
    # The hard cap: 1e-2 at golden 1 (2^-7 within, 2^-6 over).
    assert aclnn_host.compare(*spread(100, 1, 2.0 ** -7), "mixed")["passed"]
    assert aclnn_host.compare(*spread(100, 1, 2.0 ** -6), "mixed")["figures"]["over_hard_cap"] == 1


def test_msprobe_edges():
    # fp32: 9 of 10000 elements 0.39% off: 双千 0.9991 passes, 双万 fails: a warning; 10 fail.
    warn = aclnn_host.compare(*spread(10000, 9, 2.0 ** -8), "msprobe")
    assert warn["verdict"] == "WARNING" and not warn["passed"]
    assert aclnn_host.compare(*spread(10000, 10, 2.0 ** -8), "msprobe")["verdict"] == "FAIL"
    # A max abs error below 0.001 passes outright.
    assert aclnn_host.compare(*spread(10, 10, 2.0 ** -10), "msprobe")["passed"]
    # Cosine pre-check.
    x = np.array([1, 2, 3], dtype=np.float32)
    assert aclnn_host.compare(-x, x, "msprobe")["figures"]["cosine"] == -1.0


def test_msprobe_ulp_edges_with_bf16():
    # bf16 golden 1 (0x3F80), ULP 2^-7; 0x3F82 is 2 ULP off. 2000 elements: 1 off (0.0005)
    # passes, 2 off (0.001) fail.
    golden = np.full(2000, 0x3F80, dtype=np.uint16)
    actual = golden.copy()
    actual[0] = 0x3F82
    assert aclnn_host.compare(actual, golden, "ulp", dtype="bf16")["passed"]
    actual[1] = 0x3F82
    report = aclnn_host.compare(actual, golden, "msprobe_ulp", dtype="bf16")
    assert report["dtype"] == "bfloat16"
    assert report["figures"]["ulp_error_over_threshold_ratio"] == 0.001
    assert report["verdict"] == "FAIL"


def test_an_fp32_golden_for_an_fp16_output():
    golden = np.linspace(1, 2, 64, dtype=np.float32)
    actual = golden.astype(np.float16)
    report = aclnn_host.compare(actual, golden, "stat_rel_err")
    assert report["dtype"] == "float16" and report["passed"]


@pytest.mark.parametrize("standard", ["bit_exact", "stat_rel_err", "mixed", "msprobe", "msprobe_ulp"])
def test_the_package_and_the_cli_agree(tmp_path, standard):
    rng = np.random.default_rng(7)
    golden = rng.uniform(-4, 4, 500).astype(np.float32)
    actual = golden * np.float32(1 + 2.0 ** -12)
    np.save(tmp_path / "a.npy", actual)
    np.save(tmp_path / "g.npy", golden)
    cli = run_cli("compare", str(tmp_path / "a.npy"), str(tmp_path / "g.npy"), "--standard", standard, "--json")
    report = aclnn_host.compare(actual, golden, standard)
    assert cli.returncode == (0 if report["passed"] else 1), cli.stderr
    parsed = json.loads(cli.stdout)
    assert parsed["verdict"] == report["verdict"]
    assert parsed["figures"] == pytest.approx(report["figures"])


def test_errors():
    x = np.ones(3, dtype=np.float32)
    with pytest.raises(ValueError, match="unknown standard"):
        aclnn_host.compare(x, x, "allclose")
    with pytest.raises(ValueError, match="shape"):
        aclnn_host.compare(x, np.ones(4, dtype=np.float32), "mixed")
