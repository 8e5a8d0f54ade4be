// The per-element functions of the activation family's backward ops (kernels/activation.h):
// binary kernels (gradOutput, self) compiled for every kernel variant (kernels/isa.h) by Highway's
// foreach_target, in their own translation unit so that the family's kernels build in parallel.
// Each is its NPU kernel's fp32 sequence, every operation rounded on its own (-ffp-contract=off).
#include <cmath>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/activation_grad_kernels.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "kernels/activation.h"
#include "kernels/scalar_ops.h"
#include "kernels/simd/dispatch.h"
#include "kernels/simd/elementwise-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host {
namespace kernels {
namespace HWY_NAMESPACE {

/// HardShrinkGrad (g = gradOutput, x = self). kSelect: the 950 kernel's Select (+0 in the dead
/// zone); otherwise TBE's g * ratio with ratio 0 in the dead zone and 1 outside (g * 1 is g; g * 0
/// is g's signed zero, NaN for infinite or NaN g). A NaN x fails the compare: g passes either way.
template <bool kSelect, bool kLambdaFp16>
struct HardshrinkGradOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> g, hn::Vec<D> x) {
    const auto dead = hn::Le(hn::Abs(x), hn::Set(d, s.values[kLambdaFp16 ? kLambdaAsFp16 : kLambda]));
    if (kSelect) return hn::IfThenZeroElse(dead, g);
    return Round<kFlush>(d, hn::Mul(g, hn::IfThenZeroElse(dead, hn::Set(d, 1.0f))));
  }
};

/// SoftShrinkGrad (g = gradOutput, x = self), a Select either way. kTbe: zero where |x| <= lambda
/// (a NaN lambda fails the compare: g); otherwise 950's g where |x| > lambda or x is NaN.
template <bool kTbe>
struct SoftshrinkGradOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> g, hn::Vec<D> x) {
    const auto lambda = hn::Set(d, s.values[kLambda]);
    if (kTbe) return hn::IfThenZeroElse(hn::Le(hn::Abs(x), lambda), g);
    return hn::IfThenElseZero(hn::Or(hn::Gt(hn::Abs(x), lambda), hn::IsNaN(x)), g);
  }
};

/// The value rounded to bf16 half away from zero, kept in fp32 (exact in bf16 afterwards, so the
/// store's nearest-even narrowing keeps it): a kernel's CAST_ROUND to bf16.
template <class D>
HWY_INLINE hn::Vec<D> RoundToBf16HalfAway(D d, hn::Vec<D> v) {
  const hn::RebindToUnsigned<D> du;
  return hn::BitCast(d, hn::And(RoundToBf16High<true>(d, v), hn::Set(du, 0xFFFF0000u)));
}

/// HardSigmoidGrad on Ascend 950 (g = gradOutput, x = self), in fp32: t = x * alpha + beta (two
/// roundings); g * alpha where 0 < t < 1, else a Select of +0 (NaN x too). kBf16HalfAway: the
/// kernel narrows bf16 with CAST_ROUND.
template <bool kBf16HalfAway>
struct HardsigmoidGradOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> g, hn::Vec<D> x) {
    const auto alpha = hn::Set(d, kHardsigmoidAlpha);
    auto t = Round<kFlush>(d, hn::Mul(x, alpha));
    t = Round<kFlush>(d, hn::Add(t, hn::Set(d, kHardsigmoidBeta)));
    const auto r = Round<kFlush>(d, hn::Mul(g, alpha));
    const auto inside = hn::And(hn::Gt(t, hn::Zero(d)), hn::Lt(t, hn::Set(d, 1.0f)));
    const auto y = hn::IfThenElseZero(inside, r);
    return kBf16HalfAway ? RoundToBf16HalfAway(d, y) : y;
  }
};

/// The built-in TBE HardSigmoidGrad: |x| < 3 ? g * alpha : 0, alpha in the input's dtype (fp16
/// 0x3155 for fp16, whose product with an fp16 g is exact in fp32 and rounds once when stored).
template <bool kFp16Alpha>
struct HardsigmoidGradTbeOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> g, hn::Vec<D> x) {
    const auto alpha = hn::Set(d, kFp16Alpha ? kHardsigmoidAlphaFp16 : kHardsigmoidAlpha);
    const auto r = Round<kFlush>(d, hn::Mul(g, alpha));
    return hn::IfThenElseZero(hn::Lt(hn::Abs(x), hn::Set(d, 3.0f)), r);
  }
};

/// HardtanhGrad (g = gradOutput, x = self; min, max fp32), three sequences:
///  - 950 (AscendC): a Select, g where min < x < max or x is NaN, else +0;
///  - TBE after_v200: in fp32, g * ((x > min) * (x < max)) (a product: -0, and NaN for an infinite
///    g, outside), g for a NaN x;
///  - TBE on Ascend910 (A1): t = max(min(x, max), min); m = (t - max) * (t - min);
///    g * (m / (m + 1e-10f)) — 1 only where m is large against 1e-10, 0 at and outside the bounds
///    (our reading of the vdiv as an IEEE division; a NaN x gives NaN).
enum class HardtanhSequence { k950, kTbe, kTbeA1 };

template <HardtanhSequence kSequence>
struct HardtanhGradOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> g, hn::Vec<D> x) {
    const auto min = hn::Set(d, s.values[kHardtanhMin]);
    const auto max = hn::Set(d, s.values[kHardtanhMax]);
    const auto nan = hn::IsNaN(x);
    if (kSequence == HardtanhSequence::k950) {
      return hn::IfThenElseZero(hn::Or(hn::And(hn::Lt(x, max), hn::Gt(x, min)), nan), g);
    }
    if (kSequence == HardtanhSequence::kTbe) {
      const auto one = hn::Set(d, 1.0f);
      const auto in_range = hn::Mul(hn::IfThenElseZero(hn::Gt(x, min), one), hn::IfThenElseZero(hn::Lt(x, max), one));
      return hn::IfThenElse(nan, g, Round<kFlush>(d, hn::Mul(in_range, g)));
    }
    const auto t = hn::IfThenElse(nan, x, hn::Max(hn::Min(x, max), min));
    const auto m = Round<kFlush>(d, hn::Mul(Round<kFlush>(d, hn::Sub(t, max)), Round<kFlush>(d, hn::Sub(t, min))));
    const auto ratio = Round<kFlush>(d, hn::Div(m, Round<kFlush>(d, hn::Add(m, hn::Set(d, 1e-10f)))));
    return Round<kFlush>(d, hn::Mul(ratio, g));
  }
};

/// LeakyReluGrad (g = gradOutput, x = self), a Select: g where x > 0, else g * slope rounded once
/// (NaN x and +-0 take the product). kFp16Slope: the TBE kernel's slope in an fp16 input's dtype
/// (the fp16 multiply: the product of two fp16 values is exact in fp32 and rounds once when stored);
/// otherwise 950's fp32 product, narrowed nearest-even.
template <bool kFp16Slope>
struct LeakyReluGradOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> g, hn::Vec<D> x) {
    const auto slope = hn::Set(d, s.values[kFp16Slope ? kNegativeSlopeAsFp16 : kNegativeSlope]);
    return hn::IfThenElse(hn::Gt(x, hn::Zero(d)), g, Round<kFlush>(d, hn::Mul(g, slope)));
  }
};

/// TBE's step of x built by scaling (calculate_one_or_zero, the sequence of SoCs without
/// tik.vcopy): t = max(min(x, tiny), 0) times 2^38, 2^44 and 2^44 (fp32; fp16: tiny 2^-24, times
/// 2^12 twice): 1 for x >= tiny, 0 for x <= 0, x * 2^126 for an fp32 subnormal x. NaN x: NaN
/// where the caller keeps it (our reading of vmins).
template <bool kFp16, bool kFlush, class D>
HWY_INLINE hn::Vec<D> TbeStep(D d, hn::Vec<D> x) {
  const float tiny = kFp16 ? 5.9604644775390625e-8f : 1.1754943508222875e-38f;  // 2^-24, 2^-126
  const float first_scale = kFp16 ? 4096.0f : 274877906944.0f;                  // 2^12, 2^38
  const float second_scale = kFp16 ? 4096.0f : 17592186044416.0f;               // 2^12, 2^44
  auto t = hn::Max(Round<kFlush>(d, hn::Min(x, hn::Set(d, tiny))), hn::Zero(d));
  t = Round<kFlush>(d, hn::Mul(t, hn::Set(d, first_scale)));
  if (!kFp16) t = Round<kFlush>(d, hn::Mul(t, hn::Set(d, second_scale)));
  return Round<kFlush>(d, hn::Mul(t, hn::Set(d, second_scale)));
}

/// The built-in TBE LeakyReluGrad on Ascend910 (A1, no tik.vcopy): right = TbeStep(x), then
/// g * (|right - 1| * slope + right). A product: an infinite g gives NaN where the factor is 0, a
/// NaN or infinite slope gives NaN everywhere (0 * slope); a NaN x gives NaN.
template <bool kFp16>
struct LeakyReluGradA1Op {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> g, hn::Vec<D> x) {
    const auto slope = hn::Set(d, s.values[kFp16 ? kNegativeSlopeAsFp16 : kNegativeSlope]);
    const auto right = TbeStep<kFp16, kFlush>(d, x);
    const auto left = Round<kFlush>(d, hn::Mul(hn::Abs(Round<kFlush>(d, hn::Add(right, hn::Set(d, -1.0f)))), slope));
    const auto factor = hn::IfThenElse(hn::IsNaN(x), x, Round<kFlush>(d, hn::Add(left, right)));
    return Round<kFlush>(d, hn::Mul(g, factor));
  }
};

/// ThresholdGradV2D (g = gradOutput, x = self), a Select: +0 where x <= threshold, else g.
/// kFp16Threshold: TBE holds the threshold in an fp16 input's dtype (950 keeps it fp32).
/// kGreaterForm: TBE without tik.vcopy (Ascend910) selects g where x > threshold, so a NaN x gives
/// +0 there (g elsewhere).
template <bool kFp16Threshold, bool kGreaterForm>
struct ThresholdGradOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> g, hn::Vec<D> x) {
    const auto threshold = hn::Set(d, s.values[kFp16Threshold ? kGradThresholdAsFp16 : kGradThreshold]);
    if (kGreaterForm) return hn::IfThenElseZero(hn::Gt(x, threshold), g);
    return hn::IfThenZeroElse(hn::Le(x, threshold), g);
  }
};

/// How a ReluGrad kernel zeroes g where x <= 0.
enum class ReluGradSequence {
  kMultiply,  // 950's AscendC: g * (x <= 0 ? 0 : 1), a real product (-0 for negative g, NaN for inf)
  kSelect,    // TBE with tik.vcopy, fp16/fp32: a Select of +0
  kStep,      // TBE's g * TbeStep(x) (bf16 as fp32; fp16/fp32 on Ascend910)
  kStepFp16,  // the same with fp16's step
};

template <ReluGradSequence kSequence>
struct ReluGradOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> g, hn::Vec<D> x) {
    const auto zero = hn::Zero(d);
    if (kSequence == ReluGradSequence::kMultiply) {
      return hn::IfThenElse(hn::Le(x, zero), Round<kFlush>(d, hn::Mul(g, zero)), g);
    }
    if (kSequence == ReluGradSequence::kSelect) return hn::IfThenZeroElse(hn::Le(x, zero), g);
    const auto step = TbeStep<kSequence == ReluGradSequence::kStepFp16, kFlush>(d, x);
    return Round<kFlush>(d, hn::Mul(g, hn::IfThenElse(hn::IsNaN(x), x, step)));
  }
};

ElementwiseKernels ThresholdGradTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  return BinaryKernels<ThresholdGradOp<false, false>>(isa, in, flush_subnormals);
}

ElementwiseKernels ThresholdGradTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<ThresholdGradOp<true, false>>(isa, in, flush_subnormals);
  return BinaryKernels<ThresholdGradOp<false, false>>(isa, in, flush_subnormals);
}

ElementwiseKernels ThresholdGradTbeA1Table(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<ThresholdGradOp<true, true>>(isa, in, flush_subnormals);
  return BinaryKernels<ThresholdGradOp<false, true>>(isa, in, flush_subnormals);
}

ElementwiseKernels ReluGradTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  return BinaryKernels<ReluGradOp<ReluGradSequence::kMultiply>>(isa, in, flush_subnormals);
}

ElementwiseKernels ReluGradTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_BF16) return BinaryKernels<ReluGradOp<ReluGradSequence::kStep>>(isa, in, flush_subnormals);
  return BinaryKernels<ReluGradOp<ReluGradSequence::kSelect>>(isa, in, flush_subnormals);
}

ElementwiseKernels ReluGradTbeA1Table(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<ReluGradOp<ReluGradSequence::kStepFp16>>(isa, in, flush_subnormals);
  return BinaryKernels<ReluGradOp<ReluGradSequence::kStep>>(isa, in, flush_subnormals);
}

ElementwiseKernels LeakyReluGradTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  return BinaryKernels<LeakyReluGradOp<false>>(isa, in, flush_subnormals);
}

ElementwiseKernels LeakyReluGradTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<LeakyReluGradOp<true>>(isa, in, flush_subnormals);
  return BinaryKernels<LeakyReluGradOp<false>>(isa, in, flush_subnormals);
}

ElementwiseKernels LeakyReluGradTbeA1Table(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<LeakyReluGradA1Op<true>>(isa, in, flush_subnormals);
  return BinaryKernels<LeakyReluGradA1Op<false>>(isa, in, flush_subnormals);
}

template <HardtanhSequence kSequence>
ElementwiseKernels HardtanhGradTableOf(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  return BinaryKernels<HardtanhGradOp<kSequence>>(isa, in, flush_subnormals);
}

ElementwiseKernels HardtanhGradTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  return HardtanhGradTableOf<HardtanhSequence::k950>(isa, in, out, flush_subnormals);
}
ElementwiseKernels HardtanhGradTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  return HardtanhGradTableOf<HardtanhSequence::kTbe>(isa, in, out, flush_subnormals);
}
ElementwiseKernels HardtanhGradTbeA1Table(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  return HardtanhGradTableOf<HardtanhSequence::kTbeA1>(isa, in, out, flush_subnormals);
}

ElementwiseKernels HardsigmoidGradTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_BF16) return BinaryKernels<HardsigmoidGradOp<true>>(isa, in, flush_subnormals);
  return BinaryKernels<HardsigmoidGradOp<false>>(isa, in, flush_subnormals);
}

ElementwiseKernels HardsigmoidGradTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<HardsigmoidGradTbeOp<true>>(isa, in, flush_subnormals);
  return BinaryKernels<HardsigmoidGradTbeOp<false>>(isa, in, flush_subnormals);
}

ElementwiseKernels HardshrinkGradTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<HardshrinkGradOp<true, true>>(isa, in, flush_subnormals);
  return BinaryKernels<HardshrinkGradOp<true, false>>(isa, in, flush_subnormals);
}

ElementwiseKernels HardshrinkGradTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  if (in == ACL_FLOAT16) return BinaryKernels<HardshrinkGradOp<false, true>>(isa, in, flush_subnormals);
  return BinaryKernels<HardshrinkGradOp<false, false>>(isa, in, flush_subnormals);
}

ElementwiseKernels SoftshrinkGradTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  return BinaryKernels<SoftshrinkGradOp<false>>(isa, in, flush_subnormals);
}

ElementwiseKernels SoftshrinkGradTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out) return {};
  return BinaryKernels<SoftshrinkGradOp<true>>(isa, in, flush_subnormals);
}

/// fma(a, x, y) rounded once: the target's FMA, or lane by lane with std::fma where the target has
/// none (SSE4, the portable baseline).
template <class D>
HWY_INLINE hn::Vec<D> FusedMulAdd(D d, hn::Vec<D> a, hn::Vec<D> x, hn::Vec<D> y) {
#if HWY_NATIVE_FMA
  (void)d;
  return hn::MulAdd(a, x, y);
#else
  constexpr size_t kMaxLanes = 16;  // 128-bit targets
  HWY_ALIGN float av[kMaxLanes], xv[kMaxLanes], yv[kMaxLanes];
  hn::Store(a, d, av);
  hn::Store(x, d, xv);
  hn::Store(y, d, yv);
  for (size_t i = 0; i < hn::Lanes(d); ++i) yv[i] = std::fma(av[i], xv[i], yv[i]);
  return hn::Load(d, yv);
#endif
}

/// aclnnAddRelu in fp32 (x1 = self, x2 = other, both Cast to FLOAT): Add where alpha is one (NaN
/// too), else Axpy — fma(alpha, x2, x1), or with kTbe and the scalars' flag TBE's vmuls then vadd
/// (two roundings) — then Relu: +0 unless the sum is > 0 or NaN.
template <bool kTbe>
struct AddReluOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x1, hn::Vec<D> x2) {
    const float alpha = s.values[kAddReluAlpha];
    hn::Vec<D> r;
    if (AddReluAlphaIsOne(alpha)) {
      r = Round<kFlush>(d, hn::Add(x1, x2));
    } else if (kTbe && s.integers[kAddReluSeparateMulAdd] != 0) {
      r = Round<kFlush>(d, hn::Add(x1, Round<kFlush>(d, hn::Mul(x2, hn::Set(d, alpha)))));
    } else {
      r = Round<kFlush>(d, FusedMulAdd(d, hn::Set(d, alpha), x2, x1));
    }
    return hn::IfThenElseZero(hn::Or(hn::Gt(r, hn::Zero(d)), hn::IsNaN(r)), r);
  }
};

ElementwiseKernels AddReluTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out || in != ACL_FLOAT) return {};
  return BinaryKernels<AddReluOp<false>>(isa, in, flush_subnormals);
}

ElementwiseKernels AddReluTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in != out || in != ACL_FLOAT) return {};
  return BinaryKernels<AddReluOp<true>>(isa, in, flush_subnormals);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclnn_host {
namespace kernels {
namespace {

// ---- integer kernels of ThresholdGradV2D and ReluGrad: one element at a time ---------------------

/// ThresholdGradV2D for INT8/UINT8 (exact through fp16/fp32) and INT32, which both kernels convert
/// to fp32 (nearest-even: beyond 2^24 g and x round) and back: 0 where x <= threshold, else g.
template <typename T>
void IntegerThresholdGradKernel(int64_t n, const void* const* inputs, void* output) {
  const T* g = static_cast<const T*>(inputs[0]);
  const T* x = static_cast<const T*>(inputs[1]);
  T* out = static_cast<T*>(output);
  const float threshold = static_cast<const KernelScalars*>(inputs[2])->values[kGradThreshold];
  for (int64_t i = 0; i < n; ++i) {
    if (sizeof(T) == 4) {
      const float gf = static_cast<float>(g[i]);
      out[i] = static_cast<float>(x[i]) <= threshold ? T{0} : static_cast<T>(TruncateToInt32(gf));
    } else {
      out[i] = static_cast<float>(x[i]) <= threshold ? T{0} : g[i];
    }
  }
}

/// ReluGrad for the integer dtypes, on every SoC: 0 where x <= 0, else g (exact: g * 0 or g * 1).
template <typename T>
void IntegerReluGradKernel(int64_t n, const void* const* inputs, void* output) {
  const T* g = static_cast<const T*>(inputs[0]);
  const T* x = static_cast<const T*>(inputs[1]);
  T* out = static_cast<T*>(output);
  for (int64_t i = 0; i < n; ++i) out[i] = x[i] <= 0 ? T{0} : g[i];
}

template <template <typename> class Kernel>
ElementwiseKernels IntegerGradKernels(aclDataType in, aclDataType out) {
  if (in != out) return {};
  switch (in) {
    case ACL_INT8:
      return EveryVariant(Kernel<int8_t>::kFunction);
    case ACL_UINT8:
      return EveryVariant(Kernel<uint8_t>::kFunction);
    case ACL_INT32:
      return EveryVariant(Kernel<int32_t>::kFunction);
    case ACL_INT64:
      return EveryVariant(Kernel<int64_t>::kFunction);
    default:
      return {};
  }
}

template <typename T>
struct ThresholdGradInteger {
  static constexpr DenseKernel kFunction = IntegerThresholdGradKernel<T>;
};
template <typename T>
struct ReluGradInteger {
  static constexpr DenseKernel kFunction = IntegerReluGradKernel<T>;
};

}  // namespace

ElementwiseKernels ThresholdGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in))
    return in == ACL_INT64 ? ElementwiseKernels{} : IntegerGradKernels<ThresholdGradInteger>(in, out);
  AH_SELECT_BY_ISA(isa, ThresholdGradTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ThresholdGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return ThresholdGradKernels(isa, in, out, flush_subnormals);
  AH_SELECT_BY_ISA(isa, ThresholdGradTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ThresholdGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return ThresholdGradKernels(isa, in, out, flush_subnormals);
  AH_SELECT_BY_ISA(isa, ThresholdGradTbeA1Table, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ReluGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerGradKernels<ReluGradInteger>(in, out);
  AH_SELECT_BY_ISA(isa, ReluGradTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ReluGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerGradKernels<ReluGradInteger>(in, out);
  AH_SELECT_BY_ISA(isa, ReluGradTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ReluGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerGradKernels<ReluGradInteger>(in, out);
  AH_SELECT_BY_ISA(isa, ReluGradTbeA1Table, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardtanhGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardtanhGradTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardtanhGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardtanhGradTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardtanhGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardtanhGradTbeA1Table, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardsigmoidGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardsigmoidGradTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardsigmoidGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardsigmoidGradTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardshrinkGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardshrinkGradTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardshrinkGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardshrinkGradTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels SoftshrinkGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, SoftshrinkGradTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels SoftshrinkGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, SoftshrinkGradTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels AddReluKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerAddReluKernels(in, out, false);
  AH_SELECT_BY_ISA(isa, AddReluTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels AddReluTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerAddReluKernels(in, out, true);
  AH_SELECT_BY_ISA(isa, AddReluTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels LeakyReluGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in == ACL_DOUBLE) return DoubleLeakyReluGradKernels(out);
  AH_SELECT_BY_ISA(isa, LeakyReluGradTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels LeakyReluGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in == ACL_DOUBLE) return DoubleLeakyReluGradKernels(out);
  AH_SELECT_BY_ISA(isa, LeakyReluGradTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels LeakyReluGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in == ACL_DOUBLE) return DoubleLeakyReluGradKernels(out);
  AH_SELECT_BY_ISA(isa, LeakyReluGradTbeA1Table, in, out, flush_subnormals);
  return {};
}

}  // namespace kernels
}  // namespace aclnn_host
#endif  // HWY_ONCE
