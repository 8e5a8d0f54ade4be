/*
 * aclnn-host: aclnnLeakyReluBackward,
 * out = gradOutput where self > 0, gradOutput * negativeSlope where self <= 0.
 */
#ifndef OP_API_INC_LEAKY_RELU_BACKWARD_H_
#define OP_API_INC_LEAKY_RELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = leaky_relu_backward(gradOutput, self, negativeSlope, selfIsResult).
/// gradOutput and self broadcast to out's shape and compute in their promoted dtype; out may have
/// any dtype that result casts to. selfIsResult = true (self is the forward's output) refuses a
/// negative slope.
ACLNN_API aclnnStatus aclnnLeakyReluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                             const aclScalar* negativeSlope, bool selfIsResult,
                                                             aclTensor* out, uint64_t* workspaceSize,
                                                             aclOpExecutor** executor);

/// Second phase of aclnnLeakyReluBackward.
ACLNN_API aclnnStatus aclnnLeakyReluBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_LEAKY_RELU_BACKWARD_H_
