// The per-element functions of the HardSwish backward family, compiled for every kernel variant
// (kernels/isa.h) by Highway's foreach_target. Each is the NPU's fp32 sequence: a multiply by
// 0.33333334f, an add of 0.5f (each rounded on its own: built with -ffp-contract=off and no
// MulAdd), two compares that are false for NaN, and a real multiply by the gradient.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/hardswish_grad_kernels.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "kernels/hardswish_grad.h"
#include "kernels/simd/dispatch.h"
#include "kernels/simd/elementwise-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host {
namespace kernels {
namespace HWY_NAMESPACE {

/// V2: g * d(x), d(x) = 0 for x <= -3, x/3 + 1/2 inside, 1 for x >= 3 (strict compares).
struct HardswishGradV2Op {
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, hn::Vec<D> grad, hn::Vec<D> x) {
    auto t = Round<kFlush>(d, hn::Mul(x, hn::Set(d, kOneThird)));
    t = Round<kFlush>(d, hn::Add(t, hn::Set(d, 0.5f)));
    t = hn::IfThenElseZero(hn::Gt(x, hn::Set(d, -3.0f)), t);
    t = hn::IfThenElse(hn::Lt(x, hn::Set(d, 3.0f)), t, hn::Set(d, 1.0f));
    return Round<kFlush>(d, hn::Mul(grad, t));  // inf * 0 gives NaN, as on the NPU
  }
};

ElementwiseKernels HardswishGradV2Table(Isa isa, aclDataType dtype, bool flush_subnormals) {
  return BinaryKernels<HardswishGradV2Op>(isa, dtype, flush_subnormals);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclnn_host {
namespace kernels {

ElementwiseKernels HardswishGradV2Kernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardswishGradV2Table, dtype, flush_subnormals);
  return {};
}

}  // namespace kernels
}  // namespace aclnn_host
#endif  // HWY_ONCE
