// aclrtGetDeviceUtilizationRate and the busy windows behind it (runtime/engine_utilization.h): a
// device is busy while one of its kernel tasks runs; the figure is the busy share of the last
// complete 100 ms window, on the engine the table's vector kernels use on each part.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnn_host/stand_in.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "runtime/engine_utilization.h"
#include "runtime/kernel_task.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using aclnn_host::KernelEngineBusyPercent;
using aclnn_host::KernelRunEnded;
using aclnn_host::KernelRunStarted;
using aclnn_host::kUtilizationWindowNs;
using test::FailsWith;
using test::Succeeds;

constexpr int64_t kWindow = kUtilizationWindowNs;
// A window far from 0 and past every earlier test's (the windows live as long as the process, and
// gtest may repeat the tests); devices 40-63 are never opened by these tests, so the synthetic
// clock does not meet the real one there.
int64_t FreshEpoch() {
  static int64_t next = 1000 * kWindow;
  next += 1000 * kWindow;
  return next;
}

TEST(BusyWindow, ReportsTheBusyShareOfTheLastCompleteWindow) {
  const int64_t kEpoch = FreshEpoch();
  const int32_t device = 40;
  KernelRunStarted(device, kEpoch + kWindow / 4);
  KernelRunEnded(device, kEpoch + kWindow / 2);                         // a quarter of the window
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + kWindow / 2), 0);  // that window is not complete yet
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + kWindow + 1), 25);
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + 2 * kWindow + 1), 0);  // the next one was idle
}

TEST(BusyWindow, OverlappingRunsOfTwoStreamsCountOnce) {
  const int64_t kEpoch = FreshEpoch();
  const int32_t device = 41;
  KernelRunStarted(device, kEpoch + 10 * kWindow / 100);
  KernelRunStarted(device, kEpoch + 20 * kWindow / 100);
  KernelRunEnded(device, kEpoch + 30 * kWindow / 100);
  KernelRunEnded(device, kEpoch + 40 * kWindow / 100);  // busy from 10% to 40%
  KernelRunStarted(device, kEpoch + 50 * kWindow / 100);
  KernelRunEnded(device, kEpoch + 60 * kWindow / 100);
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + kWindow), 40);
}

TEST(BusyWindow, ARunAcrossWindowsCountsInEachAndSkippedWindowsWereBusyThroughout) {
  const int64_t kEpoch = FreshEpoch();
  const int32_t device = 42;
  KernelRunStarted(device, kEpoch + 70 * kWindow / 100);
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + kWindow), 30);       // 70% to the end
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + 5 * kWindow), 100);  // still running
  KernelRunEnded(device, kEpoch + 5 * kWindow + 20 * kWindow / 100);
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + 6 * kWindow), 20);
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + 9 * kWindow), 0);  // idle since
}

TEST(BusyWindow, DevicesAreSeparateAndUnknownIdsAreIgnored) {
  const int64_t kEpoch = FreshEpoch();
  KernelRunStarted(43, kEpoch);
  KernelRunEnded(43, kEpoch + kWindow / 2);
  KernelRunStarted(-1, kEpoch);
  KernelRunStarted(64, kEpoch);
  EXPECT_EQ(KernelEngineBusyPercent(43, kEpoch + kWindow), 50);
  EXPECT_EQ(KernelEngineBusyPercent(44, kEpoch + kWindow), 0);
  EXPECT_EQ(KernelEngineBusyPercent(64, kEpoch + kWindow), 0);
}

TEST(BusyWindow, AClockReadBeforeTheWindowMovedCountsNothingNegative) {
  const int64_t kEpoch = FreshEpoch();
  const int32_t device = 45;
  KernelRunStarted(device, kEpoch + 90 * kWindow / 100);
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + kWindow + kWindow / 2), 10);  // a reader moves the window
  KernelRunEnded(device, kEpoch + 95 * kWindow / 100);                             // read before that, locked after
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + 2 * kWindow + 1), 0);
  KernelRunStarted(device, kEpoch + 2 * kWindow - 10);  // likewise, a start read before the window
  KernelRunEnded(device, kEpoch + 2 * kWindow + kWindow / 2);
  EXPECT_EQ(KernelEngineBusyPercent(device, kEpoch + 3 * kWindow), 50);
}

aclrtUtilizationInfo Query(int32_t device) {
  aclrtUtilizationInfo info{7, 7, 7, 7, nullptr};
  EXPECT_TRUE(Succeeds(aclrtGetDeviceUtilizationRate(device, &info)));
  return info;
}

// aclnnHardswishBackward (V1: every part has it), both phases and a synchronisation.
aclnnStatus RunHardswishBackward(const aclTensor* grad, const aclTensor* self, aclTensor* out, aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status = aclnnHardswishBackwardGetWorkspaceSize(grad, self, out, &workspace_size, &executor);
  if (status != ACLNN_SUCCESS) return status;
  test::DeviceBuffer workspace;
  if (workspace_size > 0) workspace = test::DeviceBuffer(workspace_size);
  status = aclnnHardswishBackward(workspace.get(), workspace_size, executor, stream);
  if (status != ACLNN_SUCCESS) return status;
  return aclrtSynchronizeStream(stream);
}

// Runs aclnnHardswishBackward over 2^22 fp32 elements back to back on `stream` for at least
// three windows, so that the last complete one was spent running kernels.
void KeepTheDeviceBusy(aclrtStream stream) {
  const int64_t n = int64_t{1} << 22;
  test::DeviceBuffer grad_buffer(n * sizeof(float)), self_buffer(n * sizeof(float)), out_buffer(n * sizeof(float));
  grad_buffer.Upload(std::vector<float>(n, 1.0f));
  self_buffer.Upload(std::vector<float>(n, 0.5f));
  test::Layout layout;
  layout.view = {n};
  layout.dtype = ACL_FLOAT;
  test::Tensor grad(layout, grad_buffer.get()), self(layout, self_buffer.get()), out(layout, out_buffer.get());
  const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(3 * kWindow + kWindow / 2);
  while (std::chrono::steady_clock::now() < until) {
    ASSERT_EQ(RunHardswishBackward(grad.get(), self.get(), out.get(), stream), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  }
}

void SleepFiveMilliseconds(void*) { std::this_thread::sleep_for(std::chrono::milliseconds(5)); }

// Operator stand-ins (kernel tasks on every part, where the table's operators have no kernel on
// 310P) of 5 ms back to back for at least three windows.
void KeepTheDeviceBusyWithStandIns(aclrtStream stream) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(3 * kWindow + kWindow / 2);
  while (std::chrono::steady_clock::now() < until) {
    ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(stream, "Sleep", SleepFiveMilliseconds, nullptr)));
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  }
}

TEST(AclDeviceUtilization, VectorKernelsKeepTheAivCoresBusyOnAtlasA2AndTheAiCoresElsewhere) {
  struct Case {
    const char* soc;
    bool busy_cube;       // the figure that moves: the AI cores' (true) or the vector cores' (false)
    int32_t idle_vector;  // the vector figure while the AI cores work
  };
  for (const Case& c : {Case{"Ascend910B3", false, 0}, Case{"Ascend950PR", false, 0}, Case{"Ascend910A", true, -1},
                        Case{"Ascend310P3", true, 0}}) {
    SCOPED_TRACE(c.soc);
    test::RuntimeSession session(c.soc);
    KeepTheDeviceBusyWithStandIns(session.stream());
    const aclrtUtilizationInfo busy = Query(0);
    EXPECT_GT(c.busy_cube ? busy.cubeUtilization : busy.vectorUtilization, 0);
    EXPECT_LE(c.busy_cube ? busy.cubeUtilization : busy.vectorUtilization, 100);
    EXPECT_EQ(c.busy_cube ? busy.vectorUtilization : busy.cubeUtilization, c.busy_cube ? c.idle_vector : 0);
    EXPECT_EQ(busy.aicpuUtilization, 0);    // no AI CPU task runs
    EXPECT_EQ(busy.memoryUtilization, -1);  // upstream reads no memory figure
    EXPECT_EQ(busy.utilizationExtend, nullptr);
    // Two windows without kernels: the last complete one was idle.
    std::this_thread::sleep_for(std::chrono::nanoseconds(2 * kWindow + kWindow / 10));
    const aclrtUtilizationInfo idle = Query(0);
    EXPECT_EQ(c.busy_cube ? idle.cubeUtilization : idle.vectorUtilization, 0);
  }
}

TEST(AclDeviceUtilization, AnotherDevicesKernelsDoNotCount) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  {
    test::RuntimeSession session;
    KeepTheDeviceBusy(session.stream());
    EXPECT_GT(Query(0).vectorUtilization, 0);
    EXPECT_EQ(Query(1).vectorUtilization, 0);  // device 1 is never set; its figure is still read
  }
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

TEST(AclDeviceUtilization, TwoStreamsAndAReaderAtOnce) {
  test::RuntimeSession session;
  aclrtStream second = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&second)));
  std::atomic<bool> done{false};
  std::atomic<int32_t> out_of_range{0};
  std::thread reader([&] {
    while (!done.load()) {
      aclrtUtilizationInfo info{};
      if (aclrtGetDeviceUtilizationRate(0, &info) != ACL_SUCCESS || info.vectorUtilization < 0 ||
          info.vectorUtilization > 100) {
        out_of_range.fetch_add(1);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  std::thread other([&] {
    ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));  // a thread's own context, as CANN wants
    KeepTheDeviceBusyWithStandIns(second);
    ASSERT_TRUE(Succeeds(aclrtResetDevice(0)));
  });
  KeepTheDeviceBusyWithStandIns(session.stream());
  other.join();
  done.store(true);
  reader.join();
  EXPECT_EQ(out_of_range.load(), 0);
  EXPECT_GT(Query(0).vectorUtilization, 0);
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(second)));
}

void Throw(void*) { throw std::runtime_error("a stand-in that fails by throwing"); }

TEST(AclDeviceUtilization, AKernelTaskThatThrowsStillEndsItsBusyInterval) {
  test::RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(session.stream(), "Throw", Throw, nullptr)));
  EXPECT_EQ(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_INTERNAL_ERROR);  // the stream reports it
  test::TakeErrorMessage();
  std::this_thread::sleep_for(std::chrono::nanoseconds(2 * kWindow + kWindow / 10));
  EXPECT_EQ(Query(0).vectorUtilization, 0);  // not stuck at 100: the interval ended
}

TEST(AclDeviceUtilization, ChecksAndTheFiguresOfAnUnknownDevice) {
  aclrtUtilizationInfo info{7, 7, 7, 7, nullptr};
  EXPECT_TRUE(FailsWith(aclrtGetDeviceUtilizationRate(0, &info), ACL_ERROR_UNINITIALIZE,
                        "aclrtGetDeviceUtilizationRate", {"aclInit"}));
  EXPECT_EQ(info.cubeUtilization, 7);  // untouched
  test::RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceUtilizationRate(0, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtGetDeviceUtilizationRate", {"utilizationInfo"}));
  int reserved = 0;
  info.utilizationExtend = reinterpret_cast<aclrtUtilizationExtendInfo*>(&reserved);
  EXPECT_TRUE(FailsWith(aclrtGetDeviceUtilizationRate(0, &info), ACL_ERROR_INVALID_PARAM,
                        "aclrtGetDeviceUtilizationRate", {"utilizationExtend"}));
  EXPECT_EQ(info.vectorUtilization, 7);  // untouched
  // As upstream: a failed engine query gives -1 and the call still succeeds.
  for (int32_t device : {1, -1, 64}) {
    const aclrtUtilizationInfo unknown = Query(device);
    EXPECT_EQ(unknown.cubeUtilization, -1) << device;
    EXPECT_EQ(unknown.vectorUtilization, -1) << device;
    EXPECT_EQ(unknown.aicpuUtilization, -1) << device;
    EXPECT_EQ(unknown.memoryUtilization, -1) << device;
  }
}

}  // namespace
