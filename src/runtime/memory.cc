#include "runtime/memory.h"

#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>

#include "runtime/context.h"
#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

constexpr size_t kDeviceAlignment = 64;
constexpr size_t kSizeGranule = 32;
constexpr size_t kPadding = 32;

}  // namespace

MemoryRegistry& MemoryRegistry::Get() {
  static MemoryRegistry* registry = new MemoryRegistry();
  return *registry;
}

aclError MemoryRegistry::AllocateDevice(const char* api, void** ptr, size_t size, int32_t device, uint64_t capacity) {
  if (size > std::numeric_limits<size_t>::max() - kSizeGranule - kPadding) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "%zu bytes cannot be allocated.", size);
  }
  const size_t rounded = (size + kSizeGranule - 1) / kSizeGranule * kSizeGranule + kPadding;
  std::lock_guard<std::mutex> lock(mutex_);
  if (used_by_device_.size() <= static_cast<size_t>(device)) used_by_device_.resize(static_cast<size_t>(device) + 1);
  size_t& used = used_by_device_[static_cast<size_t>(device)];
  if (rounded > capacity || used > capacity - rounded) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION,
                "out of device memory: %zu bytes requested, %zu of %llu bytes free on device %d.", size,
                static_cast<size_t>(capacity - used), static_cast<unsigned long long>(capacity), device);
  }
  void* memory = nullptr;
  if (posix_memalign(&memory, kDeviceAlignment, rounded) != 0 || memory == nullptr) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "the host cannot back a device allocation of %zu bytes.", size);
  }
  const uintptr_t base = reinterpret_cast<uintptr_t>(memory);
  device_[base] = AllocationInfo{base, rounded, device};
  used += rounded;
  *ptr = memory;
  return ACL_SUCCESS;
}

aclError MemoryRegistry::FreeDevice(const char* api, void* ptr) {
  const uintptr_t base = reinterpret_cast<uintptr_t>(ptr);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = device_.find(base);
  if (it == device_.end()) {
    if (host_.count(base) != 0) {
      return Fail(api, ACL_ERROR_RT_MEMORY_FREE, "%p is host memory from aclrtMallocHost: free it with aclrtFreeHost.",
                  ptr);
    }
    return Fail(api, ACL_ERROR_RT_MEMORY_FREE, "%p is not the start of a live aclrtMalloc allocation.", ptr);
  }
  used_by_device_[static_cast<size_t>(it->second.device)] -= it->second.size;
  device_.erase(it);
  std::free(ptr);
  return ACL_SUCCESS;
}

aclError MemoryRegistry::AllocateHost(const char* api, void** ptr, size_t size) {
  if (size > std::numeric_limits<size_t>::max() - kSizeGranule) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "%zu bytes cannot be allocated.", size);
  }
  const size_t rounded = (size + kSizeGranule - 1) / kSizeGranule * kSizeGranule;
  void* memory = nullptr;
  if (posix_memalign(&memory, kDeviceAlignment, rounded) != 0 || memory == nullptr) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "the host cannot allocate %zu bytes.", size);
  }
  const uintptr_t base = reinterpret_cast<uintptr_t>(memory);
  std::lock_guard<std::mutex> lock(mutex_);
  host_[base] = AllocationInfo{base, rounded, -1};
  *ptr = memory;
  return ACL_SUCCESS;
}

aclError MemoryRegistry::FreeHost(const char* api, void* ptr) {
  const uintptr_t base = reinterpret_cast<uintptr_t>(ptr);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = host_.find(base);
  if (it == host_.end()) {
    if (device_.count(base) != 0) {
      return Fail(api, ACL_ERROR_RT_MEMORY_FREE, "%p is device memory from aclrtMalloc: free it with aclrtFree.", ptr);
    }
    return Fail(api, ACL_ERROR_RT_MEMORY_FREE, "%p is not the start of a live aclrtMallocHost allocation.", ptr);
  }
  host_.erase(it);
  std::free(ptr);
  return ACL_SUCCESS;
}

size_t MemoryRegistry::UsedBytes(int32_t device) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (device < 0 || static_cast<size_t>(device) >= used_by_device_.size()) return 0;
  return used_by_device_[static_cast<size_t>(device)];
}

bool MemoryRegistry::FindDeviceAllocation(const void* ptr, AllocationInfo* info) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(ptr);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = device_.upper_bound(address);
  if (it == device_.begin()) return false;
  --it;
  if (address - it->second.base >= it->second.size) return false;
  *info = it->second;
  return true;
}

void MemoryRegistry::ReleaseAll() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& entry : device_) std::free(reinterpret_cast<void*>(entry.first));
  for (auto& entry : host_) std::free(reinterpret_cast<void*>(entry.first));
  device_.clear();
  host_.clear();
  used_by_device_.clear();
}

aclError CopyMemory(const char* api, void* dst, size_t dest_max, const void* src, size_t count, aclrtMemcpyKind kind,
                    bool async, aclrtStream stream) {
  if (count == 0) return ACL_SUCCESS;
  if (dst == nullptr || src == nullptr) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "%s is nullptr.", dst == nullptr ? "dst" : "src");
  }
  const int kind_value = static_cast<int>(kind);
  const int last_kind = async ? ACL_MEMCPY_INTER_DEVICE_TO_DEVICE : ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE;
  if (kind_value < 0 || kind_value > last_kind) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "memcpy kind %d is not supported here (valid: 0 to %d).", kind_value,
                last_kind);
  }
  if (dest_max == 0 || count > dest_max) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "count %zu exceeds destMax %zu.", count, dest_max);
  }
  if (!async) {
    int32_t device = -1;
    const aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    if (dst != src) std::memmove(dst, src, count);
    return ACL_SUCCESS;
  }
  std::shared_ptr<Stream> target;
  const aclError status = Runtime::Get().FindStream(api, stream, &target);
  if (status != ACL_SUCCESS) return status;
  if (dst == src) return ACL_SUCCESS;
  const bool queued = target->Enqueue([dst, src, count] {
    std::memmove(dst, src, count);
    return TaskResult();
  });
  return queued ? ACL_SUCCESS : Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "the stream is being destroyed.");
}

aclError FillMemory(const char* api, void* dst, size_t max_count, int32_t value, size_t count, bool async,
                    aclrtStream stream) {
  if (count == 0) return ACL_SUCCESS;
  if (dst == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devPtr is nullptr.");
  if (count > max_count) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "count %zu exceeds maxCount %zu.", count, max_count);
  }
  if (!async) {
    int32_t device = -1;
    const aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    std::memset(dst, value, count);
    return ACL_SUCCESS;
  }
  std::shared_ptr<Stream> target;
  const aclError status = Runtime::Get().FindStream(api, stream, &target);
  if (status != ACL_SUCCESS) return status;
  const bool queued = target->Enqueue([dst, value, count] {
    std::memset(dst, value, count);
    return TaskResult();
  });
  return queued ? ACL_SUCCESS : Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "the stream is being destroyed.");
}

}  // namespace aclnn_host
