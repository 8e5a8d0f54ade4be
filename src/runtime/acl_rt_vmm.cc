// Virtual memory management (aclrtReserveMemAddress, aclrtMallocPhysical, aclrtMapMem and their
// companions), the way frameworks grow a tensor pool without copying (PyTorch's expandable
// segments). On the host, as on the NPU's driver:
// - a reservation is a range of address space with no access (an anonymous PROT_NONE mapping);
// - physical memory is a shared-memory file of the device's memory (memfd), charged to the device;
// - aclrtMapMem maps the whole file at an address inside a reservation (MAP_FIXED|MAP_SHARED), and
//   the memory registry then treats it as device memory; mappings of one reservation that touch
//   form one range for the checks, so a tensor may span them;
// - aclrtUnmapMem waits for the work that uses the reservation, then gives the range back to it.
// Checks and codes: hicann/runtime src/acl/aclrt_impl/memory.cpp and src/runtime (ApiErrorDecorator)
// at 681ef761; what the closed driver decides (granularity, alignment, whole-handle mappings) is
// taken from the driver header's comments and the API documentation (docs/api-coverage.md).
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>

#include "acl/acl.h"
#include "runtime/backend.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/memory.h"
#include "runtime/soc_profile.h"

using aclnn_host::Fail;

namespace {

constexpr size_t kHugePage = size_t{2} << 20;   // the granularity of normal and huge pages
constexpr size_t kGiantPage = size_t{1} << 30;  // of the 1G page types
constexpr uint32_t kUnsetAccess = 0x7FFFFFFF;   // MEM_ACCESS_TYPE_MAX: a location never set

struct Physical {
  int fd = -1;
  size_t size = 0;
  size_t page = 0;  // its granularity: mappings start on a multiple of it
  aclrtPhysicalMemProp prop{};
  int32_t device = 0;
  uint64_t generation = 0;  // the memory registry's, when charged: aclFinalize starts a new one
  size_t handles = 1;       // aclrtMallocPhysical's, plus one per aclrtMemRetainAllocationHandle
  size_t mappings = 0;      // released when both reach 0
};

struct Mapping {
  size_t size = 0;
  Physical* physical = nullptr;
  bool unmapping = false;                               // an aclrtUnmapMem waits for the work that uses it
  std::map<std::pair<int, uint32_t>, uint32_t> access;  // (location type, id) -> flags
};

struct Reservation {
  uint64_t id = 0;
  size_t size = 0;
  int32_t device = -1;  // of its first mapping: one reservation holds one device's memory
  std::map<uintptr_t, Mapping> mappings;
};

struct VmmState {
  std::mutex mutex;
  std::map<Physical*, std::unique_ptr<Physical>> physicals;
  std::map<uintptr_t, Reservation> reservations;  // by base address
  uint64_t next_reservation = 1;
};

VmmState& State() {
  static auto* state = new VmmState();  // outlives static destruction
  return *state;
}

// The page type of a memory attribute: 0 normal, 1 huge, 2 1G; -1 for attributes CANN refuses
// here (DDR_MEM, HBM_MEM and the HBM P2P ones are not in its table).
int PageType(aclrtMemAttr attr) {
  switch (attr) {
    case ACL_DDR_MEM_NORMAL:
    case ACL_HBM_MEM_NORMAL:
    case ACL_DDR_MEM_P2P_NORMAL:
    case ACL_MEM_NORMAL:
    case ACL_MEM_P2P_NORMAL:
      return 0;
    case ACL_DDR_MEM_HUGE:
    case ACL_HBM_MEM_HUGE:
    case ACL_DDR_MEM_P2P_HUGE:
    case ACL_MEM_HUGE:
    case ACL_MEM_P2P_HUGE:
      return 1;
    case ACL_HBM_MEM_HUGE1G:
    case ACL_MEM_HUGE1G:
    case ACL_MEM_P2P_HUGE1G:
      return 2;
    default:
      return -1;
  }
}

bool IsDdrAttr(aclrtMemAttr attr) {
  return attr == ACL_DDR_MEM_HUGE || attr == ACL_DDR_MEM_NORMAL || attr == ACL_DDR_MEM_P2P_HUGE ||
         attr == ACL_DDR_MEM_P2P_NORMAL;
}

// The checks aclrtMallocPhysical and aclrtMemGetAllocationGranularity share; the page size on
// success.
aclError CheckProp(const char* api, const aclrtPhysicalMemProp& prop, size_t* page) {
  const aclrtMemLocationType location = prop.location.type;
  if (location == ACL_MEM_LOCATION_TYPE_UNREGISTERED || location == ACL_MEM_LOCATION_TYPE_MANAGED) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "prop->location.type %d is invalid for physical memory.",
                static_cast<int>(location));
  }
  if (location == ACL_MEM_LOCATION_TYPE_DEVICE && IsDdrAttr(prop.memAttr)) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "prop->memAttr %d is host (DDR) memory, but the location is a device.",
                static_cast<int>(prop.memAttr));
  }
  const int page_type = PageType(prop.memAttr);
  if (page_type < 0) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "prop->memAttr %d is not a memory attribute of physical memory.",
                static_cast<int>(prop.memAttr));
  }
  if (location != ACL_MEM_LOCATION_TYPE_DEVICE) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "prop->location.type %d: only device physical memory is emulated (host and host-NUMA physical "
                "memory is ordinary host memory here).",
                static_cast<int>(location));
  }
  aclnn_host::Runtime& runtime = aclnn_host::Runtime::Get();
  if (runtime.profile() == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (prop.location.id >= runtime.device_count()) {
    return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "prop->location.id %u is not a device: the devices are [0, %u).",
                prop.location.id, runtime.device_count());
  }
  if (page_type == 2) {  // RT_FEATURE_MEM_1G_HUGE_PAGE: the 910B/93 and 950 configurations
    const aclnn_host::SocSeries series = runtime.profile()->series;
    if (series != aclnn_host::SocSeries::kAtlasA2 && series != aclnn_host::SocSeries::kAtlasA3 &&
        series != aclnn_host::SocSeries::kAscend950) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "1G huge pages are supported on Atlas A2, A3 and Ascend 950 "
                  "only, not on %s.",
                  runtime.profile()->name);
    }
  }
  if (aclnn_host::ActiveDeviceBackend() != nullptr) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "virtual memory management is emulated for host device memory only, not on the CUDA backend.");
  }
  *page = page_type == 2 ? kGiantPage : kHugePage;
  return ACL_SUCCESS;
}

void ReleasePhysicalLocked(Physical* physical) {
  if (physical->handles != 0 || physical->mappings != 0) return;
  close(physical->fd);
  aclnn_host::MemoryRegistry::Get().CreditDevice(physical->device, physical->size, physical->generation);
  State().physicals.erase(physical);
}

Physical* FindPhysicalLocked(aclrtDrvMemHandle handle) {
  const auto found = State().physicals.find(static_cast<Physical*>(handle));
  return found == State().physicals.end() || found->second->handles == 0 ? nullptr : found->second.get();
}

// The reservation holding `address` (and its base), or nullptr.
Reservation* ReservationOfLocked(uintptr_t address, uintptr_t* base = nullptr) {
  auto it = State().reservations.upper_bound(address);
  if (it == State().reservations.begin()) return nullptr;
  --it;
  if (address - it->first >= it->second.size) return nullptr;
  if (base != nullptr) *base = it->first;
  return &it->second;
}

// The mapping starting at `address`, or nullptr.
Mapping* MappingAtLocked(uintptr_t address, Reservation** owner) {
  Reservation* reservation = ReservationOfLocked(address);
  if (reservation == nullptr) return nullptr;
  const auto found = reservation->mappings.find(address);
  if (found == reservation->mappings.end()) return nullptr;
  *owner = reservation;
  return &found->second;
}

// The mapping containing `address`, or nullptr.
Mapping* MappingOfLocked(uintptr_t address) {
  Reservation* reservation = ReservationOfLocked(address);
  if (reservation == nullptr) return nullptr;
  auto it = reservation->mappings.upper_bound(address);
  if (it == reservation->mappings.begin()) return nullptr;
  --it;
  return address - it->first < it->second.size ? &it->second : nullptr;
}

}  // namespace

extern "C" {

aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop, aclrtMemGranularityOptions option,
                                          size_t* granularity) {
  const char* api = "aclrtMemGetAllocationGranularity";
  if (prop == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "prop is nullptr.");
  if (granularity == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "granularity is nullptr.");
  (void)option;  // CANN passes it to the driver unchecked; minimum and recommended are the page size
  size_t page = 0;
  const aclError status = CheckProp(api, *prop, &page);
  if (status != ACL_SUCCESS) return status;
  *granularity = page;
  return ACL_SUCCESS;
}

aclError aclrtMallocPhysical(aclrtDrvMemHandle* handle, size_t size, const aclrtPhysicalMemProp* prop, uint64_t flags) {
  const char* api = "aclrtMallocPhysical";
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  if (prop == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "prop is nullptr.");
  if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must not be 0.");
  if (flags != 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "flags %llu must be 0.", (unsigned long long)flags);
  if (prop->handleType != ACL_MEM_HANDLE_TYPE_NONE) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "prop->handleType %d must be ACL_MEM_HANDLE_TYPE_NONE.",
                static_cast<int>(prop->handleType));
  }
  if (prop->allocationType != ACL_MEM_ALLOCATION_TYPE_PINNED) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "prop->allocationType %d must be ACL_MEM_ALLOCATION_TYPE_PINNED.",
                static_cast<int>(prop->allocationType));
  }
  size_t page = 0;
  aclError status = CheckProp(api, *prop, &page);
  if (status != ACL_SUCCESS) return status;
  if (size % page != 0) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "size %zu is not a multiple of the granularity %zu (aclrtMemGetAllocationGranularity).", size, page);
  }
  const auto device = static_cast<int32_t>(prop->location.id);
  aclnn_host::Runtime& runtime = aclnn_host::Runtime::Get();
  uint64_t generation = 0;
  status =
      aclnn_host::MemoryRegistry::Get().ChargeDevice(api, device, size, runtime.device_memory_capacity(), &generation);
  if (status != ACL_SUCCESS) return status;
  const int fd = memfd_create("aclnn-host-physical", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, static_cast<off_t>(size)) != 0) {
    if (fd >= 0) close(fd);
    aclnn_host::MemoryRegistry::Get().CreditDevice(device, size, generation);
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "the host cannot back %zu bytes of physical memory.", size);
  }
  auto physical = std::make_unique<Physical>();
  physical->fd = fd;
  physical->size = size;
  physical->page = page;
  physical->generation = generation;
  physical->prop = *prop;
  physical->device = device;
  std::lock_guard<std::mutex> lock(State().mutex);
  *handle = physical.get();
  State().physicals[physical.get()] = std::move(physical);
  return ACL_SUCCESS;
}

// A handle still mapped is released by its last aclrtUnmapMem, as CANN documents.
aclError aclrtFreePhysical(aclrtDrvMemHandle handle) {
  const char* api = "aclrtFreePhysical";
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  std::lock_guard<std::mutex> lock(State().mutex);
  Physical* physical = FindPhysicalLocked(handle);
  if (physical == nullptr)
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "handle %p is not live physical memory.", handle);
  --physical->handles;
  ReleasePhysicalLocked(physical);
  return ACL_SUCCESS;
}

// `expectPtr` must be NULL here (CANN's header says so; its driver accepts addresses of the NPU's
// own address map only). The reservation is aligned to `alignment` when that is a larger power of
// two than the 2 MiB granularity.
aclError aclrtReserveMemAddress(void** virPtr, size_t size, size_t alignment, void* expectPtr, uint64_t flags) {
  const char* api = "aclrtReserveMemAddress";
  if (virPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "virPtr is nullptr.");
  if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must not be 0.");
  if (flags > 1) return Fail(api, ACL_ERROR_INVALID_PARAM, "flags %llu must be 0 (or 1).", (unsigned long long)flags);
  if (expectPtr != nullptr) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "expectPtr %p: a requested address is not emulated (it must be NULL, as CANN's header says).",
                expectPtr);
  }
  if (size % kHugePage != 0) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "size %zu is not a multiple of the granularity %zu.", size, kHugePage);
  }
  if (alignment != 0 && (alignment & (alignment - 1)) != 0) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "alignment %zu is not a power of two.", alignment);
  }
  const size_t align = alignment > kHugePage ? alignment : kHugePage;
  if (size > SIZE_MAX - align) return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "%zu bytes cannot be reserved.", size);
  void* area = mmap(nullptr, size + align, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (area == MAP_FAILED) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "the host cannot reserve %zu bytes of address space.", size);
  }
  const auto start = reinterpret_cast<uintptr_t>(area);
  const uintptr_t base = (start + align - 1) / align * align;
  if (base > start) munmap(area, base - start);
  if (start + align > base) munmap(reinterpret_cast<void*>(base + size), start + align - base);
  std::lock_guard<std::mutex> lock(State().mutex);
  Reservation& reservation = State().reservations[base];
  reservation.id = State().next_reservation++;
  reservation.size = size;
  *virPtr = reinterpret_cast<void*>(base);
  return ACL_SUCCESS;
}

aclError aclrtReleaseMemAddress(void* virPtr) {
  const char* api = "aclrtReleaseMemAddress";
  if (virPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "virPtr is nullptr.");
  std::lock_guard<std::mutex> lock(State().mutex);
  const auto found = State().reservations.find(reinterpret_cast<uintptr_t>(virPtr));
  if (found == State().reservations.end()) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p is not the start of a reservation of aclrtReserveMemAddress.",
                virPtr);
  }
  if (!found->second.mappings.empty()) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "the reservation at %p still has %zu mapping(s): unmap them first.",
                virPtr, found->second.mappings.size());
  }
  munmap(virPtr, found->second.size);
  State().reservations.erase(found);
  return ACL_SUCCESS;
}

// The whole physical allocation is mapped (offset 0, size its size), at a granularity-aligned
// address of a reservation, as CANN's driver requires.
aclError aclrtMapMem(void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags) {
  const char* api = "aclrtMapMem";
  if (virPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "virPtr is nullptr.");
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  if (size == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "size must not be 0.");
  if (flags != 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "flags %llu must be 0.", (unsigned long long)flags);
  std::lock_guard<std::mutex> lock(State().mutex);
  Physical* physical = FindPhysicalLocked(handle);
  if (physical == nullptr)
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "handle %p is not live physical memory.", handle);
  if (offset != 0) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "offset %zu must be 0.", offset);
  if (size != physical->size) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "size %zu must be the physical allocation's size, %zu.", size,
                physical->size);
  }
  const auto base = reinterpret_cast<uintptr_t>(virPtr);
  uintptr_t reservation_base = 0;
  Reservation* reservation = ReservationOfLocked(base, &reservation_base);
  if (reservation == nullptr) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p lies in no reservation of aclrtReserveMemAddress.", virPtr);
  }
  const uintptr_t offset_in = base - reservation_base;
  if (base % physical->page != 0 || size > reservation->size - offset_in) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "%p (%zu bytes) must start on a %zu-byte boundary (the allocation's page) inside its reservation "
                "(%zu bytes).",
                virPtr, size, physical->page, reservation->size);
  }
  auto next = reservation->mappings.lower_bound(base);
  const bool overlaps_next = next != reservation->mappings.end() && next->first < base + size;
  const bool overlaps_previous =
      next != reservation->mappings.begin() && std::prev(next)->first + std::prev(next)->second.size > base;
  if (overlaps_next || overlaps_previous) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p (%zu bytes) overlaps a mapping of the reservation.", virPtr, size);
  }
  if (reservation->device >= 0 && reservation->device != physical->device) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "the reservation holds memory of device %d; a reservation must not map two devices' memory.",
                reservation->device);
  }
  if (mmap(virPtr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, physical->fd, 0) == MAP_FAILED) {
    return Fail(api, ACL_ERROR_RT_MEMORY_ALLOCATION, "the host cannot map %zu bytes at %p.", size, virPtr);
  }
  reservation->device = physical->device;
  Mapping& mapping = reservation->mappings[base];
  mapping.size = size;
  mapping.physical = physical;
  mapping.access[{ACL_MEM_LOCATION_TYPE_DEVICE, static_cast<uint32_t>(physical->device)}] =
      ACL_RT_MEM_ACCESS_FLAGS_READWRITE;  // the owner may read and write once mapped
  ++physical->mappings;
  aclnn_host::MemoryRegistry::Get().AddMapping(base, size, physical->device, reservation->id);
  return ACL_SUCCESS;
}

// Waits for the work that uses the reservation, then gives the range back to it (no access). The
// wait happens without the virtual-memory lock: that work may itself call these functions.
aclError aclrtUnmapMem(void* virPtr) {
  const char* api = "aclrtUnmapMem";
  if (virPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "virPtr is nullptr.");
  const auto base = reinterpret_cast<uintptr_t>(virPtr);
  {
    std::lock_guard<std::mutex> lock(State().mutex);
    Reservation* reservation = nullptr;
    Mapping* mapping = MappingAtLocked(base, &reservation);
    if (mapping == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p is not the start of a mapping.", virPtr);
    if (mapping->unmapping) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "the mapping at %p is being unmapped by another call.", virPtr);
    }
    mapping->unmapping = true;
  }
  aclnn_host::MemoryRegistry::Get().RemoveMapping(base);
  std::lock_guard<std::mutex> lock(State().mutex);
  Reservation* reservation = nullptr;
  Mapping* mapping = MappingAtLocked(base, &reservation);  // still there: its reservation cannot go meanwhile
  mmap(virPtr, mapping->size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  Physical* physical = mapping->physical;
  reservation->mappings.erase(base);
  if (reservation->mappings.empty()) reservation->device = -1;
  --physical->mappings;
  ReleasePhysicalLocked(physical);
  return ACL_SUCCESS;
}

// Access is recorded per location, as the driver keeps it; the emulated device is the host, so
// it does not restrict what work may do with the mapping.
aclError aclrtMemSetAccess(void* virPtr, size_t size, aclrtMemAccessDesc* desc, size_t count) {
  const char* api = "aclrtMemSetAccess";
  if (virPtr == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "virPtr is nullptr.");
  if (desc == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "desc is nullptr.");
  std::lock_guard<std::mutex> lock(State().mutex);
  Reservation* reservation = nullptr;
  Mapping* mapping = MappingAtLocked(reinterpret_cast<uintptr_t>(virPtr), &reservation);
  if (mapping == nullptr || mapping->size != size) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p (%zu bytes) is not a mapping of aclrtMapMem (address and size).",
                virPtr, size);
  }
  for (size_t i = 0; i < count; ++i) {
    const aclrtMemLocation& location = desc[i].location;
    const uint32_t flag = static_cast<uint32_t>(desc[i].flags);
    if (location.type != ACL_MEM_LOCATION_TYPE_HOST && location.type != ACL_MEM_LOCATION_TYPE_DEVICE) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "desc[%zu].location.type %d must be HOST or DEVICE.", i,
                  static_cast<int>(location.type));
    }
    if (location.type == ACL_MEM_LOCATION_TYPE_HOST && location.id != 0) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "desc[%zu].location.id %u must be 0 for the host.", i, location.id);
    }
    if (flag != ACL_RT_MEM_ACCESS_FLAGS_NONE && flag != ACL_RT_MEM_ACCESS_FLAGS_READ &&
        flag != ACL_RT_MEM_ACCESS_FLAGS_READWRITE) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "desc[%zu].flags %u is not an aclrtMemAccessFlags.", i, flag);
    }
    const auto key = std::make_pair(static_cast<int>(location.type), location.id);
    const auto set = mapping->access.find(key);
    if (set != mapping->access.end() && set->second != flag) {  // the driver's DRV_ERROR_BUSY
      return Fail(api, ACL_ERROR_RT_DRV_INTERNAL_ERROR,
                  "desc[%zu]: the access of this location is already set (%u); it cannot change to %u.", i, set->second,
                  flag);
    }
    mapping->access[key] = flag;
  }
  return ACL_SUCCESS;
}

aclError aclrtMemGetAccess(void* virPtr, aclrtMemLocation* location, uint64_t* flag) {
  const char* api = "aclrtMemGetAccess";
  if (virPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "virPtr is nullptr.");
  if (location == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "location is nullptr.");
  if (flag == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "flag is nullptr.");
  if (location->type != ACL_MEM_LOCATION_TYPE_HOST && location->type != ACL_MEM_LOCATION_TYPE_DEVICE) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "location->type %d must be HOST or DEVICE.",
                static_cast<int>(location->type));
  }
  std::lock_guard<std::mutex> lock(State().mutex);
  Mapping* mapping = MappingOfLocked(reinterpret_cast<uintptr_t>(virPtr));
  if (mapping == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p lies in no mapping of aclrtMapMem.", virPtr);
  const auto found = mapping->access.find({static_cast<int>(location->type), location->id});
  *flag = found == mapping->access.end() ? kUnsetAccess : found->second;
  return ACL_SUCCESS;
}

// Any address of a mapping; balance it with aclrtFreePhysical.
aclError aclrtMemRetainAllocationHandle(void* virPtr, aclrtDrvMemHandle* handle) {
  const char* api = "aclrtMemRetainAllocationHandle";
  if (virPtr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "virPtr is nullptr.");
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  std::lock_guard<std::mutex> lock(State().mutex);
  Mapping* mapping = MappingOfLocked(reinterpret_cast<uintptr_t>(virPtr));
  if (mapping == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p lies in no mapping of aclrtMapMem.", virPtr);
  ++mapping->physical->handles;
  *handle = mapping->physical;
  return ACL_SUCCESS;
}

// CANN reports the attribute of the device's memory by page type (HBM normal, huge or 1G).
aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle, aclrtPhysicalMemProp* prop) {
  const char* api = "aclrtMemGetAllocationPropertiesFromHandle";
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  if (prop == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "prop is nullptr.");
  std::lock_guard<std::mutex> lock(State().mutex);
  Physical* physical = FindPhysicalLocked(handle);
  if (physical == nullptr)
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "handle %p is not live physical memory.", handle);
  *prop = physical->prop;
  prop->handleType = ACL_MEM_HANDLE_TYPE_NONE;
  prop->allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  const aclrtMemAttr attr = physical->prop.memAttr;
  const bool p2p = attr == ACL_MEM_P2P_NORMAL || attr == ACL_MEM_P2P_HUGE || attr == ACL_MEM_P2P_HUGE1G;
  if (!p2p) {
    static const aclrtMemAttr kByPage[3] = {ACL_HBM_MEM_NORMAL, ACL_HBM_MEM_HUGE, ACL_HBM_MEM_HUGE1G};
    prop->memAttr = kByPage[PageType(attr)];
  }
  return ACL_SUCCESS;
}

}  // extern "C"
