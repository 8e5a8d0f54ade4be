// The aclnn base API (runtime-abi.md §3): tensor descriptors and their getters, scalars and int
// arrays, and executors — repeatable executors, destroying them, re-pointing their tensors, and
// several queued runs of one executor. Executors come from aclnnHardswishBackwardV2, the one
// operator of the library.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "base/tensor.h"
#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"

namespace {

/// Succeeds when `status` is `code` and the thread's error text (read and cleared here) names
/// `api` as "[api]", carries "(error <code>)" and contains `phrase`.
::testing::AssertionResult FailsWith(aclnnStatus status, aclnnStatus code, const char* api, const std::string& phrase) {
  const std::string message = test::TakeErrorMessage();
  if (status != code) {
    return ::testing::AssertionFailure() << "returned " << status << ", expected " << code << "; message: \"" << message
                                         << "\"";
  }
  for (const std::string& needle : {std::string("[") + api + "]", "(error " + std::to_string(code) + ")", phrase}) {
    if (message.find(needle) == std::string::npos) {
      return ::testing::AssertionFailure() << "message \"" << message << "\" lacks \"" << needle << "\"";
    }
  }
  return ::testing::AssertionSuccess();
}

std::vector<int64_t> TakeArray(int64_t* values, uint64_t count) {
  std::vector<int64_t> copy(values, values + count);
  delete[] values;
  return copy;
}

std::vector<int64_t> ViewShapeOf(const aclTensor* tensor) {
  int64_t* values = nullptr;
  uint64_t count = 99;
  EXPECT_EQ(aclGetViewShape(tensor, &values, &count), ACLNN_SUCCESS) << test::TakeErrorMessage();
  return TakeArray(values, count);
}

std::vector<int64_t> StridesOf(const aclTensor* tensor) {
  int64_t* values = nullptr;
  uint64_t count = 99;
  EXPECT_EQ(aclGetViewStrides(tensor, &values, &count), ACLNN_SUCCESS) << test::TakeErrorMessage();
  return TakeArray(values, count);
}

std::vector<int64_t> StorageShapeOf(const aclTensor* tensor) {
  int64_t* values = nullptr;
  uint64_t count = 99;
  EXPECT_EQ(aclGetStorageShape(tensor, &values, &count), ACLNN_SUCCESS) << test::TakeErrorMessage();
  return TakeArray(values, count);
}

/// V2 for one fp32 element, from the independent reference.
float ExpectedV2(float g, float x) { return reference::HardswishGrad(g, x, /*v1=*/false, reference::Numerics()); }

uint32_t Bits(float value) { return reference::Bits(value); }

std::vector<float> ExpectedOf(const std::vector<float>& g, const std::vector<float>& x) {
  std::vector<float> out(g.size());
  for (size_t i = 0; i < g.size(); ++i) out[i] = ExpectedV2(g[i], x[i]);
  return out;
}

void ExpectBitsEqual(const std::vector<float>& got, const std::vector<float>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  size_t mismatches = 0;
  for (size_t i = 0; i < got.size() && mismatches < 10; ++i) {
    if (Bits(got[i]) != Bits(expected[i])) {
      ++mismatches;
      ADD_FAILURE() << "element " << i << ": got " << got[i] << ", expected " << expected[i];
    }
  }
}

test::Tensor Make(std::vector<int64_t> view, void* data, aclDataType dtype = ACL_FLOAT) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  return test::Tensor(layout, data);
}

// ---------------------------------------------------------------------------------------------
// aclCreateTensor and the getters.

// Upstream returns nullptr only when a dims pointer is null with a non-zero count.
TEST(TensorApi, NullDimsWithNonZeroCountGiveNullptr) {
  const int64_t dims[] = {2, 3};
  test::TakeErrorMessage();
  EXPECT_EQ(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, nullptr), nullptr);
  const std::string message = test::TakeErrorMessage();
  EXPECT_NE(message.find("[aclCreateTensor]"), std::string::npos) << message;
  EXPECT_NE(message.find("viewDims is nullptr"), std::string::npos) << message;
  EXPECT_EQ(aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 1, nullptr), nullptr);
  EXPECT_NE(test::TakeErrorMessage().find("storageDims is nullptr"), std::string::npos);
}

// Nothing else is validated at creation: negative dims, odd dtypes, null data all give a tensor.
TEST(TensorApi, CreationValidatesNothingElse) {
  const int64_t dims[] = {-2, 3};
  const int64_t strides[] = {-1, 0};
  aclTensor* t = aclCreateTensor(dims, 2, ACL_DT_UNDEFINED, strides, -5, ACL_FORMAT_UNDEFINED, dims, 2, nullptr);
  ASSERT_NE(t, nullptr) << test::TakeErrorMessage();
  EXPECT_EQ(ViewShapeOf(t), (std::vector<int64_t>{-2, 3}));
  EXPECT_EQ(StridesOf(t), (std::vector<int64_t>{-1, 0}));
  int64_t offset = 0;
  EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
  EXPECT_EQ(offset, -5);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

// A null stride means the row-major strides of the view.
TEST(TensorApi, NullStrideGivesRowMajorStrides) {
  const int64_t dims[] = {2, 3, 4};
  const int64_t storage[] = {24};
  aclTensor* t = aclCreateTensor(dims, 3, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr);
  ASSERT_NE(t, nullptr) << test::TakeErrorMessage();
  EXPECT_EQ(StridesOf(t), (std::vector<int64_t>{12, 4, 1}));
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);

  const int64_t one[] = {5};
  t = aclCreateTensor(one, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one, 1, nullptr);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(StridesOf(t), (std::vector<int64_t>{1}));
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

// Rank 0 with null dims (and null strides, null storage dims) is a scalar tensor.
TEST(TensorApi, RankZeroWithNullDims) {
  aclTensor* t = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
  ASSERT_NE(t, nullptr) << test::TakeErrorMessage();
  EXPECT_TRUE(ViewShapeOf(t).empty());
  EXPECT_TRUE(StridesOf(t).empty());
  EXPECT_TRUE(StorageShapeOf(t).empty());
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

// aclTensor holds at most 25 dims (CANN's shape type); more is rejected with a message.
TEST(TensorApi, MoreThan25DimsGiveNullptr) {
  const std::vector<int64_t> dims26(26, 1), dims25(25, 1);
  test::TakeErrorMessage();
  EXPECT_EQ(aclCreateTensor(dims26.data(), 26, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims25.data(), 25, nullptr),
            nullptr);
  EXPECT_NE(test::TakeErrorMessage().find("viewDims has 26 dims"), std::string::npos);
  EXPECT_EQ(aclCreateTensor(dims25.data(), 25, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims26.data(), 26, nullptr),
            nullptr);
  EXPECT_NE(test::TakeErrorMessage().find("storageDims has 26 dims"), std::string::npos);
  aclTensor* t = aclCreateTensor(dims25.data(), 25, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims25.data(), 25, nullptr);
  ASSERT_NE(t, nullptr) << test::TakeErrorMessage();
  EXPECT_EQ(ViewShapeOf(t), dims25);
  EXPECT_EQ(StridesOf(t), dims25);  // all ones
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

// Every getter returns what aclCreateTensor was given; the arrays are copies.
TEST(TensorApi, GettersReturnWhatWasGiven) {
  int64_t dims[] = {2, 3};
  int64_t strides[] = {1, 4};
  int64_t storage[] = {3, 4};
  alignas(64) float data[12] = {};
  aclTensor* t = aclCreateTensor(dims, 2, ACL_BF16, strides, 5, ACL_FORMAT_NHWC, storage, 2, data);
  ASSERT_NE(t, nullptr) << test::TakeErrorMessage();
  // The tensor copied the arrays: changing the caller's arrays changes nothing.
  dims[0] = strides[0] = storage[0] = 99;
  EXPECT_EQ(ViewShapeOf(t), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(StridesOf(t), (std::vector<int64_t>{1, 4}));
  EXPECT_EQ(StorageShapeOf(t), (std::vector<int64_t>{3, 4}));
  int64_t offset = 0;
  EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
  EXPECT_EQ(offset, 5);
  aclFormat format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(aclGetFormat(t, &format), ACLNN_SUCCESS);
  EXPECT_EQ(format, ACL_FORMAT_NHWC);
  aclDataType dtype = ACL_DT_UNDEFINED;
  EXPECT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
  EXPECT_EQ(dtype, ACL_BF16);
  void* addr = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
  EXPECT_EQ(addr, static_cast<void*>(data));
  // Each array getter hands out a fresh array.
  int64_t* first = nullptr;
  int64_t* second = nullptr;
  uint64_t count = 0;
  ASSERT_EQ(aclGetViewShape(t, &first, &count), ACLNN_SUCCESS);
  ASSERT_EQ(aclGetViewShape(t, &second, &count), ACLNN_SUCCESS);
  EXPECT_NE(first, second);
  first[0] = 77;
  EXPECT_EQ(ViewShapeOf(t), (std::vector<int64_t>{2, 3}));
  delete[] first;
  delete[] second;
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

// aclGetFormat returns the view format, whatever it is.
TEST(TensorApi, GetFormatReturnsTheViewFormat) {
  const int64_t dims[] = {1, 2, 3, 4};
  for (aclFormat f : {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NC1HWC0, ACL_FRACTAL_Z_3D, ACL_FORMAT_NCDHW,
                      ACL_FORMAT_FRACTAL_NZ_C0_8}) {
    aclTensor* t = aclCreateTensor(dims, 4, ACL_FLOAT, nullptr, 0, f, dims, 4, nullptr);
    ASSERT_NE(t, nullptr);
    aclFormat got = ACL_FORMAT_UNDEFINED;
    EXPECT_EQ(aclGetFormat(t, &got), ACLNN_SUCCESS);
    EXPECT_EQ(got, f);
    EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  }
}

// Getters: 161001 on a null argument; 161002 on a pointer that is not a live tensor.
TEST(TensorApi, GettersRejectNullArguments) {
  const int64_t dims[] = {2};
  aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
  ASSERT_NE(t, nullptr);
  int64_t* values = nullptr;
  uint64_t count = 0;
  int64_t offset = 0;
  aclFormat format;
  aclDataType dtype;
  void* addr = nullptr;
  const aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;
  EXPECT_TRUE(FailsWith(aclGetViewShape(nullptr, &values, &count), kNull, "aclGetViewShape", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetViewShape(t, nullptr, &count), kNull, "aclGetViewShape", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetViewShape(t, &values, nullptr), kNull, "aclGetViewShape", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetStorageShape(nullptr, &values, &count), kNull, "aclGetStorageShape", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetStorageShape(t, nullptr, &count), kNull, "aclGetStorageShape", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetStorageShape(t, &values, nullptr), kNull, "aclGetStorageShape", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetViewStrides(nullptr, &values, &count), kNull, "aclGetViewStrides", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetViewStrides(t, nullptr, &count), kNull, "aclGetViewStrides", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetViewStrides(t, &values, nullptr), kNull, "aclGetViewStrides", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetViewOffset(nullptr, &offset), kNull, "aclGetViewOffset", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetViewOffset(t, nullptr), kNull, "aclGetViewOffset", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetFormat(nullptr, &format), kNull, "aclGetFormat", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetFormat(t, nullptr), kNull, "aclGetFormat", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetDataType(nullptr, &dtype), kNull, "aclGetDataType", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetDataType(t, nullptr), kNull, "aclGetDataType", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetRawTensorAddr(nullptr, &addr), kNull, "aclGetRawTensorAddr", "nullptr"));
  EXPECT_TRUE(FailsWith(aclGetRawTensorAddr(t, nullptr), kNull, "aclGetRawTensorAddr", "nullptr"));
  EXPECT_TRUE(FailsWith(aclSetRawTensorAddr(nullptr, &offset), kNull, "aclSetRawTensorAddr", "nullptr"));
  EXPECT_EQ(values, nullptr);  // nothing was allocated on the failing calls

  // A dead pointer is 161002 and is not read.
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  int64_t local[4] = {};
  const aclTensor* foreign = reinterpret_cast<const aclTensor*>(local);
  const aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;
  EXPECT_TRUE(FailsWith(aclGetViewShape(foreign, &values, &count), kInvalid, "aclGetViewShape", "not a live"));
  EXPECT_TRUE(FailsWith(aclGetViewOffset(foreign, &offset), kInvalid, "aclGetViewOffset", "not a live"));
  EXPECT_TRUE(FailsWith(aclGetDataType(foreign, &dtype), kInvalid, "aclGetDataType", "not a live"));
  EXPECT_TRUE(FailsWith(aclSetRawTensorAddr(const_cast<aclTensor*>(foreign), &offset), kInvalid, "aclSetRawTensorAddr",
                        "not a live"));
  for (int64_t word : local) EXPECT_EQ(word, 0);
}

TEST(TensorApi, SetAndGetRawTensorAddr) {
  const int64_t dims[] = {4};
  alignas(64) float a[4] = {}, b[4] = {};
  aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, a);
  ASSERT_NE(t, nullptr);
  void* addr = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
  EXPECT_EQ(addr, static_cast<void*>(a));
  EXPECT_EQ(aclSetRawTensorAddr(t, b), ACLNN_SUCCESS);
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
  EXPECT_EQ(addr, static_cast<void*>(b));
  EXPECT_EQ(aclSetRawTensorAddr(t, nullptr), ACLNN_SUCCESS);  // a null address is allowed (phase one ignores data)
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
  EXPECT_EQ(addr, nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(TensorApi, DestroyNullIsOkAndDoubleDestroyIsAnError) {
  EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(test::TakeErrorMessage(), "");
  const int64_t dims[] = {2};
  aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor",
                        "is not a live aclTensor (destroyed twice, or never created)."));
}

// The internal element-count helper behind the layout checks: false on any negative dim (also
// after a zero), 0 for any zero dim (even when the other dims' product overflows), false on overflow.
TEST(TensorApi, ElementCountHelper) {
  auto count_of = [](std::initializer_list<int64_t> values, int64_t* count) {
    aclnn_host::Dims dims;
    for (int64_t v : values) dims.PushBack(v);
    return aclnn_host::ElementCount(dims, count);
  };
  const int64_t big = int64_t{1} << 32;
  int64_t count = -1;
  EXPECT_TRUE(count_of({}, &count));
  EXPECT_EQ(count, 1);
  EXPECT_TRUE(count_of({2, 3, 4}, &count));
  EXPECT_EQ(count, 24);
  EXPECT_TRUE(count_of({big, big, 0}, &count));
  EXPECT_EQ(count, 0);
  EXPECT_FALSE(count_of({big, big}, &count));
  EXPECT_FALSE(count_of({-1, 0}, &count));
  EXPECT_FALSE(count_of({0, -1}, &count));
  EXPECT_FALSE(count_of({big, big, -1}, &count));
  EXPECT_TRUE(count_of({std::numeric_limits<int64_t>::max(), 1}, &count));
  EXPECT_EQ(count, std::numeric_limits<int64_t>::max());
}

// ---------------------------------------------------------------------------------------------
// Scalars and int arrays.

// aclCreateScalar copies the value: the source may change or die afterwards.
TEST(TensorApi, CreateScalarCopiesTheValue) {
  float value = 1.5f;
  aclScalar* scalar = aclCreateScalar(&value, ACL_FLOAT);
  ASSERT_NE(scalar, nullptr) << test::TakeErrorMessage();
  value = -2.0f;
  {
    int64_t wide = 42;
    aclScalar* s64 = aclCreateScalar(&wide, ACL_INT64);
    ASSERT_NE(s64, nullptr);
    wide = 0;
    EXPECT_EQ(aclDestroyScalar(s64), ACLNN_SUCCESS);
  }
  double d = 3.0;
  aclScalar* sd = aclCreateScalar(&d, ACL_DOUBLE);
  ASSERT_NE(sd, nullptr);
  EXPECT_EQ(aclDestroyScalar(sd), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyScalar(scalar), ACLNN_SUCCESS);
  EXPECT_EQ(test::TakeErrorMessage(), "");
}

TEST(TensorApi, CreateScalarWithNullValueGivesNullptr) {
  test::TakeErrorMessage();
  EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
  EXPECT_NE(test::TakeErrorMessage().find("[aclCreateScalar]"), std::string::npos);
}

TEST(TensorApi, DestroyScalarNullAndTwice) {
  EXPECT_EQ(aclDestroyScalar(nullptr), ACLNN_SUCCESS);
  int32_t value = 7;
  aclScalar* scalar = aclCreateScalar(&value, ACL_INT32);
  ASSERT_NE(scalar, nullptr);
  EXPECT_EQ(aclDestroyScalar(scalar), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(aclDestroyScalar(scalar), ACLNN_ERR_PARAM_INVALID, "aclDestroyScalar", "not a live aclScalar"));
}

TEST(TensorApi, CreateAndDestroyIntArray) {
  std::vector<int64_t> values = {1, -2, 3};
  aclIntArray* array = aclCreateIntArray(values.data(), values.size());
  ASSERT_NE(array, nullptr) << test::TakeErrorMessage();
  values.assign(3, 0);  // the array holds a copy
  EXPECT_EQ(aclDestroyIntArray(array), ACLNN_SUCCESS);
  // Size 0 with a null pointer is an empty array; null with a size is nullptr.
  aclIntArray* empty = aclCreateIntArray(nullptr, 0);
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(aclDestroyIntArray(empty), ACLNN_SUCCESS);
  test::TakeErrorMessage();
  EXPECT_EQ(aclCreateIntArray(nullptr, 2), nullptr);
  EXPECT_NE(test::TakeErrorMessage().find("[aclCreateIntArray]"), std::string::npos);
  // A size no array can have is refused before value + size is formed.
  EXPECT_EQ(aclCreateIntArray(values.data(), UINT64_MAX), nullptr);
  EXPECT_NE(test::TakeErrorMessage().find("is larger than any array can be"), std::string::npos);
  EXPECT_EQ(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
  EXPECT_TRUE(
      FailsWith(aclDestroyIntArray(array), ACLNN_ERR_PARAM_INVALID, "aclDestroyIntArray", "not a live aclIntArray"));
}

// ---------------------------------------------------------------------------------------------
// Executors.

/// An fp32 hardswish-backward problem on device buffers: gradOutput, self, out of `n` elements.
struct Problem {
  Problem(const std::vector<float>& g, const std::vector<float>& x)
      : n(g.size()), grad_buffer(n * 4), self_buffer(n * 4), out_buffer(n * 4) {
    grad_buffer.Upload(g);
    self_buffer.Upload(x);
    out_buffer.Upload(std::vector<float>(n, -9.0f));
    const int64_t count = static_cast<int64_t>(n);
    grad = Make({count}, grad_buffer.get());
    self = Make({count}, self_buffer.get());
    out = Make({count}, out_buffer.get());
  }
  /// Phase one; returns the executor (workspace 0 expected).
  aclOpExecutor* Plan() {
    uint64_t workspace_size = 1;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(grad.get(), self.get(), out.get(), &workspace_size, &executor),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
    EXPECT_EQ(workspace_size, test::kAlignedLibraryWorkspace);  // V2's arch22 library workspace only
    return executor;
  }
  size_t n;
  test::DeviceBuffer grad_buffer, self_buffer, out_buffer;
  test::Tensor grad, self, out;
};

std::vector<float> Ramp(size_t n, float start, float step) {
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = start + step * static_cast<float>(i);
  return values;
}

TEST(ExecutorApi, SetRepeatableRejectsNullAndUnknown) {
  test::RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR,
                        "aclSetAclOpExecutorRepeatable", "executor is nullptr."));
  uint64_t local[8] = {};
  EXPECT_TRUE(FailsWith(aclSetAclOpExecutorRepeatable(reinterpret_cast<aclOpExecutor*>(local)), ACLNN_ERR_INNER,
                        "aclSetAclOpExecutorRepeatable", "is not an executor returned by a first phase."));
  for (uint64_t word : local) EXPECT_EQ(word, 0u);
}

// Repeatable must be set right after phase one: after the (single) run the executor is gone.
TEST(ExecutorApi, SetRepeatableAfterTheRunIsTooLate) {
  test::RuntimeSession session;
  Problem p(Ramp(8, -4, 1), Ramp(8, -4, 1));
  aclOpExecutor* executor = p.Plan();
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclSetAclOpExecutorRepeatable(executor), ACLNN_ERR_INNER, "aclSetAclOpExecutorRepeatable",
                        "was already run or destroyed"));
}

// A repeatable executor runs any number of times, reading the inputs' current contents each
// time; aclDestroyAclOpExecutor frees it and a later run is rejected.
TEST(ExecutorApi, RepeatableExecutorRunsThreeTimes) {
  test::RuntimeSession session;
  const size_t n = 64;
  const std::vector<float> g = Ramp(n, 1.0f, 0.25f);
  Problem p(g, Ramp(n, -5.0f, 0.15625f));
  aclOpExecutor* executor = p.Plan();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS) << test::TakeErrorMessage();
  const std::vector<std::vector<float>> inputs = {Ramp(n, -5.0f, 0.15625f), Ramp(n, 4.0f, -0.125f),
                                                  Ramp(n, -3.0f, 0.09375f)};
  for (size_t run = 0; run < inputs.size(); ++run) {
    SCOPED_TRACE(run);
    ASSERT_EQ(aclrtMemcpy(p.self_buffer.get(), n * 4, inputs[run].data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
    ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
    ExpectBitsEqual(p.out_buffer.Download<float>(n), ExpectedOf(g, inputs[run]));
  }
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_TRUE(FailsWith(test::RunV2(executor, session.stream()), ACLNN_ERR_PARAM_INVALID, "aclnnHardswishBackwardV2",
                        "was already run or destroyed"));
  EXPECT_TRUE(FailsWith(aclDestroyAclOpExecutor(executor), ACLNN_ERR_INNER, "aclDestroyAclOpExecutor",
                        "was already run or destroyed"));
}

TEST(ExecutorApi, DestroyRejectsNullAndUnknown) {
  test::RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor",
                        "executor is nullptr."));
  uint64_t local[8] = {};
  EXPECT_TRUE(FailsWith(aclDestroyAclOpExecutor(reinterpret_cast<aclOpExecutor*>(local)), ACLNN_ERR_INNER,
                        "aclDestroyAclOpExecutor", "is not an executor returned by a first phase."));
  for (uint64_t word : local) EXPECT_EQ(word, 0u);
}

// aclSetInputTensorAddr / aclSetOutputTensorAddr re-point a repeatable executor (and the
// tensor) at new buffers for the next run; the old buffers are left alone.
TEST(ExecutorApi, SetTensorAddrRepointsARepeatableExecutor) {
  test::RuntimeSession session;
  const size_t n = 16;
  const std::vector<float> g = Ramp(n, 2.0f, -0.5f), x = Ramp(n, -4.0f, 0.5f);
  Problem p(g, x);
  aclOpExecutor* executor = p.Plan();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> first = ExpectedOf(g, x);
  ExpectBitsEqual(p.out_buffer.Download<float>(n), first);

  // New self (index 1 of the inputs gradOutput, self) and a new out.
  const std::vector<float> x2 = Ramp(n, 3.5f, -0.4375f);
  test::DeviceBuffer self2(n * 4), out2(n * 4);
  self2.Upload(x2);
  out2.Upload(std::vector<float>(n, -9.0f));
  EXPECT_EQ(aclSetInputTensorAddr(executor, 1, p.self.get(), self2.get()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_EQ(aclSetOutputTensorAddr(executor, 0, p.out.get(), out2.get()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  void* addr = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(p.self.get(), &addr), ACLNN_SUCCESS);
  EXPECT_EQ(addr, self2.get());
  EXPECT_EQ(aclGetRawTensorAddr(p.out.get(), &addr), ACLNN_SUCCESS);
  EXPECT_EQ(addr, out2.get());
  // Scribble on the old out so that a stray write would show.
  ASSERT_EQ(aclrtMemset(p.out_buffer.get(), n * 4, 0x7f, n * 4), ACL_SUCCESS);
  const std::vector<float> scribbled = p.out_buffer.Download<float>(n);

  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  ExpectBitsEqual(out2.Download<float>(n), ExpectedOf(g, x2));
  ExpectBitsEqual(p.out_buffer.Download<float>(n), scribbled);
  EXPECT_EQ(p.self_buffer.Download<float>(n), x);  // the old self is not written either

  // Re-point gradOutput (index 0) too.
  const std::vector<float> g3 = Ramp(n, -1.0f, 0.125f);
  test::DeviceBuffer grad3(n * 4);
  grad3.Upload(g3);
  EXPECT_EQ(aclSetInputTensorAddr(executor, 0, p.grad.get(), grad3.get()), ACLNN_SUCCESS);
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  ExpectBitsEqual(out2.Download<float>(n), ExpectedOf(g3, x2));
  // A null address is accepted by the setter and rejected by the next run, which writes nothing.
  EXPECT_EQ(aclSetInputTensorAddr(executor, 1, p.self.get(), nullptr), ACLNN_SUCCESS);
  out2.Upload(std::vector<float>(n, -9.0f));
  EXPECT_TRUE(FailsWith(test::RunV2(executor, session.stream()), ACLNN_ERR_PARAM_NULLPTR, "aclnnHardswishBackwardV2",
                        "the data address of tensor self is nullptr."));
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  EXPECT_EQ(out2.Download<float>(n), std::vector<float>(n, -9.0f));
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
}

// Index out of range, null or unknown executors, dead tensors.
TEST(ExecutorApi, SetTensorAddrRejectsBadArguments) {
  test::RuntimeSession session;
  Problem p(Ramp(4, 0, 1), Ramp(4, 0, 1));
  aclOpExecutor* executor = p.Plan();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  test::DeviceBuffer other(16);
  EXPECT_TRUE(FailsWith(aclSetInputTensorAddr(executor, 2, p.self.get(), other.get()), ACLNN_ERR_PARAM_INVALID,
                        "aclSetInputTensorAddr", "index 2 is out of range: the executor has 2 inputs."));
  EXPECT_TRUE(FailsWith(aclSetOutputTensorAddr(executor, 1, p.out.get(), other.get()), ACLNN_ERR_PARAM_INVALID,
                        "aclSetOutputTensorAddr", "index 1 is out of range: the executor has 1 outputs."));
  EXPECT_TRUE(FailsWith(aclSetInputTensorAddr(executor, static_cast<size_t>(-1), p.self.get(), other.get()),
                        ACLNN_ERR_PARAM_INVALID, "aclSetInputTensorAddr", "is out of range"));
  EXPECT_TRUE(FailsWith(aclSetInputTensorAddr(nullptr, 0, p.self.get(), other.get()), ACLNN_ERR_PARAM_NULLPTR,
                        "aclSetInputTensorAddr", "executor is nullptr."));
  uint64_t local[8] = {};
  EXPECT_TRUE(FailsWith(aclSetOutputTensorAddr(reinterpret_cast<aclOpExecutor*>(local), 0, p.out.get(), other.get()),
                        ACLNN_ERR_PARAM_INVALID, "aclSetOutputTensorAddr", "is not an executor"));
  EXPECT_TRUE(FailsWith(aclSetOutputTensorAddr(executor, 0, reinterpret_cast<aclTensor*>(local), other.get()),
                        ACLNN_ERR_PARAM_INVALID, "aclSetOutputTensorAddr", "is not a live aclTensor"));
  for (uint64_t word : local) EXPECT_EQ(word, 0u);
  // The failed calls changed nothing: the executor still runs on the original buffers.
  void* addr = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(p.out.get(), &addr), ACLNN_SUCCESS);
  EXPECT_EQ(addr, p.out_buffer.get());
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  ExpectBitsEqual(p.out_buffer.Download<float>(4), ExpectedOf(Ramp(4, 0, 1), Ramp(4, 0, 1)));
  EXPECT_EQ(other.Download<float>(4).size(), 4u);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
}

// Two runs queued back to back before one synchronize both complete, in order. out aliases
// gradOutput (same buffer, same layout: in place), so the second run sees the first's result:
// out = g * t * t.
TEST(ExecutorApi, BackToBackRunsBothComplete) {
  test::RuntimeSession session;
  const size_t n = 1 << 20;  // large enough to still be running when the second run is queued
  const std::vector<float> g = Ramp(n, -2.0f, 1.0f / 4096.0f);
  const std::vector<float> x = Ramp(n, -3.5f, 7.0f / static_cast<float>(n));
  test::DeviceBuffer grad_buffer(n * 4), self_buffer(n * 4);
  grad_buffer.Upload(g);
  self_buffer.Upload(x);
  test::Tensor grad = Make({1024, 1024}, grad_buffer.get());
  test::Tensor self = Make({1024, 1024}, self_buffer.get());
  test::Tensor out = Make({1024, 1024}, grad_buffer.get());
  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(grad.get(), self.get(), out.get(), &workspace_size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(workspace_size, test::kAlignedLibraryWorkspace);  // exact in-place needs no temporary
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  // Destroying the executor with runs in flight is allowed: the queued runs keep their plan.
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  std::vector<float> expected(n);
  for (size_t i = 0; i < n; ++i) expected[i] = ExpectedV2(ExpectedV2(g[i], x[i]), x[i]);
  ExpectBitsEqual(grad_buffer.Download<float>(n), expected);
}

// The same with two outputs: the first run's out buffer and the re-pointed one both get results
// (the addresses of a queued run are fixed when it is queued).
TEST(ExecutorApi, QueuedRunKeepsTheAddressesItWasQueuedWith) {
  test::RuntimeSession session;
  const size_t n = 1 << 18;
  const std::vector<float> g = Ramp(n, 1.0f, 1.0f / 65536.0f), x = Ramp(n, -4.0f, 8.0f / static_cast<float>(n));
  Problem p(g, x);
  aclOpExecutor* executor = p.Plan();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  test::DeviceBuffer out2(n * 4);
  ASSERT_EQ(aclrtMemset(out2.get(), n * 4, 0, n * 4), ACL_SUCCESS);
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetOutputTensorAddr(executor, 0, p.out.get(), out2.get()), ACLNN_SUCCESS);
  ASSERT_EQ(test::RunV2(executor, session.stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> expected = ExpectedOf(g, x);
  ExpectBitsEqual(p.out_buffer.Download<float>(n), expected);
  ExpectBitsEqual(out2.Download<float>(n), expected);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
}

}  // namespace
