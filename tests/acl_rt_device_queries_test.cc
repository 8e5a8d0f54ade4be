// What describes the emulated devices: id mappings, the bare process id, aclGetDeviceCapability's
// platform figures, the streams a device may still create (and the limit aclrtCreateStream
// enforces), peer access status, the task-scheduler choice, task-scheduler memory and the
// deprecated conditional copy.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

using Mapping = aclError (*)(const int32_t, int32_t* const);

TEST(AclDeviceIds, UserLogicalAndPhysicalIdsAreTheSame) {
  const std::vector<std::pair<Mapping, const char*>> mappings = {
      {aclrtGetLogicDevIdByUserDevId, "aclrtGetLogicDevIdByUserDevId"},
      {aclrtGetUserDevIdByLogicDevId, "aclrtGetUserDevIdByLogicDevId"},
      {aclrtGetLogicDevIdByPhyDevId, "aclrtGetLogicDevIdByPhyDevId"},
      {aclrtGetPhyDevIdByLogicDevId, "aclrtGetPhyDevIdByLogicDevId"},
      {aclrtGetUserDevIdByPhyDevId, "aclrtGetUserDevIdByPhyDevId"},
      {aclrtGetPhyDevIdByUserDevId, "aclrtGetPhyDevIdByUserDevId"}};
  int32_t id = -7;
  for (const auto& mapping : mappings) {
    EXPECT_TRUE(FailsWith(mapping.first(0, &id), ACL_ERROR_UNINITIALIZE, mapping.second));
  }
  setenv("ACLNN_HOST_DEVICE_COUNT", "3", 1);
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  for (const auto& mapping : mappings) {
    for (int32_t device = 0; device < 3; ++device) {
      id = -7;
      EXPECT_TRUE(Succeeds(mapping.first(device, &id))) << mapping.second;
      EXPECT_EQ(id, device) << mapping.second;
    }
    EXPECT_TRUE(FailsWith(mapping.first(0, nullptr), ACL_ERROR_INVALID_PARAM, mapping.second));
    EXPECT_TRUE(FailsWith(mapping.first(-1, &id), ACL_ERROR_RT_PARAM_INVALID, mapping.second, {"negative"}));
    EXPECT_TRUE(FailsWith(mapping.first(3, &id), ACL_ERROR_RT_INVALID_DEVICEID, mapping.second, {"[0, 3)"}));
  }
  aclFinalize();
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

TEST(AclDeviceIds, TheBareTgidIsTheProcessId) {
  int32_t pid = 0;
  EXPECT_TRUE(Succeeds(aclrtDeviceGetBareTgid(&pid)));  // no aclInit needed
  EXPECT_EQ(pid, static_cast<int32_t>(getpid()));
  EXPECT_TRUE(FailsWith(aclrtDeviceGetBareTgid(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDeviceGetBareTgid"));
}

TEST(AclGetDeviceCapability, ReportsThePlatformConfigOfTheSoc) {
  struct Case {
    const char* soc;
    int64_t ai_cores, vector_cores, l2;
  };
  // hicann/runtime src/platform/platform_config/cann/<soc>.ini, [SoCInfo].
  for (const Case& c : {Case{"Ascend910B3", 20, 40, 201326592}, Case{"Ascend910B4", 20, 40, 100663296},
                        Case{"Ascend910_9392", 24, 48, 201326592}, Case{"Ascend910A", 32, 0, 33554432},
                        Case{"Ascend310P3", 8, 7, 16777216}, Case{"Ascend310B1", 1, 1, 4194304}}) {
    test::RuntimeSession session(c.soc);
    int64_t value = -1;
    EXPECT_TRUE(Succeeds(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &value)));
    EXPECT_EQ(value, c.ai_cores) << c.soc;
    EXPECT_TRUE(Succeeds(aclGetDeviceCapability(0, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &value)));
    EXPECT_EQ(value, c.vector_cores) << c.soc;
    EXPECT_TRUE(Succeeds(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &value)));
    EXPECT_EQ(value, c.l2) << c.soc;
  }
  {
    test::RuntimeSession session("Ascend910B3");
    int64_t value = -1;
    EXPECT_TRUE(FailsWith(aclGetDeviceCapability(1, ACL_DEVICE_INFO_L2_SIZE, &value), ACL_ERROR_INVALID_PARAM,
                          "aclGetDeviceCapability", {"greater than deviceNum"}));
    EXPECT_TRUE(FailsWith(aclGetDeviceCapability(0, ACL_DEVICE_INFO_UNDEFINED, &value), ACL_ERROR_INVALID_PARAM,
                          "aclGetDeviceCapability"));
    EXPECT_TRUE(FailsWith(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, nullptr), ACL_ERROR_INVALID_PARAM,
                          "aclGetDeviceCapability"));
    EXPECT_EQ(value, -1);
  }
  {
    test::RuntimeSession session("Ascend950PR");  // no platform config of that name
    int64_t value = -1;
    EXPECT_TRUE(FailsWith(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &value), ACL_ERROR_INTERNAL_ERROR,
                          "aclGetDeviceCapability", {"Ascend950PR"}));
  }
}

TEST(AclStreamAvailability, CountsDownToCannsDocumentedMaximumWhichCreationEnforces) {
  test::RuntimeSession session("Ascend310B1");  // 512 streams, default streams included
  uint32_t available = 0;
  ASSERT_TRUE(Succeeds(aclrtGetStreamAvailableNum(&available)));
  EXPECT_EQ(available, 510u);  // the default stream and the session's
  std::vector<aclrtStream> streams(510);
  for (aclrtStream& stream : streams) ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  ASSERT_TRUE(Succeeds(aclrtGetStreamAvailableNum(&available)));
  EXPECT_EQ(available, 0u);
  aclrtStream one_more = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateStream(&one_more), ACL_ERROR_RT_NO_STREAM_RESOURCE, "aclrtCreateStream", {"512"}));
  EXPECT_EQ(one_more, nullptr);
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(streams.back())));
  streams.pop_back();
  ASSERT_TRUE(Succeeds(aclrtGetStreamAvailableNum(&available)));
  EXPECT_EQ(available, 1u);
  for (aclrtStream stream : streams) ASSERT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  EXPECT_TRUE(FailsWith(aclrtGetStreamAvailableNum(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetStreamAvailableNum"));
}

TEST(AclStreamAvailability, NeedsAContextAndFollowsTheSeries) {
  {
    test::RuntimeSession session("Ascend910B3");
    uint32_t available = 0;
    ASSERT_TRUE(Succeeds(aclrtGetStreamAvailableNum(&available)));
    EXPECT_EQ(available, 1982u);
    aclrtResetDevice(0);
    EXPECT_TRUE(
        FailsWith(aclrtGetStreamAvailableNum(&available), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetStreamAvailableNum"));
  }
  test::RuntimeSession session("Ascend910A");
  uint32_t available = 0;
  ASSERT_TRUE(Succeeds(aclrtGetStreamAvailableNum(&available)));
  EXPECT_EQ(available, 2046u);
}

TEST(AclPeerAccessStatus, ReadsWhatEnableAndDisableSet) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  test::RuntimeSession session("Ascend910B3");
  int32_t status = -1;
  EXPECT_TRUE(Succeeds(aclrtDevicePeerAccessStatus(0, 1, &status)));
  EXPECT_EQ(status, 0);
  ASSERT_TRUE(Succeeds(aclrtDeviceEnablePeerAccess(1, 0)));
  EXPECT_TRUE(Succeeds(aclrtDevicePeerAccessStatus(0, 1, &status)));
  EXPECT_EQ(status, 1);
  EXPECT_TRUE(Succeeds(aclrtDevicePeerAccessStatus(1, 0, &status)));
  EXPECT_EQ(status, 0);  // enabled from device 0 only
  EXPECT_TRUE(Succeeds(aclrtDevicePeerAccessStatus(0, 40, &status)));
  EXPECT_EQ(status, 0);  // no such peer
  ASSERT_TRUE(Succeeds(aclrtDeviceDisablePeerAccess(1)));
  EXPECT_TRUE(Succeeds(aclrtDevicePeerAccessStatus(0, 1, &status)));
  EXPECT_EQ(status, 0);
  EXPECT_TRUE(
      FailsWith(aclrtDevicePeerAccessStatus(0, 1, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDevicePeerAccessStatus"));
  EXPECT_TRUE(FailsWith(aclrtDevicePeerAccessStatus(2, 1, &status), ACL_ERROR_RT_INVALID_DEVICEID,
                        "aclrtDevicePeerAccessStatus"));
  EXPECT_TRUE(FailsWith(aclrtDevicePeerAccessStatus(0, 64, &status), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtDevicePeerAccessStatus"));
  EXPECT_TRUE(FailsWith(aclrtDevicePeerAccessStatus(0, -1, &status), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtDevicePeerAccessStatus"));
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

TEST(AclTsDevice, EitherSchedulerIsTheOneEveryEmulatedSocHas) {
  EXPECT_TRUE(Succeeds(aclrtSetTsDevice(ACL_TS_ID_AICORE)));
  EXPECT_TRUE(Succeeds(aclrtSetTsDevice(ACL_TS_ID_AIVECTOR)));
  EXPECT_TRUE(FailsWith(aclrtSetTsDevice(ACL_TS_ID_RESERVED), ACL_ERROR_INVALID_PARAM, "aclrtSetTsDevice"));
}

TEST(AclMallocForTaskScheduler, IsDeviceMemoryWithCannsChecks) {
  test::RuntimeSession session("Ascend910B3");
  void* memory = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocForTaskScheduler(&memory, 100, ACL_MEM_MALLOC_HUGE_FIRST, nullptr)));
  ASSERT_NE(memory, nullptr);
  std::memset(memory, 0x5A, 100);
  EXPECT_TRUE(Succeeds(aclrtMemsetAsync(memory, 100, 0, 100, session.stream())));  // usable by stream work
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(Succeeds(aclrtFree(memory)));

  void* untouched = reinterpret_cast<void*>(0x1);
  aclrtMallocConfig empty{nullptr, 0};
  EXPECT_TRUE(FailsWith(aclrtMallocForTaskScheduler(&untouched, 64, ACL_MEM_MALLOC_HUGE_FIRST, &empty),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMallocForTaskScheduler"));
  aclrtMallocConfig missing{nullptr, 1};
  EXPECT_TRUE(FailsWith(aclrtMallocForTaskScheduler(&untouched, 64, ACL_MEM_MALLOC_HUGE_FIRST, &missing),
                        ACL_ERROR_INVALID_PARAM, "aclrtMallocForTaskScheduler"));
  EXPECT_TRUE(FailsWith(aclrtMallocForTaskScheduler(&untouched, 0, ACL_MEM_MALLOC_HUGE_FIRST, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtMallocForTaskScheduler", {"size"}));
  EXPECT_TRUE(FailsWith(aclrtMallocForTaskScheduler(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtMallocForTaskScheduler"));
  aclrtMallocAttribute other_device;
  other_device.attr = ACL_RT_MEM_ATTR_DEVICE_ID;
  other_device.value.deviceId = 1;
  aclrtMallocConfig elsewhere{&other_device, 1};
  EXPECT_TRUE(FailsWith(aclrtMallocForTaskScheduler(&untouched, 64, ACL_MEM_MALLOC_HUGE_FIRST, &elsewhere),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMallocForTaskScheduler", {"current device"}));
  EXPECT_EQ(untouched, reinterpret_cast<void*>(0x1));
}

TEST(AclMemcpyAsyncWithCondition, IsAnAsynchronousCopyAndCopyingNothingSucceeds) {
  test::RuntimeSession session("Ascend910B3");
  test::DeviceBuffer src(16), dst(16);
  src.Upload(std::vector<float>{1, 2, 3, 4});
  dst.Upload(std::vector<float>{0, 0, 0, 0});
  EXPECT_TRUE(Succeeds(
      aclrtMemcpyAsyncWithCondition(dst.get(), 16, src.get(), 16, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(dst.Download<float>(4), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_TRUE(Succeeds(aclrtMemcpyAsyncWithCondition(nullptr, 0, nullptr, 0, ACL_MEMCPY_DEVICE_TO_DEVICE, nullptr)));
  EXPECT_TRUE(FailsWith(
      aclrtMemcpyAsyncWithCondition(nullptr, 16, src.get(), 16, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream()),
      ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsyncWithCondition"));
}

TEST(AclErrorVerbose, AHealthyDeviceReportsNoErrorAsUpstreamsDoes) {
  test::RuntimeSession session;  // Ascend910B3
  aclrtErrorInfo info;
  std::memset(&info, 0xEE, sizeof(info));
  ASSERT_TRUE(Succeeds(aclrtGetErrorVerbose(0, &info)));
  EXPECT_EQ(info.tryRepair, 0u);
  EXPECT_EQ(info.hasDetail, 0u);
  EXPECT_EQ(info.errorType, ACL_RT_NO_ERROR);
  EXPECT_EQ(info.detail.aicoreErrType, ACL_RT_AICORE_ERROR_UNKNOWN);
  EXPECT_EQ(info.reserved[0], 0xEE);  // not written
  EXPECT_TRUE(
      FailsWith(aclrtGetErrorVerbose(1, &info), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetErrorVerbose", {"[0,1)"}));
  EXPECT_TRUE(FailsWith(aclrtGetErrorVerbose(-1, &info), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetErrorVerbose"));
  EXPECT_TRUE(FailsWith(aclrtGetErrorVerbose(0, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetErrorVerbose"));
}

TEST(AclErrorVerbose, IsAtlasA2A3And950Only) {
  aclrtErrorInfo info{};
  EXPECT_TRUE(FailsWith(aclrtGetErrorVerbose(0, &info), ACL_ERROR_UNINITIALIZE, "aclrtGetErrorVerbose"));
  test::RuntimeSession session("Ascend310P3");
  info.errorType = ACL_RT_ERROR_OTHERS;
  EXPECT_TRUE(FailsWith(aclrtGetErrorVerbose(0, &info), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtGetErrorVerbose",
                        {"Ascend310P3"}));
  EXPECT_EQ(info.errorType, ACL_RT_ERROR_OTHERS);
}

}  // namespace
