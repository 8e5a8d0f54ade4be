// Device and host memory: every aclrtMalloc / aclrtMallocHost allocation is recorded, so the
// runtime knows each live allocation's address range and its device.
#ifndef ACLNN_HOST_RUNTIME_MEMORY_H_
#define ACLNN_HOST_RUNTIME_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include "acl/acl_rt.h"
#include "common/export.h"

namespace aclnn_host {

struct AllocationInfo {
  uintptr_t base = 0;
  size_t size = 0;      // usable bytes: the request rounded up to 32, plus 32 bytes of padding
  int32_t device = -1;  // -1 for host memory
};

class AH_INTERNAL_API MemoryRegistry {
 public:
  static MemoryRegistry& Get();

  aclError AllocateDevice(const char* api, void** ptr, size_t size, int32_t device, uint64_t capacity);
  aclError FreeDevice(const char* api, void* ptr);
  aclError AllocateHost(const char* api, void** ptr, size_t size);
  aclError FreeHost(const char* api, void* ptr);

  /// Bytes currently allocated on `device`.
  size_t UsedBytes(int32_t device);
  /// The live device allocation containing `ptr`, if any.
  bool FindDeviceAllocation(const void* ptr, AllocationInfo* info);
  /// Frees every allocation (aclFinalize).
  void ReleaseAll();

 private:
  MemoryRegistry() = default;

  std::mutex mutex_;
  std::map<uintptr_t, AllocationInfo> device_;  // keyed by base address
  std::map<uintptr_t, AllocationInfo> host_;
  std::vector<size_t> used_by_device_;
};

/// The checks and the copy of aclrtMemcpy / aclrtMemcpyAsync (enqueued when `stream` is set).
aclError CopyMemory(const char* api, void* dst, size_t dest_max, const void* src, size_t count, aclrtMemcpyKind kind,
                    bool async, aclrtStream stream);

/// The checks and the fill of aclrtMemset / aclrtMemsetAsync.
aclError FillMemory(const char* api, void* dst, size_t max_count, int32_t value, size_t count, bool async,
                    aclrtStream stream);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_MEMORY_H_
