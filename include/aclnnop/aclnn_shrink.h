/*
 * aclnn-host: aclnnShrink (ONNX Shrink),
 * out = self - bias where self > lambd, self + bias where self < -lambd, 0 otherwise (lambd >= 0).
 */
#ifndef OP_API_INC_SHRINK_H_
#define OP_API_INC_SHRINK_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = shrink(self, lambd, bias); out may be FLOAT or FLOAT16 whatever self is
/// (a Cast follows the kernel), with self's shape and format.
ACLNN_API aclnnStatus aclnnShrinkGetWorkspaceSize(const aclTensor* self, const aclScalar* lambd, const aclScalar* bias,
                                                  aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnShrink.
ACLNN_API aclnnStatus aclnnShrink(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_SHRINK_H_
