// The saturation-mode overflow status (aclrtGetOverflowStatus, aclrtResetOverflowStatus and the
// float-overflow aliases, the stream overflow switch). On the NPU a kernel that saturates a result
// (an overflow to +-inf, or a NaN, replaced by +-max or 0) raises a status flag; the program reads
// it with a stream task and clears it with another. Here a kernel issued in saturation mode on a
// stream whose detection is on gets the flag's word and raises it when saturation changed a value
// of its result (base/elementwise.cc). Where the flag lives follows upstream's product split: one
// for the process on Atlas A2/A3 and Ascend 950 (the stars chips' status register, "process level"
// in CANN's docs), one per device elsewhere: upstream's is the context's overflow buffer, which the
// kernels write; here a device's contexts share one (aclnn-host's decision).
#ifndef ACLNN_HOST_RUNTIME_OVERFLOW_STATUS_H_
#define ACLNN_HOST_RUNTIME_OVERFLOW_STATUS_H_

#include <atomic>
#include <cstdint>

#include "acl/acl_rt.h"
#include "common/export.h"

namespace aclnn_host {

class Stream;

/// The bytes a status read writes: upstream's OVERFLOW_OUTPUT_SIZE. The first 32-bit word is the
/// flag (1 after an overflow, 0 after a reset), the rest is zero.
constexpr uint64_t kOverflowStatusBytes = 64;

/// Whether tasks issued now on `stream` record overflow: the stream's switch on Atlas A2/A3 and
/// Ascend 950 (off by default), always elsewhere (CANN has no switch there: Get reports 1).
AH_INTERNAL_API bool OverflowDetectionOn(const Stream& stream);

/// The flag a kernel issued now on `stream` raises, or nullptr when it records nothing: detection
/// off, or the INF_NAN mode (whose results carry their infs and NaNs themselves).
AH_INTERNAL_API std::atomic<uint32_t>* OverflowStatusWordForIssue(const Stream& stream,
                                                                  aclrtFloatOverflowMode overflow_mode);

/// The flag the status tasks of `device` read and clear.
AH_INTERNAL_API std::atomic<uint32_t>& OverflowStatusWord(int32_t device);

/// Clears `device`'s flag (its primary context is created afresh, with a zeroed overflow buffer).
AH_INTERNAL_API void ClearOverflowStatusOfDevice(int32_t device);

/// Clears every flag (aclInit: a new runtime starts without overflow).
AH_INTERNAL_API void ClearAllOverflowStatus();

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_OVERFLOW_STATUS_H_
