// The per-element functions of the activation family (kernels/activation.h), compiled for every
// kernel variant (kernels/isa.h) by Highway's foreach_target. Each is its NPU kernel's fp32
// sequence, every operation rounded on its own (built with -ffp-contract=off, no MulAdd).
//
// NaN: upstream does not say what the vector unit's min and max make of a NaN; like the forward
// HardSwish, these kernels give NaN for a NaN input (docs/numerics.md).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/activation_kernels.cc"
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

/// HardSigmoid: clamp(x * alpha + beta, 0, 1), the product and the sum each rounded to fp32. The
/// value is never -0 (x * alpha = -beta sums to +0, negatives clamp to +0); +-inf give 1 and 0.
/// kNarrowing: how the kernel writes fp16/bf16 (the clamp's order, min or max first, only matters
/// for NaN, which stays NaN here).
template <Rounding kNarrowing>
struct HardsigmoidOp {
  static constexpr Rounding kRounding = kNarrowing;
  static constexpr bool kInt32 = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> x) {
    auto y = Round<kFlush>(d, hn::Mul(x, hn::Set(d, kHardsigmoidAlpha)));
    y = Round<kFlush>(d, hn::Add(y, hn::Set(d, kHardsigmoidBeta)));
    const auto clamped = hn::Max(hn::Min(y, hn::Set(d, 1.0f)), hn::Zero(d));
    return hn::IfThenElse(hn::IsNaN(y), y, clamped);
  }
};

ElementwiseKernels HardsigmoidTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  // The AscendC kernel narrows fp16 with CAST_RINT and bf16 with CAST_ROUND.
  if (in == ACL_BF16) return UnaryKernels<HardsigmoidOp<Rounding::kHalfAway>>(in, out, flush_subnormals);
  return UnaryKernels<HardsigmoidOp<Rounding::kNearestEven>>(in, out, flush_subnormals);
}

ElementwiseKernels HardsigmoidTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<HardsigmoidOp<Rounding::kNearestEven>>(in, out, flush_subnormals);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclnn_host {
namespace kernels {

// No device kernel yet: a device backend reports ACLNN_ERR_INNER_FIND_KERNEL_ERROR for these ops.
ElementwiseKernels HardsigmoidKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardsigmoidTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardsigmoidTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardsigmoidTbeTable, in, out, flush_subnormals);
  return {};
}

}  // namespace kernels
}  // namespace aclnn_host
#endif  // HWY_ONCE
