/*
 * aclnn-host: aclnnThresholdBackward,
 * out = 0 where self <= threshold, gradOutput elsewhere.
 */
#ifndef OP_API_INC_THRESHOLD_BACKWARG_H_
#define OP_API_INC_THRESHOLD_BACKWARG_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = threshold_backward(gradOutput, self, threshold); gradOutput, self and out
/// have one dtype; gradOutput and self broadcast to out's shape.
ACLNN_API aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                             const aclScalar* threshold, aclTensor* out,
                                                             uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnThresholdBackward.
ACLNN_API aclnnStatus aclnnThresholdBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_THRESHOLD_BACKWARG_H_
