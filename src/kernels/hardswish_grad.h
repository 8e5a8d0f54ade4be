// The kernels of the HardSwish backward family (op-hardswish-backward.md §3).
#ifndef ACLNN_HOST_KERNELS_HARDSWISH_GRAD_H_
#define ACLNN_HOST_KERNELS_HARDSWISH_GRAD_H_

#include "acl/acl_base.h"
#include "common/export.h"
#include "kernels/isa.h"
#include "kernels/kernel.h"

namespace aclnn_host {
namespace kernels {

/// The fp32 constant the NPU kernels multiply by (equal to 1.0f / 3.0f); not a division by 3.
constexpr float kOneThird = 0.33333334f;

/// The kernels of aclnnHardswishBackwardV2 (inputs gradOutput, self) for `dtype`, on `isa`;
/// empty when `isa` is not compiled in.
AH_INTERNAL_API ElementwiseKernels HardswishGradV2Kernels(Isa isa, aclDataType dtype, bool flush_subnormals);

/// The kernels of aclnnHardswishBackward on Ascend 950 (V1's AscendC arch35 kernel: inclusive
/// boundaries).
AH_INTERNAL_API ElementwiseKernels HardswishGradV1Kernels(Isa isa, aclDataType dtype, bool flush_subnormals);

/// The kernels of aclnnHardswishBackward on Ascend910, 910B and 910_93 (the built-in TBE kernel:
/// exclusive vcmpsel boundaries; a NaN self gives NaN for fp16 and 1.0 for fp32 and bf16).
AH_INTERNAL_API ElementwiseKernels HardswishGradV1TbeKernels(Isa isa, aclDataType dtype, bool flush_subnormals);

}  // namespace kernels
}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_HARDSWISH_GRAD_H_
