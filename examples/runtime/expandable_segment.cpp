// A growable tensor pool, the way PyTorch's expandable segments drive CANN's virtual memory: one
// large address reservation, physical pieces mapped into it one after another as the pool grows,
// an operator whose input and output each span two pieces, then the pieces unmapped and freed.
//
// Exits 0 when the operator's result, read back across the piece boundary, is hardswish(x).
#include <cmath>
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

namespace {

// hardswish within a tolerance: the exact bits are the operator's business, not this example's.
float Reference(float x) { return x * std::fmin(std::fmax(x + 3.0f, 0.0f), 6.0f) / 6.0f; }

}  // namespace

int main() {
  CHECK(aclInit(nullptr));
  CHECK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK(aclrtCreateStream(&stream));

  aclrtPhysicalMemProp prop = {};
  prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
  prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  prop.memAttr = ACL_HBM_MEM_HUGE;
  prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  size_t piece = 0;
  CHECK(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &piece));

  // Room for eight pieces; the pool grows to three as the tensors need.
  const int kMaxPieces = 8;
  void* pool = nullptr;
  CHECK(aclrtReserveMemAddress(&pool, kMaxPieces * piece, 0, nullptr, 0));
  std::vector<aclrtDrvMemHandle> pieces;
  for (int i = 0; i < 3; ++i) {
    aclrtDrvMemHandle handle = nullptr;
    CHECK(aclrtMallocPhysical(&handle, piece, &prop, 0));
    void* at = static_cast<uint8_t*>(pool) + i * piece;
    CHECK(aclrtMapMem(at, piece, 0, handle, 0));
    aclrtMemAccessDesc access = {};
    access.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    access.location = prop.location;
    CHECK(aclrtMemSetAccess(at, piece, &access, 1));
    pieces.push_back(handle);
  }

  // x and y, each half a piece, placed so that x straddles the first boundary and y the second.
  const int64_t count = static_cast<int64_t>(piece / 2 / sizeof(float));
  const size_t bytes = static_cast<size_t>(count) * sizeof(float);
  void* x = static_cast<uint8_t*>(pool) + piece - bytes / 2;
  void* y = static_cast<uint8_t*>(pool) + 2 * piece - bytes / 2;
  std::vector<float> input(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) input[static_cast<size_t>(i)] = -6.0f + 12.0f * static_cast<float>(i) / count;
  CHECK(aclrtMemcpy(x, bytes, input.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));

  const int64_t shape[] = {count};
  const int64_t strides[] = {1};
  aclTensor* self = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
  aclTensor* out = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, y);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK(aclnnHardswishGetWorkspaceSize(self, out, &workspace_size, &executor));
  void* workspace = nullptr;
  if (workspace_size > 0) CHECK(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclnnHardswish(workspace, workspace_size, executor, stream));
  CHECK(aclrtSynchronizeStream(stream));

  std::vector<float> output(static_cast<size_t>(count));
  CHECK(aclrtMemcpy(output.data(), bytes, y, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  int wrong = 0;
  for (size_t i = 0; i < output.size(); ++i) {
    if (std::fabs(output[i] - Reference(input[i])) > 1e-5f) ++wrong;
  }

  // The pool shrinks back: unmapping waits for work still using it; then the pieces are freed.
  aclDestroyTensor(self);
  aclDestroyTensor(out);
  if (workspace != nullptr) CHECK(aclrtFree(workspace));
  for (size_t i = 0; i < pieces.size(); ++i) {
    CHECK(aclrtUnmapMem(static_cast<uint8_t*>(pool) + i * piece));
    CHECK(aclrtFreePhysical(pieces[i]));
  }
  CHECK(aclrtReleaseMemAddress(pool));
  CHECK(aclrtDestroyStream(stream));
  CHECK(aclrtResetDevice(0));
  CHECK(aclFinalize());
  std::printf("expandable segment: %lld elements across %zu-byte pieces, %d wrong\n",
              static_cast<long long>(count), piece, wrong);
  return wrong == 0 ? 0 : 1;
}
