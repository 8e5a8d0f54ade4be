/*
 * aclnn-host: aclnnAddRelu and aclnnInplaceAddRelu, out = relu(self + alpha * other), self and other
 * broadcast to out's shape and promoted to one dtype.
 */
#ifndef OP_API_INC_ADD_RELU_H_
#define OP_API_INC_ADD_RELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = relu(self + alpha * other); self and other broadcast to out's shape, their
/// promoted dtype must cast to out's, and alpha's dtype to the promoted one.
ACLNN_API aclnnStatus aclnnAddReluGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclScalar* alpha,
                                                   aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnAddRelu.
ACLNN_API aclnnStatus aclnnAddRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream);

/// First phase of selfRef = relu(selfRef + alpha * other); selfRef must have the broadcast shape.
ACLNN_API aclnnStatus aclnnInplaceAddReluGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other, aclScalar* alpha,
                                                          uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnInplaceAddRelu.
ACLNN_API aclnnStatus aclnnInplaceAddRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_ADD_RELU_H_
