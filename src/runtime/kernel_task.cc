#include "runtime/kernel_task.h"

#include <time.h>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/settings.h"
#include "runtime/soc_profile.h"

namespace aclnn_host {

int64_t CoarseMonotonicNs() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
  return static_cast<int64_t>(now.tv_sec) * 1000000000 + now.tv_nsec;
}

TaskResult CheckOpExecuteTime(const char* op_name, int64_t elapsed_ns, TaskResult result) {
  // Every SoC's shortest timeout is one tick of over 2 s: shorter runs need no look at the settings.
  constexpr int64_t kShortestTickNs = 2000000000;
  if (elapsed_ns < kShortestTickNs || result.code != 0) return result;
  const SocProfile* profile = Runtime::Get().profile();
  if (profile == nullptr) return result;
  const double timeout_us = OpTimeoutHardwareOf(*profile).interval_us * OpExecuteTimeoutCredits(*profile);
  const double elapsed_us = static_cast<double>(elapsed_ns) / 1000.0;
  if (elapsed_us <= timeout_us) return result;
  return TaskResult{ACL_ERROR_RT_AICORE_TIMEOUT,
                    FormatString("the operator run %s took %.3f s, past the op-execute timeout of %.3f s "
                                 "(aclrtSetOpExecuteTimeOut, aclrtGetOpExecuteTimeout); the NPU aborts such a "
                                 "kernel, leaving its outputs unspecified.",
                                 op_name == nullptr ? "" : op_name, elapsed_us / 1e6, timeout_us / 1e6)};
}

}  // namespace aclnn_host
