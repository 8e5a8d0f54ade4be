#include "runtime/settings.h"

#include <atomic>
#include <cmath>

namespace aclnn_host {
namespace {

std::atomic<int64_t> process_sys_params[kProcessSysParamCount];  // zero-initialised (static storage)
std::atomic<uint32_t> op_wait_timeout_seconds{0};
// The op-execute timeout: unset until a program sets it (the hardware's default applies).
std::atomic<bool> op_execute_timeout_set{false};
std::atomic<uint64_t> op_execute_timeout_us{0};

// The runtime's cap on credits computed from a timeout (RT_STARS_MAX_KERNEL_CREDIT), whatever the chip.
constexpr uint32_t kRuntimeMaxCredits = 254;

uint32_t CreditsFor(uint64_t microseconds, double interval_us) {
  if (microseconds == 0) return kRuntimeMaxCredits;
  const double credits = std::ceil(static_cast<double>(microseconds) / interval_us);
  return credits > kRuntimeMaxCredits ? kRuntimeMaxCredits : static_cast<uint32_t>(credits);
}

}  // namespace

int64_t ProcessSysParam(int option) { return process_sys_params[option].load(std::memory_order_relaxed); }

void SetProcessSysParam(int option, int64_t value) {
  process_sys_params[option].store(value, std::memory_order_relaxed);
}

uint32_t OpWaitTimeoutSeconds() { return op_wait_timeout_seconds.load(std::memory_order_relaxed); }

void SetOpWaitTimeoutSeconds(uint32_t seconds) { op_wait_timeout_seconds.store(seconds, std::memory_order_relaxed); }

void SetOpExecuteTimeoutUs(uint64_t microseconds) {
  op_execute_timeout_us.store(microseconds, std::memory_order_relaxed);
  op_execute_timeout_set.store(true, std::memory_order_release);
}

uint32_t OpExecuteTimeoutCredits(const SocProfile& profile) {
  const OpTimeoutHardware hardware = OpTimeoutHardwareOf(profile);
  if (!op_execute_timeout_set.load(std::memory_order_acquire)) return hardware.default_credits;
  const uint32_t credits = CreditsFor(op_execute_timeout_us.load(std::memory_order_relaxed), hardware.interval_us);
  return credits > hardware.max_credits ? hardware.max_credits : credits;
}

uint64_t ActualOpExecuteTimeoutUs(const SocProfile& profile, uint64_t microseconds) {
  const double interval_us = OpTimeoutHardwareOf(profile).interval_us;
  return static_cast<uint64_t>(static_cast<double>(CreditsFor(microseconds, interval_us)) * interval_us);
}

uint32_t ReportedOpExecuteTimeoutMs(const SocProfile& profile) {
  const OpTimeoutHardware hardware = OpTimeoutHardwareOf(profile);
  const double scale = hardware.interval_us;
  const double longest_us = scale * hardware.max_credits;
  double timeout_us = scale * hardware.default_credits;
  if (op_execute_timeout_set.load(std::memory_order_acquire)) {
    const uint64_t set_us = op_execute_timeout_us.load(std::memory_order_relaxed);
    if (set_us == 0 || static_cast<double>(set_us) > longest_us) {
      timeout_us = longest_us;
    } else {
      // The runtime's round-up, (t + tick - 1) / tick truncated: with a fractional tick, a timeout
      // less than 1 us above a whole number of ticks reads back one tick short of its credits.
      const uint64_t credits = static_cast<uint64_t>((static_cast<double>(set_us) + scale - 1) / scale);
      timeout_us = scale * static_cast<double>(credits);
    }
  }
  return static_cast<uint32_t>(std::ceil(timeout_us / 1000.0));
}

}  // namespace aclnn_host
