// What a failed stream task reports to exception callbacks: CANN's opaque aclrtExceptionInfo
// (struct rtExceptionInfo), read through the aclrtGet*FromExceptionInfo functions.
#ifndef ACLNN_HOST_RUNTIME_EXCEPTION_INFO_H_
#define ACLNN_HOST_RUNTIME_EXCEPTION_INFO_H_

#include <cstdint>

struct rtExceptionInfo {
  uint32_t task_id;
  uint32_t stream_id;
  uint32_t thread_id;
  uint32_t device_id;
  uint32_t error_code;
};

#endif  // ACLNN_HOST_RUNTIME_EXCEPTION_INFO_H_
