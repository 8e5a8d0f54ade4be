#!/usr/bin/python3
"""Golden check of the aclnn-host CLI against an independent numpy model of the NPU arithmetic.

For each operator, dtype and SoC profile it generates inputs (the special values of the spec,
their neighbours, random values in the interesting range and random bit patterns), runs
`aclnn-host run`, computes the golden in numpy step by step as the spec states it
(docs/numerics.md: the sequence each SoC's kernel runs — AscendC or built-in TBE —, op-hardswish.md,
numerics-and-socs.md) and reports, per case, the
bit mismatches (NaN matches any NaN) and upstream's stat_rel_err figures
(op-hardswish-backward.md §8). Exit status: 0 when every case is bit-exact, 1 otherwise, 2 for a
usage error, 77 when numpy is missing (ctest's SKIP_RETURN_CODE).

  scripts/golden.py --cli build/tools/aclnn-host [--op NAME] [--soc NAME] [--size N] [--seed N] [--work DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is not available to %s (Debian: apt-get install python3-numpy); "
          "the golden check did not run" % sys.executable, file=sys.stderr)
    sys.exit(77)

F32, F16, BF16, I32, I8, U8, I64, I16 = "fp32", "fp16", "bf16", "int32", "int8", "uint8", "int64", "int16"
# The integer dtypes (compared exactly: upstream's binary_equal) and their numpy types.
INTEGER = {I32: np.int32, I8: np.int8, U8: np.uint8, I64: np.int64, I16: np.int16}
THRESHOLD = {F32: 2.0 ** -13, F16: 2.0 ** -10, BF16: 2.0 ** -7, I32: 0.0, I8: 0.0, U8: 0.0, I64: 0.0, I16: 0.0}

# SoC profiles and their numerics (numerics-and-socs.md): A2/A3 are INF_NAN, A1 saturates, 950 flushes
# subnormals. A1 has no bf16. tbe: the forward op and V1 run CANN's built-in TBE kernels there (the
# AscendC ones are registered for Ascend 950 only; docs/numerics.md).
SOCS = {
    "Ascend910B3": dict(saturate=False, ftz=False, tbe=True, dtypes=(F32, F16, BF16)),
    "Ascend910_9391": dict(saturate=False, ftz=False, tbe=True, dtypes=(F32, F16, BF16)),
    "Ascend910A": dict(saturate=True, ftz=False, tbe=True, dtypes=(F32, F16), a1=True),
    "Ascend950PR": dict(saturate=False, ftz=True, tbe=False, dtypes=(F32, F16, BF16)),
}
# The operators with an independent model below. main() checks that the library's operator table
# (`aclnn-host info --json`) has no operator without one.
OPS = ("hardswish_backward_v2", "hardswish_backward", "hardswish", "inplace_hardswish", "hardsigmoid",
       "inplace_hardsigmoid", "hardsigmoid_backward", "hardtanh_backward", "hardshrink", "hardshrink_backward", "softshrink", "softshrink_backward",
       "shrink", "relu", "inplace_relu",
       "leaky_relu", "inplace_leaky_relu", "leaky_relu_backward", "threshold", "inplace_threshold",
       "threshold_backward", "add_relu", "inplace_add_relu")
# The scalars each case passes (`--scalar NAME=VALUE`): 0.3 is not an fp16 value, so the TBE kernels'
# fp16 lambda differs from 950's fp32 one.
SCALARS = {"hardshrink": {"lambd": 0.3}, "hardshrink_backward": {"lambd": 0.3}, "softshrink": {"lambd": 0.3},
           "softshrink_backward": {"lambd": 0.3}, "shrink": {"lambd": 0.3, "bias": 0.1},
           "hardtanh_backward": {"min": -1.2, "max": 2.4}, "leaky_relu": {"negative_slope": 0.3},
           "inplace_leaky_relu": {"negative_slope": 0.3}, "leaky_relu_backward": {"negative_slope": 0.3},
           "threshold": {"threshold": 0.3, "value": -2.5}, "inplace_threshold": {"threshold": 0.3, "value": -2.5},
           "threshold_backward": {"threshold": 0.3}, "add_relu": {"alpha": 1.2}, "inplace_add_relu": {"alpha": 1.2}}
# Where integer inputs need another scalar (a FLOAT alpha cannot be cast to an integer promoted dtype).
INTEGER_SCALARS = {"add_relu": {"alpha": "3:int64"}, "inplace_add_relu": {"alpha": "3:int64"}}
# The operators whose lists lack BF16 on every SoC (upstream's dtype lists).
NO_BF16_OPS = ("shrink",)
# The integer dtypes each operator also takes (upstream's dtype lists), on every SoC.
INTEGER_OPS = {"hardsigmoid": (I32,), "inplace_hardsigmoid": (I32,), "relu": (I8, U8, I32, I64),
               "inplace_relu": (I8, U8, I32, I64), "threshold": (I32, I8, U8, I16, I64),
               "inplace_threshold": (I32, I8, U8, I16, I64), "threshold_backward": (I32, I8, U8),
               "add_relu": (I8, U8, I16, I32, I64), "inplace_add_relu": (I8, U8, I16, I32, I64)}


# ---- storage formats: raw bits <-> fp32 -------------------------------------------------------------

def widen(raw, fmt):
    """Exact widening of raw storage (uint16 for fp16/bf16, float32 for fp32) to float32 (int32: as is)."""
    if fmt in INTEGER:
        return raw
    if fmt == F32:
        return raw.astype(np.float32)
    if fmt == F16:
        return raw.view(np.float16).astype(np.float32)
    return (raw.astype(np.uint32) << np.uint32(16)).view(np.float32)


def smallest_normal(fmt):
    return np.float32(2.0 ** -14) if fmt == F16 else np.float32(np.finfo(np.float32).tiny)


def flush(v, fmt=F32):
    """Subnormals (of `fmt`) become zeros of the same sign."""
    v = v.copy()
    small = (v != 0) & (np.abs(v) < smallest_normal(fmt))
    v[small] = np.copysign(np.float32(0), v[small])
    return v


def narrow_even(v, fmt):
    """fp32 -> fmt, round to nearest, ties to even; raw bits for fp16/bf16."""
    if fmt == F32:
        return v.copy()
    if fmt == F16:
        return v.astype(np.float16).view(np.uint16)
    bits = v.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(v)
    rounded[nan] = (((bits[nan] >> 16) & 0x8000) | 0x7FC0).astype(np.uint16)
    return rounded


def narrow_away(v, fmt):
    """fp32 -> fmt, round to nearest, ties away from zero (AscendC CAST_ROUND)."""
    if fmt == F32:
        return v.copy()
    if fmt == BF16:
        bits = v.view(np.uint32).astype(np.uint64)
        sign = (bits >> 16) & 0x8000
        magnitude = ((bits & 0x7FFFFFFF) + 0x8000) >> 16
        rounded = (sign | magnitude).astype(np.uint16)
        nan = np.isnan(v)
        rounded[nan] = (sign[nan] | 0x7FC0).astype(np.uint16)
        return rounded
    even = v.astype(np.float16)
    away = np.nextafter(even, np.copysign(np.float16(np.inf), v).astype(np.float16))
    exact = v.astype(np.float64)
    to_even = np.abs(exact - even.astype(np.float64))
    to_away = np.abs(away.astype(np.float64) - exact)
    tie = np.isfinite(even) & (to_even == to_away) & (np.abs(even.astype(np.float64)) < np.abs(exact))
    result = even.copy()
    result[tie] = away[tie]
    return result.view(np.uint16)


def store(v, fmt, numerics, half_away=False):
    """The stored result: saturation (NaN -> 0 before, inf -> +-max after), the narrowing, the flush."""
    v = v.copy()
    if numerics["saturate"]:
        v[np.isnan(v)] = 0
    raw = narrow_away(v, fmt) if half_away else narrow_even(v, fmt)
    if fmt == F32:
        if numerics["saturate"]:
            inf = np.isinf(raw)
            raw[inf] = np.copysign(np.finfo(np.float32).max, raw[inf])
        return flush(raw) if numerics["ftz"] else raw
    exponent_mask, infinity, largest = (0x7C00, 0x7C00, 0x7BFF) if fmt == F16 else (0x7F80, 0x7F80, 0x7F7F)
    if numerics["saturate"]:
        inf = (raw & 0x7FFF) == infinity
        raw[inf] = (raw[inf] & 0x8000) | largest
    if numerics["ftz"]:
        sub = (raw & exponent_mask) == 0
        raw[sub] &= 0x8000
    return raw


# ---- the operators, in fp32 step by step ------------------------------------------------------------

def hardswish_grad(g, x, v1, numerics):
    """op-hardswish-backward.md §3: t = x * 0.33333334f; t = t + 0.5f; the compares; r = g * t."""
    ftz = flush if numerics["ftz"] else (lambda v: v)
    t = ftz(x * np.float32(0.33333334))
    t = ftz(t + np.float32(0.5))
    if v1:
        t = np.where(x >= np.float32(-3), t, np.float32(0))
        t = np.where(x <= np.float32(3), t, np.float32(1))
    else:
        t = np.where(x > np.float32(-3), t, np.float32(0))
        t = np.where(x < np.float32(3), t, np.float32(1))
    return ftz(g * t.astype(np.float32))


def hardswish(x, numerics):
    """op-hardswish.md: t = min(max... six fp32 steps; NaN in gives NaN out."""
    ftz = flush if numerics["ftz"] else (lambda v: v)
    t = ftz(x + np.float32(3))
    t = np.minimum(t, np.float32(6))
    t = np.maximum(t, np.float32(0))
    u = np.maximum(x, np.float32(-3))
    y = ftz(u * t)
    y = ftz(y * np.float32(1.0 / 6.0))
    return np.where(np.isnan(x), x, y).astype(np.float32)


def hardswish_grad_tbe(g, x, fp32_path):
    """TBE hard_swish_grad_compute: t = x * 0.33333334 + 0.5; vcmpsel lt -3 -> 0; vcmpsel gt 3 -> 1;
    r = g * t; on the fp32 path (fp32, and bf16 computed as fp32) a NaN x gives 1.0."""
    t = x * np.float32(0.33333334)
    t = t + np.float32(0.5)
    t = np.where(x < np.float32(-3), np.float32(0), t)
    t = np.where(x > np.float32(3), np.float32(1), t)
    r = (g * t.astype(np.float32)).astype(np.float32)
    if fp32_path:
        r = np.where(np.isnan(x), np.float32(1), r).astype(np.float32)
    return r


def hardswish_tbe(x):
    """TBE hard_swish_compute: x * (min(max(x + 3, 0), 6) * (1/6)); -inf gives NaN."""
    t = x + np.float32(3)
    t = np.maximum(t, np.float32(0))
    t = np.minimum(t, np.float32(6))
    t = t * np.float32(1.0 / 6.0)
    return (x * t).astype(np.float32)


def hardsigmoid(x, numerics):
    """hard_sigmoid (950: Muls, Adds, Mins, Maxs; TBE: vmuls, vadds, vmaxs, vmins): x * alpha + beta
    in fp32, alpha = 1.0f / 6 (0x3E2AAAAB), clamped to [0, 1]; NaN in gives NaN out."""
    ftz = flush if numerics["ftz"] else (lambda v: v)
    y = ftz(x * np.uint32(0x3E2AAAAB).view(np.float32))
    y = ftz(y + np.float32(0.5))
    return np.where(np.isnan(y), y, np.clip(y, np.float32(0), np.float32(1))).astype(np.float32)


def hardsigmoid_grad(g, x, fmt, numerics):
    """hard_sigmoid_grad. 950 in fp32: t = x * alpha + beta (two roundings), g * alpha where 0 < t < 1,
    else +0. TBE: |x| < 3 ? g * alpha : 0 with alpha in the input's dtype (fp16(1/6) for fp16: the fp32
    product of two fp16 values is exact, the store rounds it once)."""
    alpha = np.uint32(0x3E2AAAAB).view(np.float32)
    if numerics["tbe"]:
        a = np.float32(np.float16(1.0 / 6.0)) if fmt == F16 else alpha
        return np.where(np.abs(x) < 3, g * a, np.float32(0)).astype(np.float32)
    ftz = flush if numerics["ftz"] else (lambda v: v)
    t = ftz(ftz(x * alpha) + np.float32(0.5))
    return np.where((t > 0) & (t < 1), ftz(g * alpha), np.float32(0)).astype(np.float32)


def hardtanh_grad(g, x, lo, hi, numerics):
    """hardtanh_grad. 950: a select, g where lo < x < hi or x is NaN, else +0. TBE: g times the product of
    the compares (-0, NaN from inf), g for a NaN x. TBE on Ascend910 (no tik.vcopy): t = max(min(x, hi), lo),
    m = (t - hi) * (t - lo), g * (m / (m + 1e-10)) in fp32 (NaN x: NaN)."""
    if not numerics["tbe"]:
        return np.where(((x < hi) & (x > lo)) | np.isnan(x), g, np.float32(0)).astype(np.float32)
    if not numerics.get("a1"):
        in_range = (x > lo).astype(np.float32) * (x < hi).astype(np.float32)
        return np.where(np.isnan(x), g, in_range * g).astype(np.float32)
    t = np.where(x < hi, x, hi)
    t = np.where(t > lo, t, lo).astype(np.float32)
    t = np.where(np.isnan(x), x, t)
    m = (t - hi) * (t - lo)
    return ((m / (m + np.float32(1e-10))) * g).astype(np.float32)


def leaky_relu_grad(g, x, slope, fmt, numerics):
    """leaky_relu_grad: g where x > 0, else g * slope (950 in fp32; TBE with an fp16 kernel's slope in fp16).
    TBE on Ascend910 (no tik.vcopy): a step of x (1 from the smallest normal fp32 / smallest fp16 subnormal
    up, 0 at and below 0, x * 2^126 for an fp32 subnormal), factor = |step - 1| * slope + step, g * factor,
    every operation rounded to fp32 (NaN x: NaN)."""
    ftz = flush if numerics["ftz"] else (lambda v: v)
    if numerics["tbe"] and fmt == F16:
        slope = np.float32(slope).astype(np.float16).astype(np.float32)
    slope = np.float32(slope)
    if not numerics.get("a1"):
        return np.where(x > 0, g, ftz(g * slope)).astype(np.float32)
    tiny = np.float32(2.0 ** -24) if fmt == F16 else np.finfo(np.float32).tiny
    step = np.where(x >= tiny, np.float32(1), np.where(x <= 0, np.float32(0), x * np.float32(2.0 ** 126)))
    step = np.where(np.isnan(x), x, step).astype(np.float32)
    factor = ftz(np.abs(ftz(step - np.float32(1))) * slope)
    return ftz(g * ftz(factor + step)).astype(np.float32)


def integer_scalar(value, fmt):
    """An fp32 scalar converted to an integer dtype: truncated toward zero, saturated to the range
    (aclnn-host's reading where upstream's static_cast is undefined)."""
    info = np.iinfo(INTEGER[fmt])
    return int(min(max(np.trunc(np.float32(value)), info.min), info.max))


def golden_integer(op, inputs, fmt, numerics):
    """Integer kernels. Relu: max(x, 0), exact. HardSigmoid INT32: x converted to fp32 (nearest-even),
    the fp32 sequence, truncated toward zero. Threshold: a select in the dtype, but TBE's INT32 (and
    INT16, Cast to INT32) kernel selects in fp32 and truncates back, saturating."""
    if op in ("add_relu", "inplace_add_relu"):
        x1 = inputs["self"] if "self" in inputs else inputs["self_ref"]
        return add_relu_integer(x1, inputs["other"], fmt, int(INTEGER_SCALARS[op]["alpha"].split(":")[0]))
    x = inputs["self"]
    if op in ("relu", "inplace_relu"):
        return np.maximum(x, 0).astype(INTEGER[fmt])
    if op in ("threshold", "inplace_threshold"):
        wide = I32 if numerics["tbe"] and fmt == I16 else fmt
        t = integer_scalar(SCALARS[op]["threshold"], wide)
        v = integer_scalar(SCALARS[op]["value"], wide)
        if numerics["tbe"] and fmt in (I32, I16):
            xf = x.astype(np.float32)
            r = np.where(xf <= np.float32(t), np.float32(v), xf).astype(np.float64)
            r = np.clip(r, -2.0 ** 31, 2.0 ** 31 - 1).astype(np.int64)
            return r.astype(np.int32).astype(INTEGER[fmt])  # INT16: the low 16 bits
        return np.where(x.astype(np.int64) <= t, v, x.astype(np.int64)).astype(INTEGER[fmt])
    if op == "threshold_backward":  # ThresholdGradV2D: INT32 through fp32 (nearest-even), saturating back
        g = inputs["grad_output"]
        t = np.float32(SCALARS[op]["threshold"])
        kept = np.clip(g.astype(np.float32).astype(np.float64), -2.0 ** 31, 2.0 ** 31 - 1).astype(np.int64)
        return np.where(x.astype(np.float32) <= t, 0, kept).astype(INTEGER[fmt])
    return np.trunc(hardsigmoid(x.astype(np.float32), dict(ftz=False))).astype(np.int32)


def fma_f32(a, x, y):
    """fma(a, x, y) on fp32 arrays, rounded once to fp32: the product is exact in float64, TwoSum
    gives the sum's exact error, and the float64 sum rounded to odd then to fp32 rounds once."""
    p = a.astype(np.float64) * x.astype(np.float64)
    q = y.astype(np.float64)
    s = p + q
    bb = s - p
    e = (p - (s - bb)) + (q - bb)
    inexact = np.isfinite(s) & (e != 0)
    # Truncate toward zero where the float64 sum rounded away from it, then set the last bit.
    away = inexact & (np.sign(e) != np.sign(s))
    t = np.where(away, np.nextafter(s, 0), s)
    odd = np.where(inexact, (t.view(np.int64) | 1).view(np.float64), t)
    return odd.astype(np.float32)


def add_relu_float(x1, x2, alpha, numerics):
    """aclnnAddRelu with both inputs Cast to fp32: Axpy (vaxpy, one rounding; alpha 1.2 is not one)
    then Relu."""
    ftz = flush if numerics["ftz"] else (lambda v: v)
    return relu(ftz(fma_f32(np.full_like(x2, alpha), x2, x1)))


def add_relu_integer(x1, x2, fmt, alpha):
    """INT32: Axpy in fp32 (inputs nearest-even), truncated back saturating; the others Mul and Add
    wrapping in the dtype; Relu except UINT8."""
    if fmt == I32:
        r = fma_f32(np.full(x2.shape, alpha, np.float32), x2.astype(np.float32), x1.astype(np.float32))
        r = np.clip(np.trunc(r.astype(np.float64)), -2.0 ** 31, 2.0 ** 31 - 1).astype(np.int32)
    else:
        wide = x1.astype(np.int64).astype(np.uint64) + x2.astype(np.int64).astype(np.uint64) * np.uint64(alpha)
        r = wide.astype(INTEGER[fmt])
    return r if fmt == U8 else np.maximum(r, 0).astype(INTEGER[fmt])


def relu(x):
    """x > 0 ? x : +0, NaN kept (upstream's golden: np.maximum, then -0 -> +0)."""
    return np.where((x > 0) | np.isnan(x), x, np.float32(0)).astype(np.float32)


def hardshrink(x, lambd):
    """hard_shrink (950: Abs, Compare LE, Select; TBE: vabs, vcmp le, vsel): +0 where |x| <= lambd."""
    return np.where(np.abs(x) <= lambd, np.float32(0), x).astype(np.float32)


def hardshrink_grad(g, x, lambd, tbe):
    """hard_shrink_grad: 950 Selects +0 where |x| <= lambd, else g; TBE multiplies g by 0 or 1 (-0 and
    NaN from inf in the dead zone)."""
    dead = np.abs(x) <= lambd
    if tbe:
        return (g * np.where(dead, np.float32(0), np.float32(1))).astype(np.float32)
    return np.where(dead, np.float32(0), g).astype(np.float32)


def softshrink_grad(g, x, lambd, tbe):
    """soft_shrink_grad in fp32 with an fp32 lambd, a select on both kernels: 950 keeps g where |x| > lambd
    or x is NaN; TBE zeroes where |x| <= lambd (so a NaN lambd keeps g there, +0 on 950)."""
    keep = ~(np.abs(x) <= lambd) if tbe else (np.abs(x) > lambd) | np.isnan(x)
    return np.where(keep, g, np.float32(0)).astype(np.float32)


def softshrink(x, lambd, numerics):
    """softshrink.h (950): Sub, Add in fp32; x > l -> x - l, x < -l -> x + l, else +0 (NaN too)."""
    ftz = flush if numerics["ftz"] else (lambda v: v)
    result = np.where(x > lambd, ftz(x - lambd), np.float32(0))
    return np.where(x < -lambd, ftz(x + lambd), result).astype(np.float32)


def softshrink_tbe(x, lambd):
    """TBE soft_shrink v200 chain: NaN -> 0, |x| <= l -> 0, then - l above l, + l below -l."""
    r = np.where(np.isnan(x), np.float32(0), x)
    r = np.where(np.abs(r) <= lambd, np.float32(0), r)
    r = np.where(r > lambd, r - lambd, r)
    return np.where(r < -lambd, r + lambd, r).astype(np.float32)


def onnx_shrink(x, lambd, bias, fmt, numerics):
    """shrink.h (950) in the input's dtype: fp16 compares with fp16(l), x -/+ fp16(b) rounded once to
    fp16, +0 elsewhere (NaN too). TBE shrink_compute in fp32: sign * (|x| <= l ? 0 : |x| - b), sign
    -1 for x <= 0."""
    ftz = flush if numerics["ftz"] else (lambda v: v)
    if numerics["tbe"]:
        a = np.abs(x)
        r = np.where(a <= lambd, np.float32(0), a + (-bias))
        return np.where(x <= 0, -r, r).astype(np.float32)
    if fmt == F16:
        l16, b16 = np.float16(lambd).astype(np.float64), np.float16(bias).astype(np.float64)
        x64 = x.astype(np.float64)
        y = np.where(x64 > l16, x64 - b16, np.where(x64 < -l16, x64 + b16, 0.0))
        return y.astype(np.float16).astype(np.float32)  # one rounding of the exact fp16 sum
    return np.where(x > lambd, ftz(x - bias), np.where(x < -lambd, ftz(x + bias), np.float32(0))).astype(np.float32)


def golden(op, inputs, fmt, out_fmt, numerics):
    if fmt in INTEGER:
        return golden_integer(op, inputs, fmt, numerics)
    if op in ("relu", "inplace_relu"):
        read = (lambda raw: flush(widen(raw, fmt), fmt)) if numerics["ftz"] else (lambda raw: widen(raw, fmt))
        return store(relu(read(inputs["self"])), fmt, numerics)
    read = (lambda raw: flush(widen(raw, fmt), fmt)) if numerics["ftz"] else (lambda raw: widen(raw, fmt))
    if op in ("add_relu", "inplace_add_relu"):
        # Both inputs Cast to fp32 (exact; the saturation mode's Cast gives +0 for NaN and the largest
        # float for infinity), computed in fp32, then Cast straight to out's dtype.
        def cast(raw):
            x = read(raw)
            if fmt == F32 or not numerics["saturate"]:
                return x
            return np.where(np.isnan(x), np.float32(0), np.clip(x, -np.finfo(np.float32).max,
                                                                 np.finfo(np.float32).max)).astype(np.float32)
        x1 = cast(inputs["self"] if "self" in inputs else inputs["self_ref"])
        return store(add_relu_float(x1, cast(inputs["other"]), np.float32(SCALARS[op]["alpha"]), numerics), out_fmt,
                     numerics)
    if op == "shrink":
        kernel = store(onnx_shrink(read(inputs["self"]), np.float32(SCALARS[op]["lambd"]),
                                   np.float32(SCALARS[op]["bias"]), fmt, numerics), fmt, numerics)
        return kernel if out_fmt == fmt else store(widen(kernel, fmt), out_fmt, numerics)
    if op == "hardshrink_backward":
        lambd = np.float32(SCALARS[op]["lambd"])
        if fmt == F16:  # both kernels compare an fp16 kernel's input with lambd rounded to fp16
            lambd = lambd.astype(np.float16).astype(np.float32)
        y = hardshrink_grad(read(inputs["grad_output"]), read(inputs["self"]), lambd, numerics["tbe"])
        kernel = store(y, fmt, numerics)
        return kernel if out_fmt == fmt else store(widen(kernel, fmt), out_fmt, numerics)
    if op == "hardsigmoid_backward":  # 950 narrows bf16 half away (CAST_ROUND), the rest nearest-even
        y = hardsigmoid_grad(read(inputs["grad_output"]), read(inputs["self"]), fmt, numerics)
        kernel = store(y, fmt, numerics, half_away=fmt == BF16 and not numerics["tbe"])
        return kernel if out_fmt == fmt else store(widen(kernel, fmt), out_fmt, numerics)
    if op in ("leaky_relu", "inplace_leaky_relu"):
        # x > 0 ? x : x * slope in fp32; TBE holds the slope in an fp16 input's dtype (one fp16 product).
        slope = np.float32(SCALARS[op]["negative_slope"])
        if numerics["tbe"] and fmt == F16:
            slope = slope.astype(np.float16).astype(np.float32)
        ftz = flush if numerics["ftz"] else (lambda v: v)
        x = read(inputs["self"])
        kernel = store(np.where(x > 0, x, ftz(x * slope)).astype(np.float32), fmt, numerics)
        return kernel if out_fmt == fmt else store(widen(kernel, fmt), out_fmt, numerics)
    if op in ("threshold", "inplace_threshold"):
        # value where x <= threshold, else x; the scalars held in self's dtype (nearest-even from fp32).
        t = widen(narrow_even(np.array([SCALARS[op]["threshold"]], np.float32), fmt), fmt)[0]
        v = widen(narrow_even(np.array([SCALARS[op]["value"]], np.float32), fmt), fmt)[0]
        x = read(inputs["self"])
        kernel = store(np.where(x <= t, v, x).astype(np.float32), fmt, numerics)
        return kernel if out_fmt == fmt else store(widen(kernel, fmt), out_fmt, numerics)
    if op == "threshold_backward":
        # ThresholdGradV2D (0.3 is not within FLT_EPSILON of 0): +0 where x <= t, else g; TBE holds t in
        # an fp16 input's dtype; Ascend910's TBE keeps g where x > t (a NaN x gives +0).
        t = np.float32(SCALARS[op]["threshold"])
        if numerics["tbe"] and fmt == F16:
            t = t.astype(np.float16).astype(np.float32)
        g, x = read(inputs["grad_output"]), read(inputs["self"])
        y = np.where(x > t, g, np.float32(0)) if numerics.get("a1") else np.where(x <= t, np.float32(0), g)
        return store(y.astype(np.float32), fmt, numerics)
    if op == "leaky_relu_backward":
        y = leaky_relu_grad(read(inputs["grad_output"]), read(inputs["self"]), SCALARS[op]["negative_slope"], fmt,
                            numerics)
        kernel = store(y, fmt, numerics)
        return kernel if out_fmt == fmt else store(widen(kernel, fmt), out_fmt, numerics)
    if op == "hardtanh_backward":
        y = hardtanh_grad(read(inputs["grad_output"]), read(inputs["self"]), np.float32(SCALARS[op]["min"]),
                          np.float32(SCALARS[op]["max"]), numerics)
        return store(y, fmt, numerics)
    if op == "softshrink_backward":  # gradInput has the kernel's dtype (no Cast)
        y = softshrink_grad(read(inputs["grad_output"]), read(inputs["self"]), np.float32(SCALARS[op]["lambd"]),
                            numerics["tbe"])
        return store(y, fmt, numerics)
    if op in ("hardshrink", "softshrink"):
        lambd = np.float32(SCALARS[op]["lambd"])
        if numerics["tbe"] and fmt == F16:  # the TBE kernel holds lambd in the input's dtype
            lambd = lambd.astype(np.float16).astype(np.float32)
        x = read(inputs["self"])
        if op == "hardshrink":
            y = hardshrink(x, lambd)
        else:
            y = softshrink_tbe(x, lambd) if numerics["tbe"] else softshrink(x, lambd, numerics)
        kernel = store(y, fmt, numerics)
        return kernel if out_fmt == fmt else store(widen(kernel, fmt), out_fmt, numerics)
    if op in ("hardsigmoid", "inplace_hardsigmoid"):
        # 950's AscendC kernel narrows bf16 with CAST_ROUND (half away); TBE's and fp16's are nearest-even.
        return store(hardsigmoid(read(inputs["self"]), numerics), fmt, numerics,
                     half_away=fmt == BF16 and not numerics["tbe"])
    if op == "hardswish_backward" and numerics["tbe"]:
        r = hardswish_grad_tbe(read(inputs["grad_output"]), read(inputs["self"]), fmt != F16)
        return store(r, fmt, numerics)
    if op in ("hardswish_backward_v2", "hardswish_backward"):
        r = hardswish_grad(read(inputs["grad_output"]), read(inputs["self"]), op == "hardswish_backward", numerics)
        return store(r, fmt, numerics)
    if numerics["tbe"]:
        kernel = store(hardswish_tbe(read(inputs["self"])), fmt, numerics)  # TBE cast_to: nearest-even
    else:
        kernel = store(hardswish(read(inputs["self"]), numerics), fmt, numerics, half_away=True)
    if out_fmt == fmt:
        return kernel
    return store(widen(kernel, fmt), out_fmt, numerics)  # the Cast to out's dtype: nearest-even


# ---- inputs -----------------------------------------------------------------------------------------

def special_values():
    f = np.float32
    values = [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 3.0, -3.0, 1.0, -1.0, -1.5, 1.5, 6.0, -6.0,
              0.5, 2.0, 4.0, -4.0, 65504.0, 65520.0, 60000.0, 1e-8, -1e-8, 6e-5, 1e-40, -1e-40,
              3.4e38, -3.4e38, 1e30]
    for edge in (3.0, -3.0, 0.0):
        values += [np.nextafter(f(edge), f(np.inf)), np.nextafter(f(edge), f(-np.inf))]
    return np.array(values, dtype=np.float32)


def make_inputs(fmt, count, rng):
    """Raw storage: the special values, values in [-6, 6], random bit patterns."""
    if fmt in INTEGER:
        info = np.iinfo(INTEGER[fmt])
        edges = np.array([info.min, info.max, 0, 1, 2, 3, 4], dtype=np.int64)
        if fmt in (I32, I64):
            edges = np.concatenate([edges, [2 ** 24 + 1, -(2 ** 24) - 1, -1, -3, -4]])
        small = rng.integers(max(info.min, -10), 11, count // 2)
        full = rng.integers(info.min, info.max, count - count // 2 - edges.size, dtype=np.int64, endpoint=True)
        return np.concatenate([edges, small, full]).astype(INTEGER[fmt])
    specials = special_values()
    n_uniform = count // 2
    n_bits = count - n_uniform - specials.size
    uniform = rng.uniform(-6, 6, n_uniform).astype(np.float32)
    if fmt == F32:
        bits = rng.integers(0, 2 ** 32, n_bits, dtype=np.uint64).astype(np.uint32).view(np.float32)
        return np.concatenate([specials, uniform, bits]).astype(np.float32)
    narrowed = narrow_even(np.concatenate([specials, uniform]), fmt)
    bits = rng.integers(0, 2 ** 16, n_bits, dtype=np.uint64).astype(np.uint16)
    return np.concatenate([narrowed, bits]).astype(np.uint16)


def save(path, raw, fmt):
    """fp32 as '<f4', fp16 as '<f2', bf16 as '<u2' bit patterns (with --dtype bf16)."""
    np.save(path, raw.view(np.float16) if fmt == F16 else raw)  # int32 as '<i4'


def load(path, fmt):
    array = np.load(path)
    expected = {F32: np.float32, F16: np.float16, BF16: np.uint16, **INTEGER}[fmt]
    if array.dtype != expected:
        raise SystemExit("%s: dtype %s, expected %s" % (path, array.dtype, np.dtype(expected)))
    return array.view(np.uint16) if fmt == F16 else array


# ---- comparison -------------------------------------------------------------------------------------

def is_nan(raw, fmt):
    return np.isnan(widen(raw, fmt))


def compare(actual, expected, fmt):
    """(bit mismatches, stat_rel_err mean, max, pass) — NaN matches NaN in the bit check."""
    if fmt in INTEGER:  # upstream's binary_equal
        mismatches = int(np.count_nonzero(actual != expected))
        return mismatches, 0.0, 0.0, mismatches == 0
    a_nan, e_nan = is_nan(actual, fmt), is_nan(expected, fmt)
    same_bits = (actual.view(np.uint32 if fmt == F32 else np.uint16) ==
                 expected.view(np.uint32 if fmt == F32 else np.uint16))
    mismatches = int(np.count_nonzero(~((a_nan & e_nan) | (~a_nan & ~e_nan & same_bits))))
    a = widen(actual, fmt).astype(np.float64)
    e = widen(expected, fmt).astype(np.float64)
    finite = np.isfinite(a) & np.isfinite(e)
    special_bad = np.count_nonzero((np.isnan(a) != np.isnan(e)) | (np.isinf(a) != np.isinf(e)) |
                                   (np.isinf(a) & np.isinf(e) & (np.sign(a) != np.sign(e))))
    sign_bad = np.count_nonzero(finite & (a != 0) & (e != 0) & (np.sign(a) != np.sign(e)))
    rel = np.abs(a[finite] - e[finite]) / (np.abs(e[finite]) + 1e-7)
    mean = float(rel.mean()) if rel.size else 0.0
    worst = float(rel.max()) if rel.size else 0.0
    threshold = THRESHOLD[fmt]
    passed = special_bad == 0 and sign_bad == 0 and mean < threshold and worst < 10 * threshold
    return mismatches, mean, worst, passed


# ---- cases ------------------------------------------------------------------------------------------

def run_case(args, work, inputs_of, op, soc, fmt, out_fmt, strided, rng):
    numerics = SOCS[soc]
    names = inputs_of[op]
    count = args.size
    command = [args.cli, "run", op, "--soc", soc, "--dtype", fmt]
    inputs = {}
    tag = "%s_%s_%s_%s%s" % (op, soc, fmt, out_fmt, "_strided" if strided else "")
    for name in names:
        raw = make_inputs(fmt, count, rng)
        path = os.path.join(work, "%s_%s.npy" % (tag, name))
        if strided:
            # Storage (rows, cols) read as its transpose: view (cols, rows), strides (1, cols).
            cols = 7
            rows = count // cols
            raw = raw[:rows * cols]
            save(path, raw.reshape(rows, cols), fmt)
            inputs[name] = raw.reshape(rows, cols).T.copy().reshape(-1)
            command += ["--shape", "%s=%d,%d" % (name, cols, rows), "--stride", "%s=1,%d" % (name, cols)]
        else:
            save(path, raw, fmt)
            inputs[name] = raw
        command += ["--input", "%s=%s" % (name, path)]
    scalars = dict(SCALARS.get(op, {}), **(INTEGER_SCALARS.get(op, {}) if fmt in INTEGER else {}))
    for name, value in scalars.items():
        command += ["--scalar", "%s=%s" % (name, value if isinstance(value, str) else repr(value))]
    if out_fmt != fmt:
        command += ["--out-dtype", out_fmt]
    out_path = os.path.join(work, tag + "_out.npy")
    command += ["--output", out_path]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if result.returncode != 0:
        print("FAIL %-22s %-12s %s->%s%s: the CLI exited %d: %s" % (op, soc, fmt, out_fmt, " strided" if strided else "",
                                                                     result.returncode, result.stderr.strip()))
        return False
    actual = load(out_path, out_fmt).reshape(-1)
    expected = golden(op, inputs, fmt, out_fmt, numerics)
    mismatches, mean, worst, passed = compare(actual, expected, out_fmt)
    ok = mismatches == 0
    print("%s %-22s %-12s %s->%s%-8s n=%-6d bit-mismatches=%-4d stat_rel_err mean=%.3g max=%.3g (T=%.3g: %s)" % (
        "PASS" if ok else "FAIL", op, soc, fmt, out_fmt, " strided" if strided else "", actual.size, mismatches,
        mean, worst, THRESHOLD[out_fmt], "pass" if passed else "fail"))
    if not ok:
        bits = (np.uint32 if out_fmt == F32 else np.uint16) if out_fmt not in INTEGER else INTEGER[out_fmt]
        bad = np.nonzero(actual.view(bits) != expected.view(bits))[0][:5]
        for i in bad:
            print("     [%d] inputs %s -> got %r, expected %r" % (
                i, {k: widen(v[i:i + 1], fmt)[0] for k, v in inputs.items()},
                widen(actual[i:i + 1], out_fmt)[0], widen(expected[i:i + 1], out_fmt)[0]))
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", required=True, help="the aclnn-host binary")
    parser.add_argument("--op", action="append", choices=OPS, help="operators to check (default: all)")
    parser.add_argument("--soc", action="append", choices=sorted(SOCS), help="SoC profiles (default: all)")
    parser.add_argument("--size", type=int, default=20000, help="elements per input (default 20000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--work", help="folder for the files (default: a temporary one, removed)")
    args = parser.parse_args()
    if args.size < 200:
        parser.error("--size must be at least 200")
    table = json.loads(subprocess.run([args.cli, "info", "--json"], check=True, capture_output=True,
                                      text=True).stdout)["operators"]
    unmodelled = [op["name"] for op in table if op["name"] not in OPS]
    if unmodelled:
        print("no independent model for: %s (add one to scripts/golden.py)" % ", ".join(unmodelled),
              file=sys.stderr)
        return 1
    np.seterr(all="ignore")  # overflow to inf and NaN are what the cases are about
    rng = np.random.default_rng(args.seed)
    cases = []
    for op in args.op or OPS:
        for soc, numerics in SOCS.items():
            if args.soc and soc not in args.soc:
                continue
            for fmt in numerics["dtypes"] + INTEGER_OPS.get(op, ()):
                if not (fmt == BF16 and op in NO_BF16_OPS):
                    cases.append((op, soc, fmt, fmt, False))
        extra = [(op, "Ascend910B3", F32, F32, True)]
        if op == "shrink":
            extra += [(op, "Ascend910B3", F16, F32, False), (op, "Ascend950PR", F32, F16, False),
                      (op, "Ascend950PR", F16, F32, False)]
        if op in ("hardshrink", "hardshrink_backward", "hardsigmoid_backward", "softshrink", "leaky_relu",
                  "leaky_relu_backward", "threshold", "add_relu"):
            extra += [(op, "Ascend910B3", F16, F32, False), (op, "Ascend950PR", F32, F16, False),
                      (op, "Ascend910A", F32, F16, False)]
        if op == "hardswish":
            extra += [(op, "Ascend910B3", F32, F16, False), (op, "Ascend910B3", F16, F32, False),
                      (op, "Ascend910B3", BF16, F16, False), (op, "Ascend910A", F32, F16, False),
                      (op, "Ascend950PR", F32, F16, False), (op, "Ascend950PR", BF16, F32, False)]
        cases += [case for case in extra if not args.soc or case[1] in args.soc]
    with tempfile.TemporaryDirectory(prefix="aclnn-host-golden-") as temp:
        work = args.work or temp
        os.makedirs(work, exist_ok=True)
        inputs_of = {row["name"]: row["inputs"] for row in table}
        failures = sum(not run_case(args, work, inputs_of, *case, rng) for case in cases)
    print("%d of %d cases bit-exact" % (len(cases) - failures, len(cases)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
