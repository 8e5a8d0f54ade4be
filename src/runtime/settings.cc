#include "runtime/settings.h"

#include <atomic>

namespace aclnn_host {
namespace {

std::atomic<int64_t> process_sys_params[kProcessSysParamCount];  // zero-initialised (static storage)
std::atomic<uint32_t> op_wait_timeout_seconds{0};

}  // namespace

int64_t ProcessSysParam(int option) { return process_sys_params[option].load(std::memory_order_relaxed); }

void SetProcessSysParam(int option, int64_t value) {
  process_sys_params[option].store(value, std::memory_order_relaxed);
}

uint32_t OpWaitTimeoutSeconds() { return op_wait_timeout_seconds.load(std::memory_order_relaxed); }

void SetOpWaitTimeoutSeconds(uint32_t seconds) { op_wait_timeout_seconds.store(seconds, std::memory_order_relaxed); }

}  // namespace aclnn_host
