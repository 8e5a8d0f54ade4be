// The kernels of the forward HardSwish (op-hardswish.md).
#ifndef ACLNN_HOST_KERNELS_HARDSWISH_H_
#define ACLNN_HOST_KERNELS_HARDSWISH_H_

#include "acl/acl_base.h"
#include "common/export.h"
#include "kernels/isa.h"
#include "kernels/kernel.h"

namespace aclnn_host {
namespace kernels {

/// The fp32 constant the forward kernel multiplies by (1.0f / 6.0f rounded); not a division.
constexpr float kOneSixth = 0.16666667f;

/// The kernels of aclnnHardswish from `in` (self) to `out` dtype, on `isa`: computed in fp32,
/// narrowed to `in` with round-half-away, then cast to `out` (nearest-even) when it differs.
/// This is the AscendC arch35 kernel (Ascend 950).
AH_INTERNAL_API ElementwiseKernels HardswishKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// The built-in TBE kernel of Ascend910, 910B and 910_93: x * (min(max(x + 3, 0), 6) * (1/6)) in
/// fp32, narrowed to `in` with nearest-even, then cast to `out` (nearest-even) when it differs.
AH_INTERNAL_API ElementwiseKernels HardswishTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

}  // namespace kernels
}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_HARDSWISH_H_
