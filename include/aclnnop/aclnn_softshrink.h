/*
 * aclnn-host: aclnnSoftshrink,
 * out = self - lambd above lambd, self + lambd below -lambd, 0 between (lambd >= 0).
 */
#ifndef OP_API_INC_SOFTSHRINK_H_
#define OP_API_INC_SOFTSHRINK_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = softshrink(self, lambd); out may have another float dtype of the list (a Cast
/// follows the kernel).
ACLNN_API aclnnStatus aclnnSoftshrinkGetWorkspaceSize(const aclTensor* self, const aclScalar* lambd, aclTensor* out,
                                                      uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnSoftshrink.
ACLNN_API aclnnStatus aclnnSoftshrink(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_SOFTSHRINK_H_
