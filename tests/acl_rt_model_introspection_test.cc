// Model introspection: aclmdlRIGetId, aclmdlRIGetStreams, aclmdlRIGetTasksByStream,
// aclmdlRITaskGetType and aclmdlRITaskGetSeqId on captured and built models.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

TEST(AclModelIntrospection, ACapturedModelListsOneStreamAndItsTasksInOrder) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer a(64), b(64);
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 1, 64, stream)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(stream, event)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(b.get(), 64, a.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));

  uint32_t id = 0xFFFFFFFF;
  EXPECT_TRUE(Succeeds(aclmdlRIGetId(model, &id)));
  EXPECT_NE(id, 0xFFFFFFFFu);

  uint32_t count = 0;
  EXPECT_TRUE(Succeeds(aclmdlRIGetStreams(model, nullptr, &count)));
  EXPECT_EQ(count, 1u);
  aclrtStream streams[3] = {nullptr, stream, stream};
  count = 3;
  EXPECT_TRUE(Succeeds(aclmdlRIGetStreams(model, streams, &count)));
  EXPECT_EQ(count, 1u);
  ASSERT_NE(streams[0], nullptr);
  EXPECT_EQ(streams[1], nullptr);  // padded
  EXPECT_EQ(streams[2], nullptr);

  uint32_t tasks_count = 0;
  EXPECT_TRUE(Succeeds(aclmdlRIGetTasksByStream(streams[0], nullptr, &tasks_count)));
  ASSERT_EQ(tasks_count, 4u);
  std::vector<aclmdlRITask> tasks(4);
  EXPECT_TRUE(Succeeds(aclmdlRIGetTasksByStream(streams[0], tasks.data(), &tasks_count)));
  const aclmdlRITaskType expected[] = {ACL_MODEL_RI_TASK_DEFAULT, ACL_MODEL_RI_TASK_EVENT_RECORD,
                                       ACL_MODEL_RI_TASK_EVENT_WAIT, ACL_MODEL_RI_TASK_DEFAULT};
  for (uint32_t i = 0; i < 4; ++i) {
    aclmdlRITaskType type = ACL_MODEL_RI_TASK_KERNEL;
    EXPECT_TRUE(Succeeds(aclmdlRITaskGetType(tasks[i], &type)));
    EXPECT_EQ(type, expected[i]) << i;
    uint32_t seq = 99;
    EXPECT_TRUE(Succeeds(aclmdlRITaskGetSeqId(tasks[i], &seq)));
    EXPECT_EQ(seq, i);
  }

  // Too small an array: what fits is written, 107039.
  std::vector<aclmdlRITask> two(2);
  uint32_t room = 2;
  EXPECT_TRUE(FailsWith(aclmdlRIGetTasksByStream(streams[0], two.data(), &room), ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY,
                        "aclmdlRIGetTasksByStream"));
  EXPECT_EQ(room, 2u);
  EXPECT_EQ(two[0], tasks[0]);
  count = 0;
  aclrtStream untouched = stream;
  EXPECT_TRUE(FailsWith(aclmdlRIGetStreams(model, &untouched, &count), ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY,
                        "aclmdlRIGetStreams"));
  EXPECT_EQ(untouched, stream);

  // Bad handles.
  EXPECT_TRUE(FailsWith(aclmdlRIGetTasksByStream(stream, nullptr, &count), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIGetTasksByStream", {"not a stream of a live model"}));
  EXPECT_TRUE(FailsWith(aclmdlRIGetTasksByStream(nullptr, nullptr, &count), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIGetTasksByStream"));
  int bogus = 0;
  aclmdlRITaskType type;
  EXPECT_TRUE(FailsWith(aclmdlRITaskGetType(&bogus, &type), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskGetType",
                        {"not a task of a live model"}));
  EXPECT_TRUE(FailsWith(aclmdlRITaskGetType(tasks[0], nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskGetType"));
  EXPECT_TRUE(FailsWith(aclmdlRIGetId(nullptr, &id), ACL_ERROR_INVALID_PARAM, "aclmdlRIGetId"));
  EXPECT_TRUE(FailsWith(aclmdlRIGetStreams(model, streams, nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIGetStreams"));

  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  // A destroyed model's handles are refused, never read.
  EXPECT_TRUE(FailsWith(aclmdlRIGetId(model, &id), ACL_ERROR_RT_INVALID_HANDLE, "aclmdlRIGetId"));
  EXPECT_TRUE(FailsWith(aclmdlRITaskGetSeqId(tasks[0], &id), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskGetSeqId"));
  EXPECT_TRUE(FailsWith(aclmdlRIGetTasksByStream(streams[0], nullptr, &count), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIGetTasksByStream"));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(AclModelIntrospection, ABuiltModelListsItsBoundStreamAndHasNoSequenceIds) {
  test::RuntimeSession session;
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  test::DeviceBuffer a(32);
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&model, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRIBindStream(model, persistent, 0)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 32, 0, 32, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIEndTask(model, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIBuildEnd(model, nullptr)));
  aclrtStream stream = nullptr;
  uint32_t count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetStreams(model, &stream, &count)));
  EXPECT_EQ(stream, persistent);
  aclmdlRITask task = nullptr;
  count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetTasksByStream(persistent, &task, &count)));
  uint32_t seq = 0;
  EXPECT_TRUE(FailsWith(aclmdlRITaskGetSeqId(task, &seq), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRITaskGetSeqId",
                        {"captured models"}));
  ASSERT_TRUE(Succeeds(aclmdlRIUnbindStream(model, persistent)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

TEST(AclModelIntrospection, FollowsCannsProductTable) {
  test::RuntimeSession session("Ascend310P3");
  uint32_t count = 0;
  EXPECT_TRUE(FailsWith(aclmdlRIGetTasksByStream(session.stream(), nullptr, &count), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclmdlRIGetTasksByStream", {"Ascend310P3"}));
}

TEST(AclModelIntrospection, EventAndValueTasksGiveTheirParameters) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer word(64), a(64);
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, stream)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEventWithFlag(stream, event, 0, ACL_EVENT_WAIT_DEFAULT)));
  ASSERT_TRUE(Succeeds(aclrtResetEvent(event, stream)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(word.get(), 7, 0, stream)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(word.get(), 7, ACL_STREAM_WAIT_VALUE_EQ, stream)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 0, 64, stream)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  aclrtStream model_stream = nullptr;
  uint32_t count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetStreams(model, &model_stream, &count)));
  std::vector<aclmdlRITask> tasks(6);
  count = 6;
  ASSERT_TRUE(Succeeds(aclmdlRIGetTasksByStream(model_stream, tasks.data(), &count)));

  aclmdlRITaskParams params;
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetParams(tasks[0], &params)));
  EXPECT_EQ(params.type, ACL_MODEL_RI_TASK_EVENT_RECORD);
  EXPECT_EQ(params.eventRecordTaskParams.event, event);
  EXPECT_EQ(params.eventRecordTaskParams.eventFlag, ACL_EVENT_SYNC);
  EXPECT_EQ(params.eventRecordTaskParams.recordFlag, static_cast<uint32_t>(ACL_EVENT_RECORD_DEFAULT));
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetParams(tasks[1], &params)));
  EXPECT_EQ(params.type, ACL_MODEL_RI_TASK_EVENT_WAIT);
  EXPECT_EQ(params.eventWaitTaskParams.event, event);
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetParams(tasks[2], &params)));
  EXPECT_EQ(params.type, ACL_MODEL_RI_TASK_EVENT_RESET);
  EXPECT_EQ(params.eventResetTaskParams.event, event);
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetParams(tasks[3], &params)));
  EXPECT_EQ(params.type, ACL_MODEL_RI_TASK_VALUE_WRITE);
  EXPECT_EQ(params.valueWriteTaskParams.devAddr, word.get());
  EXPECT_EQ(params.valueWriteTaskParams.value, 7u);
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetParams(tasks[4], &params)));
  EXPECT_EQ(params.type, ACL_MODEL_RI_TASK_VALUE_WAIT);
  EXPECT_EQ(params.valueWaitTaskParams.devAddr, word.get());
  EXPECT_EQ(params.valueWaitTaskParams.value, 7u);
  EXPECT_EQ(params.valueWaitTaskParams.flag, ACL_STREAM_WAIT_VALUE_EQ);
  // A fill is a DEFAULT task: no parameters, as CANN.
  EXPECT_TRUE(FailsWith(aclmdlRITaskGetParams(tasks[5], &params), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskGetParams",
                        {"no parameters"}));
  EXPECT_TRUE(FailsWith(aclmdlRITaskGetParams(tasks[0], nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskGetParams"));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

// Regression (review of stop 30): handles of a destroyed model never name a newer model's tasks,
// even where the allocator reuses the old model's memory.
TEST(AclModelIntrospection, HandlesOfADestroyedModelNameNothing) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64);
  auto capture = [&] {
    EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, i, 64, session.stream())));
    aclmdlRI model = nullptr;
    EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
    return model;
  };
  aclmdlRI first = capture();
  aclrtStream old_stream = nullptr;
  uint32_t count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetStreams(first, &old_stream, &count)));
  std::vector<aclmdlRITask> old_tasks(4);
  count = 4;
  ASSERT_TRUE(Succeeds(aclmdlRIGetTasksByStream(old_stream, old_tasks.data(), &count)));
  ASSERT_TRUE(Succeeds(aclmdlRIDestroy(first)));
  aclmdlRI second = capture();
  uint32_t seq = 0;
  EXPECT_TRUE(FailsWith(aclmdlRITaskGetSeqId(old_tasks[2], &seq), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskGetSeqId",
                        {"not a task of a live model"}));
  EXPECT_TRUE(FailsWith(aclmdlRIGetTasksByStream(old_stream, nullptr, &count), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIGetTasksByStream"));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(second)));
}

// Regression: a stream bound to a built model cannot be bound to another until it is unbound.
TEST(AclModelIntrospection, AStreamBelongsToOneBuiltModelAtATime) {
  test::RuntimeSession session;
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  test::DeviceBuffer a(32);
  aclmdlRI first = nullptr, second = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&first, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRIBindStream(first, persistent, 0)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 32, 0, 32, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIEndTask(first, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIBuildEnd(first, nullptr)));
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&second, 0)));
  EXPECT_TRUE(FailsWith(aclmdlRIBindStream(second, persistent, 0), ACL_ERROR_RT_STREAM_CAPTURED, "aclmdlRIBindStream",
                        {"unbind it from its model first"}));
  ASSERT_TRUE(Succeeds(aclmdlRIUnbindStream(first, persistent)));
  EXPECT_TRUE(Succeeds(aclmdlRIBindStream(second, persistent, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRIUnbindStream(second, persistent)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(second)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(first)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

}  // namespace
