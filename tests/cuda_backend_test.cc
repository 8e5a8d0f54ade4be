// The backend seam (runtime/device_backend.h, docs/gpu.md): how aclInit chooses a backend and
// fails when it cannot have it, on every machine; and, where a GPU is present, every operator run
// on the host backend and on the CUDA backend in the same process, compared bit for bit (NaN by
// isnan) — every fp16/bf16 value, 16M fp32 values with specials, INF_NAN and saturation, the
// 950's flush, and the layouts that take each path of the iteration layer. Without a GPU the
// GPU tests are skipped (ctest reports them as skipped), never passed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"

namespace {

using test::TakeErrorMessage;

/// Sets (or, with nullptr, unsets) an environment variable for the test's scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    had_ = old != nullptr;
    if (had_) old_ = old;
    if (value == nullptr) {
      unsetenv(name);
    } else {
      setenv(name, value, 1);
    }
  }
  ~ScopedEnv() {
    if (had_) {
      setenv(name_, old_.c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  bool had_ = false;
  std::string old_;
};

TEST(BackendSelection, AnUnknownBackendIsAnInvalidParameter) {
  ScopedEnv backend("ACLNN_HOST_BACKEND", "opencl");
  TakeErrorMessage();
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_INVALID_PARAM);
  const std::string message = TakeErrorMessage();
  EXPECT_NE(message.find("backend \"opencl\" is unknown; valid backends are: cpu, cuda."), std::string::npos)
      << message;
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);  // nothing was initialised
}

TEST(BackendSelection, AMissingCudaLibraryIsNotSupported) {
  ScopedEnv backend("ACLNN_HOST_BACKEND", "cuda");
  ScopedEnv library("ACLNN_HOST_CUDA_LIBRARY", "/nonexistent/libaclnn_host_cuda.so");
  TakeErrorMessage();
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  const std::string message = TakeErrorMessage();
  EXPECT_NE(message.find("the CUDA backend library could not be loaded"), std::string::npos) << message;
  EXPECT_NE(message.find("/nonexistent/libaclnn_host_cuda.so"), std::string::npos) << message;
}

TEST(BackendSelection, TheConfigFileNamesTheBackend) {
  ScopedEnv backend("ACLNN_HOST_BACKEND", nullptr);
  const std::string path = ::testing::TempDir() + "backend_config.json";
  FILE* file = std::fopen(path.c_str(), "w");
  ASSERT_NE(file, nullptr);
  std::fputs("{\"aclnn_host\": {\"backend\": \"tpu\"}}", file);
  std::fclose(file);
  TakeErrorMessage();
  EXPECT_EQ(aclInit(path.c_str()), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(TakeErrorMessage().find("backend \"tpu\" is unknown"), std::string::npos);

  file = std::fopen(path.c_str(), "w");
  ASSERT_NE(file, nullptr);
  std::fputs("{\"aclnn_host\": {\"backend\": 1}}", file);
  std::fclose(file);
  EXPECT_EQ(aclInit(path.c_str()), ACL_ERROR_PARSE_FILE);
  EXPECT_NE(TakeErrorMessage().find("\"aclnn_host.backend\""), std::string::npos);

  file = std::fopen(path.c_str(), "w");
  ASSERT_NE(file, nullptr);
  std::fputs("{\"aclnn_host\": {\"backend\": \"cpu\"}}", file);
  std::fclose(file);
  EXPECT_EQ(aclInit(path.c_str()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  std::remove(path.c_str());
}

/// Whether aclInit with the CUDA backend succeeds here; the message when it does not.
bool CudaAvailable(std::string* why) {
  ScopedEnv backend("ACLNN_HOST_BACKEND", "cuda");
  TakeErrorMessage();
  const aclError status = aclInit(nullptr);
  if (status == ACL_SUCCESS) {
    aclFinalize();
    return true;
  }
  *why = TakeErrorMessage();
  return false;
}

TEST(BackendSelection, WithoutAGpuTheCudaBackendFailsWithAClearError) {
  std::string why;
  if (CudaAvailable(&why)) GTEST_SKIP() << "a GPU is present";
  ScopedEnv backend("ACLNN_HOST_BACKEND", "cuda");
  TakeErrorMessage();
  const aclError status = aclInit(nullptr);
  // No library beside the runtime (built without nvcc): not supported; a library but no GPU: no device.
  EXPECT_TRUE(status == ACL_ERROR_RT_NO_DEVICE || status == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) << status;
  const std::string message = TakeErrorMessage();
  EXPECT_NE(message.find("backend cuda"), std::string::npos) << message;
  // The process can still use the host backend afterwards.
  ScopedEnv cpu("ACLNN_HOST_BACKEND", "cpu");
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

// ---- both backends, bit for bit -----------------------------------------------------------------

size_t SizeOf(aclDataType dtype) { return dtype == ACL_FLOAT ? 4 : 2; }

reference::Format FormatOf(aclDataType dtype) {
  return dtype == ACL_FLOAT     ? reference::Format::kFp32
         : dtype == ACL_FLOAT16 ? reference::Format::kFp16
                                : reference::Format::kBf16;
}

/// One operand: its layout and the raw bytes of its storage.
struct Operand {
  test::Layout layout;
  std::vector<uint8_t> storage;
};

/// What one run computes: the output storage's bytes (the whole storage, so writes outside the
/// view would show), or a failure.
struct Outcome {
  aclnnStatus status = -1;
  std::string message;
  std::vector<uint8_t> output;
};

enum class Op { kV2, kV1, kForward, kInplace };

/// Runs `op` on `backend` under `soc`, with `saturate` as the device's overflow mode.
Outcome RunOn(const char* backend, const char* soc, bool saturate, Op op, const std::vector<Operand>& inputs,
              const Operand& output) {
  ScopedEnv backend_env("ACLNN_HOST_BACKEND", backend);
  test::RuntimeSession session(soc);
  Outcome outcome;
  if (saturate) {
    EXPECT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION), ACL_SUCCESS) << TakeErrorMessage();
  }
  std::vector<test::DeviceBuffer> buffers;
  std::vector<test::Tensor> tensors;
  for (const Operand& operand : inputs) {
    buffers.emplace_back(operand.storage.size());
    buffers.back().Upload(operand.storage);
    tensors.emplace_back(operand.layout, buffers.back().get());
  }
  test::DeviceBuffer out_buffer(output.storage.size());
  out_buffer.Upload(output.storage);
  test::Tensor out(output.layout, out_buffer.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  switch (op) {
    case Op::kV2:
      outcome.status = aclnnHardswishBackwardV2GetWorkspaceSize(tensors[0].get(), tensors[1].get(), out.get(),
                                                                &workspace_size, &executor);
      break;
    case Op::kV1:
      outcome.status = aclnnHardswishBackwardGetWorkspaceSize(tensors[0].get(), tensors[1].get(), out.get(),
                                                              &workspace_size, &executor);
      break;
    case Op::kForward:
      outcome.status = aclnnHardswishGetWorkspaceSize(tensors[0].get(), out.get(), &workspace_size, &executor);
      break;
    case Op::kInplace:
      outcome.status = aclnnInplaceHardswishGetWorkspaceSize(out.get(), &workspace_size, &executor);
      break;
  }
  if (outcome.status == ACLNN_SUCCESS) {
    test::DeviceBuffer workspace;
    if (workspace_size > 0) workspace = test::DeviceBuffer(workspace_size);
    switch (op) {
      case Op::kV2:
        outcome.status = aclnnHardswishBackwardV2(workspace.get(), workspace_size, executor, session.stream());
        break;
      case Op::kV1:
        outcome.status = aclnnHardswishBackward(workspace.get(), workspace_size, executor, session.stream());
        break;
      case Op::kForward:
        outcome.status = aclnnHardswish(workspace.get(), workspace_size, executor, session.stream());
        break;
      case Op::kInplace:
        outcome.status = aclnnInplaceHardswish(workspace.get(), workspace_size, executor, session.stream());
        break;
    }
    if (outcome.status == ACLNN_SUCCESS) outcome.status = aclrtSynchronizeStream(session.stream());
  }
  outcome.message = TakeErrorMessage();
  outcome.output = out_buffer.Download<uint8_t>(output.storage.size());
  return outcome;
}

/// The same run on both backends must give the same status and the same bits (NaN as NaN).
void ExpectBackendsAgree(const char* soc, bool saturate, Op op, const std::vector<Operand>& inputs,
                         const Operand& output, const std::string& what) {
  const Outcome host = RunOn("cpu", soc, saturate, op, inputs, output);
  ASSERT_EQ(host.status, ACLNN_SUCCESS) << what << ": " << host.message;
  const Outcome gpu = RunOn("cuda", soc, saturate, op, inputs, output);
  ASSERT_EQ(gpu.status, ACLNN_SUCCESS) << what << ": " << gpu.message;
  ASSERT_EQ(gpu.output.size(), host.output.size());
  const aclDataType dtype = output.layout.dtype;
  const size_t size = SizeOf(dtype);
  size_t mismatches = 0;
  for (size_t i = 0; i + size <= host.output.size(); i += size) {
    uint32_t expected = 0, actual = 0;
    std::memcpy(&expected, &host.output[i], size);
    std::memcpy(&actual, &gpu.output[i], size);
    if (!reference::SameResult(actual, expected, FormatOf(dtype)) && mismatches++ < 5) {
      ADD_FAILURE() << what << ": element " << i / size << " is 0x" << std::hex << actual << " on the GPU, 0x"
                    << expected << " on the host";
    }
  }
  EXPECT_EQ(mismatches, 0u) << what;
}

class CudaBackend : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!CudaAvailable(&why)) GTEST_SKIP() << "no usable GPU: " << why;
  }
};

/// Raw values for `dtype`: every 16-bit pattern (repeated to `count`), or `count` random fp32
/// patterns — half near the boundaries ±3, half any bits — with the specials first.
std::vector<uint8_t> Values(aclDataType dtype, size_t count, uint32_t seed) {
  std::vector<uint8_t> bytes(count * SizeOf(dtype));
  std::mt19937 rng(seed);
  if (dtype != ACL_FLOAT) {
    for (size_t i = 0; i < count; ++i) {
      const uint16_t bits = static_cast<uint16_t>((i + seed) & 0xFFFF);
      std::memcpy(&bytes[i * 2], &bits, 2);
    }
    return bytes;
  }
  const uint32_t specials[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x00000001u, 0x80000001u, 0x40400000u,
                               0xC0400000u, 0x403FFFFFu, 0xC03FFFFFu, 0xBFC00000u, 0x00000000u, 0x80000000u};
  std::uniform_real_distribution<float> near(-4.0f, 4.0f);
  for (size_t i = 0; i < count; ++i) {
    uint32_t bits = 0;
    if (i < sizeof(specials) / sizeof(specials[0])) {
      bits = specials[i];
    } else if (i % 2 == 0) {
      const float f = near(rng);
      std::memcpy(&bits, &f, 4);
    } else {
      bits = static_cast<uint32_t>(rng());
    }
    std::memcpy(&bytes[i * 4], &bits, 4);
  }
  return bytes;
}

Operand Dense(aclDataType dtype, int64_t count, uint32_t seed) {
  Operand operand;
  operand.layout.view = {count};
  operand.layout.dtype = dtype;
  operand.storage = Values(dtype, static_cast<size_t>(count), seed);
  return operand;
}

constexpr aclDataType kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

TEST_F(CudaBackend, BackwardOpsAgreeOnEveryValueAndMode) {
  for (Op op : {Op::kV2, Op::kV1}) {
    for (aclDataType dtype : kDtypes) {
      // fp16/bf16: every value of self against every value of gradOutput shifted (65536 x 4
      // gradients per run); fp32: 16M random values with specials.
      const int64_t count = dtype == ACL_FLOAT ? (int64_t{1} << 24) : (int64_t{1} << 18);
      const std::vector<Operand> inputs = {Dense(dtype, count, 7), Dense(dtype, count, 0)};
      const Operand output = Dense(dtype, count, 99);
      for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
        for (bool saturate : {false, true}) {
          const std::string what = std::string(op == Op::kV2 ? "V2" : "V1") + " dtype " + std::to_string(dtype) + " " +
                                   soc + (saturate ? " saturation" : " inf_nan");
          ExpectBackendsAgree(soc, saturate, op, inputs, output, what);
        }
      }
    }
  }
}

TEST_F(CudaBackend, ForwardAgreesOnEveryFormatPair) {
  for (aclDataType in : kDtypes) {
    for (aclDataType out : kDtypes) {
      const int64_t count = in == ACL_FLOAT ? (int64_t{1} << 22) : 65536;
      const std::vector<Operand> inputs = {Dense(in, count, 0)};
      const Operand output = Dense(out, count, 5);
      for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
        for (bool saturate : {false, true}) {
          ExpectBackendsAgree(soc, saturate, Op::kForward, inputs, output,
                              "forward " + std::to_string(in) + "->" + std::to_string(out) + " " + soc);
        }
      }
    }
  }
  const Operand self = Dense(ACL_FLOAT16, 65536, 0);
  ExpectBackendsAgree("Ascend910B3", false, Op::kInplace, {}, self, "in place fp16");
}

TEST_F(CudaBackend, EveryLayoutPathAgrees) {
  // Transposed (the memory-order path), offset and strided (the strided kernel), misaligned dense
  // (the unpacked dense kernel), in place, and an output overlapping an input shifted by one
  // element (the temporary path), for each dtype.
  for (aclDataType dtype : kDtypes) {
    Operand transposed_g, transposed_x, transposed_out;
    for (Operand* operand : {&transposed_g, &transposed_x, &transposed_out}) {
      operand->layout = test::Layout{{512, 384}, {1, 512}, 0, {384, 512}, dtype};
    }
    transposed_g.storage = Values(dtype, 512 * 384, 1);
    transposed_x.storage = Values(dtype, 512 * 384, 2);
    transposed_out.storage = Values(dtype, 512 * 384, 3);
    ExpectBackendsAgree("Ascend910B3", false, Op::kV2, {transposed_g, transposed_x}, transposed_out, "transposed");

    Operand strided_g = transposed_g, strided_x = transposed_x, strided_out = transposed_out;
    for (Operand* operand : {&strided_g, &strided_x, &strided_out}) {
      operand->layout = test::Layout{{3, 5, 7, 11}, {500, 90, 12, 1}, 17, {2000}, dtype};
      operand->storage = Values(dtype, 2000, 11);
    }
    ExpectBackendsAgree("Ascend910B3", false, Op::kV1, {strided_g, strided_x}, strided_out, "strided with offset");

    Operand misaligned_x, misaligned_out;
    misaligned_x.layout = test::Layout{{1001}, {1}, 1, {1003}, dtype};
    misaligned_x.storage = Values(dtype, 1003, 4);
    misaligned_out = misaligned_x;
    misaligned_out.layout.offset = 2;
    misaligned_out.storage = Values(dtype, 1003, 9);
    ExpectBackendsAgree("Ascend910B3", false, Op::kForward, {misaligned_x}, misaligned_out, "misaligned dense");

    Operand inplace = transposed_x;
    ExpectBackendsAgree("Ascend910B3", false, Op::kInplace, {}, inplace, "in place transposed");
  }
}

TEST_F(CudaBackend, AnOutputOverlappingItsInputGoesThroughATemporary) {
  // out is x shifted by one element in the same device buffer: the host computes into a
  // temporary, then copies; the GPU must do the same to agree.
  auto run = [](const char* backend) {
    ScopedEnv backend_env("ACLNN_HOST_BACKEND", backend);
    test::RuntimeSession session;
    std::vector<float> values(4097);
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i % 13) - 6.0f;
    test::DeviceBuffer buffer(values.size() * 4);
    buffer.Upload(values);
    test::Tensor self(test::Layout{{4096}, {1}, 0, {4097}}, buffer.get());
    test::Tensor out(test::Layout{{4096}, {1}, 1, {4097}}, buffer.get());
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(aclnnHardswishGetWorkspaceSize(self.get(), out.get(), &workspace_size, &executor), ACLNN_SUCCESS)
        << TakeErrorMessage();
    test::DeviceBuffer workspace;
    if (workspace_size > 0) workspace = test::DeviceBuffer(workspace_size);
    EXPECT_EQ(aclnnHardswish(workspace.get(), workspace_size, executor, session.stream()), ACLNN_SUCCESS)
        << TakeErrorMessage();
    EXPECT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS) << TakeErrorMessage();
    return buffer.Download<uint32_t>(values.size());
  };
  const std::vector<uint32_t> host = run("cpu");
  const std::vector<uint32_t> device = run("cuda");
  EXPECT_EQ(host, device);
}

TEST_F(CudaBackend, AHostPointerInATensorIsCaughtNotDereferenced) {
  ScopedEnv backend("ACLNN_HOST_BACKEND", "cuda");
  ScopedEnv lax("ACLNN_HOST_STRICT", "0");  // ignored on the GPU: a kernel cannot read host memory
  test::RuntimeSession session;
  std::vector<float> host(64, 1.0f);
  test::Layout layout;
  layout.view = {64};
  test::Tensor grad(layout, host.data());
  test::Tensor self(layout, host.data());
  test::Tensor out(layout, host.data());
  EXPECT_EQ(test::RunHardswishBackwardV2(grad.get(), self.get(), out.get(), session.stream()), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErrorMessage().find("is not device memory"), std::string::npos);
}

TEST_F(CudaBackend, DeviceMemoryIsTheGpus) {
  ScopedEnv backend("ACLNN_HOST_BACKEND", "cuda");
  test::RuntimeSession session;
  size_t free_bytes = 0, total_bytes = 0;
  ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_GT(total_bytes, size_t{1} << 30);  // a GPU's memory, not the SoC profile's card
  uint32_t count = 0;
  ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_GE(count, 1u);
  // Copies and fills in every direction, synchronous and on a stream.
  test::DeviceBuffer a(4096), b(4096);
  void* pinned = nullptr;
  ASSERT_EQ(aclrtMallocHost(&pinned, 4096), ACL_SUCCESS);
  std::vector<uint8_t> pattern(4096);
  for (size_t i = 0; i < pattern.size(); ++i) pattern[i] = static_cast<uint8_t>(i * 7);
  a.Upload(pattern);
  ASSERT_EQ(aclrtMemcpyAsync(b.get(), 4096, a.get(), 4096, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream()), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(pinned, 4096, b.get(), 4096, ACL_MEMCPY_DEVICE_TO_HOST, session.stream()), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(std::memcmp(pinned, pattern.data(), 4096), 0);
  ASSERT_EQ(aclrtMemset(a.get(), 4096, 0x5A, 4096), ACL_SUCCESS) << TakeErrorMessage();
  ASSERT_EQ(aclrtMemsetAsync(pinned, 4096, 0x33, 100, session.stream()), ACL_SUCCESS) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS) << TakeErrorMessage();
  const std::vector<uint8_t> filled = a.Download<uint8_t>(4096);
  EXPECT_EQ(filled[0], 0x5A);
  EXPECT_EQ(filled[4095], 0x5A);
  EXPECT_EQ(static_cast<uint8_t*>(pinned)[99], 0x33);
  EXPECT_EQ(static_cast<uint8_t*>(pinned)[100], pattern[100]);
  EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS);
}

}  // namespace
