/*
 * aclnn-host: aclnnHardshrinkBackward,
 * gradInput = gradOutput where |self| > lambd, 0 where |self| <= lambd (a negative lambd counts as 0).
 */
#ifndef OP_API_INC_HARDSHRINK_BACKWARD_H_
#define OP_API_INC_HARDSHRINK_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of gradInput = hardshrink_backward(gradOutput, self, lambd). gradOutput and self
/// broadcast to gradInput's shape; the kernel runs in their promoted dtype and gradInput may have
/// any float dtype of the list (Casts around the kernel).
ACLNN_API aclnnStatus aclnnHardshrinkBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                              const aclScalar* lambd, aclTensor* gradInput,
                                                              uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnHardshrinkBackward.
ACLNN_API aclnnStatus aclnnHardshrinkBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_HARDSHRINK_BACKWARD_H_
