// AscendCL's base functions with a host meaning: data buffers, the application log, the CANN
// attribute queries and the readers of exception information.
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <new>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/exception_info.h"

struct aclDataBuffer {
  void* data;
  size_t size;
};

namespace {

using aclnn_host::Fail;

constexpr uint32_t kNoExceptionField = 0xFFFFFFFFu;  // what the readers return for a NULL info
constexpr size_t kAppLogLimit = 1024;                // bytes of one formatted line, NUL included
constexpr char kTruncatedMark[] = "...[truncated]";

const char* LevelName(aclLogLevel level) {
  switch (level) {
    case ACL_DEBUG:
      return "DEBUG";
    case ACL_INFO:
      return "INFO";
    case ACL_WARNING:
      return "WARNING";
    case ACL_ERROR:
      return "ERROR";
  }
  return "UNKNOWN";
}

}  // namespace

extern "C" {

aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) { return new (std::nothrow) aclDataBuffer{data, size}; }

aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  if (dataBuffer == nullptr) return Fail("aclDestroyDataBuffer", ACL_ERROR_INVALID_PARAM, "dataBuffer is nullptr.");
  delete dataBuffer;
  return ACL_SUCCESS;
}

aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
  if (dataBuffer == nullptr) return Fail("aclUpdateDataBuffer", ACL_ERROR_INVALID_PARAM, "dataBuffer is nullptr.");
  dataBuffer->data = data;
  dataBuffer->size = size;
  return ACL_SUCCESS;
}

void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? nullptr : dataBuffer->data;
}

// CANN's deprecated 32-bit size: sizes of 4 GiB and more do not fit and are truncated, as there.
uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? 0u : static_cast<uint32_t>(dataBuffer->size);
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) { return dataBuffer == nullptr ? 0u : dataBuffer->size; }

// Warnings and errors go to stderr (CANN writes its log files instead); debug and info are dropped.
void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line, const char* fmt, ...) {
  if (fmt == nullptr || (logLevel != ACL_WARNING && logLevel != ACL_ERROR)) return;
  char text[kAppLogLimit];
  va_list args;
  va_start(args, fmt);
  const int length = std::vsnprintf(text, sizeof(text), fmt, args);
  va_end(args);
  if (length < 0) return;
  if (static_cast<size_t>(length) >= sizeof(text)) {
    std::memcpy(text + sizeof(text) - sizeof(kTruncatedMark), kTruncatedMark, sizeof(kTruncatedMark));
  }
  std::fprintf(stderr, "[%s] APP(%s:%u) %s: %s\n", LevelName(logLevel), file != nullptr ? file : "?", line,
               func != nullptr ? func : "?", text);
}

aclError aclGetCannAttributeList(const aclCannAttr** cannAttrList, size_t* num) {
  const char* api = "aclGetCannAttributeList";
  if (cannAttrList == nullptr || num == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "an output is nullptr.");
  const aclnn_host::SocProfile* profile = aclnn_host::Runtime::Get().profile();
  if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  static const aclCannAttr kWithBf16[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};
  static const aclCannAttr kInfNanOnly[] = {ACL_CANN_ATTR_INF_NAN};
  static const aclCannAttr kBf16Only[] = {ACL_CANN_ATTR_BF16};
  const bool inf_nan = !profile->saturation_only;
  if (inf_nan && profile->supports_bf16) {
    *cannAttrList = kWithBf16;
    *num = 2;
  } else if (inf_nan) {
    *cannAttrList = kInfNanOnly;
    *num = 1;
  } else if (profile->supports_bf16) {
    *cannAttrList = kBf16Only;
    *num = 1;
  } else {
    *cannAttrList = nullptr;
    *num = 0;
  }
  return ACL_SUCCESS;
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t* value) {
  const char* api = "aclGetCannAttribute";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  const aclnn_host::SocProfile* profile = aclnn_host::Runtime::Get().profile();
  if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  switch (cannAttr) {
    case ACL_CANN_ATTR_INF_NAN:
      *value = profile->saturation_only ? 0 : 1;
      return ACL_SUCCESS;
    case ACL_CANN_ATTR_BF16:
      *value = profile->supports_bf16 ? 1 : 0;
      return ACL_SUCCESS;
    case ACL_CANN_ATTR_JIT_COMPILE:  // no operator compiler: every kernel is built in
      *value = 0;
      return ACL_SUCCESS;
    case ACL_CANN_ATTR_UNDEFINED:
      break;
  }
  return Fail(api, ACL_ERROR_INVALID_PARAM, "cannAttr %d is not a CANN attribute.", static_cast<int>(cannAttr));
}

uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? kNoExceptionField : info->task_id;
}

uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? kNoExceptionField : info->stream_id;
}

uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? kNoExceptionField : info->thread_id;
}

uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? kNoExceptionField : info->device_id;
}

uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? kNoExceptionField : info->error_code;
}

}  // extern "C"

extern "C" {

aclError aclrtPeekAtLastError(aclrtLastErrLevel level) {
  if (level != ACL_RT_THREAD_LEVEL) {
    return Fail("aclrtPeekAtLastError", ACL_ERROR_INVALID_PARAM, "level must be ACL_RT_THREAD_LEVEL (0).");
  }
  return aclnn_host::LastRuntimeError(false);
}

aclError aclrtGetLastError(aclrtLastErrLevel level) {
  if (level != ACL_RT_THREAD_LEVEL) {
    return Fail("aclrtGetLastError", ACL_ERROR_INVALID_PARAM, "level must be ACL_RT_THREAD_LEVEL (0).");
  }
  return aclnn_host::LastRuntimeError(true);
}

}  // extern "C"
