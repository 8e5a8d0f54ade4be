// Virtual memory management: reservations, physical memory, mappings (aclrtReserveMemAddress,
// aclrtMallocPhysical, aclrtMapMem and their companions), with the checks and codes of
// hicann/runtime and its driver's documented rules.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"
#include "support/stream_gate.h"

namespace {

using test::FailsWith;
using test::Succeeds;

constexpr size_t kTwoMiB = size_t{2} << 20;

aclrtPhysicalMemProp DeviceProp(aclrtMemAttr attr = ACL_HBM_MEM_NORMAL) {
  aclrtPhysicalMemProp prop{};
  prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
  prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  prop.memAttr = attr;
  prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  return prop;
}

TEST(AclVmm, GranularityIsThePageSize) {
  test::RuntimeSession session("Ascend910B3");
  aclrtPhysicalMemProp prop = DeviceProp();
  size_t granularity = 0;
  ASSERT_TRUE(Succeeds(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity)));
  EXPECT_EQ(granularity, kTwoMiB);
  prop.memAttr = ACL_HBM_MEM_HUGE1G;
  ASSERT_TRUE(
      Succeeds(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &granularity)));
  EXPECT_EQ(granularity, size_t{1} << 30);
  const char* api = "aclrtMemGetAllocationGranularity";
  prop.memAttr = ACL_DDR_MEM_HUGE;  // host memory on a device location
  EXPECT_TRUE(FailsWith(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity),
                        ACL_ERROR_INVALID_PARAM, api, {"DDR"}));
  prop.memAttr = ACL_HBM_MEM;  // not in CANN's table
  EXPECT_TRUE(FailsWith(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity),
                        ACL_ERROR_INVALID_PARAM, api));
  prop = DeviceProp();
  prop.location.id = 7;
  EXPECT_TRUE(FailsWith(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity),
                        ACL_ERROR_RT_INVALID_DEVICEID, api));
}

TEST(AclVmm, GiantPagesNeedAnAtlasA2A3Or950) {
  test::RuntimeSession session("Ascend310P3");
  aclrtPhysicalMemProp prop = DeviceProp(ACL_MEM_HUGE1G);
  size_t granularity = 0;
  EXPECT_TRUE(FailsWith(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtMemGetAllocationGranularity", {"Ascend310P3"}));
}

// PyTorch's expandable segments: one reservation, physical pieces mapped one after another, and
// tensors that span two pieces.
TEST(AclVmm, MappingsOfAReservationFormOneRangeOfDeviceMemory) {
  test::RuntimeSession session;
  size_t free_before = 0, total = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_before, &total)));
  void* base = nullptr;
  ASSERT_TRUE(Succeeds(aclrtReserveMemAddress(&base, 4 * kTwoMiB, 0, nullptr, 0)));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(base) % kTwoMiB, 0u);
  const aclrtPhysicalMemProp prop = DeviceProp();
  aclrtDrvMemHandle first = nullptr, second = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocPhysical(&first, kTwoMiB, &prop, 0)));
  ASSERT_TRUE(Succeeds(aclrtMallocPhysical(&second, kTwoMiB, &prop, 0)));
  size_t free_after = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_after, &total)));
  EXPECT_EQ(free_before - free_after, 2 * kTwoMiB);  // physical memory is the device's
  auto* bytes = static_cast<uint8_t*>(base);
  ASSERT_TRUE(Succeeds(aclrtMapMem(base, kTwoMiB, 0, first, 0)));
  ASSERT_TRUE(Succeeds(aclrtMapMem(bytes + kTwoMiB, kTwoMiB, 0, second, 0)));

  // A copy across the two mappings is one range of device memory.
  std::vector<uint32_t> host(kTwoMiB / 4);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<uint32_t>(i * 2654435761u);
  void* middle = bytes + kTwoMiB / 2;
  ASSERT_TRUE(Succeeds(aclrtMemcpy(middle, kTwoMiB, host.data(), kTwoMiB, ACL_MEMCPY_HOST_TO_DEVICE)));
  std::vector<uint32_t> back(host.size());
  ASSERT_TRUE(Succeeds(aclrtMemcpy(back.data(), kTwoMiB, middle, kTwoMiB, ACL_MEMCPY_DEVICE_TO_HOST)));
  EXPECT_EQ(back, host);
  // ... but not into the unmapped rest of the reservation.
  EXPECT_TRUE(FailsWith(
      aclrtMemcpy(bytes + 3 * kTwoMiB / 2, kTwoMiB * 2, host.data(), kTwoMiB * 2 - 64, ACL_MEMCPY_HOST_TO_DEVICE),
      ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"mapped part of its reservation"}));
  EXPECT_TRUE(FailsWith(aclrtFree(base), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree", {"aclrtUnmapMem"}));

  // The physical memory behind a mapping is shared: a second mapping of it sees the same bytes.
  void* other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtReserveMemAddress(&other, kTwoMiB, 0, nullptr, 0)));
  ASSERT_TRUE(Succeeds(aclrtMapMem(other, kTwoMiB, 0, second, 0)));
  uint32_t word = 0;
  ASSERT_TRUE(Succeeds(aclrtMemcpy(&word, 4, other, 4, ACL_MEMCPY_DEVICE_TO_HOST)));
  EXPECT_EQ(word, host[kTwoMiB / 8]);

  EXPECT_TRUE(FailsWith(aclrtReleaseMemAddress(base), ACL_ERROR_RT_PARAM_INVALID, "aclrtReleaseMemAddress",
                        {"unmap them first"}));
  ASSERT_TRUE(Succeeds(aclrtFreePhysical(second)));  // still mapped: released by the last unmap
  ASSERT_TRUE(Succeeds(aclrtMemcpy(&word, 4, other, 4, ACL_MEMCPY_DEVICE_TO_HOST)));
  EXPECT_TRUE(
      FailsWith(aclrtMapMem(bytes + 2 * kTwoMiB, kTwoMiB, 0, second, 0), ACL_ERROR_RT_INVALID_HANDLE, "aclrtMapMem"));
  for (void* mapped : {base, static_cast<void*>(bytes + kTwoMiB), other}) {
    ASSERT_TRUE(Succeeds(aclrtUnmapMem(mapped)));
  }
  EXPECT_TRUE(
      FailsWith(aclrtMemcpy(&word, 4, other, 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy"));
  ASSERT_TRUE(Succeeds(aclrtFreePhysical(first)));
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_after, &total)));
  EXPECT_EQ(free_after, free_before);
  EXPECT_TRUE(Succeeds(aclrtReleaseMemAddress(base)));
  EXPECT_TRUE(Succeeds(aclrtReleaseMemAddress(other)));
}

TEST(AclVmm, MapMemMapsAWholeAllocationInsideAReservation) {
  test::RuntimeSession session;
  void* base = nullptr;
  ASSERT_TRUE(Succeeds(aclrtReserveMemAddress(&base, 2 * kTwoMiB, 0, nullptr, 0)));
  const aclrtPhysicalMemProp prop = DeviceProp();
  aclrtDrvMemHandle handle = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 0)));
  auto* bytes = static_cast<uint8_t*>(base);
  const char* api = "aclrtMapMem";
  EXPECT_TRUE(FailsWith(aclrtMapMem(base, kTwoMiB, 4096, handle, 0), ACL_ERROR_RT_PARAM_INVALID, api, {"offset"}));
  EXPECT_TRUE(FailsWith(aclrtMapMem(base, 2 * kTwoMiB, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID, api, {"size"}));
  EXPECT_TRUE(
      FailsWith(aclrtMapMem(bytes + 4096, kTwoMiB, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID, api, {"boundary"}));
  EXPECT_TRUE(FailsWith(aclrtMapMem(bytes + 2 * kTwoMiB, kTwoMiB, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID, api,
                        {"no reservation"}));
  EXPECT_TRUE(FailsWith(aclrtMapMem(base, kTwoMiB, 0, handle, 1), ACL_ERROR_INVALID_PARAM, api, {"flags"}));
  ASSERT_TRUE(Succeeds(aclrtMapMem(base, kTwoMiB, 0, handle, 0)));
  EXPECT_TRUE(FailsWith(aclrtMapMem(base, kTwoMiB, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID, api, {"overlaps"}));

  // The handle behind any address of the mapping, and its properties.
  aclrtDrvMemHandle retained = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMemRetainAllocationHandle(bytes + 100, &retained)));
  EXPECT_EQ(retained, handle);
  ASSERT_TRUE(Succeeds(aclrtFreePhysical(retained)));
  aclrtPhysicalMemProp read{};
  ASSERT_TRUE(Succeeds(aclrtMemGetAllocationPropertiesFromHandle(handle, &read)));
  EXPECT_EQ(read.memAttr, ACL_HBM_MEM_NORMAL);
  EXPECT_EQ(read.location.type, ACL_MEM_LOCATION_TYPE_DEVICE);

  // Access: the owner reads and writes once mapped; a location never set reads 0x7FFFFFFF.
  aclrtMemLocation device{0, ACL_MEM_LOCATION_TYPE_DEVICE}, host{0, ACL_MEM_LOCATION_TYPE_HOST};
  uint64_t flags = 0;
  ASSERT_TRUE(Succeeds(aclrtMemGetAccess(base, &device, &flags)));
  EXPECT_EQ(flags, static_cast<uint64_t>(ACL_RT_MEM_ACCESS_FLAGS_READWRITE));
  ASSERT_TRUE(Succeeds(aclrtMemGetAccess(base, &host, &flags)));
  EXPECT_EQ(flags, 0x7FFFFFFFu);
  aclrtMemAccessDesc desc{};
  desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READ;
  desc.location = host;
  ASSERT_TRUE(Succeeds(aclrtMemSetAccess(base, kTwoMiB, &desc, 1)));
  ASSERT_TRUE(Succeeds(aclrtMemGetAccess(base, &host, &flags)));
  EXPECT_EQ(flags, static_cast<uint64_t>(ACL_RT_MEM_ACCESS_FLAGS_READ));
  desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
  EXPECT_TRUE(FailsWith(aclrtMemSetAccess(base, kTwoMiB, &desc, 1), ACL_ERROR_RT_DRV_INTERNAL_ERROR,
                        "aclrtMemSetAccess", {"already set"}));
  EXPECT_TRUE(FailsWith(aclrtMemSetAccess(base, 4096, &desc, 1), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemSetAccess"));

  ASSERT_TRUE(Succeeds(aclrtUnmapMem(base)));
  EXPECT_TRUE(FailsWith(aclrtUnmapMem(base), ACL_ERROR_RT_PARAM_INVALID, "aclrtUnmapMem", {"not the start"}));
  ASSERT_TRUE(Succeeds(aclrtFreePhysical(handle)));
  EXPECT_TRUE(FailsWith(aclrtFreePhysical(handle), ACL_ERROR_RT_INVALID_HANDLE, "aclrtFreePhysical"));
  ASSERT_TRUE(Succeeds(aclrtReleaseMemAddress(base)));
}

TEST(AclVmm, ReservationsAndAllocationsCheckTheirArguments) {
  test::RuntimeSession session;
  void* base = nullptr;
  const char* reserve = "aclrtReserveMemAddress";
  EXPECT_TRUE(FailsWith(aclrtReserveMemAddress(nullptr, kTwoMiB, 0, nullptr, 0), ACL_ERROR_INVALID_PARAM, reserve));
  EXPECT_TRUE(FailsWith(aclrtReserveMemAddress(&base, 0, 0, nullptr, 0), ACL_ERROR_INVALID_PARAM, reserve));
  EXPECT_TRUE(FailsWith(aclrtReserveMemAddress(&base, kTwoMiB, 0, nullptr, 2), ACL_ERROR_INVALID_PARAM, reserve));
  EXPECT_TRUE(FailsWith(aclrtReserveMemAddress(&base, kTwoMiB + 4096, 0, nullptr, 0), ACL_ERROR_RT_PARAM_INVALID,
                        reserve, {"granularity"}));
  int here = 0;
  EXPECT_TRUE(FailsWith(aclrtReserveMemAddress(&base, kTwoMiB, 0, &here, 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, reserve,
                        {"expectPtr"}));
  ASSERT_TRUE(Succeeds(aclrtReserveMemAddress(&base, kTwoMiB, size_t{1} << 24, nullptr, 0)));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(base) % (size_t{1} << 24), 0u);
  EXPECT_TRUE(Succeeds(aclrtReleaseMemAddress(base)));
  EXPECT_TRUE(FailsWith(aclrtReleaseMemAddress(base), ACL_ERROR_RT_PARAM_INVALID, "aclrtReleaseMemAddress"));

  aclrtDrvMemHandle handle = nullptr;
  aclrtPhysicalMemProp prop = DeviceProp();
  const char* malloc_api = "aclrtMallocPhysical";
  EXPECT_TRUE(
      FailsWith(aclrtMallocPhysical(&handle, 4096, &prop, 0), ACL_ERROR_RT_PARAM_INVALID, malloc_api, {"granularity"}));
  EXPECT_TRUE(FailsWith(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 1), ACL_ERROR_INVALID_PARAM, malloc_api));
  prop.handleType = ACL_MEM_HANDLE_TYPE_POSIX;
  EXPECT_TRUE(FailsWith(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 0), ACL_ERROR_INVALID_PARAM, malloc_api));
  prop = DeviceProp();
  prop.location.type = ACL_MEM_LOCATION_TYPE_MANAGED;
  EXPECT_TRUE(FailsWith(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 0), ACL_ERROR_INVALID_PARAM, malloc_api));
  prop.location.type = ACL_MEM_LOCATION_TYPE_HOST;
  prop.memAttr = ACL_MEM_NORMAL;
  EXPECT_TRUE(FailsWith(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, malloc_api));
  prop = DeviceProp();
  EXPECT_TRUE(FailsWith(aclrtMallocPhysical(&handle, size_t{1} << 46, &prop, 0), ACL_ERROR_RT_MEMORY_ALLOCATION,
                        malloc_api, {"out of device memory"}));
}

// Unmapping waits for the queued work that uses the reservation.
TEST(AclVmm, UnmapWaitsForQueuedWork) {
  test::RuntimeSession session;
  void* base = nullptr;
  ASSERT_TRUE(Succeeds(aclrtReserveMemAddress(&base, kTwoMiB, 0, nullptr, 0)));
  const aclrtPhysicalMemProp prop = DeviceProp();
  aclrtDrvMemHandle handle = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 0)));
  ASSERT_TRUE(Succeeds(aclrtMapMem(base, kTwoMiB, 0, handle, 0)));
  auto gate = std::make_unique<test::StreamGate>(session.stream());
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(base, kTwoMiB, 0x5A, kTwoMiB, session.stream())));
  std::atomic<bool> unmapped{false};
  std::thread unmapper([&] {
    EXPECT_EQ(aclrtUnmapMem(base), ACL_SUCCESS);
    unmapped = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_FALSE(unmapped.load());
  gate->Release();
  unmapper.join();
  EXPECT_TRUE(unmapped.load());
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(Succeeds(aclrtFreePhysical(handle)));
  EXPECT_TRUE(Succeeds(aclrtReleaseMemAddress(base)));
}

}  // namespace

namespace {

void* g_probe_base = nullptr;

// A host function that uses the virtual-memory API while an unmap waits for its stream.
void QueryAccess(void*) {
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  aclrtMemLocation device{0, ACL_MEM_LOCATION_TYPE_DEVICE};
  uint64_t flags = 0;
  EXPECT_EQ(aclrtMemGetAccess(g_probe_base, &device, &flags), ACL_SUCCESS);
}

TEST(AclVmmReview, AnUnmapWaitingForWorkDoesNotBlockThatWork) {
  test::RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclrtReserveMemAddress(&g_probe_base, kTwoMiB, 0, nullptr, 0)));
  const aclrtPhysicalMemProp prop = DeviceProp();
  aclrtDrvMemHandle handle = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 0)));
  ASSERT_TRUE(Succeeds(aclrtMapMem(g_probe_base, kTwoMiB, 0, handle, 0)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(session.stream(), QueryAccess, nullptr)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(g_probe_base, kTwoMiB, 1, kTwoMiB, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtUnmapMem(g_probe_base)));  // waits for the memset, which waits for QueryAccess
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(Succeeds(aclrtFreePhysical(handle)));
  EXPECT_TRUE(Succeeds(aclrtReleaseMemAddress(g_probe_base)));
}

TEST(AclVmmReview, PhysicalMemoryFreedAfterAFinalizeLeavesTheNewCountsAlone) {
  aclrtDrvMemHandle handle = nullptr;
  {
    test::RuntimeSession session;
    const aclrtPhysicalMemProp prop = DeviceProp();
    ASSERT_TRUE(Succeeds(aclrtMallocPhysical(&handle, kTwoMiB, &prop, 0)));
  }
  test::RuntimeSession session;
  size_t free_bytes = 0, total = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total)));
  EXPECT_EQ(free_bytes, total);
  void* memory = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&memory, 8 << 20, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtFreePhysical(handle)));  // charged before the finalize: not credited now
  ASSERT_TRUE(Succeeds(aclrtFree(memory)));
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total)));
  EXPECT_EQ(free_bytes, total);
}

TEST(AclVmmReview, GiantPagesMapOnGiantBoundaries) {
  test::RuntimeSession session("Ascend910B3");
  constexpr size_t kGiB = size_t{1} << 30;
  void* base = nullptr;
  ASSERT_TRUE(Succeeds(aclrtReserveMemAddress(&base, 2 * kGiB, kGiB, nullptr, 0)));
  const aclrtPhysicalMemProp prop = DeviceProp(ACL_HBM_MEM_HUGE1G);
  aclrtDrvMemHandle handle = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocPhysical(&handle, kGiB, &prop, 0)));
  EXPECT_TRUE(FailsWith(aclrtMapMem(static_cast<uint8_t*>(base) + kTwoMiB, kGiB, 0, handle, 0),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMapMem", {"boundary"}));
  ASSERT_TRUE(Succeeds(aclrtMapMem(static_cast<uint8_t*>(base) + kGiB, kGiB, 0, handle, 0)));
  EXPECT_TRUE(Succeeds(aclrtUnmapMem(static_cast<uint8_t*>(base) + kGiB)));
  EXPECT_TRUE(Succeeds(aclrtFreePhysical(handle)));
  EXPECT_TRUE(Succeeds(aclrtReleaseMemAddress(base)));
}

}  // namespace
