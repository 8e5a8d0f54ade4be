/*
 * aclnn-host: aclnnLeakyRelu and aclnnInplaceLeakyRelu,
 * out = self where self > 0, self * negativeSlope elsewhere.
 */
#ifndef OP_API_INC_LEAKY_RELU_H_
#define OP_API_INC_LEAKY_RELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = leaky_relu(self, negativeSlope); out may have any dtype self casts to.
ACLNN_API aclnnStatus aclnnLeakyReluGetWorkspaceSize(const aclTensor* self, const aclScalar* negativeSlope,
                                                     aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnLeakyRelu.
ACLNN_API aclnnStatus aclnnLeakyRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream);

/// First phase of selfRef = leaky_relu(selfRef, negativeSlope).
ACLNN_API aclnnStatus aclnnInplaceLeakyReluGetWorkspaceSize(aclTensor* selfRef, const aclScalar* negativeSlope,
                                                            uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnInplaceLeakyRelu.
ACLNN_API aclnnStatus aclnnInplaceLeakyRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_LEAKY_RELU_H_
