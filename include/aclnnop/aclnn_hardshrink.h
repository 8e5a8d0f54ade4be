/*
 * aclnn-host: aclnnHardshrink,
 * out = self where |self| > lambd, 0 where |self| <= lambd (a negative lambd counts as 0).
 */
#ifndef OP_API_INC_HARDSHRINK_H_
#define OP_API_INC_HARDSHRINK_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = hardshrink(self, lambd); out may have another float dtype of the list (a Cast
/// follows the kernel).
ACLNN_API aclnnStatus aclnnHardshrinkGetWorkspaceSize(const aclTensor* self, const aclScalar* lambd, aclTensor* out,
                                                      uint64_t* workspaceSize, aclOpExecutor** executor);

/// Second phase of aclnnHardshrink.
ACLNN_API aclnnStatus aclnnHardshrink(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_HARDSHRINK_H_
