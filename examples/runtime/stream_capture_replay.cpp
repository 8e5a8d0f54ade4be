// Stream capture and replay, the way graph-mode frameworks drive the runtime: an explicit
// context, a stream whose work (an operator run and a copy) is captured once into a model and
// replayed several times, events with timing around each replay, a callback handed to a report
// thread after every replay, and a forced device reset at the end.
//
// Exits 0 when every replay produced hardswish(x) for the input current at that replay.
#include <pthread.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish.h"

#define CHECK(call)                                                                                \
  do {                                                                                             \
    const int status_ = (call);                                                                    \
    if (status_ != 0) {                                                                            \
      std::fprintf(stderr, "%s failed: %d\n%s\n", #call, status_, aclGetRecentErrMsg());          \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

namespace {

std::atomic<int> callbacks_seen(0);
std::atomic<bool> reporting(true);

void CountReplay(void* user_data) { static_cast<std::atomic<int>*>(user_data)->fetch_add(1); }

void* ReportThread(void* context) {
  aclrtSetCurrentContext(static_cast<aclrtContext>(context));
  while (reporting.load()) aclrtProcessReport(10);  // runs the callbacks of the subscribed stream
  return nullptr;
}

// hardswish(x) = x * min(max(x + 3, 0), 6) / 6, for checking within a tolerance: the exact
// bits are what the NPU computes, which is the operator's business, not this example's.
float Reference(float x) { return x * std::fmin(std::fmax(x + 3.0f, 0.0f), 6.0f) / 6.0f; }

}  // namespace

int main() {
  const int64_t count = 1024;
  const size_t bytes = count * sizeof(float);
  CHECK(aclInit(nullptr));
  aclrtContext context = nullptr;
  CHECK(aclrtCreateContext(&context, 0));
  aclrtStream stream = nullptr;
  CHECK(aclrtCreateStream(&stream));

  void *x = nullptr, *y = nullptr, *y_copy = nullptr;
  CHECK(aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&y, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&y_copy, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  const int64_t shape[] = {count};
  const int64_t strides[] = {1};
  aclTensor* self = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
  aclTensor* out = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, y);

  // Capture: the operator run and a copy of its result are recorded, not run.
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK(aclnnHardswishGetWorkspaceSize(self, out, &workspace_size, &executor));
  void* workspace = nullptr;
  if (workspace_size > 0) CHECK(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  CHECK(aclnnHardswish(workspace, workspace_size, executor, stream));
  CHECK(aclrtMemcpyAsync(y_copy, bytes, y, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
  aclmdlRI model = nullptr;
  CHECK(aclmdlRICaptureEnd(stream, &model));

  pthread_t reporter;
  pthread_create(&reporter, nullptr, ReportThread, context);
  CHECK(aclrtSubscribeReport(static_cast<uint64_t>(reporter), stream));

  aclrtEvent start = nullptr, stop = nullptr;
  CHECK(aclrtCreateEventWithFlag(&start, ACL_EVENT_TIME_LINE));
  CHECK(aclrtCreateEventWithFlag(&stop, ACL_EVENT_TIME_LINE));

  const int replays = 3;
  int mismatches = 0;
  std::vector<float> input(count), result(count);
  for (int replay = 0; replay < replays; ++replay) {
    for (int64_t i = 0; i < count; ++i) input[i] = -5.0f + 10.0f * i / count + 0.5f * replay;
    CHECK(aclrtMemcpy(x, bytes, input.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtRecordEvent(start, stream));
    CHECK(aclmdlRIExecuteAsync(model, stream));
    CHECK(aclrtRecordEvent(stop, stream));
    CHECK(aclrtLaunchCallback(CountReplay, &callbacks_seen, ACL_CALLBACK_BLOCK, stream));
    CHECK(aclrtSynchronizeStream(stream));
    float ms = 0.0f;
    CHECK(aclrtEventElapsedTime(&ms, start, stop));
    CHECK(aclrtMemcpy(result.data(), bytes, y_copy, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    int wrong = 0;
    for (int64_t i = 0; i < count; ++i) {
      if (std::fabs(result[i] - Reference(input[i])) > 1e-5f) ++wrong;
    }
    std::printf("replay %d: %.3f ms, %d of %lld values differ from hardswish(x)\n", replay, ms, wrong,
                static_cast<long long>(count));
    mismatches += wrong;
  }

  CHECK(aclrtUnSubscribeReport(static_cast<uint64_t>(reporter), stream));
  reporting.store(false);
  pthread_join(reporter, nullptr);
  std::printf("callbacks run by the report thread: %d of %d\n", callbacks_seen.load(), replays);

  CHECK(aclmdlRIDestroy(model));
  aclDestroyTensor(self);
  aclDestroyTensor(out);
  CHECK(aclrtDestroyEvent(start));
  CHECK(aclrtDestroyEvent(stop));
  // Forced teardown: the device goes with its streams, contexts and memory references at once.
  CHECK(aclrtResetDeviceForce(0));
  CHECK(aclFinalize());
  const bool ok = mismatches == 0 && callbacks_seen.load() == replays;
  std::printf("%s\n", ok ? "stream capture and replay: passed" : "stream capture and replay: FAILED");
  return ok ? 0 : 1;
}
