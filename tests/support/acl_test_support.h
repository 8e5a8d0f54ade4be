// Shared helpers for the test suite: a runtime session on a chosen SoC profile, device buffers,
// tensors built from a layout description, and the thread's error text.
#ifndef ACLNN_HOST_TESTS_SUPPORT_ACL_TEST_SUPPORT_H_
#define ACLNN_HOST_TESTS_SUPPORT_ACL_TEST_SUPPORT_H_

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "base/executor.h"
#include "runtime/context.h"

namespace test {

/// One line per reported error, "[api] Title(ID): text (error N)" for the first and "[api] text
/// (error N)" for the rest, from CANN's envelope of aclGetRecentErrMsg with the tags every test
/// process asks for (support/error_tags.cc): "[PID: p] time Title(ID): [api] text (error N)",
/// "TraceBack (most recent call last):", then "        [api] text (error N)" per other error.
/// tests/error_envelope_test.cc checks the envelope itself.
inline std::string ErrorLinesOfEnvelope(const std::string& envelope) {
  std::string lines;
  size_t start = 0;
  while (start < envelope.size()) {
    size_t end = envelope.find('\n', start);
    if (end == std::string::npos) end = envelope.size();
    std::string line = envelope.substr(start, end - start);
    start = end + 1;
    const size_t pid = line.find("[PID: ");
    if (pid != std::string::npos) {
      // "<prefix>[PID: p] <time> Title(ID):<one or two spaces>[api] text (error N)"
      const size_t time_end = line.find(' ', line.find("] ", pid) + 2);
      const size_t colon = line.find("): ", time_end);
      const std::string category = line.substr(time_end + 1, colon + 1 - (time_end + 1));
      std::string text = line.substr(colon + 3);
      while (!text.empty() && text[0] == ' ') text.erase(0, 1);
      const size_t api_end = text.find("] ");
      line = api_end == std::string::npos ? category + ": " + text
                                          : text.substr(0, api_end + 2) + category + ": " + text.substr(api_end + 2);
    } else if (line == "TraceBack (most recent call last):" ||
               (line.size() == 23 && line.compare(6, std::string::npos, ": Internal error!") == 0)) {
      continue;
    } else {
      while (!line.empty() && line[0] == ' ') line.erase(0, 1);
    }
    if (!lines.empty()) lines += '\n';
    lines += line;
  }
  return lines;
}

/// The calling thread's accumulated errors as ErrorLinesOfEnvelope's lines, cleared ("" when there
/// are none).
inline std::string TakeErrorMessage() {
  const char* text = aclGetRecentErrMsg();
  return text == nullptr ? std::string() : ErrorLinesOfEnvelope(text);
}

/// aclInit on `soc` (through ACLNN_HOST_SOC), aclrtSetDevice(0) and a stream; undone in reverse.
class RuntimeSession {
 public:
  explicit RuntimeSession(const char* soc = "Ascend910B3") {
    setenv("ACLNN_HOST_SOC", soc, 1);
    EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS) << TakeErrorMessage();
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << TakeErrorMessage();
    EXPECT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS) << TakeErrorMessage();
    TakeErrorMessage();
  }
  ~RuntimeSession() {
    aclrtDestroyStream(stream_);
    aclrtResetDevice(0);
    aclFinalize();
    unsetenv("ACLNN_HOST_SOC");
    TakeErrorMessage();
  }
  RuntimeSession(const RuntimeSession&) = delete;
  RuntimeSession& operator=(const RuntimeSession&) = delete;
  aclrtStream stream() const { return stream_; }

 private:
  aclrtStream stream_ = nullptr;
};

/// The workspace V2's arch22 tiling asks for on the default profile (Ascend910B3, Atlas A2): the
/// AscendC library workspace.
constexpr uint64_t kA2LibraryWorkspace = 16ull * 1024 * 1024;

/// What one tensor of `bytes` takes in upstream's executor workspace: (bytes + 32) rounded up to
/// 512 (opbase's memory_allocator.cpp Align).
constexpr uint64_t AlignedWorkspace(uint64_t bytes) { return (bytes + 32 + 511) / 512 * 512; }

/// Phase one's workspace for the 16 MiB AscendC library (or system) workspace alone: a contiguous
/// call whose kernel declares it (ops/upstream_workspace.h).
constexpr uint64_t kAlignedLibraryWorkspace = AlignedWorkspace(kA2LibraryWorkspace);

/// Phase one's workspace for a contiguous call of `out_bytes` on `soc` whose kernel declares
/// `kernel_workspace` bytes (`declared`): the kernel's workspace, and on Ascend910 (which cannot
/// move unaligned data, so ViewCopy cannot take over the kernel's output) the output too.
inline uint64_t ContiguousCallWorkspace(const std::string& soc, bool declared, uint64_t kernel_workspace,
                                        uint64_t out_bytes) {
  // Ascend910B1..B4 are Atlas A2 and Ascend910_93xx Atlas A3; "Ascend910B" itself is an A1 part.
  const bool a2_or_a3 = soc.rfind("Ascend910_", 0) == 0 || (soc.rfind("Ascend910B", 0) == 0 && soc.size() > 10);
  const bool no_move_align = (soc.rfind("Ascend910", 0) == 0 && !a2_or_a3) || soc.rfind("Ascend310P", 0) == 0;
  return (declared ? AlignedWorkspace(kernel_workspace) : 0) + (no_move_align ? AlignedWorkspace(out_bytes) : 0);
}

/// Bumped at every aclFinalize (which releases every allocation): a cached workspace of an earlier
/// runtime is forgotten.
inline std::atomic<uint64_t>& RuntimeGeneration() {
  static std::atomic<uint64_t> generation{0};
  return generation;
}

/// Device memory of at least `size` bytes for phase two's workspace, as a CANN program allocates
/// it: one block per thread and runtime, grown when a larger one is asked. Blocks are left to
/// aclFinalize, so no call here waits for queued work that uses one. nullptr for 0 bytes.
inline void* WorkspaceOfSize(uint64_t size) {
  static const bool hooked =
      (aclnn_host::Runtime::Get().AddFinalizeHook([] { RuntimeGeneration().fetch_add(1); }), true);
  (void)hooked;
  struct Cached {
    uint64_t generation = ~uint64_t{0};
    void* block = nullptr;
    uint64_t size = 0;
  };
  thread_local Cached cached;
  if (size == 0) return nullptr;
  const uint64_t generation = RuntimeGeneration().load();
  if (cached.generation != generation || cached.size < size) {
    void* block = nullptr;
    // A thread without a device cannot allocate: phase two then reports what it finds first.
    if (aclrtMalloc(&block, size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
      aclGetRecentErrMsg();  // the failed allocation's line is not the test's
      return nullptr;
    }
    cached = Cached{generation, block, size};
  }
  return cached.block;
}

/// Phase two of aclnnHardswishBackwardV2 with the workspace phase one asked for.
inline aclnnStatus RunV2(aclOpExecutor* executor, aclrtStream stream) {
  uint64_t size = aclnn_host::ExecutorWorkspaceSize(executor);
  void* workspace = WorkspaceOfSize(size);
  if (workspace == nullptr) size = 0;
  return aclnnHardswishBackwardV2(workspace, size, executor, stream);
}

/// Device memory from aclrtMalloc, freed on destruction.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes) : bytes_(bytes) {
    EXPECT_EQ(aclrtMalloc(&ptr_, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << TakeErrorMessage();
  }
  ~DeviceBuffer() {
    if (ptr_ != nullptr) aclrtFree(ptr_);
  }
  DeviceBuffer(DeviceBuffer&& other) noexcept : ptr_(other.ptr_), bytes_(other.bytes_) { other.ptr_ = nullptr; }
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    std::swap(ptr_, other.ptr_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  void* get() const { return ptr_; }
  size_t bytes() const { return bytes_; }
  template <typename T>
  void Upload(const std::vector<T>& host) {
    ASSERT_LE(host.size() * sizeof(T), bytes_);
    ASSERT_EQ(aclrtMemcpy(ptr_, bytes_, host.data(), host.size() * sizeof(T), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  }
  template <typename T>
  std::vector<T> Download(size_t count) const {
    std::vector<T> host(count);
    EXPECT_EQ(aclrtMemcpy(host.data(), count * sizeof(T), ptr_, count * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    return host;
  }

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

/// A tensor's layout. Empty `strides` means row-major; empty `storage` means the smallest 1-D
/// storage that holds the view (offset + extent).
struct Layout {
  std::vector<int64_t> view;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  std::vector<int64_t> storage;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
};

inline std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;) strides[i - 1] = strides[i] * dims[i];
  return strides;
}

inline int64_t ElementCount(const std::vector<int64_t>& dims) {
  int64_t count = 1;
  for (int64_t d : dims) count *= d;
  return count;
}

inline std::vector<int64_t> StridesOf(const Layout& layout) {
  return layout.strides.empty() ? RowMajorStrides(layout.view) : layout.strides;
}

/// Elements the storage must hold for the view: offset + sum((d-1)*s) + 1 (0 for empty views).
inline int64_t StorageElementsFor(const Layout& layout) {
  const std::vector<int64_t> strides = StridesOf(layout);
  int64_t last = layout.offset;
  for (size_t i = 0; i < layout.view.size(); ++i) {
    if (layout.view[i] == 0) return 0;
    last += (layout.view[i] - 1) * strides[i];
  }
  return last + 1;
}

inline std::vector<int64_t> StorageOf(const Layout& layout) {
  return layout.storage.empty() ? std::vector<int64_t>{StorageElementsFor(layout)} : layout.storage;
}

/// An aclTensor owned by the test.
class Tensor {
 public:
  Tensor() = default;
  Tensor(const Layout& layout, void* data) {
    const std::vector<int64_t> strides = StridesOf(layout);
    const std::vector<int64_t> storage = StorageOf(layout);
    tensor_ = aclCreateTensor(layout.view.data(), layout.view.size(), layout.dtype, strides.data(), layout.offset,
                              layout.format, storage.data(), storage.size(), data);
    EXPECT_NE(tensor_, nullptr) << TakeErrorMessage();
  }
  ~Tensor() {
    if (tensor_ != nullptr) aclDestroyTensor(tensor_);
  }
  Tensor(Tensor&& other) noexcept : tensor_(other.tensor_) { other.tensor_ = nullptr; }
  Tensor& operator=(Tensor&& other) noexcept {
    std::swap(tensor_, other.tensor_);
    return *this;
  }
  aclTensor* get() const { return tensor_; }

 private:
  aclTensor* tensor_ = nullptr;
};

/// Element index (into storage) of the i-th element of the view in row-major order.
inline int64_t StorageIndex(const Layout& layout, int64_t linear) {
  const std::vector<int64_t> strides = StridesOf(layout);
  int64_t index = layout.offset;
  for (size_t d = layout.view.size(); d-- > 0;) {
    index += (linear % layout.view[d]) * strides[d];
    linear /= layout.view[d];
  }
  return index;
}

/// Phase one + phase two + synchronize of aclnnHardswishBackwardV2; returns the first failure.
inline aclnnStatus RunHardswishBackwardV2(const aclTensor* grad, const aclTensor* self, aclTensor* out,
                                          aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status = aclnnHardswishBackwardV2GetWorkspaceSize(grad, self, out, &workspace_size, &executor);
  if (status != ACLNN_SUCCESS) return status;
  DeviceBuffer workspace;
  if (workspace_size > 0) workspace = DeviceBuffer(workspace_size);
  status = aclnnHardswishBackwardV2(workspace.get(), workspace_size, executor, stream);
  if (status != ACLNN_SUCCESS) return status;
  return aclrtSynchronizeStream(stream);
}

}  // namespace test

#endif  // ACLNN_HOST_TESTS_SUPPORT_ACL_TEST_SUPPORT_H_
