// The cost of overflow detection (runtime/overflow_status.h): aclnnHardswishBackwardV2, fp32, in
// INF_NAN mode, in saturation mode with the stream switch off, and on; medians of 201 runs (21 at
// 2^24), synchronised each. Prints one line per size. Run: build/bench/overflow_detection_cost
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"

static double RunMs(aclrtStream s, void* g, void* x, void* y, int64_t n, int reps) {
  int64_t shape[1] = {n}, strides[1] = {1};
  aclTensor* tg = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, g);
  aclTensor* tx = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
  aclTensor* ty = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, y);
  std::vector<double> times;
  void* ws = nullptr;
  uint64_t ws_size = 0;
  for (int r = 0; r < reps; ++r) {
    aclOpExecutor* e = nullptr;
    uint64_t size = 0;
    aclnnHardswishBackwardV2GetWorkspaceSize(tg, tx, ty, &size, &e);
    if (size > ws_size) {
      if (ws) aclrtFree(ws);
      aclrtMalloc(&ws, size, ACL_MEM_MALLOC_HUGE_FIRST);
      ws_size = size;
    }
    auto t0 = std::chrono::steady_clock::now();
    aclnnHardswishBackwardV2(ws, size, e, s);
    aclrtSynchronizeStream(s);
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(times.begin(), times.end());
  aclDestroyTensor(tg);
  aclDestroyTensor(tx);
  aclDestroyTensor(ty);
  return times[times.size() / 2];
}

int main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream s;
  aclrtCreateStream(&s);
  for (int64_t n : {int64_t{1} << 16, int64_t{1} << 20, int64_t{1} << 24}) {
    void *g, *x, *y;
    aclrtMalloc(&g, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&x, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&y, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<float> h(n);
    for (int64_t i = 0; i < n; ++i) h[i] = (i % 97) * 0.07f - 3.3f;
    aclrtMemcpy(g, n * 4, h.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(x, n * 4, h.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    const int reps = n <= (1 << 20) ? 201 : 21;
    aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN);
    aclrtSetStreamOverflowSwitch(s, 0);
    double infnan = RunMs(s, g, x, y, n, reps);
    aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION);
    double sat_off = RunMs(s, g, x, y, n, reps);
    aclrtSetStreamOverflowSwitch(s, 1);
    double sat_on = RunMs(s, g, x, y, n, reps);
    std::printf("n=2^%d  INF_NAN %.4f ms  saturation, switch off %.4f ms  switch on %.4f ms  (x%.2f)\n",
                __builtin_ctzll(n), infnan, sat_off, sat_on, sat_on / sat_off);
    aclrtFree(g);
    aclrtFree(x);
    aclrtFree(y);
  }
  aclrtDestroyStream(s);
  aclrtResetDevice(0);
  aclFinalize();
}
