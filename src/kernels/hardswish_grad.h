// The per-element functions of the HardSwish backward family (op-hardswish-backward.md §3), and
// their kernels.
#ifndef ACLNN_HOST_KERNELS_HARDSWISH_GRAD_H_
#define ACLNN_HOST_KERNELS_HARDSWISH_GRAD_H_

#include "acl/acl_base.h"
#include "base/elementwise.h"
#include "common/export.h"

namespace aclnn_host {
namespace kernels {

/// The fp32 constant the NPU kernels multiply by (equal to 1.0f / 3.0f); not a division by 3.
constexpr float kOneThird = 0.33333334f;

/// V2: out = g * d(x), d(x) = 0 for x <= -3, x/3 + 1/2 inside, 1 for x >= 3 (strict compares).
struct HardswishGradV2 {
  template <class Arith>
  static float Apply(float grad, float x) {
    float t = Arith::Round(x * kOneThird);
    t = Arith::Round(t + 0.5f);
    t = (x > -3.0f) ? t : 0.0f;
    t = (x < 3.0f) ? t : 1.0f;
    return Arith::Round(grad * t);  // a real multiply: inf * 0 gives NaN, as on the NPU
  }
};

/// The kernels of aclnnHardswishBackwardV2 for `dtype` (inputs: gradOutput, self).
AH_INTERNAL_API ElementwiseKernels HardswishGradV2Kernels(aclDataType dtype, bool flush_subnormals);

}  // namespace kernels
}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_HARDSWISH_GRAD_H_
