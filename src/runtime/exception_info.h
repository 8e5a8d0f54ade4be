// What a failed stream task reports to exception callbacks: CANN's opaque aclrtExceptionInfo
// (struct rtExceptionInfo), read through the aclrtGet*FromExceptionInfo functions.
#ifndef ACLNN_HOST_RUNTIME_EXCEPTION_INFO_H_
#define ACLNN_HOST_RUNTIME_EXCEPTION_INFO_H_

#include <cstdint>

#include "common/export.h"

struct rtExceptionInfo {
  uint32_t task_id;
  uint32_t stream_id;
  uint32_t thread_id;
  uint32_t device_id;
  uint32_t error_code;
};

namespace aclnn_host {

/// Calls every exception callback (aclrtSetExceptionInfoCallback's and those of
/// aclrtExceptionInfoCallbackRegister) for a stream task that failed with `error_code`; the info
/// they read lives for the calls only. Called by the stream that ran the task, on the thread that
/// ran it, outside every runtime lock.
AH_INTERNAL_API void NotifyTaskException(uint32_t task_id, uint32_t stream_id, uint32_t device_id, uint32_t error_code);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_EXCEPTION_INFO_H_
