/*
 * aclnn-host: aclnnThreshold and aclnnInplaceThreshold,
 * out = self where self > threshold, value where self <= threshold (NaN self stays).
 */
#ifndef OP_API_INC_THRESHOLD_H_
#define OP_API_INC_THRESHOLD_H_

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/// First phase of out = threshold(self, threshold, value); the scalars are converted to self's
/// dtype; out has self's shape and may have another dtype (a Cast follows the kernel).
ACLNN_API aclnnStatus aclnnThresholdGetWorkspaceSize(const aclTensor* self, const aclScalar* threshold,
                                                     const aclScalar* value, aclTensor* out, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor);

/// Second phase of aclnnThreshold.
ACLNN_API aclnnStatus aclnnThreshold(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream);

/// First phase of selfRef = threshold(selfRef, threshold, value).
ACLNN_API aclnnStatus aclnnInplaceThresholdGetWorkspaceSize(aclTensor* selfRef, const aclScalar* threshold,
                                                            const aclScalar* value, uint64_t* workspaceSize,
                                                            aclOpExecutor** executor);

/// Second phase of aclnnInplaceThreshold.
ACLNN_API aclnnStatus aclnnInplaceThreshold(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_THRESHOLD_H_
