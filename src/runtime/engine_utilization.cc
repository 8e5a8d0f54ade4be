#include "runtime/engine_utilization.h"

#include <algorithm>
#include <mutex>

namespace aclnn_host {
namespace {

constexpr int32_t kMaxTrackedDevices = 64;  // ACLNN_HOST_DEVICE_COUNT's bound

// One device's busy time in the current window, and the figure of the last complete one.
class BusyWindow {
 public:
  // The clock is read before the lock: another thread may have moved the window past `now`
  // meanwhile, so times are clamped to the current window and intervals to at least 0.
  void Started(int64_t now) {
    std::lock_guard<std::mutex> lock(mutex_);
    Advance(now);
    if (running_++ == 0) busy_since_ = std::max(now, window_start_);
  }

  void Ended(int64_t now) {
    std::lock_guard<std::mutex> lock(mutex_);
    Advance(now);
    if (running_ > 0 && --running_ == 0) {
      busy_ns_ += std::max<int64_t>(0, now - std::max(busy_since_, window_start_));
    }
  }

  int32_t LastPercent(int64_t now) {
    std::lock_guard<std::mutex> lock(mutex_);
    Advance(now);
    return last_percent_;
  }

 private:
  // Closes the current window when `now` is past it. Windows skipped entirely were busy throughout
  // when a kernel was running across them, idle otherwise.
  void Advance(int64_t now) {
    const int64_t current = now - now % kUtilizationWindowNs;
    if (current <= window_start_) return;
    const int64_t window_end = window_start_ + kUtilizationWindowNs;
    if (running_ > 0) busy_ns_ += window_end - std::max(busy_since_, window_start_);
    const int64_t closed_percent = std::min<int64_t>(100, busy_ns_ * 100 / kUtilizationWindowNs);
    last_percent_ = current == window_end ? static_cast<int32_t>(closed_percent) : (running_ > 0 ? 100 : 0);
    window_start_ = current;
    busy_ns_ = 0;
  }

  std::mutex mutex_;
  int64_t window_start_ = 0;
  int64_t busy_ns_ = 0;  // in the current window, of the runs that ended
  int64_t busy_since_ = 0;
  int32_t running_ = 0;
  int32_t last_percent_ = 0;
};

BusyWindow* WindowOf(int32_t device) {
  static BusyWindow windows[kMaxTrackedDevices];
  return device >= 0 && device < kMaxTrackedDevices ? &windows[device] : nullptr;
}

}  // namespace

void KernelRunStarted(int32_t device, int64_t now_ns) {
  if (BusyWindow* window = WindowOf(device)) window->Started(now_ns);
}

void KernelRunEnded(int32_t device, int64_t now_ns) {
  if (BusyWindow* window = WindowOf(device)) window->Ended(now_ns);
}

int32_t KernelEngineBusyPercent(int32_t device, int64_t now_ns) {
  BusyWindow* window = WindowOf(device);
  return window != nullptr ? window->LastPercent(now_ns) : 0;
}

}  // namespace aclnn_host
