// Stream capture: aclmdlRICaptureBegin / GetInfo / End, aclmdlRIExecuteAsync, aclmdlRIExecute,
// aclmdlRIDestroy and aclmdlRICaptureThreadExchangeMode, with the codes upstream's runtime returns.
#include <gtest/gtest.h>

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

std::vector<float> Download(const test::DeviceBuffer& buffer, size_t count) { return buffer.Download<float>(count); }

// Runs aclnnHardswish(self) into out on `stream` (captured when the stream captures).
void IssueHardswish(const test::DeviceBuffer& self, const test::DeviceBuffer& out, int64_t count, aclrtStream stream) {
  test::Layout layout;
  layout.view = {count};
  test::Tensor x(layout, self.get()), y(layout, out.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnHardswishGetWorkspaceSize(x.get(), y.get(), &workspace_size, &executor), ACLNN_SUCCESS);
  ASSERT_EQ(aclnnHardswish(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
}

TEST(AclCapture, CapturedTasksRunOnlyWhenTheModelRunsAndReadMemoryThen) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer src(64), dst(64), filled(64);
  src.Upload(std::vector<float>(16, 1.0f));
  dst.Upload(std::vector<float>(16, 0.0f));
  filled.Upload(std::vector<float>(16, 0.0f));

  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(dst.get(), 64, src.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(filled.get(), 64, 0x3F, 64, stream)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  ASSERT_NE(model, nullptr);
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(Download(dst, 16), std::vector<float>(16, 0.0f));  // recorded, not run
  EXPECT_EQ(Download(filled, 16), std::vector<float>(16, 0.0f));

  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(Download(dst, 16), std::vector<float>(16, 1.0f));
  std::vector<uint8_t> bytes = filled.Download<uint8_t>(64);
  EXPECT_EQ(bytes, std::vector<uint8_t>(64, 0x3F));

  // A replay reads what the memory holds when it runs, like a model on the NPU.
  src.Upload(std::vector<float>(16, 2.5f));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(Download(dst, 16), std::vector<float>(16, 2.5f));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclCapture, ACapturedOperatorRunGivesWhatADirectRunGives) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  const int64_t count = 4096;
  std::vector<float> first(count), second(count);
  for (int64_t i = 0; i < count; ++i) {
    first[i] = -6.0f + 12.0f * static_cast<float>(i) / count;
    second[i] = 5.0f - 0.003f * static_cast<float>(i);
  }
  test::DeviceBuffer self(count * 4), out(count * 4), direct(count * 4);
  // The reference: the same operator run directly on the second input.
  self.Upload(second);
  IssueHardswish(self, direct, count, stream);
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));

  self.Upload(first);
  out.Upload(std::vector<float>(count, -1.0f));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL)));
  IssueHardswish(self, out, count, stream);  // the executor goes; the captured run keeps its plan
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(Download(out, count), std::vector<float>(count, -1.0f));

  self.Upload(second);
  ASSERT_TRUE(Succeeds(aclmdlRIExecute(model, -1)));  // on the model's own stream, waited for
  EXPECT_EQ(Download(out, count), Download(direct, count));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclCapture, EachReplayRecordsTheEventAgainAndWaitsForTheLatestRecord) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream(), writer = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&writer)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  test::DeviceBuffer flag(8);
  ASSERT_TRUE(Succeeds(aclrtMemset(flag.get(), 8, 0, 8)));

  // The model: wait until flag >= 1, then record the event.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(flag.get(), 1, ACL_STREAM_WAIT_VALUE_GEQ, stream)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(Succeeds(aclrtQueryEventStatus(event, &status)));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);  // the replay's record waits behind the value
  ASSERT_TRUE(Succeeds(aclrtValueWrite(flag.get(), 1, 0, writer)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  ASSERT_TRUE(Succeeds(aclrtQueryEventStatus(event, &status)));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);

  // A wait captured on another stream targets the record that is latest when the replay is issued.
  aclrtStream follower = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&follower)));
  test::DeviceBuffer copied(8);
  ASSERT_TRUE(Succeeds(aclrtMemset(copied.get(), 8, 0, 8)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(follower, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(follower, event)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(copied.get(), 8, flag.get(), 8, ACL_MEMCPY_DEVICE_TO_DEVICE, follower)));
  aclmdlRI follow = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(follower, &follow)));
  ASSERT_TRUE(Succeeds(aclrtMemset(flag.get(), 8, 0, 8)));     // before the writer can write 9
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));  // waits for flag >= 1 again
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(follow, follower)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  aclrtStreamStatus follower_status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclrtStreamQuery(follower, &follower_status)));
  EXPECT_EQ(follower_status, ACL_STREAM_STATUS_NOT_READY);
  ASSERT_TRUE(Succeeds(aclrtValueWrite(flag.get(), 9, 0, writer)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(follower)));
  EXPECT_EQ(copied.Download<uint64_t>(1)[0], 9u);

  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(follow)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(follower)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(writer)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(AclCapture, GetInfoReportsTheCaptureAndTheHandleEndReturns) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
  aclmdlRI during = reinterpret_cast<aclmdlRI>(0x1);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(stream, &status, &during)));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
  EXPECT_EQ(during, nullptr);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(stream, &status, &during)));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
  ASSERT_NE(during, nullptr);
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(during, nullptr), ACL_ERROR_RT_MODEL_CAPTURED, "aclmdlRIExecuteAsync",
                        {"still being captured"}));
  EXPECT_TRUE(
      FailsWith(aclmdlRIDestroy(during), ACL_ERROR_RT_MODEL_CAPTURED, "aclmdlRIDestroy", {"aclmdlRICaptureEnd"}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_EQ(model, during);
  EXPECT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));  // an empty model runs
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroy(model), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIDestroy", {"not a live model"}));
}

TEST(AclCapture, ACapturingStreamCannotBeSynchronisedQueriedOrDestroyed) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_ERROR_RT_STREAM_CAPTURED,
                        "aclmdlRICaptureBegin", {"already in capture status"}));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream), ACL_ERROR_RT_STREAM_CAPTURED, "aclrtSynchronizeStream",
                        {"during the capture stage is not supported"}));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStreamWithTimeout(stream, 10), ACL_ERROR_RT_STREAM_CAPTURED,
                        "aclrtSynchronizeStreamWithTimeout"));
  aclrtStreamStatus query = ACL_STREAM_STATUS_COMPLETE;
  EXPECT_TRUE(FailsWith(aclrtStreamQuery(stream, &query), ACL_ERROR_RT_STREAM_CAPTURED, "aclrtStreamQuery"));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeDevice(), ACL_ERROR_RT_STREAM_CAPTURED, "aclrtSynchronizeDevice"));
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(stream), ACL_ERROR_RT_STREAM_CAPTURED, "aclrtDestroyStream"));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureEnd(stream, &model), ACL_ERROR_RT_STREAM_NOT_CAPTURED, "aclmdlRICaptureEnd",
                        {"not in capture status"}));
  EXPECT_NE(model, nullptr);  // untouched: upstream's runtime writes it only when a root capture ends
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
}

TEST(AclCapture, SynchronousCopiesFollowTheCaptureModes) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer buffer(64);
  std::vector<uint8_t> host(64, 1);
  auto copy = [&] { return aclrtMemcpy(buffer.get(), 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE); };

  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(FailsWith(copy(), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, "aclrtMemcpy", {"Synchronous memory copy"}));
  EXPECT_TRUE(FailsWith(aclrtMemset(buffer.get(), 64, 0, 64), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, "aclrtMemset"));
  // Another thread is refused too in GLOBAL mode.
  aclError other_thread = ACL_SUCCESS;
  std::thread([&] {
    aclrtSetDevice(0);
    other_thread = copy();
    test::TakeErrorMessage();
    aclrtResetDevice(0);
  }).join();
  EXPECT_EQ(other_thread, ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
  // A thread whose exchange mode is RELAXED may.
  aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureThreadExchangeMode(&mode)));
  EXPECT_EQ(mode, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);  // the default it replaced
  EXPECT_TRUE(Succeeds(copy()));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureThreadExchangeMode(&mode)));
  EXPECT_EQ(mode, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_TRUE(Succeeds(copy()));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));

  // THREAD_LOCAL: only the capturing thread is refused.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL)));
  EXPECT_TRUE(FailsWith(copy(), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, "aclrtMemcpy"));
  std::thread([&] {
    aclrtSetDevice(0);
    other_thread = copy();
    test::TakeErrorMessage();
    aclrtResetDevice(0);
  }).join();
  EXPECT_EQ(other_thread, ACL_SUCCESS);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclCapture, EndingOnAnotherThreadDiscardsTheCaptureUnlessRelaxed) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  aclError ended = ACL_SUCCESS;
  aclmdlRI model = reinterpret_cast<aclmdlRI>(0x1);
  std::string message;
  std::thread([&] {
    aclrtSetDevice(0);
    ended = aclmdlRICaptureEnd(stream, &model);
    message = test::TakeErrorMessage();
    aclrtResetDevice(0);
  }).join();
  EXPECT_EQ(ended, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD) << message;
  EXPECT_NE(message.find("wrong thread"), std::string::npos) << message;
  EXPECT_EQ(model, nullptr);
  aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(stream, &status, nullptr)));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);

  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  std::thread([&] {
    aclrtSetDevice(0);
    ended = aclmdlRICaptureEnd(stream, &model);
    message = test::TakeErrorMessage();
    aclrtResetDevice(0);
  }).join();
  EXPECT_EQ(ended, ACL_SUCCESS) << message;
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclCapture, AReplayOfFreedMemoryIssuesNothingAndFreeingNeverWaitsForTheModel) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer src(64), kept(64);
  void* doomed = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&doomed, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  src.Upload(std::vector<float>(16, 3.0f));
  kept.Upload(std::vector<float>(16, 0.0f));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(kept.get(), 64, src.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(doomed, 64, src.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_TRUE(Succeeds(aclrtFree(doomed)));  // returns at once: the model holds no pin
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(model, stream), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIExecuteAsync",
                        {"task 1 of the model cannot run"}));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(Download(kept, 16), std::vector<float>(16, 0.0f));  // the first task was not issued either
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclCapture, AValueWaitReplayedOnAnotherStreamEndsWhenThatStreamIsAborted) {
  test::RuntimeSession session;
  aclrtStream capturing = nullptr, runner = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&capturing)));
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&runner)));
  test::DeviceBuffer flag(8);
  ASSERT_TRUE(Succeeds(aclrtMemset(flag.get(), 8, 0, 8)));
  static std::atomic<bool> started{false};
  started = false;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(capturing, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(
      capturing, [](void*) { started = true; }, nullptr)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(flag.get(), 1, ACL_STREAM_WAIT_VALUE_EQ, capturing)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(capturing, &model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(capturing)));  // the model outlives the stream it was captured on
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, runner)));
  while (!started) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the wait, next on the worker, has begun
  EXPECT_TRUE(Succeeds(aclrtStreamAbort(runner)));             // ends the unmet wait of the runner's task
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(runner)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(runner)));
}

TEST(AclCapture, AStreamDestroyedByADeviceResetInvalidatesItsCapture) {
  setenv("ACLNN_HOST_SOC", "Ascend910B3", 1);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(stream, nullptr, &model)));
  ASSERT_TRUE(Succeeds(aclrtResetDevice(0)));     // the last reference: the stream goes
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));  // no longer capturing: it may go
  // A synchronous copy is not refused by a capture that died with its stream.
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  std::vector<uint8_t> host(8, 0);
  void* device = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&device, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  EXPECT_TRUE(Succeeds(aclrtMemcpy(device, 8, host.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE)));
  EXPECT_TRUE(Succeeds(aclrtFree(device)));
  aclrtResetDevice(0);
  aclFinalize();
  unsetenv("ACLNN_HOST_SOC");
}

TEST(AclCapture, BadArgumentsGetUpstreamsCodes) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  EXPECT_TRUE(FailsWith(aclmdlRICaptureBegin(nullptr, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICaptureBegin", {"stream is nullptr"}));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureBegin(stream, static_cast<aclmdlRICaptureMode>(3)), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRICaptureBegin", {"mode 3"}));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureGetInfo(stream, nullptr, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICaptureGetInfo", {"cannot both be nullptr"}));
  // NULL modelRI: upstream's runtime checks it only when a root capture ends (not capturing: 107029).
  EXPECT_TRUE(FailsWith(aclmdlRICaptureEnd(stream, nullptr), ACL_ERROR_RT_STREAM_NOT_CAPTURED, "aclmdlRICaptureEnd"));
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(nullptr, stream), ACL_ERROR_INVALID_PARAM, "aclmdlRIExecuteAsync"));
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(reinterpret_cast<aclmdlRI>(0x40), stream), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIExecuteAsync", {"not a live model"}));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroy(nullptr), ACL_ERROR_INVALID_PARAM, "aclmdlRIDestroy"));
  aclmdlRICaptureMode mode = static_cast<aclmdlRICaptureMode>(7);
  EXPECT_TRUE(FailsWith(aclmdlRICaptureThreadExchangeMode(&mode), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRICaptureThreadExchangeMode"));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureThreadExchangeMode(nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICaptureThreadExchangeMode"));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_TRUE(FailsWith(aclmdlRIExecute(model, 0), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIExecute", {"timeout 0"}));
  EXPECT_TRUE(FailsWith(aclmdlRIExecute(model, -2), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIExecute"));
  EXPECT_TRUE(Succeeds(aclmdlRIExecute(model, 1000)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclModelBuild, ABuiltModelRecordsItsStreamUntilBuildEndAndRunsWhenExecuted) {
  test::RuntimeSession session;
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  test::DeviceBuffer src(32), dst(32);
  src.Upload(std::vector<float>(8, 4.0f));
  dst.Upload(std::vector<float>(8, 0.0f));

  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&model, 0)));
  EXPECT_TRUE(FailsWith(aclmdlRIBindStream(model, session.stream(), 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIBindStream", {"ACL_STREAM_PERSISTENT"}));
  aclrtStream device_only = nullptr;
  ASSERT_TRUE(
      Succeeds(aclrtCreateStreamWithConfig(&device_only, 0, ACL_STREAM_PERSISTENT | ACL_STREAM_DEVICE_USE_ONLY)));
  EXPECT_TRUE(FailsWith(aclmdlRIBindStream(model, device_only, 0), ACL_ERROR_RT_INTERNAL_ERROR, "aclmdlRIBindStream",
                        {"with the flag ACL_STREAM_DEVICE_USE_ONLY cannot be bound to a model"}));
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(device_only)));
  EXPECT_TRUE(FailsWith(aclmdlRIBindStream(model, persistent, 0x7FFFFFFF), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclmdlRIBindStream", {"ACL_MODEL_STREAM_FLAG_DEFAULT"}));
  ASSERT_TRUE(Succeeds(aclmdlRIBindStream(model, persistent, 0)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(dst.get(), 32, src.get(), 32, ACL_MEMCPY_DEVICE_TO_DEVICE, persistent)));
  EXPECT_TRUE(
      FailsWith(aclmdlRIBuildEnd(model, nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIBuildEnd", {"aclmdlRIEndTask"}));
  EXPECT_TRUE(
      FailsWith(aclmdlRIExecute(model, -1), ACL_ERROR_RT_MODEL_CAPTURED, "aclmdlRIExecute", {"still being built"}));
  ASSERT_TRUE(Succeeds(aclmdlRIEndTask(model, persistent)));
  int reserved = 0;
  EXPECT_TRUE(FailsWith(aclmdlRIBuildEnd(model, &reserved), ACL_ERROR_INVALID_PARAM, "aclmdlRIBuildEnd"));
  ASSERT_TRUE(Succeeds(aclmdlRIBuildEnd(model, nullptr)));
  EXPECT_EQ(Download(dst, 8), std::vector<float>(8, 0.0f));  // recorded, not run

  ASSERT_TRUE(Succeeds(aclmdlRIExecute(model, 1000)));
  EXPECT_EQ(Download(dst, 8), std::vector<float>(8, 4.0f));
  // After the build the stream runs its own work again.
  dst.Upload(std::vector<float>(8, 0.0f));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(dst.get(), 32, src.get(), 32, ACL_MEMCPY_DEVICE_TO_DEVICE, persistent)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(persistent)));
  EXPECT_EQ(Download(dst, 8), std::vector<float>(8, 4.0f));

  ASSERT_TRUE(Succeeds(aclmdlRIUnbindStream(model, persistent)));
  EXPECT_TRUE(FailsWith(aclmdlRIUnbindStream(model, persistent), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIUnbindStream",
                        {"is not bound to the model"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

TEST(AclModelBuild, NamesAndDebugDumpsDescribeTheModel) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer self(64), out(64);
  self.Upload(std::vector<float>(16, 1.0f));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  IssueHardswish(self, out, 16, stream);
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(out.get(), 64, 0, 64, stream)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));

  char name[8] = "xxxxxxx";
  ASSERT_TRUE(Succeeds(aclmdlRIGetName(model, sizeof(name), name)));
  EXPECT_STREQ(name, "");
  ASSERT_TRUE(Succeeds(aclmdlRISetName(model, "forward-graph")));
  ASSERT_TRUE(Succeeds(aclmdlRIGetName(model, sizeof(name), name)));
  EXPECT_STREQ(name, "forward");  // cut to maxLen - 1
  EXPECT_TRUE(FailsWith(aclmdlRIGetName(model, 0, name), ACL_ERROR_INVALID_PARAM, "aclmdlRIGetName"));

  testing::internal::CaptureStdout();
  ASSERT_EQ(aclmdlRIDebugPrint(model), ACL_SUCCESS);
  const std::string text = testing::internal::GetCapturedStdout();
  EXPECT_NE(text.find("task_id=0, task_type=KERNEL_AIVEC, name="), std::string::npos) << text;
  EXPECT_NE(text.find("task_id=1, task_type=EVENT_RECORD."), std::string::npos) << text;
  EXPECT_NE(text.find("task_id=2, task_type=MEMSET_ASYNC."), std::string::npos) << text;

  const std::string path = ::testing::TempDir() + "aclmdlri_" + std::to_string(getpid()) + ".json";
  ASSERT_TRUE(Succeeds(aclmdlRIDebugJsonPrint(model, path.c_str(), 0)));
  std::ifstream file(path);
  const std::string json((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::remove(path.c_str());
  EXPECT_EQ(json.front(), '[');
  EXPECT_EQ(json.back(), ']');
  EXPECT_NE(json.find("\"ph\":\"X\",\"args\":{\"Model Id\":"), std::string::npos) << json;
  EXPECT_NE(json.find("\"Task Id\":1,\"Task Type\":\"EVENT_RECORD\"}"), std::string::npos) << json;
  EXPECT_NE(json.find(" aclGraph\",\"tid\":\"stream"), std::string::npos) << json;
  EXPECT_TRUE(FailsWith(aclmdlRIDebugJsonPrint(model, "/nonexistent-dir/x.json", 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIDebugJsonPrint", {"Failed to open the JSON file path"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(AclCapture, AtlasTrainingAnd310BPartsHaveNoModelRunInstances) {
  for (const char* soc : {"Ascend910A", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    EXPECT_TRUE(FailsWith(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRICaptureBegin", {"not on "}))
        << soc;
    aclmdlRI model = nullptr;
    EXPECT_TRUE(FailsWith(aclmdlRIBuildBegin(&model, 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIBuildBegin"))
        << soc;
  }
  test::RuntimeSession inference("Ascend310P3");
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(inference.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(inference.stream(), &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclCapture, AReplayIntoACapturingStreamIsCapturedWithItsIssueDecisions) {
  test::RuntimeSession session;
  aclrtStream outer = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&outer)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  aclmdlRI inner = nullptr, nested = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &inner)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(outer, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(inner, outer)));  // recorded into the outer capture
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(outer, &nested)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));  // no record was begun by the capture: nothing pending
  for (int replay = 0; replay < 2; ++replay) {
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(nested, outer)));
    ASSERT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));  // each replay's record completes
  }
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  ASSERT_TRUE(Succeeds(aclrtQueryEventStatus(event, &status)));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(nested)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(inner)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(outer)));
}

TEST(AclModelBuild, AStreamBoundToABuildIsNotACaptureAndAModelInBuildCanGo) {
  test::RuntimeSession session;
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&model, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRIBindStream(model, persistent, 0)));
  aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
  aclmdlRI reported = reinterpret_cast<aclmdlRI>(0x1);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(persistent, &status, &reported)));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
  EXPECT_EQ(reported, nullptr);
  aclmdlRI ended = nullptr;
  EXPECT_TRUE(
      FailsWith(aclmdlRICaptureEnd(persistent, &ended), ACL_ERROR_RT_STREAM_NOT_CAPTURED, "aclmdlRICaptureEnd"));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));  // in the middle of its build
  // The stream records nothing any more: its own work runs.
  test::DeviceBuffer word(8);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(word.get(), 8, 5, 8, persistent)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(persistent)));
  EXPECT_EQ(word.Download<uint8_t>(8), std::vector<uint8_t>(8, 5));
  aclmdlRI unbound = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&unbound, 0)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(unbound)));  // never bound
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

TEST(AclCapture, ABlockingCallbackNobodyProcessesEndsWithTheModelsStream) {
  test::RuntimeSession session;
  const uint64_t self = static_cast<uint64_t>(pthread_self());
  ASSERT_TRUE(Succeeds(aclrtSubscribeReport(self, session.stream())));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtLaunchCallback([](void*) {}, nullptr, ACL_CALLBACK_BLOCK, session.stream())));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  ASSERT_TRUE(Succeeds(aclrtUnSubscribeReport(self, session.stream())));
  // Nobody processes the replayed callback: the run times out, and the model (with the stream it
  // runs on) still goes without hanging.
  EXPECT_TRUE(FailsWith(aclmdlRIExecute(model, 50), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "aclmdlRIExecute"));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

}  // namespace

namespace {

// Holds a stream on a host function until the test releases it.
struct Gate {
  std::atomic<bool> open{false};
  static void Hold(void* self) {
    while (!static_cast<Gate*>(self)->open.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
};

// Upstream's sample model_ri/4_model_sync_external, third case: one model records an external
// event, another waits for it; the second's copy must not run before the first's.
TEST(AclCaptureExternalEvents, AModelWaitsForAnotherModelsExternalRecord) {
  test::RuntimeSession session;
  aclrtStream first = session.stream(), second = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&second)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC)));
  test::DeviceBuffer src(64), mid(64), dst(64);
  src.Upload(std::vector<float>(16, 3.0f));
  mid.Upload(std::vector<float>(16, 0.0f));
  dst.Upload(std::vector<float>(16, 0.0f));

  aclmdlRI producer = nullptr, consumer = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(first, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(mid.get(), 64, src.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, first)));
  ASSERT_TRUE(Succeeds(aclrtRecordEventWithFlag(event, first, ACL_EVENT_RECORD_EXTERNAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(first, &producer)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(second, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEventWithFlag(second, event, 0, ACL_EVENT_WAIT_EXTERNAL)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(dst.get(), 64, mid.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, second)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(second, &consumer)));

  Gate gate;
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(first, Gate::Hold, &gate)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(producer, first)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(consumer, second)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclrtStreamQuery(second, &status)));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);  // held by the wait for the producer's record
  gate.open = true;
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(second)));
  EXPECT_EQ(Download(dst, 16), std::vector<float>(16, 3.0f));

  // A record made outside any model releases the consumer too (the sample's first case).
  src.Upload(std::vector<float>(16, 0.0f));
  mid.Upload(std::vector<float>(16, 5.0f));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, first)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(consumer, second)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(second)));
  EXPECT_EQ(Download(dst, 16), std::vector<float>(16, 5.0f));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(first)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(producer)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(consumer)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(second)));
}

TEST(AclCaptureExternalEvents, UpstreamsChecksApply) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC)));
  const char* record = "aclrtRecordEventWithFlag";
  const char* wait = "aclrtStreamWaitEventWithFlag";
  EXPECT_TRUE(FailsWith(aclrtRecordEventWithFlag(event, stream, ACL_EVENT_RECORD_EXTERNAL),
                        ACL_ERROR_RT_STREAM_NOT_CAPTURED, record, {"capture"}));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithFlag(stream, event, 0, ACL_EVENT_WAIT_EXTERNAL),
                        ACL_ERROR_RT_STREAM_NOT_CAPTURED, wait, {"capture"}));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithFlag(stream, event, 10, ACL_EVENT_WAIT_EXTERNAL),
                        ACL_ERROR_INVALID_PARAM, wait, {"timeout"}));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithFlag(stream, event, 0, 2), ACL_ERROR_INVALID_PARAM, wait, {"flag"}));
  EXPECT_TRUE(FailsWith(aclrtRecordEventWithFlag(event, stream, 2), ACL_ERROR_INVALID_PARAM, record, {"flag"}));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithFlag(stream, nullptr, 0, ACL_EVENT_WAIT_DEFAULT),
                        ACL_ERROR_INVALID_PARAM, wait, {"event"}));
  EXPECT_TRUE(FailsWith(aclrtRecordEventWithFlag(nullptr, stream, ACL_EVENT_RECORD_DEFAULT), ACL_ERROR_INVALID_PARAM,
                        record, {"event"}));
  // ACL_EVENT_WAIT_DEFAULT outside a capture is an ordinary wait (0: no bound).
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream)));
  EXPECT_TRUE(Succeeds(aclrtStreamWaitEventWithFlag(stream, event, 0, ACL_EVENT_WAIT_DEFAULT)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(AclCaptureExternalEvents, AtlasInferenceCapturesButHasNoExternalEvents) {
  test::RuntimeSession session("Ascend310P3");
  aclrtStream stream = session.stream();
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithFlag(stream, event, 0, ACL_EVENT_WAIT_EXTERNAL),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtStreamWaitEventWithFlag", {"Ascend310P3"}));
  EXPECT_TRUE(FailsWith(aclrtRecordEventWithFlag(event, stream, ACL_EVENT_RECORD_EXTERNAL),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtRecordEventWithFlag", {"Ascend310P3"}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

}  // namespace
