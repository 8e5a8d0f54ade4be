// Streams created with a configuration (priority, flags, config handles), stream identity,
// synchronisation with timeouts, event flags, ids, status queries and timing on the stream's
// timeline. Blocking is proven with a gated stream (StreamGate), never by sleeping.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "runtime/context.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"
#include "support/stream_gate.h"

namespace {

using test::FailsWith;
using test::Succeeds;

TEST(AclStreamConfig, CreateWithConfigKeepsPriorityAndFlags) {
  test::RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&stream, 3, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC)));
  uint32_t priority = 99, flags = 99;
  EXPECT_TRUE(Succeeds(aclrtStreamGetPriority(stream, &priority)));
  EXPECT_EQ(priority, 3u);
  EXPECT_TRUE(Succeeds(aclrtStreamGetFlags(stream, &flags)));
  EXPECT_EQ(flags, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC);
  int32_t least = -1, greatest = -1;
  EXPECT_TRUE(Succeeds(aclrtDeviceGetStreamPriorityRange(&least, &greatest)));
  EXPECT_EQ(greatest, 0);
  EXPECT_EQ(least, 7);
  aclrtStream rejected = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateStreamWithConfig(&rejected, 8, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtCreateStreamWithConfig", {"priority 8"}));
  EXPECT_EQ(rejected, nullptr);
  EXPECT_TRUE(
      FailsWith(aclrtCreateStreamWithConfig(nullptr, 0, 0), ACL_ERROR_INVALID_PARAM, "aclrtCreateStreamWithConfig"));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
}

TEST(AclStreamConfig, ConfigHandleCreatesAStream) {
  test::RuntimeSession session;
  aclrtStreamConfigHandle* handle = aclrtCreateStreamConfigHandle();
  ASSERT_NE(handle, nullptr);
  const uint32_t priority = 5, flag = ACL_STREAM_HUGE;
  EXPECT_TRUE(Succeeds(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_PRIORITY, &priority, sizeof(priority))));
  EXPECT_TRUE(Succeeds(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_FLAG, &flag, sizeof(flag))));
  EXPECT_EQ(handle->priority, 5u);
  EXPECT_EQ(handle->flag, ACL_STREAM_HUGE);
  EXPECT_TRUE(FailsWith(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_PRIORITY, &priority, 1), ACL_ERROR_INVALID_PARAM,
                        "aclrtSetStreamConfigOpt", {"valueSize"}));
  EXPECT_TRUE(FailsWith(aclrtSetStreamConfigOpt(handle, static_cast<aclrtStreamConfigAttr>(42), &priority, 4),
                        ACL_ERROR_INVALID_PARAM, "aclrtSetStreamConfigOpt"));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamV2(&stream, handle)));
  uint32_t got = 0;
  EXPECT_TRUE(Succeeds(aclrtStreamGetPriority(stream, &got)));
  EXPECT_EQ(got, 5u);
  EXPECT_TRUE(Succeeds(aclrtStreamGetFlags(stream, &got)));
  EXPECT_EQ(got, ACL_STREAM_HUGE);
  EXPECT_TRUE(FailsWith(aclrtCreateStreamV2(&stream, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCreateStreamV2"));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStreamConfigHandle(handle)));
  EXPECT_TRUE(
      FailsWith(aclrtDestroyStreamConfigHandle(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyStreamConfigHandle"));
}

TEST(AclStreamIdentity, IdsAreDistinctAndTheDefaultStreamHasOne) {
  test::RuntimeSession session;
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  int32_t a = -1, b = -1, d = -1;
  EXPECT_TRUE(Succeeds(aclrtStreamGetId(session.stream(), &a)));
  EXPECT_TRUE(Succeeds(aclrtStreamGetId(other, &b)));
  EXPECT_TRUE(Succeeds(aclrtStreamGetId(nullptr, &d)));
  EXPECT_GE(a, 0);
  EXPECT_NE(a, b);
  EXPECT_NE(a, d);
  EXPECT_NE(b, d);
  uint32_t priority = 9;
  EXPECT_TRUE(Succeeds(aclrtStreamGetPriority(other, &priority)));
  EXPECT_EQ(priority, 0u);  // aclrtCreateStream: the greatest priority, no flags
  EXPECT_TRUE(FailsWith(aclrtStreamGetId(other, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtStreamGetId"));
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtStreamGetId(&bogus, &a), ACL_ERROR_RT_INVALID_HANDLE, "aclrtStreamGetId"));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST(AclStreamTimeout, SynchronizeGivesUpOnAHeldStreamAndSucceedsOnceItRuns) {
  test::RuntimeSession session;
  auto gate = std::make_unique<test::StreamGate>(session.stream());
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStreamWithTimeout(session.stream(), 20), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                        "aclrtSynchronizeStreamWithTimeout", {"20 ms"}));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStreamWithTimeout(session.stream(), 0), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                        "aclrtSynchronizeStreamWithTimeout"));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeDeviceWithTimeout(10), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                        "aclrtSynchronizeDeviceWithTimeout"));
  gate->Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStreamWithTimeout(session.stream(), -1)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeDeviceWithTimeout(-1)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStreamWithTimeout(session.stream(), 0)));  // idle: nothing to wait for
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStreamWithTimeout(session.stream(), -2), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSynchronizeStreamWithTimeout", {"-2"}));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeDeviceWithTimeout(-5), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSynchronizeDeviceWithTimeout"));
}

TEST(AclStreamTimeout, ForeverWaitsUntilReleased) {
  test::RuntimeSession session;
  auto gate = std::make_unique<test::StreamGate>(session.stream());
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtGetCurrentContext(&context)));
  std::future<aclError> sync = std::async(std::launch::async, [&] {
    const aclError status = aclrtSetCurrentContext(context);  // the stream is of this context's device
    return status != ACL_SUCCESS ? status : aclrtSynchronizeStreamWithTimeout(session.stream(), -1);
  });
  EXPECT_EQ(sync.wait_for(std::chrono::milliseconds(30)), std::future_status::timeout);
  gate->Release();
  EXPECT_EQ(sync.get(), ACL_SUCCESS);
}

TEST(AclEventFlags, CreateWithFlagsAndIds) {
  test::RuntimeSession session;
  aclrtEvent a = nullptr, b = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&a, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE)));
  ASSERT_TRUE(Succeeds(aclrtCreateEventExWithFlag(&b, ACL_EVENT_TIME_LINE)));
  uint32_t id_a = 0, id_b = 0;
  EXPECT_TRUE(Succeeds(aclrtGetEventId(a, &id_a)));
  EXPECT_TRUE(Succeeds(aclrtGetEventId(b, &id_b)));
  EXPECT_NE(id_a, id_b);
  aclrtEvent rejected = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateEventWithFlag(&rejected, 0x80000000u), ACL_ERROR_INVALID_PARAM,
                        "aclrtCreateEventWithFlag", {"0x80000000"}));
  EXPECT_TRUE(FailsWith(aclrtCreateEventWithFlag(&rejected, ACL_EVENT_IPC), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtCreateEventWithFlag", {"ACL_EVENT_IPC"}));
  EXPECT_EQ(rejected, nullptr);
  EXPECT_TRUE(FailsWith(aclrtCreateEventExWithFlag(nullptr, 0), ACL_ERROR_INVALID_PARAM, "aclrtCreateEventExWithFlag"));
  EXPECT_TRUE(FailsWith(aclrtGetEventId(a, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetEventId"));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(a)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(b)));
}

TEST(AclEventStatus, QueriesFollowTheLatestRecord) {
  test::RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  aclrtEventStatus legacy = ACL_EVENT_STATUS_RESERVED;
  aclrtEventWaitStatus wait = ACL_EVENT_WAIT_STATUS_RESERVED;
  EXPECT_TRUE(Succeeds(aclrtQueryEvent(event, &legacy)));
  EXPECT_EQ(legacy, ACL_EVENT_STATUS_COMPLETE);  // never recorded
  auto gate = std::make_unique<test::StreamGate>(session.stream());
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtQueryEvent(event, &legacy)));
  EXPECT_EQ(legacy, ACL_EVENT_STATUS_NOT_READY);
  EXPECT_TRUE(Succeeds(aclrtQueryEventWaitStatus(event, &wait)));
  EXPECT_EQ(wait, ACL_EVENT_WAIT_STATUS_NOT_READY);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeEventWithTimeout(event, 10), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
                        "aclrtSynchronizeEventWithTimeout"));
  gate->Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEventWithTimeout(event, -1)));
  EXPECT_TRUE(Succeeds(aclrtQueryEvent(event, &legacy)));
  EXPECT_EQ(legacy, ACL_EVENT_STATUS_COMPLETE);
  EXPECT_TRUE(Succeeds(aclrtQueryEventWaitStatus(event, &wait)));
  EXPECT_EQ(wait, ACL_EVENT_WAIT_STATUS_COMPLETE);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeEventWithTimeout(event, -3), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSynchronizeEventWithTimeout"));
  EXPECT_TRUE(FailsWith(aclrtQueryEvent(event, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtQueryEvent"));
  EXPECT_TRUE(
      FailsWith(aclrtQueryEventWaitStatus(nullptr, &wait), ACL_ERROR_INVALID_PARAM, "aclrtQueryEventWaitStatus"));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(AclEventTiming, ElapsedTimeIsMeasuredOnTheStreamsTimeline) {
  test::RuntimeSession session;
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&start, ACL_EVENT_TIME_LINE)));
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&end, ACL_EVENT_TIME_LINE)));
  float ms = -1.0f;
  EXPECT_TRUE(FailsWith(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_NOT_COMPLETE,
                        "aclrtEventElapsedTime", {"never been recorded"}));

  // start, then a task that holds the stream for at least 40 ms of host time, then end: the
  // interval is the stream's, however late the host asks.
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(start, session.stream())));
  std::shared_ptr<aclnn_host::Stream> stream;
  ASSERT_EQ(aclnn_host::Runtime::Get().FindStream("test", session.stream(), &stream), ACL_SUCCESS);
  ASSERT_TRUE(stream->Enqueue([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
    return aclnn_host::TaskResult();
  }));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(end, session.stream())));
  EXPECT_TRUE(FailsWith(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_NOT_COMPLETE,
                        "aclrtEventElapsedTime", {"not completed"}));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeEvent(end)));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // host time that must not count
  EXPECT_TRUE(Succeeds(aclrtEventElapsedTime(&ms, start, end)));
  EXPECT_GE(ms, 40.0f);
  EXPECT_LT(ms, 40.0f + 150.0f);  // not the 200 ms the host waited afterwards
  uint64_t t0 = 0, t1 = 0;
  EXPECT_TRUE(Succeeds(aclrtEventGetTimestamp(start, &t0)));
  EXPECT_TRUE(Succeeds(aclrtEventGetTimestamp(end, &t1)));
  EXPECT_GE(t1 - t0, 40000u);
  EXPECT_TRUE(Succeeds(aclrtEventElapsedTime(&ms, end, start)));
  EXPECT_LT(ms, 0.0f);  // reversed order: negative, as the interval is
  EXPECT_TRUE(FailsWith(aclrtEventElapsedTime(nullptr, start, end), ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime"));
  EXPECT_TRUE(FailsWith(aclrtEventGetTimestamp(start, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtEventGetTimestamp"));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(start)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(end)));
}

}  // namespace

namespace {

void EnqueueFailingTask(aclrtStream handle) {
  std::shared_ptr<aclnn_host::Stream> stream;
  ASSERT_EQ(aclnn_host::Runtime::Get().FindStream("test", handle, &stream), ACL_SUCCESS);
  ASSERT_TRUE(stream->Enqueue([] { return aclnn_host::TaskResult{ACL_ERROR_RT_AICORE_EXCEPTION, "a task failed"}; }));
}

TEST(AclStreamFailureMode, StopOnFailureSkipsLaterTasksButCompletesEventRecords) {
  test::RuntimeSession session;
  test::DeviceBuffer buffer(16);
  std::memset(buffer.get(), 0, 16);
  ASSERT_TRUE(Succeeds(aclrtSetStreamFailureMode(session.stream(), ACL_STOP_ON_FAILURE)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  EnqueueFailingTask(session.stream());
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 16, 0x77, 16, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));  // the record still completes
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_AICORE_EXCEPTION,
                        "aclrtSynchronizeStream", {"a task failed"}));
  EXPECT_EQ(buffer.Download<uint8_t>(16), std::vector<uint8_t>(16, 0));  // the memset was not run
  // The failure was consumed: later work runs again.
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 16, 0x55, 16, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(buffer.Download<uint8_t>(16), std::vector<uint8_t>(16, 0x55));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(AclStreamFailureMode, ContinueOnFailureRunsLaterTasks) {
  test::RuntimeSession session;
  test::DeviceBuffer buffer(16);
  std::memset(buffer.get(), 0, 16);
  ASSERT_TRUE(Succeeds(aclrtSetStreamFailureMode(session.stream(), ACL_CONTINUE_ON_FAILURE)));  // the default
  EnqueueFailingTask(session.stream());
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 16, 0x66, 16, session.stream())));
  EXPECT_TRUE(
      FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_AICORE_EXCEPTION, "aclrtSynchronizeStream"));
  EXPECT_EQ(buffer.Download<uint8_t>(16), std::vector<uint8_t>(16, 0x66));
  // As CANN's runtime: the mode is bit 0 of the value, and stop mode cannot go back to continue mode.
  EXPECT_TRUE(Succeeds(aclrtSetStreamFailureMode(session.stream(), 2)));  // continue, the current mode
  EXPECT_TRUE(Succeeds(aclrtSetStreamFailureMode(session.stream(), 3)));  // stop
  EXPECT_TRUE(FailsWith(aclrtSetStreamFailureMode(session.stream(), ACL_CONTINUE_ON_FAILURE),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtSetStreamFailureMode", {"stop mode to continue mode"}));
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtSetStreamFailureMode(&bogus, ACL_STOP_ON_FAILURE), ACL_ERROR_RT_INVALID_HANDLE,
                        "aclrtSetStreamFailureMode"));
}

}  // namespace

namespace {

TEST(AclEventFlags, RecordWithFlagAndWaitWithTimeout) {
  test::RuntimeSession session;
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  auto gate = std::make_unique<test::StreamGate>(session.stream());
  ASSERT_TRUE(Succeeds(aclrtRecordEventWithFlag(event, session.stream(), ACL_EVENT_RECORD_DEFAULT)));
  // `other` gives up waiting for the held record after 10 ms: its synchronisation says so.
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEventWithTimeout(other, event, 10)));
  EXPECT_TRUE(
      FailsWith(aclrtSynchronizeStream(other), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "aclrtSynchronizeStream", {"10 ms"}));
  // aclrtStreamWaitEventWithFlag's default wait takes the same bound on Atlas A2.
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEventWithFlag(other, event, 12, ACL_EVENT_WAIT_DEFAULT)));
  EXPECT_TRUE(
      FailsWith(aclrtSynchronizeStream(other), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "aclrtSynchronizeStream", {"12 ms"}));
  gate->Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEventWithTimeout(other, event, -1)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(other)));
  // External records belong to captured models (acl_rt_capture_test.cc).
  EXPECT_TRUE(FailsWith(aclrtRecordEventWithFlag(event, session.stream(), ACL_EVENT_RECORD_EXTERNAL),
                        ACL_ERROR_RT_STREAM_NOT_CAPTURED, "aclrtRecordEventWithFlag"));
  EXPECT_TRUE(FailsWith(aclrtRecordEventWithFlag(event, session.stream(), 7), ACL_ERROR_INVALID_PARAM,
                        "aclrtRecordEventWithFlag"));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithTimeout(other, event, -4), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtStreamWaitEventWithTimeout"));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST(AclStreamAbort, DropsQueuedWorkButKeepsEventRecords) {
  test::RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  test::DeviceBuffer buffer(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(buffer.get(), 64, 0, 64)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  auto gate = std::make_unique<test::StreamGate>(stream);
  // Queued behind the gate: the memset is dropped by the abort, the record is not.
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 0x7F, 64, stream)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream)));
  EXPECT_TRUE(Succeeds(aclrtStreamAbort(stream)));
  gate->Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));  // the record ran: a waiter does not hang
  std::vector<uint8_t> bytes = buffer.Download<uint8_t>(64);
  EXPECT_EQ(bytes, std::vector<uint8_t>(64, 0));  // the memset never ran
  // The stream works on after the abort.
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 0x11, 64, stream)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(buffer.Download<uint8_t>(64), std::vector<uint8_t>(64, 0x11));
  EXPECT_TRUE(Succeeds(aclrtStreamAbort(stream)));   // nothing queued: a no-op
  EXPECT_TRUE(Succeeds(aclrtStreamAbort(nullptr)));  // the default stream
  EXPECT_TRUE(FailsWith(aclrtStreamAbort(reinterpret_cast<aclrtStream>(&bytes)), ACL_ERROR_RT_INVALID_HANDLE,
                        "aclrtStreamAbort"));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
}

TEST(AclThreadLastTaskId, CountsTheTasksThisThreadIssuedToItsOwnStreams) {
  test::RuntimeSession session;
  uint32_t id = 0;
  std::thread fresh([&] { EXPECT_EQ(aclrtGetThreadLastTaskId(&id), ACL_SUCCESS); });  // no context needed
  fresh.join();
  EXPECT_EQ(id, 0xFFFFFFFFu);  // nothing issued on that thread
  test::DeviceBuffer buffer(64);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 0, 64, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtGetThreadLastTaskId(&id)));
  const uint32_t first = id;
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 1, 64, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtGetThreadLastTaskId(&id)));
  EXPECT_EQ(id, first + 1);
  // The default stream's tasks are not the program's streams': the id stays. (Another buffer:
  // two streams must not write the same memory at once.)
  test::DeviceBuffer other(64);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(other.get(), 64, 2, 64, nullptr)));
  ASSERT_TRUE(Succeeds(aclrtGetThreadLastTaskId(&id)));
  EXPECT_EQ(id, first + 1);
  ASSERT_TRUE(Succeeds(aclrtSynchronizeDevice()));
  EXPECT_TRUE(FailsWith(aclrtGetThreadLastTaskId(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetThreadLastTaskId",
                        {"taskId is nullptr."}));
}

TEST(AclResetEvent, AWaitIssuedAfterAResetWaitsForTheNextRecord) {
  test::RuntimeSession session;
  aclrtStream waiter = session.stream(), recorder = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&recorder)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, recorder)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(recorder)));
  // Without a reset a wait targets the completed record: it does not hold the stream.
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(waiter, event)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(waiter)));
  aclrtEventWaitStatus wait_status = ACL_EVENT_WAIT_STATUS_NOT_READY;
  ASSERT_TRUE(Succeeds(aclrtQueryEventWaitStatus(event, &wait_status)));
  EXPECT_EQ(wait_status, ACL_EVENT_WAIT_STATUS_COMPLETE);

  ASSERT_TRUE(Succeeds(aclrtResetEvent(event, waiter)));
  ASSERT_TRUE(Succeeds(aclrtQueryEventWaitStatus(event, &wait_status)));
  EXPECT_EQ(wait_status, ACL_EVENT_WAIT_STATUS_NOT_READY);
  test::DeviceBuffer word(8);
  ASSERT_TRUE(Succeeds(aclrtMemset(word.get(), 8, 0, 8)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(waiter, event)));  // waits for the next record
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(word.get(), 8, 7, 8, waiter)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclrtStreamQuery(waiter, &status)));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  EXPECT_EQ(word.Download<uint8_t>(8), std::vector<uint8_t>(8, 0));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, recorder)));  // the next record releases it
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(waiter)));
  EXPECT_EQ(word.Download<uint8_t>(8), std::vector<uint8_t>(8, 7));

  // A wait for a record that never comes ends when its stream is destroyed: nothing hangs.
  ASSERT_TRUE(Succeeds(aclrtResetEvent(event, recorder)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(recorder, event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(recorder)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(AclResetEvent, OnlyEventsThatHaveWaitTasksAreReset) {
  test::RuntimeSession session;
  aclrtEvent plain = nullptr, sync = nullptr, timeline = nullptr, device_only = nullptr, ex = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&plain)));
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&sync, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE)));
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&timeline, ACL_EVENT_TIME_LINE)));
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&device_only, ACL_EVENT_DEVICE_USE_ONLY)));
  ASSERT_TRUE(Succeeds(aclrtCreateEventExWithFlag(&ex, ACL_EVENT_SYNC)));
  EXPECT_TRUE(Succeeds(aclrtResetEvent(plain, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtResetEvent(sync, nullptr)));  // the default stream
  EXPECT_TRUE(FailsWith(aclrtResetEvent(timeline, session.stream()), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtResetEvent", {"no need to reset the event"}));
  EXPECT_TRUE(FailsWith(aclrtResetEvent(device_only, session.stream()), ACL_ERROR_RT_PARAM_INVALID, "aclrtResetEvent",
                        {"device-only events"}));
  EXPECT_TRUE(FailsWith(aclrtResetEvent(ex, session.stream()), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtResetEvent",
                        {"Current mode does not support"}));
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  EXPECT_TRUE(FailsWith(aclrtResetEvent(plain, persistent), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtResetEvent"));
  EXPECT_TRUE(Succeeds(aclrtResetEvent(sync, persistent)));
  EXPECT_TRUE(FailsWith(aclrtResetEvent(nullptr, session.stream()), ACL_ERROR_INVALID_PARAM, "aclrtResetEvent"));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeDevice()));
  for (aclrtEvent e : {plain, sync, timeline, device_only, ex}) EXPECT_TRUE(Succeeds(aclrtDestroyEvent(e)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

TEST(AclResetEvent, DestroyingAStreamStillWaitsForARecordAlreadyIssued) {
  test::RuntimeSession session;
  aclrtStream recorder = nullptr, waiter = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&recorder)));
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&waiter)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  static std::atomic<bool> recorder_done{false};
  static std::atomic<bool> waiter_saw_recorder_done{false};
  recorder_done = false;
  waiter_saw_recorder_done = false;
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(
      recorder,
      [](void*) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        recorder_done = true;
      },
      nullptr)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, recorder)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(waiter, event)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(
      waiter, [](void*) { waiter_saw_recorder_done = recorder_done.load(); }, nullptr)));
  // Destruction drains the waiter in order: its wait still holds it until the record completes.
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(waiter)));
  EXPECT_TRUE(waiter_saw_recorder_done.load());
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(recorder)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

}  // namespace
