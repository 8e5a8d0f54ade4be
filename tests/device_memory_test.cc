// Device memory as hardware enforces it (issue 5): in strict mode (the default) an operator's
// tensors and workspace must lie inside live aclrtMalloc allocations of the stream's device, and
// copies and fills must name memory of the kind they say; ACLNN_HOST_STRICT=0 lets host memory
// through. And lifetimes: freeing memory, destroying tensors or streams, resetting the device or
// finalising while work is queued never lets that work touch freed memory; aclFinalize releases
// what is still alive. Device memory capacity: ACLNN_HOST_DEVICE_MEMORY.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "reference/hardswish_reference.h"
#include "runtime/memory.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"
#include "support/stream_gate.h"

namespace {

using test::FailsWith;
using test::Succeeds;

constexpr const char* kPhaseTwo = "aclnnHardswishBackwardV2";
const std::vector<float> kSeed = {0, 1, 2, 3, 4, 5, 6, 7};

class DeviceMemoryTest : public ::testing::Test {
 protected:
  void SetUp() override { Clean(); }
  void TearDown() override { Clean(); }
  static void Clean() {
    for (const char* name :
         {"ACLNN_HOST_SOC", "ACLNN_HOST_DEVICE_COUNT", "ACLNN_HOST_STRICT", "ACLNN_HOST_DEVICE_MEMORY"}) {
      unsetenv(name);
    }
    while (aclFinalize() == ACL_SUCCESS) {
    }
    test::TakeErrorMessage();
  }
};

std::vector<float> ExpectedSeedResult() {
  std::vector<float> expected;
  for (float x : kSeed) expected.push_back(reference::HardswishGrad(x, x, /*v1=*/false, reference::Numerics()));
  return expected;
}

void ExpectSeedResult(const float* got) {
  const std::vector<float> expected = ExpectedSeedResult();
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(reference::Bits(got[i]), reference::Bits(expected[i])) << "element " << i;
  }
}

/// A contiguous {4, 2} fp32 layout.
test::Layout SeedLayout() {
  test::Layout layout;
  layout.view = {4, 2};
  return layout;
}

/// The seed problem ({4, 2} fp32, gradOutput = self = 0..7) over caller-chosen memory.
struct SeedOp {
  SeedOp(void* grad_data, void* self_data, void* out_data)
      : grad(SeedLayout(), grad_data), self(SeedLayout(), self_data), out(SeedLayout(), out_data) {}
  /// Phase one; the executor is kept for phase two.
  void Plan() {
    ASSERT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(grad.get(), self.get(), out.get(), &workspace_size, &executor),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  }
  test::Tensor grad, self, out;
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
};

/// Runs `body` with the runtime up on device 0 and one stream.
struct Session {
  Session() {
    EXPECT_TRUE(Succeeds(aclInit(nullptr)));
    EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
    EXPECT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  }
  aclrtStream stream = nullptr;
};

void* DeviceAlloc(size_t bytes) {
  void* p = nullptr;
  EXPECT_TRUE(Succeeds(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST)));
  return p;
}

void* DeviceSeed() {
  void* p = DeviceAlloc(kSeed.size() * sizeof(float));
  std::memcpy(p, kSeed.data(), kSeed.size() * sizeof(float));
  return p;
}

// ---- Operators: tensors must be device memory --------------------------------------------------

TEST_F(DeviceMemoryTest, OperatorOnHostMemoryFailsPhaseTwoNamingTheTensor) {
  Session session;
  void* grad = DeviceSeed();
  std::vector<float> host_self = kSeed;  // heap memory, not aclrtMalloc
  void* out = DeviceAlloc(32);
  std::memset(out, 0x5A, 32);
  SeedOp op(grad, host_self.data(), out);
  op.Plan();  // phase one looks at no data
  EXPECT_TRUE(FailsWith(test::RunV2(op.executor, session.stream), ACLNN_ERR_PARAM_INVALID, kPhaseTwo,
                        {"tensor self", "is not device memory", "ACLNN_HOST_STRICT=0"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream)));
  EXPECT_EQ(std::vector<uint8_t>(static_cast<uint8_t*>(out), static_cast<uint8_t*>(out) + 32),
            std::vector<uint8_t>(32, 0x5A));  // nothing was written
  // The executor was not consumed by the refused run: a retry on device memory works.
  void* self = DeviceSeed();
  ASSERT_EQ(aclSetInputTensorAddr(op.executor, 1, op.self.get(), self), ACLNN_SUCCESS);
  EXPECT_TRUE(Succeeds(test::RunV2(op.executor, session.stream)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream)));
  ExpectSeedResult(static_cast<float*>(out));
}

TEST_F(DeviceMemoryTest, StackMemoryAsOutputIsRefused) {
  Session session;
  void* in = DeviceSeed();
  float out[8] = {};
  SeedOp op(in, in, out);
  op.Plan();
  EXPECT_TRUE(FailsWith(test::RunV2(op.executor, session.stream), ACLNN_ERR_PARAM_INVALID, kPhaseTwo,
                        {"tensor out", "is not device memory"}));
  for (float v : out) EXPECT_EQ(v, 0.0f);
  aclDestroyAclOpExecutor(op.executor);
}

TEST_F(DeviceMemoryTest, MallocHostMemoryIsNotDeviceMemory) {
  Session session;
  void* host = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, 32)));
  std::memcpy(host, kSeed.data(), 32);
  void* out = DeviceAlloc(32);
  SeedOp op(host, host, out);
  op.Plan();
  EXPECT_TRUE(FailsWith(test::RunV2(op.executor, session.stream), ACLNN_ERR_PARAM_INVALID, kPhaseTwo,
                        {"tensor gradOutput", "host memory from aclrtMallocHost"}));
  aclDestroyAclOpExecutor(op.executor);
}

TEST_F(DeviceMemoryTest, ViewReachingPastItsAllocationIsRefused) {
  Session session;
  void* in = DeviceSeed();
  void* small = DeviceAlloc(28);  // one float short of the {4, 2} view
  SeedOp op(in, in, small);
  op.Plan();
  EXPECT_TRUE(FailsWith(test::RunV2(op.executor, session.stream), ACLNN_ERR_PARAM_INVALID, kPhaseTwo,
                        {"tensor out", "runs 4 bytes past the end of its allocation", "28 bytes"}));
  aclDestroyAclOpExecutor(op.executor);
}

TEST_F(DeviceMemoryTest, OffsetViewsInsideOneAllocationAreAccepted) {
  Session session;
  // One allocation holding all three tensors at different offsets (elements 0, 8 and 16).
  auto* block = static_cast<float*>(DeviceAlloc(24 * sizeof(float)));
  std::memcpy(block, kSeed.data(), 32);
  std::memcpy(block + 8, kSeed.data(), 32);
  test::Layout grad = SeedLayout(), self = SeedLayout(), out = SeedLayout();
  self.offset = 8;
  out.offset = 16;
  test::Tensor g(grad, block), s(self, block), o(out, block);
  EXPECT_TRUE(Succeeds(test::RunHardswishBackwardV2(g.get(), s.get(), o.get(), session.stream)));
  ExpectSeedResult(block + 16);
  // An offset that pushes the view one element past the allocation is refused.
  out.offset = 17;
  test::Tensor past(out, block);
  EXPECT_TRUE(FailsWith(test::RunHardswishBackwardV2(g.get(), s.get(), past.get(), session.stream),
                        ACLNN_ERR_PARAM_INVALID, kPhaseTwo, {"tensor out", "past the end"}));
}

TEST_F(DeviceMemoryTest, FreedMemoryIsRefused) {
  Session session;
  void* in = DeviceSeed();
  void* out = DeviceAlloc(32);
  SeedOp op(in, in, out);
  op.Plan();
  ASSERT_TRUE(Succeeds(aclrtFree(out)));
  EXPECT_TRUE(
      FailsWith(test::RunV2(op.executor, session.stream), ACLNN_ERR_PARAM_INVALID, kPhaseTwo, {"tensor out", "freed"}));
  aclDestroyAclOpExecutor(op.executor);
}

TEST_F(DeviceMemoryTest, WorkspaceMustBeDeviceMemoryOfItsSize) {
  // Phase one asks for 512 bytes there: the arch35 kernel's empty workspace, aligned (TearDown unsets it).
  setenv("ACLNN_HOST_SOC", "Ascend950PR", 1);
  Session session;
  void* in = DeviceSeed();
  void* out = DeviceAlloc(32);
  SeedOp op(in, in, out);
  op.Plan();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(op.executor), ACLNN_SUCCESS);
  std::vector<uint8_t> host_workspace(512);
  EXPECT_TRUE(FailsWith(aclnnHardswishBackwardV2(host_workspace.data(), 512, op.executor, session.stream),
                        ACLNN_ERR_PARAM_INVALID, kPhaseTwo, {"workspace", "is not device memory"}));
  void* small = DeviceAlloc(480);
  EXPECT_TRUE(FailsWith(aclnnHardswishBackwardV2(small, 512, op.executor, session.stream), ACLNN_ERR_PARAM_INVALID,
                        kPhaseTwo, {"workspace", "runs 32 bytes past the end"}));
  void* enough = DeviceAlloc(512);
  EXPECT_TRUE(Succeeds(aclnnHardswishBackwardV2(enough, 512, op.executor, session.stream)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream)));
  ExpectSeedResult(static_cast<float*>(out));
  EXPECT_EQ(aclDestroyAclOpExecutor(op.executor), ACLNN_SUCCESS);
}

TEST_F(DeviceMemoryTest, MemoryOfAnotherDeviceIsRefused) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));
  void* on_device1 = DeviceSeed();
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  void* out = DeviceAlloc(32);
  SeedOp op(on_device1, on_device1, out);
  op.Plan();
  EXPECT_TRUE(FailsWith(test::RunV2(op.executor, nullptr), ACLNN_ERR_PARAM_INVALID, kPhaseTwo,
                        {"tensor gradOutput", "is memory of device 1, but the work runs on device 0"}));
  aclDestroyAclOpExecutor(op.executor);
}

TEST_F(DeviceMemoryTest, NonStrictModeLetsHostMemoryThrough) {
  setenv("ACLNN_HOST_STRICT", "0", 1);
  Session session;
  std::vector<float> grad = kSeed, self = kSeed, out(8, -1.0f);
  SeedOp op(grad.data(), self.data(), out.data());
  op.Plan();
  EXPECT_TRUE(Succeeds(test::RunV2(op.executor, session.stream)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream)));
  ExpectSeedResult(out.data());
  // Copies and fills of plain host memory pass too.
  EXPECT_TRUE(Succeeds(aclrtMemset(out.data(), 32, 0, 32)));
  EXPECT_TRUE(Succeeds(aclrtMemcpy(out.data(), 32, grad.data(), 32, ACL_MEMCPY_HOST_TO_DEVICE)));
}

TEST_F(DeviceMemoryTest, StrictModeFromTheConfigFileAndInvalidSettings) {
  const std::string path = ::testing::TempDir() + "device_memory_test_config.json";
  std::ofstream(path) << R"({"aclnn_host": {"strict": false}})";
  ASSERT_TRUE(Succeeds(aclInit(path.c_str())));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  std::vector<uint8_t> host(16);
  EXPECT_TRUE(Succeeds(aclrtMemset(host.data(), 16, 1, 16)));
  ASSERT_TRUE(Succeeds(aclFinalize()));
  // The environment wins over the file.
  setenv("ACLNN_HOST_STRICT", "1", 1);
  ASSERT_TRUE(Succeeds(aclInit(path.c_str())));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(FailsWith(aclrtMemset(host.data(), 16, 1, 16), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset",
                        {"devPtr", "no live aclrtMalloc or aclrtMallocHost allocation"}));
  ASSERT_TRUE(Succeeds(aclFinalize()));
  setenv("ACLNN_HOST_STRICT", "maybe", 1);
  EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "aclInit", {"ACLNN_HOST_STRICT=\"maybe\""}));
  unsetenv("ACLNN_HOST_STRICT");
  std::ofstream(path) << R"({"aclnn_host": {"strict": 1}})";
  EXPECT_TRUE(FailsWith(aclInit(path.c_str()), ACL_ERROR_INVALID_PARAM, "aclInit", {"aclnn_host.strict"}));
  std::remove(path.c_str());
}

// ---- Copies and fills name memory of their kind -------------------------------------------------

TEST_F(DeviceMemoryTest, CopyKindMustMatchWhereThePointersLive) {
  Session session;
  void* device = DeviceAlloc(64);
  std::vector<uint8_t> host(64, 1);
  // Device side not device memory.
  EXPECT_TRUE(FailsWith(aclrtMemcpy(host.data(), 64, device, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemcpy", {"dst", "is not device memory"}));
  std::vector<uint8_t> other_host(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(other_host.data(), 64, host.data(), 64, ACL_MEMCPY_DEVICE_TO_HOST),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"src", "is not device memory"}));
  EXPECT_TRUE(
      FailsWith(aclrtMemcpyAsync(host.data(), 64, host.data() + 1, 32, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream),
                ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyAsync", {"dst", "is not device memory"}));
  // Host side that is device memory.
  EXPECT_TRUE(FailsWith(aclrtMemcpy(device, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemcpy", {"dst", "is device memory, but the copy's kind says host memory"}));
  // A copy past the end of its allocation (destMax lies about the buffer).
  EXPECT_TRUE(FailsWith(aclrtMemcpy(device, 128, std::vector<uint8_t>(128).data(), 128, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"dst", "runs 64 bytes past the end"}));
  // DEFAULT takes the direction from the addresses, but still checks the extent.
  EXPECT_TRUE(Succeeds(aclrtMemcpy(device, 64, host.data(), 64, ACL_MEMCPY_DEFAULT)));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(host.data(), 64, static_cast<uint8_t*>(device) + 32, 64, ACL_MEMCPY_DEFAULT),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"src", "past the end"}));
  // Nothing was copied by the refused calls: the device holds the DEFAULT copy's ones.
  EXPECT_EQ(std::vector<uint8_t>(static_cast<uint8_t*>(device), static_cast<uint8_t*>(device) + 64),
            std::vector<uint8_t>(64, 1));
}

TEST_F(DeviceMemoryTest, FillsNeedMemoryFromTheRuntime) {
  Session session;
  void* device = DeviceAlloc(64);
  void* pinned = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&pinned, 64)));
  EXPECT_TRUE(Succeeds(aclrtMemset(device, 64, 7, 64)));
  EXPECT_TRUE(Succeeds(aclrtMemset(pinned, 64, 7, 64)));  // CANN: host memory from aclrtMallocHost is fine
  std::vector<uint8_t> heap(64);
  EXPECT_TRUE(FailsWith(aclrtMemset(heap.data(), 64, 7, 64), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset", {"devPtr"}));
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(static_cast<uint8_t*>(device) + 8, 64, 7, 64, session.stream),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemsetAsync", {"runs 8 bytes past the end"}));
  EXPECT_EQ(heap, std::vector<uint8_t>(64, 0));
}

// ---- Lifetimes -----------------------------------------------------------------------------------

/// Returns once a thread is blocked in aclrtFree/aclrtFreeHost, waiting for queued work.
void WaitUntilAFreeWaits() {
  while (aclnn_host::MemoryRegistry::Get().WaitingFrees() == 0) std::this_thread::yield();
}

// aclrtFree of memory that queued work uses waits for that work (like a free issued after it).
TEST_F(DeviceMemoryTest, FreeWaitsForQueuedWorkThatUsesTheMemory) {
  Session session;
  void* in = DeviceSeed();
  void* out = DeviceAlloc(32);
  auto* observed = static_cast<float*>(DeviceAlloc(32));
  SeedOp op(in, in, out);
  op.Plan();
  test::StreamGate gate(session.stream);
  ASSERT_TRUE(Succeeds(test::RunV2(op.executor, session.stream)));
  // Copy the result elsewhere on the same stream: it proves what the kernel wrote before the free.
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(observed, 32, out, 32, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream)));
  std::atomic<bool> freed{false};
  std::thread freer([&] {
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_TRUE(Succeeds(aclrtFree(in)));
    EXPECT_TRUE(Succeeds(aclrtFree(out)));
    freed = true;
    aclrtResetDevice(0);
  });
  // The free blocks while the gate holds the work that uses the memory.
  WaitUntilAFreeWaits();
  EXPECT_FALSE(freed.load());
  gate.Release();
  freer.join();
  EXPECT_TRUE(freed.load());
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream)));
  ExpectSeedResult(observed);
  // The blocks are gone now.
  EXPECT_TRUE(FailsWith(aclrtFree(out), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree", {"not the start of a live"}));
}

TEST_F(DeviceMemoryTest, FreeHostWaitsForAQueuedCopyFromIt) {
  Session session;
  void* pinned = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&pinned, 64)));
  std::memset(pinned, 0x42, 64);
  void* device = DeviceAlloc(64);
  test::StreamGate gate(session.stream);
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(device, 64, pinned, 64, ACL_MEMCPY_HOST_TO_DEVICE, session.stream)));
  std::atomic<bool> freed{false};
  std::thread freer([&] {
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_TRUE(Succeeds(aclrtFreeHost(pinned)));
    freed = true;
    aclrtResetDevice(0);
  });
  WaitUntilAFreeWaits();
  EXPECT_FALSE(freed.load());
  gate.Release();
  freer.join();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream)));
  EXPECT_EQ(std::vector<uint8_t>(static_cast<uint8_t*>(device), static_cast<uint8_t*>(device) + 64),
            std::vector<uint8_t>(64, 0x42));
}

// Queued work does not need its aclTensor objects: the plan holds what it needs.
TEST_F(DeviceMemoryTest, DestroyingTensorsWhileWorkIsQueuedIsSafe) {
  Session session;
  void* in = DeviceSeed();
  void* out = DeviceAlloc(32);
  auto op = std::make_unique<SeedOp>(in, in, out);
  op->Plan();
  test::StreamGate gate(session.stream);
  ASSERT_TRUE(Succeeds(test::RunV2(op->executor, session.stream)));
  op.reset();  // aclDestroyTensor x3
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream)));
  ExpectSeedResult(static_cast<float*>(out));
}

TEST_F(DeviceMemoryTest, DestroyingTheStreamOrResettingTheDeviceRunsQueuedWorkFirst) {
  Session session;
  void* in = DeviceSeed();
  void* out1 = DeviceAlloc(32);
  void* out2 = DeviceAlloc(32);
  SeedOp op1(in, in, out1), op2(in, in, out2);
  op1.Plan();
  op2.Plan();
  {
    auto gate = std::make_unique<test::StreamGate>(session.stream);
    ASSERT_TRUE(Succeeds(test::RunV2(op1.executor, session.stream)));
    std::thread releaser([&] { gate->Release(); });
    EXPECT_TRUE(Succeeds(aclrtDestroyStream(session.stream)));
    releaser.join();
    ExpectSeedResult(static_cast<float*>(out1));
  }
  {
    auto gate = std::make_unique<test::StreamGate>(nullptr);
    ASSERT_TRUE(Succeeds(test::RunV2(op2.executor, nullptr)));
    std::thread releaser([&] { gate->Release(); });
    EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
    releaser.join();
    ExpectSeedResult(static_cast<float*>(out2));  // device memory outlives the reset (freed at aclFinalize)
  }
}

TEST_F(DeviceMemoryTest, FinalizeReleasesEverythingStillAlive) {
  Session session;
  void* memory = DeviceAlloc(1 << 20);
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  void* in = DeviceSeed();
  SeedOp op(in, in, in);
  op.Plan();
  ASSERT_TRUE(Succeeds(aclFinalize()));
  // A new runtime starts empty: all device memory free, the old handles dead.
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  size_t free_bytes = 0, total_bytes = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes)));
  EXPECT_EQ(free_bytes, total_bytes);
  EXPECT_TRUE(FailsWith(aclrtFree(memory), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree"));
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(session.stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream"));
  EXPECT_TRUE(FailsWith(aclrtDestroyEvent(event), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyEvent"));
  EXPECT_TRUE(FailsWith(aclDestroyAclOpExecutor(op.executor), ACLNN_ERR_INNER, "aclDestroyAclOpExecutor",
                        {"already run or destroyed"}));
}

// ---- Capacity ------------------------------------------------------------------------------------

TEST_F(DeviceMemoryTest, CapacityFromTheEnvironmentAndTheConfigFile) {
  setenv("ACLNN_HOST_DEVICE_MEMORY", "1M", 1);
  {
    Session session;
    size_t free_bytes = 0, total_bytes = 0;
    ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes)));
    EXPECT_EQ(total_bytes, size_t{1} << 20);
    void* p = nullptr;
    EXPECT_TRUE(FailsWith(aclrtMalloc(&p, size_t{1} << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                          "aclrtMalloc", {"out of device memory"}));  // the 32 bytes of padding do not fit
    EXPECT_TRUE(Succeeds(aclrtMalloc(&p, (size_t{1} << 20) - 32, ACL_MEM_MALLOC_HUGE_FIRST)));
    ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes)));
    EXPECT_EQ(free_bytes, 0u);
    ASSERT_TRUE(Succeeds(aclFinalize()));
  }
  for (const char* valid : {"64GiB", "2g", "1048576", "3T", "512KB"}) {
    setenv("ACLNN_HOST_DEVICE_MEMORY", valid, 1);
    EXPECT_TRUE(Succeeds(aclInit(nullptr))) << valid;
    EXPECT_TRUE(Succeeds(aclFinalize()));
  }
  for (const char* invalid : {"0", "-1", "12Q", "G", "1.5G", "99999999999999999999", "16E"}) {
    setenv("ACLNN_HOST_DEVICE_MEMORY", invalid, 1);
    EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "aclInit", {"ACLNN_HOST_DEVICE_MEMORY"}))
        << invalid;
  }
  unsetenv("ACLNN_HOST_DEVICE_MEMORY");
  const std::string path = ::testing::TempDir() + "device_memory_test_capacity.json";
  std::ofstream(path) << R"({"aclnn_host": {"device_memory": "2G"}})";
  ASSERT_TRUE(Succeeds(aclInit(path.c_str())));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  size_t free_bytes = 0, total_bytes = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes)));
  EXPECT_EQ(total_bytes, size_t{2} << 30);
  ASSERT_TRUE(Succeeds(aclFinalize()));
  std::ofstream(path) << R"({"aclnn_host": {"device_memory": -5}})";
  EXPECT_TRUE(FailsWith(aclInit(path.c_str()), ACL_ERROR_INVALID_PARAM, "aclInit", {"aclnn_host.device_memory"}));
  std::remove(path.c_str());
}

// An allocation the host cannot back is an error, not an abort.
TEST_F(DeviceMemoryTest, AllocationTheHostCannotBackFails) {
  setenv("ACLNN_HOST_DEVICE_MEMORY", "1024T", 1);
  Session session;
  void* p = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&p, size_t{512} << 40, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "aclrtMalloc", {"cannot back"}));
  EXPECT_EQ(p, nullptr);
}

}  // namespace
