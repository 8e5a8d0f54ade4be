// aclmdlRIAbort: a model's running replays stop (their tasks not yet started are dropped, a wait
// among them ends), the stream reports ACL_ERROR_RT_MODEL_ABORT_NORMAL, and the model runs again
// afterwards (hicann/runtime api_error.cc and api_impl.cc ModelAbort, model.cc Model::ModelAbort).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

uint64_t ReadWord(void* word) {
  uint64_t value = 0;
  EXPECT_TRUE(Succeeds(aclrtMemcpy(&value, 8, word, 8, ACL_MEMCPY_DEVICE_TO_HOST)));
  return value;
}

void WriteWord(void* word, uint64_t value) {
  ASSERT_TRUE(Succeeds(aclrtMemcpy(word, 8, &value, 8, ACL_MEMCPY_HOST_TO_DEVICE)));
}

class AclModelAbort : public ::testing::Test {
 protected:
  void SetUp() override {
    for (void*& word : words_) {
      ASSERT_TRUE(Succeeds(aclrtMalloc(&word, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
      WriteWord(word, 0);
    }
  }
  void TearDown() override {
    for (void* word : words_) aclrtFree(word);
  }
  // Captures [wait until words_[0] == 1, write 7 to words_[1]].
  aclmdlRI CaptureGatedWrite() {
    aclrtStream stream = session_.stream();
    EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
    EXPECT_TRUE(Succeeds(aclrtValueWait(words_[0], 1, ACL_STREAM_WAIT_VALUE_EQ, stream)));
    EXPECT_TRUE(Succeeds(aclrtValueWrite(words_[1], 7, 0, stream)));
    aclmdlRI model = nullptr;
    EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
    return model;
  }
  test::RuntimeSession session_;
  void* words_[2] = {};
};

TEST_F(AclModelAbort, AWaitingReplayStopsAndItsLaterTasksAreDropped) {
  aclmdlRI model = CaptureGatedWrite();
  aclrtStream runner = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&runner)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, runner)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the wait has started
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclrtStreamQuery(runner, &status)));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  ASSERT_TRUE(Succeeds(aclmdlRIAbort(model)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(runner), ACL_ERROR_RT_MODEL_ABORT_NORMAL, "aclrtSynchronizeStream",
                        {"model abort normal", "aclmdlRIAbort"}));
  EXPECT_EQ(ReadWord(words_[1]), 0u);  // the write after the wait never ran
  // No longer running: it can be updated, and it runs again in full.
  EXPECT_TRUE(Succeeds(aclmdlRIUpdate(model)));
  WriteWord(words_[0], 1);
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, runner)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(runner)));
  EXPECT_EQ(ReadWord(words_[1]), 7u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(runner)));
}

TEST_F(AclModelAbort, QueuedReplaysAreDroppedWholeAndOtherWorkRuns) {
  aclmdlRI model = CaptureGatedWrite();
  aclrtStream runner = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&runner)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, runner)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, runner)));
  // Work of the stream's own after the replays is not the model's: it runs.
  void* other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&other, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  WriteWord(other, 0);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(other, 8, 0x22, 1, runner)));
  ASSERT_TRUE(Succeeds(aclmdlRIAbort(model)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(runner), ACL_ERROR_RT_MODEL_ABORT_NORMAL, "aclrtSynchronizeStream"));
  EXPECT_EQ(ReadWord(other), 0x22u);
  EXPECT_EQ(ReadWord(words_[1]), 0u);  // neither replay's write ran
  EXPECT_TRUE(Succeeds(aclrtFree(other)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(runner)));  // the failure was consumed
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(runner)));
}

TEST_F(AclModelAbort, AnIdleModelIsUnaffected) {
  aclmdlRI model = CaptureGatedWrite();
  ASSERT_TRUE(Succeeds(aclmdlRIAbort(model)));  // nothing runs: nothing to stop
  WriteWord(words_[0], 1);
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session_.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session_.stream())));
  EXPECT_EQ(ReadWord(words_[1]), 7u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclModelAbort, ChecksInUpstreamsOrder) {
  EXPECT_TRUE(FailsWith(aclmdlRIAbort(nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIAbort", {"modelRI is nullptr"}));
  aclmdlRI model = CaptureGatedWrite();
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(FailsWith(aclmdlRIAbort(model), ACL_ERROR_RT_INVALID_HANDLE, "aclmdlRIAbort", {"not a live model"}));
}

TEST(AclModelAbortContexts, AModelOfAnotherDeviceIsRefused) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  test::RuntimeSession session;
  void* word = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&word, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(word, 1, 0, session.stream())));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));
  EXPECT_TRUE(FailsWith(aclmdlRIAbort(model), ACL_ERROR_RT_MODEL_CONTEXT, "aclmdlRIAbort",
                        {"belongs to device 0", "current device is 1"}));
  ASSERT_TRUE(Succeeds(aclrtResetDevice(1)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclmdlRIAbort(model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtFree(word)));
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

// An abort racing with replays being issued and run on two streams: every replay either runs
// whole or is dropped, and nothing hangs (TSan runs this).
TEST_F(AclModelAbort, RacingWithReplays) {
  WriteWord(words_[0], 1);  // the gate is open: replays run straight through
  aclmdlRI model = CaptureGatedWrite();
  aclrtStream streams[2] = {};
  for (aclrtStream& stream : streams) ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  std::thread issuer([&] {
    aclrtSetDevice(0);
    for (int i = 0; i < 200; ++i) aclmdlRIExecuteAsync(model, streams[i % 2]);
  });
  for (int i = 0; i < 20; ++i) {
    EXPECT_TRUE(Succeeds(aclmdlRIAbort(model)));
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  issuer.join();
  for (aclrtStream stream : streams) {
    const aclError result = aclrtSynchronizeStream(stream);
    EXPECT_TRUE(result == ACL_SUCCESS || result == ACL_ERROR_RT_MODEL_ABORT_NORMAL) << result;
    test::TakeErrorMessage();
  }
  EXPECT_TRUE(Succeeds(aclmdlRIUpdate(model)));  // nothing runs any more
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  for (aclrtStream stream : streams) EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
}

}  // namespace
