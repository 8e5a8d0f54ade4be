// extern "C" entry points of explicit contexts and forced teardown (the behaviour: context.cc).
//
// Forced teardown drains: aclrtResetDeviceForce and aclrtDestroyStreamForce let every task already
// queued run to completion before the streams go. A host thread cannot be pre-empted mid-task, and
// dropping queued tasks would leave the events they record never completing and the memory they
// pin pinned; draining keeps both consistent. What "force" adds: aclrtResetDeviceForce releases the
// device whatever its reference count (every aclrtSetDevice and every explicit context on it).
#include <cstdio>
#include <memory>
#include <mutex>
#include <set>
#include <utility>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/memory.h"
#include "runtime/soc_profile.h"

using aclnn_host::Fail;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

}  // namespace

extern "C" {

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  const char* api = "aclrtCreateContext";
  return Run(api, [&] { return Runtime::Get().CreateContext(api, context, deviceId); });
}

aclError aclrtDestroyContext(aclrtContext context) {
  const char* api = "aclrtDestroyContext";
  return Run(api, [&] { return Runtime::Get().DestroyContext(api, context); });
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  const char* api = "aclrtSetCurrentContext";
  return Run(api, [&] { return Runtime::Get().SetCurrentContext(api, context); });
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  const char* api = "aclrtGetCurrentContext";
  return Run(api, [&] { return Runtime::Get().GetCurrentContext(api, context); });
}

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) {
  const char* api = "aclrtCtxGetCurrentDefaultStream";
  return Run(api, [&] { return Runtime::Get().GetCurrentDefaultStream(api, stream); });
}

aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t* flags, int32_t* active) {
  const char* api = "aclrtGetPrimaryCtxState";
  return Run(api, [&] { return Runtime::Get().GetPrimaryContextState(api, deviceId, flags, active); });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  const char* api = "aclrtResetDeviceForce";
  return Run(api, [&] { return Runtime::Get().ResetDeviceForce(api, deviceId); });
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  const char* api = "aclrtDestroyStreamForce";
  return Run(api, [&] { return Runtime::Get().DestroyStream(api, stream); });
}

}  // extern "C"

namespace {

bool ValidResType(aclrtDevResLimitType type) {
  return type == ACL_RT_DEV_RES_CUBE_CORE || type == ACL_RT_DEV_RES_VECTOR_CORE;
}

aclError BadResType(const char* api, aclrtDevResLimitType type) {
  return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "type %d is invalid: expected [0, 2).", static_cast<int>(type));
}

aclError NegativeDevice(const char* api, int32_t deviceId) {
  return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "device id %d is negative.", deviceId);
}

// Finds `stream` (NULL: the default stream), then checks `type`, in CANN's order.
aclError FindLimitedStream(const char* api, aclrtStream stream, const aclrtDevResLimitType* type,
                           std::shared_ptr<aclnn_host::Stream>* target) {
  const aclError status = Runtime::Get().FindStream(api, stream, target);
  if (status != ACL_SUCCESS) return status;
  if (type != nullptr && !ValidResType(*type)) return BadResType(api, *type);
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

// Resource limits, as CANN's runtime (api_impl.cc SetDeviceResLimit...): a device's limit is the
// process's for that device (it goes with the device's last reset); a stream's overrides it for
// work bound to the stream; phase one tiles for the calling thread's limit (see TilingVectorCores).
aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t* value) {
  const char* api = "aclrtGetDeviceResLimit";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  if (deviceId < 0) return NegativeDevice(api, deviceId);
  if (!ValidResType(type)) return BadResType(api, type);
  return Run(api, [&] { return Runtime::Get().GetDeviceCoreLimit(api, deviceId, type, value); });
}

aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value) {
  const char* api = "aclrtSetDeviceResLimit";
  if (deviceId < 0) return NegativeDevice(api, deviceId);
  if (!ValidResType(type)) return BadResType(api, type);
  return Run(api, [&] { return Runtime::Get().SetDeviceCoreLimit(api, deviceId, type, value); });
}

aclError aclrtResetDeviceResLimit(int32_t deviceId) {
  const char* api = "aclrtResetDeviceResLimit";
  if (deviceId < 0) return NegativeDevice(api, deviceId);
  return Run(api, [&] { return Runtime::Get().ResetDeviceCoreLimits(api, deviceId); });
}

aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t* value) {
  const char* api = "aclrtGetStreamResLimit";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = FindLimitedStream(api, stream, &type, &target);
    if (status != ACL_SUCCESS) return status;
    return Runtime::Get().GetStreamCoreLimit(api, *target, type, value);
  });
}

aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value) {
  const char* api = "aclrtSetStreamResLimit";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = FindLimitedStream(api, stream, &type, &target);
    if (status != ACL_SUCCESS) return status;
    return Runtime::Get().SetStreamCoreLimit(api, *target, type, value);
  });
}

aclError aclrtResetStreamResLimit(aclrtStream stream) {
  const char* api = "aclrtResetStreamResLimit";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = FindLimitedStream(api, stream, nullptr, &target);
    if (status != ACL_SUCCESS) return status;
    for (auto& limit : target->core_limits) limit.store(-1);
    return ACL_SUCCESS;
  });
}

aclError aclrtUseStreamResInCurrentThread(aclrtStream stream) {
  const char* api = "aclrtUseStreamResInCurrentThread";
  return Run(api, [&] { return Runtime::Get().UseStreamCoresInThread(api, stream, true); });
}

aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream) {
  const char* api = "aclrtUnuseStreamResInCurrentThread";
  return Run(api, [&] { return Runtime::Get().UseStreamCoresInThread(api, stream, false); });
}

aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t* value) {
  const char* api = "aclrtGetResInCurrentThread";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  if (!ValidResType(type)) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "type %d is not an aclrtDevResLimitType.", static_cast<int>(type));
  }
  return Run(api, [&] { return Runtime::Get().ThreadCoreLimit(api, type, value); });
}

}  // extern "C"

extern "C" {

// What the SoC profile knows: the vector cores (the spec's AIV count; AI cores on the A1 parts),
// the cube cores of the Atlas A2/A3 parts (half the vector cores) and the device memory. The
// other attributes are not known for the emulated parts: 207000.
aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value) {
  const char* api = "aclrtGetDeviceInfo";
  return Run(api, [&] {
    if (value == nullptr) return aclnn_host::Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    if (profile == nullptr) return aclnn_host::Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    if (deviceId >= Runtime::Get().device_count()) {
      return aclnn_host::Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "device id %u is out of range [0, %u).", deviceId,
                              Runtime::Get().device_count());
    }
    const bool paired =
        profile->series == aclnn_host::SocSeries::kAtlasA2 || profile->series == aclnn_host::SocSeries::kAtlasA3;
    switch (attr) {
      case ACL_DEV_ATTR_VECTOR_CORE_NUM:
        if (!paired) break;
        *value = profile->vector_core_count;
        return ACL_SUCCESS;
      case ACL_DEV_ATTR_AICORE_CORE_NUM:
      case ACL_DEV_ATTR_CUBE_CORE_NUM:
        if (!paired) break;
        *value = profile->vector_core_count / 2;
        return ACL_SUCCESS;
      case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE:
        *value = static_cast<int64_t>(Runtime::Get().device_memory_capacity());
        return ACL_SUCCESS;
      default:
        break;
    }
    return aclnn_host::Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                            "attribute %d of %s is not known to aclnn-host (it knows the vector and cube cores of "
                            "Atlas A2/A3 parts and the device memory size).",
                            static_cast<int>(attr), profile->name);
  });
}

}  // extern "C"

namespace {

// aclInit called and `device_id` a device of the profile: the checks of the device queries below.
aclError CheckDeviceId(const char* api, int32_t device_id) {
  if (Runtime::Get().profile() == nullptr)
    return aclnn_host::Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (device_id < 0 || static_cast<uint32_t>(device_id) >= Runtime::Get().device_count()) {
    return aclnn_host::Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "device id %d is out of range [0, %u).", device_id,
                            Runtime::Get().device_count());
  }
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

// An emulated device never becomes abnormal: a failed task fails its stream, not the device.
aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus* deviceStatus) {
  const char* api = "aclrtQueryDeviceStatus";
  return Run(api, [&] {
    if (deviceStatus == nullptr) return aclnn_host::Fail(api, ACL_ERROR_INVALID_PARAM, "deviceStatus is nullptr.");
    const aclError status = CheckDeviceId(api, deviceId);
    if (status != ACL_SUCCESS) return status;
    *deviceStatus = ACL_RT_DEVICE_STATUS_NORMAL;
    return ACL_SUCCESS;
  });
}

// A UUID that is stable across runs and distinct per SoC profile and device (an RFC 9562 version-8
// layout): bytes 0-7 the FNV-1a hash of the profile's name, bytes 8-11 "ahst" with the version and
// variant bits set, bytes 12-15 the device id, big-endian.
// The features upstream's runtime answers (hicann/runtime api_c_device.cc): task update of AI Core
// and vector tasks (chips with the tiling-key sink: Atlas A2, A3 and Ascend 950) and queue events
// across devices (a driver feature: the emulated devices have no queues). The two internal
// values it also accepts (10001, 20001) return raw driver figures, which do not exist here.
aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType, int32_t* value) {
  const char* api = "aclrtGetDeviceCapability";
  return Run(api, [&] {
    if (value == nullptr) return aclnn_host::Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
    const int type = static_cast<int>(devFeatureType);
    constexpr int kAicpuScheduleType = 10001, kTaskIdBitWidth = 20001;
    if (type != ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV && type != ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV &&
        type != kAicpuScheduleType && type != kTaskIdBitWidth) {
      return aclnn_host::Fail(api, ACL_ERROR_RT_PARAM_INVALID, "devFeatureType %d is not a device feature.", type);
    }
    aclError status = CheckDeviceId(api, deviceId);
    if (status != ACL_SUCCESS) return status;
    int32_t current = -1;
    status = Runtime::Get().RequireContext(api, &current);
    if (status != ACL_SUCCESS) return status;
    if (type == kAicpuScheduleType || type == kTaskIdBitWidth) {
      return aclnn_host::Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                              "devFeatureType %d reports a figure of the device's AI CPU or task scheduler firmware, "
                              "which the emulated device does not have.",
                              type);
    }
    const aclnn_host::SocSeries series = Runtime::Get().profile()->series;
    const bool task_update = series == aclnn_host::SocSeries::kAtlasA2 || series == aclnn_host::SocSeries::kAtlasA3 ||
                             series == aclnn_host::SocSeries::kAscend950;
    *value = type == ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV && task_update ? ACL_DEV_FEATURE_SUPPORT
                                                                                  : ACL_DEV_FEATURE_NOT_SUPPORT;
    return ACL_SUCCESS;
  });
}

aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid* uuid) {
  const char* api = "aclrtDeviceGetUuid";
  return Run(api, [&] {
    if (uuid == nullptr) return aclnn_host::Fail(api, ACL_ERROR_INVALID_PARAM, "uuid is nullptr.");
    const aclError status = CheckDeviceId(api, deviceId);
    if (status != ACL_SUCCESS) return status;
    uint64_t hash = 14695981039346656037ull;
    for (const char* c = Runtime::Get().profile()->name; *c != '\0'; ++c) {
      hash = (hash ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
    }
    unsigned char bytes[16];
    for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(hash >> (56 - 8 * i));
    bytes[8] = 'a';
    bytes[9] = 'h';
    bytes[10] = 's';
    bytes[11] = 't';
    bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0F) | 0x80);  // version 8
    bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3F) | 0x80);  // variant 10
    const uint32_t id = static_cast<uint32_t>(deviceId);
    for (int i = 0; i < 4; ++i) bytes[12 + i] = static_cast<unsigned char>(id >> (24 - 8 * i));
    for (int i = 0; i < 16; ++i) uuid->bytes[i] = static_cast<char>(bytes[i]);
    return ACL_SUCCESS;
  });
}

// One component: the device memory of aclrtMalloc and its variants (the emulated device has no
// runtime, driver or DVPP pools of its own). CANN's product table leaves Ascend 950 out: 207000 there.
aclError aclrtGetMemUsageInfo(int32_t deviceId, aclrtMemUsageInfo* memUsageInfo, size_t inputNum, size_t* outputNum) {
  const char* api = "aclrtGetMemUsageInfo";
  return Run(api, [&] {
    if (outputNum == nullptr || (memUsageInfo == nullptr && inputNum > 0)) {
      return aclnn_host::Fail(api, ACL_ERROR_INVALID_PARAM, "memUsageInfo (with inputNum %zu) or outputNum is nullptr.",
                              inputNum);
    }
    const aclError status = CheckDeviceId(api, deviceId);
    if (status != ACL_SUCCESS) return status;
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    if (profile->series == aclnn_host::SocSeries::kAscend950) {
      return aclnn_host::Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                              "aclrtGetMemUsageInfo is not supported on %s (CANN supports it on Atlas A2/A3 only).",
                              profile->name);
    }
    *outputNum = inputNum > 0 ? 1 : 0;
    if (inputNum == 0) return ACL_SUCCESS;
    aclrtMemUsageInfo info{};
    std::snprintf(info.name, sizeof(info.name), "%s", "aclrtMalloc");
    info.curMemSize = aclnn_host::MemoryRegistry::Get().UsedBytes(deviceId);
    info.memPeakSize = aclnn_host::MemoryRegistry::Get().PeakBytes(deviceId);
    memUsageInfo[0] = info;
    return ACL_SUCCESS;
  });
}

aclError aclrtGetEventAvailNum(uint32_t* eventCount) {
  const char* api = "aclrtGetEventAvailNum";
  return Run(api, [&] { return Runtime::Get().AvailableEvents(api, eventCount); });
}

}  // extern "C"

// Peer access between emulated devices (hicann/runtime src/acl/aclrt_impl/memory.cpp and the
// runtime's EnableP2P/DisableP2P/DeviceCanAccessPeer checks, commit 681ef761). Every emulated
// device lives in the host's memory, so each can reach every other: aclrtDeviceCanAccessPeer says
// 1, and enabling or disabling checks its arguments and has nothing to switch (aclnn-host does not
// require peer access before an ACL_MEMCPY_INTER_DEVICE_TO_DEVICE copy: upstream's failure for a
// copy without it is not known).
namespace {

aclError RequireDistinctPeer(const char* api, int32_t device, int32_t peer) {
  if (device != peer) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_INVALID_PARAM, "deviceId %d cannot be equal to peerDeviceId %d", device, peer);
}

// The (device, peer) pairs aclrtDeviceEnablePeerAccess enabled, for aclrtDevicePeerAccessStatus
// (every pair can reach the other: enabling changes nothing else). aclFinalize forgets them.
std::mutex peer_access_mutex;
std::set<std::pair<int32_t, int32_t>> peer_access_enabled;

void ForgetPeerAccess() {
  std::lock_guard<std::mutex> lock(peer_access_mutex);
  peer_access_enabled.clear();
}

void SetPeerAccess(int32_t device, int32_t peer, bool enabled) {
  Runtime::Get().AddFinalizeHook(ForgetPeerAccess);
  std::lock_guard<std::mutex> lock(peer_access_mutex);
  if (enabled) {
    peer_access_enabled.emplace(device, peer);
  } else {
    peer_access_enabled.erase({device, peer});
  }
}

aclError RequireDevice(const char* api, const char* name, int32_t device) {
  const uint32_t count = Runtime::Get().device_count();
  if (device >= 0 && static_cast<uint32_t>(device) < count) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "%s %d is out of range [0, %u).", name, device, count);
}

}  // namespace

extern "C" {

aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId) {
  const char* api = "aclrtDeviceCanAccessPeer";
  return Run(api, [&] {
    aclError status = RequireDistinctPeer(api, deviceId, peerDeviceId);
    if (status != ACL_SUCCESS) return status;
    if (Runtime::Get().profile() == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    status = RequireDevice(api, "peerDeviceId", peerDeviceId);
    if (status != ACL_SUCCESS) return status;
    status = RequireDevice(api, "deviceId", deviceId);
    if (status != ACL_SUCCESS) return status;
    if (canAccessPeer == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "canAccessPeer is nullptr.");
    *canAccessPeer = 1;
    return ACL_SUCCESS;
  });
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) {
  const char* api = "aclrtDeviceEnablePeerAccess";
  return Run(api, [&] {
    if (flags != 0) return Fail(api, ACL_ERROR_FEATURE_UNSUPPORTED, "flags %u is reserved and must be 0.", flags);
    int32_t device = -1;
    aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    status = RequireDistinctPeer(api, device, peerDeviceId);
    if (status != ACL_SUCCESS) return status;
    status = RequireDevice(api, "peerDeviceId", peerDeviceId);
    if (status == ACL_SUCCESS) SetPeerAccess(device, peerDeviceId, true);
    return status;
  });
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId) {
  const char* api = "aclrtDeviceDisablePeerAccess";
  return Run(api, [&] {
    int32_t device = -1;
    aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    status = RequireDistinctPeer(api, device, peerDeviceId);
    if (status != ACL_SUCCESS) return status;
    status = RequireDevice(api, "peerDeviceId", peerDeviceId);
    if (status == ACL_SUCCESS) SetPeerAccess(device, peerDeviceId, false);
    return status;
  });
}

// CANN's checks (memory.cpp, api_error.cc): NULL status 100000, an unknown device 107001, a peer
// id of 64 or more (as unsigned) 107000, no context 107002; a peer that exists nowhere reads 0.
aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t* status) {
  const char* api = "aclrtDevicePeerAccessStatus";
  if (status == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "status is nullptr.");
  return Run(api, [&] {
    aclError result = RequireDevice(api, "deviceId", deviceId);
    if (result != ACL_SUCCESS) return result;
    if (static_cast<uint32_t>(peerDeviceId) >= 64) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "peerDeviceId %d is invalid: expected [0, 64).", peerDeviceId);
    }
    int32_t current = -1;
    result = Runtime::Get().RequireContext(api, &current);
    if (result != ACL_SUCCESS) return result;
    std::lock_guard<std::mutex> lock(peer_access_mutex);
    *status = peer_access_enabled.count({deviceId, peerDeviceId}) > 0 ? 1 : 0;
    return ACL_SUCCESS;
  });
}

}  // extern "C"
