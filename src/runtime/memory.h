// Device and host memory: every aclrtMalloc / aclrtMallocHost allocation is recorded, so the
// runtime knows each live allocation's address range and its device. That record is what lets
// aclnn-host enforce what an NPU enforces (a kernel may only touch device memory it was given)
// and keep queued work from touching memory that was freed under it (pins).
#ifndef ACLNN_HOST_RUNTIME_MEMORY_H_
#define ACLNN_HOST_RUNTIME_MEMORY_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "common/export.h"

namespace aclnn_host {

struct AllocationInfo {
  uintptr_t base = 0;
  size_t requested = 0;             // the size asked for: what a tensor or a copy may use
  size_t size = 0;                  // bytes reserved: the request rounded up to 32, plus 32 bytes of padding
  int32_t device = -1;              // -1 for host memory
  uint64_t id = 0;                  // unique for the process' lifetime: tells a reused address from the old block
  uint32_t pins = 0;                // queued or running work that uses the block
  bool mapped = false;              // a registration the device can reach (ACL_HOST_REG_MAPPED), not only pinned
  uint64_t reservation = 0;         // an aclrtMapMem mapping: the id of its address reservation (0: none)
  bool free_when_unpinned = false;  // freed (FreeDeviceWhenUnpinned): goes when its last pin does
};

/// Where a range of bytes must live, in strict mode.
enum class MemoryKind {
  kDevice,  // inside one live aclrtMalloc allocation of the device
  kHost,    // not device memory; inside its aclrtMallocHost allocation if it starts in one
  kAcl,     // inside one live aclrtMalloc (of the device) or aclrtMallocHost allocation
  kAny,     // anywhere; inside its allocation if it starts in one
  kKernel,  // what a kernel may touch: kDevice, or host memory mapped for the device (aclrtHostRegister)
};

/// What a recorded block is: an aclrtMalloc or aclrtMallocHost allocation, or a range of host
/// memory registered with aclrtHostRegister(V2) (not owned: never freed by the runtime).
enum class BlockKind : uint8_t { kDevice, kHost, kRegistered };

/// A byte range some work will touch, named for messages: `what` ("tensor", "workspace", "dst")
/// and, optionally, `name` ("self").
struct MemoryRange {
  const char* what = "";
  const char* name = "";
  const void* address = nullptr;
  uint64_t bytes = 0;
  MemoryKind kind = MemoryKind::kDevice;
};

/// The device allocations a piece of work uses, pinned until it is done: aclrtFree of a pinned
/// block waits for the work, so the work never touches freed memory. Move-only; unpins when
/// destroyed.
class AH_INTERNAL_API MemoryPins {
 public:
  static constexpr size_t kCapacity = 10;

  MemoryPins() = default;
  ~MemoryPins() { Release(); }
  MemoryPins(MemoryPins&& other) noexcept;
  MemoryPins& operator=(MemoryPins&& other) noexcept;
  MemoryPins(const MemoryPins&) = delete;
  MemoryPins& operator=(const MemoryPins&) = delete;

  void Release();

 private:
  friend class MemoryRegistry;
  struct Pin {
    uintptr_t base;
    uint64_t id;
    BlockKind kind;
  };
  Pin pins_[kCapacity];
  size_t count_ = 0;
};

class AH_INTERNAL_API MemoryRegistry {
 public:
  static MemoryRegistry& Get();

  aclError AllocateDevice(const char* api, void** ptr, size_t size, int32_t device, uint64_t capacity);
  /// Frees a device allocation once no queued or running work uses it (waits for that work).
  aclError FreeDevice(const char* api, void* ptr);
  /// Frees runtime-owned device memory without waiting: the block counts as freed at once (no new
  /// work may use it) and goes when the work already using it is done. Unknown pointers are ignored.
  void FreeDeviceWhenUnpinned(void* ptr);
  aclError AllocateHost(const char* api, void** ptr, size_t size);
  /// Frees an aclrtMallocHost allocation once no queued or running copy uses it; registrations
  /// inside it end with it.
  aclError FreeHost(const char* api, void* ptr);

  /// aclrtHostRegister(V2): records [ptr, ptr + size) of host memory for `device`, `mapped` for
  /// its kernels or only pinned. Fails with 507910 when the range overlaps a registration, and
  /// with 107000 when it overlaps device memory or (pinned) is aclrtMallocHost memory.
  aclError RegisterHost(const char* api, void* ptr, size_t size, bool mapped, int32_t device);
  /// aclrtHostUnregister: ends the registration that starts at `ptr` once no queued or running
  /// work uses it (waits for that work); 507911 when none starts there.
  aclError UnregisterHost(const char* api, void* ptr);
  /// aclrtHostGetDevicePointer: the device address of the mapped registration that starts at
  /// `ptr` (the host address itself: the emulated device shares the host's address space).
  aclError MappedPointer(const char* api, void* ptr, void** device_ptr);

  /// Virtual memory (runtime/vmm.cc): physical allocations charge their device's memory...
  /// `*generation` identifies the counts charged: aclFinalize (ReleaseAll) starts new ones, and a
  /// credit of an older generation is ignored.
  aclError ChargeDevice(const char* api, int32_t device, size_t bytes, uint64_t capacity, uint64_t* generation);
  void CreditDevice(int32_t device, size_t bytes, uint64_t generation);
  /// ...and each aclrtMapMem mapping is device memory of `device`. Mappings of one reservation
  /// that touch form one range for the checks (a tensor may span them).
  void AddMapping(uintptr_t base, size_t size, int32_t device, uint64_t reservation);
  /// Ends the mapping at `base` once no queued or running work uses its reservation (waits).
  void RemoveMapping(uintptr_t base);

  /// Threads waiting in a free for work that uses their block (for tests).
  size_t WaitingFrees();

  /// Bytes currently allocated on `device`.
  size_t UsedBytes(int32_t device);
  /// The most bytes allocated on `device` at once since aclInit (aclrtGetMemUsageInfo's peak).
  size_t PeakBytes(int32_t device);
  /// With `strict`, checks that every range lies where its kind says (device memory: of
  /// `device`, or of any device when `device` is -1); on failure returns false, pins nothing and
  /// sets `*problem` to a sentence naming the range and the reason. Then pins every allocation a
  /// range starts in (without `strict`, that is all it does). At most MemoryPins::kCapacity ranges.
  bool CheckAndPin(const MemoryRange* ranges, size_t count, int32_t device, bool strict, MemoryPins* pins,
                   std::string* problem);

  /// Frees every allocation (aclFinalize, after every stream has drained).
  void ReleaseAll();

  /// The live allocation `address` lies in (`*host`: host memory, an aclrtMallocHost block or a
  /// registration); false when none.
  bool FindAllocation(const void* address, AllocationInfo* info, bool* host);

 private:
  friend class MemoryPins;
  MemoryRegistry() = default;

  using Blocks = std::map<uintptr_t, AllocationInfo>;
  /// The block of `blocks` that contains `address`, or end().
  static Blocks::iterator FindBlockLocked(Blocks& blocks, uintptr_t address);
  /// Frees a device block now (its pins are 0): the device's count and the memory.
  void ReleaseDeviceBlockLocked(Blocks::iterator it);
  Blocks& BlocksOf(BlockKind kind);
  /// The live block `address` lies in, or nullptr; `*kind` says which. Device memory first; then,
  /// for a kernel's range, a registration before an aclrtMallocHost block (a registration may lie
  /// inside one), and for other ranges the allocation before the registration.
  AllocationInfo* BlockOfLocked(const void* address, MemoryKind wanted, BlockKind* kind);
  /// Why `range`, which starts in `block`, does not lie where its kind says; nullptr when it does.
  /// `*detail` holds the text when it has to be formatted.
  const char* RangeProblemLocked(const MemoryRange& range, const AllocationInfo* block, BlockKind kind, int32_t device,
                                 std::string* detail);
  aclError FreeBlock(const char* api, void* ptr, BlockKind kind);
  /// Counts `bytes` against `device`'s capacity (the message names `requested`), or fails with 207001.
  aclError ChargeLocked(const char* api, int32_t device, size_t bytes, size_t requested, uint64_t capacity);
  /// Whether a registration inside the aclrtMallocHost block `host_block` is pinned.
  bool RegistrationsPinnedLocked(const AllocationInfo& host_block);
  void Unpin(const MemoryPins::Pin* pins, size_t count);

  std::mutex mutex_;
  std::condition_variable unpinned_;  // a pinned block's last pin went away
  size_t free_waiters_ = 0;           // threads in a free waiting for pins to go
  Blocks device_;                     // keyed by base address
  Blocks host_;
  Blocks registered_;  // aclrtHostRegister(V2) ranges, keyed by base address; never overlapping
  std::vector<size_t> used_by_device_;
  std::vector<size_t> peak_by_device_;
  uint64_t next_id_ = 1;
  uint64_t generation_ = 1;  // of the device counts; ReleaseAll starts a new one
};

/// The checks and the copy of aclrtMemcpy / aclrtMemcpyAsync (enqueued when `async`). In strict
/// mode the device side(s) of the copy must lie inside live aclrtMalloc allocations and the host
/// side(s) outside them, as the kind says.
aclError CopyMemory(const char* api, void* dst, size_t dest_max, const void* src, size_t count, aclrtMemcpyKind kind,
                    bool async, aclrtStream stream);

/// The checks and the fill of aclrtMemset / aclrtMemsetAsync. In strict mode the range must lie
/// inside a live aclrtMalloc or aclrtMallocHost allocation (CANN: other host memory is undefined).
aclError FillMemory(const char* api, void* dst, size_t max_count, int32_t value, size_t count, bool async,
                    aclrtStream stream);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_MEMORY_H_
