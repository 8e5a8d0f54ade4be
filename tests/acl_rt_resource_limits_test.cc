// Resource limits: aclrtSetDeviceResLimit / aclrtSetStreamResLimit and their getters and resets,
// aclrtUseStreamResInCurrentThread, aclrtGetResInCurrentThread — and phase one, which tiles for
// the calling thread's vector cores as upstream's opbase does.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish.h"
#include "base/elementwise.h"
#include "base/executor.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

// The virtual cores the executor of aclnnHardswish on `count` fp32 elements splits its work over.
size_t CoresOfAHardswishPlan(int64_t count) {
  test::Layout layout;
  layout.view = {count};
  test::DeviceBuffer self(static_cast<size_t>(count) * 4), out(static_cast<size_t>(count) * 4);
  test::Tensor x(layout, self.get()), y(layout, out.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnHardswishGetWorkspaceSize(x.get(), y.get(), &workspace_size, &executor), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  const std::shared_ptr<const aclnn_host::LaunchPlan> plan = aclnn_host::ExecutorPlan(executor);
  const size_t cores = static_cast<const aclnn_host::ElementwisePlan&>(*plan).split().cores.size();
  aclDestroyAclOpExecutor(executor);
  return cores;
}

TEST(AclResourceLimits, DeviceLimitsStartAtTheHardwareAndBoundTheCurrentThread) {
  test::RuntimeSession session("Ascend910B3");  // 40 vector cores, 20 cube cores
  uint32_t value = 0;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 40u);
  EXPECT_TRUE(Succeeds(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value)));
  EXPECT_EQ(value, 20u);
  EXPECT_EQ(CoresOfAHardswishPlan(1 << 20), 40u);

  EXPECT_TRUE(Succeeds(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, 8)));
  EXPECT_TRUE(Succeeds(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 8u);
  EXPECT_TRUE(Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 8u);
  EXPECT_EQ(CoresOfAHardswishPlan(1 << 20), 8u);  // phase one tiles for the limit

  EXPECT_TRUE(FailsWith(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 21), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetDeviceResLimit", {"less than or equal to 20"}));
  EXPECT_TRUE(Succeeds(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 0)));  // no lower bound, as CANN

  EXPECT_TRUE(Succeeds(aclrtResetDeviceResLimit(0)));
  EXPECT_TRUE(Succeeds(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 40u);
  EXPECT_TRUE(Succeeds(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value)));
  EXPECT_EQ(value, 20u);
  EXPECT_EQ(CoresOfAHardswishPlan(1 << 20), 40u);
}

TEST(AclResourceLimits, DeviceChecksComeInCannsOrder) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  test::RuntimeSession session("Ascend910B3");
  uint32_t value = 0;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceResLimit(-1, static_cast<aclrtDevResLimitType>(5), nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceResLimit"));
  EXPECT_TRUE(FailsWith(aclrtGetDeviceResLimit(-1, static_cast<aclrtDevResLimitType>(5), &value),
                        ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetDeviceResLimit"));
  EXPECT_TRUE(FailsWith(aclrtSetDeviceResLimit(9, static_cast<aclrtDevResLimitType>(2), 1), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetDeviceResLimit", {"[0, 2)"}));
  EXPECT_TRUE(FailsWith(aclrtSetDeviceResLimit(9, ACL_RT_DEV_RES_CUBE_CORE, 1), ACL_ERROR_RT_INVALID_DEVICEID,
                        "aclrtSetDeviceResLimit"));
  // Device 1 exists but is not set.
  EXPECT_TRUE(FailsWith(aclrtSetDeviceResLimit(1, ACL_RT_DEV_RES_CUBE_CORE, 1), ACL_ERROR_RT_DEV_SETUP_ERROR,
                        "aclrtSetDeviceResLimit", {"aclrtSetDevice"}));
  EXPECT_TRUE(FailsWith(aclrtResetDeviceResLimit(1), ACL_ERROR_RT_DEV_SETUP_ERROR, "aclrtResetDeviceResLimit"));
  EXPECT_TRUE(FailsWith(aclrtResetDeviceResLimit(-2), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDeviceResLimit"));
  // The limit goes with the device's last reset.
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));
  EXPECT_TRUE(Succeeds(aclrtSetDeviceResLimit(1, ACL_RT_DEV_RES_VECTOR_CORE, 3)));
  ASSERT_TRUE(Succeeds(aclrtResetDevice(1)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));
  EXPECT_TRUE(Succeeds(aclrtGetDeviceResLimit(1, ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 40u);
  ASSERT_TRUE(Succeeds(aclrtResetDevice(1)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

TEST(AclResourceLimits, StreamLimitsOverrideTheDevicesForTheThreadsThatUseThem) {
  test::RuntimeSession session("Ascend910B3");
  aclrtStream stream = session.stream();
  uint32_t value = 0;
  EXPECT_TRUE(Succeeds(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, 16)));
  // Unset on the stream: the device's limit.
  EXPECT_TRUE(Succeeds(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 16u);
  // Above the device's limit is fine; above the hardware is not.
  EXPECT_TRUE(Succeeds(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 24)));
  EXPECT_TRUE(FailsWith(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 41), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetStreamResLimit"));
  EXPECT_TRUE(Succeeds(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 24u);

  // Not bound yet: the thread uses the device's limit.
  EXPECT_EQ(CoresOfAHardswishPlan(1 << 20), 16u);
  EXPECT_TRUE(Succeeds(aclrtUseStreamResInCurrentThread(stream)));
  EXPECT_TRUE(Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 24u);
  EXPECT_TRUE(Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value)));
  EXPECT_EQ(value, 20u);  // the stream does not limit cube cores: the device's count
  EXPECT_EQ(CoresOfAHardswishPlan(1 << 20), 24u);
  // Another thread is not bound.
  std::thread([] {
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    uint32_t other = 0;
    EXPECT_EQ(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &other), ACL_SUCCESS);
    EXPECT_EQ(other, 16u);
    aclrtResetDevice(0);
  }).join();

  // Unbinding another stream changes nothing; unbinding this one does.
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  EXPECT_TRUE(Succeeds(aclrtUnuseStreamResInCurrentThread(other)));
  EXPECT_TRUE(Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 24u);
  EXPECT_TRUE(Succeeds(aclrtResetStreamResLimit(stream)));
  EXPECT_TRUE(Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 16u);  // still bound, but the stream no longer limits
  EXPECT_TRUE(Succeeds(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 0)));
  EXPECT_EQ(CoresOfAHardswishPlan(1 << 20), 1u);  // a zero limit tiles for one core
  EXPECT_TRUE(Succeeds(aclrtUnuseStreamResInCurrentThread(stream)));
  EXPECT_TRUE(Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 16u);

  // Checks: NULL value, dead handle, bad type (after the handle), NULL stream is the default one.
  EXPECT_TRUE(FailsWith(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtGetStreamResLimit"));
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtSetStreamResLimit(&bogus, static_cast<aclrtDevResLimitType>(7), 1),
                        ACL_ERROR_RT_INVALID_HANDLE, "aclrtSetStreamResLimit"));
  EXPECT_TRUE(FailsWith(aclrtSetStreamResLimit(stream, static_cast<aclrtDevResLimitType>(7), 1),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtSetStreamResLimit", {"[0, 2)"}));
  EXPECT_TRUE(FailsWith(aclrtUseStreamResInCurrentThread(&bogus), ACL_ERROR_RT_INVALID_HANDLE,
                        "aclrtUseStreamResInCurrentThread"));
  EXPECT_TRUE(Succeeds(aclrtSetStreamResLimit(nullptr, ACL_RT_DEV_RES_CUBE_CORE, 2)));
  EXPECT_TRUE(Succeeds(aclrtGetStreamResLimit(nullptr, ACL_RT_DEV_RES_CUBE_CORE, &value)));
  EXPECT_EQ(value, 2u);

  // A destroyed bound stream no longer limits.
  EXPECT_TRUE(Succeeds(aclrtSetStreamResLimit(other, ACL_RT_DEV_RES_VECTOR_CORE, 4)));
  EXPECT_TRUE(Succeeds(aclrtUseStreamResInCurrentThread(other)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
  EXPECT_TRUE(Succeeds(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value)));
  EXPECT_EQ(value, 16u);
}

TEST(AclResourceLimits, SocsWithAnUnknownCoreSplitHaveNoLimits) {
  test::RuntimeSession session("Ascend910A");
  uint32_t value = 0;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtGetDeviceResLimit", {"Ascend910A"}));
  EXPECT_TRUE(FailsWith(aclrtSetStreamResLimit(session.stream(), ACL_RT_DEV_RES_VECTOR_CORE, 1),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtSetStreamResLimit"));
  EXPECT_TRUE(FailsWith(aclrtResetDeviceResLimit(0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtResetDeviceResLimit"));
}

}  // namespace
