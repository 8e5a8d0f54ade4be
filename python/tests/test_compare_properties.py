"""Property tests: aclnn_host.compare against NumPy transcriptions of the published formulas
(docs/precision.md), in float64, on random data with random ULP perturbations and special values."""

import numpy as np
import pytest
from hypothesis import given, strategies as st

import aclnn_host
from conftest import bf16_bits, widen_bf16

# The models run on NaN and infinity on purpose.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

FORMATS = {"fp32": (23, -126), "fp16": (10, -14), "bf16": (7, -126)}
T = {"fp32": 2.0 ** -13, "fp16": 2.0 ** -10, "bf16": 2.0 ** -7}
MIXED = {"fp16": (2.0 ** -9, 2.0 ** -9, 0.1), "bf16": (2.0 ** -6, 2.0 ** -6, 1.0), "fp32": (2.0 ** -10, 2.0 ** -16, 1e-2)}


def ulp(g, dtype):
    p, emin = FORMATS[dtype]
    with np.errstate(divide="ignore"):
        e = np.where(g == 0, emin, np.maximum(np.floor(np.log2(np.abs(np.where(g == 0, 1, g)))), emin))
    return np.ldexp(1.0, (e - p).astype(int))


def classify(a, g):
    finite = np.isfinite(a) & np.isfinite(g)
    same = (np.isnan(a) & np.isnan(g)) | (np.isinf(a) & np.isinf(g) & (np.sign(a) == np.sign(g)))
    return finite, same, ~finite & ~same


def model_stat_rel_err(a, g, dtype):
    finite, _, mismatch = classify(a, g)
    if mismatch.any():
        return False, {}
    if not finite.any():
        return True, {}
    rel = np.abs(a[finite] - g[finite]) / (np.abs(g[finite]) + 1e-7)
    mere, mare = rel.mean(), rel.max()
    return bool(mere < T[dtype] and mare < 10 * T[dtype]), {"mere": mere, "mare": mare}


def model_mixed(a, g, dtype):
    rtol, atol, floor = MIXED[dtype]
    finite, same, mismatch = classify(a, g)
    err = np.abs(np.where(finite, a - g, 0))
    matched = same | (finite & (err <= atol + rtol * np.abs(np.where(finite, g, 0))))
    ratio = matched.sum() / a.size
    cap = np.maximum(floor, 32 * ulp(np.where(finite, g, 0), dtype))
    over = (finite & (err > cap)).sum()
    return bool(ratio >= 0.99 and over == 0 and not mismatch.any()), {"matched_ratio": ratio,
                                                                         "over_hard_cap": over}


def model_ulp(a, g, dtype):
    finite, _, mismatch = classify(a, g)
    u = np.abs(a[finite] - g[finite]) / ulp(g[finite], dtype)
    if dtype == "fp32":
        share = (u > 32).mean() if u.size else 0.0
        ok = (u.mean() if u.size else 0.0) < 64 or share < 0.05
    else:
        share = (u > 1).mean() if u.size else 0.0
        ok = share < 0.001
    return bool(ok and not mismatch.any()), {"ulp_error_over_threshold_ratio": share}


MODELS = {"stat_rel_err": model_stat_rel_err, "mixed": model_mixed, "msprobe_ulp": model_ulp}


@st.composite
def data(draw):
    dtype = draw(st.sampled_from(sorted(FORMATS)))
    n = draw(st.integers(1, 400))
    seed = draw(st.integers(0, 2**31 - 1))
    scale = draw(st.sampled_from([1e-6, 1e-3, 1.0, 100.0]))
    max_ulps = draw(st.sampled_from([0, 1, 2, 40, 2000]))
    share = draw(st.sampled_from([0.0, 0.0005, 0.01, 0.2, 1.0]))
    specials = draw(st.booleans())
    return dtype, n, seed, scale, max_ulps, share, specials


def make(dtype, n, seed, scale, max_ulps, share, specials):
    rng = np.random.default_rng(seed)
    golden = (rng.standard_normal(n) * scale).astype(np.float32)
    if specials:
        golden[rng.integers(0, n, max(1, n // 20))] = rng.choice([np.inf, -np.inf, np.nan, 0.0])
    if dtype == "fp16":
        g_bits = golden.astype(np.float16).view(np.uint16)
    elif dtype == "bf16":
        g_bits = bf16_bits(golden)
    else:
        g_bits = golden.view(np.uint32)
    # Perturb a share of the elements by up to max_ulps steps of their encoding.
    steps = rng.integers(-max_ulps, max_ulps + 1, n) * (rng.random(n) < share)
    a_bits = (g_bits.astype(np.int64) + steps).astype(g_bits.dtype)
    if specials and n > 3 and rng.random() < 0.5:
        a_bits[0] = g_bits[0] ^ (1 << (g_bits.itemsize * 8 - 1))  # a sign flip: a NaN/Inf mismatch where special
    view = {"fp32": np.float32, "fp16": np.float16, "bf16": np.uint16}[dtype]
    actual, gold = a_bits.view(view), g_bits.view(view)
    if dtype == "bf16":
        return actual, gold, widen_bf16(actual).astype(np.float64), widen_bf16(gold).astype(np.float64)
    return actual, gold, actual.astype(np.float64), gold.astype(np.float64)


@pytest.mark.parametrize("standard", sorted(MODELS))
@given(case=data())
def test_compare_agrees_with_the_published_formulas(standard, case):
    dtype = case[0]
    actual, golden, a64, g64 = make(*case)
    kwargs = {"dtype": "bf16"} if dtype == "bf16" else {}
    report = aclnn_host.compare(actual, golden, standard, **kwargs)
    expected, figures = MODELS[standard](a64, g64, dtype)
    assert report["passed"] == expected, report["text"]
    for name, value in figures.items():
        assert report["figures"][name] == pytest.approx(value, rel=1e-12, abs=1e-300), name


@given(case=data())
def test_bit_exact_counts_the_differing_encodings(case):
    dtype = case[0]
    actual, golden, a64, g64 = make(*case)
    kwargs = {"dtype": "bf16"} if dtype == "bf16" else {}
    report = aclnn_host.compare(actual, golden, "bit_exact", **kwargs)
    bits_a = actual.view(np.uint16 if actual.itemsize == 2 else np.uint32)
    bits_g = golden.view(bits_a.dtype)
    differ = (bits_a != bits_g) & ~(np.isnan(a64) & np.isnan(g64))
    assert report["figures"]["mismatches"] == differ.sum()
    assert report["passed"] == (differ.sum() == 0)
    assert sum(count for _, count in report["ulp_histogram"]) == differ.sum()
