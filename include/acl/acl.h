/*
 * aclnn-host: AscendCL's umbrella header. C-compatible.
 */
#ifndef INC_EXTERNAL_ACL_ACL_H_
#define INC_EXTERNAL_ACL_ACL_H_

#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 0
#define ACL_PATCH_VERSION 0

/// Initialises the runtime. `configPath` may be NULL or name a JSON file; see docs/configuration.md.
/// A repeated call returns ACL_ERROR_REPEAT_INITIALIZE, which callers may ignore.
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
/// Finalises the runtime at once, releasing what is still alive.
ACL_FUNC_VISIBILITY aclError aclFinalize(void);
/// Drops one aclInit reference and finalises on the last; `refCount` receives what is left.
ACL_FUNC_VISIBILITY aclError aclFinalizeReference(uint64_t* refCount);
/// The version of this AscendCL implementation.
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion);

#ifdef __cplusplus
}
#endif

#endif  // INC_EXTERNAL_ACL_ACL_H_
