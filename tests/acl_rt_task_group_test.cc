// Task groups of a captured model: aclmdlRICaptureTaskGrpBegin/End record operator runs that
// aclmdlRICaptureTaskUpdateBegin/End later replace, one for one, in the update stream's order;
// upstream's checks and codes (hicann/runtime src/runtime/feature/aclgraph). Also the stand-in
// extension (aclnnHostLaunchOperatorStandIn), whose tasks are kernels for the groups.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnn_host/stand_in.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_relu.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

constexpr int64_t kCount = 64;

using GetWorkspaceSize = aclnnStatus (*)(const aclTensor*, aclTensor*, uint64_t*, aclOpExecutor**);
using Launch = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

aclnnStatus HardswishPhaseOne(const aclTensor* self, aclTensor* out, uint64_t* size, aclOpExecutor** executor) {
  return aclnnHardswishGetWorkspaceSize(self, out, size, executor);
}
aclnnStatus ReluPhaseOne(const aclTensor* self, aclTensor* out, uint64_t* size, aclOpExecutor** executor) {
  return aclnnReluGetWorkspaceSize(self, out, size, executor);
}

// Runs an elementwise operator from `self` into `out` on `stream`; its status.
aclnnStatus Issue(GetWorkspaceSize phase_one, Launch phase_two, const test::DeviceBuffer& self,
                  const test::DeviceBuffer& out, aclrtStream stream) {
  test::Layout layout;
  layout.view = {kCount};
  test::Tensor x(layout, self.get()), y(layout, out.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus prepared = phase_one(x.get(), y.get(), &workspace_size, &executor);
  if (prepared != ACLNN_SUCCESS) return prepared;
  return phase_two(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream);
}

aclnnStatus Hardswish(const test::DeviceBuffer& self, const test::DeviceBuffer& out, aclrtStream stream) {
  return Issue(HardswishPhaseOne, aclnnHardswish, self, out, stream);
}
aclnnStatus Relu(const test::DeviceBuffer& self, const test::DeviceBuffer& out, aclrtStream stream) {
  return Issue(ReluPhaseOne, aclnnRelu, self, out, stream);
}

std::vector<float> Inputs() {
  std::vector<float> values(kCount);
  for (int64_t i = 0; i < kCount; ++i) values[i] = -5.0f + 10.0f * static_cast<float>(i) / kCount;
  return values;
}

// What `op` gives on the inputs, run directly (the reference for the model's runs).
std::vector<float> Direct(aclnnStatus (*op)(const test::DeviceBuffer&, const test::DeviceBuffer&, aclrtStream),
                          const test::DeviceBuffer& self, aclrtStream stream) {
  test::DeviceBuffer out(kCount * 4);
  EXPECT_EQ(op(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  return out.Download<float>(kCount);
}

// Captures [group: hardswish(self) -> out] on `stream`; the model and the group.
void CaptureOneGroup(aclrtStream stream, const test::DeviceBuffer& self, const test::DeviceBuffer& out, aclmdlRI* model,
                     aclrtTaskGrp* group) {
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, group)));
  ASSERT_NE(*group, nullptr);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, model)));
}

TEST(AclTaskGroup, AnUpdateReplacesTheGroupsOperatorRunForLaterReplays) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  test::DeviceBuffer self(kCount * 4), out(kCount * 4);
  self.Upload(Inputs());
  const std::vector<float> hardswish = Direct(Hardswish, self, stream);
  const std::vector<float> relu = Direct(Relu, self, stream);
  ASSERT_NE(hardswish, relu);

  aclmdlRI model = nullptr;
  aclrtTaskGrp group = nullptr;
  CaptureOneGroup(stream, self, out, &model, &group);
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(out.Download<float>(kCount), hardswish);

  // The update stream's operator run is a replacement, not a run.
  out.Upload(std::vector<float>(kCount, 7.0f));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  ASSERT_EQ(Relu(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));
  EXPECT_EQ(out.Download<float>(kCount), std::vector<float>(kCount, 7.0f));

  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(out.Download<float>(kCount), relu);

  // A group can be updated again, and back.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  ASSERT_EQ(Hardswish(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecute(model, -1)));
  EXPECT_EQ(out.Download<float>(kCount), hardswish);

  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
}

// The runtime sample's pattern (model_ri/1_model_update): the model waits for an external event
// before its group; the update stream records it after the update. A replay issued before the
// update runs the updated task.
TEST(AclTaskGroup, AReplayIssuedBeforeTheUpdateRunsTheUpdatedTaskWhenItWaitsForIt) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  test::DeviceBuffer self(kCount * 4), out(kCount * 4);
  self.Upload(Inputs());
  const std::vector<float> hardswish = Direct(Hardswish, self, stream);
  const std::vector<float> relu = Direct(Relu, self, stream);
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventWithFlag(&event, ACL_EVENT_EXTERNAL)));

  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(stream, event)));
  ASSERT_TRUE(Succeeds(aclrtResetEvent(event, stream)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  aclrtTaskGrp group = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, &group)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));

  for (int loop = 0; loop < 2; ++loop) {
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
    if (loop == 1) {
      ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
      ASSERT_EQ(Relu(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
      ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));
    }
    ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, update)));
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
    EXPECT_EQ(out.Download<float>(kCount), loop == 0 ? hardswish : relu) << loop;
  }
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
}

TEST(AclTaskGroup, OnlyOperatorRunsJoinAGroupAndAnyOtherTaskInvalidatesTheCapture) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer self(kCount * 4), out(kCount * 4), copy(kCount * 4);
  self.Upload(Inputs());

  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(copy.get(), 64, self.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream),
                        ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT, "aclrtMemcpyAsync", {"Cube Core or Vector Core"}));
  EXPECT_TRUE(FailsWith(aclrtLaunchHostFunc(
                            stream, [](void*) {}, nullptr),
                        ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT, "aclrtLaunchHostFunc"));
  aclrtTaskGrp group = reinterpret_cast<aclrtTaskGrp>(0x1);
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(stream, &group), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                        "aclmdlRICaptureTaskGrpEnd", {"has errors"}));
  EXPECT_EQ(group, nullptr);
  // As upstream: the model's task-group error stays (a later group's end fails too), and the
  // capture is invalidated: its end returns no model.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(stream, &group), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                        "aclmdlRICaptureTaskGrpEnd"));
  aclmdlRI model = reinterpret_cast<aclmdlRI>(0x1);
  EXPECT_TRUE(
      FailsWith(aclmdlRICaptureEnd(stream, &model), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, "aclmdlRICaptureEnd"));
  EXPECT_EQ(model, nullptr);

  // A clean capture: the group holds the operator run only.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(copy.get(), 64, self.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, &group)));
  EXPECT_NE(group, nullptr);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  aclrtStream model_stream = nullptr;
  uint32_t count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetStreams(model, &model_stream, &count)));
  uint32_t tasks = 0;
  ASSERT_TRUE(Succeeds(aclmdlRIGetTasksByStream(model_stream, nullptr, &tasks)));
  EXPECT_EQ(tasks, 2u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclTaskGroup, UpstreamsChecksAndCodes) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStream update = nullptr, other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  test::DeviceBuffer self(kCount * 4), out(kCount * 4);
  self.Upload(Inputs());
  aclrtTaskGrp group = nullptr;

  // Begin and end of a group.
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpBegin(nullptr), ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureTaskGrpBegin"));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpBegin(stream), ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "aclmdlRICaptureTaskGrpBegin", {"not in the capture stage"}));
  EXPECT_TRUE(
      FailsWith(aclmdlRICaptureTaskGrpEnd(nullptr, &group), ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureTaskGrpEnd"));
  EXPECT_TRUE(
      FailsWith(aclmdlRICaptureTaskGrpEnd(stream, nullptr), ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureTaskGrpEnd"));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(stream, &group), ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "aclmdlRICaptureTaskGrpEnd"));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(stream, &group), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskGrpEnd", {"has not started a task group"}));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpBegin(stream), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskGrpBegin", {"repeatedly started"}));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, &group)));
  // Updates come from operator streams.
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(stream, group), ACL_ERROR_RT_STREAM_CAPTURED,
                        "aclmdlRICaptureTaskUpdateBegin", {"capture stage"}));
  EXPECT_TRUE(
      FailsWith(aclmdlRICaptureTaskUpdateEnd(stream), ACL_ERROR_RT_STREAM_CAPTURED, "aclmdlRICaptureTaskUpdateEnd"));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));

  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(nullptr, group), ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICaptureTaskUpdateBegin"));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(update, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICaptureTaskUpdateBegin"));
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(update, &bogus), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRICaptureTaskUpdateBegin", {"not a task group of a live model"}));
  EXPECT_TRUE(
      FailsWith(aclmdlRICaptureTaskUpdateEnd(nullptr), ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureTaskUpdateEnd"));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateEnd(update), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskUpdateEnd", {"not in task update mode"}));

  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(update, group), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskUpdateBegin", {"already in task update or sample mode"}));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(other, group), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskUpdateBegin", {"only can be updated by one stream"}));
  // Only operator runs update; a model run on the updating stream is refused whole.
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(out.get(), 64, 0, 64, update), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                        "aclrtMemsetAsync", {"support task group update"}));
  EXPECT_TRUE(
      FailsWith(aclmdlRIExecuteAsync(model, update), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT, "aclmdlRIExecuteAsync"));
  ASSERT_EQ(Relu(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
  // One run more than the group holds.
  EXPECT_NE(Relu(self, out, update), ACLNN_SUCCESS);
  const std::string message = test::TakeErrorMessage();
  EXPECT_NE(message.find("cannot exceed the size of the task group"), std::string::npos) << message;
  EXPECT_NE(message.find("507000"), std::string::npos) << message;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));

  // Too few: the end reports it, and the stream has left update mode.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateEnd(update), ACL_ERROR_RT_INTERNAL_ERROR,
                        "aclmdlRICaptureTaskUpdateEnd", {"total_num=1, matched_num=0"}));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(other, group)));
  ASSERT_EQ(Relu(self, out, other), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(other)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(other)));

  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  // A destroyed model's group names nothing.
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(update, group), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRICaptureTaskUpdateBegin"));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST(AclTaskGroup, AStreamThatGoesDuringAnUpdateFreesTheGroupForAnother) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer self(kCount * 4), out(kCount * 4);
  self.Upload(Inputs());
  aclmdlRI model = nullptr;
  aclrtTaskGrp group = nullptr;
  CaptureOneGroup(stream, self, out, &model, &group);
  aclrtStream first = nullptr, second = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&first)));
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&second)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(first, group)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(second, group), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskUpdateBegin"));
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(first)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(second, group)));
  ASSERT_EQ(Relu(self, out, second), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(second)));
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(second)));  // drains the update first
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(out.Download<float>(kCount), Direct(Relu, self, stream));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclTaskGroup, EndingACaptureWithAGroupOpenFailsAndDiscardsTheCapture) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer self(kCount * 4), out(kCount * 4);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  aclmdlRI model = reinterpret_cast<aclmdlRI>(0x1);
  EXPECT_TRUE(FailsWith(aclmdlRICaptureEnd(stream, &model), ACL_ERROR_STREAM_TASK_GROUP_STATUS, "aclmdlRICaptureEnd",
                        {"A task group is not closed"}));
  EXPECT_EQ(model, nullptr);
  // The stream is out of sample mode and capture: a new capture starts clean.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  aclrtTaskGrp group = nullptr;
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(stream, &group), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskGrpEnd"));
  ASSERT_EQ(Hardswish(self, out, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  // A model run is no operator run: a group refuses it whole, and the capture is then invalid.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(model, stream), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT, "aclmdlRIExecuteAsync",
                        {"a model run is not a task running on Cube Core or Vector Core"}));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(stream, &group), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                        "aclmdlRICaptureTaskGrpEnd"));
  aclmdlRI second = nullptr;
  EXPECT_TRUE(
      FailsWith(aclmdlRICaptureEnd(stream, &second), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, "aclmdlRICaptureEnd"));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(AclTaskGroup, UpdatesRacingWithReplaysRunOneVersionOrTheOther) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  test::DeviceBuffer self(kCount * 4), out(kCount * 4);
  self.Upload(Inputs());
  const std::vector<float> hardswish = Direct(Hardswish, self, stream);
  const std::vector<float> relu = Direct(Relu, self, stream);
  aclmdlRI model = nullptr;
  aclrtTaskGrp group = nullptr;
  CaptureOneGroup(stream, self, out, &model, &group);
  for (int round = 0; round < 40; ++round) {
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
    ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
    ASSERT_EQ((round % 2 == 0 ? Relu : Hardswish)(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
    ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));
  }
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  const std::vector<float> raced = out.Download<float>(kCount);
  EXPECT_TRUE(raced == hardswish || raced == relu);
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));  // the last update (round 39) put hardswish back
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(out.Download<float>(kCount), hardswish);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
}

// A replay pins the memory of its group's tasks when issued: aclrtFree of it waits for the run.
TEST(AclTaskGroup, FreeingMemoryOfAGroupsOperatorRunWaitsForTheReplay) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  test::DeviceBuffer self(kCount * 4), gate(8);
  gate.Upload(std::vector<uint64_t>{0});
  self.Upload(Inputs());
  void* out_memory = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&out_memory, kCount * 4, ACL_MEM_MALLOC_HUGE_FIRST)));
  aclmdlRI model = nullptr;
  {
    test::Layout layout;
    layout.view = {kCount};
    test::Tensor x(layout, self.get()), y(layout, out_memory);
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(aclnnReluGetWorkspaceSize(x.get(), y.get(), &workspace_size, &executor), ACLNN_SUCCESS);
    ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
    ASSERT_TRUE(Succeeds(aclrtValueWait(gate.get(), 1, ACL_STREAM_WAIT_VALUE_EQ, stream)));
    ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
    ASSERT_EQ(aclnnRelu(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS);
    aclrtTaskGrp group = nullptr;
    ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, &group)));
    ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  }
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));  // held at the gate
  std::atomic<bool> freed(false);
  std::thread freeing([&] {
    EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
    EXPECT_TRUE(Succeeds(aclrtFree(out_memory)));
    freed.store(true);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(freed.load());      // the queued run still holds the memory
  aclrtStream releaser = nullptr;  // the gate opens from a stream task (an atomic store)
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&releaser)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(gate.get(), 1, 0, releaser)));
  freeing.join();
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(releaser)));
  EXPECT_TRUE(freed.load());
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

// What an update replaced is no longer held by the replays waiting to run the group: freeing it
// does not wait for them (the new task's memory is held instead).
TEST(AclTaskGroup, FreeingWhatAnUpdateReplacedDoesNotWaitForPendingReplays) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  test::DeviceBuffer self(kCount * 4), out(kCount * 4), gate(8);
  gate.Upload(std::vector<uint64_t>{0});
  self.Upload(Inputs());
  void* old_out = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&old_out, kCount * 4, ACL_MEM_MALLOC_HUGE_FIRST)));
  test::Layout layout;
  layout.view = {kCount};
  test::Tensor x(layout, self.get()), old_y(layout, old_out);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnReluGetWorkspaceSize(x.get(), old_y.get(), &workspace_size, &executor), ACLNN_SUCCESS);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(gate.get(), 1, ACL_STREAM_WAIT_VALUE_EQ, stream)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_EQ(aclnnRelu(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS);
  aclrtTaskGrp group = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, &group)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));

  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));  // held at the gate
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  ASSERT_EQ(Relu(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));
  std::atomic<bool> freed(false);
  std::thread freeing([&] {
    EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
    EXPECT_TRUE(Succeeds(aclrtFree(old_out)));
    freed.store(true);
  });
  for (int i = 0; i < 500 && !freed.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(freed.load());  // while the replay still waits at the gate
  aclrtStream releaser = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&releaser)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(gate.get(), 1, 0, releaser)));
  freeing.join();
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(out.Download<float>(kCount), Direct(Relu, self, stream));  // the replay ran the new task
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(releaser)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
}

// An edit of a group's task (aclmdlRITaskSetParams, aclmdlRIUpdate) keeps it in its group: a
// later task-group update still reaches the model, and introspection shows the current task.
TEST(AclTaskGroup, AnEditedGroupTaskStillTakesUpdates) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  test::DeviceBuffer self(kCount * 4), out(kCount * 4), word(8);
  self.Upload(Inputs());
  word.Upload(std::vector<uint64_t>{0});
  const std::vector<float> relu = Direct(Relu, self, stream);
  aclmdlRI model = nullptr;
  aclrtTaskGrp group = nullptr;
  CaptureOneGroup(stream, self, out, &model, &group);
  aclrtStream model_stream = nullptr;
  uint32_t count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetStreams(model, &model_stream, &count)));
  aclmdlRITask task = nullptr;
  count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetTasksByStream(model_stream, &task, &count)));
  aclmdlRITaskParams params;
  std::memset(&params, 0, sizeof(params));
  params.type = ACL_MODEL_RI_TASK_VALUE_WRITE;
  params.valueWriteTaskParams.devAddr = word.get();
  params.valueWriteTaskParams.value = 3;
  ASSERT_TRUE(Succeeds(aclmdlRITaskSetParams(task, &params)));
  ASSERT_TRUE(Succeeds(aclmdlRIUpdate(model)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecute(model, -1)));
  EXPECT_EQ(word.Download<uint64_t>(1)[0], 3u);
  aclmdlRITaskType type = ACL_MODEL_RI_TASK_DEFAULT;
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetType(task, &type)));
  EXPECT_EQ(type, ACL_MODEL_RI_TASK_VALUE_WRITE);

  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  ASSERT_EQ(Relu(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecute(model, -1)));
  EXPECT_EQ(out.Download<float>(kCount), relu);
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetType(task, &type)));
  EXPECT_EQ(type, ACL_MODEL_RI_TASK_KERNEL);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
}

// Upstream's AllocTask serves an update before a capture: a capture begun on an updating stream
// does not take the stream's operator runs.
TEST(AclTaskGroup, AnUpdateComesBeforeACaptureBegunOnTheSameStream) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  test::DeviceBuffer self(kCount * 4), out(kCount * 4);
  self.Upload(Inputs());
  aclmdlRI model = nullptr;
  aclrtTaskGrp group = nullptr;
  CaptureOneGroup(stream, self, out, &model, &group);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(update, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_EQ(Relu(self, out, update), ACLNN_SUCCESS) << test::TakeErrorMessage();
  aclmdlRI captured = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(update, &captured)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(update)));  // the run was the update
  aclrtStream captured_stream = nullptr;
  uint32_t count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetStreams(captured, &captured_stream, &count)));
  uint32_t tasks = 9;
  ASSERT_TRUE(Succeeds(aclmdlRIGetTasksByStream(captured_stream, nullptr, &tasks)));
  EXPECT_EQ(tasks, 0u);
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(update)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(captured)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
}

TEST(AclTaskGroup, PartsWithoutModelRunInstancesRefuseGroups) {
  for (const char* soc : {"Ascend910A", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpBegin(session.stream()), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                          "aclmdlRICaptureTaskGrpBegin"))
        << soc;
    aclrtTaskGrp group = nullptr;
    EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(session.stream(), &group), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                          "aclmdlRICaptureTaskGrpEnd"))
        << soc;
    int bogus = 0;
    EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(session.stream(), &bogus), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                          "aclmdlRICaptureTaskUpdateBegin"))
        << soc;
    EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateEnd(session.stream()), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                          "aclmdlRICaptureTaskUpdateEnd"))
        << soc;
  }
}

void AddOne(void* data) {
  auto* values = static_cast<float*>(data);
  for (int i = 0; i < 4; ++i) values[i] += 1.0f;
}

TEST(AclOperatorStandIn, RunsInStreamOrderAndIsAKernelTaskOfModelsAndGroups) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  float host[4] = {0, 1, 2, 3};
  EXPECT_TRUE(FailsWith(aclnnHostLaunchOperatorStandIn(stream, nullptr, AddOne, host), ACL_ERROR_INVALID_PARAM,
                        "aclnnHostLaunchOperatorStandIn"));
  EXPECT_TRUE(FailsWith(aclnnHostLaunchOperatorStandIn(stream, "Add", nullptr, host), ACL_ERROR_INVALID_PARAM,
                        "aclnnHostLaunchOperatorStandIn"));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(stream, "Add", AddOne, host)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(host[3], 4.0f);

  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(stream, "Add", AddOne, host)));
  aclrtTaskGrp group = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, &group)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_EQ(host[3], 4.0f);  // recorded, not run
  aclrtStream model_stream = nullptr;
  uint32_t count = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetStreams(model, &model_stream, &count)));
  aclmdlRITask task = nullptr;
  uint32_t tasks = 1;
  ASSERT_TRUE(Succeeds(aclmdlRIGetTasksByStream(model_stream, &task, &tasks)));
  aclmdlRITaskType type = ACL_MODEL_RI_TASK_DEFAULT;
  ASSERT_TRUE(Succeeds(aclmdlRITaskGetType(task, &type)));
  EXPECT_EQ(type, ACL_MODEL_RI_TASK_KERNEL);
  ASSERT_TRUE(Succeeds(aclmdlRIExecute(model, -1)));
  EXPECT_EQ(host[3], 5.0f);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

}  // namespace
