// Trial stand-in (scripts/trial_runtime_examples.sh): aclnnMul of ops-math, which aclnn-host does
// not provide, for the runtime samples that use it. fp32 contiguous tensors only; not installed.
#ifndef ACLNN_HOST_TRIAL_STAND_IN_ACLNN_MUL_H_
#define ACLNN_HOST_TRIAL_STAND_IN_ACLNN_MUL_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnMul(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLNN_HOST_TRIAL_STAND_IN_ACLNN_MUL_H_
