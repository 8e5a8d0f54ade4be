// How busy each emulated device's kernel engine is: the figures of aclrtGetDeviceUtilizationRate.
// On the NPU the driver samples each engine's busy cycles over a period and reports a percentage.
// Here a device is busy while at least one of its kernel tasks runs (operator runs and stand-ins,
// on any of its streams), measured on the coarse monotonic clock around each run, and the figure is
// the busy share of the last complete window of kUtilizationWindowNs (aclnn-host's decision: the
// driver's period is not published). Windows are aligned to the clock, so every reader of a
// device sees the same figure within a window.
#ifndef ACLNN_HOST_RUNTIME_ENGINE_UTILIZATION_H_
#define ACLNN_HOST_RUNTIME_ENGINE_UTILIZATION_H_

#include <cstdint>

#include "common/export.h"

namespace aclnn_host {

constexpr int64_t kUtilizationWindowNs = 100 * 1000 * 1000;

/// A kernel task of `device` starts (ends) running at `now_ns`; ids outside [0, 64) are ignored.
AH_INTERNAL_API void KernelRunStarted(int32_t device, int64_t now_ns);
AH_INTERNAL_API void KernelRunEnded(int32_t device, int64_t now_ns);

/// The percentage (0-100, rounded down) of the last complete window before `now_ns` during which
/// `device` ran at least one kernel task.
AH_INTERNAL_API int32_t KernelEngineBusyPercent(int32_t device, int64_t now_ns);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_ENGINE_UTILIZATION_H_
