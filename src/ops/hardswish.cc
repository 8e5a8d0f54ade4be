// aclnnHardswish and aclnnInplaceHardswish: y = x for x >= 3, 0 for x <= -3, x (x + 3) / 6
// between (op-hardswish.md).
#include "aclnnop/aclnn_hardswish.h"

#include "aclnn/opdev/op_errno.h"
#include "base/executor.h"
#include "kernels/hardswish.h"
#include "ops/activation.h"
#include "runtime/guard.h"

namespace {

const aclnn_host::ForwardActivation kHardswish = {"aclnnHardswish", "aclnnHardswishGetWorkspaceSize", "HardSwish",
                                                  aclnn_host::kernels::HardswishKernels,
                                                  aclnn_host::kernels::HardswishTbeKernels};
const aclnn_host::ForwardActivation kInplaceHardswish = {
    "aclnnInplaceHardswish", "aclnnInplaceHardswishGetWorkspaceSize", "HardSwish",
    aclnn_host::kernels::HardswishKernels, aclnn_host::kernels::HardswishTbeKernels};

}  // namespace

extern "C" {

aclnnStatus aclnnHardswishGetWorkspaceSize(const aclTensor* self, const aclTensor* out, uint64_t* workspaceSize,
                                           aclOpExecutor** executor) {
  return aclnn_host::Guard(kHardswish.phase_one_name, ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&] {
    return aclnn_host::ForwardActivationPhaseOne(kHardswish, self, out, /*in_place=*/false, workspaceSize, executor);
  });
}

aclnnStatus aclnnHardswish(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, const aclrtStream stream) {
  return aclnn_host::RunExecutor(kHardswish.op_name, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceHardswishGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclnn_host::Guard(kInplaceHardswish.phase_one_name, ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&] {
    return aclnn_host::ForwardActivationPhaseOne(kInplaceHardswish, self, self, /*in_place=*/true, workspaceSize,
                                                 executor);
  });
}

aclnnStatus aclnnInplaceHardswish(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                  const aclrtStream stream) {
  return aclnn_host::RunExecutor(kInplaceHardswish.op_name, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
