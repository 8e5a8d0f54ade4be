// Every public header, together (op_errno.h included alongside the others), must compile as C++11,
// the standard CANN's samples build with.
#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "aclnnop/aclnn_util.h"

int AclnnHostCxx11HeaderCheck() {
  const aclDataType dtype = aclDataType::ACL_FLOAT;
  const aclFormat format = aclFormat::ACL_FORMAT_ND;
  return static_cast<int>(dtype) + static_cast<int>(format) + ACLNN_ERR_PARAM_NULLPTR + OK;
}
