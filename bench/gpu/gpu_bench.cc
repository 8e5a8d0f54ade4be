// The GPU benchmark (docs/gpu.md): aclnnHardswishBackwardV2 on the CUDA backend, end to end (both
// phases + aclrtSynchronizeStream), its kernel alone (the backend's launch, which waits for the
// GPU), and a roofline kernel moving the same bytes (read both inputs, write the output) launched
// and waited for the same way — all in this process, median of the repetitions. Also the
// roofline's back-to-back bandwidth (CUDA events over many launches), a two-phase call of 8
// elements, and a transposed 4096x4096 view against the contiguous one.
//
// Prints one JSON object per line; scripts/gpu_check.sh joins them with PyTorch's figures.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "runtime/device_backend.h"

extern "C" const AhDeviceBackend* aclnnHostDeviceBackend(void);

// bench/gpu/roofline.cu (CUDA's headers and CANN's acl_rt.h both define dim3, so the CUDA code
// lives in its own translation unit).
void RooflineLaunchAndWait(int64_t words, const void* a, const void* b, void* out);
double RooflineBurstSeconds(int64_t words, const void* a, const void* b, void* out, int launches);

namespace {

#define CHECK(call)                                                                         \
  do {                                                                                      \
    const long long status_ = static_cast<long long>(call);                                 \
    if (status_ != 0) {                                                                     \
      std::fprintf(stderr, "%s failed: %lld (%s)\n", #call, status_, aclGetRecentErrMsg()); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <typename Body>
double MedianSeconds(int reps, Body&& body) {
  body();  // warm-up
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    const auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return Median(times);
}

size_t SizeOf(aclDataType dtype) { return dtype == ACL_FLOAT ? 4 : 2; }
const char* NameOf(aclDataType dtype) { return dtype == ACL_FLOAT ? "fp32" : dtype == ACL_FLOAT16 ? "fp16" : "bf16"; }

struct Buffers {
  void* g = nullptr;
  void* x = nullptr;
  void* out = nullptr;
};

void Case(aclrtStream stream, const AhDeviceBackend* backend, aclDataType dtype, int64_t n, bool transposed) {
  const size_t bytes = static_cast<size_t>(n) * SizeOf(dtype);
  Buffers b;
  CHECK(aclrtMalloc(&b.g, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&b.x, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&b.out, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMemset(b.g, bytes, 0x3C, bytes));
  CHECK(aclrtMemset(b.x, bytes, 0x3F, bytes));
  std::vector<int64_t> shape = {n};
  std::vector<int64_t> strides = {1};
  if (transposed) {  // a square view with swapped strides
    int64_t side = 1;
    while (side * side < n) side *= 2;
    shape = {side, side};
    strides = {1, side};
  }
  aclTensor* tg = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, &n, 1, b.g);
  aclTensor* tx = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, &n, 1, b.x);
  aclTensor* to = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, &n, 1, b.out);
  const int reps = n >= (int64_t{1} << 26) ? 10 : 50;
  // The workspace phase one asks for (the AscendC library workspace on A2/A3) is allocated once,
  // as a framework's caching allocator would hand it out; the calls are timed without it.
  uint64_t workspace_bytes = 0;
  void* workspace = nullptr;
  {
    aclOpExecutor* executor = nullptr;
    CHECK(aclnnHardswishBackwardV2GetWorkspaceSize(tg, tx, to, &workspace_bytes, &executor));
    CHECK(aclSetAclOpExecutorRepeatable(executor));
    CHECK(aclDestroyAclOpExecutor(executor));
    if (workspace_bytes > 0) CHECK(aclrtMalloc(&workspace, workspace_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  }
  const double e2e = MedianSeconds(reps, [&] {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    CHECK(aclnnHardswishBackwardV2GetWorkspaceSize(tg, tx, to, &workspace_size, &executor));
    CHECK(aclnnHardswishBackwardV2(workspace, workspace_size, executor, stream));
    CHECK(aclrtSynchronizeStream(stream));
  });
  if (workspace != nullptr) CHECK(aclrtFree(workspace));
  AhElementwiseLaunch launch{};
  launch.op = AH_DEVICE_OP_HARDSWISH_GRAD_V2;
  launch.num_inputs = 2;
  const int32_t format = dtype == ACL_FLOAT ? 0 : dtype == ACL_FLOAT16 ? 1 : 2;
  launch.formats[0] = launch.formats[1] = launch.formats[2] = format;
  launch.rank = 1;
  launch.count = n;
  launch.sizes[0] = n;
  for (int k = 0; k < 3; ++k) launch.byte_strides[k][0] = static_cast<int64_t>(SizeOf(dtype));
  launch.bases[0] = b.g;
  launch.bases[1] = b.x;
  launch.bases[2] = b.out;
  char error[256];
  const double kernel =
      MedianSeconds(reps, [&] { CHECK(backend->launch_elementwise(0, &launch, error, sizeof(error))); });
  const int64_t words = static_cast<int64_t>(bytes / 4);  // 16-bit data moved as 32-bit words
  const double roofline = MedianSeconds(reps, [&] { RooflineLaunchAndWait(words, b.g, b.x, b.out); });
  // The roofline's back-to-back rate: the device's bandwidth for these bytes.
  const int burst = 20;
  const double burst_seconds = RooflineBurstSeconds(words, b.g, b.x, b.out, burst);
  const double moved = 3.0 * static_cast<double>(bytes);
  std::printf(
      "{\"dtype\": \"%s\", \"n\": %lld, \"layout\": \"%s\", \"e2e_us\": %.3f, \"kernel_us\": %.3f, \"roofline_us\": "
      "%.3f, "
      "\"e2e_gbps\": %.1f, \"kernel_gbps\": %.1f, \"roofline_gbps\": %.1f, \"roofline_burst_gbps\": %.1f}\n",
      NameOf(dtype), static_cast<long long>(n), transposed ? "transposed" : "contiguous", e2e * 1e6, kernel * 1e6,
      roofline * 1e6, moved / e2e / 1e9, moved / kernel / 1e9, moved / roofline / 1e9,
      moved * burst / burst_seconds / 1e9);
  std::fflush(stdout);
  aclDestroyTensor(tg);
  aclDestroyTensor(tx);
  aclDestroyTensor(to);
  CHECK(aclrtFree(b.g));
  CHECK(aclrtFree(b.x));
  CHECK(aclrtFree(b.out));
}

}  // namespace

int main(int argc, char** argv) {
  const int max_log2 = argc > 1 ? std::atoi(argv[1]) : 28;
  setenv("ACLNN_HOST_BACKEND", "cuda", 0);
  CHECK(aclInit(nullptr));
  CHECK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK(aclrtCreateStream(&stream));
  const AhDeviceBackend* backend = aclnnHostDeviceBackend();
  Case(stream, backend, ACL_FLOAT, 8, false);
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (int log2 = 10; log2 <= max_log2; log2 += 2) Case(stream, backend, dtype, int64_t{1} << log2, false);
  }
  Case(stream, backend, ACL_FLOAT, int64_t{1} << 24, true);  // 4096 x 4096 transposed
  CHECK(aclrtDestroyStream(stream));
  CHECK(aclrtResetDevice(0));
  CHECK(aclFinalize());
  return 0;
}
