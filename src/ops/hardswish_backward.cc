// aclnnHardswishBackward (V1): as V2, but with inclusive boundaries (-3 and 3 fall in the linear
// branch: -0.5 * g and 1.5 * g), self checked before gradOutput, and `const aclrtStream`.
#include "aclnnop/aclnn_hardswish_backward.h"

#include "aclnn/opdev/op_errno.h"
#include "base/executor.h"
#include "kernels/hardswish_grad.h"
#include "ops/activation.h"
#include "runtime/guard.h"

namespace {

const aclnn_host::BackwardActivation kHardswishBackward = {"aclnnHardswishBackward",
                                                           "aclnnHardswishBackwardGetWorkspaceSize",
                                                           "HardSwishGrad",
                                                           /*self_first=*/true,
                                                           aclnn_host::kernels::HardswishGradV1Kernels,
                                                           aclnn_host::kernels::HardswishGradV1TbeKernels};

}  // namespace

extern "C" {

aclnnStatus aclnnHardswishBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, aclTensor* out,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::Guard(kHardswishBackward.phase_one_name, ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&] {
    return aclnn_host::BackwardActivationPhaseOne(kHardswishBackward, gradOutput, self, out, workspaceSize, executor);
  });
}

aclnnStatus aclnnHardswishBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   const aclrtStream stream) {
  return aclnn_host::RunExecutor(kHardswishBackward.op_name, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
