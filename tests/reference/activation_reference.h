// Independent scalar references for the activation family, stated from upstream's published
// kernel sequences (docs/upstream/) with the widening/narrowing of hardswish_reference.h (ldexp,
// nearbyint / round in double), not with the library's numerics.
#ifndef ACLNN_HOST_TESTS_REFERENCE_ACTIVATION_REFERENCE_H_
#define ACLNN_HOST_TESTS_REFERENCE_ACTIVATION_REFERENCE_H_

#include <cmath>
#include <cstdint>

#include "reference/hardswish_reference.h"

namespace reference {

/// HardSigmoid's fp32 sequence (hard_sigmoid.cpp on 950: Muls alpha, Adds beta, Mins 1, Maxs 0;
/// TBE: vmuls, vadds, vmaxs 0, vmins 1). alpha = 1.0f / 6 (0x3E2AAAAB). NaN stays NaN
/// (aclnn-host's choice; upstream does not define it).
inline float Hardsigmoid(float x, const Numerics& n) {
  const float alpha = FromBits(0x3E2AAAABu);
  const float y = Add(Mul(x, alpha, n), 0.5f, n);
  if (std::isnan(y)) return y;
  return y > 1.0f ? 1.0f : (y < 0.0f ? 0.0f : y);
}

/// One element of aclnnHardsigmoid: widen, compute, narrow to the same format — half away for bf16
/// on Ascend 950 (CAST_ROUND), nearest-even otherwise (CAST_RINT, TBE's cast_to and round).
inline uint32_t HardsigmoidElement(uint32_t x, Format format, bool ascend950, const Numerics& n) {
  const float y = Hardsigmoid(Widen(x, format, n), n);
  return NarrowWith(y, format, /*half_away=*/ascend950 && format == Format::kBf16, n);
}

/// INT32: converted to fp32 (nearest-even), the same sequence, truncated: 1 for x >= 3, else 0.
inline int32_t HardsigmoidInt32(int32_t x) {
  const float y = Hardsigmoid(static_cast<float>(x), Numerics());
  return static_cast<int32_t>(std::trunc(y));
}

/// lambda as a TBE kernel holds it for fp16 input: rounded to fp16 (nearest-even).
inline float LambdaAsFp16(float lambda) { return HalfToFloat(FloatToHalf(lambda)); }

/// HardShrink (950 AscendC: Abs, Compare LE, Select(zero, x); TBE: vabs, vcmp le, vsel): +0 where
/// |x| <= lambda, else x. `lambda` is the kernel's (negative ones already clamped to 0).
inline float Hardshrink(float x, float lambda) { return std::fabs(x) <= lambda ? 0.0f : x; }

/// SoftShrink on 950 (softshrink.h): Sub, Add in fp32; x > l -> x - l, x < -l -> x + l, else +0.
inline float Softshrink(float x, float lambda, const Numerics& n) {
  if (x > lambda) return Add(x, -lambda, n);
  if (x < -lambda) return Add(x, lambda, n);
  return 0.0f;
}

/// SoftShrink's TBE v200 chain: NaN -> 0; |x| <= l -> 0; above l: x - l; below -l: x + l. A NaN
/// lambda fails every compare, so x passes unchanged.
inline float SoftshrinkTbe(float x, float lambda) {
  const Numerics none;
  float r = std::isnan(x) ? 0.0f : x;
  if (std::fabs(r) <= lambda) r = 0.0f;
  if (r > lambda) r = Add(r, -lambda, none);
  if (r < -lambda) r = Add(r, lambda, none);
  return r;
}

/// One element of a shrink op: widen, compute, narrow to self's format (nearest-even), then the
/// Cast to out's format when it differs. `tbe`: the built-in kernel of the SoCs other than 950.
enum class ShrinkOp { kHard, kSoft };
inline uint32_t ShrinkElement(ShrinkOp op, uint32_t x, Format in, Format out, float lambda, bool tbe,
                              const Numerics& n) {
  const float lambda_kernel = tbe && in == Format::kFp16 ? LambdaAsFp16(lambda) : lambda;
  const float v = Widen(x, in, n);
  float y;
  if (op == ShrinkOp::kHard) {
    y = Hardshrink(v, lambda_kernel);
  } else {
    y = tbe ? SoftshrinkTbe(v, lambda_kernel) : Softshrink(v, lambda_kernel, n);
  }
  const uint32_t kernel_output = Narrow(y, in, n);
  if (in == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;
  return Narrow(Widen(kernel_output, in, read), out, n);
}

/// An input element as a kernel of format k reads it: aclnn's Cast to k when the formats differ
/// (stored as every kernel stores, with saturation and flush; a widening is otherwise exact).
inline float CastToKernel(uint32_t raw, Format format, Format k, const Numerics& n) {
  if (format == k) return Widen(raw, format, n);
  Numerics read = n;
  read.flush_subnormals = false;
  return Widen(Narrow(Widen(raw, format, n), k, n), k, read);
}

/// One element of aclnnHardsigmoidBackward: both inputs Cast to the kernel's format k (their
/// promotion). 950 (hard_sigmoid_grad.h): t = x * alpha + beta in fp32 (two roundings), g * alpha
/// where 0 < t < 1 else +0, narrowed nearest-even (fp16) or half away (bf16). TBE: |x| < 3 ?
/// g * alpha : 0 with alpha in the input's dtype (fp16 0x3155 for fp16: one fp16 product). Then the
/// Cast to out's format.
inline uint32_t HardsigmoidGradElement(uint32_t g_raw, Format g_format, uint32_t x_raw, Format x_format, Format k,
                                       Format out, bool tbe, const Numerics& n) {
  const float alpha = FromBits(0x3E2AAAABu);
  const float g = CastToKernel(g_raw, g_format, k, n);
  const float x = CastToKernel(x_raw, x_format, k, n);
  uint32_t kernel_output;
  if (tbe) {
    const float alpha_kernel = k == Format::kFp16 ? HalfToFloat(0x3155) : alpha;
    kernel_output = Narrow(std::fabs(x) < 3.0f ? Mul(g, alpha_kernel, n) : 0.0f, k, n);
  } else {
    const float t = Add(Mul(x, alpha, n), 0.5f, n);
    const float r = t > 0.0f && t < 1.0f ? Mul(g, alpha, n) : 0.0f;
    kernel_output = NarrowWith(r, k, /*half_away=*/k == Format::kBf16, n);
  }
  if (k == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;
  return Narrow(Widen(kernel_output, k, read), out, n);
}

/// One element of aclnnLeakyRelu: x > 0 ? x : x * slope in fp32 (950), with the slope rounded to
/// fp16 for an fp16 input on TBE (the fp32 product of two fp16 values is exact; Narrow rounds it
/// once); narrowed to self's format, then the Cast to out's.
inline uint32_t LeakyReluElement(uint32_t x_raw, Format in, Format out, float slope, bool tbe, const Numerics& n) {
  const float slope_kernel = tbe && in == Format::kFp16 ? LambdaAsFp16(slope) : slope;
  const float x = Widen(x_raw, in, n);
  const uint32_t kernel_output = Narrow(x > 0.0f ? x : Mul(x, slope_kernel, n), in, n);
  if (in == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;
  return Narrow(Widen(kernel_output, in, read), out, n);
}

/// One element of aclnnThreshold for a float self: value where x <= threshold, else x (a NaN x
/// stays), threshold and value already in self's dtype; then the Cast to out's dtype. The same on
/// every SoC (the TBE kernel compares and selects in the same dtype).
inline uint32_t ThresholdElement(uint32_t x_raw, Format in, Format out, float threshold, float value,
                                 const Numerics& n) {
  const float x = Widen(x_raw, in, n);  // a flushing profile reads a subnormal as zero, as every kernel
  const uint32_t kernel_output = Narrow(x <= threshold ? value : x, in, n);
  if (in == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;
  return Narrow(Widen(kernel_output, in, read), out, n);
}

/// aclnnThreshold for INT32 self on TBE SoCs: x, threshold and value rounded to fp32 (nearest-even),
/// compared and selected there, truncated back (2^31 saturates to INT32_MAX).
inline int32_t ThresholdInt32Tbe(int32_t x, int32_t threshold, int32_t value) {
  const float xf = static_cast<float>(x);
  const float r = xf <= static_cast<float>(threshold) ? static_cast<float>(value) : xf;
  return r >= 2147483648.0f ? INT32_MAX : static_cast<int32_t>(r);
}

/// Which kernel of aclnnThresholdBackward runs: upstream's plan picks ReluGrad for a threshold
/// within FLT_EPSILON of 0, ThresholdGradV2D otherwise; each SoC family has its sequence.
enum class ThresholdGradKernel { k950, kTbe, kTbeA1 };

/// One element of aclnnThresholdBackward (one format for g, x and out), threshold as fp32.
///  - ThresholdGradV2D: +0 where x <= t, else g (950 compares with the fp32 t; TBE with t rounded to
///    an fp16 input's dtype; TBE on Ascend910 keeps g where x > t, so a NaN x gives +0);
///  - ReluGrad (t == 0): 950 multiplies, g * (x <= 0 ? 0 : 1); TBE selects +0 for fp16/fp32 but
///    multiplies bf16's g by the step x <= 0 ? 0 : min(x, 2^-126) * 2^126 (in fp32); on Ascend910
///    fp32 takes that step and fp16 the step x > 0 ? 1 : 0. A NaN x keeps g (select) or gives NaN
///    (the step).
inline uint32_t ThresholdGradElement(uint32_t g_raw, uint32_t x_raw, Format format, float threshold, bool relu,
                                     ThresholdGradKernel kernel, const Numerics& n) {
  const float g = Widen(g_raw, format, n);
  const float x = Widen(x_raw, format, n);
  float y;
  if (!relu) {
    const float t =
        kernel != ThresholdGradKernel::k950 && format == Format::kFp16 ? LambdaAsFp16(threshold) : threshold;
    if (kernel == ThresholdGradKernel::kTbeA1) {
      y = x > t ? g : 0.0f;
    } else {
      y = x <= t ? 0.0f : g;
    }
  } else if (kernel == ThresholdGradKernel::k950) {
    y = x <= 0.0f ? Mul(g, 0.0f, n) : g;
  } else if (kernel == ThresholdGradKernel::kTbe && format != Format::kBf16) {
    y = x <= 0.0f ? 0.0f : g;
  } else {
    float step;
    if (std::isnan(x)) {
      step = x;
    } else if (x <= 0.0f) {
      step = 0.0f;
    } else if (format == Format::kFp16) {
      step = 1.0f;
    } else {
      step = x >= 1.1754943508222875e-38f ? 1.0f : static_cast<float>(static_cast<double>(x) * std::ldexp(1.0, 126));
    }
    y = Mul(g, step, n);
  }
  return Narrow(y, format, n);
}

/// One element of aclnnHardtanhBackward (one format for g, x and out; min and max fp32).
///  - 950: a Select, g where min < x < max or x is NaN, else +0;
///  - TBE (tbe && !a1): g times the product of the two compares (exact 0 or g, with g's sign; NaN
///    for an infinite or NaN g outside), g for a NaN x;
///  - TBE on Ascend910 (a1): t = x clamped (min(x, max), then max(., min)); m = (t - max) * (t - min);
///    g * (m / (m + 1e-10f)), each step rounded to fp32; a NaN x gives NaN.
inline uint32_t HardtanhGradElement(uint32_t g_raw, uint32_t x_raw, Format format, float min, float max, bool tbe,
                                    bool a1, const Numerics& n) {
  const float g = Widen(g_raw, format, n);
  const float x = Widen(x_raw, format, n);
  float y;
  if (!tbe) {
    y = (x < max && x > min) || std::isnan(x) ? g : 0.0f;
  } else if (!a1) {
    y = std::isnan(x) ? g : Mul((x > min ? 1.0f : 0.0f) * (x < max ? 1.0f : 0.0f), g, n);
  } else if (std::isnan(x)) {
    y = x;
  } else {
    float t = x < max ? x : max;
    t = t > min ? t : min;
    const float m = Mul(Add(t, -max, n), Add(t, -min, n), n);
    const float denominator = Add(m, 1e-10f, n);
    const float ratio = FlushIfSubnormal(static_cast<float>(static_cast<double>(m) / denominator), n);
    y = Mul(ratio, g, n);
  }
  return Narrow(y, format, n);
}

/// One element of aclnnSoftshrinkBackward, in the kernel's format k (gradInput's: no Cast after).
/// 950 Selects g where |x| > lambda or x is NaN, else +0; TBE zeroes where |x| <= lambda (a NaN x
/// fails the compare and passes g). They differ for a NaN lambda: 950 gives +0, TBE g.
inline uint32_t SoftshrinkGradElement(uint32_t g_raw, Format g_format, uint32_t x_raw, Format x_format, Format k,
                                      float lambda, bool tbe, const Numerics& n) {
  const float g = CastToKernel(g_raw, g_format, k, n);
  const float x = CastToKernel(x_raw, x_format, k, n);
  const bool keep = tbe ? !(std::fabs(x) <= lambda) : (std::fabs(x) > lambda || std::isnan(x));
  return Narrow(keep ? g : 0.0f, k, n);
}

/// One element of aclnnHardshrinkBackward. gradOutput g and self x, each in its own format, are
/// Cast to the kernel's format k, their promotion (a widening: exact but for saturation). 950's kernel Selects: +0
/// where |x| <= lambda (lambda rounded to fp16 for an fp16 kernel), else g. TBE's multiplies g by
/// 0 there and by 1 elsewhere (lambda likewise in fp16). Then the Cast to out's format.
inline uint32_t HardshrinkGradElement(uint32_t g_raw, Format g_format, uint32_t x_raw, Format x_format, Format k,
                                      Format out, float lambda, bool tbe, const Numerics& n) {
  const float lambda_kernel = k == Format::kFp16 ? LambdaAsFp16(lambda) : lambda;
  const float g = CastToKernel(g_raw, g_format, k, n);
  const float x = CastToKernel(x_raw, x_format, k, n);
  const bool dead = std::fabs(x) <= lambda_kernel;
  const float y = tbe ? Mul(g, dead ? 0.0f : 1.0f, n) : (dead ? 0.0f : g);
  const uint32_t kernel_output = Narrow(y, k, n);
  if (k == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;
  return Narrow(Widen(kernel_output, k, read), out, n);
}

/// One element of aclnnLeakyReluBackward. g and x Cast to the kernel's format k (their promotion).
///  - 950: x > 0 ? g : g * slope, the product in fp32;
///  - TBE (tbe && !a1): the same with an fp16 kernel's slope rounded to fp16;
///  - TBE on Ascend910 (a1): g * (|step - 1| * slope + step), where step is 1 for x at or above the
///    format's smallest normal (fp16: its smallest subnormal), 0 for x <= 0 and x * 2^126 for an
///    fp32 subnormal x; each operation rounded; a NaN x gives NaN.
/// Then the Cast to out's format.
inline uint32_t LeakyReluGradElement(uint32_t g_raw, Format g_format, uint32_t x_raw, Format x_format, Format k,
                                     Format out, float slope, bool tbe, bool a1, const Numerics& n) {
  const float slope_kernel = tbe && k == Format::kFp16 ? LambdaAsFp16(slope) : slope;
  const float g = CastToKernel(g_raw, g_format, k, n);
  const float x = CastToKernel(x_raw, x_format, k, n);
  float y;
  if (!a1) {
    y = x > 0.0f ? g : Mul(g, slope_kernel, n);
  } else if (std::isnan(x)) {
    y = x;
  } else {
    const float smallest = k == Format::kFp16 ? std::ldexp(1.0f, -24) : std::ldexp(1.0f, -126);
    const float step = x >= smallest ? 1.0f : x <= 0.0f ? 0.0f : std::ldexp(x, 126);
    const float left = Mul(std::fabs(Add(step, -1.0f, n)), slope_kernel, n);
    y = Mul(g, Add(left, step, n), n);
  }
  const uint32_t kernel_output = Narrow(y, k, n);
  if (k == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;
  return Narrow(Widen(kernel_output, k, read), out, n);
}

/// fp16 of an exact double (one rounding, nearest-even): the fp16 sum of two fp16 values.
inline uint16_t HalfFromExact(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v)) return static_cast<uint16_t>(sign | 0x7E00);
  if (std::isinf(v)) return static_cast<uint16_t>(sign | 0x7C00);
  return static_cast<uint16_t>(sign | EncodeMagnitude(std::fabs(v), 10, 15, 30));
}

/// aclnnShrink's element. 950 (shrink.h) computes in the input's dtype: compares with (T)l and
/// (T)(-l), x + (T)(-b) and x + (T)b each rounded once to T, +0 elsewhere. TBE computes in fp32:
/// sign * (|x| <= l ? 0 : |x| - b), sign -1 for x <= 0. Then the Cast to out's format.
inline uint32_t OnnxShrinkElement(uint32_t raw, Format in, Format out, float lambda, float bias, bool tbe,
                                  const Numerics& n) {
  const float x = Widen(raw, in, n);
  uint32_t kernel_output;
  if (tbe) {
    const float a = std::fabs(x);
    const float r = a <= lambda ? 0.0f : Add(a, -bias, n);
    kernel_output = Narrow(x <= 0.0f ? -r : r, in, n);
  } else if (in == Format::kFp16) {
    const float l = HalfToFloat(FloatToHalf(lambda));
    const float b = HalfToFloat(FloatToHalf(bias));
    if (x > l) {
      kernel_output = Narrow(HalfToFloat(HalfFromExact(static_cast<double>(x) - b)), in, n);
    } else if (x < -l) {
      kernel_output = Narrow(HalfToFloat(HalfFromExact(static_cast<double>(x) + b)), in, n);
    } else {
      kernel_output = 0;
    }
  } else {
    const float y = x > lambda ? Add(x, -bias, n) : (x < -lambda ? Add(x, bias, n) : 0.0f);
    kernel_output = Narrow(y, in, n);
  }
  if (in == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;
  return Narrow(Widen(kernel_output, in, read), out, n);
}

/// One element of aclnnAddRelu for float inputs, both Cast to fp32 (exact, but the saturation mode's
/// Cast turns NaN into +0 and infinity into the largest float) (x1 = self, x2 = other):
/// x1 + x2 where alpha is one (!(a > 1 || a < 1): NaN too); else Axpy, one rounding (std::fma: 950's
/// vaxpy, TBE's taken alike) or, with `separate`, TBE's vmuls then vadd; Relu keeps values > 0 and
/// NaN, else +0; then the Cast to out's format.
inline uint32_t AddReluElement(uint32_t a_raw, Format a_format, uint32_t b_raw, Format b_format, Format out,
                               float alpha, bool separate, const Numerics& n) {
  const float x1 = CastToKernel(a_raw, a_format, Format::kFp32, n);
  const float x2 = CastToKernel(b_raw, b_format, Format::kFp32, n);
  float r;
  if (!(alpha > 1.0f || alpha < 1.0f)) {
    r = Add(x1, x2, n);
  } else if (separate) {
    r = Add(x1, Mul(x2, alpha, n), n);
  } else {
    r = FlushIfSubnormal(std::fma(alpha, x2, x1), n);
  }
  const float y = (r > 0.0f || r != r) ? r : 0.0f;
  return Narrow(y, out, n);
}

}  // namespace reference

#endif  // ACLNN_HOST_TESTS_REFERENCE_ACTIVATION_REFERENCE_H_
