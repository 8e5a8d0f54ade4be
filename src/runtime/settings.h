// Process-wide runtime settings a program sets and reads back: the system parameter options of
// aclrtSetSysParamOpt and the op-wait timeout of aclrtSetOpWaitTimeout. Like CANN's, they live for
// the process (aclFinalize keeps them) and start at 0.
#ifndef ACLNN_HOST_RUNTIME_SETTINGS_H_
#define ACLNN_HOST_RUNTIME_SETTINGS_H_

#include <cstdint>

#include "common/export.h"

namespace aclnn_host {

/// The number of aclSysParamOpt values (ACL_OPT_DETERMINISTIC ... ACL_OPT_ENABLE_KERNEL_EARLY_START).
constexpr int kProcessSysParamCount = 4;
/// The options a context keeps (CANN's context variants take the first three).
constexpr int kContextSysParamCount = 3;

AH_INTERNAL_API int64_t ProcessSysParam(int option);
AH_INTERNAL_API void SetProcessSysParam(int option, int64_t value);

/// Seconds after which an aclrtStreamWaitEvent issued from now on gives up (0: never).
AH_INTERNAL_API uint32_t OpWaitTimeoutSeconds();
AH_INTERNAL_API void SetOpWaitTimeoutSeconds(uint32_t seconds);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_SETTINGS_H_
