/*
 * aclnn-host: aclnnHardsigmoidBackward,
 * out = gradOutput / 6 where -3 < self < 3 (hardsigmoid's slope), 0 elsewhere.
 */
#ifndef OP_API_INC_HARDSIGMOID_BACKWARD_H_
#define OP_API_INC_HARDSIGMOID_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = hardsigmoid_backward(gradOutput, self). gradOutput, self and out have one
/// shape; the kernel runs in gradOutput's and self's promoted dtype, then a Cast to out's.
ACLNN_API aclnnStatus aclnnHardsigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                               aclTensor* out, uint64_t* workspaceSize,
                                                               aclOpExecutor** executor);

/// Second phase of aclnnHardsigmoidBackward.
ACLNN_API aclnnStatus aclnnHardsigmoidBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                               aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_HARDSIGMOID_BACKWARD_H_
