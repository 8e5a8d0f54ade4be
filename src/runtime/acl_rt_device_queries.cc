// extern "C" entry points that describe the emulated devices: id mappings, the process id CANN's
// shareable handles name, aclGetDeviceCapability's platform figures, the streams a device may
// still create and the task-scheduler choice. Checks, their order and codes follow hicann/runtime
// (commit 681ef761): src/acl/aclrt_impl/device.cpp, memory.cpp, stream.cpp, src/acl/acl.cpp and
// the runtime's api_c_device.cc and api_error.cc.
//
// The emulated devices are not behind ASCEND_RT_VISIBLE_DEVICES and not in a container, so, as on
// such a machine, user, logical and physical ids are the same.
#include <unistd.h>

#include <cinttypes>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/engine_utilization.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/kernel_task.h"
#include "runtime/soc_profile.h"

using aclnn_host::Fail;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

// One mapping: NULL output 100000, a negative id 107000, an id no device has 107001 (before
// aclInit: 100001); the id maps to itself.
aclError MapDeviceId(const char* api, const char* name, int32_t id, int32_t* mapped) {
  if (mapped == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "the output id is nullptr.");
  if (id < 0) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s %d is negative.", name, id);
  return Run(api, [&] {
    if (Runtime::Get().profile() == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    const uint32_t count = Runtime::Get().device_count();
    if (static_cast<uint32_t>(id) >= count) {
      return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "%s %d is out of range [0, %u).", name, id, count);
    }
    *mapped = id;
    return ACL_SUCCESS;
  });
}

}  // namespace

extern "C" {

aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t* const logicDevId) {
  return MapDeviceId("aclrtGetLogicDevIdByUserDevId", "userDevid", userDevid, logicDevId);
}

aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t* const userDevid) {
  return MapDeviceId("aclrtGetUserDevIdByLogicDevId", "logicDevId", logicDevId, userDevid);
}

aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId, int32_t* const logicDevId) {
  return MapDeviceId("aclrtGetLogicDevIdByPhyDevId", "phyDevId", phyDevId, logicDevId);
}

aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t* const phyDevId) {
  return MapDeviceId("aclrtGetPhyDevIdByLogicDevId", "logicDevId", logicDevId, phyDevId);
}

aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t* const userDevId) {
  return MapDeviceId("aclrtGetUserDevIdByPhyDevId", "phyDevId", phyDevId, userDevId);
}

aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t* const phyDevId) {
  return MapDeviceId("aclrtGetPhyDevIdByUserDevId", "userDevId", userDevId, phyDevId);
}

// The process's id: the emulated devices run in it (no virtual machine between them and it).
aclError aclrtDeviceGetBareTgid(int32_t* pid) {
  const char* api = "aclrtDeviceGetBareTgid";
  if (pid == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "pid is nullptr.");
  *pid = static_cast<int32_t>(getpid());
  return ACL_SUCCESS;
}

// The figures of the SoC's platform config (soc_profile.h, PlatformSocInfo), as CANN's acl.cpp
// reads them: the device id is only range-checked.
aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t* value) {
  const char* api = "aclGetDeviceCapability";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  return Run(api, [&] {
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    const uint32_t count = Runtime::Get().device_count();
    if (deviceId > count - 1) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "deviceId %u greater than deviceNum %u.", deviceId, count);
    }
    if (deviceInfo != ACL_DEVICE_INFO_AI_CORE_NUM && deviceInfo != ACL_DEVICE_INFO_VECTOR_CORE_NUM &&
        deviceInfo != ACL_DEVICE_INFO_L2_SIZE) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "deviceInfo %d is invalid.", static_cast<int>(deviceInfo));
    }
    const aclnn_host::PlatformSocInfo* info = aclnn_host::FindPlatformSocInfo(profile->name);
    if (info == nullptr) {
      return Fail(api, ACL_ERROR_INTERNAL_ERROR,
                  "CANN publishes no platform config named %s, so its platform figures are unknown.", profile->name);
    }
    switch (deviceInfo) {
      case ACL_DEVICE_INFO_AI_CORE_NUM:
        *value = info->ai_core_count;
        break;
      case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
        *value = info->vector_core_count;
        break;
      default:
        *value = static_cast<int64_t>(info->l2_size);
        break;
    }
    return ACL_SUCCESS;
  });
}

// aclrtGetErrorVerbose: the device fault that stopped its tasks (upstream's ApiImpl::GetErrorVerbose
// reports HBM UCE errors and link errors, read from the driver). The emulated device has no HBM
// and no links, so it never has such a fault: the answer is upstream's for a healthy device.
aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo* errorInfo) {
  const char* api = "aclrtGetErrorVerbose";
  if (errorInfo == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "errorInfo is nullptr.");
  return Run(api, [&] {
    if (Runtime::Get().profile() == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    const aclError supported = aclnn_host::RequireA2A3Or950(api, "Obtaining detailed error information");
    if (supported != ACL_SUCCESS) return supported;
    const uint32_t count = Runtime::Get().device_count();
    if (static_cast<uint32_t>(deviceId) >= count) {  // a negative id is a huge one, as upstream's uint32_t
      return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID,
                  "Obtaining detailed error information: deviceId %u is out of range [0,%u).",
                  static_cast<uint32_t>(deviceId), count);
    }
    errorInfo->tryRepair = 0;
    errorInfo->hasDetail = 0;
    errorInfo->errorType = ACL_RT_NO_ERROR;
    errorInfo->detail.aicoreErrType = ACL_RT_AICORE_ERROR_UNKNOWN;  // upstream copies its zeroed detail
    return ACL_SUCCESS;
  });
}

// aclrtGetDeviceUtilizationRate (upstream's device.cpp and the runtime's GetAllUtilizations): each
// engine's busy percentage, -1 where it cannot be read. The table's kernels are vector kernels:
// they run on the AIV cores of Atlas A2/A3 and Ascend 950, where the cube cores (the "AI core"
// figure) stay idle, and on the AI cores of the other parts, whose separate vector cores (310P, 310B),
// where present, stay idle; -1 for the vector cores of a part without them, as the driver's "not
// supported". No AI CPU task ever runs (0). The memory figure is -1 on every part, as upstream's
// ("Currently, memory is not supported").
aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo* utilizationInfo) {
  const char* api = "aclrtGetDeviceUtilizationRate";
  if (utilizationInfo == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "utilizationInfo is nullptr.");
  if (utilizationInfo->utilizationExtend != nullptr) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "utilizationInfo->utilizationExtend is a reserved parameter and must be nullptr.");
  }
  return Run(api, [&] {
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    constexpr int32_t kNotReadable = -1;
    utilizationInfo->memoryUtilization = kNotReadable;
    // Upstream turns a failed engine query (an id no device has) into -1 and still succeeds.
    if (static_cast<uint32_t>(deviceId) >= Runtime::Get().device_count()) {
      utilizationInfo->cubeUtilization = utilizationInfo->vectorUtilization = kNotReadable;
      utilizationInfo->aicpuUtilization = kNotReadable;
      return ACL_SUCCESS;
    }
    const int32_t busy = aclnn_host::KernelEngineBusyPercent(deviceId, aclnn_host::CoarseMonotonicNs());
    const aclnn_host::PlatformSocInfo* platform = aclnn_host::FindPlatformSocInfo(profile->name);
    const bool kernels_on_vector_cores = aclnn_host::IsA2A3Or950();
    const bool has_vector_cores = kernels_on_vector_cores || (platform != nullptr && platform->vector_core_count > 0);
    utilizationInfo->cubeUtilization = kernels_on_vector_cores ? 0 : busy;
    utilizationInfo->vectorUtilization = !has_vector_cores ? kNotReadable : (kernels_on_vector_cores ? busy : 0);
    utilizationInfo->aicpuUtilization = 0;
    return ACL_SUCCESS;
  });
}

aclError aclrtGetStreamAvailableNum(uint32_t* streamCount) {
  const char* api = "aclrtGetStreamAvailableNum";
  if (streamCount == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "streamCount is nullptr.");
  return Run(api, [&] { return Runtime::Get().AvailableStreams(api, streamCount); });
}

// Every emulated SoC has one task scheduler, where CANN's runtime accepts either id and changes
// nothing; other ids are 100000.
aclError aclrtSetTsDevice(aclrtTsId tsId) {
  const char* api = "aclrtSetTsDevice";
  if (tsId != ACL_TS_ID_AICORE && tsId != ACL_TS_ID_AIVECTOR) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "tsId is invalid, must be ACL_TS_ID_AICORE or ACL_TS_ID_AIVECTOR. value=%d", static_cast<int>(tsId));
  }
  return ACL_SUCCESS;
}

}  // extern "C"
