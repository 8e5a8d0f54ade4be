/*
 * aclnn-host: AscendCL's umbrella header. CANN's also pulls in the single-operator and model
 * APIs (acl_op.h, acl_mdl.h), which aclnn-host does not provide. C-compatible.
 */
#ifndef INC_EXTERNAL_ACL_ACL_H_
#define INC_EXTERNAL_ACL_ACL_H_

#include "acl_rt.h"

#endif  // INC_EXTERNAL_ACL_ACL_H_
