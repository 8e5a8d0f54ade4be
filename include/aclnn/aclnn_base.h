/*
 * aclnn-host: the aclnn base API (library init, executors). C++ only, as upstream.
 */
#ifndef OP_API_INC_ACLNN_BASE_H_
#define OP_API_INC_ACLNN_BASE_H_

#include <cstddef>
#include <cstdint>

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Initialises the operator library. `configPath` may be NULL.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);
/// Finalises the operator library.
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize();

/// Lets `executor` run any number of times; call it right after the first phase.
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);
/// Destroys an executor that has not been consumed (a repeatable one, typically).
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);
/// Re-points the executor's `index`-th input (and `tensor`, when not NULL) at `addr`.
ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                      void* addr);
/// Re-points the executor's `index`-th output (and `tensor`, when not NULL) at `addr`.
ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                       void* addr);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_ACLNN_BASE_H_
