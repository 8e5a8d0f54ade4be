#include "runtime/kernel_task.h"

#include <time.h>

#include <cstdint>

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

int64_t OpExecuteTimeoutNsForIssue() {
  const SocProfile* profile = Runtime::Get().profile();
  if (profile == nullptr) return INT64_MAX;
  const double timeout_ns = OpTimeoutHardwareOf(*profile).interval_us * OpExecuteTimeoutCredits(*profile) * 1000.0;
  return timeout_ns >= static_cast<double>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(timeout_ns);
}

TaskResult CheckOpExecuteTime(const char* op_name, int64_t elapsed_ns, int64_t timeout_ns, TaskResult result) {
  if (elapsed_ns <= timeout_ns || result.code != 0) return result;
  return TaskResult{ACL_ERROR_RT_AICORE_TIMEOUT,
                    FormatString("the operator run %s took %.3f s, past the op-execute timeout of %.3f s "
                                 "(aclrtSetOpExecuteTimeOut, aclrtGetOpExecuteTimeout); the NPU aborts such a "
                                 "kernel, leaving its outputs unspecified.",
                                 op_name == nullptr ? "" : op_name, static_cast<double>(elapsed_ns) / 1e9,
                                 static_cast<double>(timeout_ns) / 1e9)};
}

}  // namespace aclnn_host
