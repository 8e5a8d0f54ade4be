// The bad-input catalogue, handle rows (docs/bad-input-catalogue.md): TS-* (tensors), SC-*
// (scalars), IA-* (int arrays), EX-* (executors), DM-* (device memory in the second phase),
// MISC-*. One test per row, named after its ID.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "bad_input_catalogue_support.h"

namespace catalogue {
namespace {

// A creator that returns nullptr on failure: `created` is null and the message names `api`,
// carries `code` and every phrase.
template <typename T>
::testing::AssertionResult NullWith(T* created, int code, const char* api, std::initializer_list<const char*> phrases) {
  return FailsWith(created == nullptr ? code : 0, code, api, phrases);
}

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedEnv() { unsetenv(name_); }

 private:
  const char* name_;
};

const std::vector<int64_t> kDims = {2, 3};
const std::vector<int64_t> kStorage = {6};

aclTensor* CreatedAndDestroyed() {
  aclTensor* t =
      aclCreateTensor(kDims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, kStorage.data(), 1, DummyData());
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  return t;
}

// ---- aclCreateTensor, aclDestroyTensor and the getters ----

TEST(Catalogue, TS_01) {
  EXPECT_TRUE(
      NullWith(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, kStorage.data(), 1, DummyData()),
               ACLNN_ERR_PARAM_NULLPTR, "aclCreateTensor", {"viewDims is nullptr but its count is 2."}));
}

TEST(Catalogue, TS_02) {
  std::vector<int64_t> dims(26, 1);
  EXPECT_TRUE(
      NullWith(aclCreateTensor(dims.data(), 26, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, kStorage.data(), 1, DummyData()),
               ACLNN_ERR_PARAM_INVALID, "aclCreateTensor", {"viewDims has 26 dims; an aclTensor holds at most 25."}));
}

TEST(Catalogue, TS_03) {
  EXPECT_TRUE(NullWith(aclCreateTensor(kDims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 1, DummyData()),
                       ACLNN_ERR_PARAM_NULLPTR, "aclCreateTensor", {"storageDims is nullptr but its count is 1."}));
}

TEST(Catalogue, TS_04) {
  std::vector<int64_t> storage(26, 1);
  EXPECT_TRUE(
      NullWith(aclCreateTensor(kDims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage.data(), 26, DummyData()),
               ACLNN_ERR_PARAM_INVALID, "aclCreateTensor", {"storageDims has 26 dims"}));
}

TEST(Catalogue, TS_05) {
  // The dtype is not validated at creation; the operators name it when they refuse it.
  RuntimeSession session;
  Tensor t = Make({2, 3}, static_cast<aclDataType>(999));
  ASSERT_NE(t.get(), nullptr);
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput not implemented for DT_UNDEFINED(999)"));
}

TEST(Catalogue, TS_06) {
  aclTensor* t = CreatedAndDestroyed();
  EXPECT_TRUE(FailsWith(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor",
                        {"is not a live aclTensor (destroyed twice, or never created)."}));
}

TEST(Catalogue, TS_07) { EXPECT_TRUE(Succeeds(aclDestroyTensor(nullptr))); }

TEST(Catalogue, TS_08) {
  EXPECT_TRUE(FailsWith(aclDestroyTensor(NotATensor()), ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor",
                        {"is not a live aclTensor"}));
}

TEST(Catalogue, TS_09) {
  int64_t* values = nullptr;
  uint64_t count = 0;
  EXPECT_TRUE(FailsWith(aclGetViewShape(nullptr, &values, &count), ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape",
                        {"an argument is nullptr."}));
  EXPECT_EQ(values, nullptr);
}

TEST(Catalogue, TS_10) {
  Tensor t = Make({2, 3});
  uint64_t count = 0;
  EXPECT_TRUE(FailsWith(aclGetViewShape(t.get(), nullptr, &count), ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape",
                        {"an argument is nullptr."}));
}

TEST(Catalogue, TS_11) {
  int64_t* values = nullptr;
  uint64_t count = 0;
  EXPECT_TRUE(FailsWith(aclGetViewShape(CreatedAndDestroyed(), &values, &count), ACLNN_ERR_PARAM_INVALID,
                        "aclGetViewShape", {"is not a live aclTensor."}));
  EXPECT_EQ(values, nullptr);
}

TEST(Catalogue, TS_12) {
  Tensor t = Make({2, 3});
  int64_t* values = nullptr;
  EXPECT_TRUE(FailsWith(aclGetStorageShape(t.get(), &values, nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclGetStorageShape",
                        {"an argument is nullptr."}));
  EXPECT_EQ(values, nullptr);
}

TEST(Catalogue, TS_13) {
  int64_t* values = nullptr;
  uint64_t count = 0;
  EXPECT_TRUE(FailsWith(aclGetStorageShape(NotATensor(), &values, &count), ACLNN_ERR_PARAM_INVALID,
                        "aclGetStorageShape", {"is not a live aclTensor."}));
}

TEST(Catalogue, TS_14) {
  int64_t* values = nullptr;
  uint64_t count = 0;
  EXPECT_TRUE(FailsWith(aclGetViewStrides(nullptr, &values, &count), ACLNN_ERR_PARAM_NULLPTR, "aclGetViewStrides",
                        {"an argument is nullptr."}));
}

TEST(Catalogue, TS_15) {
  int64_t* values = nullptr;
  uint64_t count = 0;
  EXPECT_TRUE(FailsWith(aclGetViewStrides(NotATensor(), &values, &count), ACLNN_ERR_PARAM_INVALID, "aclGetViewStrides",
                        {"is not a live aclTensor."}));
}

TEST(Catalogue, TS_16) {
  Tensor t = Make({2, 3});
  EXPECT_TRUE(FailsWith(aclGetViewOffset(t.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclGetViewOffset",
                        {"an argument is nullptr."}));
}

TEST(Catalogue, TS_17) {
  int64_t offset = 5;
  EXPECT_TRUE(FailsWith(aclGetViewOffset(NotATensor(), &offset), ACLNN_ERR_PARAM_INVALID, "aclGetViewOffset",
                        {"is not a live aclTensor."}));
  EXPECT_EQ(offset, 5);
}

TEST(Catalogue, TS_18) {
  EXPECT_TRUE(
      FailsWith(aclGetFormat(nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclGetFormat", {"an argument is nullptr."}));
}

TEST(Catalogue, TS_19) {
  aclFormat format = ACL_FORMAT_NCHW;
  EXPECT_TRUE(FailsWith(aclGetFormat(CreatedAndDestroyed(), &format), ACLNN_ERR_PARAM_INVALID, "aclGetFormat",
                        {"is not a live aclTensor."}));
  EXPECT_EQ(format, ACL_FORMAT_NCHW);
}

TEST(Catalogue, TS_20) {
  Tensor t = Make({2, 3});
  EXPECT_TRUE(FailsWith(aclGetDataType(t.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclGetDataType",
                        {"an argument is nullptr."}));
}

TEST(Catalogue, TS_21) {
  aclDataType dtype = ACL_INT8;
  EXPECT_TRUE(FailsWith(aclGetDataType(NotATensor(), &dtype), ACLNN_ERR_PARAM_INVALID, "aclGetDataType",
                        {"is not a live aclTensor."}));
  EXPECT_EQ(dtype, ACL_INT8);
}

TEST(Catalogue, TS_22) {
  EXPECT_TRUE(FailsWith(aclSetRawTensorAddr(nullptr, DummyData()), ACLNN_ERR_PARAM_NULLPTR, "aclSetRawTensorAddr",
                        {"tensor is nullptr."}));
}

TEST(Catalogue, TS_23) {
  EXPECT_TRUE(FailsWith(aclSetRawTensorAddr(CreatedAndDestroyed(), DummyData()), ACLNN_ERR_PARAM_INVALID,
                        "aclSetRawTensorAddr", {"is not a live aclTensor."}));
}

TEST(Catalogue, TS_24) {
  Tensor t = Make({2, 3});
  EXPECT_TRUE(FailsWith(aclGetRawTensorAddr(t.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclGetRawTensorAddr",
                        {"an argument is nullptr."}));
}

TEST(Catalogue, TS_25) {
  void* addr = DummyData();
  EXPECT_TRUE(FailsWith(aclGetRawTensorAddr(NotATensor(), &addr), ACLNN_ERR_PARAM_INVALID, "aclGetRawTensorAddr",
                        {"is not a live aclTensor."}));
  EXPECT_EQ(addr, DummyData());
}

// ---- aclScalar ----

TEST(Catalogue, SC_01) {
  EXPECT_TRUE(
      NullWith(aclCreateScalar(nullptr, ACL_FLOAT), ACLNN_ERR_PARAM_NULLPTR, "aclCreateScalar", {"value is nullptr."}));
}

TEST(Catalogue, SC_02) {
  double value = 1.0;
  EXPECT_TRUE(NullWith(aclCreateScalar(&value, ACL_STRING), ACLNN_ERR_PARAM_INVALID, "aclCreateScalar",
                       {"a scalar cannot hold DT_STRING."}));
}

TEST(Catalogue, SC_03) {
  double value = 1.0;
  EXPECT_TRUE(NullWith(aclCreateScalar(&value, static_cast<aclDataType>(999)), ACLNN_ERR_PARAM_INVALID,
                       "aclCreateScalar", {"a scalar cannot hold DT_UNDEFINED(999)."}));
}

TEST(Catalogue, SC_04) {
  float value = 1.0f;
  aclScalar* scalar = aclCreateScalar(&value, ACL_FLOAT);
  ASSERT_NE(scalar, nullptr);
  ASSERT_EQ(aclDestroyScalar(scalar), ACLNN_SUCCESS);
  EXPECT_TRUE(
      FailsWith(aclDestroyScalar(scalar), ACLNN_ERR_PARAM_INVALID, "aclDestroyScalar", {"is not a live aclScalar."}));
}

TEST(Catalogue, SC_05) { EXPECT_TRUE(Succeeds(aclDestroyScalar(nullptr))); }

// ---- aclIntArray ----

TEST(Catalogue, IA_01) {
  EXPECT_TRUE(NullWith(aclCreateIntArray(nullptr, 3), ACLNN_ERR_PARAM_NULLPTR, "aclCreateIntArray",
                       {"value is nullptr but size is not 0."}));
}

TEST(Catalogue, IA_02) {
  const int64_t value = 1;
  EXPECT_TRUE(NullWith(aclCreateIntArray(&value, UINT64_MAX), ACLNN_ERR_PARAM_INVALID, "aclCreateIntArray",
                       {"size 18446744073709551615 is larger than any array can be."}));
}

TEST(Catalogue, IA_03) {
  // Fits the address space, not the memory: the allocation fails before any value is read.
  const int64_t value = 1;
  EXPECT_TRUE(NullWith(aclCreateIntArray(&value, uint64_t{1} << 59), ACLNN_ERR_INNER, "aclCreateIntArray",
                       {"out of host memory."}));
}

TEST(Catalogue, IA_04) {
  const int64_t values[2] = {1, 2};
  aclIntArray* array = aclCreateIntArray(values, 2);
  ASSERT_NE(array, nullptr);
  ASSERT_EQ(aclDestroyIntArray(array), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(aclDestroyIntArray(array), ACLNN_ERR_PARAM_INVALID, "aclDestroyIntArray",
                        {"is not a live aclIntArray."}));
}

TEST(Catalogue, IA_05) {
  aclIntArray* array = aclCreateIntArray(nullptr, 0);
  EXPECT_NE(array, nullptr);
  EXPECT_EQ(TakeErrorMessage(), "");
  EXPECT_TRUE(Succeeds(aclDestroyIntArray(array)));
}

// ---- executors ----

TEST(Catalogue, EX_01) {
  EXPECT_TRUE(FailsWith(aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR,
                        "aclSetAclOpExecutorRepeatable", {"executor is nullptr."}));
}

TEST(Catalogue, EX_02) {
  int64_t bogus[8] = {};
  EXPECT_TRUE(FailsWith(aclSetAclOpExecutorRepeatable(reinterpret_cast<aclOpExecutor*>(bogus)), ACLNN_ERR_INNER,
                        "aclSetAclOpExecutorRepeatable", {"is not an executor returned by a first phase."}));
}

TEST(Catalogue, EX_03) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ASSERT_EQ(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(aclSetAclOpExecutorRepeatable(executor), ACLNN_ERR_INNER, "aclSetAclOpExecutorRepeatable",
                        {"was already run or destroyed"}));
}

TEST(Catalogue, EX_04) {
  EXPECT_TRUE(FailsWith(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor",
                        {"executor is nullptr."}));
}

TEST(Catalogue, EX_05) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ASSERT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(aclDestroyAclOpExecutor(executor), ACLNN_ERR_INNER, "aclDestroyAclOpExecutor",
                        {"was already run or destroyed"}));
}

TEST(Catalogue, EX_06) {
  int64_t bogus[8] = {};
  EXPECT_TRUE(FailsWith(aclDestroyAclOpExecutor(reinterpret_cast<aclOpExecutor*>(bogus)), ACLNN_ERR_INNER,
                        "aclDestroyAclOpExecutor", {"is not an executor returned by a first phase."}));
}

TEST(Catalogue, EX_07) {
  EXPECT_TRUE(FailsWith(aclSetInputTensorAddr(nullptr, 0, nullptr, DummyData()), ACLNN_ERR_PARAM_NULLPTR,
                        "aclSetInputTensorAddr", {"executor is nullptr."}));
}

TEST(Catalogue, EX_08) {
  int64_t bogus[8] = {};
  EXPECT_TRUE(FailsWith(aclSetOutputTensorAddr(reinterpret_cast<aclOpExecutor*>(bogus), 0, nullptr, DummyData()),
                        ACLNN_ERR_PARAM_INVALID, "aclSetOutputTensorAddr",
                        {"is not an executor returned by a first phase."}));
}

TEST(Catalogue, EX_09) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(aclSetInputTensorAddr(executor, 2, nullptr, DummyData()), ACLNN_ERR_PARAM_INVALID,
                        "aclSetInputTensorAddr", {"index 2 is out of range: the executor has 2 inputs."}));
  // The executor is unchanged and still runs.
  EXPECT_TRUE(Succeeds(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream())));
  EXPECT_FALSE(ops.OutUntouched());
}

TEST(Catalogue, EX_10) {
  RuntimeSession session;
  Operands ops(Op::kForward);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(aclSetOutputTensorAddr(executor, 1, nullptr, DummyData()), ACLNN_ERR_PARAM_INVALID,
                        "aclSetOutputTensorAddr", {"index 1 is out of range: the executor has 1 outputs."}));
  test::Discard(executor);
}

TEST(Catalogue, EX_11) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(aclSetInputTensorAddr(executor, 0, NotATensor(), DummyData()), ACLNN_ERR_PARAM_INVALID,
                        "aclSetInputTensorAddr", {"is not a live aclTensor."}));
  test::Discard(executor);
}

TEST(Catalogue, EX_12) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(Succeeds(aclSetInputTensorAddr(executor, 0, ops.grad.get(), nullptr)));
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()),
                        ACLNN_ERR_PARAM_NULLPTR, ops.api(), {"the data address of tensor gradOutput is nullptr."}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

TEST(Catalogue, EX_13) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  std::vector<float> host(ops.count, kSentinel);
  EXPECT_TRUE(Succeeds(aclSetOutputTensorAddr(executor, 0, ops.out.get(), host.data())));
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()),
                        ACLNN_ERR_PARAM_INVALID, ops.api(), {"tensor out (", "is not device memory"}));
  EXPECT_EQ(host, std::vector<float>(ops.count, kSentinel));
  test::Discard(executor);
}

TEST(Catalogue, EX_14) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ASSERT_EQ(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(aclSetOutputTensorAddr(executor, 0, nullptr, ops.out_buffer.get()), ACLNN_ERR_PARAM_INVALID,
                        "aclSetOutputTensorAddr", {"was already run or destroyed"}));
}

TEST(Catalogue, EX_15) {
  // aclFinalize releases the executors still alive.
  aclOpExecutor* executor = nullptr;
  {
    RuntimeSession session;
    Operands ops(Op::kV2);
    uint64_t size = 0;
    executor = ops.PhaseOne(&size);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  }
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(test::RunV2(executor, session.stream()), ACLNN_ERR_PARAM_INVALID, "aclnnHardswishBackwardV2",
                        {"was already run or destroyed"}));
}

TEST(Catalogue, EX_16) {
  // A repeatable executor survives a refused run (null workspace) and runs afterwards.
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 64, executor, session.stream()), ACLNN_ERR_PARAM_NULLPTR, ops.api(),
                        {"workspace is nullptr."}));
  EXPECT_TRUE(ops.OutUntouched());
  EXPECT_TRUE(Succeeds(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream())));
  EXPECT_FALSE(ops.OutUntouched());
  EXPECT_TRUE(Succeeds(aclDestroyAclOpExecutor(executor)));
}

// ---- device memory in the second phase (docs/device-memory.md) ----

TEST(Catalogue, DM_01) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, ops.count * sizeof(float)), ACL_SUCCESS);
  ASSERT_EQ(aclSetRawTensorAddr(ops.grad.get(), host), ACLNN_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()),
                        ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"tensor gradOutput (", "is host memory from aclrtMallocHost, not device memory."}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
  aclrtFreeHost(host);
}

TEST(Catalogue, DM_02) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  DeviceBuffer small(ops.count * sizeof(float) - 4);
  ASSERT_EQ(aclSetRawTensorAddr(ops.self.get(), small.get()), ACLNN_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(
      ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()), ACLNN_ERR_PARAM_INVALID, ops.api(),
      {"tensor self (", "128 bytes) runs 4 bytes past the end of its allocation (", ", 124 bytes)."}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

TEST(Catalogue, DM_03) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ops.grad_buffer = DeviceBuffer();  // freed between the phases
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()),
                        ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"tensor gradOutput (",
                         "is not device memory: it lies in no live aclrtMalloc allocation "
                         "(host memory, or freed)."}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

TEST(Catalogue, DM_04) {
  ScopedEnv env("ACLNN_HOST_DEVICE_COUNT", "2");
  RuntimeSession session;
  Operands ops(Op::kV2);
  OtherDeviceBuffer other(ops.count * sizeof(float));
  ASSERT_EQ(aclSetRawTensorAddr(ops.self.get(), other.get()), ACLNN_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()),
                        ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"tensor self (", "is memory of device 1, but the work runs on device 0."}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

TEST(Catalogue, DM_05) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  DeviceBuffer workspace(64);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(workspace.get(), 128, executor, session.stream()), ACLNN_ERR_PARAM_INVALID,
                        ops.api(), {"workspace (", "128 bytes) runs 64 bytes past the end of its allocation"}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

TEST(Catalogue, DM_06) {
  // ACLNN_HOST_STRICT=0: host memory is accepted and the op computes (the opt-out).
  ScopedEnv env("ACLNN_HOST_STRICT", "0");
  RuntimeSession session;
  std::vector<float> grad(6, 2.0f), self(6, 1.0f), out(6, kSentinel);
  Layout layout;
  layout.view = {2, 3};
  Tensor g(layout, grad.data()), s(layout, self.data()), o(layout, out.data());
  EXPECT_TRUE(Succeeds(test::RunHardswishBackwardV2(g.get(), s.get(), o.get(), session.stream())));
  // d(1) = 1/3 + 1/2, times 2.
  EXPECT_EQ(out, std::vector<float>(6, 2.0f * (1.0f / 3.0f + 0.5f)));
}

TEST(Catalogue, DM_07) {
  // The emulated device's capacity bounds what a run may use.
  ScopedEnv env("ACLNN_HOST_DEVICE_MEMORY", "4K");
  RuntimeSession session;
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 8192, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "aclrtMalloc", {"out of device memory: 8192 bytes requested"}));
  size_t free_bytes = 0, total = 0;
  EXPECT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total)));
  EXPECT_EQ(total, 4096u);
}

// ---- the error log ----

TEST(Catalogue, MISC_01) {
  TakeErrorMessage();
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST(Catalogue, MISC_02) {
  EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
  EXPECT_EQ(aclDataTypeSize(static_cast<aclDataType>(999)), 0u);
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST(Catalogue, MISC_03) {
  // Two failures leave two lines, read (and cleared) together.
  TakeErrorMessage();
  aclDestroyTensor(NotATensor());
  aclrtSetDevice(0);
  const std::string text = TakeErrorMessage();
  EXPECT_NE(text.find("[aclDestroyTensor]"), std::string::npos) << text;
  EXPECT_NE(text.find("\n[aclrtSetDevice]"), std::string::npos) << text;
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST(Catalogue, MISC_04) {
  // The error text is per thread.
  TakeErrorMessage();
  std::thread other([] { aclDestroyTensor(NotATensor()); });
  other.join();
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

}  // namespace
}  // namespace catalogue
