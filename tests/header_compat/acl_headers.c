/* The acl headers are C-compatible, as upstream: this file must compile as C99. */
#include "acl/acl.h"
#include "acl/acl_base.h"
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/error_codes/rt_error_codes.h"

int aclnn_host_c_header_check(void) {
  aclrtStream stream = 0;
  aclDataType dtype = ACL_BF16;
  (void)stream;
  return (int)dtype + ACL_ERROR_RT_CONTEXT_NULL + ACL_SUCCESS;
}
