/*
 * aclnn-host extension (not part of CANN): a host function queued as an operator run.
 *
 * For programs that call an operator aclnn-host does not have (another operator library's, a custom
 * kernel's): a stand-in written for the host runs on the stream the way the NPU kernel would, and the
 * runtime treats it as a kernel task, not as a host function. It is ordered with the stream's work,
 * recorded by a capture as a kernel task (a task group holds it and a task update can replace it:
 * aclmdlRICaptureTaskGrpBegin, aclmdlRICaptureTaskUpdateBegin), and listed by model introspection as
 * a KERNEL task named `opType`. aclrtLaunchHostFunc's tasks are host functions, which task groups
 * refuse, as CANN's do.
 */
#ifndef ACLNN_HOST_STAND_IN_H_
#define ACLNN_HOST_STAND_IN_H_

#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Queues fn(args) on `stream` as a run of the operator `opType` (a name such as "Add"; copied).
 * ACL_ERROR_INVALID_PARAM for a null opType or fn; the stream's errors as aclrtLaunchHostFunc. */
ACL_FUNC_VISIBILITY aclError aclnnHostLaunchOperatorStandIn(aclrtStream stream, const char* opType, aclrtHostFunc fn,
                                                            void* args);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_HOST_STAND_IN_H_ */
