/*
 * aclnn-host: aclnnSoftshrinkBackward,
 * gradInput = gradOutput where |self| > lambda (or self is NaN), 0 where |self| <= lambda.
 */
#ifndef OP_API_INC_SOFT_SHRINK_BACKWARD_H_
#define OP_API_INC_SOFT_SHRINK_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of gradInput = softshrink_backward(gradOutput, self, lambda); lambda >= 0.
/// gradOutput and self broadcast to gradInput's shape; mixed dtypes compute in FLOAT. gradInput
/// must have the result's dtype (upstream copies the result into it without a Cast).
ACLNN_API aclnnStatus aclnnSoftshrinkBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                              const aclScalar* lambda, aclTensor* gradInput,
                                                              uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnSoftshrinkBackward.
ACLNN_API aclnnStatus aclnnSoftshrinkBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_SOFT_SHRINK_BACKWARD_H_
