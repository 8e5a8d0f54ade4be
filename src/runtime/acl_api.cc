// extern "C" entry points of libascendcl: argument conversion and exception guards only; the
// behaviour lives in context.cc (init, devices, streams, events) and memory.cc.
#include "acl/acl.h"

#include <chrono>
#include <memory>

#include "common/numerics.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/memory.h"
#include "runtime/settings.h"

using aclnn_host::Fail;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

bool IsHbmAttribute(aclrtMemAttr attr) {
  switch (attr) {
    case ACL_HBM_MEM:
    case ACL_HBM_MEM_HUGE:
    case ACL_HBM_MEM_NORMAL:
    case ACL_HBM_MEM_P2P_HUGE:
    case ACL_HBM_MEM_P2P_NORMAL:
      return true;
    default:
      return false;
  }
}

}  // namespace

extern "C" {

size_t aclDataTypeSize(aclDataType dataType) {
  switch (dataType) {
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
    case ACL_FLOAT6_E3M2:
    case ACL_FLOAT6_E2M3:
    case ACL_FLOAT4_E2M1:
    case ACL_FLOAT4_E1M2:
    case ACL_UINT1:
    case ACL_INT4:
      return 1;
    case ACL_FLOAT16:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_BF16:
      return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32:
      return 4;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
      return 8;
    case ACL_COMPLEX128:
      return 16;
    default:
      return 0;
  }
}

float aclFloat16ToFloat(aclFloat16 value) { return aclnn_host::WidenHalf(value); }

aclFloat16 aclFloatToFloat16(float value) { return aclnn_host::NarrowToHalf(value); }

const char* aclGetRecentErrMsg(void) { return aclnn_host::TakeRecentErrorMessage(); }

aclError aclInit(const char* configPath) {
  return Run("aclInit", [&] { return Runtime::Get().Init("aclInit", configPath); });
}

aclError aclFinalize(void) {
  return Run("aclFinalize", [&] { return Runtime::Get().Finalize("aclFinalize"); });
}

aclError aclFinalizeReference(uint64_t* refCount) {
  return Run("aclFinalizeReference",
             [&] { return Runtime::Get().FinalizeReference("aclFinalizeReference", refCount); });
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
  if (majorVersion == nullptr || minorVersion == nullptr || patchVersion == nullptr) {
    return Fail("aclrtGetVersion", ACL_ERROR_INVALID_PARAM, "a version pointer is nullptr.");
  }
  *majorVersion = ACL_MAJOR_VERSION;
  *minorVersion = ACL_MINOR_VERSION;
  *patchVersion = ACL_PATCH_VERSION;
  return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId) {
  return Run("aclrtSetDevice", [&] { return Runtime::Get().SetDevice("aclrtSetDevice", deviceId); });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return Run("aclrtResetDevice", [&] { return Runtime::Get().ResetDevice("aclrtResetDevice", deviceId); });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return Run("aclrtGetDevice", [&] { return Runtime::Get().GetDevice("aclrtGetDevice", deviceId); });
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  const char* api = "aclrtGetDeviceCount";
  if (count == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "count is nullptr.");
  if (Runtime::Get().profile() == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  *count = Runtime::Get().device_count();
  return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  if (runMode == nullptr) return Fail("aclrtGetRunMode", ACL_ERROR_INVALID_PARAM, "runMode is nullptr.");
  *runMode = ACL_HOST;  // the application always runs on the host
  return ACL_SUCCESS;
}

const char* aclrtGetSocName(void) {
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  return profile == nullptr ? nullptr : profile->name;
}

aclError aclrtSynchronizeDevice(void) {
  return Run("aclrtSynchronizeDevice", [&] { return Runtime::Get().SynchronizeDevice("aclrtSynchronizeDevice"); });
}

aclError aclrtCreateStream(aclrtStream* stream) {
  return Run("aclrtCreateStream", [&] { return Runtime::Get().CreateStream("aclrtCreateStream", stream); });
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return Run("aclrtDestroyStream", [&] { return Runtime::Get().DestroyStream("aclrtDestroyStream", stream); });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return Run("aclrtSynchronizeStream",
             [&] { return Runtime::Get().SynchronizeStream("aclrtSynchronizeStream", stream); });
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  const char* api = "aclrtStreamQuery";
  return Run(api, [&] {
    if (status == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "status is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError result = Runtime::Get().FindStream(api, stream, &target);
    if (result != ACL_SUCCESS) return result;
    const aclError capturing = aclnn_host::RefuseIfCapturing(api, "Querying a stream", *target);
    if (capturing != ACL_SUCCESS) return capturing;
    *status = target->Idle() ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
    return ACL_SUCCESS;
  });
}

aclError aclrtCreateEvent(aclrtEvent* event) {
  return Run("aclrtCreateEvent", [&] { return Runtime::Get().CreateEvent("aclrtCreateEvent", event); });
}

aclError aclrtDestroyEvent(aclrtEvent event) {
  return Run("aclrtDestroyEvent", [&] { return Runtime::Get().DestroyEvent("aclrtDestroyEvent", event); });
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  const char* api = "aclrtRecordEvent";
  return Run(api, [&] { return Runtime::Get().RecordEvent(api, event, stream); });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  const char* api = "aclrtStreamWaitEvent";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Event> target_event;
    aclError result = Runtime::Get().FindEvent(api, event, &target_event);
    if (result != ACL_SUCCESS) return result;
    std::shared_ptr<aclnn_host::Stream> target_stream;
    result = Runtime::Get().FindStream(api, stream, &target_stream);
    if (result != ACL_SUCCESS) return result;
    // The wait targets the event's latest record when it is issued (at each replay, for a capture),
    // or after aclrtResetEvent the next one. It gives up after the op-wait timeout set when it was
    // issued (aclrtSetOpWaitTimeout; 0: never), and the stream's next synchronisation reports that.
    const uint32_t timeout_seconds = aclnn_host::OpWaitTimeoutSeconds();
    auto issue = [target_event, timeout_seconds] {
      const uint64_t issued_target = target_event->IssuedWaitTarget();  // ACL_EVENT_EXTERNAL: decided when run
      return aclnn_host::StreamTask([target_event, issued_target, timeout_seconds] {
        const auto bound = timeout_seconds == 0 ? std::chrono::milliseconds::max()
                                                : std::chrono::milliseconds(std::chrono::seconds(timeout_seconds));
        if (target_event->WaitIssued(issued_target, bound)) return aclnn_host::TaskResult();
        return aclnn_host::TaskResult{
            ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
            aclnn_host::FormatString("aclrtStreamWaitEvent: the event's record did not complete within the op-wait "
                                     "timeout of %u s (aclrtSetOpWaitTimeout).",
                                     timeout_seconds)};
      });
    };
    aclnn_host::CapturedTask wait;
    wait.issue = issue;
    wait.label = aclnn_host::TaskLabel{"EVENT_WAIT", nullptr, event, 0, target_event->flags(), 0};
    const bool queued = target_stream->IssueOrCapture(std::move(wait));
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  const char* api = "aclrtSynchronizeEvent";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Event> target;
    const aclError result = Runtime::Get().FindEvent(api, event, &target);
    if (result != ACL_SUCCESS) return result;
    target->WaitFor(target->LatestRecord());
    return ACL_SUCCESS;
  });
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  const char* api = "aclrtQueryEventStatus";
  return Run(api, [&] {
    if (status == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "status is nullptr.");
    std::shared_ptr<aclnn_host::Event> target;
    const aclError result = Runtime::Get().FindEvent(api, event, &target);
    if (result != ACL_SUCCESS) return result;
    *status = target->IsComplete(target->LatestRecord()) ? ACL_EVENT_RECORDED_STATUS_COMPLETE
                                                         : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    return ACL_SUCCESS;
  });
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const char* api = "aclrtMalloc";
  return Run(api, [&] {
    if (devPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devPtr is nullptr.");
    if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must be greater than 0.");
    const uint32_t bandwidth_flags = ACL_MEM_TYPE_LOW_BAND_WIDTH | ACL_MEM_TYPE_HIGH_BAND_WIDTH;
    if ((static_cast<uint32_t>(policy) & ~bandwidth_flags) > ACL_MEM_MALLOC_HUGE1G_ONLY_P2P) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "malloc policy 0x%x is not valid.", static_cast<unsigned>(policy));
    }
    int32_t device = -1;
    const aclError result = Runtime::Get().RequireContext(api, &device);
    if (result != ACL_SUCCESS) return result;
    return aclnn_host::MemoryRegistry::Get().AllocateDevice(api, devPtr, size, device,
                                                            Runtime::Get().device_memory_capacity());
  });
}

aclError aclrtFree(void* devPtr) {
  const char* api = "aclrtFree";
  return Run(api, [&] {
    if (devPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devPtr is nullptr.");
    int32_t device = -1;
    const aclError result = Runtime::Get().RequireContext(api, &device);
    if (result != ACL_SUCCESS) return result;
    return aclnn_host::MemoryRegistry::Get().FreeDevice(api, devPtr);
  });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  const char* api = "aclrtMallocHost";
  return Run(api, [&] {
    if (hostPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "hostPtr is nullptr.");
    if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must be greater than 0.");
    int32_t device = -1;
    const aclError result = Runtime::Get().RequireContext(api, &device);
    if (result != ACL_SUCCESS) return result;
    return aclnn_host::MemoryRegistry::Get().AllocateHost(api, hostPtr, size);
  });
}

aclError aclrtFreeHost(void* hostPtr) {
  const char* api = "aclrtFreeHost";
  return Run(api, [&] {
    if (hostPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "hostPtr is nullptr.");
    int32_t device = -1;
    const aclError result = Runtime::Get().RequireContext(api, &device);
    if (result != ACL_SUCCESS) return result;
    return aclnn_host::MemoryRegistry::Get().FreeHost(api, hostPtr);
  });
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  const char* api = "aclrtMemcpy";
  return Run(api, [&] { return aclnn_host::CopyMemory(api, dst, destMax, src, count, kind, false, nullptr); });
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
  const char* api = "aclrtMemcpyAsync";
  return Run(api, [&] { return aclnn_host::CopyMemory(api, dst, destMax, src, count, kind, true, stream); });
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  const char* api = "aclrtMemset";
  return Run(api, [&] { return aclnn_host::FillMemory(api, devPtr, maxCount, value, count, false, nullptr); });
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  const char* api = "aclrtMemsetAsync";
  return Run(api, [&] { return aclnn_host::FillMemory(api, devPtr, maxCount, value, count, true, stream); });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
  const char* api = "aclrtGetMemInfo";
  return Run(api, [&] {
    if (free == nullptr || total == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "free or total is nullptr.");
    if (static_cast<int>(attr) < ACL_DDR_MEM || static_cast<int>(attr) > ACL_HBM_MEM_P2P_NORMAL) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "memory attribute %d is not valid.", static_cast<int>(attr));
    }
    int32_t device = -1;
    const aclError result = Runtime::Get().RequireContext(api, &device);
    if (result != ACL_SUCCESS) return result;
    if (!IsHbmAttribute(attr)) {  // the emulated cards have HBM only, no device DDR
      *free = 0;
      *total = 0;
      return ACL_SUCCESS;
    }
    const size_t capacity = static_cast<size_t>(Runtime::Get().device_memory_capacity());
    const size_t used = aclnn_host::MemoryRegistry::Get().UsedBytes(device);
    *total = capacity;
    *free = used >= capacity ? 0 : capacity - used;
    return ACL_SUCCESS;
  });
}

aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode) {
  return Run("aclrtSetDeviceSatMode", [&] { return Runtime::Get().SetOverflowMode("aclrtSetDeviceSatMode", mode); });
}

aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode* mode) {
  return Run("aclrtGetDeviceSatMode", [&] { return Runtime::Get().GetOverflowMode("aclrtGetDeviceSatMode", mode); });
}

}  // extern "C"
