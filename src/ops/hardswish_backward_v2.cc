// aclnnHardswishBackwardV2: out = gradOutput * d(self), d = 0 for x <= -3, x/3 + 1/2 inside,
// 1 for x >= 3 (op-hardswish-backward.md).
#include "aclnnop/aclnn_hardswish_backward_v2.h"

#include "aclnn/opdev/op_errno.h"
#include "base/executor.h"
#include "kernels/hardswish_grad.h"
#include "ops/activation.h"
#include "runtime/guard.h"

namespace {

const aclnn_host::BackwardActivation kHardswishBackwardV2 = {
    "aclnnHardswishBackwardV2", "aclnnHardswishBackwardV2GetWorkspaceSize",  "HardSwishGradV2",
    /*self_first=*/false,       aclnn_host::kernels::HardswishGradV2Kernels,
    /*tbe_kernels=*/nullptr};

}  // namespace

extern "C" {

aclnnStatus aclnnHardswishBackwardV2GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, aclTensor* out,
                                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::Guard(kHardswishBackwardV2.phase_one_name, ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&] {
    return aclnn_host::BackwardActivationPhaseOne(kHardswishBackwardV2, gradOutput, self, out, workspaceSize, executor);
  });
}

aclnnStatus aclnnHardswishBackwardV2(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream) {
  return aclnn_host::RunExecutor(kHardswishBackwardV2.op_name, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
