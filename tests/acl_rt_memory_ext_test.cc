// The memory functions beyond the basics: the aclrtMalloc variants, frees that synchronise the
// device, 2-D copies, 32-bit fills, pointer attributes and address ranges.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

TEST(AclMemoryExt, MallocVariantsAllocateDeviceMemory) {
  test::RuntimeSession session;
  void* a = nullptr;
  void* b = nullptr;
  void* c = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocAlign32(&a, 100, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMallocCached(&b, 100, ACL_MEM_MALLOC_NORMAL_ONLY)));
  ASSERT_TRUE(Succeeds(aclrtMallocWithCfg(&c, 100, ACL_MEM_MALLOC_HUGE_FIRST, nullptr)));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 32, 0u);
  aclrtPtrAttributes attributes;
  for (void* p : {a, b, c}) {
    ASSERT_TRUE(Succeeds(aclrtPointerGetAttributes(p, &attributes)));
    EXPECT_EQ(attributes.location.type, ACL_MEM_LOCATION_TYPE_DEVICE);
    EXPECT_EQ(attributes.location.id, 0u);
    EXPECT_TRUE(Succeeds(aclrtMemset(p, 100, 1, 100)));  // usable as device memory
  }
  EXPECT_TRUE(Succeeds(aclrtFree(a)));
  EXPECT_TRUE(Succeeds(aclrtFreeWithDevSync(b)));
  EXPECT_TRUE(Succeeds(aclrtFreeWithDevSync(c)));
  EXPECT_TRUE(FailsWith(aclrtMallocAlign32(&a, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM,
                        "aclrtMallocAlign32", {"size"}));
  EXPECT_TRUE(FailsWith(aclrtMallocCached(nullptr, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM,
                        "aclrtMallocCached"));
  EXPECT_TRUE(FailsWith(aclrtMallocAlign32(&a, 8, static_cast<aclrtMemMallocPolicy>(77)), ACL_ERROR_INVALID_PARAM,
                        "aclrtMallocAlign32", {"policy"}));
  EXPECT_TRUE(FailsWith(aclrtFreeWithDevSync(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFreeWithDevSync"));
}

TEST(AclMemoryExt, CheckMemTypeTellsDeviceMemoryFromTheRest) {
  for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    const bool dvpp_is_device = std::string(soc) == "Ascend950PR";
    void* device = nullptr;
    void* host = nullptr;
    ASSERT_TRUE(Succeeds(aclrtMalloc(&device, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
    ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, 64)));
    int plain = 0;
    void* interior = static_cast<char*>(device) + 10;
    void* devices[] = {device, interior};
    void* mixed[] = {device, host};
    void* unregistered[] = {&plain};
    uint32_t result = 7;
    EXPECT_TRUE(Succeeds(aclrtCheckMemType(devices, 2, ACL_RT_MEM_TYPE_DEV, &result, 0)));
    EXPECT_EQ(result, 1u) << soc;
    EXPECT_TRUE(Succeeds(aclrtCheckMemType(devices, 2, ACL_RT_MEM_TYPE_DVPP, &result, 0)));
    EXPECT_EQ(result, dvpp_is_device ? 1u : 0u) << soc;
    EXPECT_TRUE(Succeeds(aclrtCheckMemType(devices, 2, ACL_RT_MEM_TYPE_RSVD, &result, 0)));
    EXPECT_EQ(result, 0u) << soc;
    EXPECT_TRUE(Succeeds(aclrtCheckMemType(devices, 2, ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_RSVD, &result, 0)));
    EXPECT_EQ(result, 1u) << soc;
    EXPECT_TRUE(Succeeds(aclrtCheckMemType(mixed, 2, ACL_RT_MEM_TYPE_DEV, &result, 0)));
    EXPECT_EQ(result, 0u) << soc;  // aclrtMallocHost memory is not device memory
    EXPECT_TRUE(Succeeds(aclrtCheckMemType(unregistered, 1, ACL_RT_MEM_TYPE_DEV, &result, 0)));
    EXPECT_EQ(result, 0u) << soc;
    result = 7;
    EXPECT_TRUE(FailsWith(aclrtCheckMemType(devices, 2, 0x4, &result, 0), ACL_ERROR_INVALID_PARAM, "aclrtCheckMemType",
                          {"memType 0x4"}));
    EXPECT_TRUE(FailsWith(aclrtCheckMemType(devices, 2, ACL_RT_MEM_TYPE_DEV, &result, 1), ACL_ERROR_INVALID_PARAM,
                          "aclrtCheckMemType", {"reserve must be 0"}));
    EXPECT_TRUE(FailsWith(aclrtCheckMemType(nullptr, 2, ACL_RT_MEM_TYPE_DEV, &result, 0), ACL_ERROR_INVALID_PARAM,
                          "aclrtCheckMemType"));
    EXPECT_TRUE(FailsWith(aclrtCheckMemType(devices, 2, ACL_RT_MEM_TYPE_DEV, nullptr, 0), ACL_ERROR_INVALID_PARAM,
                          "aclrtCheckMemType"));
    EXPECT_EQ(result, 7u);  // untouched by the refusals
    EXPECT_TRUE(Succeeds(aclrtFree(device)));
    EXPECT_TRUE(Succeeds(aclrtCheckMemType(devices, 1, ACL_RT_MEM_TYPE_DEV, &result, 0)));
    EXPECT_EQ(result, 0u) << soc;  // freed
    EXPECT_TRUE(Succeeds(aclrtFreeHost(host)));
  }
}

TEST(AclMemoryExt, MallocWithCfgTakesADeviceAttribute) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  test::RuntimeSession session;
  aclrtMallocAttribute attribute;
  attribute.attr = ACL_RT_MEM_ATTR_DEVICE_ID;
  attribute.value.deviceId = 1;
  aclrtMallocConfig cfg{&attribute, 1};
  void* p = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocWithCfg(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST, &cfg)));
  aclrtPtrAttributes attributes;
  ASSERT_TRUE(Succeeds(aclrtPointerGetAttributes(p, &attributes)));
  EXPECT_EQ(attributes.location.id, 1u);
  attribute.value.deviceId = 5;
  void* q = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMallocWithCfg(&q, 64, ACL_MEM_MALLOC_HUGE_FIRST, &cfg), ACL_ERROR_RT_INVALID_DEVICEID,
                        "aclrtMallocWithCfg"));
  attribute.attr = static_cast<aclrtMallocAttrType>(99);
  EXPECT_TRUE(FailsWith(aclrtMallocWithCfg(&q, 64, ACL_MEM_MALLOC_HUGE_FIRST, &cfg), ACL_ERROR_INVALID_PARAM,
                        "aclrtMallocWithCfg", {"attribute 99"}));
  EXPECT_EQ(q, nullptr);
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

TEST(AclMemoryExt, HostWithCfgAndPointerAttributes) {
  test::RuntimeSession session;
  void* host = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHostWithCfg(&host, 128, nullptr)));
  aclrtPtrAttributes attributes;
  ASSERT_TRUE(Succeeds(aclrtPointerGetAttributes(host, &attributes)));
  EXPECT_EQ(attributes.location.type, ACL_MEM_LOCATION_TYPE_HOST);
  int plain = 0;
  ASSERT_TRUE(Succeeds(aclrtPointerGetAttributes(&plain, &attributes)));
  EXPECT_EQ(attributes.location.type, ACL_MEM_LOCATION_TYPE_UNREGISTERED);
  EXPECT_TRUE(Succeeds(aclrtFreeHostWithDevSync(host)));
  EXPECT_TRUE(
      FailsWith(aclrtPointerGetAttributes(nullptr, &attributes), ACL_ERROR_INVALID_PARAM, "aclrtPointerGetAttributes"));
  EXPECT_TRUE(FailsWith(aclrtMallocHostWithCfg(&host, 0, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtMallocHostWithCfg"));
}

TEST(AclMemoryExt, AddressRangeOfAnInteriorPointer) {
  test::RuntimeSession session;
  test::DeviceBuffer buffer(1000);
  void* base = nullptr;
  size_t size = 0;
  ASSERT_TRUE(Succeeds(aclrtMemGetAddressRange(static_cast<char*>(buffer.get()) + 500, &base, &size)));
  EXPECT_EQ(base, buffer.get());
  EXPECT_EQ(size, 1000u);
  int plain = 0;
  EXPECT_TRUE(FailsWith(aclrtMemGetAddressRange(&plain, &base, &size), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemGetAddressRange", {"no live aclrtMalloc allocation"}));
}

TEST(AclMemoryExt, Memcpy2dCopiesRowsBetweenPitches) {
  test::RuntimeSession session;
  const size_t width = 3, height = 4, spitch = 5, dpitch = 8;
  std::vector<uint8_t> source(spitch * height);
  std::iota(source.begin(), source.end(), 1);
  test::DeviceBuffer device(dpitch * height);
  std::memset(device.get(), 0xEE, dpitch * height);
  ASSERT_TRUE(
      Succeeds(aclrtMemcpy2d(device.get(), dpitch, source.data(), spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE)));
  std::vector<uint8_t> expected(dpitch * height, 0xEE);
  for (size_t r = 0; r < height; ++r) {
    for (size_t c = 0; c < width; ++c) expected[r * dpitch + c] = source[r * spitch + c];
  }
  EXPECT_EQ(device.Download<uint8_t>(dpitch * height), expected);

  std::vector<uint8_t> back(4 * height, 0);
  ASSERT_TRUE(Succeeds(aclrtMemcpy2dAsync(back.data(), 4, device.get(), dpitch, width, height,
                                          ACL_MEMCPY_DEVICE_TO_HOST, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  for (size_t r = 0; r < height; ++r) {
    for (size_t c = 0; c < width; ++c) EXPECT_EQ(back[r * 4 + c], source[r * spitch + c]);
    EXPECT_EQ(back[r * 4 + 3], 0);
  }
  EXPECT_TRUE(FailsWith(aclrtMemcpy2d(device.get(), 2, source.data(), spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_INVALID_PARAM, "aclrtMemcpy2d", {"width 3"}));
  EXPECT_TRUE(
      FailsWith(aclrtMemcpy2d(device.get(), dpitch, source.data(), spitch, width, height, ACL_MEMCPY_HOST_TO_HOST),
                ACL_ERROR_INVALID_PARAM, "aclrtMemcpy2d", {"kind"}));
  // The device side is checked as for aclrtMemcpy: a host pointer as the device destination fails.
  std::vector<uint8_t> not_device(dpitch * height);
  EXPECT_EQ(aclrtMemcpy2d(not_device.data(), dpitch, source.data(), spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_RT_PARAM_INVALID);
  test::TakeErrorMessage();
}

TEST(AclMemoryExt, MemsetD32FillsWords) {
  test::RuntimeSession session;
  test::DeviceBuffer buffer(4 * 37);
  std::memset(buffer.get(), 0, 4 * 37);
  ASSERT_TRUE(Succeeds(aclrtMemsetD32(buffer.get(), 4 * 37, 0x12345678u, 37)));
  EXPECT_EQ(buffer.Download<uint32_t>(37), std::vector<uint32_t>(37, 0x12345678u));
  ASSERT_TRUE(Succeeds(aclrtMemsetD32(buffer.get(), 4 * 37, 0xABABABABu, 5)));
  std::vector<uint32_t> expected(37, 0x12345678u);
  std::fill(expected.begin(), expected.begin() + 5, 0xABABABABu);
  EXPECT_EQ(buffer.Download<uint32_t>(37), expected);
  ASSERT_TRUE(Succeeds(aclrtMemsetD32Async(buffer.get(), 4 * 37, 7u, 36, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  expected.assign(36, 7u);
  expected.push_back(0x12345678u);
  EXPECT_EQ(buffer.Download<uint32_t>(37), expected);
  EXPECT_TRUE(
      FailsWith(aclrtMemsetD32(buffer.get(), 8, 1u, 3), ACL_ERROR_INVALID_PARAM, "aclrtMemsetD32", {"3 words"}));
  EXPECT_TRUE(FailsWith(aclrtMemsetD32(static_cast<char*>(buffer.get()) + 2, 64, 1u, 3), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemsetD32", {"aligned"}));
  EXPECT_TRUE(FailsWith(aclrtMemsetD32(nullptr, 64, 1u, 3), ACL_ERROR_INVALID_PARAM, "aclrtMemsetD32"));
}

}  // namespace
