// Host memory registration: aclrtHostRegister(V2), aclrtHostGetDevicePointer, aclrtHostUnregister.
// A mapped range serves operators as device memory (zero copy), copies still refuse it as a device
// side, the checks give the codes upstream's runtime returns, and unregistering (or freeing the
// aclrtMallocHost block underneath) waits for queued work that uses the range.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_relu.h"
#include "runtime/memory.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"
#include "support/stream_gate.h"

namespace {

using test::FailsWith;
using test::Succeeds;

constexpr size_t kPage = 4096;

/// Page-aligned pageable host memory (what malloc-style memory is), freed on destruction.
class PageBuffer {
 public:
  explicit PageBuffer(size_t bytes) : ptr_(std::aligned_alloc(kPage, (bytes + kPage - 1) / kPage * kPage)) {}
  ~PageBuffer() { std::free(ptr_); }
  PageBuffer(const PageBuffer&) = delete;
  PageBuffer& operator=(const PageBuffer&) = delete;
  float* floats() const { return static_cast<float*>(ptr_); }
  char* bytes() const { return static_cast<char*>(ptr_); }

 private:
  void* ptr_;
};

test::Tensor Vector(int64_t n, void* data) {
  test::Layout layout;
  layout.view = {n};
  return test::Tensor(layout, data);
}

/// aclnnRelu of n floats from `x` into `y`, issued on `stream` (not synchronised).
aclnnStatus IssueRelu(int64_t n, void* x, void* y, aclrtStream stream) {
  test::Tensor xt = Vector(n, x), yt = Vector(n, y);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus first = aclnnReluGetWorkspaceSize(xt.get(), yt.get(), &workspace_size, &executor);
  if (first != ACLNN_SUCCESS) return first;
  // Relu asks for the 950's library workspace, or a temporary for a misaligned tensor.
  void* workspace = test::WorkspaceOfSize(workspace_size);
  return aclnnRelu(workspace, workspace == nullptr ? 0 : workspace_size, executor, stream);
}

TEST(AclHostRegister, MappedHostMemoryRunsAnOperatorWithoutCopies) {
  test::RuntimeSession session;
  constexpr int64_t n = 1000;
  PageBuffer x(n * sizeof(float)), y(n * sizeof(float));
  for (int64_t i = 0; i < n; ++i) x.floats()[i] = static_cast<float>(i % 7) - 3.0f;
  void* x_device = nullptr;
  ASSERT_TRUE(Succeeds(aclrtHostRegister(x.bytes(), n * sizeof(float), ACL_HOST_REGISTER_MAPPED, &x_device)));
  EXPECT_EQ(x_device, x.bytes());  // the emulated device shares the host's addresses
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(y.bytes(), n * sizeof(float), ACL_HOST_REG_MAPPED | ACL_HOST_REG_PINNED)));
  void* y_device = nullptr;
  ASSERT_TRUE(Succeeds(aclrtHostGetDevicePointer(y.bytes(), &y_device, 0)));
  ASSERT_EQ(IssueRelu(n, x_device, y_device, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(y.floats()[i], x.floats()[i] > 0 ? x.floats()[i] : 0.0f) << i;
  aclrtPtrAttributes attributes;
  ASSERT_TRUE(Succeeds(aclrtPointerGetAttributes(x.bytes(), &attributes)));
  EXPECT_EQ(attributes.location.type, ACL_MEM_LOCATION_TYPE_HOST);
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(x.bytes())));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(y.bytes())));
  // Unregistered, the same memory is host memory again, which no kernel can reach.
  EXPECT_TRUE(FailsWith(IssueRelu(n, x.bytes(), y.bytes(), session.stream()), ACLNN_ERR_PARAM_INVALID, "aclnnRelu",
                        {"is not device memory"}));
}

TEST(AclHostRegister, UpstreamZeroCopyFlowOnMallocHostMemory) {
  // The order of the runtime's own example: aclrtMallocHost, V2 MAPPED, the device pointer, a
  // kernel, synchronise, unregister, free.
  test::RuntimeSession session("Ascend950PR");
  constexpr int64_t n = 8192;
  void* host = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, 2 * n * sizeof(float))));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(host) % kPage, 0u);
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(host, 2 * n * sizeof(float), ACL_HOST_REG_MAPPED)));
  void* device = nullptr;
  ASSERT_TRUE(Succeeds(aclrtHostGetDevicePointer(host, &device, 0)));
  float* values = static_cast<float*>(host);
  for (int64_t i = 0; i < n; ++i) values[i] = (i % 2 == 0) ? -1.5f : 2.5f;
  ASSERT_EQ(IssueRelu(n, device, static_cast<float*>(device) + n, session.stream()), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(values[n + i], (i % 2 == 0) ? 0.0f : 2.5f) << i;
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(host)));
  EXPECT_TRUE(Succeeds(aclrtFreeHost(host)));
}

TEST(AclHostRegister, ChecksGiveUpstreamsCodes) {
  test::RuntimeSession session;
  PageBuffer buffer(4 * kPage);
  void* device = nullptr;
  char* base = buffer.bytes();
  EXPECT_TRUE(FailsWith(aclrtHostRegister(nullptr, 64, ACL_HOST_REGISTER_MAPPED, &device), ACL_ERROR_INVALID_PARAM,
                        "aclrtHostRegister", {"nullptr"}));
  EXPECT_TRUE(FailsWith(aclrtHostRegister(base, 64, ACL_HOST_REGISTER_MAPPED, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtHostRegister"));
  EXPECT_TRUE(FailsWith(aclrtHostRegister(base, 0, ACL_HOST_REGISTER_MAPPED, &device), ACL_ERROR_INVALID_PARAM,
                        "aclrtHostRegister", {"size"}));
  EXPECT_TRUE(FailsWith(aclrtHostRegister(base, 64, ACL_HOST_REGISTER_IOMEMORY, &device),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtHostRegister", {"0x4", "reserved"}));
  EXPECT_TRUE(FailsWith(aclrtHostRegister(base, 64, static_cast<aclrtHostRegisterType>(1), &device),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtHostRegister"));
  EXPECT_TRUE(
      FailsWith(aclrtHostRegisterV2(base, 64, 0), ACL_ERROR_RT_PARAM_INVALID, "aclrtHostRegisterV2", {"flag 0x0"}));
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(base, 64, 0x1), ACL_ERROR_RT_PARAM_INVALID, "aclrtHostRegisterV2"));
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(base, 64, ACL_HOST_REG_MAPPED | ACL_HOST_REG_READONLY),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtHostRegisterV2", {"reserved"}));
  EXPECT_TRUE(FailsWith(aclrtHostRegister(base + 64, 64, ACL_HOST_REGISTER_MAPPED, &device), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostRegister", {"4 KB"}));
  EXPECT_TRUE(
      FailsWith(aclrtHostRegisterV2(nullptr, 64, ACL_HOST_REG_MAPPED), ACL_ERROR_INVALID_PARAM, "aclrtHostRegisterV2"));

  // Overlap: any shared byte is 507910; the adjacent page is free to register.
  ASSERT_TRUE(Succeeds(aclrtHostRegister(base, 2 * kPage, ACL_HOST_REGISTER_MAPPED, &device)));
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(base, kPage, ACL_HOST_REG_MAPPED), ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
                        "aclrtHostRegisterV2", {"overlaps"}));
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(base + kPage, kPage, ACL_HOST_REG_MAPPED),
                        ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED, "aclrtHostRegisterV2"));
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(base + 2 * kPage, kPage, ACL_HOST_REG_PINNED)));

  // The device pointer: flag 0, the exact base of a mapped registration.
  EXPECT_TRUE(FailsWith(aclrtHostGetDevicePointer(base, &device, 1), ACL_ERROR_INVALID_PARAM,
                        "aclrtHostGetDevicePointer", {"flag"}));
  EXPECT_TRUE(
      FailsWith(aclrtHostGetDevicePointer(nullptr, &device, 0), ACL_ERROR_INVALID_PARAM, "aclrtHostGetDevicePointer"));
  EXPECT_TRUE(FailsWith(aclrtHostGetDevicePointer(base + 64, &device, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostGetDevicePointer", {"not the start"}));
  EXPECT_TRUE(FailsWith(aclrtHostGetDevicePointer(base + 2 * kPage, &device, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostGetDevicePointer", {"ACL_HOST_REG_PINNED only"}));
  EXPECT_TRUE(FailsWith(aclrtHostGetDevicePointer(base + 3 * kPage, &device, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostGetDevicePointer"));

  // Unregister: the exact base of a registration, once.
  EXPECT_TRUE(FailsWith(aclrtHostUnregister(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtHostUnregister"));
  EXPECT_TRUE(FailsWith(aclrtHostUnregister(base + kPage), ACL_ERROR_HOST_MEMORY_NOT_REGISTERED, "aclrtHostUnregister",
                        {"not the start"}));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(base)));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(base + 2 * kPage)));
  EXPECT_TRUE(FailsWith(aclrtHostUnregister(base), ACL_ERROR_HOST_MEMORY_NOT_REGISTERED, "aclrtHostUnregister"));

  // Device memory is not host memory; aclrtMallocHost memory is page-locked already.
  test::DeviceBuffer device_memory(kPage);
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(device_memory.get(), 64, ACL_HOST_REG_MAPPED), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostRegisterV2", {"device memory"}));
  void* locked = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&locked, kPage)));
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(locked, kPage, ACL_HOST_REG_PINNED), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostRegisterV2", {"page-locked"}));
  EXPECT_TRUE(Succeeds(aclrtFreeHost(locked)));
}

TEST(AclHostRegister, OnlyTheProductsUpstreamListsAndOnlyWithADevice) {
  PageBuffer buffer(kPage);
  void* device = nullptr;
  {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_NE(aclrtHostRegisterV2(buffer.bytes(), 64, ACL_HOST_REG_MAPPED), ACL_SUCCESS);  // no device set
    EXPECT_NE(test::TakeErrorMessage(), "");
    aclFinalize();
  }
  for (const char* soc : {"Ascend910B", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    EXPECT_TRUE(FailsWith(aclrtHostRegister(buffer.bytes(), 64, ACL_HOST_REGISTER_MAPPED, &device),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtHostRegister", {"Atlas A2, Atlas A3 and Ascend 950"}))
        << soc;
  }
  for (const char* soc : {"Ascend910B3", "Ascend910_9391", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    EXPECT_TRUE(Succeeds(aclrtHostRegisterV2(buffer.bytes(), 64, ACL_HOST_REG_MAPPED))) << soc;
    EXPECT_TRUE(Succeeds(aclrtHostUnregister(buffer.bytes()))) << soc;
  }
}

TEST(AclHostRegister, CopiesTakeTheRangeAsHostMemoryOnly) {
  test::RuntimeSession session;
  PageBuffer buffer(kPage);
  void* mapped = nullptr;
  ASSERT_TRUE(Succeeds(aclrtHostRegister(buffer.bytes(), kPage, ACL_HOST_REGISTER_MAPPED, &mapped)));
  test::DeviceBuffer device(kPage);
  std::memset(buffer.bytes(), 7, kPage);
  EXPECT_TRUE(Succeeds(aclrtMemcpy(device.get(), kPage, buffer.bytes(), kPage, ACL_MEMCPY_HOST_TO_DEVICE)));
  EXPECT_TRUE(Succeeds(aclrtMemcpy(buffer.bytes(), kPage, device.get(), kPage, ACL_MEMCPY_DEVICE_TO_HOST)));
  // CANN: the device address is for kernels, not for memory operations.
  EXPECT_TRUE(FailsWith(aclrtMemcpy(mapped, kPage, device.get(), kPage, ACL_MEMCPY_DEVICE_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"dst", "serves kernels, not copies"}));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(buffer.bytes())));
}

TEST(AclHostRegister, KernelsStayInsideTheRegistrationAndNeedAMapping) {
  test::RuntimeSession session;
  PageBuffer buffer(3 * kPage);
  char* base = buffer.bytes();
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(base, kPage, ACL_HOST_REG_MAPPED)));
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(base + kPage, kPage, ACL_HOST_REG_PINNED)));
  const int64_t n = kPage / sizeof(float);
  // 4 bytes into the next (pinned-only) page: past the end of the registration.
  EXPECT_TRUE(FailsWith(IssueRelu(n, base + 4, base, session.stream()), ACLNN_ERR_PARAM_INVALID, "aclnnRelu",
                        {"tensor self", "runs 4 bytes past the end of its registration"}));
  EXPECT_TRUE(FailsWith(IssueRelu(16, base, base + kPage, session.stream()), ACLNN_ERR_PARAM_INVALID, "aclnnRelu",
                        {"tensor out", "ACL_HOST_REG_PINNED only"}));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(base)));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(base + kPage)));
}

TEST(AclHostRegister, UnregisterAndFreeHostWaitForQueuedWork) {
  test::RuntimeSession session;
  constexpr int64_t n = 256;
  void* host = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, 2 * n * sizeof(float))));
  float* values = static_cast<float*>(host);
  for (int64_t i = 0; i < n; ++i) values[i] = -1.0f + static_cast<float>(i);
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(host, 2 * n * sizeof(float), ACL_HOST_REG_MAPPED)));
  auto& registry = aclnn_host::MemoryRegistry::Get();
  for (bool free_the_block : {false, true}) {
    std::memset(values + n, 0xff, n * sizeof(float));
    test::StreamGate gate(session.stream());
    ASSERT_EQ(IssueRelu(n, values, values + n, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
    aclError status = ACL_ERROR_INTERNAL_ERROR;
    std::thread ending([&] {
      EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // aclrtHostUnregister needs a context
      status = free_the_block ? aclrtFreeHost(host) : aclrtHostUnregister(host);
    });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (registry.WaitingFrees() == 0 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_EQ(registry.WaitingFrees(), 1u);
    EXPECT_FALSE(gate.finished());
    gate.Release();
    ending.join();
    EXPECT_EQ(status, ACL_SUCCESS) << test::TakeErrorMessage();
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
    if (!free_the_block) {
      for (int64_t i = 0; i < n; ++i) ASSERT_EQ(values[n + i], values[i] > 0 ? values[i] : 0.0f) << i;
      ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(host, 2 * n * sizeof(float), ACL_HOST_REG_MAPPED)));
    }
  }
}

TEST(AclHostRegister, FreeHostAndFinalizeEndRegistrations) {
  PageBuffer buffer(kPage);
  {
    test::RuntimeSession session;
    void* host = nullptr;
    ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, kPage)));
    ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(host, kPage, ACL_HOST_REG_MAPPED)));
    ASSERT_TRUE(Succeeds(aclrtFreeHost(host)));
    EXPECT_TRUE(FailsWith(aclrtHostUnregister(host), ACL_ERROR_HOST_MEMORY_NOT_REGISTERED, "aclrtHostUnregister"));
    ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(buffer.bytes(), kPage, ACL_HOST_REG_MAPPED)));
  }
  // aclFinalize forgot the registration (and left the program's memory alone).
  test::RuntimeSession session;
  buffer.floats()[0] = 1.0f;
  EXPECT_TRUE(Succeeds(aclrtHostRegisterV2(buffer.bytes(), kPage, ACL_HOST_REG_MAPPED)));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(buffer.bytes())));
}

}  // namespace
