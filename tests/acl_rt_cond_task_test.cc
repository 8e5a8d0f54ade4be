// Conditional tasks of captured models: aclmdlRICondHandleCreate, aclmdlRICondHandleGetCondPtr,
// aclmdlRIAddCondTask and aclmdlRICaptureToModelRIBegin. What each task type computes follows
// upstream's condition instructions (hicann/runtime core/src/task/stars_cond_isa_helper.cc): IF
// runs branch 0 when the 64-bit condition is not 0, else branch 1 if there is one; WHILE runs its
// branch while the condition is not 0; SWITCH runs the branch the condition indexes, none past the end.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnn_host/stand_in.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

uint64_t ReadWord(const void* word) {
  uint64_t value = 0;
  EXPECT_TRUE(Succeeds(aclrtMemcpy(&value, 8, word, 8, ACL_MEMCPY_DEVICE_TO_HOST)));
  return value;
}

void WriteWord(void* word, uint64_t value) {
  ASSERT_TRUE(Succeeds(aclrtMemcpy(word, 8, &value, 8, ACL_MEMCPY_HOST_TO_DEVICE)));
}

// A loop body's stand-in operator: counts its runs and counts the condition down.
struct Countdown {
  uint64_t* condition;
  int runs;
};
void CountDown(void* args) {
  auto* countdown = static_cast<Countdown*>(args);
  ++countdown->runs;
  --*countdown->condition;
}

void Noop(void*) {}

class AclCondTask : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(Succeeds(aclrtMalloc(&out_, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
    WriteWord(out_, 0);
    ASSERT_TRUE(Succeeds(aclrtCreateStream(&branch_stream_)));
  }
  void TearDown() override {
    aclrtDestroyStream(branch_stream_);
    aclrtFree(out_);
  }
  // Captures into `branch` (on another stream) a write of `value` to out_.
  void CaptureWrite(aclmdlRI branch, uint64_t value) {
    ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
    ASSERT_TRUE(Succeeds(aclrtValueWrite(out_, value, 0, branch_stream_)));
    aclmdlRI ended = nullptr;
    ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, &ended)));
    EXPECT_EQ(ended, branch);
  }
  // Begins capturing a root model on the session's stream.
  aclmdlRI BeginRoot() {
    EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(session_.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
    aclmdlRI root = nullptr;
    EXPECT_TRUE(Succeeds(aclmdlRICaptureGetInfo(session_.stream(), nullptr, &root)));
    return root;
  }
  // A root model of one conditional task of `type` with `size` branches; branch i writes 10 + i.
  aclmdlRI CaptureConditional(aclmdlRICondTaskType type, uint32_t size, uint64_t** condition,
                              aclmdlRICondHandleFlag flag = static_cast<aclmdlRICondHandleFlag>(0),
                              uint32_t default_value = 0) {
    aclrtStream stream = session_.stream();
    EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
    aclmdlRI root = nullptr;
    aclmdlRICaptureStatus status;
    EXPECT_TRUE(Succeeds(aclmdlRICaptureGetInfo(stream, &status, &root)));
    aclmdlRICondHandle cond = nullptr;
    EXPECT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, default_value, flag, &cond)));
    EXPECT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(cond, condition)));
    std::vector<aclmdlRI> branches(size);
    aclmdlRICondTaskParams params{cond, type, size, branches.data()};
    EXPECT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
    for (uint32_t i = 0; i < size; ++i) CaptureWrite(branches[i], 10 + i);
    aclmdlRI model = nullptr;
    EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
    EXPECT_EQ(model, root);
    return model;
  }
  uint64_t RunWith(aclmdlRI model, uint64_t* condition, uint64_t value) {
    WriteWord(out_, 0);
    WriteWord(condition, value);
    EXPECT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session_.stream())));
    EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session_.stream())));
    return ReadWord(out_);
  }
  test::RuntimeSession session_;  // Ascend910B3
  void* out_ = nullptr;
  aclrtStream branch_stream_ = nullptr;
};

TEST_F(AclCondTask, IfRunsTheFirstBranchOnNonZeroElseTheSecond) {
  uint64_t* condition = nullptr;
  aclmdlRI model = CaptureConditional(ACL_MODEL_RI_COND_TYPE_IF, 2, &condition);
  ASSERT_NE(condition, nullptr);
  EXPECT_EQ(ReadWord(condition), 0u);  // the word starts at 0
  EXPECT_EQ(RunWith(model, condition, 1), 10u);
  EXPECT_EQ(RunWith(model, condition, uint64_t{1} << 40), 10u);  // all 64 bits count
  EXPECT_EQ(RunWith(model, condition, 0), 11u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclCondTask, IfWithOneBranchSkipsOnZero) {
  uint64_t* condition = nullptr;
  aclmdlRI model = CaptureConditional(ACL_MODEL_RI_COND_TYPE_IF, 1, &condition);
  EXPECT_EQ(RunWith(model, condition, 0), 0u);
  EXPECT_EQ(RunWith(model, condition, 7), 10u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclCondTask, SwitchRunsTheIndexedBranchAndNoneBeyond) {
  uint64_t* condition = nullptr;
  aclmdlRI model = CaptureConditional(ACL_MODEL_RI_COND_TYPE_SWITCH, 3, &condition);
  EXPECT_EQ(RunWith(model, condition, 0), 10u);
  EXPECT_EQ(RunWith(model, condition, 2), 12u);
  EXPECT_EQ(RunWith(model, condition, 3), 0u);
  EXPECT_EQ(RunWith(model, condition, ~uint64_t{0}), 0u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclCondTask, WhileRunsItsBodyUntilTheConditionIsZero) {
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 3, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond)));
  uint64_t* condition = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(cond, &condition)));
  aclmdlRI body = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_WHILE, 1, &body};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
  Countdown countdown{condition, 0};
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, body, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(branch_stream_, "CountDown", CountDown, &countdown)));
  aclmdlRI ended = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, &ended)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  EXPECT_EQ(countdown.runs, 0);  // captured, not run
  // Each run starts with the default, 3: three rounds of the body.
  for (int run = 1; run <= 2; ++run) {
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
    EXPECT_EQ(countdown.runs, 3 * run);
    EXPECT_EQ(ReadWord(condition), 0u);
  }
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclCondTask, WithoutADefaultTheConditionKeepsItsValueAcrossRuns) {
  uint64_t* condition = nullptr;
  aclmdlRI model = CaptureConditional(ACL_MODEL_RI_COND_TYPE_IF, 1, &condition);
  WriteWord(condition, 1);
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session_.stream())));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session_.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session_.stream())));
  EXPECT_EQ(ReadWord(condition), 1u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  // With ASSIGN_DEFAULT the default (0 here) is written at the start of each run.
  uint64_t* reset = nullptr;
  model = CaptureConditional(ACL_MODEL_RI_COND_TYPE_IF, 1, &reset, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, 0);
  EXPECT_EQ(RunWith(model, reset, 1), 0u);  // reset to 0 before the task: the branch is skipped
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclCondTask, BranchesBelongToTheirRootModel) {
  uint64_t* condition = nullptr;
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond)));
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(cond, &condition)));
  aclmdlRI branch = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
  EXPECT_TRUE(FailsWith(aclmdlRIAddCondTask(params, stream, 0), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIAddCondTask",
                        {"create a new handle"}));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureToModelRIBegin(branch_stream_, root, ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
                        ACL_ERROR_RT_PARAM_INVALID, "aclmdlRICaptureToModelRIBegin", {"not a sub ACL Graph"}));
  CaptureWrite(branch, 5);
  EXPECT_TRUE(FailsWith(aclmdlRICaptureToModelRIBegin(branch_stream_, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
                        ACL_ERROR_RT_MODEL_CAPTURED, "aclmdlRICaptureToModelRIBegin", {"already captured"}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  // Upstream's runtime refuses these for a sub ACL Graph.
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(branch, stream), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIExecuteAsync",
                        {"sub ACL Graph does not support executing model"}));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroy(branch), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIDestroy"));
  EXPECT_TRUE(FailsWith(aclmdlRIAbort(branch), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIAbort", {"sub ACL Graph"}));
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(branch), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIUpdate"));
  aclrtStream branch_model_stream = nullptr;
  uint32_t count = 1;
  EXPECT_TRUE(FailsWith(aclmdlRIGetStreams(branch, &branch_model_stream, &count), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclmdlRIGetStreams"));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroyRegisterCallback(branch, Noop, nullptr), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclmdlRIDestroyRegisterCallback"));
  // The root goes, and its branch and condition with it.
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(branch, stream), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIExecuteAsync",
                        {"not a live model"}));
  EXPECT_TRUE(FailsWith(aclmdlRICondHandleGetCondPtr(cond, &condition), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRICondHandleGetCondPtr", {"not a condition handle of a live model"}));
}

TEST_F(AclCondTask, ChecksInUpstreamsOrder) {
  aclrtStream stream = session_.stream();
  aclmdlRICondHandle cond = nullptr;
  const auto no_flag = static_cast<aclmdlRICondHandleFlag>(0);
  EXPECT_TRUE(FailsWith(aclmdlRICondHandleCreate(nullptr, 0, no_flag, &cond), ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICondHandleCreate", {"modelRI is nullptr"}));
  aclmdlRI root = BeginRoot();
  EXPECT_TRUE(FailsWith(aclmdlRICondHandleCreate(root, 0, no_flag, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICondHandleCreate", {"handle is nullptr"}));
  EXPECT_TRUE(FailsWith(aclmdlRICondHandleCreate(root, 0, static_cast<aclmdlRICondHandleFlag>(2), &cond),
                        ACL_ERROR_RT_PARAM_INVALID, "aclmdlRICondHandleCreate", {"[0, 1]"}));
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 0, no_flag, &cond)));
  uint64_t* ptr = nullptr;
  EXPECT_TRUE(
      FailsWith(aclmdlRICondHandleGetCondPtr(nullptr, &ptr), ACL_ERROR_INVALID_PARAM, "aclmdlRICondHandleGetCondPtr"));
  EXPECT_TRUE(
      FailsWith(aclmdlRICondHandleGetCondPtr(cond, nullptr), ACL_ERROR_INVALID_PARAM, "aclmdlRICondHandleGetCondPtr"));
  aclmdlRI branches[3] = {};
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 3, branches};
  EXPECT_TRUE(FailsWith(aclmdlRIAddCondTask(params, nullptr, 0), ACL_ERROR_INVALID_PARAM, "aclmdlRIAddCondTask"));
  params.type = static_cast<aclmdlRICondTaskType>(3);
  EXPECT_TRUE(
      FailsWith(aclmdlRIAddCondTask(params, stream, 0), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIAddCondTask", {"[0, 2]"}));
  params.type = ACL_MODEL_RI_COND_TYPE_IF;
  EXPECT_TRUE(
      FailsWith(aclmdlRIAddCondTask(params, stream, 1), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIAddCondTask", {"flags"}));
  EXPECT_TRUE(FailsWith(aclmdlRIAddCondTask(params, branch_stream_, 0), ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "aclmdlRIAddCondTask", {"must be in the capture stage"}));
  EXPECT_TRUE(
      FailsWith(aclmdlRIAddCondTask(params, stream, 0), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIAddCondTask", {"1 or 2"}));
  params.type = ACL_MODEL_RI_COND_TYPE_WHILE;
  params.size = 2;
  EXPECT_TRUE(FailsWith(aclmdlRIAddCondTask(params, stream, 0), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIAddCondTask"));
  params.type = ACL_MODEL_RI_COND_TYPE_SWITCH;
  params.size = 0;
  EXPECT_TRUE(FailsWith(aclmdlRIAddCondTask(params, stream, 0), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIAddCondTask",
                        {"greater than 0"}));
  EXPECT_EQ(branches[0], nullptr);  // nothing written by the refused calls
  // A condition of another model: the stream captures into a different one.
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(branch_stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  params.size = 1;
  EXPECT_TRUE(FailsWith(aclmdlRIAddCondTask(params, branch_stream_, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIAddCondTask", {"inconsistent"}));
  aclmdlRI other = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, &other)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  // The capture over, no more conditions.
  EXPECT_TRUE(FailsWith(aclmdlRICondHandleCreate(model, 0, no_flag, &cond), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRICondHandleCreate", {"not in the capture stage"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(other)));
}

// A branch that replays its own root recurses: past 64 levels the conditional task fails (the
// program would never end on the NPU either).
TEST_F(AclCondTask, ABranchThatRunsItsRootFailsInsteadOfRecursingForEver) {
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 1, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond)));
  aclmdlRI branch = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, branch_stream_)));  // recorded into the branch
  aclmdlRI ended = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, &ended)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"nested more than 64 deep"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclCondTask, ABranchsEndMayPassNullAndARootsMayNot) {
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond)));
  aclmdlRI branch = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(out_, 3, 0, branch_stream_)));
  EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, nullptr)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureEnd(stream, nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRICaptureEnd",
                        {"modelRI is nullptr"}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));  // the refused end left the capture going
  uint64_t* condition = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(cond, &condition)));
  EXPECT_EQ(RunWith(model, condition, 1), 3u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(AclCondTask, MemoryABranchUsesIsCheckedWhenTheRootIsIssued) {
  void* scratch = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&scratch, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond)));
  aclmdlRI branch = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(scratch, 3, 0, branch_stream_)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, &branch)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  ASSERT_TRUE(Succeeds(aclrtFree(scratch)));
  // The branch's memory is gone: the replay is refused whole, even with the branch not picked.
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(model, stream), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIExecuteAsync",
                        {"branch model"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

// Destroying the root does not wait for its queued replays: they keep the memory they use, the
// condition's word included (the branch here clears it, as a loop body would), until they are done.
TEST_F(AclCondTask, DestroyingTheRootDoesNotWaitForItsQueuedReplays) {
  void* gate = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&gate, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  WriteWord(gate, 0);
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 2, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond)));
  uint64_t* condition = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(cond, &condition)));
  aclmdlRI body = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_WHILE, 1, &body};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, body, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(out_, 10, 0, branch_stream_)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(condition, 0, 0, branch_stream_)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, &body)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  size_t free_before = 0, total = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_before, &total)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(gate, 1, ACL_STREAM_WAIT_VALUE_EQ, stream)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));  // returns with the replay still queued
  ASSERT_TRUE(Succeeds(aclrtValueWrite(gate, 1, 0, branch_stream_)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(ReadWord(out_), 10u);  // the loop ran once: its body cleared the word, still alive then
  size_t free_after = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_after, &total)));
  EXPECT_GT(free_after, free_before);  // the word went once the replay was done
  EXPECT_TRUE(Succeeds(aclrtFree(gate)));
}

// More conditions with defaults than one task pins (10): every word gets its default.
TEST_F(AclCondTask, EveryDefaultIsWrittenHoweverManyConditions) {
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  std::vector<uint64_t*> words;
  for (uint32_t i = 0; i < 12; ++i) {
    aclmdlRICondHandle cond = nullptr;
    ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 100 + i, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond)));
    uint64_t* word = nullptr;
    ASSERT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(cond, &word)));
    words.push_back(word);
  }
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  for (uint32_t i = 0; i < 12; ++i) EXPECT_EQ(ReadWord(words[i]), 100u + i) << i;
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

void Count(void* runs) { ++*static_cast<int*>(runs); }

// Defaults are written once at the start of the root's run, a nested condition's too: not again
// at each run of the branch that holds it (upstream's PreModelExecute).
TEST_F(AclCondTask, NestedDefaultsAreWrittenOncePerRootRun) {
  aclrtStream stream = session_.stream();
  aclrtStream inner_stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&inner_stream)));
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle loop = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 2, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &loop)));
  uint64_t* loop_word = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(loop, &loop_word)));
  aclmdlRI body = nullptr;
  aclmdlRICondTaskParams loop_params{loop, ACL_MODEL_RI_COND_TYPE_WHILE, 1, &body};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(loop_params, stream, 0)));
  // The body: count the loop down, and an IF on a condition of its own (default 1) whose branch
  // counts its runs and clears that condition.
  Countdown countdown{loop_word, 0};
  int inner_runs = 0;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, body, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(branch_stream_, "CountDown", CountDown, &countdown)));
  aclmdlRICondHandle once = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(body, 1, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &once)));
  uint64_t* once_word = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleGetCondPtr(once, &once_word)));
  aclmdlRI inner = nullptr;
  aclmdlRICondTaskParams once_params{once, ACL_MODEL_RI_COND_TYPE_IF, 1, &inner};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(once_params, branch_stream_, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(inner_stream, inner, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(inner_stream, "Count", Count, &inner_runs)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(once_word, 0, 0, inner_stream)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(inner_stream, &inner)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(branch_stream_, &body)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  for (int run = 1; run <= 2; ++run) {
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, stream)));
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
    EXPECT_EQ(countdown.runs, 2 * run);  // two rounds of the loop per run
    EXPECT_EQ(inner_runs, run);          // the inner branch once per run: its condition reset per root run only
  }
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(inner_stream)));
}

// A root destroyed while one of its branches is being captured: the branch's capture fails at its end.
TEST_F(AclCondTask, DestroyingTheRootFailsABranchCaptureInProgress) {
  aclrtStream stream = session_.stream();
  aclmdlRI root = BeginRoot();
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond)));
  aclmdlRI branch = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, stream, 0)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(branch_stream_, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(out_, 1, 0, branch_stream_)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  aclmdlRI ended = reinterpret_cast<aclmdlRI>(0x10);
  EXPECT_TRUE(FailsWith(aclmdlRICaptureEnd(branch_stream_, &ended), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                        "aclmdlRICaptureEnd"));
  EXPECT_EQ(ended, reinterpret_cast<aclmdlRI>(0x10));  // a branch's end writes only on success
  aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(branch_stream_, &status, nullptr)));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);  // the stream is free again
}

// Replays of one conditional model on two streams at once, while the condition changes (TSan runs this).
TEST_F(AclCondTask, ReplaysOnTwoStreamsAtOnce) {
  uint64_t* condition = nullptr;
  aclmdlRI model = CaptureConditional(ACL_MODEL_RI_COND_TYPE_SWITCH, 2, &condition);
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(Succeeds(aclrtValueWrite(condition, i % 3, 0, session_.stream())));
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session_.stream())));
    ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, other)));
  }
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session_.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(other)));
  const uint64_t last = ReadWord(out_);
  EXPECT_TRUE(last == 10 || last == 11) << last;
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST(AclCondTaskProducts, TheInferenceSeriesHasNone) {
  test::RuntimeSession session("Ascend310P3");  // capture, but no conditional tasks
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  aclmdlRI root = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(session.stream(), nullptr, &root)));
  aclmdlRICondHandle cond = nullptr;
  EXPECT_TRUE(FailsWith(aclmdlRICondHandleCreate(root, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRICondHandleCreate", {"Ascend310P3"}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

}  // namespace
