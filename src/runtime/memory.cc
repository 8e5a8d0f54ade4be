#include "runtime/memory.h"

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <utility>

#include "runtime/backend.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

constexpr size_t kDeviceAlignment = 64;
// aclrtMallocHost memory starts on a host page, as the driver's does: aclrtHostRegister(V2) takes
// page-aligned ranges, and upstream's zero-copy example registers an aclrtMallocHost block.
constexpr size_t kHostAlignment = 4096;
constexpr size_t kSizeGranule = 32;
constexpr size_t kPadding = 32;

// Memory of the active backend: host memory on the host backend; GPU memory (device) or
// page-locked memory (host) on a device backend. nullptr when it cannot be had.
void* AcquireMemory(int32_t device, size_t bytes, bool host) {
  const AhDeviceBackend* backend = ActiveDeviceBackend();
  void* memory = nullptr;
  if (backend == nullptr) {
    return posix_memalign(&memory, host ? kHostAlignment : kDeviceAlignment, bytes) == 0 ? memory : nullptr;
  }
  char error[256];
  const int status = host ? backend->malloc_host(bytes, &memory, error, sizeof(error))
                          : backend->malloc_device(device, bytes, &memory, error, sizeof(error));
  return status == 0 ? memory : nullptr;
}

void ReleaseMemory(const AllocationInfo& block, bool host) {
  void* memory = reinterpret_cast<void*>(block.base);
  const AhDeviceBackend* backend = ActiveDeviceBackend();
  if (backend == nullptr) {
    std::free(memory);
    return;
  }
  char error[256];
  if (host) {
    backend->free_host(memory, error, sizeof(error));
  } else {
    backend->free_device(block.device, memory, error, sizeof(error));
  }
}

}  // namespace

MemoryPins::MemoryPins(MemoryPins&& other) noexcept : count_(other.count_) {
  for (size_t i = 0; i < count_; ++i) pins_[i] = other.pins_[i];
  other.count_ = 0;
}

MemoryPins& MemoryPins::operator=(MemoryPins&& other) noexcept {
  if (this != &other) {
    Release();
    count_ = other.count_;
    for (size_t i = 0; i < count_; ++i) pins_[i] = other.pins_[i];
    other.count_ = 0;
  }
  return *this;
}

void MemoryPins::Release() {
  if (count_ == 0) return;
  MemoryRegistry::Get().Unpin(pins_, count_);
  count_ = 0;
}

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
  const aclError charged = ChargeLocked(api, device, rounded, size, capacity);
  if (charged != ACL_SUCCESS) return charged;
  void* memory = AcquireMemory(device, rounded, /*host=*/false);
  if (memory == nullptr) {
    used_by_device_[static_cast<size_t>(device)] -= rounded;
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "the %s cannot back a device allocation of %zu bytes.",
                ActiveDeviceBackend() == nullptr ? "host" : "GPU", size);
  }
  const uintptr_t base = reinterpret_cast<uintptr_t>(memory);
  device_[base] = AllocationInfo{base, size, rounded, device, next_id_++, 0};
  *ptr = memory;
  return ACL_SUCCESS;
}

aclError MemoryRegistry::FreeDevice(const char* api, void* ptr) { return FreeBlock(api, ptr, BlockKind::kDevice); }

aclError MemoryRegistry::AllocateHost(const char* api, void** ptr, size_t size) {
  if (size > std::numeric_limits<size_t>::max() - kSizeGranule) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "%zu bytes cannot be allocated.", size);
  }
  const size_t rounded = (size + kSizeGranule - 1) / kSizeGranule * kSizeGranule;
  void* memory = AcquireMemory(-1, rounded, /*host=*/true);
  if (memory == nullptr) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "the host cannot allocate %zu bytes.", size);
  }
  const uintptr_t base = reinterpret_cast<uintptr_t>(memory);
  std::lock_guard<std::mutex> lock(mutex_);
  host_[base] = AllocationInfo{base, size, rounded, -1, next_id_++, 0};
  *ptr = memory;
  return ACL_SUCCESS;
}

aclError MemoryRegistry::FreeHost(const char* api, void* ptr) { return FreeBlock(api, ptr, BlockKind::kHost); }

MemoryRegistry::Blocks& MemoryRegistry::BlocksOf(BlockKind kind) {
  switch (kind) {
    case BlockKind::kDevice:
      return device_;
    case BlockKind::kHost:
      return host_;
    case BlockKind::kRegistered:
      break;
  }
  return registered_;
}

bool MemoryRegistry::RegistrationsPinnedLocked(const AllocationInfo& host_block) {
  for (auto it = registered_.lower_bound(host_block.base);
       it != registered_.end() && it->first < host_block.base + host_block.size; ++it) {
    if (it->second.pins != 0) return true;
  }
  return false;
}

aclError MemoryRegistry::FreeBlock(const char* api, void* ptr, BlockKind kind) {
  const uintptr_t base = reinterpret_cast<uintptr_t>(ptr);
  const bool host = kind == BlockKind::kHost;
  Blocks& blocks = BlocksOf(kind);
  Blocks& other = host ? device_ : host_;
  std::unique_lock<std::mutex> lock(mutex_);
  // Work queued on a stream may still use the block: it is freed when that work is done, so the
  // work never touches freed memory (as if the free were issued after it).
  for (;;) {
    auto it = blocks.find(base);
    if (it == blocks.end()) {
      if (kind == BlockKind::kRegistered) {
        return Fail(api, ACL_ERROR_HOST_MEMORY_NOT_REGISTERED,
                    "%p is not the start of a range registered with aclrtHostRegister or aclrtHostRegisterV2.", ptr);
      }
      if (other.count(base) != 0) {
        return Fail(api, ACL_ERROR_RT_MEMORY_FREE,
                    host ? "%p is device memory from aclrtMalloc: free it with aclrtFree."
                         : "%p is host memory from aclrtMallocHost: free it with aclrtFreeHost.",
                    ptr);
      }
      return Fail(api, ACL_ERROR_RT_MEMORY_FREE, "%p is not the start of a live %s allocation.", ptr,
                  host ? "aclrtMallocHost" : "aclrtMalloc");
    }
    if (it->second.reservation != 0) {
      return Fail(api, ACL_ERROR_RT_MEMORY_FREE, "%p is mapped with aclrtMapMem: unmap it with aclrtUnmapMem.", ptr);
    }
    if (it->second.free_when_unpinned) {  // the runtime's own memory, already freed
      return Fail(api, ACL_ERROR_RT_MEMORY_FREE, "%p is not the start of a live %s allocation.", ptr,
                  host ? "aclrtMallocHost" : "aclrtMalloc");
    }
    if (it->second.pins == 0 && !(host && RegistrationsPinnedLocked(it->second))) {
      if (kind == BlockKind::kDevice) {
        size_t& used = used_by_device_[static_cast<size_t>(it->second.device)];
        used = used > it->second.size ? used - it->second.size : 0;
      }
      if (host) {  // its registrations end with the memory they describe
        registered_.erase(registered_.lower_bound(it->second.base),
                          registered_.lower_bound(it->second.base + it->second.size));
      }
      if (kind != BlockKind::kRegistered) ReleaseMemory(it->second, host);
      blocks.erase(it);
      return ACL_SUCCESS;
    }
    ++free_waiters_;
    unpinned_.wait(lock);
    --free_waiters_;
  }
}

aclError MemoryRegistry::RegisterHost(const char* api, void* ptr, size_t size, bool mapped, int32_t device) {
  const uintptr_t base = reinterpret_cast<uintptr_t>(ptr);
  if (size > std::numeric_limits<uintptr_t>::max() - base) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "the range at %p of %zu bytes wraps the address space.", ptr, size);
  }
  const uintptr_t end = base + size;
  std::lock_guard<std::mutex> lock(mutex_);
  // The first registration that ends after `base`, if it begins before `end`, overlaps.
  auto after = registered_.lower_bound(base);
  if (after != registered_.begin()) {
    auto before = std::prev(after);
    if (before->first + before->second.requested > base) after = before;
  }
  if (after != registered_.end() && after->first < end) {
    return Fail(api, ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
                "[%p, %p) overlaps the registered range [%p, %p): unregister it first.", ptr,
                reinterpret_cast<void*>(end), reinterpret_cast<void*>(after->first),
                reinterpret_cast<void*>(after->first + after->second.requested));
  }
  auto device_block = device_.lower_bound(base);
  if (device_block != device_.begin()) {
    auto before = std::prev(device_block);
    if (before->first + before->second.size > base) device_block = before;
  }
  if (device_block != device_.end() && device_block->first < end) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "[%p, %p) is device memory from aclrtMalloc, not host memory.", ptr,
                reinterpret_cast<void*>(end));
  }
  if (base % kHostAlignment != 0) {  // CANN: "the host address must be 4 KB page-aligned"
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "ptr %p is not aligned to the 4 KB host page.", ptr);
  }
  if (!mapped) {
    auto host_block = host_.lower_bound(base);
    if (host_block != host_.begin()) {
      auto before = std::prev(host_block);
      if (before->first + before->second.size > base) host_block = before;
    }
    if (host_block != host_.end() && host_block->first < end) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "[%p, %p) covers page-locked memory from aclrtMallocHost: ACL_HOST_REG_PINNED takes pageable "
                  "memory only (malloc, new, mmap).",
                  ptr, reinterpret_cast<void*>(end));
    }
  }
  AllocationInfo registration{base, size, size, device, next_id_++, 0};
  registration.mapped = mapped;
  registered_[base] = registration;
  return ACL_SUCCESS;
}

aclError MemoryRegistry::UnregisterHost(const char* api, void* ptr) {
  return FreeBlock(api, ptr, BlockKind::kRegistered);
}

aclError MemoryRegistry::MappedPointer(const char* api, void* ptr, void** device_ptr) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = registered_.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == registered_.end()) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "%p is not the start of a range registered with aclrtHostRegister or aclrtHostRegisterV2.", ptr);
  }
  if (!it->second.mapped) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "%p was registered with ACL_HOST_REG_PINNED only: it has no device address (register it with "
                "ACL_HOST_REG_MAPPED).",
                ptr);
  }
  *device_ptr = ptr;
  return ACL_SUCCESS;
}

size_t MemoryRegistry::WaitingFrees() {
  std::lock_guard<std::mutex> lock(mutex_);
  return free_waiters_;
}

size_t MemoryRegistry::PeakBytes(int32_t device) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (device < 0 || static_cast<size_t>(device) >= peak_by_device_.size()) return 0;
  return peak_by_device_[static_cast<size_t>(device)];
}

size_t MemoryRegistry::UsedBytes(int32_t device) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (device < 0 || static_cast<size_t>(device) >= used_by_device_.size()) return 0;
  return used_by_device_[static_cast<size_t>(device)];
}

MemoryRegistry::Blocks::iterator MemoryRegistry::FindBlockLocked(Blocks& blocks, uintptr_t address) {
  auto it = blocks.upper_bound(address);
  if (it == blocks.begin()) return blocks.end();
  --it;
  return address - it->second.base < it->second.size ? it : blocks.end();
}

AllocationInfo* MemoryRegistry::BlockOfLocked(const void* address, MemoryKind wanted, BlockKind* kind) {
  const uintptr_t begin = reinterpret_cast<uintptr_t>(address);
  const bool kernel = wanted == MemoryKind::kKernel;
  const BlockKind order[3] = {BlockKind::kDevice, kernel ? BlockKind::kRegistered : BlockKind::kHost,
                              kernel ? BlockKind::kHost : BlockKind::kRegistered};
  for (BlockKind candidate : order) {
    Blocks& blocks = BlocksOf(candidate);
    auto it = FindBlockLocked(blocks, begin);
    if (it != blocks.end() && !it->second.free_when_unpinned) {
      *kind = candidate;
      return &it->second;
    }
  }
  *kind = BlockKind::kHost;
  return nullptr;
}

const char* MemoryRegistry::RangeProblemLocked(const MemoryRange& range, const AllocationInfo* block, BlockKind kind,
                                               int32_t device, std::string* detail) {
  switch (range.kind) {
    case MemoryKind::kDevice:
    case MemoryKind::kKernel:
      if (block == nullptr) {
        return "is not device memory: it lies in no live aclrtMalloc allocation (host memory, or freed)";
      }
      if (kind == BlockKind::kHost) return "is host memory from aclrtMallocHost, not device memory";
      if (kind == BlockKind::kRegistered && range.kind == MemoryKind::kDevice) {
        return "is host memory registered with aclrtHostRegister: its device address serves kernels, not "
               "copies, which take aclrtMalloc memory";
      }
      if (kind == BlockKind::kRegistered && !block->mapped) {
        return "is host memory registered with ACL_HOST_REG_PINNED only, which the device cannot reach (register "
               "it with ACL_HOST_REG_MAPPED)";
      }
      break;
    case MemoryKind::kHost:
      if (block != nullptr && kind == BlockKind::kDevice)
        return "is device memory, but the copy's kind says host memory";
      // Plain host memory, registered or not: its extent cannot be known.
      if (block == nullptr || kind == BlockKind::kRegistered) return nullptr;
      break;
    case MemoryKind::kAcl:
      if (block == nullptr || kind == BlockKind::kRegistered) {
        return "lies in no live aclrtMalloc or aclrtMallocHost allocation (other host memory is undefined "
               "behaviour for this call)";
      }
      break;
    case MemoryKind::kAny:
      if (block == nullptr || kind == BlockKind::kRegistered) return nullptr;
      break;
  }
  if (kind != BlockKind::kHost && device >= 0 && block->device != device) {
    *detail = FormatString(kind == BlockKind::kRegistered
                               ? "is host memory registered for device %d, but the work runs on device %d"
                               : "is memory of device %d, but the work runs on device %d",
                           block->device, device);
    return detail->c_str();
  }
  const uint64_t offset = reinterpret_cast<uintptr_t>(range.address) - block->base;
  if (block->reservation != 0 && offset <= block->requested && range.bytes > block->requested - offset) {
    // Mappings of the same reservation that follow without a gap extend the range.
    uint64_t covered = block->requested - offset;
    uintptr_t next = block->base + block->requested;
    for (auto it = device_.find(next); it != device_.end() && covered < range.bytes; it = device_.find(next)) {
      if (it->second.reservation != block->reservation) break;
      covered += it->second.requested;
      next += it->second.requested;
    }
    if (covered >= range.bytes) return nullptr;
    *detail = FormatString("runs %llu bytes past the end of the mapped part of its reservation (mapping %p, %zu bytes)",
                           static_cast<unsigned long long>(range.bytes - covered), reinterpret_cast<void*>(block->base),
                           block->requested);
    return detail->c_str();
  }
  if (offset > block->requested || range.bytes > block->requested - offset) {
    *detail = FormatString("runs %llu bytes past the end of its %s (%p, %zu bytes)",
                           static_cast<unsigned long long>(offset + range.bytes - block->requested),
                           kind == BlockKind::kRegistered ? "registration" : "allocation",
                           reinterpret_cast<void*>(block->base), block->requested);
    return detail->c_str();
  }
  return nullptr;
}

bool MemoryRegistry::CheckAndPin(const MemoryRange* ranges, size_t count, int32_t device, bool strict, MemoryPins* pins,
                                 std::string* problem) {
  AllocationInfo* blocks[MemoryPins::kCapacity];
  BlockKind kinds[MemoryPins::kCapacity];
  const size_t room = MemoryPins::kCapacity - pins->count_;
  if (count > room) {  // a caller's bug: ranges left unpinned would let the memory go under the work
    *problem = FormatString("%zu memory ranges for one task, beyond the %zu a task pins.", count, room);
    return false;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  // Every range is checked before any is pinned: a refused launch pins nothing.
  for (size_t i = 0; i < count; ++i) {
    blocks[i] = BlockOfLocked(ranges[i].address, ranges[i].kind, &kinds[i]);
    if (!strict) continue;
    std::string detail;
    const char* reason = RangeProblemLocked(ranges[i], blocks[i], kinds[i], device, &detail);
    if (reason != nullptr) {
      *problem = FormatString("%s%s%s (%p, %llu bytes) %s.", ranges[i].what, *ranges[i].name ? " " : "", ranges[i].name,
                              ranges[i].address, static_cast<unsigned long long>(ranges[i].bytes), reason);
      return false;
    }
  }
  for (size_t i = 0; i < count; ++i) {
    if (blocks[i] == nullptr) continue;
    ++blocks[i]->pins;
    pins->pins_[pins->count_++] = MemoryPins::Pin{blocks[i]->base, blocks[i]->id, kinds[i]};
  }
  return true;
}

void MemoryRegistry::ReleaseDeviceBlockLocked(Blocks::iterator it) {
  size_t& used = used_by_device_[static_cast<size_t>(it->second.device)];
  used = used > it->second.size ? used - it->second.size : 0;
  ReleaseMemory(it->second, /*host=*/false);
  device_.erase(it);
}

void MemoryRegistry::FreeDeviceWhenUnpinned(void* ptr) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = device_.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == device_.end() || it->second.reservation != 0) return;
  if (it->second.pins == 0) {
    ReleaseDeviceBlockLocked(it);
  } else {
    it->second.free_when_unpinned = true;
  }
}

void MemoryRegistry::Unpin(const MemoryPins::Pin* pins, size_t count) {
  bool wake = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = 0; i < count; ++i) {
      Blocks& blocks = BlocksOf(pins[i].kind);
      auto it = blocks.find(pins[i].base);
      // The block is gone only when aclFinalize released everything; an address reused since
      // then is a different block (another id).
      if (it == blocks.end() || it->second.id != pins[i].id) continue;
      if (--it->second.pins == 0) {
        wake = true;
        if (it->second.free_when_unpinned) ReleaseDeviceBlockLocked(it);
      }
    }
    wake = wake && free_waiters_ > 0;
  }
  if (wake) unpinned_.notify_all();
}

void MemoryRegistry::ReleaseAll() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& entry : device_) {
    if (entry.second.reservation == 0) ReleaseMemory(entry.second, /*host=*/false);  // mappings are vmm.cc's
  }
  for (auto& entry : host_) ReleaseMemory(entry.second, /*host=*/true);
  device_.clear();
  host_.clear();
  registered_.clear();  // the program's own memory: not freed here
  used_by_device_.clear();
  peak_by_device_.clear();
  ++generation_;
}

namespace {

// Where each side of a copy must live, by its kind.
void CopyKinds(aclrtMemcpyKind kind, MemoryKind* dst, MemoryKind* src) {
  switch (kind) {
    case ACL_MEMCPY_HOST_TO_HOST:
      *dst = MemoryKind::kHost;
      *src = MemoryKind::kHost;
      return;
    case ACL_MEMCPY_HOST_TO_DEVICE:
    case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE:
      *dst = MemoryKind::kDevice;
      *src = MemoryKind::kHost;
      return;
    case ACL_MEMCPY_DEVICE_TO_HOST:
      *dst = MemoryKind::kHost;
      *src = MemoryKind::kDevice;
      return;
    case ACL_MEMCPY_DEFAULT:  // the direction follows from the addresses
      *dst = MemoryKind::kAny;
      *src = MemoryKind::kAny;
      return;
    default:  // the device-to-device kinds
      *dst = MemoryKind::kDevice;
      *src = MemoryKind::kDevice;
      return;
  }
}

// Checks (in strict mode) and pins the ranges of a copy or fill; fails with
// ACL_ERROR_RT_PARAM_INVALID and the reason.
aclError CheckAndPinOrFail(const char* api, const MemoryRange* ranges, size_t count, int32_t device, MemoryPins* pins) {
  std::string problem;
  if (MemoryRegistry::Get().CheckAndPin(ranges, count, device, Runtime::Get().strict(), pins, &problem)) {
    return ACL_SUCCESS;
  }
  return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s %s", problem.c_str(), DeviceMemoryHint());
}

}  // namespace

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
  int32_t device = -1;
  std::shared_ptr<Stream> target;
  aclError status =
      async ? Runtime::Get().FindStream(api, stream, &target) : Runtime::Get().RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  if (async) device = target->device();
  MemoryRange ranges[2];
  ranges[0] = MemoryRange{"dst", "", dst, count, MemoryKind::kAny};
  ranges[1] = MemoryRange{"src", "", src, count, MemoryKind::kAny};
  CopyKinds(kind, &ranges[0].kind, &ranges[1].kind);
  // A copy between devices may name memory of either device.
  const int32_t range_device = kind == ACL_MEMCPY_INTER_DEVICE_TO_DEVICE ? -1 : device;
  MemoryPins pins;
  status = CheckAndPinOrFail(api, ranges, 2, range_device, &pins);
  if (status != ACL_SUCCESS) return status;
  if (dst == src) return ACL_SUCCESS;
  if (!async) {
    status = RequireCaptureModeAllows(api, "Synchronous memory copy", device);
    if (status != ACL_SUCCESS) return status;
    std::string error;
    status = BackendCopy(device, dst, src, count, &error);
    return status == ACL_SUCCESS ? status : Fail(api, status, "the copy failed: %s.", error.c_str());
  }
  const bool queued = target->Enqueue(
      [device, dst, src, count] {
        std::string error;
        const aclError copied = BackendCopy(device, dst, src, count, &error);
        return copied == ACL_SUCCESS ? TaskResult() : TaskResult{copied, "aclrtMemcpyAsync failed: " + error};
      },
      std::move(pins), ranges, 2, range_device, /*always_run=*/false, TaskLabel{"MEMCPY_ASYNC"});
  return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
}

aclError FillMemory(const char* api, void* dst, size_t max_count, int32_t value, size_t count, bool async,
                    aclrtStream stream) {
  if (count == 0) return ACL_SUCCESS;
  if (dst == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devPtr is nullptr.");
  if (count > max_count) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "count %zu exceeds maxCount %zu.", count, max_count);
  }
  int32_t device = -1;
  std::shared_ptr<Stream> target;
  aclError status =
      async ? Runtime::Get().FindStream(api, stream, &target) : Runtime::Get().RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  if (async) device = target->device();
  const MemoryRange range{"devPtr", "", dst, count, MemoryKind::kAcl};
  MemoryPins pins;
  status = CheckAndPinOrFail(api, &range, 1, device, &pins);
  if (status != ACL_SUCCESS) return status;
  if (!async) {
    status = RequireCaptureModeAllows(api, "Memory setting synchronization", device);
    if (status != ACL_SUCCESS) return status;
    std::string error;
    status = BackendFill(device, dst, value, count, &error);
    return status == ACL_SUCCESS ? status : Fail(api, status, "the fill failed: %s.", error.c_str());
  }
  const bool queued = target->Enqueue(
      [device, dst, value, count] {
        std::string error;
        const aclError filled = BackendFill(device, dst, value, count, &error);
        return filled == ACL_SUCCESS ? TaskResult() : TaskResult{filled, "aclrtMemsetAsync failed: " + error};
      },
      std::move(pins), &range, 1, device, /*always_run=*/false, TaskLabel{"MEMSET_ASYNC"});
  return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
}

aclError MemoryRegistry::ChargeLocked(const char* api, int32_t device, size_t bytes, size_t requested,
                                      uint64_t capacity) {
  if (used_by_device_.size() <= static_cast<size_t>(device)) {
    used_by_device_.resize(static_cast<size_t>(device) + 1);
    peak_by_device_.resize(static_cast<size_t>(device) + 1);
  }
  size_t& used = used_by_device_[static_cast<size_t>(device)];
  if (bytes > capacity || used > capacity - bytes) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION,
                "out of device memory: %zu bytes requested, %llu of %llu bytes free on device %d.", requested,
                static_cast<unsigned long long>(used > capacity ? 0 : capacity - used),
                static_cast<unsigned long long>(capacity), device);
  }
  used += bytes;
  size_t& peak = peak_by_device_[static_cast<size_t>(device)];
  if (used > peak) peak = used;
  return ACL_SUCCESS;
}

aclError MemoryRegistry::ChargeDevice(const char* api, int32_t device, size_t bytes, uint64_t capacity,
                                      uint64_t* generation) {
  std::lock_guard<std::mutex> lock(mutex_);
  *generation = generation_;
  return ChargeLocked(api, device, bytes, bytes, capacity);
}

void MemoryRegistry::CreditDevice(int32_t device, size_t bytes, uint64_t generation) {
  std::lock_guard<std::mutex> lock(mutex_);
  // After aclFinalize the counts start again from 0: a charge of before is not in them.
  if (generation == generation_ && static_cast<size_t>(device) < used_by_device_.size()) {
    size_t& used = used_by_device_[static_cast<size_t>(device)];
    used = used > bytes ? used - bytes : 0;
  }
}

void MemoryRegistry::AddMapping(uintptr_t base, size_t size, int32_t device, uint64_t reservation) {
  std::lock_guard<std::mutex> lock(mutex_);
  AllocationInfo info{base, size, size, device, next_id_++, 0};
  info.reservation = reservation;
  device_[base] = info;
}

void MemoryRegistry::RemoveMapping(uintptr_t base) {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    auto it = device_.find(base);
    if (it == device_.end() || it->second.reservation == 0) return;  // released by aclFinalize
    // Work pins the mapping its range starts in, and may run on into the next ones: any pin in
    // the reservation holds every mapping of it.
    bool pinned = false;
    for (const auto& entry : device_)
      pinned = pinned || (entry.second.reservation == it->second.reservation && entry.second.pins != 0);
    if (!pinned) {
      device_.erase(it);
      return;
    }
    ++free_waiters_;
    unpinned_.wait(lock);
    --free_waiters_;
  }
}

bool MemoryRegistry::FindAllocation(const void* address, AllocationInfo* info, bool* host) {
  std::lock_guard<std::mutex> lock(mutex_);
  BlockKind kind = BlockKind::kHost;
  const AllocationInfo* block = BlockOfLocked(address, MemoryKind::kAny, &kind);
  *host = kind != BlockKind::kDevice;
  if (block == nullptr) return false;
  *info = *block;
  return true;
}

}  // namespace aclnn_host
