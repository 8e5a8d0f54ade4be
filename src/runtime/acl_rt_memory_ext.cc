// Memory functions beyond aclrtMalloc/aclrtMemcpy/aclrtMemset, built on memory.cc's allocation,
// copy and fill (MemoryRegistry, CopyMemory, FillMemory), so that they take the same checks and
// the same path to the emulated device as the basic ones.
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "runtime/backend.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/memory.h"

using aclnn_host::Fail;
using aclnn_host::MemoryRegistry;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

/// aclrtMalloc's checks and allocation, on `device` (-1: the current one).
aclError AllocateDevice(const char* api, void** ptr, size_t size, aclrtMemMallocPolicy policy, int32_t device) {
  if (ptr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devPtr is nullptr.");
  if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must be greater than 0.");
  const uint32_t modifier_flags =
      ACL_MEM_TYPE_LOW_BAND_WIDTH | ACL_MEM_TYPE_HIGH_BAND_WIDTH | ACL_MEM_ACCESS_USER_SPACE_READONLY;
  if ((static_cast<uint32_t>(policy) & ~modifier_flags) > ACL_MEM_MALLOC_HUGE1G_ONLY_P2P) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "malloc policy 0x%x is not valid.", static_cast<unsigned>(policy));
  }
  int32_t current = -1;
  const aclError status = Runtime::Get().RequireContext(api, &current);
  if (status != ACL_SUCCESS) return status;
  if (device < 0) device = current;
  if (static_cast<uint32_t>(device) >= Runtime::Get().device_count()) {
    return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "device id %d is out of range [0, %u).", device,
                Runtime::Get().device_count());
  }
  return MemoryRegistry::Get().AllocateDevice(api, ptr, size, device, Runtime::Get().device_memory_capacity());
}

/// The device an aclrtMallocConfig asks for (-1: none), or an error for an attribute it cannot take.
aclError DeviceOfConfig(const char* api, const aclrtMallocConfig* cfg, int32_t* device) {
  *device = -1;
  if (cfg == nullptr) return ACL_SUCCESS;
  if (cfg->numAttrs != 0 && cfg->attrs == nullptr) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "cfg->attrs is nullptr with %zu attributes.", cfg->numAttrs);
  }
  for (size_t i = 0; i < cfg->numAttrs; ++i) {
    switch (cfg->attrs[i].attr) {
      case ACL_RT_MEM_ATTR_RSV:
      case ACL_RT_MEM_ATTR_MODULE_ID:  // a tag for memory statistics; there are none here
      case ACL_RT_MEM_ATTR_VA_FLAG:
        break;
      case ACL_RT_MEM_ATTR_DEVICE_ID:
        *device = static_cast<int32_t>(cfg->attrs[i].value.deviceId);
        break;
      default:
        return Fail(api, ACL_ERROR_INVALID_PARAM, "attribute %d is not an aclrtMallocAttrType.",
                    static_cast<int>(cfg->attrs[i].attr));
    }
  }
  return ACL_SUCCESS;
}

/// aclrtMemcpy2d[Async]: `height` rows of `width` bytes, `spitch` and `dpitch` apart, one copy per
/// row through CopyMemory (asynchronous ones are queued in row order).
aclError Copy2d(const char* api, void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                aclrtMemcpyKind kind, bool async, aclrtStream stream) {
  if (dst == nullptr || src == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "dst or src is nullptr.");
  if (width == 0 || height == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "width and height must be greater than 0.");
  if (width > dpitch || width > spitch) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "width %zu exceeds dpitch %zu or spitch %zu.", width, dpitch, spitch);
  }
  if (kind != ACL_MEMCPY_HOST_TO_DEVICE && kind != ACL_MEMCPY_DEVICE_TO_HOST && kind != ACL_MEMCPY_DEVICE_TO_DEVICE &&
      kind != ACL_MEMCPY_DEFAULT) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "kind %d is not valid for a 2-D copy.", static_cast<int>(kind));
  }
  for (size_t row = 0; row < height; ++row) {
    const aclError status =
        aclnn_host::CopyMemory(api, static_cast<char*>(dst) + row * dpitch, width,
                               static_cast<const char*>(src) + row * spitch, width, kind, async, stream);
    if (status != ACL_SUCCESS) return status;
  }
  return ACL_SUCCESS;
}

/// aclrtMemsetD32: `count` 32-bit words of `value`. A value of four equal bytes is one byte fill;
/// otherwise the first word is copied in and doubled by device-to-device copies.
aclError FillWords(const char* api, void* ptr, size_t mem_size, uint32_t value, size_t count) {
  if (ptr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr is nullptr.");
  if (count > mem_size / sizeof(uint32_t)) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "%zu words do not fit in memSize %zu bytes.", count, mem_size);
  }
  if (reinterpret_cast<uintptr_t>(ptr) % sizeof(uint32_t) != 0) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr %p is not 4-byte aligned.", ptr);
  }
  if (count == 0) return ACL_SUCCESS;
  const size_t bytes = count * sizeof(uint32_t);
  const uint8_t low = static_cast<uint8_t>(value);
  if (value == low * 0x01010101u) return aclnn_host::FillMemory(api, ptr, mem_size, low, bytes, false, nullptr);
  aclError status =
      aclnn_host::CopyMemory(api, ptr, mem_size, &value, sizeof(value), ACL_MEMCPY_HOST_TO_DEVICE, false, nullptr);
  for (size_t done = sizeof(value); status == ACL_SUCCESS && done < bytes; done *= 2) {
    const size_t chunk = done < bytes - done ? done : bytes - done;
    status = aclnn_host::CopyMemory(api, static_cast<char*>(ptr) + done, mem_size - done, ptr, chunk,
                                    ACL_MEMCPY_DEVICE_TO_DEVICE, false, nullptr);
  }
  return status;
}

}  // namespace

extern "C" {

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const char* api = "aclrtMallocAlign32";
  // aclrtMalloc's blocks are 64-byte aligned and sized in 32-byte granules already.
  return Run(api, [&] { return AllocateDevice(api, devPtr, size, policy, -1); });
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const char* api = "aclrtMallocCached";
  // Emulated device memory is host memory, cached and coherent either way.
  return Run(api, [&] { return AllocateDevice(api, devPtr, size, policy, -1); });
}

aclError aclrtMallocWithCfg(void** devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig* cfg) {
  const char* api = "aclrtMallocWithCfg";
  return Run(api, [&] {
    int32_t device = -1;
    const aclError status = DeviceOfConfig(api, cfg, &device);
    return status != ACL_SUCCESS ? status : AllocateDevice(api, devPtr, size, policy, device);
  });
}

// Task-scheduler memory (graph-mode operators' control blocks, "within 4 GiB" on the NPU) is device
// memory like any other here. CANN's order of checks: devPtr, cfg->attrs with attributes, size, then
// the runtime's: a cfg without attrs 107000 (even with no attributes), the context, the attributes,
// a device other than the current one 107000.
aclError aclrtMallocForTaskScheduler(void** devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig* cfg) {
  const char* api = "aclrtMallocForTaskScheduler";
  return Run(api, [&] {
    if (devPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devPtr is nullptr.");
    if (cfg != nullptr && cfg->numAttrs != 0 && cfg->attrs == nullptr) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "cfg->attrs is nullptr with %zu attributes.", cfg->numAttrs);
    }
    if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must be greater than 0.");
    if (cfg != nullptr && cfg->attrs == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "cfg->attrs is nullptr: a config must carry its attributes.");
    }
    int32_t current = -1;
    aclError status = Runtime::Get().RequireContext(api, &current);
    if (status != ACL_SUCCESS) return status;
    int32_t device = -1;
    status = DeviceOfConfig(api, cfg, &device);
    if (status != ACL_SUCCESS) return status;
    if (device >= 0 && device != current) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "the config's device %d is not the current device %d.", device,
                  current);
    }
    return AllocateDevice(api, devPtr, size, policy, current);
  });
}

// Deprecated by CANN for aclrtMemcpyAsync, which it is here, except that copying nothing succeeds
// before any check.
aclError aclrtMemcpyAsyncWithCondition(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                                       aclrtStream stream) {
  const char* api = "aclrtMemcpyAsyncWithCondition";
  if (count == 0) return ACL_SUCCESS;
  return Run(api, [&] { return aclnn_host::CopyMemory(api, dst, destMax, src, count, kind, true, stream); });
}

aclError aclrtMallocHostWithCfg(void** ptr, uint64_t size, aclrtMallocConfig* cfg) {
  const char* api = "aclrtMallocHostWithCfg";
  return Run(api, [&] {
    if (ptr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr is nullptr.");
    if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must be greater than 0.");
    int32_t ignored = -1;  // host memory: a device attribute has nothing to choose
    aclError status = DeviceOfConfig(api, cfg, &ignored);
    if (status != ACL_SUCCESS) return status;
    int32_t device = -1;
    status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    return MemoryRegistry::Get().AllocateHost(api, ptr, static_cast<size_t>(size));
  });
}

aclError aclrtFreeWithDevSync(void* devPtr) {
  const char* api = "aclrtFreeWithDevSync";
  return Run(api, [&] {
    if (devPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devPtr is nullptr.");
    const aclError status = Runtime::Get().SynchronizeDevice(api);
    return status != ACL_SUCCESS ? status : MemoryRegistry::Get().FreeDevice(api, devPtr);
  });
}

aclError aclrtFreeHostWithDevSync(void* hostPtr) {
  const char* api = "aclrtFreeHostWithDevSync";
  return Run(api, [&] {
    if (hostPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "hostPtr is nullptr.");
    const aclError status = Runtime::Get().SynchronizeDevice(api);
    return status != ACL_SUCCESS ? status : MemoryRegistry::Get().FreeHost(api, hostPtr);
  });
}

aclError aclrtMemcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                       aclrtMemcpyKind kind) {
  const char* api = "aclrtMemcpy2d";
  return Run(api, [&] { return Copy2d(api, dst, dpitch, src, spitch, width, height, kind, false, nullptr); });
}

aclError aclrtMemcpy2dAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                            aclrtMemcpyKind kind, aclrtStream stream) {
  const char* api = "aclrtMemcpy2dAsync";
  return Run(api, [&] { return Copy2d(api, dst, dpitch, src, spitch, width, height, kind, true, stream); });
}

aclError aclrtMemsetD32(void* ptr, size_t memSize, uint32_t value, size_t N) {
  const char* api = "aclrtMemsetD32";
  return Run(api, [&] { return FillWords(api, ptr, memSize, value, N); });
}

// Ordered after the stream's earlier work by waiting for it, then filled as aclrtMemsetD32 does.
aclError aclrtMemsetD32Async(void* ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream) {
  const char* api = "aclrtMemsetD32Async";
  return Run(api, [&] {
    const aclError status = Runtime::Get().SynchronizeStream(api, stream);
    return status != ACL_SUCCESS ? status : FillWords(api, ptr, memSize, value, N);
  });
}

aclError aclrtPointerGetAttributes(const void* ptr, aclrtPtrAttributes* attributes) {
  const char* api = "aclrtPointerGetAttributes";
  return Run(api, [&] {
    if (ptr == nullptr || attributes == nullptr)
      return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr or attributes is nullptr.");
    aclnn_host::AllocationInfo block;
    bool host = false;
    std::memset(attributes, 0, sizeof(*attributes));
    attributes->pageSize = 4096;  // the host's pages
    if (!MemoryRegistry::Get().FindAllocation(ptr, &block, &host)) {
      attributes->location.type = ACL_MEM_LOCATION_TYPE_UNREGISTERED;
    } else if (host) {
      attributes->location.type = ACL_MEM_LOCATION_TYPE_HOST;
    } else {
      attributes->location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
      attributes->location.id = static_cast<uint32_t>(block.device);
    }
    return ACL_SUCCESS;
  });
}

aclError aclrtMemGetAddressRange(void* ptr, void** pbase, size_t* psize) {
  const char* api = "aclrtMemGetAddressRange";
  return Run(api, [&] {
    if (ptr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr is nullptr.");
    aclnn_host::AllocationInfo block;
    bool host = false;
    if (!MemoryRegistry::Get().FindAllocation(ptr, &block, &host) || host) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "%p lies in no live aclrtMalloc allocation.", ptr);
    }
    if (pbase != nullptr) *pbase = reinterpret_cast<void*>(block.base);
    if (psize != nullptr) *psize = block.requested;
    return ACL_SUCCESS;
  });
}

}  // extern "C"

extern "C" {

// ACL_RT_MEM_TYPE_DEV is aclrtMalloc memory; the emulated parts have no separate DVPP memory (on
// Ascend 950, as on the NPU, DVPP memory is ordinary device memory, so DVPP matches it there) and no
// reserved virtual memory (aclrtReserveMemAddress is not supported), so RSVD matches nothing.
aclError aclrtCheckMemType(void** addrList, uint32_t size, uint32_t memType, uint32_t* checkResult, uint32_t reserve) {
  const char* api = "aclrtCheckMemType";
  return Run(api, [&] {
    if (checkResult == nullptr || (addrList == nullptr && size > 0)) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "addrList (with size %u) or checkResult is nullptr.", size);
    }
    constexpr uint32_t kKnownTypes = ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_DVPP | ACL_RT_MEM_TYPE_RSVD;
    if (memType == 0 || (memType & ~kKnownTypes) != 0) {
      return Fail(api, ACL_ERROR_INVALID_PARAM,
                  "memType 0x%x is not a combination of ACL_RT_MEM_TYPE_DEV, ACL_RT_MEM_TYPE_DVPP and "
                  "ACL_RT_MEM_TYPE_RSVD.",
                  memType);
    }
    if (reserve != 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "reserve must be 0, not %u.", reserve);
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    const bool dvpp_is_device = profile != nullptr && profile->series == aclnn_host::SocSeries::kAscend950;
    const uint32_t device_matches = ACL_RT_MEM_TYPE_DEV | (dvpp_is_device ? ACL_RT_MEM_TYPE_DVPP : 0u);
    uint32_t all_match = 1;
    for (uint32_t i = 0; i < size; ++i) {
      aclnn_host::AllocationInfo block;
      bool host = false;
      const bool device = MemoryRegistry::Get().FindAllocation(addrList[i], &block, &host) && !host;
      if (!device || (memType & device_matches) == 0) all_match = 0;
    }
    *checkResult = all_match;
    return ACL_SUCCESS;
  });
}

}  // extern "C"

// Host memory registration (aclrtHostRegister, V2, aclrtHostGetDevicePointer, aclrtHostUnregister).
// The emulated device shares the host's address space, so a mapped range's device address is its
// host address; what the registration adds is the record: operators accept a mapped range as
// device memory of the registering device, copies do not (CANN: the device address is for kernels,
// not for memory operations), and unregistering waits for queued work that uses the range.
namespace {

/// The checks every registration shares, then the record. `mapped`: the device may reach it.
aclError RegisterHostRange(const char* api, void* ptr, uint64_t size, bool mapped) {
  int32_t device = -1;
  aclError status = Runtime::Get().RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  status = aclnn_host::RequireA2A3Or950(api, "host memory registration");
  if (status != ACL_SUCCESS) return status;
  if (aclnn_host::ActiveDeviceBackend() != nullptr) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "host memory registration is not implemented on a GPU backend (the device cannot reach host "
                "memory by its host address there).");
  }
  if (size > std::numeric_limits<size_t>::max()) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "size %llu does not fit the host's address space.",
                static_cast<unsigned long long>(size));
  }
  return MemoryRegistry::Get().RegisterHost(api, ptr, static_cast<size_t>(size), mapped, device);
}

}  // namespace

extern "C" {

aclError aclrtHostRegister(void* ptr, uint64_t size, aclrtHostRegisterType type, void** devPtr) {
  const char* api = "aclrtHostRegister";
  return Run(api, [&] {
    if (ptr == nullptr || devPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr or devPtr is nullptr.");
    if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must be greater than 0.");
    if (static_cast<uint32_t>(type) != ACL_HOST_REGISTER_MAPPED) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "register type 0x%x is not supported: only ACL_HOST_REGISTER_MAPPED (0) is (IOMEMORY and READONLY "
                  "are reserved).",
                  static_cast<unsigned>(type));
    }
    const aclError status = RegisterHostRange(api, ptr, size, /*mapped=*/true);
    if (status == ACL_SUCCESS) *devPtr = ptr;
    return status;
  });
}

aclError aclrtHostRegisterV2(void* ptr, uint64_t size, uint32_t flag) {
  const char* api = "aclrtHostRegisterV2";
  return Run(api, [&] {
    if (ptr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr is nullptr.");
    if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must be greater than 0.");
    constexpr uint32_t kKnownFlags =
        ACL_HOST_REG_MAPPED | ACL_HOST_REG_IOMEMORY | ACL_HOST_REG_READONLY | ACL_HOST_REG_PINNED;
    if (flag == 0 || (flag & ~kKnownFlags) != 0) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "flag 0x%x is not a combination of ACL_HOST_REG_MAPPED, ACL_HOST_REG_PINNED, ACL_HOST_REG_IOMEMORY "
                  "and ACL_HOST_REG_READONLY.",
                  flag);
    }
    if ((flag & (ACL_HOST_REG_IOMEMORY | ACL_HOST_REG_READONLY)) != 0) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "flag 0x%x: ACL_HOST_REG_IOMEMORY and ACL_HOST_REG_READONLY are reserved and not supported.", flag);
    }
    return RegisterHostRange(api, ptr, size, (flag & ACL_HOST_REG_MAPPED) != 0);
  });
}

aclError aclrtHostGetDevicePointer(void* pHost, void** pDevice, uint32_t flag) {
  const char* api = "aclrtHostGetDevicePointer";
  return Run(api, [&] {
    if (pHost == nullptr || pDevice == nullptr)
      return Fail(api, ACL_ERROR_INVALID_PARAM, "pHost or pDevice is nullptr.");
    if (flag != 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "flag must be 0, not %u.", flag);
    int32_t device = -1;
    const aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    return MemoryRegistry::Get().MappedPointer(api, pHost, pDevice);
  });
}

aclError aclrtHostUnregister(void* ptr) {
  const char* api = "aclrtHostUnregister";
  return Run(api, [&] {
    if (ptr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr is nullptr.");
    int32_t device = -1;
    const aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    return MemoryRegistry::Get().UnregisterHost(api, ptr);
  });
}

}  // extern "C"

// aclrtMemcpyBatch(Async)(V2): a list of host-to-device and device-to-host copies, each entry's
// locations declared by the attribute whose index range covers it. The checks and their order are
// upstream's (hicann/runtime src/acl/aclrt_impl/memory.cpp, src/runtime/api/impl/api_error.cc and
// api_impl.cc); every entry is checked before anything is copied.
namespace {

constexpr size_t kMaxSyncBatch = 4096;  // DEVMM_MEMCPY_BATCH_MAX_COUNT

// Where `address` really lives, as the batch compares it with the declared location: device
// memory of its device, or host memory (aclrtMallocHost, registered or pageable alike).
bool DeviceOf(const void* address, int32_t* device) {
  aclnn_host::AllocationInfo block;
  bool host = false;
  if (!MemoryRegistry::Get().FindAllocation(address, &block, &host) || host) return false;
  *device = block.device;
  return true;
}

// Whether the declared location matches: HOST and HOST_NUMA are host memory, DEVICE names the device.
bool LocationMatches(const aclrtMemLocation& declared, const void* address) {
  int32_t device = -1;
  const bool on_device = DeviceOf(address, &device);
  switch (declared.type) {
    case ACL_MEM_LOCATION_TYPE_HOST:
    case ACL_MEM_LOCATION_TYPE_HOST_NUMA:
    case ACL_MEM_LOCATION_TYPE_UNREGISTERED:
      return !on_device;
    case ACL_MEM_LOCATION_TYPE_DEVICE:
      return on_device && static_cast<uint32_t>(device) == declared.id;
    default:
      return false;
  }
}

aclError MemcpyBatch(const char* api, void** dsts, size_t* dest_maxs, void** srcs, size_t* sizes, size_t count,
                     aclrtMemcpyBatchAttr* attrs, size_t* attr_indexes, size_t num_attrs, size_t* fail_index,
                     bool async, aclrtStream stream) {
  size_t ignored = 0;
  if (fail_index == nullptr) fail_index = &ignored;  // the V2 functions have none
  if (sizes == nullptr || count == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "sizes is nullptr or numBatches is 0.");
  bool all_empty = true;
  for (size_t i = 0; i < count; ++i) all_empty = all_empty && sizes[i] == 0;
  if (all_empty) {  // upstream returns before any other check
    *fail_index = SIZE_MAX;
    return ACL_SUCCESS;
  }
  if (dsts == nullptr || dest_maxs == nullptr || srcs == nullptr || attrs == nullptr || attr_indexes == nullptr) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "dsts, destMaxs, srcs, attrs or attrsIndexes is nullptr.");
  }
  for (size_t i = 0; i < count; ++i) {
    if (dest_maxs[i] < sizes[i]) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "entry %zu: size %zu exceeds destMax %zu.", i, sizes[i], dest_maxs[i]);
    }
  }
  for (size_t k = 0; k < num_attrs; ++k) {
    for (uint8_t byte : attrs[k].rsv) {
      if (byte != 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "attrs[%zu].rsv must be zero.", k);
    }
  }
  const aclError supported = aclnn_host::RequireA2A3Or950(api, "batched copies");
  if (supported != ACL_SUCCESS) return supported;
  *fail_index = SIZE_MAX;
  if (num_attrs == 0 || num_attrs > count) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "numAttrs %zu must be 1 to numBatches (%zu).", num_attrs, count);
  }
  if (!async && count > kMaxSyncBatch) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "numBatches %zu exceeds %zu.", count, kMaxSyncBatch);
  }
  for (size_t k = 0; k < num_attrs; ++k) {
    const bool ordered = k == 0 ? attr_indexes[0] == 0 : attr_indexes[k] > attr_indexes[k - 1];
    if (!ordered || attr_indexes[k] >= count) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "attrsIndexes must start at 0 and increase strictly below numBatches; attrsIndexes[%zu] is %zu.", k,
                  attr_indexes[k]);
    }
  }
  // Each entry's declared locations against where its memory lives; only host<->device copies.
  std::vector<aclrtMemcpyKind> kinds(count, ACL_MEMCPY_HOST_TO_DEVICE);
  size_t attr = 0;
  for (size_t i = 0; i < count; ++i) {
    while (attr + 1 < num_attrs && attr_indexes[attr + 1] <= i) ++attr;
    const aclrtMemcpyBatchAttr& a = attrs[attr];
    if (async && (sizes[i] == 0 || dsts[i] == nullptr || srcs[i] == nullptr)) {
      *fail_index = i;
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "entry %zu: an empty copy or a null address.", i);
    }
    if (sizes[i] == 0) continue;
    const bool dst_device = a.dstLoc.type == ACL_MEM_LOCATION_TYPE_DEVICE;
    const bool src_device = a.srcLoc.type == ACL_MEM_LOCATION_TYPE_DEVICE;
    if (dst_device == src_device) {
      *fail_index = i;
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "entry %zu: a batched copy goes from host to device or from device to host.", i);
    }
    if (!LocationMatches(a.dstLoc, dsts[i]) || !LocationMatches(a.srcLoc, srcs[i])) {
      *fail_index = i;
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "entry %zu: dst %p or src %p does not live where attrs[%zu] says (type %d/%d, device %u/%u).", i,
                  dsts[i], srcs[i], attr, static_cast<int>(a.dstLoc.type), static_cast<int>(a.srcLoc.type), a.dstLoc.id,
                  a.srcLoc.id);
    }
    kinds[i] = dst_device ? ACL_MEMCPY_HOST_TO_DEVICE : ACL_MEMCPY_DEVICE_TO_HOST;
  }
  for (size_t i = 0; i < count; ++i) {
    if (sizes[i] == 0) continue;
    // Pageable host memory (neither aclrtMallocHost nor registered): upstream synchronises the
    // stream and copies at once, so the caller may reuse the buffer when the call returns.
    bool copy_now = !async;
    if (async) {
      const void* host_side = kinds[i] == ACL_MEMCPY_HOST_TO_DEVICE ? srcs[i] : dsts[i];
      aclnn_host::AllocationInfo block;
      bool host = false;
      if (!MemoryRegistry::Get().FindAllocation(host_side, &block, &host)) {
        const aclError synced = Runtime::Get().SynchronizeStream(api, stream);
        if (synced != ACL_SUCCESS) {
          *fail_index = i;
          return synced;
        }
        copy_now = true;
      }
    }
    const aclError status =
        aclnn_host::CopyMemory(api, dsts[i], dest_maxs[i], srcs[i], sizes[i], kinds[i], !copy_now, stream);
    if (status != ACL_SUCCESS) {
      *fail_index = i;
      return status;
    }
  }
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtMemcpyBatch(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes, size_t numBatches,
                          aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes, size_t numAttrs, size_t* failIndex) {
  const char* api = "aclrtMemcpyBatch";
  return Run(api, [&] {
    if (failIndex == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "failIndex is nullptr.");
    return MemcpyBatch(api, dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, failIndex, false,
                       nullptr);
  });
}

aclError aclrtMemcpyBatchV2(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes, size_t numBatches,
                            aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes, size_t numAttrs) {
  const char* api = "aclrtMemcpyBatchV2";
  return Run(api, [&] {
    return MemcpyBatch(api, dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, nullptr, false,
                       nullptr);
  });
}

aclError aclrtMemcpyBatchAsync(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes, size_t numBatches,
                               aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes, size_t numAttrs, size_t* failIndex,
                               aclrtStream stream) {
  const char* api = "aclrtMemcpyBatchAsync";
  return Run(api, [&] {
    if (failIndex == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "failIndex is nullptr.");
    return MemcpyBatch(api, dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, failIndex, true,
                       stream);
  });
}

aclError aclrtMemcpyBatchAsyncV2(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes, size_t numBatches,
                                 aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes, size_t numAttrs,
                                 aclrtStream stream) {
  const char* api = "aclrtMemcpyBatchAsyncV2";
  return Run(api, [&] {
    return MemcpyBatch(api, dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, nullptr, true,
                       stream);
  });
}

}  // extern "C"
