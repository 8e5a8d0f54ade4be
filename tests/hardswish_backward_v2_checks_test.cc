// The checks of aclnnHardswishBackwardV2 (op-hardswish-backward.md §4, §5 and §7): every row of
// the first-phase table with its code and message, in the order upstream applies them (each test
// that combines two faults asserts which one is reported), the checks beyond upstream (negative
// or overflowing layouts, views outside their storage, SoCs without a kernel, broadcast outputs),
// the upstream unit-test cases, and the second phase's checks of executor and workspace.
//
// Every rejection is asserted with its code, the API tag, "(error <code>)", a phrase of the
// message, and a single line of error text (the first failing check stops the phase). Phase one
// runs with null data pointers unless the test also runs the op.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"

namespace {

constexpr const char* kPhaseOne = "aclnnHardswishBackwardV2GetWorkspaceSize";
constexpr const char* kPhaseTwo = "aclnnHardswishBackwardV2";
constexpr const char* kThreeDtypes = "should be in dtype support list [DT_FLOAT,DT_FLOAT16,DT_BF16,].";
constexpr const char* kTwoDtypes = "should be in dtype support list [DT_FLOAT,DT_FLOAT16,].";
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

/// A contiguous layout of `view` (1-D storage that just holds it).
test::Layout Contiguous(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return layout;
}

/// A layout given in full.
test::Layout Strided(std::vector<int64_t> view, std::vector<int64_t> strides, int64_t offset,
                     std::vector<int64_t> storage, aclDataType dtype = ACL_FLOAT) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.strides = std::move(strides);
  layout.offset = offset;
  layout.storage = std::move(storage);
  layout.dtype = dtype;
  return layout;
}

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr) {
  return test::Tensor(Contiguous(std::move(view), dtype), data);
}

using test::Accepted;
using test::Discard;
using test::MessageIs;
using test::PhaseOneResult;

PhaseOneResult PhaseOne(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnHardswishBackwardV2GetWorkspaceSize(grad, self, out, workspace_size, executor);
  });
}

/// Phase one was rejected with `code` and a message containing `phrase`.
::testing::AssertionResult Rejected(const PhaseOneResult& result, aclnnStatus code, const std::string& phrase) {
  return test::Rejected(result, kPhaseOne, code, phrase);
}

/// Phase one on (grad, self, out) is rejected with `code` / `phrase`.
::testing::AssertionResult RejectsWith(const aclTensor* grad, const aclTensor* self, aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  return Rejected(PhaseOne(grad, self, out), code, phrase);
}

/// Phase one on (grad, self, out) succeeds; the executor is discarded. Returns the workspace size.
uint64_t ExpectAccepted(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  const PhaseOneResult result = PhaseOne(grad, self, out);
  EXPECT_TRUE(Accepted(result));
  Discard(result.executor);
  return result.workspace_size;
}

/// V2 for one fp32 element, from the independent reference.
float ExpectedV2(float g, float x) { return reference::HardswishGrad(g, x, /*v1=*/false, reference::Numerics()); }

uint32_t Bits(float value) { return reference::Bits(value); }

// ---------------------------------------------------------------------------------------------
// §4 row 1: workspaceSize / executor pointers, before any tensor is looked at.

TEST(HardswishBackwardV2Checks, NullWorkspaceSizeIsRejected) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}), out = Make({2, 3});
  aclOpExecutor* executor = nullptr;
  test::TakeErrorMessage();
  const aclnnStatus status =
      aclnnHardswishBackwardV2GetWorkspaceSize(grad.get(), self.get(), out.get(), nullptr, &executor);
  EXPECT_EQ(status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                        "The workspaceSize or executor is nullptr."));
  EXPECT_EQ(executor, nullptr);
}

TEST(HardswishBackwardV2Checks, NullExecutorIsRejected) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}), out = Make({2, 3});
  uint64_t workspace_size = 77;
  test::TakeErrorMessage();
  const aclnnStatus status =
      aclnnHardswishBackwardV2GetWorkspaceSize(grad.get(), self.get(), out.get(), &workspace_size, nullptr);
  EXPECT_EQ(status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                        "The workspaceSize or executor is nullptr."));
}

// Row 1 comes before the tensors: null tensors, bad dtypes and a missing aclInit all lose to it.
TEST(HardswishBackwardV2Checks, NullWorkspaceSizeIsCheckedBeforeEverythingElse) {
  {
    test::RuntimeSession session;
    aclOpExecutor* executor = nullptr;
    test::TakeErrorMessage();
    EXPECT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, &executor),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_TRUE(MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                          "The workspaceSize or executor is nullptr."));
  }
  // No runtime at all now.
  test::Tensor bad = Make({2, 3}, ACL_INT64);
  uint64_t workspace_size = 0;
  EXPECT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(bad.get(), bad.get(), bad.get(), &workspace_size, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                        "The workspaceSize or executor is nullptr."));
}

// ---------------------------------------------------------------------------------------------
// §4 row 2: null tensors, gradOutput then self then out (out too: code, not doc).

TEST(HardswishBackwardV2Checks, NullTensorsAreNamedInArgumentOrder) {
  test::RuntimeSession session;
  test::Tensor t = Make({2, 3});
  EXPECT_TRUE(RejectsWith(nullptr, nullptr, nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t0."));
  EXPECT_TRUE(RejectsWith(t.get(), nullptr, nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t1."));
  EXPECT_TRUE(RejectsWith(nullptr, t.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t0."));
  EXPECT_TRUE(RejectsWith(t.get(), t.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t2."));
}

// A null tensor wins over every later check on the other tensors.
TEST(HardswishBackwardV2Checks, NullSelfWinsOverBadGradOutputDtype) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}, ACL_INT64), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), nullptr, out.get(), ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t1."));
}

TEST(HardswishBackwardV2Checks, NullOutWinsOverBadDtypesAndShapes) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}, ACL_INT64), self = Make({7, 9, 11, 3, 4, 6, 9, 2, 2}, ACL_INT32);
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t2."));
}

// Beyond upstream: a pointer that is not a live aclTensor is rejected, never dereferenced.
TEST(HardswishBackwardV2Checks, DestroyedOrForeignTensorIsRejected) {
  test::RuntimeSession session;
  test::Tensor good = Make({2, 3});
  aclTensor* destroyed = Make({2, 3}).get();  // the temporary destroys it at the end of the statement
  int64_t local = 0;
  aclTensor* foreign = reinterpret_cast<aclTensor*>(&local);
  EXPECT_TRUE(
      RejectsWith(destroyed, good.get(), good.get(), ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput (" /* pointer */));
  EXPECT_TRUE(RejectsWith(good.get(), foreign, good.get(), ACLNN_ERR_PARAM_INVALID, "is not a live aclTensor"));
  EXPECT_TRUE(RejectsWith(good.get(), good.get(), foreign, ACLNN_ERR_PARAM_INVALID, "Tensor out ("));
  // A null out is reported before a dead gradOutput: all null checks come first.
  EXPECT_TRUE(RejectsWith(foreign, good.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t2."));
  EXPECT_EQ(local, 0);
}

// aclInit missing → 361001, after the pointer checks, before the dtype checks.
TEST(HardswishBackwardV2Checks, PhaseOneBeforeAclInitIsARuntimeError) {
  test::Tensor good = Make({2, 3}), bad = Make({2, 3}, ACL_INT64);
  EXPECT_TRUE(RejectsWith(good.get(), good.get(), good.get(), ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called."));
  EXPECT_TRUE(RejectsWith(bad.get(), bad.get(), bad.get(), ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called."));
  EXPECT_TRUE(RejectsWith(good.get(), nullptr, good.get(), ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t1."));
  int64_t local = 0;
  EXPECT_TRUE(RejectsWith(good.get(), good.get(), reinterpret_cast<aclTensor*>(&local), ACLNN_ERR_PARAM_INVALID,
                          "is not a live aclTensor"));
  // The same tensors pass once the runtime is up.
  test::RuntimeSession session;
  ExpectAccepted(good.get(), good.get(), good.get());
}

// ---------------------------------------------------------------------------------------------
// §4 row 3: dtypes. gradOutput in the list, self in the list, gradOutput == self, out == self.

TEST(HardswishBackwardV2Checks, GradOutputDtypeNotInList) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}, ACL_INT64), self = Make({2, 3}), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          std::string("Tensor gradOutput not implemented for DT_INT64, ") + kThreeDtypes));
}

TEST(HardswishBackwardV2Checks, SelfDtypeNotInList) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}, ACL_INT32), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          std::string("Tensor self not implemented for DT_INT32, ") + kThreeDtypes));
  // DOUBLE is no float dtype of this op either.
  test::Tensor dself = Make({2, 3}, ACL_DOUBLE);
  EXPECT_TRUE(RejectsWith(grad.get(), dself.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_DOUBLE"));
}

// Dtypes outside the enum, or undefined, are printed as such.
TEST(HardswishBackwardV2Checks, UndefinedDtypesAreNamed) {
  test::RuntimeSession session;
  test::Tensor good = Make({2, 3}), undefined = Make({2, 3}, ACL_DT_UNDEFINED),
               odd = Make({2, 3}, static_cast<aclDataType>(100));
  EXPECT_TRUE(RejectsWith(undefined.get(), good.get(), good.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_UNDEFINED, "));
  EXPECT_TRUE(RejectsWith(good.get(), odd.get(), good.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_UNDEFINED(100), "));
  EXPECT_TRUE(RejectsWith(good.get(), good.get(), odd.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out expected dtype is DT_FLOAT but found DT_UNDEFINED(100)."));
}

// Both outside the list: gradOutput is checked first (V2 order; V1 checks self first).
TEST(HardswishBackwardV2Checks, BothInt64NamesGradOutput) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}, ACL_INT64), self = Make({2, 3}, ACL_INT64), out = Make({2, 3}, ACL_INT64);
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT64"));
}

// The list check comes before the equality check: self INT64 against gradOutput fp32 is a list error.
TEST(HardswishBackwardV2Checks, ListCheckPrecedesEqualityCheck) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}, ACL_INT64), out = Make({2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_INT64"));
}

TEST(HardswishBackwardV2Checks, GradOutputDtypeMustEqualSelf) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}, ACL_FLOAT16), self = Make({2, 3}), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16."));
}

TEST(HardswishBackwardV2Checks, OutDtypeMustEqualSelf) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}, ACL_FLOAT16), self = Make({2, 3}, ACL_FLOAT16), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out expected dtype is DT_FLOAT16 but found DT_FLOAT."));
  // out is never checked against the list itself: an INT64 out is a mismatch, not a list error.
  test::Tensor out64 = Make({2, 3}, ACL_INT64);
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out64.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out expected dtype is DT_FLOAT16 but found DT_INT64."));
}

// gradOutput's mismatch is reported before out's.
TEST(HardswishBackwardV2Checks, GradOutputMismatchReportedBeforeOutMismatch) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}, ACL_BF16), self = Make({2, 3}), out = Make({2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput expected dtype is DT_FLOAT but found DT_BF16."));
}

// Dtypes before shapes: self's dtype differs and the shapes differ → the dtype error.
TEST(HardswishBackwardV2Checks, DtypeErrorPrecedesShapeError) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}), self = Make({1, 3}, ACL_FLOAT16), out = Make({5});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput expected dtype is DT_FLOAT16 but found DT_FLOAT."));
  // ... and before the rank check.
  test::Tensor big = Make({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_INT64);
  EXPECT_TRUE(RejectsWith(big.get(), big.get(), big.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT64"));
}

// Platform lists: BF16 only on 910B*, 910_93*, 950; the A1 parts (including the one named
// "Ascend910B", without a digit) list two dtypes.
TEST(HardswishBackwardV2Checks, Bf16RejectedOnAscend910A1Parts) {
  for (const char* soc : {"Ascend910A", "Ascend910B", "Ascend910ProB"}) {
    SCOPED_TRACE(soc);
    test::RuntimeSession session(soc);
    test::Tensor bf = Make({2, 3}, ACL_BF16), fp = Make({2, 3}), half = Make({2, 3}, ACL_FLOAT16);
    EXPECT_TRUE(RejectsWith(bf.get(), bf.get(), bf.get(), ACLNN_ERR_PARAM_INVALID,
                            std::string("Tensor gradOutput not implemented for DT_BF16, ") + kTwoDtypes));
    EXPECT_TRUE(RejectsWith(fp.get(), bf.get(), fp.get(), ACLNN_ERR_PARAM_INVALID,
                            std::string("Tensor self not implemented for DT_BF16, ") + kTwoDtypes));
    ExpectAccepted(fp.get(), fp.get(), fp.get());
    ExpectAccepted(half.get(), half.get(), half.get());
  }
}

TEST(HardswishBackwardV2Checks, Bf16AcceptedOnA2A3And950) {
  for (const char* soc : {"Ascend910B3", "Ascend910B1", "Ascend910_9391", "Ascend950PR"}) {
    SCOPED_TRACE(soc);
    test::RuntimeSession session(soc);
    test::Tensor bf = Make({2, 3}, ACL_BF16);
    ExpectAccepted(bf.get(), bf.get(), bf.get());
    // The list printed on these SoCs has three entries.
    test::Tensor i8 = Make({2, 3}, ACL_INT8);
    EXPECT_TRUE(RejectsWith(i8.get(), bf.get(), bf.get(), ACLNN_ERR_PARAM_INVALID,
                            std::string("Tensor gradOutput not implemented for DT_INT8, ") + kThreeDtypes));
  }
}

// ---------------------------------------------------------------------------------------------
// §4 row 4: ranks (gradOutput, then self, at most 8; rank 0 accepted) and view shapes.

TEST(HardswishBackwardV2Checks, GradOutputRankAboveEight) {
  test::RuntimeSession session;
  test::Tensor big = Make({1, 2, 1, 2, 1, 2, 1, 2, 1});
  EXPECT_TRUE(RejectsWith(big.get(), big.get(), big.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradOutput tensor cannot be larger than 8 dimensions."));
}

// self's rank is checked before the shapes are compared.
TEST(HardswishBackwardV2Checks, SelfRankAboveEightBeforeShapeComparison) {
  test::RuntimeSession session;
  test::Tensor small = Make({2, 3}), big = Make({1, 1, 1, 1, 1, 1, 1, 2, 3});
  EXPECT_TRUE(RejectsWith(small.get(), big.get(), small.get(), ACLNN_ERR_PARAM_INVALID,
                          "The self tensor cannot be larger than 8 dimensions."));
}

// out has no rank check of its own: a 9-D out is a shape mismatch.
TEST(HardswishBackwardV2Checks, OutRankAboveEightIsAShapeMismatch) {
  test::RuntimeSession session;
  test::Tensor small = Make({2, 3}), big = Make({1, 1, 1, 1, 1, 1, 1, 2, 3});
  EXPECT_TRUE(RejectsWith(small.get(), small.get(), big.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for out to have same size as tensor for self, but "
                          "[1, 1, 1, 1, 1, 1, 1, 2, 3] does not equal [2, 3]."));
}

TEST(HardswishBackwardV2Checks, RankEightAccepted) {
  test::RuntimeSession session;
  test::Tensor t = Make({2, 1, 2, 1, 2, 1, 2, 3});
  EXPECT_EQ(ExpectAccepted(t.get(), t.get(), t.get()), test::kAlignedLibraryWorkspace);
}

// Rank 0 (a scalar tensor) is accepted (code, not doc) ...
TEST(HardswishBackwardV2Checks, RankZeroAccepted) {
  test::RuntimeSession session;
  test::Tensor scalar = Make({});
  EXPECT_EQ(ExpectAccepted(scalar.get(), scalar.get(), scalar.get()), test::kAlignedLibraryWorkspace);
}

// ... and it computes: one element, out = g * (x*0.33333334f + 0.5f).
TEST(HardswishBackwardV2Checks, RankZeroComputes) {
  test::RuntimeSession session;
  const float g = 3.0f, x = 2.0f;
  test::DeviceBuffer gbuf(4), xbuf(4), obuf(4);
  gbuf.Upload(std::vector<float>{g});
  xbuf.Upload(std::vector<float>{x});
  obuf.Upload(std::vector<float>{-1.0f});
  test::Tensor grad = Make({}, ACL_FLOAT, gbuf.get()), self = Make({}, ACL_FLOAT, xbuf.get()),
               out = Make({}, ACL_FLOAT, obuf.get());
  ASSERT_EQ(test::RunHardswishBackwardV2(grad.get(), self.get(), out.get(), session.stream()), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  const float got = obuf.Download<float>(1)[0];
  float t = x * 0.33333334f;
  t = t + 0.5f;
  EXPECT_EQ(Bits(got), Bits(g * t)) << got;
  EXPECT_EQ(Bits(got), Bits(3.50000024f)) << got;  // t = 1.16666675f; 3 * t rounds up to 3.50000024f
}

TEST(HardswishBackwardV2Checks, GradOutputShapeMustEqualSelf) {
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}), self = Make({1, 3}), out = Make({1, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradOutput to have same size as tensor for self, but [2, 3] does not "
                          "equal [1, 3]."));
}

TEST(HardswishBackwardV2Checks, OutShapeMustEqualSelf) {
  test::RuntimeSession session;
  test::Tensor in = Make({2, 3}), out = Make({3, 2});
  EXPECT_TRUE(RejectsWith(in.get(), in.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for out to have same size as tensor for self, but [3, 2] does not equal "
                          "[2, 3]."));
}

// gradOutput's mismatch is reported before out's.
TEST(HardswishBackwardV2Checks, GradOutputShapeReportedBeforeOutShape) {
  test::RuntimeSession session;
  test::Tensor grad = Make({6}), self = Make({2, 3}), out = Make({3, 2});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradOutput to have same size as tensor for self, but [6] does not "
                          "equal [2, 3]."));
}

// No broadcasting, and a rank difference is a shape difference (rank 0 prints as []).
TEST(HardswishBackwardV2Checks, NoBroadcastingAndRanksMustMatch) {
  test::RuntimeSession session;
  test::Tensor row = Make({1, 3}), full = Make({2, 3}), scalar = Make({}), one = Make({1});
  EXPECT_TRUE(
      RejectsWith(row.get(), full.get(), full.get(), ACLNN_ERR_PARAM_INVALID, "but [1, 3] does not equal [2, 3]."));
  EXPECT_TRUE(RejectsWith(scalar.get(), one.get(), one.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradOutput to have same size as tensor for self, but [] does not equal "
                          "[1]."));
  EXPECT_TRUE(RejectsWith(one.get(), one.get(), scalar.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for out to have same size as tensor for self, but [] does not equal [1]."));
}

// Shape equality looks at the view only: strides, offset, format and storage may all differ.
TEST(HardswishBackwardV2Checks, ShapeComparisonIgnoresStridesFormatAndStorage) {
  test::RuntimeSession session;
  test::Layout transposed = Strided({2, 3}, {1, 2}, 0, {6});
  transposed.format = ACL_FORMAT_NCHW;
  test::Layout sliced = Strided({2, 3}, {8, 2}, 3, {2, 8});
  sliced.format = ACL_FORMAT_NHWC;
  test::Tensor grad(transposed, nullptr), self(sliced, nullptr), out = Make({2, 3});
  ExpectAccepted(grad.get(), self.get(), out.get());
}

// §4 row 5: no format check, and the three tensors' formats need not agree.
TEST(HardswishBackwardV2Checks, MixedFormatsAccepted) {
  test::RuntimeSession session;
  test::Tensor grad(Contiguous({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), nullptr);
  test::Tensor self(Contiguous({2, 3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ), nullptr);
  test::Tensor out(Contiguous({2, 3}, ACL_FLOAT, ACL_FORMAT_UNDEFINED), nullptr);
  ExpectAccepted(grad.get(), self.get(), out.get());
}

// ---------------------------------------------------------------------------------------------
// §4 row 6: empty tensors.

// An empty tensor with a bad dtype still fails: the empty shortcut comes after the checks.
TEST(HardswishBackwardV2Checks, EmptyTensorWithBadDtypeStillFails) {
  test::RuntimeSession session;
  test::Tensor bad = Make({0, 3}, ACL_INT64), good = Make({0, 3});
  EXPECT_TRUE(RejectsWith(bad.get(), good.get(), good.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT64"));
  EXPECT_TRUE(RejectsWith(good.get(), good.get(), bad.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out expected dtype is DT_FLOAT but found DT_INT64."));
}

TEST(HardswishBackwardV2Checks, EmptyTensorWithMismatchedShapeStillFails) {
  test::RuntimeSession session;
  test::Tensor a = Make({0, 3}), b = Make({0, 4}), full = Make({2, 3});
  EXPECT_TRUE(RejectsWith(a.get(), b.get(), b.get(), ACLNN_ERR_PARAM_INVALID, "but [0, 3] does not equal [0, 4]."));
  EXPECT_TRUE(RejectsWith(a.get(), a.get(), full.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for out to have same size as tensor for self, but [2, 3] does not equal "
                          "[0, 3]."));
}

// Empty: success, workspace 0, an executor that runs (even with null data and no workspace)
// and writes nothing.
TEST(HardswishBackwardV2Checks, EmptyRunsAndWritesNothing) {
  test::RuntimeSession session;
  for (const std::vector<int64_t>& shape : std::vector<std::vector<int64_t>>{{0, 3}, {2, 0}, {3, 0, 2}, {0}}) {
    SCOPED_TRACE(::testing::PrintToString(shape));
    const std::vector<float> sentinel(8, 42.0f);
    test::DeviceBuffer g(32), x(32), o(32);
    g.Upload(sentinel);
    x.Upload(sentinel);
    o.Upload(sentinel);
    test::Tensor grad = Make(shape, ACL_FLOAT, g.get()), self = Make(shape, ACL_FLOAT, x.get()),
                 out = Make(shape, ACL_FLOAT, o.get());
    PhaseOneResult result = PhaseOne(grad.get(), self.get(), out.get());
    ASSERT_TRUE(Accepted(result));
    EXPECT_EQ(result.workspace_size, 0u);
    EXPECT_EQ(test::RunV2(result.executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
    EXPECT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
    EXPECT_EQ(o.Download<float>(8), sentinel);
    EXPECT_EQ(g.Download<float>(8), sentinel);
  }
  // Null data pointers are fine too: an empty plan touches no address.
  test::Tensor grad = Make({0, 3}), self = Make({0, 3}), out = Make({0, 3});
  PhaseOneResult result = PhaseOne(grad.get(), self.get(), out.get());
  ASSERT_TRUE(Accepted(result));
  EXPECT_EQ(test::RunV2(result.executor, nullptr), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
}

// An empty view is not checked against its storage (upstream's contiguous step is skipped).
TEST(HardswishBackwardV2Checks, EmptyViewOutsideStorageSucceeds) {
  test::RuntimeSession session;
  test::Tensor far(Strided({0, 3}, {3, 1}, 100, {1}), nullptr);
  EXPECT_EQ(ExpectAccepted(far.get(), far.get(), far.get()), 0u);
}

// ---------------------------------------------------------------------------------------------
// Beyond upstream: layouts that would read or write out of bounds → 161002.

TEST(HardswishBackwardV2Checks, NegativeDimRejected) {
  test::RuntimeSession session;
  test::Tensor t(Strided({2, -3}, {3, 1}, 0, {6}), nullptr);
  EXPECT_TRUE(RejectsWith(t.get(), t.get(), t.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput has a negative dim: shape [2, -3]."));
  // A negative dim is not mistaken for an empty tensor, even next to a zero.
  test::Tensor z(Strided({0, -1}, {1, 1}, 0, {1}), nullptr);
  EXPECT_TRUE(RejectsWith(z.get(), z.get(), z.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput has a negative dim: shape [0, -1]."));
}

TEST(HardswishBackwardV2Checks, NegativeStrideRejected) {
  test::RuntimeSession session;
  test::Tensor good = Make({2, 3});
  test::Tensor flipped(Strided({2, 3}, {3, -1}, 2, {6}), nullptr);
  EXPECT_TRUE(RejectsWith(flipped.get(), good.get(), good.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput has a negative stride: strides [3, -1]."));
  EXPECT_TRUE(
      RejectsWith(good.get(), flipped.get(), good.get(), ACLNN_ERR_PARAM_INVALID, "Tensor self has a negative stride"));
  EXPECT_TRUE(
      RejectsWith(good.get(), good.get(), flipped.get(), ACLNN_ERR_PARAM_INVALID, "Tensor out has a negative stride"));
}

TEST(HardswishBackwardV2Checks, NegativeStorageDimRejected) {
  test::RuntimeSession session;
  test::Tensor good = Make({2, 3});
  test::Tensor bad(Strided({2, 3}, {3, 1}, 0, {-6}), nullptr);
  EXPECT_TRUE(RejectsWith(good.get(), bad.get(), good.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self has a negative storage dim: storage shape [-6]."));
}

TEST(HardswishBackwardV2Checks, ElementCountOverflowRejected) {
  test::RuntimeSession session;
  const int64_t big = int64_t{1} << 32;
  test::Tensor huge(Strided({big, big}, {big, 1}, 0, {1}), nullptr);  // 2^64 elements
  EXPECT_TRUE(RejectsWith(huge.get(), huge.get(), huge.get(), ACLNN_ERR_PARAM_INVALID,
                          "The element count of tensor gradOutput (shape [4294967296, 4294967296]) overflows int64."));
  // The storage shape's count too.
  test::Tensor good = Make({2, 3});
  test::Tensor storage(Strided({2, 3}, {3, 1}, 0, {big, big}), nullptr);
  EXPECT_TRUE(RejectsWith(good.get(), good.get(), storage.get(), ACLNN_ERR_PARAM_INVALID,
                          "The element count of tensor out's storage shape [4294967296, 4294967296] overflows int64."));
  // A zero dim makes the count 0 however large the others are: that is an empty tensor.
  test::Tensor empty(Strided({big, big, 0}, {0, 0, 0}, 0, {1}), nullptr);
  EXPECT_EQ(ExpectAccepted(empty.get(), empty.get(), empty.get()), 0u);
}

TEST(HardswishBackwardV2Checks, ByteExtentOverflowRejected) {
  test::RuntimeSession session;
  test::Tensor good = Make({2});
  // 2 elements, but the second lies at element 2^62: (2^62 + 1) * 4 bytes overflows.
  test::Tensor wide(Strided({2}, {int64_t{1} << 62}, 0, {1}), nullptr);
  EXPECT_TRUE(RejectsWith(good.get(), wide.get(), good.get(), ACLNN_ERR_PARAM_INVALID,
                          "The byte extent of tensor self (shape [2], strides [4611686018427387904], offset 0) "
                          "overflows int64."));
  // The index sum itself overflowing.
  test::Tensor far(Strided({2}, {kInt64Max}, 1, {1}), nullptr);
  EXPECT_TRUE(
      RejectsWith(far.get(), good.get(), good.get(), ACLNN_ERR_PARAM_INVALID, "The byte extent of tensor gradOutput"));
  // An offset at the very end of int64.
  test::Tensor last(Strided({1}, {1}, kInt64Max, {1}), nullptr);
  test::Tensor one = Make({1});
  EXPECT_TRUE(RejectsWith(one.get(), one.get(), last.get(), ACLNN_ERR_PARAM_INVALID, "The byte extent of tensor out"));
}

TEST(HardswishBackwardV2Checks, OverlappingViewWhoseByteSizeOverflowsRejected) {
  test::RuntimeSession session;
  // Strides [1, 1]: 2^62 elements fold onto 2^40 + 2^22 - 1 addresses, a byte extent that fits,
  // but the result (and any temporary for it) would need 2^64 bytes.
  const int64_t rows = int64_t{1} << 40;
  const int64_t cols = int64_t{1} << 22;
  test::Tensor overlapping(Strided({rows, cols}, {1, 1}, 0, {rows + cols}), nullptr);
  EXPECT_TRUE(RejectsWith(overlapping.get(), overlapping.get(), overlapping.get(), ACLNN_ERR_PARAM_INVALID,
                          "The byte size of tensor gradOutput (shape [1099511627776, 4194304], "
                          "4611686018427387904 elements) overflows int64."));
}

// ---------------------------------------------------------------------------------------------
// §4 row 7: a view outside its storage → 561103, checked gradOutput, self, (no kernel), out.

TEST(HardswishBackwardV2Checks, ViewOutsideStorageForEachTensor) {
  test::RuntimeSession session;
  test::Tensor good = Make({2, 3});
  const struct {
    const char* what;
    test::Layout layout;
    const char* printed;
  } cases[] = {
      {"offset too big", Strided({2, 3}, {3, 1}, 1, {6}), "(shape [2, 3], strides [3, 1], offset 1)"},
      {"strides too big", Strided({2, 3}, {4, 1}, 0, {2, 3}), "(shape [2, 3], strides [4, 1], offset 0)"},
      {"negative offset", Strided({2, 3}, {3, 1}, -1, {6}), "(shape [2, 3], strides [3, 1], offset -1)"},
      {"empty storage", Strided({2, 3}, {3, 1}, 0, {0}),
       "(shape [2, 3], strides [3, 1], offset 0) does not lie inside its storage shape [0]."},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    test::Tensor bad(c.layout, nullptr);
    EXPECT_TRUE(RejectsWith(bad.get(), good.get(), good.get(), ACLNN_ERR_INNER_NULLPTR,
                            std::string("The view of tensor gradOutput ") + c.printed));
    EXPECT_TRUE(RejectsWith(good.get(), bad.get(), good.get(), ACLNN_ERR_INNER_NULLPTR,
                            std::string("The view of tensor self ") + c.printed));
    EXPECT_TRUE(RejectsWith(good.get(), good.get(), bad.get(), ACLNN_ERR_INNER_NULLPTR,
                            std::string("The view of tensor out ") + c.printed));
  }
  // gradOutput's view is checked before self's.
  test::Tensor bad(Strided({2, 3}, {3, 1}, 1, {6}), nullptr);
  EXPECT_TRUE(RejectsWith(bad.get(), bad.get(), bad.get(), ACLNN_ERR_INNER_NULLPTR, "The view of tensor gradOutput"));
}

// A view that exactly fills its storage (last element = last storage element) is inside.
TEST(HardswishBackwardV2Checks, ViewAtTheEndOfStorageAccepted) {
  test::RuntimeSession session;
  test::Tensor shifted(Strided({2, 3}, {3, 1}, 1, {7}), nullptr);
  test::Tensor strided(Strided({2, 3}, {4, 1}, 0, {7}), nullptr);
  test::Tensor multi(Strided({2, 3}, {3, 1}, 0, {2, 3}), nullptr);
  ExpectAccepted(shifted.get(), strided.get(), multi.get());
  // Rank 0: one element at the offset; storage rank 0 holds one element.
  test::Tensor scalar(Strided({}, {}, 0, {}), nullptr);
  ExpectAccepted(scalar.get(), scalar.get(), scalar.get());
  test::Tensor past(Strided({}, {}, 1, {1}), nullptr);
  EXPECT_TRUE(RejectsWith(past.get(), scalar.get(), scalar.get(), ACLNN_ERR_INNER_NULLPTR,
                          "The view of tensor gradOutput (shape [], strides [], offset 1)"));
}

// Layout errors (161002) come before view-in-storage errors (561103), and both after shapes.
TEST(HardswishBackwardV2Checks, LayoutErrorsPrecedeStorageErrors) {
  test::RuntimeSession session;
  test::Tensor outside(Strided({2, 3}, {3, 1}, 5, {6}), nullptr);
  test::Tensor negative(Strided({2, 3}, {-3, 1}, 3, {6}), nullptr);
  EXPECT_TRUE(RejectsWith(outside.get(), outside.get(), negative.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out has a negative stride"));
  test::Tensor shape = Make({3, 2});
  EXPECT_TRUE(RejectsWith(outside.get(), outside.get(), shape.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for out to have same size as tensor for self"));
}

// SoCs without a HardSwishGradV2 binary: 561103 with the launcher's text, after the input views' checks
// and before out's; an empty tensor still succeeds there.
TEST(HardswishBackwardV2Checks, NoKernelOnAscend310) {
  for (const char* soc : {"Ascend310P3", "Ascend310B1"}) {
    SCOPED_TRACE(soc);
    test::RuntimeSession session(soc);
    test::Tensor good = Make({2, 3});
    EXPECT_TRUE(RejectsWith(good.get(), good.get(), good.get(), ACLNN_ERR_INNER_NULLPTR,
                            "HardSwishGradV2AiCore ADD_TO_LAUNCHER_LIST_AICORE failed."));
    test::Tensor outside(Strided({2, 3}, {3, 1}, 1, {6}), nullptr);
    EXPECT_TRUE(RejectsWith(good.get(), outside.get(), good.get(), ACLNN_ERR_INNER_NULLPTR, "The view of tensor self"));
    EXPECT_TRUE(RejectsWith(good.get(), good.get(), outside.get(), ACLNN_ERR_INNER_NULLPTR,
                            "HardSwishGradV2AiCore ADD_TO_LAUNCHER_LIST_AICORE failed."));
    // Parameter errors still come first, with these SoCs' two-entry list.
    test::Tensor bf = Make({2, 3}, ACL_BF16);
    EXPECT_TRUE(RejectsWith(bf.get(), bf.get(), bf.get(), ACLNN_ERR_PARAM_INVALID,
                            std::string("Tensor gradOutput not implemented for DT_BF16, ") + kTwoDtypes));
    test::Tensor empty = Make({0, 3});
    EXPECT_EQ(ExpectAccepted(empty.get(), empty.get(), empty.get()), 0u);
  }
}

// An output with stride 0 over a dim of size > 1 would write several results to one address.
TEST(HardswishBackwardV2Checks, OutWithStrideZeroRejected) {
  test::RuntimeSession session;
  test::Tensor in = Make({2, 3});
  test::Tensor broadcast(Strided({2, 3}, {0, 1}, 0, {3}), nullptr);
  EXPECT_TRUE(RejectsWith(in.get(), in.get(), broadcast.get(), ACLNN_ERR_PARAM_INVALID,
                          "Output tensor out has stride 0 in dim 0 of size 2"));
  // Stride 0 is fine on a dim of size 1, and on inputs (a broadcast read).
  test::Tensor row = Make({1, 3});
  test::Tensor row_out(Strided({1, 3}, {0, 1}, 0, {3}), nullptr);
  ExpectAccepted(row.get(), row.get(), row_out.get());
  ExpectAccepted(broadcast.get(), broadcast.get(), in.get());
  // The storage check on out comes first.
  test::Tensor outside(Strided({2, 3}, {0, 1}, 1, {3}), nullptr);
  EXPECT_TRUE(RejectsWith(in.get(), in.get(), outside.get(), ACLNN_ERR_INNER_NULLPTR, "The view of tensor out"));
}

// ---------------------------------------------------------------------------------------------
// §7: the upstream unit tests (platform 910B, contiguous tensors, null data pointers).

TEST(HardswishBackwardV2Upstream, EveryFormatSucceeds) {
  test::RuntimeSession session("Ascend910B3");
  for (aclFormat format :
       {ACL_FORMAT_ND, ACL_FORMAT_NHWC, ACL_FORMAT_NCHW, ACL_FORMAT_HWCN, ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC}) {
    SCOPED_TRACE(format);
    test::Tensor grad(Contiguous({2, 3}, ACL_FLOAT, format), nullptr);
    test::Tensor self(Contiguous({2, 3}, ACL_FLOAT, format), nullptr);
    test::Tensor out(Contiguous({2, 3}, ACL_FLOAT, format), nullptr);
    ExpectAccepted(grad.get(), self.get(), out.get());
  }
}

TEST(HardswishBackwardV2Upstream, EmptySucceedsWithZeroWorkspace) {
  test::RuntimeSession session("Ascend910B3");
  test::Tensor grad = Make({0, 3}), self = Make({0, 3}), out = Make({0, 3});
  EXPECT_EQ(ExpectAccepted(grad.get(), self.get(), out.get()), 0u);
}

TEST(HardswishBackwardV2Upstream, NullTensorsRejected) {
  test::RuntimeSession session("Ascend910B3");
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(nullptr, self.get(), out.get(), ACLNN_ERR_PARAM_NULLPTR, "argument t0."));
  EXPECT_TRUE(RejectsWith(grad.get(), nullptr, out.get(), ACLNN_ERR_PARAM_NULLPTR, "argument t1."));
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR, "argument t2."));
}

TEST(HardswishBackwardV2Upstream, GradOutputInt64Rejected) {
  test::RuntimeSession session("Ascend910B3");
  test::Tensor grad = Make({2, 3}, ACL_INT64), self = Make({2, 3}), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT64"));
}

TEST(HardswishBackwardV2Upstream, SelfInt64Rejected) {
  test::RuntimeSession session("Ascend910B3");
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}, ACL_INT64), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_INT64"));
}

TEST(HardswishBackwardV2Upstream, DtypesDifferRejected) {
  test::RuntimeSession session("Ascend910B3");
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}, ACL_FLOAT16), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput expected dtype is DT_FLOAT16 but found DT_FLOAT."));
}

TEST(HardswishBackwardV2Upstream, ShapesDifferRejected) {
  test::RuntimeSession session("Ascend910B3");
  test::Tensor grad = Make({2, 3}), self = Make({1, 3}), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradOutput to have same size as tensor for self, but [2, 3] does not "
                          "equal [1, 3]."));
}

TEST(HardswishBackwardV2Upstream, NineDimsRejected) {
  test::RuntimeSession session("Ascend910B3");
  const std::vector<int64_t> shape = {7, 9, 11, 3, 4, 6, 9, 2, 2};
  test::Tensor grad = Make(shape), self = Make(shape), out = Make(shape);
  EXPECT_TRUE(RejectsWith(grad.get(), self.get(), out.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradOutput tensor cannot be larger than 8 dimensions."));
}

TEST(HardswishBackwardV2Upstream, Bf16Succeeds) {
  test::RuntimeSession session("Ascend910B3");
  test::Tensor grad = Make({2, 3}, ACL_BF16), self = Make({2, 3}, ACL_BF16), out = Make({2, 3}, ACL_BF16);
  ExpectAccepted(grad.get(), self.get(), out.get());
}

// ---------------------------------------------------------------------------------------------
// §5: the second phase.

/// Device buffers and tensors of one {rows, cols} fp32 problem with gradOutput = self = values.
struct Problem {
  explicit Problem(const std::vector<float>& values, std::vector<int64_t> shape)
      : grad_buffer(values.size() * 4), self_buffer(values.size() * 4), out_buffer(values.size() * 4) {
    grad_buffer.Upload(values);
    self_buffer.Upload(values);
    out_buffer.Upload(std::vector<float>(values.size(), -7.0f));
    grad = Make(shape, ACL_FLOAT, grad_buffer.get());
    self = Make(shape, ACL_FLOAT, self_buffer.get());
    out = Make(shape, ACL_FLOAT, out_buffer.get());
  }
  test::DeviceBuffer grad_buffer, self_buffer, out_buffer;
  test::Tensor grad, self, out;
};

const std::vector<float> kSeedValues = {0, 1, 2, 3, 4, 5, 6, 7};

/// Succeeds when phase two returned `code` with a one-line message containing `phrase`.
::testing::AssertionResult PhaseTwoFails(aclnnStatus status, aclnnStatus code, const std::string& phrase) {
  const std::string message = test::TakeErrorMessage();
  if (status != code) {
    return ::testing::AssertionFailure() << "returned " << status << ", expected " << code << "; message: \"" << message
                                         << "\"";
  }
  return MessageIs(message, kPhaseTwo, code, phrase);
}

void ExpectSeedResult(const std::vector<float>& got) {
  ASSERT_EQ(got.size(), kSeedValues.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(Bits(got[i]), Bits(ExpectedV2(kSeedValues[i], kSeedValues[i]))) << "element " << i << ": " << got[i];
  }
}

// The seed's sample: shape {4,2}, self = gradOutput = 0..7, bit-exact and as printed with %f.
TEST(HardswishBackwardV2PhaseTwo, RunComputesTheSeedSample) {
  test::RuntimeSession session;
  Problem p(kSeedValues, {4, 2});
  PhaseOneResult result = PhaseOne(p.grad.get(), p.self.get(), p.out.get());
  ASSERT_TRUE(Accepted(result));
  ASSERT_EQ(result.workspace_size, test::kAlignedLibraryWorkspace);  // arch22: GetLibApiWorkSpaceSize()
  ASSERT_EQ(test::RunV2(result.executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> got = p.out_buffer.Download<float>(8);
  ExpectSeedResult(got);
  // Spot values of the strict boundaries: x = 3 is on the "1" side, x = 1 is 0.833333373.
  EXPECT_EQ(Bits(got[1]), Bits(0.833333373f));
  EXPECT_EQ(Bits(got[3]), Bits(3.0f));
  std::string printed;
  for (float v : got) {
    char text[32];
    std::snprintf(text, sizeof(text), "%s%f", printed.empty() ? "" : " ", static_cast<double>(v));
    printed += text;
  }
  EXPECT_EQ(printed, "0.000000 0.833333 2.333333 3.000000 4.000000 5.000000 6.000000 7.000000");
  // The inputs are untouched.
  EXPECT_EQ(p.self_buffer.Download<float>(8), kSeedValues);
  EXPECT_EQ(p.grad_buffer.Download<float>(8), kSeedValues);
}

// The default stream (nullptr) works as well.
TEST(HardswishBackwardV2PhaseTwo, RunOnTheDefaultStream) {
  test::RuntimeSession session;
  Problem p(kSeedValues, {8});
  ASSERT_EQ(test::RunHardswishBackwardV2(p.grad.get(), p.self.get(), p.out.get(), nullptr), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ExpectSeedResult(p.out_buffer.Download<float>(8));
}

TEST(HardswishBackwardV2PhaseTwo, NullExecutorRejected) {
  test::RuntimeSession session;
  std::vector<char> workspace(64);
  EXPECT_TRUE(PhaseTwoFails(aclnnHardswishBackwardV2(workspace.data(), 64, nullptr, session.stream()),
                            ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr."));
  EXPECT_TRUE(PhaseTwoFails(test::RunV2(nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr."));
}

// workspaceSize > 0 with a null workspace → 161001; a single-use executor is freed then.
TEST(HardswishBackwardV2PhaseTwo, NullWorkspaceWithPositiveSizeRejectedAndFreesExecutor) {
  test::RuntimeSession session;
  Problem p(kSeedValues, {4, 2});
  PhaseOneResult result = PhaseOne(p.grad.get(), p.self.get(), p.out.get());
  ASSERT_TRUE(Accepted(result));
  EXPECT_TRUE(PhaseTwoFails(aclnnHardswishBackwardV2(nullptr, 64, result.executor, session.stream()),
                            ACLNN_ERR_PARAM_NULLPTR, "workspace is nullptr."));
  // The executor is gone: running it now is the "already run" error, and nothing was written.
  EXPECT_TRUE(PhaseTwoFails(test::RunV2(result.executor, session.stream()), ACLNN_ERR_PARAM_INVALID,
                            "was already run or destroyed"));
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  EXPECT_EQ(p.out_buffer.Download<float>(8), std::vector<float>(8, -7.0f));
}

// A repeatable executor survives the same mistake and runs afterwards.
TEST(HardswishBackwardV2PhaseTwo, NullWorkspaceKeepsARepeatableExecutor) {
  test::RuntimeSession session;
  Problem p(kSeedValues, {4, 2});
  PhaseOneResult result = PhaseOne(p.grad.get(), p.self.get(), p.out.get());
  ASSERT_TRUE(Accepted(result));
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(result.executor), ACLNN_SUCCESS);
  EXPECT_TRUE(PhaseTwoFails(aclnnHardswishBackwardV2(nullptr, 16, result.executor, session.stream()),
                            ACLNN_ERR_PARAM_NULLPTR, "workspace is nullptr."));
  EXPECT_EQ(test::RunV2(result.executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  ExpectSeedResult(p.out_buffer.Download<float>(8));
  EXPECT_EQ(aclDestroyAclOpExecutor(result.executor), ACLNN_SUCCESS);
}

// workspace == nullptr with workspaceSize == 0 is valid where phase one asked for none: V1's
// built-in TBE kernel on Atlas A2 declares no workspace, and contiguous operands need no
// intermediate (V2's AscendC kernels always declare one).
TEST(HardswishBackwardV2PhaseTwo, NullWorkspaceWithZeroSizeIsValid) {
  test::RuntimeSession session("Ascend910B3");
  Problem p(kSeedValues, {2, 4});
  uint64_t size = 1;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnHardswishBackwardGetWorkspaceSize(p.grad.get(), p.self.get(), p.out.get(), &size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(size, 0u);
  EXPECT_EQ(aclnnHardswishBackward(nullptr, 0, executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> got = p.out_buffer.Download<float>(8);
  for (size_t i = 0; i < got.size(); ++i) {
    const float x = kSeedValues[i];
    EXPECT_EQ(reference::Bits(got[i]), reference::Bits(reference::HardswishGradTbe(x, x, true))) << i;
  }
}

// An output whose elements overlap each other needs a workspace (the result goes through a
// temporary); a smaller workspace than phase one asked for is 161002 and keeps the executor.
TEST(HardswishBackwardV2PhaseTwo, TooSmallWorkspaceRejected) {
  // 950: upstream's part is the arch35 kernel's empty workspace and the kernel's output (out is not
  // contiguous), 512 bytes each; then the temporary's 16 bytes.
  test::RuntimeSession session("Ascend950PR");
  const std::vector<float> values = {1, 2, -1, 0.5f};
  test::DeviceBuffer g(16), x(16), o(16);
  g.Upload(values);
  x.Upload(values);
  o.Upload(std::vector<float>(4, -7.0f));
  test::Tensor grad = Make({2, 2}, ACL_FLOAT, g.get()), self = Make({2, 2}, ACL_FLOAT, x.get());
  test::Tensor out(Strided({2, 2}, {1, 1}, 0, {3}), o.get());  // out[0][1] and out[1][0] share element 1
  PhaseOneResult result = PhaseOne(grad.get(), self.get(), out.get());
  ASSERT_TRUE(Accepted(result));
  ASSERT_EQ(result.workspace_size, 1040u);
  test::DeviceBuffer workspace(result.workspace_size);
  EXPECT_TRUE(PhaseTwoFails(aclnnHardswishBackwardV2(workspace.get(), 1039, result.executor, session.stream()),
                            ACLNN_ERR_PARAM_INVALID, "workspaceSize 1039 is smaller than the 1040 bytes"));
  // workspace null with size 0 is "too small" here, not the valid no-workspace case.
  EXPECT_TRUE(PhaseTwoFails(aclnnHardswishBackwardV2(nullptr, 0, result.executor, session.stream()),
                            ACLNN_ERR_PARAM_INVALID, "workspaceSize 0 is smaller than the 1040 bytes"));
  // Still runnable with the right workspace. Element 0 is out[0][0] and element 2 is out[1][1].
  ASSERT_EQ(aclnnHardswishBackwardV2(workspace.get(), 1040, result.executor, session.stream()), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> got = o.Download<float>(4);
  EXPECT_EQ(Bits(got[0]), Bits(ExpectedV2(1.0f, 1.0f)));
  EXPECT_EQ(Bits(got[2]), Bits(ExpectedV2(0.5f, 0.5f)));
  EXPECT_EQ(Bits(got[3]), Bits(-7.0f));  // outside the view
}

// A single-use executor runs once; a second run is 161002 "already run".
TEST(HardswishBackwardV2PhaseTwo, SecondRunOfSingleUseExecutorRejected) {
  test::RuntimeSession session;
  Problem p(kSeedValues, {4, 2});
  PhaseOneResult result = PhaseOne(p.grad.get(), p.self.get(), p.out.get());
  ASSERT_TRUE(Accepted(result));
  ASSERT_EQ(test::RunV2(result.executor, session.stream()), ACLNN_SUCCESS);
  EXPECT_TRUE(PhaseTwoFails(test::RunV2(result.executor, session.stream()), ACLNN_ERR_PARAM_INVALID,
                            "was already run or destroyed: a single-use executor runs once"));
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  ExpectSeedResult(p.out_buffer.Download<float>(8));
  // An empty plan's executor is single-use too.
  test::Tensor empty = Make({0, 3});
  PhaseOneResult empty_result = PhaseOne(empty.get(), empty.get(), empty.get());
  ASSERT_TRUE(Accepted(empty_result));
  EXPECT_EQ(test::RunV2(empty_result.executor, nullptr), ACLNN_SUCCESS);
  EXPECT_TRUE(PhaseTwoFails(test::RunV2(empty_result.executor, nullptr), ACLNN_ERR_PARAM_INVALID,
                            "was already run or destroyed"));
}

// A pointer that never was an executor: 161002, and it is never dereferenced.
TEST(HardswishBackwardV2PhaseTwo, GarbageExecutorRejected) {
  test::RuntimeSession session;
  uint64_t local[8] = {};
  aclOpExecutor* garbage = reinterpret_cast<aclOpExecutor*>(&local);
  EXPECT_TRUE(PhaseTwoFails(test::RunV2(garbage, session.stream()), ACLNN_ERR_PARAM_INVALID,
                            "is not an executor returned by a first phase."));
  for (uint64_t word : local) EXPECT_EQ(word, 0u);
}

// A tensor without a data address, fine in phase one, is 161001 in phase two (non-empty op).
TEST(HardswishBackwardV2PhaseTwo, NullDataAddressRejected) {
  test::RuntimeSession session;
  test::DeviceBuffer buffer(24);
  const struct {
    const char* name;
    bool grad_null, self_null, out_null;
  } cases[] = {
      {"gradOutput", true, true, true},
      {"self", false, true, false},
      {"out", false, false, true},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    test::Tensor grad = Make({2, 3}, ACL_FLOAT, c.grad_null ? nullptr : buffer.get());
    test::Tensor self = Make({2, 3}, ACL_FLOAT, c.self_null ? nullptr : buffer.get());
    test::Tensor out = Make({2, 3}, ACL_FLOAT, c.out_null ? nullptr : buffer.get());
    PhaseOneResult result = PhaseOne(grad.get(), self.get(), out.get());
    ASSERT_TRUE(Accepted(result));
    EXPECT_TRUE(PhaseTwoFails(test::RunV2(result.executor, session.stream()), ACLNN_ERR_PARAM_NULLPTR,
                              std::string("the data address of tensor ") + c.name + " is nullptr."));
    Discard(result.executor);  // a rejected run leaves the executor to the caller
  }
}

// No device set on the calling thread → 361001; the executor is kept and runs where there is one.
TEST(HardswishBackwardV2PhaseTwo, NoDeviceOnThreadIsARuntimeError) {
  test::RuntimeSession session;
  Problem p(kSeedValues, {4, 2});
  PhaseOneResult result = PhaseOne(p.grad.get(), p.self.get(), p.out.get());
  ASSERT_TRUE(Accepted(result));
  aclnnStatus status = -1;
  std::string message;
  std::thread worker([&] {
    status = test::RunV2(result.executor, nullptr);
    message = test::TakeErrorMessage();
  });
  worker.join();
  // Two lines: the runtime's reason (107002, no context) and the code phase two returns.
  EXPECT_EQ(status, ACLNN_ERR_RUNTIME_ERROR) << message;
  const size_t newline = message.find('\n');
  ASSERT_NE(newline, std::string::npos) << message;
  EXPECT_NE(message.substr(0, newline).find("call aclrtSetDevice on this thread first. (error 107002)"),
            std::string::npos)
      << message;
  EXPECT_TRUE(MessageIs(message.substr(newline + 1), kPhaseTwo, ACLNN_ERR_RUNTIME_ERROR, "no stream to run on"));
  EXPECT_EQ(test::RunV2(result.executor, session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  ExpectSeedResult(p.out_buffer.Download<float>(8));
}

// Phase two after aclFinalize: aclFinalize released the executor with everything else, so the
// handle is a retired one (161002) and its memory is not leaked.
TEST(HardswishBackwardV2PhaseTwo, RunAfterAclFinalizeFindsTheExecutorReleased) {
  test::Tensor empty = Make({0, 3});
  PhaseOneResult result;
  {
    test::RuntimeSession session;
    result = PhaseOne(empty.get(), empty.get(), empty.get());
    ASSERT_TRUE(Accepted(result));
  }
  const aclnnStatus status = test::RunV2(result.executor, nullptr);
  const std::string message = test::TakeErrorMessage();
  EXPECT_EQ(status, ACLNN_ERR_PARAM_INVALID) << message;
  EXPECT_NE(message.find("was already run or destroyed"), std::string::npos) << message;
  EXPECT_EQ(aclDestroyAclOpExecutor(result.executor), ACLNN_ERR_INNER) << test::TakeErrorMessage();
}

// Beyond upstream: data not aligned to its element size is 161002 in phase two.
TEST(HardswishBackwardV2PhaseTwo, MisalignedDataRejected) {
  test::RuntimeSession session;
  test::DeviceBuffer g(32), x(32), o(32);
  test::Tensor grad = Make({2, 3}, ACL_FLOAT, g.get()), out = Make({2, 3}, ACL_FLOAT, o.get());
  test::Tensor self = Make({2, 3}, ACL_FLOAT, static_cast<char*>(x.get()) + 2);
  PhaseOneResult result = PhaseOne(grad.get(), self.get(), out.get());
  ASSERT_TRUE(Accepted(result));
  EXPECT_TRUE(PhaseTwoFails(test::RunV2(result.executor, session.stream()), ACLNN_ERR_PARAM_INVALID,
                            "is not aligned to its 4-byte elements."));
  Discard(result.executor);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// ACLNN_HOST_MAX_ISA naming no kernel variant (ctest runs this with ACLNN_HOST_MAX_ISA=pentium).

TEST(HardswishBackwardV2Isa, UnknownIsaCapFailsTheFirstPhase) {
  const char* cap = std::getenv("ACLNN_HOST_MAX_ISA");
  if (cap == nullptr || std::string(cap) != "pentium") GTEST_SKIP() << "run by ctest with ACLNN_HOST_MAX_ISA=pentium";
  test::RuntimeSession session;
  test::Tensor grad = Make({2, 3}), self = Make({2, 3}), out = Make({2, 3});
  const PhaseOneResult result = PhaseOne(grad.get(), self.get(), out.get());
  EXPECT_TRUE(Rejected(result, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "ACLNN_HOST_MAX_ISA=\"pentium\" is not one of"));
  EXPECT_NE(result.message.find("baseline"), std::string::npos) << result.message;
}

// Phase one's workspace per SoC and operator: V2's arch22 tiling asks for the AscendC library
// workspace (16 MiB on A2/A3, 2 MiB on A1), the arch35 tilings an empty one; the TBE kernels none.
TEST(HardswishBackwardV2PhaseTwo, WorkspaceIsTheKernelsPerSoc) {
  struct Row {
    const char* soc;
    uint64_t v2, v1, forward;
  };
  // Upstream's executor: each kernel's declared workspace, (bytes + 32) rounded up to 512; the TBE
  // kernels (V1 and the forward op off the 950) declare none; Ascend910 keeps the kernel's output
  // (4 x 5 floats) in the workspace too, as it cannot move unaligned data.
  constexpr uint64_t kOutput = test::AlignedWorkspace(20 * 4);
  const Row rows[] = {{"Ascend910B3", test::AlignedWorkspace(16u << 20), 0, 0},
                      {"Ascend910_9391", test::AlignedWorkspace(16u << 20), 0, 0},
                      {"Ascend910A", test::AlignedWorkspace(2u << 20) + kOutput, kOutput, kOutput},
                      {"Ascend950PR", test::AlignedWorkspace(0), test::AlignedWorkspace(0), test::AlignedWorkspace(0)}};
  for (const Row& row : rows) {
    SCOPED_TRACE(row.soc);
    test::RuntimeSession session(row.soc);
    test::Tensor t = Make({4, 5});
    uint64_t size = 1;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(t.get(), t.get(), t.get(), &size, &executor), ACLNN_SUCCESS);
    EXPECT_EQ(size, row.v2);
    test::Discard(executor);
    ASSERT_EQ(aclnnHardswishBackwardGetWorkspaceSize(t.get(), t.get(), t.get(), &size, &executor), ACLNN_SUCCESS);
    EXPECT_EQ(size, row.v1);
    test::Discard(executor);
    ASSERT_EQ(aclnnHardswishGetWorkspaceSize(t.get(), t.get(), &size, &executor), ACLNN_SUCCESS);
    EXPECT_EQ(size, row.forward);
    test::Discard(executor);
    test::Tensor empty = Make({4, 0});
    ASSERT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(empty.get(), empty.get(), empty.get(), &size, &executor),
              ACLNN_SUCCESS);
    EXPECT_EQ(size, 0u);  // the empty fast path asks for nothing, as upstream's
    test::Discard(executor);
  }
}
