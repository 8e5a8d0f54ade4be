// Recovering a stream stuck behind a peer that never answers, the way collective-communication
// libraries use CANN's runtime: a device-use-only stream waits for a flag a peer should write
// before it copies the received data, while the compute stream keeps the vector cores busy (a
// monitor reads their utilisation). The peer never writes: a synchronisation with a timeout
// notices, aclrtStreamStop stops the waiting task and the copy behind it, and the stopped stream
// is destroyed with aclrtDestroyStreamForce and replaced (CANN's aclrtStreamAbort does not take
// device-use-only streams).
//
// Exits 0 when the stopped stream reports the stop (507000) instead of hanging, the copy behind
// the wait never ran, the new stream works, and the utilisation read while computing is in
// [1, 100].
#include <cstdint>
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

#define EXPECT(condition)                                               \
  do {                                                                  \
    if (!(condition)) {                                                 \
      std::fprintf(stderr, "expected %s (line %d)\n", #condition, __LINE__); \
      return 1;                                                         \
    }                                                                   \
  } while (0)

int main() {
  CHECK(aclInit(nullptr));
  CHECK(aclrtSetDevice(0));
  aclrtStream compute = nullptr, collective = nullptr;
  CHECK(aclrtCreateStream(&compute));
  // Atlas A2/A3 stop only device-use-only streams.
  CHECK(aclrtCreateStreamWithConfig(&collective, 0, ACL_STREAM_DEVICE_USE_ONLY));

  // The compute stream: hardswish over 4M floats, run back to back for half a second.
  const int64_t count = int64_t{1} << 22;
  const size_t bytes = static_cast<size_t>(count) * sizeof(float);
  void *x = nullptr, *y = nullptr;
  CHECK(aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&y, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMemset(x, bytes, 0, bytes));
  const int64_t shape[] = {count};
  const int64_t strides[] = {1};
  aclTensor* self = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
  aclTensor* out = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, y);
  aclrtEvent start = nullptr, end = nullptr;
  CHECK(aclrtCreateEventWithFlag(&start, ACL_EVENT_TIME_LINE));
  CHECK(aclrtCreateEventWithFlag(&end, ACL_EVENT_TIME_LINE));
  CHECK(aclrtRecordEvent(start, compute));
  float elapsed_ms = 0.0f;
  int runs = 0;
  while (elapsed_ms < 500.0f) {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    CHECK(aclnnHardswishGetWorkspaceSize(self, out, &workspace_size, &executor));
    EXPECT(workspace_size == 0);  // a contiguous run of the forward needs none
    CHECK(aclnnHardswish(nullptr, 0, executor, compute));
    CHECK(aclrtRecordEvent(end, compute));
    CHECK(aclrtSynchronizeEvent(end));
    CHECK(aclrtEventElapsedTime(&elapsed_ms, start, end));
    ++runs;
  }
  aclrtUtilizationInfo utilization = {};
  CHECK(aclrtGetDeviceUtilizationRate(0, &utilization));
  std::printf("%d hardswish runs in %.0f ms; utilisation of the last window: vector %d%%, cube %d%%, AI CPU %d%%\n",
              runs, elapsed_ms, utilization.vectorUtilization, utilization.cubeUtilization,
              utilization.aicpuUtilization);
  EXPECT(utilization.vectorUtilization >= 1 && utilization.vectorUtilization <= 100);

  // The collective stream: wait for the peer's flag, then "receive" (a copy).
  void *flag = nullptr, *received = nullptr, *staging = nullptr;
  CHECK(aclrtMalloc(&flag, sizeof(uint64_t), ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&received, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&staging, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMemset(flag, sizeof(uint64_t), 0, sizeof(uint64_t)));
  CHECK(aclrtMemset(received, 64, 0, 64));
  CHECK(aclrtMemset(staging, 64, 0x5A, 64));
  CHECK(aclrtValueWait(flag, 1, ACL_STREAM_WAIT_VALUE_EQ, collective));
  CHECK(aclrtMemcpyAsync(received, 64, staging, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, collective));

  const aclError waited = aclrtSynchronizeStreamWithTimeout(collective, 100);
  std::printf("synchronising the collective stream for 100 ms: %d (the peer never wrote its flag)\n", waited);
  EXPECT(waited != ACL_SUCCESS);

  CHECK(aclrtStreamStop(collective));
  const aclError after_stop = aclrtSynchronizeStream(collective);
  std::printf("after aclrtStreamStop, synchronising: %d (the stream is stopped)\n", after_stop);
  EXPECT(after_stop == ACL_ERROR_RT_INTERNAL_ERROR);
  std::vector<uint8_t> host(64, 0xFF);
  CHECK(aclrtMemcpy(host.data(), 64, received, 64, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT(host == std::vector<uint8_t>(64, 0));  // the copy behind the wait never ran
  CHECK(aclrtDestroyStreamForce(collective));

  // A new stream: the peer's data arrives by another route and is copied.
  CHECK(aclrtCreateStreamWithConfig(&collective, 0, ACL_STREAM_DEVICE_USE_ONLY));
  CHECK(aclrtMemcpyAsync(received, 64, staging, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, collective));
  CHECK(aclrtSynchronizeStream(collective));
  CHECK(aclrtMemcpy(host.data(), 64, received, 64, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT(host == std::vector<uint8_t>(64, 0x5A));
  std::printf("a new collective stream copied the 64 bytes\n");

  aclDestroyTensor(self);
  aclDestroyTensor(out);
  CHECK(aclrtDestroyEvent(start));
  CHECK(aclrtDestroyEvent(end));
  CHECK(aclrtFree(x));
  CHECK(aclrtFree(y));
  CHECK(aclrtFree(flag));
  CHECK(aclrtFree(received));
  CHECK(aclrtFree(staging));
  CHECK(aclrtDestroyStream(collective));
  CHECK(aclrtDestroyStream(compute));
  CHECK(aclrtResetDevice(0));
  CHECK(aclFinalize());
  return 0;
}
