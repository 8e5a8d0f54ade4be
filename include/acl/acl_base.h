/*
 * aclnn-host: AscendCL's base header, as CANN composes it: the base runtime types and the runtime
 * and graph-engine status codes. C-compatible.
 */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_H_
#define INC_EXTERNAL_ACL_ACL_BASE_H_

#include "acl/acl_base_mdl.h"
#include "acl/acl_base_rt.h"
#include "error_codes/ge_error_codes.h"
#include "error_codes/rt_error_codes.h"

#endif  // INC_EXTERNAL_ACL_ACL_BASE_H_
