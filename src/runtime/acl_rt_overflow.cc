// extern "C" entry points of the saturation-mode overflow status: aclrtGetOverflowStatus and
// aclrtResetOverflowStatus, and their aliases aclrtGetFloatOverflowStatus and
// aclrtResetFloatOverflowStatus (upstream's rtsGetFloatOverflowStatus calls rtGetDeviceSatStatus).
// Checks, their order and codes follow hicann/runtime (commit 681ef761): api_c.cc's
// rtGetDeviceSatStatus and rtCleanDeviceSatStatus, api_error.cc and api_impl.cc. What raises the
// flag: runtime/overflow_status.h.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "acl/acl.h"
#include "runtime/backend.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/memory.h"
#include "runtime/overflow_status.h"
#include "runtime/stream.h"

using aclnn_host::Fail;
using aclnn_host::Runtime;
using aclnn_host::Stream;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

// The stream a status task goes on: NULL is the current context's default stream (its context
// and device are checked after the arguments, as upstream's ApiImpl does). A device backend's
// kernels raise no flag, so a status read there could only claim "no overflow" (refused first).
aclError StatusStream(const char* api, aclrtStream stream, std::shared_ptr<Stream>* target) {
  if (aclnn_host::ActiveDeviceBackend() != nullptr) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "the device backend's kernels do not record overflow, so there is no overflow status here.");
  }
  return Runtime::Get().FindStream(api, stream, target);
}

aclError GetStatus(const char* api, void* outputAddr, uint64_t outputSize, aclrtStream stream) {
  return Run(api, [&] {
    if (outputAddr == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "outputAddr is nullptr.");
    if (outputSize != aclnn_host::kOverflowStatusBytes) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Output size %llu is invalid. Only %llu bytes are supported.",
                  static_cast<unsigned long long>(outputSize),
                  static_cast<unsigned long long>(aclnn_host::kOverflowStatusBytes));
    }
    std::shared_ptr<Stream> target;
    aclError status = StatusStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    // The status is read now, not at each replay of a capture.
    status = aclnn_host::RefuseIfCapturing(
        api, "Obtaining the overflow status of tasks in all streams on the current device", *target);
    if (status != ACL_SUCCESS) return status;
    // The status lands in device memory by a device-to-device copy upstream: the output must be
    // device memory of the stream's device, whatever ACLNN_HOST_STRICT says.
    const aclnn_host::MemoryRange range{"outputAddr", "", outputAddr, aclnn_host::kOverflowStatusBytes,
                                        aclnn_host::MemoryKind::kDevice};
    aclnn_host::MemoryPins pins;
    std::string problem;
    if (!aclnn_host::MemoryRegistry::Get().CheckAndPin(&range, 1, target->device(), /*strict=*/true, &pins, &problem)) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s", problem.c_str());
    }
    std::atomic<uint32_t>* const word = &aclnn_host::OverflowStatusWord(target->device());
    auto* const output = static_cast<unsigned char*>(outputAddr);
    const bool queued = target->Enqueue(
        [word, output] {
          unsigned char bytes[aclnn_host::kOverflowStatusBytes] = {};
          const uint32_t flag = word->load(std::memory_order_relaxed);
          std::memcpy(bytes, &flag, sizeof(flag));
          std::memcpy(output, bytes, sizeof(bytes));
          return aclnn_host::TaskResult();
        },
        std::move(pins), &range, 1, target->device(), /*always_run=*/false,
        aclnn_host::TaskLabel{"NPU_GET_FLOAT_STATUS"});
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

aclError ResetStatus(const char* api, aclrtStream stream) {
  return Run(api, [&] {
    std::shared_ptr<Stream> target;
    aclError status = StatusStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    // A2/A3/950 clear the status register (upstream's NpuClearFloatStatus), the others the
    // context's overflow buffer (CleanDeviceSatStatus): each refuses a capture in its own words.
    status = aclnn_host::RefuseIfCapturing(
        api,
        aclnn_host::IsA2A3Or950() ? "Clearing the Float exception status flag of the NPU"
                                  : "Clearing the overflow status of tasks in all streams on the current device",
        *target);
    if (status != ACL_SUCCESS) return status;
    std::atomic<uint32_t>* const word = &aclnn_host::OverflowStatusWord(target->device());
    const bool queued = target->Enqueue(
        [word] {
          word->store(0, std::memory_order_relaxed);
          return aclnn_host::TaskResult();
        },
        /*always_run=*/false, aclnn_host::TaskLabel{"NPU_CLEAR_FLOAT_STATUS"});
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

}  // namespace

extern "C" {

aclError aclrtGetOverflowStatus(void* outputAddr, size_t outputSize, aclrtStream stream) {
  return GetStatus("aclrtGetOverflowStatus", outputAddr, outputSize, stream);
}

aclError aclrtResetOverflowStatus(aclrtStream stream) { return ResetStatus("aclrtResetOverflowStatus", stream); }

aclError aclrtGetFloatOverflowStatus(void* outputAddr, uint64_t outputSize, aclrtStream stream) {
  return GetStatus("aclrtGetFloatOverflowStatus", outputAddr, outputSize, stream);
}

aclError aclrtResetFloatOverflowStatus(aclrtStream stream) {
  return ResetStatus("aclrtResetFloatOverflowStatus", stream);
}

}  // extern "C"
