// Trial stand-in (scripts/trial_runtime_examples.sh): aclnnAdd of ops-math, which aclnn-host does
// not provide, for the runtime samples that use it. fp32 contiguous tensors only; not installed.
#ifndef ACLNN_HOST_TRIAL_STAND_IN_ACLNN_ADD_H_
#define ACLNN_HOST_TRIAL_STAND_IN_ACLNN_ADD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self, const aclTensor* other, const aclScalar* alpha,
                                     aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnAdd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ACLNN_HOST_TRIAL_STAND_IN_ACLNN_ADD_H_
