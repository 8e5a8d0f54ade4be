// aclrtStreamStop: the stream halts, its queued tasks stay and do not run, synchronisations fail
// with 507000 (what CANN's own sample reads after a stop) until aclrtStreamAbort drops the tasks
// and resumes the stream, or the stream is destroyed. Checks in upstream's order.
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

TEST_F(StreamStop, TheRunningTaskFinishesAndTheQueuedOnesStayUntilAnAbortDropsThem) {
  Gate gate;
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, HoldUntilReleased, &gate)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  WaitUntilStarted(gate);
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));  // accepted, as by the NPU's queue
  gate.release.store(true);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"was stopped (aclrtStreamStop): 2 of its tasks stay queued"}));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(counter.load(), 0);  // neither queued task ran
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclrtStreamQuery(stream_, &status)));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  // Every synchronisation says so, also with a timeout (which does not wait for the queued tasks).
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStreamWithTimeout(stream_, 5000), ACL_ERROR_RT_INTERNAL_ERROR,
                        "aclrtSynchronizeStreamWithTimeout", {"was stopped"}));

  ASSERT_TRUE(Succeeds(aclrtStreamAbort(stream_)));
  // The stopped task's failure, kept until a synchronisation reaches it, as the NPU's killed task.
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"was stopped by aclrtStreamStop while it ran"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream_)));
  EXPECT_EQ(counter.load(), 0);                                          // dropped
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));  // the stream runs again
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream_)));
  EXPECT_EQ(counter.load(), 1);
}

TEST_F(StreamStop, AnIdleStreamStopsTooAndItsLaterTasksWait) {
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream_)));  // nothing ran, nothing is left: no failure
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"1 of its tasks stay queued"}));
  EXPECT_EQ(counter.load(), 0);
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));  // stopping again changes nothing
  EXPECT_EQ(counter.load(), 0);
}

TEST_F(StreamStop, AWaitingTaskStopsWaiting) {
  test::DeviceBuffer word(sizeof(uint64_t));
  word.Upload(std::vector<uint64_t>{0});
  ASSERT_TRUE(Succeeds(aclrtValueWait(word.get(), 1, ACL_STREAM_WAIT_VALUE_EQ, stream_)));  // never met
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  bool done = false;
  std::thread sync([&] {
    ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
    // The wait ended, stopped, and nothing is left queued: the synchronisation returns at once
    // with the stopped task's failure.
    EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                          {"was stopped by aclrtStreamStop while it ran"}));
    done = true;
    ASSERT_TRUE(Succeeds(aclrtResetDevice(0)));
  });
  sync.join();
  EXPECT_TRUE(done);
}

TEST_F(StreamStop, AnEventRecordedOnAStoppedStreamCompletesAfterTheAbort) {
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream_)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream_, Count, &counter)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream_)));
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclrtQueryEventStatus(event, &status)));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  ASSERT_TRUE(Succeeds(aclrtStreamAbort(stream_)));  // the host function goes, the record stays and runs
  ASSERT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  EXPECT_EQ(counter.load(), 0);
  ASSERT_TRUE(Succeeds(aclrtDestroyEvent(event)));
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
