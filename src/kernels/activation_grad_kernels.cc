// The per-element functions of the activation family's backward ops (kernels/activation.h):
// binary kernels (gradOutput, self) compiled for every kernel variant (kernels/isa.h) by Highway's
// foreach_target, in their own translation unit so that the family's kernels build in parallel.
// Each is its NPU kernel's fp32 sequence, every operation rounded on its own (-ffp-contract=off).
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

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclnn_host {
namespace kernels {

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

}  // namespace kernels
}  // namespace aclnn_host
#endif  // HWY_ONCE
