// Process-wide runtime settings a program sets and reads back: the system parameter options of
// aclrtSetSysParamOpt, the op-wait timeout of aclrtSetOpWaitTimeout and the op-execute timeout of
// aclrtSetOpExecuteTimeOut*. Like CANN's, they live for
// the process (aclFinalize keeps them) and start at 0.
#ifndef ACLNN_HOST_RUNTIME_SETTINGS_H_
#define ACLNN_HOST_RUNTIME_SETTINGS_H_

#include <cstdint>

#include "common/export.h"
#include "runtime/soc_profile.h"

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

/// aclrtSetOpExecuteTimeOut, ...WithMs, ...V2: the op-execute timeout of kernels issued from now
/// on, in microseconds (0: the longest the hardware allows).
AH_INTERNAL_API void SetOpExecuteTimeoutUs(uint64_t microseconds);
/// The credits a kernel issued now gets (the runtime's TransExeTimeoutCfgToKernelCredit): the set
/// timeout rounded up to whole ticks and capped at the most the hardware takes, or the default.
AH_INTERNAL_API uint32_t OpExecuteTimeoutCredits(const SocProfile& profile);
/// What aclrtSetOpExecuteTimeOutV2 reports for `microseconds`: its credits (254 at most, as the
/// runtime caps them whatever the chip) times the tick.
AH_INTERNAL_API uint64_t ActualOpExecuteTimeoutUs(const SocProfile& profile, uint64_t microseconds);
/// What aclrtGetOpExecuteTimeout reports, in milliseconds (the runtime's GetOpExecuteMsTimeout,
/// whose round-up differs from the credits' within 1 us above a whole number of ticks).
AH_INTERNAL_API uint32_t ReportedOpExecuteTimeoutMs(const SocProfile& profile);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_SETTINGS_H_
