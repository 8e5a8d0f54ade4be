#include "kernels/hardswish_grad.h"

#include "kernels/scalar_elementwise.h"

namespace aclnn_host {
namespace kernels {

ElementwiseKernels HardswishGradV2Kernels(aclDataType dtype, bool flush_subnormals) {
  return BinaryKernels<HardswishGradV2>(dtype, flush_subnormals);
}

}  // namespace kernels
}  // namespace aclnn_host
