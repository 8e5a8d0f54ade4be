// What a framework's device layer does around its streams, the way PyTorch-style adapters use
// CANN's runtime: a plugin hooks aclInit and aclFinalize, a resource tracker follows devices and
// streams through the state callbacks, a compute stream is made stop-on-failure and tagged, and a
// side stream is confined to a few vector cores for the thread that issues to it. An operator runs
// on each stream; the tracker must end with no stream alive.
//
// Exits 0 when both results are hardswish(x), every hook ran in order and the limits read back.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

#define EXPECT(condition)                                                                          \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      std::fprintf(stderr, "expected: %s\n", #condition);                                         \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

namespace {

struct Tracker {
  int plugin_inits = 0;
  int plugin_finalizes = 0;
  int devices_opened = 0;
  int devices_closed = 0;
  int streams_alive = 0;
  int streams_seen = 0;
};
Tracker tracker;

aclError PluginInit(const char*, size_t, void* user) {
  static_cast<Tracker*>(user)->plugin_inits++;
  return ACL_SUCCESS;
}

aclError PluginFinalize(void* user) {
  static_cast<Tracker*>(user)->plugin_finalizes++;
  return ACL_SUCCESS;
}

void OnDevice(int32_t, aclrtDeviceState state, void* user) {
  Tracker* t = static_cast<Tracker*>(user);
  if (state == ACL_RT_DEVICE_STATE_SET_PRE) t->devices_opened++;
  if (state == ACL_RT_DEVICE_STATE_RESET_POST) t->devices_closed++;
}

void OnStream(aclrtStream, aclrtStreamState state, void* user) {
  Tracker* t = static_cast<Tracker*>(user);
  if (state == ACL_RT_STREAM_STATE_CREATE_POST) {
    t->streams_alive++;
    t->streams_seen++;
  } else {
    t->streams_alive--;
  }
}

float Reference(float x) { return x * std::fmin(std::fmax(x + 3.0f, 0.0f), 6.0f) / 6.0f; }

// y = hardswish(x) on `stream`, for `count` floats at device addresses x and y.
int RunHardswish(void* x, void* y, int64_t count, aclrtStream stream) {
  const int64_t shape[] = {count};
  const int64_t strides[] = {1};
  aclTensor* input = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
  aclTensor* output = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, y);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK(aclnnHardswishGetWorkspaceSize(input, output, &workspace_size, &executor));
  void* workspace = nullptr;
  if (workspace_size > 0) CHECK(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclnnHardswish(workspace, workspace_size, executor, stream));
  CHECK(aclrtSynchronizeStream(stream));
  if (workspace != nullptr) CHECK(aclrtFree(workspace));
  aclDestroyTensor(input);
  aclDestroyTensor(output);
  return 0;
}

}  // namespace

int main() {
  // Registered before aclInit, as a plugin's static initialiser would.
  CHECK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, PluginInit, &tracker));
  CHECK(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, PluginFinalize, &tracker));
  CHECK(aclrtRegDeviceStateCallback("tracker", OnDevice, &tracker));
  CHECK(aclrtRegStreamStateCallback("tracker", OnStream, &tracker));

  CHECK(aclInit(nullptr));
  EXPECT(tracker.plugin_inits == 1);
  CHECK(aclrtSetDevice(0));
  EXPECT(tracker.devices_opened == 1);
  EXPECT(tracker.streams_alive == 1);  // the device's default stream

  // The compute stream: stop on the first failure, tagged for the framework's own bookkeeping.
  aclrtStream compute = nullptr;
  CHECK(aclrtCreateStreamWithConfig(&compute, 0, ACL_STREAM_FAST_LAUNCH));
  aclrtStreamAttrValue value;
  std::memset(&value, 0, sizeof(value));
  value.failureMode = ACL_STOP_ON_FAILURE;
  CHECK(aclrtSetStreamAttribute(compute, ACL_STREAM_ATTR_FAILURE_MODE, &value));
  value.userCustomTag = 0x70726f63u;
  CHECK(aclrtSetStreamAttribute(compute, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &value));
  std::memset(&value, 0, sizeof(value));
  CHECK(aclrtGetStreamAttribute(compute, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &value));
  EXPECT(value.userCustomTag == 0x70726f63u);

  // The side stream: at most 4 vector cores for work this thread issues to it.
  aclrtStream side = nullptr;
  CHECK(aclrtCreateStream(&side));
  uint32_t total = 0;
  CHECK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &total));
  CHECK(aclrtSetStreamResLimit(side, ACL_RT_DEV_RES_VECTOR_CORE, 4));
  CHECK(aclrtUseStreamResInCurrentThread(side));
  uint32_t cores = 0;
  CHECK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &cores));
  EXPECT(cores == 4 && total > 4);
  EXPECT(tracker.streams_alive == 3);

  const int64_t kCount = 4096;
  std::vector<float> host(kCount);
  for (int64_t i = 0; i < kCount; ++i) host[i] = -5.0f + 10.0f * static_cast<float>(i) / kCount;
  void* x = nullptr;
  void* y_side = nullptr;
  void* y_compute = nullptr;
  const size_t bytes = kCount * sizeof(float);
  CHECK(aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&y_side, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&y_compute, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMemcpy(x, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  if (RunHardswish(x, y_side, kCount, side) != 0) return 1;  // tiled for 4 cores
  CHECK(aclrtUnuseStreamResInCurrentThread(side));
  if (RunHardswish(x, y_compute, kCount, compute) != 0) return 1;  // tiled for every core

  std::vector<float> side_result(kCount), compute_result(kCount);
  CHECK(aclrtMemcpy(side_result.data(), bytes, y_side, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  CHECK(aclrtMemcpy(compute_result.data(), bytes, y_compute, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  for (int64_t i = 0; i < kCount; ++i) {
    EXPECT(std::fabs(side_result[i] - Reference(host[i])) <= 1e-5f);
    EXPECT(side_result[i] == compute_result[i]);  // the core count changes the split, never a result
  }

  CHECK(aclrtFree(x));
  CHECK(aclrtFree(y_side));
  CHECK(aclrtFree(y_compute));
  CHECK(aclrtDestroyStream(side));
  CHECK(aclrtDestroyStream(compute));
  CHECK(aclrtResetDevice(0));
  EXPECT(tracker.devices_closed == 1);
  EXPECT(tracker.streams_alive == 0 && tracker.streams_seen == 3);
  CHECK(aclFinalize());
  EXPECT(tracker.plugin_finalizes == 1);

  CHECK(aclrtRegStreamStateCallback("tracker", nullptr, nullptr));
  CHECK(aclrtRegDeviceStateCallback("tracker", nullptr, nullptr));
  CHECK(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, PluginFinalize));
  CHECK(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, PluginInit));
  std::printf("framework hooks: %d streams tracked, results match on 4 and %u vector cores\n", tracker.streams_seen,
              total);
  return 0;
}
