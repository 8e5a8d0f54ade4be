#include "runtime/overflow_status.h"

#include "runtime/context.h"
#include "runtime/stream.h"

namespace aclnn_host {
namespace {

// Devices are numbered below 64 (context.cc's kMaxDeviceCount); the last word is the process's.
constexpr int32_t kDeviceWords = 64;
std::atomic<uint32_t> g_status_words[kDeviceWords + 1];

}  // namespace

bool OverflowDetectionOn(const Stream& stream) { return !IsA2A3Or950() || stream.overflow_check(); }

std::atomic<uint32_t>& OverflowStatusWord(int32_t device) {
  if (IsA2A3Or950() || device < 0 || device >= kDeviceWords) return g_status_words[kDeviceWords];
  return g_status_words[device];
}

std::atomic<uint32_t>* OverflowStatusWordForIssue(const Stream& stream, aclrtFloatOverflowMode overflow_mode) {
  if (overflow_mode != ACL_RT_OVERFLOW_MODE_SATURATION || !OverflowDetectionOn(stream)) return nullptr;
  return &OverflowStatusWord(stream.device());
}

void ClearOverflowStatusOfDevice(int32_t device) {
  // The process's flag (A2/A3/950) outlives a device's contexts, as the register does.
  if (!IsA2A3Or950() && device >= 0 && device < kDeviceWords) {
    g_status_words[device].store(0, std::memory_order_relaxed);
  }
}

void ClearAllOverflowStatus() {
  for (std::atomic<uint32_t>& word : g_status_words) word.store(0, std::memory_order_relaxed);
}

}  // namespace aclnn_host
