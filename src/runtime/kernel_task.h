// The run of a kernel task (an operator run or a stand-in) against the op-execute timeout
// (aclrtSetOpExecuteTimeOut*). The NPU aborts a kernel that runs past it and fails the task with
// ACL_ERROR_RT_AICORE_TIMEOUT; a host kernel cannot be stopped midway, so one that ran past it
// finishes and its task then fails with that code (its outputs are written here; the NPU's would
// be unspecified).
#ifndef ACLNN_HOST_RUNTIME_KERNEL_TASK_H_
#define ACLNN_HOST_RUNTIME_KERNEL_TASK_H_

#include <cstdint>
#include <utility>

#include "common/export.h"
#include "runtime/engine_utilization.h"
#include "runtime/stream.h"

namespace aclnn_host {

/// The monotonic clock at its coarse resolution (a few ms, a few ns to read): every timeout is at
/// least one tick of seconds, so the fine clock's cost is not worth paying on each run.
AH_INTERNAL_API int64_t CoarseMonotonicNs();

/// The timeout of a kernel issued now, in ns: the process's setting in whole ticks of the SoC's
/// hardware (INT64_MAX before aclInit). Taken when the kernel is issued (or captured), as the NPU's
/// task carries its credits from then on.
AH_INTERNAL_API int64_t OpExecuteTimeoutNsForIssue();

/// `result`, or the timeout failure when the run took `elapsed_ns`, past `timeout_ns`.
AH_INTERNAL_API TaskResult CheckOpExecuteTime(const char* op_name, int64_t elapsed_ns, int64_t timeout_ns,
                                              TaskResult result);

/// Runs a kernel task of `device`: timed against the op-execute timeout and counted in the
/// device's engine utilisation (runtime/engine_utilization.h).
template <typename Run>
TaskResult RunKernelTask(const char* op_name, int64_t timeout_ns, int32_t device, Run&& run) {
  // The run's interval ends whatever happens, a throw included (the stream reports that).
  struct BusyInterval {
    int32_t device;
    int64_t start = CoarseMonotonicNs();
    int64_t end = 0;
    explicit BusyInterval(int32_t d) : device(d) { KernelRunStarted(device, start); }
    ~BusyInterval() { KernelRunEnded(device, end != 0 ? end : CoarseMonotonicNs()); }
  } interval(device);
  TaskResult result = run();
  interval.end = CoarseMonotonicNs();
  return CheckOpExecuteTime(op_name, interval.end - interval.start, timeout_ns, std::move(result));
}

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_KERNEL_TASK_H_
