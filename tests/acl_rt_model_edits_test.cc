// Edits of a captured model: aclmdlRITaskDisable and aclmdlRITaskSetParams wait in the model until
// aclmdlRIUpdate applies them, with upstream's checks and model states (hicann/runtime
// src/runtime/api/impl/api_impl.cc, capture_model_utils.cc).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

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

// Writes 1 to a word a value wait is polling, from a stream task (an atomic store, as the waits read).
void Release(void* word) {
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(word, 1, 0, other)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(other)));
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

// The tasks of a captured model, in recording order.
std::vector<aclmdlRITask> TasksOf(aclmdlRI model) {
  aclrtStream model_stream = nullptr;
  uint32_t streams = 1;
  EXPECT_TRUE(Succeeds(aclmdlRIGetStreams(model, &model_stream, &streams)));
  uint32_t count = 0;
  EXPECT_TRUE(Succeeds(aclmdlRIGetTasksByStream(model_stream, nullptr, &count)));
  std::vector<aclmdlRITask> tasks(count);
  EXPECT_TRUE(Succeeds(aclmdlRIGetTasksByStream(model_stream, tasks.data(), &count)));
  return tasks;
}

class AclModelEdits : public ::testing::Test {
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
  // Captures [memset(words_[2]), value write 5 to words_[0], copy words_[0] -> words_[3]].
  aclmdlRI CaptureModel() {
    aclrtStream stream = session_.stream();
    EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
    EXPECT_TRUE(Succeeds(aclrtMemsetAsync(words_[2], 8, 0x11, 8, stream)));
    EXPECT_TRUE(Succeeds(aclrtValueWrite(words_[0], 5, 0, stream)));
    EXPECT_TRUE(Succeeds(aclrtMemcpyAsync(words_[3], 8, words_[0], 8, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
    aclmdlRI model = nullptr;
    EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
    return model;
  }
  void RunModel(aclmdlRI model) {
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session_.stream())));
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session_.stream())));
  }
  void ResetWords() {
    for (void* word : words_) WriteWord(word, 0);
  }

  test::RuntimeSession session_;
  void* words_[4] = {};
};

TEST_F(AclModelEdits, ADisabledTaskIsSkippedOnceTheModelIsUpdated) {
  aclmdlRI model = CaptureModel();
  const std::vector<aclmdlRITask> tasks = TasksOf(model);
  ASSERT_EQ(tasks.size(), 3u);
  ASSERT_TRUE(Succeeds(aclmdlRITaskDisable(tasks[1])));  // the value write
  RunModel(model);                                       // not applied yet: the write still runs
  EXPECT_EQ(ReadWord(words_[0]), 5u);
  EXPECT_EQ(ReadWord(words_[3]), 5u);

  ResetWords();
  ASSERT_TRUE(Succeeds(aclmdlRIUpdate(model)));
  RunModel(model);
  EXPECT_EQ(ReadWord(words_[0]), 0u);
  EXPECT_EQ(ReadWord(words_[3]), 0u);                   // the copy after it still runs
  EXPECT_EQ(ReadWord(words_[2]), 0x1111111111111111u);  // and the fill before it
  EXPECT_TRUE(Succeeds(aclmdlRIUpdate(model)));         // nothing left to apply: READY
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclModelEdits, SetParamsRetargetsAValueTaskAndIntrospectionSeesItAtOnce) {
  aclmdlRI model = CaptureModel();
  const std::vector<aclmdlRITask> tasks = TasksOf(model);
  aclmdlRITaskParams params;
  std::memset(&params, 0, sizeof(params));
  params.type = ACL_MODEL_RI_TASK_VALUE_WRITE;
  params.valueWriteTaskParams.devAddr = words_[1];
  params.valueWriteTaskParams.value = 9;
  ASSERT_TRUE(Succeeds(aclmdlRITaskSetParams(tasks[1], &params)));
  aclmdlRITaskParams read;
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetParams(tasks[1], &read)));
  EXPECT_EQ(read.valueWriteTaskParams.devAddr, words_[1]);
  EXPECT_EQ(read.valueWriteTaskParams.value, 9u);

  RunModel(model);  // the model runs what it had until the update
  EXPECT_EQ(ReadWord(words_[0]), 5u);
  EXPECT_EQ(ReadWord(words_[1]), 0u);
  ResetWords();
  ASSERT_TRUE(Succeeds(aclmdlRIUpdate(model)));
  RunModel(model);
  EXPECT_EQ(ReadWord(words_[0]), 0u);
  EXPECT_EQ(ReadWord(words_[1]), 9u);

  // A value write becomes a value wait (CANN converts any task but a DEFAULT one): the model then
  // waits for words_[1] >= 9, which holds.
  std::memset(&params, 0, sizeof(params));
  params.type = ACL_MODEL_RI_TASK_VALUE_WAIT;
  params.valueWaitTaskParams.devAddr = words_[1];
  params.valueWaitTaskParams.value = 9;
  params.valueWaitTaskParams.flag = ACL_STREAM_WAIT_VALUE_GEQ;
  ASSERT_TRUE(Succeeds(aclmdlRITaskSetParams(tasks[1], &params)));
  ASSERT_TRUE(Succeeds(aclmdlRIUpdate(model)));
  aclmdlRITaskType type = ACL_MODEL_RI_TASK_DEFAULT;
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetType(tasks[1], &type)));
  EXPECT_EQ(type, ACL_MODEL_RI_TASK_VALUE_WAIT);
  RunModel(model);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclModelEdits, UpstreamsChecksAndTheFaultState) {
  aclmdlRI model = CaptureModel();
  std::vector<aclmdlRITask> tasks = TasksOf(model);
  aclmdlRITaskParams params;
  std::memset(&params, 0, sizeof(params));
  params.type = ACL_MODEL_RI_TASK_VALUE_WRITE;
  params.valueWriteTaskParams.devAddr = words_[1];

  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskDisable"));
  EXPECT_TRUE(FailsWith(aclmdlRITaskSetParams(nullptr, &params), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskSetParams"));
  EXPECT_TRUE(FailsWith(aclmdlRITaskSetParams(tasks[1], nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskSetParams"));
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIUpdate"));
  EXPECT_TRUE(Succeeds(aclmdlRIUpdate(model)));  // READY, nothing to apply

  // Each bad edit fails with its code and makes the model FAULT for good (upstream's CanUpdate):
  // no later edit or update is taken, and the model runs as it was.
  struct BadEdit {
    aclmdlRITaskType type;
    size_t task;
    size_t op_info_size;
    size_t address_offset;
    aclError code;
    const char* phrase;
  };
  const BadEdit bad_edits[] = {
      {ACL_MODEL_RI_TASK_EVENT_RECORD, 1, 0, 0, ACL_ERROR_RT_PARAM_INVALID,
       "TASK_KERNEL(1) or TASK_VALUE_WRITE(5) or TASK_VALUE_WAIT(6)"},
      {ACL_MODEL_RI_TASK_KERNEL, 1, 0, 0, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "kernel parameters"},
      {ACL_MODEL_RI_TASK_VALUE_WRITE, 1, 4, 0, ACL_ERROR_RT_PARAM_INVALID, "opInfoSize 0"},
      {ACL_MODEL_RI_TASK_VALUE_WRITE, 1, 0, 4, ACL_ERROR_RT_PARAM_INVALID, "8-byte aligned"},
      {ACL_MODEL_RI_TASK_VALUE_WRITE, 0, 0, 0, ACL_ERROR_RT_PARAM_INVALID, "current task type"},
  };
  for (const BadEdit& bad : bad_edits) {
    std::memset(&params, 0, sizeof(params));
    params.type = bad.type;
    params.opInfoSize = bad.op_info_size;
    params.valueWriteTaskParams.devAddr = static_cast<char*>(words_[1]) + bad.address_offset;
    EXPECT_TRUE(
        FailsWith(aclmdlRITaskSetParams(tasks[bad.task], &params), bad.code, "aclmdlRITaskSetParams", {bad.phrase}))
        << bad.phrase;
    params.type = ACL_MODEL_RI_TASK_VALUE_WRITE;
    params.opInfoSize = 0;
    params.valueWriteTaskParams.devAddr = words_[1];
    EXPECT_TRUE(FailsWith(aclmdlRITaskSetParams(tasks[1], &params), ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                          "aclmdlRITaskSetParams", {"status=FAULT"}))
        << bad.phrase;
    EXPECT_TRUE(FailsWith(aclmdlRIUpdate(model), ACL_ERROR_RT_MODEL_UPDATE_FAILED, "aclmdlRIUpdate", {"FAULT"}));
    ResetWords();
    RunModel(model);
    EXPECT_EQ(ReadWord(words_[0]), 5u);
    EXPECT_EQ(ReadWord(words_[1]), 0u);
    EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
    model = CaptureModel();
    tasks = TasksOf(model);
  }

  // A DEFAULT task (the fill) cannot be disabled: FAULT too.
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(tasks[0]), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskDisable",
                        {"RT_TASK_DEFAULT which cannot be reset"}));
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(tasks[1]), ACL_ERROR_RT_MODEL_UPDATE_FAILED, "aclmdlRITaskDisable"));
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(model), ACL_ERROR_RT_MODEL_UPDATE_FAILED, "aclmdlRIUpdate", {"FAULT"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  // A destroyed model's tasks name nothing.
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(tasks[1]), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskDisable"));
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(model), ACL_ERROR_RT_INVALID_HANDLE, "aclmdlRIUpdate"));
}

TEST_F(AclModelEdits, ARunningModelCannotBeEdited) {
  aclrtStream stream = session_.stream();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(words_[0], 1, ACL_STREAM_WAIT_VALUE_EQ, stream)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(words_[1], 7, 0, stream)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  const std::vector<aclmdlRITask> tasks = TasksOf(model);
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));  // waits for words_[0] == 1
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(tasks[1]), ACL_ERROR_RT_MODEL_UPDATE_FAILED, "aclmdlRITaskDisable",
                        {"running or capture state", "RUNNING"}));
  // An update is refused too while the replay runs.
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(model), ACL_ERROR_RT_MODEL_UPDATE_FAILED, "aclmdlRIUpdate", {"RUNNING"}));
  Release(words_[0]);
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(ReadWord(words_[1]), 7u);
  EXPECT_TRUE(Succeeds(aclmdlRITaskDisable(tasks[1])));
  EXPECT_TRUE(Succeeds(aclmdlRIUpdate(model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

// Replays racing with captures begun and ended on the same stream (TSan runs this): each replay
// is issued whole to the queue or recorded whole, so once the stream is synchronised the model is
// not running and can be edited.
TEST_F(AclModelEdits, ReplaysRacingWithCapturesOfTheirStreamLeaveTheModelEditable) {
  aclmdlRI model = CaptureModel();
  const std::vector<aclmdlRITask> tasks = TasksOf(model);
  aclrtStream stream = session_.stream();
  std::thread replays([&] {
    for (int i = 0; i < 200; ++i) aclmdlRIExecuteAsync(model, stream);
  });
  for (int i = 0; i < 100; ++i) {
    if (aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED) != ACL_SUCCESS) continue;
    aclmdlRI captured = nullptr;
    if (aclmdlRICaptureEnd(stream, &captured) == ACL_SUCCESS) aclmdlRIDestroy(captured);
  }
  replays.join();
  test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_TRUE(Succeeds(aclmdlRITaskDisable(tasks[1])));
  EXPECT_TRUE(Succeeds(aclmdlRIUpdate(model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

// A model replayed into a capture is recorded as the inner model's tasks; editing the outer
// model changes its own copy only.
TEST_F(AclModelEdits, EditingAModelThatReplaysAnotherLeavesTheOtherAlone) {
  aclmdlRI inner = CaptureModel();
  aclrtStream stream = session_.stream();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(inner, stream)));
  aclmdlRI outer = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &outer)));
  const std::vector<aclmdlRITask> outer_tasks = TasksOf(outer);
  ASSERT_EQ(outer_tasks.size(), 3u);
  ASSERT_TRUE(Succeeds(aclmdlRITaskDisable(outer_tasks[1])));
  ASSERT_TRUE(Succeeds(aclmdlRIUpdate(outer)));
  RunModel(outer);
  EXPECT_EQ(ReadWord(words_[0]), 0u);
  RunModel(inner);
  EXPECT_EQ(ReadWord(words_[0]), 5u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(outer)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(inner)));
}

TEST_F(AclModelEdits, BuiltModelsAreNotCapturedOnesAndInferencePartsHaveNoEdits) {
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&model, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRIBindStream(model, persistent, 0)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(words_[0], 3, 0, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIEndTask(model, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIBuildEnd(model, nullptr)));
  const std::vector<aclmdlRITask> tasks = TasksOf(model);
  ASSERT_FALSE(tasks.empty());
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(tasks[0]), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRITaskDisable",
                        {"Non ACL Graph mode"}));
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(model), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIUpdate"));
  EXPECT_TRUE(Succeeds(aclmdlRIUnbindStream(model, persistent)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

TEST(AclModelEditsProducts, AtlasInferenceHasNoEdits) {
  test::RuntimeSession session("Ascend310P3");
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(model), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIUpdate"));
  int task = 0;
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(&task), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRITaskDisable"));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

}  // namespace
