// Updating a captured model between runs, the two ways CANN offers:
//  - a task group: the operator run captured between aclmdlRICaptureTaskGrpBegin and End is
//    replaced by the run issued on an update stream between aclmdlRICaptureTaskUpdateBegin and
//    End. The model waits for an ACL_EVENT_EXTERNAL event the update stream records after the
//    update, so a run of the model already issued picks the new operator up;
//  - task edits: aclmdlRITaskDisable switches a task off, applied by aclmdlRIUpdate.
//
// Exits 0 when every run of the model produced what its operators at that time compute.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_relu.h"

#define CHECK(call)                                                                                \
  do {                                                                                             \
    const int status_ = (call);                                                                    \
    if (status_ != 0) {                                                                            \
      std::fprintf(stderr, "%s failed: %d\n%s\n", #call, status_, aclGetRecentErrMsg());          \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

namespace {

const int64_t kCount = 256;

// The references, within a tolerance: the exact bits are the operators' business, not this example's.
float Hardswish(float x) { return x * std::fmin(std::fmax(x + 3.0f, 0.0f), 6.0f) / 6.0f; }
float Relu(float x) { return x > 0.0f ? x : 0.0f; }

// Issues op(self) -> out on `stream` (recorded, or taken as an update, depending on the stream).
int IssueOp(bool hardswish, aclTensor* self, aclTensor* out, aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  if (hardswish) {
    CHECK(aclnnHardswishGetWorkspaceSize(self, out, &workspace_size, &executor));
  } else {
    CHECK(aclnnReluGetWorkspaceSize(self, out, &workspace_size, &executor));
  }
  void* workspace = nullptr;
  if (workspace_size > 0) CHECK(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
  // The workspace stays allocated: the model (or the update) uses it at every run.
  if (hardswish) {
    CHECK(aclnnHardswish(workspace, workspace_size, executor, stream));
  } else {
    CHECK(aclnnRelu(workspace, workspace_size, executor, stream));
  }
  return 0;
}

bool Matches(const std::vector<float>& input, const std::vector<float>& output, bool hardswish) {
  for (size_t i = 0; i < input.size(); ++i) {
    const float expected = hardswish ? Hardswish(input[i]) : Relu(input[i]);
    if (std::fabs(output[i] - expected) > 1e-5f * (1.0f + std::fabs(expected))) return false;
  }
  return true;
}

}  // namespace

int main() {
  const size_t bytes = kCount * sizeof(float);
  CHECK(aclInit(nullptr));
  CHECK(aclrtSetDevice(0));
  aclrtStream stream = nullptr, update = nullptr;
  CHECK(aclrtCreateStream(&stream));
  CHECK(aclrtCreateStream(&update));
  void *x = nullptr, *y = nullptr, *runs = nullptr;
  CHECK(aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&y, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&runs, sizeof(uint64_t), ACL_MEM_MALLOC_HUGE_FIRST));
  std::vector<float> input(kCount);
  for (int64_t i = 0; i < kCount; ++i) input[i] = -6.0f + 12.0f * static_cast<float>(i) / kCount;
  CHECK(aclrtMemcpy(x, bytes, input.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK(aclrtMemset(runs, sizeof(uint64_t), 0, sizeof(uint64_t)));
  const int64_t shape[] = {kCount};
  const int64_t strides[] = {1};
  aclTensor* self = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
  aclTensor* out = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, y);

  // The model: wait for the update stream's go, reset the go, [group: hardswish], mark a run.
  aclrtEvent go = nullptr;
  CHECK(aclrtCreateEventWithFlag(&go, ACL_EVENT_EXTERNAL));
  CHECK(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  CHECK(aclrtStreamWaitEvent(stream, go));
  CHECK(aclrtResetEvent(go, stream));
  CHECK(aclmdlRICaptureTaskGrpBegin(stream));
  if (IssueOp(true, self, out, stream) != 0) return 1;
  aclrtTaskGrp group = nullptr;
  CHECK(aclmdlRICaptureTaskGrpEnd(stream, &group));
  CHECK(aclrtValueWrite(runs, 1, 0, stream));
  aclmdlRI model = nullptr;
  CHECK(aclmdlRICaptureEnd(stream, &model));

  std::vector<float> output(kCount);
  bool ok = true;
  for (int run = 0; run < 4; ++run) {
    CHECK(aclmdlRIExecuteAsync(model, stream));  // waits for the go
    const bool use_relu = run % 2 == 1;
    if (run > 0) {  // switch the operator while the run waits
      CHECK(aclmdlRICaptureTaskUpdateBegin(update, group));
      if (IssueOp(!use_relu, self, out, update) != 0) return 1;
      CHECK(aclmdlRICaptureTaskUpdateEnd(update));
    }
    CHECK(aclrtRecordEvent(go, update));
    CHECK(aclrtSynchronizeStream(update));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(output.data(), bytes, y, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    const bool matches = Matches(input, output, !use_relu);
    std::printf("run %d: %s %s\n", run, use_relu ? "relu" : "hardswish", matches ? "ok" : "WRONG");
    ok = ok && matches;
  }

  // Task edits: switch the run marker off; it still runs until aclmdlRIUpdate applies the edit.
  aclrtStream model_stream = nullptr;
  uint32_t stream_count = 1;
  CHECK(aclmdlRIGetStreams(model, &model_stream, &stream_count));
  uint32_t task_count = 0;
  CHECK(aclmdlRIGetTasksByStream(model_stream, nullptr, &task_count));
  std::vector<aclmdlRITask> tasks(task_count);
  CHECK(aclmdlRIGetTasksByStream(model_stream, tasks.data(), &task_count));
  CHECK(aclmdlRITaskDisable(tasks.back()));  // the value write
  CHECK(aclmdlRIUpdate(model));
  CHECK(aclrtMemset(runs, sizeof(uint64_t), 0, sizeof(uint64_t)));
  CHECK(aclmdlRIExecuteAsync(model, stream));
  CHECK(aclrtRecordEvent(go, update));
  CHECK(aclrtSynchronizeStream(stream));
  uint64_t marked = 0;
  CHECK(aclrtMemcpy(&marked, sizeof(marked), runs, sizeof(marked), ACL_MEMCPY_DEVICE_TO_HOST));
  std::printf("after disabling the marker: %s\n", marked == 0 ? "ok" : "WRONG");
  ok = ok && marked == 0;

  CHECK(aclmdlRIDestroy(model));
  CHECK(aclrtDestroyEvent(go));
  aclDestroyTensor(self);
  aclDestroyTensor(out);
  CHECK(aclrtDestroyStream(update));
  CHECK(aclrtDestroyStream(stream));
  CHECK(aclrtResetDeviceForce(0));  // also frees the workspaces the operator runs kept
  CHECK(aclFinalize());
  return ok ? 0 : 1;
}
