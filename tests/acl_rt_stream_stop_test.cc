// aclrtStreamStop: the stream halts; its running task fails with 507000 and the tasks queued or
// issued later are not run (event records still run); synchronisations fail with 507000 (what
// CANN's own sample reads after a stop) until aclrtStreamAbort resumes the stream. Checks in
// upstream's order.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

void Count(void* counter) { static_cast<std::atomic<int>*>(counter)->fetch_add(1); }

// A task that runs until `release` is set, telling `started` when it begins.
struct Gate {
  std::atomic<bool> started{false};
  std::atomic<bool> release{false};
};
void HoldUntilReleased(void* arg) {
  Gate* gate = static_cast<Gate*>(arg);
  gate->started.store(true);
  while (!gate->release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void WaitUntilStarted(const Gate& gate) {
  while (!gate.started.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

class StreamStop : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&stream_, 0, ACL_STREAM_DEVICE_USE_ONLY))); }
  void TearDown() override {
    if (stream_ != nullptr) aclrtDestroyStreamForce(stream_);
  }

  test::RuntimeSession session_;  // Ascend910B3 (Atlas A2)
  aclrtStream stream_ = nullptr;
};

TEST_F(StreamStop, TheRunningTaskFailsAndNothingAfterItRunsUntilAnAbort) {
  Gate gate;
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, HoldUntilReleased, &gate)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  WaitUntilStarted(gate);
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));  // accepted, not run
  gate.release.store(true);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"is stopped (aclrtStreamStop): 2 of its tasks issued before or since were not run"}));
  EXPECT_EQ(counter.load(), 0);  // the synchronisation waited for both: neither ran
  aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
  ASSERT_TRUE(Succeeds(aclrtStreamQuery(stream_, &status)));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);  // nothing is left to wait for
  // Every synchronisation says so until the abort, also one with a timeout.
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStreamWithTimeout(stream_, 5000), ACL_ERROR_RT_INTERNAL_ERROR,
                        "aclrtSynchronizeStreamWithTimeout", {"is stopped"}));

  ASSERT_TRUE(Succeeds(aclrtStreamAbort(stream_)));
  // The stopped task's failure, kept until a synchronisation reaches it, as the NPU's killed task.
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"was stopped by aclrtStreamStop while it ran"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream_)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));  // the stream runs again
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream_)));
  EXPECT_EQ(counter.load(), 1);
}

TEST_F(StreamStop, AnIdleStreamStopsTooAndItsLaterTasksDoNotRun) {
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"0 of its tasks"}));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"1 of its tasks"}));
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));  // stopping again changes nothing
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"1 of its tasks"}));
  EXPECT_EQ(counter.load(), 0);
  ASSERT_TRUE(Succeeds(aclrtStreamAbort(stream_)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream_)));  // no task was running at the stop: no failure
}

TEST_F(StreamStop, AWaitingTaskStopsWaiting) {
  test::DeviceBuffer word(sizeof(uint64_t));
  word.Upload(std::vector<uint64_t>{0});
  ASSERT_TRUE(Succeeds(aclrtValueWait(word.get(), 1, ACL_STREAM_WAIT_VALUE_EQ, stream_)));  // never met
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // it starts waiting (or is not run: both end)
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  // Not the timeout (507046): the wait ended.
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStreamWithTimeout(stream_, 10000), ACL_ERROR_RT_INTERNAL_ERROR,
                        "aclrtSynchronizeStreamWithTimeout", {"is stopped"}));
  ASSERT_TRUE(Succeeds(aclrtStreamAbort(stream_)));
  aclrtSynchronizeStream(stream_);  // the stopped wait's failure, if it had started
  test::TakeErrorMessage();
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream_)));
  EXPECT_EQ(counter.load(), 1);
}

TEST_F(StreamStop, NothingWaitsForEverOnAStoppedStream) {
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  // Event records still run: their waiters (here a synchronisation) do not hang.
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream_)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  EXPECT_EQ(counter.load(), 0);
  ASSERT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  // Memory a task that is not run would use can be freed (aclrtFree waits for the tasks using it).
  void* source = nullptr;
  void* target = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&source, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMalloc(&target, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(target, 64, source, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_)));
  EXPECT_TRUE(Succeeds(aclrtFree(source)));
  EXPECT_TRUE(Succeeds(aclrtFree(target)));
}

TEST_F(StreamStop, DestroyingAStoppedStreamDropsItsTasksWithoutWaiting) {
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(stream_)));
  stream_ = nullptr;
  EXPECT_EQ(counter.load(), 0);

  aclrtStream forced = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&forced, 0, ACL_STREAM_DEVICE_USE_ONLY)));
  ASSERT_TRUE(Succeeds(aclrtStreamStop(forced)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(forced, Count, &counter)));
  ASSERT_TRUE(Succeeds(aclrtDestroyStreamForce(forced)));
  EXPECT_EQ(counter.load(), 0);
}

TEST_F(StreamStop, TheDeviceSynchronisationReportsTheStoppedStream) {
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_ERROR_RT_INTERNAL_ERROR);
  test::TakeErrorMessage();
  EXPECT_EQ(counter.load(), 0);
}

TEST_F(StreamStop, ChecksInUpstreamsOrder) {
  EXPECT_TRUE(FailsWith(aclrtStreamStop(nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclrtStreamStop",
                        {"the default stream cannot be stopped"}));
  std::thread no_context(
      [&] { EXPECT_TRUE(FailsWith(aclrtStreamStop(stream_), ACL_ERROR_RT_CONTEXT_NULL, "aclrtStreamStop")); });
  no_context.join();
  // Atlas A2/A3: only a stream made with ACL_STREAM_DEVICE_USE_ONLY.
  EXPECT_TRUE(FailsWith(aclrtStreamStop(session_.stream()), ACL_ERROR_RT_PARAM_INVALID, "aclrtStreamStop",
                        {"ACL_STREAM_DEVICE_USE_ONLY"}));
  // A stream bound to a model (never a device-use-only one: the model check comes first).
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&model, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRIBindStream(model, persistent, 0)));
  EXPECT_TRUE(
      FailsWith(aclrtStreamStop(persistent), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtStreamStop", {"bound to a model"}));
  EXPECT_TRUE(FailsWith(aclrtStreamAbort(persistent), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtStreamAbort",
                        {"that is already bound to a model", "is not supported"}));
  ASSERT_TRUE(Succeeds(aclmdlRIUnbindStream(model, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

TEST(StreamStopProducts, Ascend950StopsAnyStreamAndTheOlderPartsHaveNoStop) {
  {
    test::RuntimeSession session("Ascend950PR");
    std::atomic<int> counter{0};
    ASSERT_TRUE(Succeeds(aclrtStreamStop(session.stream())));
    ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(session.stream(), Count, &counter)));
    EXPECT_EQ(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_INTERNAL_ERROR);
    test::TakeErrorMessage();
    ASSERT_TRUE(Succeeds(aclrtStreamAbort(session.stream())));
    EXPECT_EQ(counter.load(), 0);
  }
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    aclrtStream stream = nullptr;
    ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&stream, 0, ACL_STREAM_DEVICE_USE_ONLY)));
    EXPECT_TRUE(FailsWith(aclrtStreamStop(stream), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtStreamStop",
                          {"Atlas A2, Atlas A3 and Ascend 950 only"}))
        << soc;
    ASSERT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  }
}

TEST(StreamStopConcurrency, StopsAbortsAndLaunchesFromSeveralThreads) {
  test::RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&stream, 0, ACL_STREAM_DEVICE_USE_ONLY)));
  std::atomic<int> counter{0};
  auto worker = [&](int role) {
    ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
    for (int i = 0; i < 200; ++i) {
      switch ((role + i) % 4) {
        case 0:
          aclrtStreamStop(stream);
          break;
        case 1:
          aclrtStreamAbort(stream);
          break;
        case 2:
          aclrtLaunchHostFunc(stream, Count, &counter);
          break;
        default:
          aclrtSynchronizeStream(stream);
          break;
      }
    }
    aclrtResetDevice(0);
  };
  std::thread a(worker, 0), b(worker, 1), c(worker, 2);
  a.join();
  b.join();
  c.join();
  ASSERT_TRUE(Succeeds(aclrtStreamAbort(stream)));  // whatever state it was left in, it runs again
  aclrtSynchronizeStream(stream);                   // consumes a stopped task's failure, if any
  test::TakeErrorMessage();
  const int before = counter.load();
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream, Count, &counter)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(counter.load(), before + 1);
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(stream)));
}

}  // namespace
