// aclrtLaunchCallback run by a subscribed report thread (aclrtSubscribeReport, aclrtProcessReport,
// aclrtUnSubscribeReport), blocking and non-blocking, and aclrtLaunchHostFunc.
#include <gtest/gtest.h>

#include <pthread.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/stream.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

struct Seen {
  std::atomic<int> calls{0};
  std::atomic<uint64_t> thread{0};
};

void RecordCall(void* data) {
  Seen* seen = static_cast<Seen*>(data);
  seen->thread = static_cast<uint64_t>(pthread_self());
  seen->calls.fetch_add(1);
}

uint64_t ThreadIdOf(std::thread& thread) { return static_cast<uint64_t>(thread.native_handle()); }

TEST(AclCallback, BlockingCallbackRunsOnTheReportThreadAndHoldsTheStream) {
  test::RuntimeSession session;
  std::atomic<bool> process{false}, stop{false};
  std::thread reporter([&] {
    while (!stop) {
      if (process) aclrtProcessReport(10);  // 100036 when nothing was due: poll again
      test::TakeErrorMessage();
    }
  });
  const uint64_t reporter_id = ThreadIdOf(reporter);
  ASSERT_TRUE(Succeeds(aclrtSubscribeReport(reporter_id, session.stream())));
  Seen seen;
  test::DeviceBuffer buffer(32);
  ASSERT_TRUE(Succeeds(aclrtLaunchCallback(RecordCall, &seen, ACL_CALLBACK_BLOCK, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 32, 9, 32, session.stream())));
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  EXPECT_TRUE(Succeeds(aclrtStreamQuery(session.stream(), &status)));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);  // held by the unprocessed callback
  EXPECT_EQ(seen.calls.load(), 0);
  process = true;
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(seen.calls.load(), 1);
  EXPECT_EQ(seen.thread.load(), reporter_id);
  EXPECT_EQ(buffer.Download<uint8_t>(32), std::vector<uint8_t>(32, 9));
  EXPECT_TRUE(Succeeds(aclrtUnSubscribeReport(reporter_id, session.stream())));
  stop = true;
  reporter.join();
}

TEST(AclCallback, NonBlockingCallbackLetsTheStreamGoOn) {
  test::RuntimeSession session;
  const uint64_t self = static_cast<uint64_t>(pthread_self());
  ASSERT_TRUE(Succeeds(aclrtSubscribeReport(self, session.stream())));
  Seen seen;
  ASSERT_TRUE(Succeeds(aclrtLaunchCallback(RecordCall, &seen, ACL_CALLBACK_NO_BLOCK, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));  // nobody processed it yet
  EXPECT_EQ(seen.calls.load(), 0);
  EXPECT_TRUE(Succeeds(aclrtProcessReport(-1)));
  EXPECT_EQ(seen.calls.load(), 1);
  EXPECT_EQ(seen.thread.load(), self);
  EXPECT_TRUE(FailsWith(aclrtProcessReport(5), ACL_ERROR_WAIT_CALLBACK_TIMEOUT, "aclrtProcessReport", {"5 ms"}));
  EXPECT_TRUE(Succeeds(aclrtUnSubscribeReport(self, session.stream())));
}

TEST(AclCallback, SubscriptionErrors) {
  test::RuntimeSession session;
  Seen seen;
  EXPECT_TRUE(FailsWith(aclrtLaunchCallback(RecordCall, &seen, ACL_CALLBACK_BLOCK, session.stream()),
                        ACL_ERROR_STREAM_NOT_SUBSCRIBE, "aclrtLaunchCallback", {"aclrtSubscribeReport"}));
  EXPECT_TRUE(FailsWith(aclrtProcessReport(10), ACL_ERROR_THREAD_NOT_SUBSCRIBE, "aclrtProcessReport"));
  EXPECT_TRUE(FailsWith(aclrtProcessReport(0), ACL_ERROR_INVALID_PARAM, "aclrtProcessReport"));
  EXPECT_TRUE(FailsWith(aclrtProcessReport(-2), ACL_ERROR_INVALID_PARAM, "aclrtProcessReport"));
  const uint64_t self = static_cast<uint64_t>(pthread_self());
  ASSERT_TRUE(Succeeds(aclrtSubscribeReport(self, session.stream())));
  EXPECT_TRUE(
      FailsWith(aclrtSubscribeReport(self + 1, session.stream()), ACL_ERROR_REPEAT_SUBSCRIBE, "aclrtSubscribeReport"));
  EXPECT_TRUE(FailsWith(aclrtLaunchCallback(nullptr, &seen, ACL_CALLBACK_BLOCK, session.stream()),
                        ACL_ERROR_INVALID_PARAM, "aclrtLaunchCallback"));
  EXPECT_TRUE(
      FailsWith(aclrtLaunchCallback(RecordCall, &seen, static_cast<aclrtCallbackBlockType>(5), session.stream()),
                ACL_ERROR_INVALID_PARAM, "aclrtLaunchCallback", {"blockType"}));
  EXPECT_TRUE(FailsWith(aclrtUnSubscribeReport(self + 1, session.stream()), ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                        "aclrtUnSubscribeReport"));
  EXPECT_TRUE(Succeeds(aclrtUnSubscribeReport(self, session.stream())));
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtSubscribeReport(self, &bogus), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSubscribeReport"));
}

struct Order {
  std::vector<int> seen;
};

void AppendOne(void* data) { static_cast<Order*>(data)->seen.push_back(1); }

TEST(AclHostFunc, RunsOnTheStreamInIssueOrder) {
  test::RuntimeSession session;
  test::DeviceBuffer buffer(16);
  Order order;
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 16, 4, 16, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(session.stream(), AppendOne, &order)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(session.stream(), AppendOne, &order)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(order.seen, (std::vector<int>{1, 1}));
  EXPECT_TRUE(FailsWith(aclrtLaunchHostFunc(session.stream(), nullptr, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtLaunchHostFunc"));
  int bogus = 0;
  EXPECT_TRUE(
      FailsWith(aclrtLaunchHostFunc(&bogus, AppendOne, &order), ACL_ERROR_RT_INVALID_HANDLE, "aclrtLaunchHostFunc"));
}

// ---- exception callbacks ------------------------------------------------------------------------

struct SeenException {
  uint32_t task, stream, device, code;
};
std::vector<SeenException>& SeenBy(int which) {
  static std::vector<SeenException> seen[2];
  return seen[which];
}
void Record(int which, aclrtExceptionInfo* info) {
  SeenBy(which).push_back({aclrtGetTaskIdFromExceptionInfo(info), aclrtGetStreamIdFromExceptionInfo(info),
                           aclrtGetDeviceIdFromExceptionInfo(info), aclrtGetErrorCodeFromExceptionInfo(info)});
}
void FirstCallback(aclrtExceptionInfo* info) { Record(0, info); }
void SecondCallback(aclrtExceptionInfo* info) { Record(1, info); }

/// Issues a task that fails with `code` on `handle` (through the runtime's own stream), and
/// synchronises: the failure surfaces there.
void FailATask(aclrtStream handle, int code, uint32_t* task_id = nullptr) {
  std::shared_ptr<aclnn_host::Stream> stream;
  ASSERT_EQ(aclnn_host::Runtime::Get().FindStream("test", handle, &stream), ACL_SUCCESS);
  ASSERT_TRUE(stream->Enqueue([code] { return aclnn_host::TaskResult{code, "a task that fails"}; }));
  if (task_id != nullptr) {
    ASSERT_EQ(aclrtGetThreadLastTaskId(task_id), ACL_SUCCESS);
  }
  EXPECT_EQ(aclrtSynchronizeStream(handle), code);
  test::TakeErrorMessage();
}

TEST(AclExceptionCallbacks, EveryCallbackHearsOfAFailedTask) {
  test::RuntimeSession session;
  SeenBy(0).clear();
  SeenBy(1).clear();
  int32_t stream_id = -1;
  ASSERT_TRUE(Succeeds(aclrtStreamGetId(session.stream(), &stream_id)));
  ASSERT_TRUE(Succeeds(aclrtSetExceptionInfoCallback(FirstCallback)));
  ASSERT_TRUE(Succeeds(aclrtExceptionInfoCallbackRegister(SecondCallback)));
  ASSERT_TRUE(Succeeds(aclrtExceptionInfoCallbackRegister(SecondCallback)));  // once, however often registered
  test::DeviceBuffer buffer(64);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 0, 64, session.stream())));  // a task that succeeds
  uint32_t failed_task = 0;
  FailATask(session.stream(), ACL_ERROR_RT_INTERNAL_ERROR, &failed_task);
  ASSERT_EQ(SeenBy(0).size(), 1u);
  ASSERT_EQ(SeenBy(1).size(), 1u);
  EXPECT_EQ(SeenBy(0)[0].stream, static_cast<uint32_t>(stream_id));
  EXPECT_EQ(SeenBy(0)[0].device, 0u);
  EXPECT_EQ(SeenBy(0)[0].code, static_cast<uint32_t>(ACL_ERROR_RT_INTERNAL_ERROR));
  EXPECT_EQ(SeenBy(0)[0].task, failed_task);  // the memset before it was task failed_task - 1
  EXPECT_GE(failed_task, 1u);
  // Unregistered, and the set one cleared with NULL: nobody hears of the next failure.
  ASSERT_TRUE(Succeeds(aclrtExceptionInfoCallbackUnregister(SecondCallback)));
  ASSERT_TRUE(Succeeds(aclrtExceptionInfoCallbackUnregister(SecondCallback)));  // not registered: still success
  ASSERT_TRUE(Succeeds(aclrtSetExceptionInfoCallback(nullptr)));
  FailATask(session.stream(), ACL_ERROR_RT_INTERNAL_ERROR);
  EXPECT_EQ(SeenBy(0).size(), 1u);
  EXPECT_EQ(SeenBy(1).size(), 1u);
  EXPECT_TRUE(FailsWith(aclrtExceptionInfoCallbackRegister(nullptr), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtExceptionInfoCallbackRegister", {"callback is nullptr."}));
  EXPECT_TRUE(FailsWith(aclrtExceptionInfoCallbackUnregister(nullptr), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtExceptionInfoCallbackUnregister", {"callback is nullptr."}));
}

}  // namespace
