// Explicit contexts (aclrtCreateContext, aclrtSetCurrentContext...), the implicit context of
// aclrtSetDevice, contexts used from other threads, and forced teardown (aclrtResetDeviceForce,
// aclrtDestroyStreamForce), which drains queued work.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <future>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"
#include "support/stream_gate.h"

namespace {

using test::FailsWith;
using test::Succeeds;
using test::TakeErrorMessage;

class AclContext : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << TakeErrorMessage();
  }
  void TearDown() override {
    aclFinalize();
    unsetenv("ACLNN_HOST_DEVICE_COUNT");
    TakeErrorMessage();
  }
};

TEST_F(AclContext, CreateMakesTheContextCurrentOnItsDevice) {
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&context, 1)));
  ASSERT_NE(context, nullptr);
  aclrtContext current = nullptr;
  EXPECT_TRUE(Succeeds(aclrtGetCurrentContext(&current)));
  EXPECT_EQ(current, context);
  int32_t device = -1;
  EXPECT_TRUE(Succeeds(aclrtGetDevice(&device)));
  EXPECT_EQ(device, 1);
  EXPECT_TRUE(Succeeds(aclrtDestroyContext(context)));
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice"));
}

TEST_F(AclContext, SetDeviceHasAnImplicitPrimaryContext) {
  int32_t active = -1;
  uint32_t flags = 7;
  EXPECT_TRUE(Succeeds(aclrtGetPrimaryCtxState(0, &flags, &active)));
  EXPECT_EQ(active, 0);
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtGetPrimaryCtxState(0, &flags, &active)));
  EXPECT_EQ(active, 1);
  EXPECT_EQ(flags, 0u);
  aclrtContext primary = nullptr;
  ASSERT_TRUE(Succeeds(aclrtGetCurrentContext(&primary)));
  ASSERT_NE(primary, nullptr);

  aclrtContext other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&other, 0)));
  EXPECT_NE(other, primary);
  EXPECT_TRUE(Succeeds(aclrtSetCurrentContext(primary)));  // back to the implicit one
  aclrtContext current = nullptr;
  EXPECT_TRUE(Succeeds(aclrtGetCurrentContext(&current)));
  EXPECT_EQ(current, primary);
  // The primary context is released by aclrtResetDevice, not by aclrtDestroyContext.
  EXPECT_TRUE(
      FailsWith(aclrtDestroyContext(primary), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyContext", {"primary context"}));
  EXPECT_TRUE(Succeeds(aclrtDestroyContext(other)));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtGetPrimaryCtxState(0, &flags, &active)));
  EXPECT_EQ(active, 0);
  EXPECT_TRUE(FailsWith(aclrtSetCurrentContext(primary), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSetCurrentContext"));
}

TEST_F(AclContext, EachContextHasItsOwnDefaultStream) {
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtStream primary_default = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCtxGetCurrentDefaultStream(&primary_default)));
  ASSERT_NE(primary_default, nullptr);
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&context, 0)));
  aclrtStream context_default = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCtxGetCurrentDefaultStream(&context_default)));
  EXPECT_NE(context_default, primary_default);

  // The handle is a usable stream: work on it runs, in order, like work on NULL.
  test::DeviceBuffer buffer(64);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 0x5A, 64, context_default)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(context_default)));
  EXPECT_EQ(buffer.Download<uint8_t>(64), std::vector<uint8_t>(64, 0x5A));
  // It is the context's: the default stream cannot be destroyed, and another context's is foreign.
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(context_default), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream"));
  EXPECT_TRUE(
      FailsWith(aclrtSynchronizeStream(primary_default), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeStream"));
  EXPECT_TRUE(Succeeds(aclrtDestroyContext(context)));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
}

TEST_F(AclContext, AContextIsUsableFromAnotherThread) {
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&context, 1)));
  test::DeviceBuffer buffer(256);
  std::thread worker([&] {
    int32_t device = -1;
    EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice"));
    ASSERT_TRUE(Succeeds(aclrtSetCurrentContext(context)));
    EXPECT_TRUE(Succeeds(aclrtGetDevice(&device)));
    EXPECT_EQ(device, 1);
    aclrtStream stream = nullptr;
    ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
    EXPECT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 256, 7, 256, stream)));
    EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
    EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
    aclrtContext current = nullptr;
    EXPECT_TRUE(Succeeds(aclrtGetCurrentContext(&current)));
    EXPECT_EQ(current, context);
  });
  worker.join();
  EXPECT_EQ(buffer.Download<uint8_t>(256), std::vector<uint8_t>(256, 7));
  EXPECT_TRUE(Succeeds(aclrtDestroyContext(context)));
}

TEST_F(AclContext, DestroyedContextIsNoLongerCurrentAnywhere) {
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&context, 0)));
  std::promise<void> set, destroyed;
  std::thread worker([&] {
    EXPECT_TRUE(Succeeds(aclrtSetCurrentContext(context)));
    set.set_value();
    destroyed.get_future().wait();
    aclrtStream stream = nullptr;
    EXPECT_TRUE(FailsWith(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream"));
  });
  set.get_future().wait();
  EXPECT_TRUE(Succeeds(aclrtDestroyContext(context)));
  destroyed.set_value();
  worker.join();
  EXPECT_TRUE(FailsWith(aclrtDestroyContext(context), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyContext"));
}

TEST_F(AclContext, BadArgumentsAreRejected) {
  aclrtContext context = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM, "aclrtCreateContext"));
  EXPECT_TRUE(FailsWith(aclrtCreateContext(&context, 2), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtCreateContext"));
  EXPECT_TRUE(FailsWith(aclrtCreateContext(&context, -1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtCreateContext"));
  EXPECT_EQ(context, nullptr);
  EXPECT_TRUE(FailsWith(aclrtDestroyContext(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext"));
  EXPECT_TRUE(FailsWith(aclrtSetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext"));
  int not_a_context = 0;
  EXPECT_TRUE(FailsWith(aclrtSetCurrentContext(&not_a_context), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSetCurrentContext"));
  EXPECT_TRUE(FailsWith(aclrtGetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext"));
  EXPECT_TRUE(FailsWith(aclrtGetCurrentContext(&context), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetCurrentContext"));
  aclrtStream stream = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCtxGetCurrentDefaultStream(&stream), ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtCtxGetCurrentDefaultStream"));
  EXPECT_TRUE(
      FailsWith(aclrtCtxGetCurrentDefaultStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCtxGetCurrentDefaultStream"));
  uint32_t flags = 0;
  int32_t active = 0;
  EXPECT_TRUE(
      FailsWith(aclrtGetPrimaryCtxState(5, &flags, &active), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetPrimaryCtxState"));
  EXPECT_TRUE(
      FailsWith(aclrtGetPrimaryCtxState(0, nullptr, &active), ACL_ERROR_INVALID_PARAM, "aclrtGetPrimaryCtxState"));
}

TEST(AclContextUninitialised, NeedsAclInit) {
  aclrtContext context = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateContext(&context, 0), ACL_ERROR_UNINITIALIZE, "aclrtCreateContext"));
  EXPECT_TRUE(FailsWith(aclrtResetDeviceForce(0), ACL_ERROR_UNINITIALIZE, "aclrtResetDeviceForce"));
}

TEST_F(AclContext, ResetDeviceForceReleasesEveryReferenceAfterDrainingQueuedWork) {
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&context, 0)));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  test::DeviceBuffer buffer(128);
  std::memset(buffer.get(), 0, 128);
  auto gate = std::make_unique<test::StreamGate>(stream);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 128, 0x33, 128, stream)));  // queued behind the gate

  std::future<aclError> reset = std::async(std::launch::async, [] { return aclrtResetDeviceForce(0); });
  EXPECT_EQ(reset.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);  // it drains
  gate->Release();
  EXPECT_EQ(reset.get(), ACL_SUCCESS);
  EXPECT_EQ(std::vector<uint8_t>(static_cast<uint8_t*>(buffer.get()), static_cast<uint8_t*>(buffer.get()) + 128),
            std::vector<uint8_t>(128, 0x33));

  uint32_t flags = 0;
  int32_t active = 1;
  EXPECT_TRUE(Succeeds(aclrtGetPrimaryCtxState(0, &flags, &active)));
  EXPECT_EQ(active, 0);
  EXPECT_TRUE(FailsWith(aclrtSetCurrentContext(context), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSetCurrentContext"));
  int32_t device = -1;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice"));
  EXPECT_TRUE(Succeeds(aclrtResetDeviceForce(0)));  // nothing left: still a success
  EXPECT_TRUE(
      FailsWith(aclrtResetDeviceForce(2), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDeviceForce", {"out of range"}));
}

TEST_F(AclContext, DestroyStreamForceDrainsTheStream) {
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  test::DeviceBuffer buffer(64);
  std::memset(buffer.get(), 0, 64);
  auto gate = std::make_unique<test::StreamGate>(stream);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 0x44, 64, stream)));
  std::future<aclError> destroyed =
      std::async(std::launch::async, [stream] { return aclrtDestroyStreamForce(stream); });
  EXPECT_EQ(destroyed.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);
  gate->Release();
  EXPECT_EQ(destroyed.get(), ACL_SUCCESS);
  EXPECT_EQ(std::vector<uint8_t>(static_cast<uint8_t*>(buffer.get()), static_cast<uint8_t*>(buffer.get()) + 64),
            std::vector<uint8_t>(64, 0x44));
  EXPECT_TRUE(FailsWith(aclrtDestroyStreamForce(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStreamForce"));
  EXPECT_TRUE(FailsWith(aclrtDestroyStreamForce(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyStreamForce"));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
}

}  // namespace

namespace {

TEST(AclThreadResources, CoresOfTheCurrentDevice) {
  uint32_t value = 0;
  {
    test::RuntimeSession session("Ascend910B3");
    EXPECT_TRUE(test::Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value)));
    EXPECT_EQ(value, 40u);
    EXPECT_TRUE(test::Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value)));
    EXPECT_EQ(value, 20u);
    EXPECT_TRUE(test::FailsWith(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, nullptr), ACL_ERROR_INVALID_PARAM,
                                "aclrtGetResInCurrentThread"));
    EXPECT_TRUE(test::FailsWith(aclrtGetResInCurrentThread(static_cast<aclrtDevResLimitType>(9), &value),
                                ACL_ERROR_INVALID_PARAM, "aclrtGetResInCurrentThread"));
  }
  {
    test::RuntimeSession session("Ascend910A");
    EXPECT_TRUE(test::FailsWith(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value),
                                ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtGetResInCurrentThread", {"Ascend910A"}));
  }
  EXPECT_TRUE(test::FailsWith(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value), ACL_ERROR_UNINITIALIZE,
                              "aclrtGetResInCurrentThread"));
}

}  // namespace

namespace {

TEST(AclDeviceInfo, CoresAndMemoryOfTheProfile) {
  test::RuntimeSession session("Ascend910B3");
  int64_t value = 0;
  EXPECT_TRUE(test::Succeeds(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &value)));
  EXPECT_EQ(value, 40);
  EXPECT_TRUE(test::Succeeds(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, &value)));
  EXPECT_EQ(value, 20);
  EXPECT_TRUE(test::Succeeds(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, &value)));
  size_t free = 0, total = 0;
  ASSERT_TRUE(test::Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total)));
  EXPECT_EQ(static_cast<size_t>(value), total);
  EXPECT_TRUE(test::FailsWith(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_WARP_SIZE, &value), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                              "aclrtGetDeviceInfo", {"not known"}));
  EXPECT_TRUE(test::FailsWith(aclrtGetDeviceInfo(3, ACL_DEV_ATTR_VECTOR_CORE_NUM, &value),
                              ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetDeviceInfo"));
  EXPECT_TRUE(test::FailsWith(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, nullptr), ACL_ERROR_INVALID_PARAM,
                              "aclrtGetDeviceInfo"));
}

}  // namespace

namespace {

TEST_F(AclContext, DeviceStatusIsNormalForEveryDevice) {
  aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_END;
  for (int32_t device : {0, 1}) {
    EXPECT_TRUE(Succeeds(aclrtQueryDeviceStatus(device, &status)));
    EXPECT_EQ(status, ACL_RT_DEVICE_STATUS_NORMAL);
  }
  status = ACL_RT_DEVICE_STATUS_END;
  EXPECT_TRUE(FailsWith(aclrtQueryDeviceStatus(2, &status), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtQueryDeviceStatus",
                        {"device id 2 is out of range [0, 2)."}));
  EXPECT_TRUE(FailsWith(aclrtQueryDeviceStatus(-1, &status), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtQueryDeviceStatus"));
  EXPECT_EQ(status, ACL_RT_DEVICE_STATUS_END);  // untouched by a refusal
  EXPECT_TRUE(FailsWith(aclrtQueryDeviceStatus(0, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtQueryDeviceStatus"));
}

TEST_F(AclContext, DeviceUuidsAreStableDistinctAndVersion8) {
  aclrtUuid first{}, again{}, second{};
  ASSERT_TRUE(Succeeds(aclrtDeviceGetUuid(0, &first)));
  ASSERT_TRUE(Succeeds(aclrtDeviceGetUuid(0, &again)));
  ASSERT_TRUE(Succeeds(aclrtDeviceGetUuid(1, &second)));
  EXPECT_EQ(std::memcmp(first.bytes, again.bytes, 16), 0);
  EXPECT_NE(std::memcmp(first.bytes, second.bytes, 16), 0);
  EXPECT_EQ(static_cast<unsigned char>(first.bytes[6]) >> 4, 8);  // version 8
  EXPECT_EQ(static_cast<unsigned char>(first.bytes[8]) >> 6, 2);  // RFC variant
  EXPECT_EQ(static_cast<unsigned char>(second.bytes[15]), 1);     // the device id, big-endian
  EXPECT_EQ(std::memcmp(first.bytes, second.bytes, 12), 0);       // same profile
  aclrtUuid untouched{};
  std::memset(untouched.bytes, 0x5A, 16);
  EXPECT_TRUE(FailsWith(aclrtDeviceGetUuid(5, &untouched), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtDeviceGetUuid"));
  EXPECT_EQ(static_cast<unsigned char>(untouched.bytes[0]), 0x5A);
  EXPECT_TRUE(FailsWith(aclrtDeviceGetUuid(0, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDeviceGetUuid"));
}

TEST_F(AclContext, AvailableEventsCountTheCurrentDevicesLiveEvents) {
  uint32_t count = 0;
  EXPECT_TRUE(FailsWith(aclrtGetEventAvailNum(&count), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetEventAvailNum"));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  ASSERT_TRUE(Succeeds(aclrtGetEventAvailNum(&count)));
  const uint32_t before = count;
  EXPECT_EQ(before, 65536u);
  aclrtEvent a = nullptr, b = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&a)));
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&b)));
  ASSERT_TRUE(Succeeds(aclrtGetEventAvailNum(&count)));
  EXPECT_EQ(count, before - 2);
  // Device 1 has its own events.
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));
  ASSERT_TRUE(Succeeds(aclrtGetEventAvailNum(&count)));
  EXPECT_EQ(count, 65536u);
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  ASSERT_TRUE(Succeeds(aclrtDestroyEvent(a)));
  ASSERT_TRUE(Succeeds(aclrtGetEventAvailNum(&count)));
  EXPECT_EQ(count, before - 1);
  ASSERT_TRUE(Succeeds(aclrtDestroyEvent(b)));
  EXPECT_TRUE(FailsWith(aclrtGetEventAvailNum(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetEventAvailNum"));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(1)));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
}

TEST(AclDeviceQueriesUninitialised, NeedAclInit) {
  aclrtDeviceStatus status;
  aclrtUuid uuid;
  EXPECT_TRUE(FailsWith(aclrtQueryDeviceStatus(0, &status), ACL_ERROR_UNINITIALIZE, "aclrtQueryDeviceStatus"));
  EXPECT_TRUE(FailsWith(aclrtDeviceGetUuid(0, &uuid), ACL_ERROR_UNINITIALIZE, "aclrtDeviceGetUuid"));
  uint32_t count = 0;
  EXPECT_TRUE(FailsWith(aclrtGetEventAvailNum(&count), ACL_ERROR_UNINITIALIZE, "aclrtGetEventAvailNum"));
}

}  // namespace

namespace {

TEST_F(AclContext, MemUsageInfoReportsTheDevicesAllocationsAndTheirPeak) {
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtMemUsageInfo info[2] = {};
  size_t found = 9;
  ASSERT_TRUE(Succeeds(aclrtGetMemUsageInfo(0, info, 2, &found)));
  EXPECT_EQ(found, 1u);
  EXPECT_STREQ(info[0].name, "aclrtMalloc");
  const uint64_t base = info[0].curMemSize;
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&a, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMalloc(&b, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtGetMemUsageInfo(0, info, 1, &found)));
  EXPECT_GE(info[0].curMemSize, base + (2u << 20));
  const uint64_t both = info[0].curMemSize;
  ASSERT_TRUE(Succeeds(aclrtFree(a)));
  ASSERT_TRUE(Succeeds(aclrtGetMemUsageInfo(0, info, 1, &found)));
  EXPECT_LT(info[0].curMemSize, both);
  EXPECT_EQ(info[0].memPeakSize, both);  // the peak stays
  ASSERT_TRUE(Succeeds(aclrtGetMemUsageInfo(1, info, 1, &found)));
  EXPECT_EQ(info[0].curMemSize, 0u);  // device 1 allocated nothing
  ASSERT_TRUE(Succeeds(aclrtGetMemUsageInfo(0, nullptr, 0, &found)));
  EXPECT_EQ(found, 0u);
  EXPECT_TRUE(FailsWith(aclrtGetMemUsageInfo(0, nullptr, 1, &found), ACL_ERROR_INVALID_PARAM, "aclrtGetMemUsageInfo"));
  EXPECT_TRUE(FailsWith(aclrtGetMemUsageInfo(0, info, 1, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetMemUsageInfo"));
  EXPECT_TRUE(
      FailsWith(aclrtGetMemUsageInfo(2, info, 1, &found), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetMemUsageInfo"));
  ASSERT_TRUE(Succeeds(aclrtFree(b)));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
}

TEST(AclMemUsageInfo, NotSupportedOnAscend950) {
  test::RuntimeSession session("Ascend950PR");
  aclrtMemUsageInfo info[1] = {};
  size_t found = 9;
  EXPECT_TRUE(FailsWith(aclrtGetMemUsageInfo(0, info, 1, &found), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtGetMemUsageInfo", {"not supported on Ascend950PR"}));
  EXPECT_EQ(found, 9u);
}

}  // namespace

namespace {

TEST(AclPeerAccess, EveryEmulatedDeviceReachesEveryOtherWithUpstreamsChecks) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  test::RuntimeSession session;
  int32_t can = -1;
  ASSERT_TRUE(test::Succeeds(aclrtDeviceCanAccessPeer(&can, 0, 1)));
  EXPECT_EQ(can, 1);
  EXPECT_TRUE(test::FailsWith(aclrtDeviceCanAccessPeer(&can, 1, 1), ACL_ERROR_INVALID_PARAM, "aclrtDeviceCanAccessPeer",
                              {"deviceId 1 cannot be equal to peerDeviceId 1"}));
  EXPECT_TRUE(test::FailsWith(aclrtDeviceCanAccessPeer(&can, 0, 2), ACL_ERROR_RT_INVALID_DEVICEID,
                              "aclrtDeviceCanAccessPeer", {"peerDeviceId 2 is out of range [0, 2)."}));
  EXPECT_TRUE(
      test::FailsWith(aclrtDeviceCanAccessPeer(nullptr, 0, 1), ACL_ERROR_RT_PARAM_INVALID, "aclrtDeviceCanAccessPeer"));
  EXPECT_TRUE(test::Succeeds(aclrtDeviceEnablePeerAccess(1, 0)));
  EXPECT_TRUE(
      test::FailsWith(aclrtDeviceEnablePeerAccess(1, 1), ACL_ERROR_FEATURE_UNSUPPORTED, "aclrtDeviceEnablePeerAccess"));
  EXPECT_TRUE(
      test::FailsWith(aclrtDeviceEnablePeerAccess(0, 0), ACL_ERROR_INVALID_PARAM, "aclrtDeviceEnablePeerAccess"));
  EXPECT_TRUE(test::Succeeds(aclrtDeviceDisablePeerAccess(1)));
  EXPECT_TRUE(
      test::FailsWith(aclrtDeviceDisablePeerAccess(5), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtDeviceDisablePeerAccess"));
  std::thread([] {
    EXPECT_TRUE(
        test::FailsWith(aclrtDeviceEnablePeerAccess(1, 0), ACL_ERROR_RT_CONTEXT_NULL, "aclrtDeviceEnablePeerAccess"));
  }).join();
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

}  // namespace
