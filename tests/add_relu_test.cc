// aclnnAddRelu and aclnnInplaceAddRelu (docs/upstream/relu-leakyrelu-addrelu.md §4,
// docs/upstream/addrelu-research.md): upstream's unit-test tables, the check order (the in-place
// form's CheckInplace before even the workspaceSize check), op::PromoteType over integers, the
// workspace per SoC, and values against the independent reference — every fp16 and bf16 self against
// varied others and alphas on each SoC, fp32 random bits, TBE's two-step Axpy under a leading-axis
// broadcast, NaN alpha, INT32 through fp32, and wrapping integers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_add_relu.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/binary_op.h"
#include "support/phase_one.h"
#include "support/scalar.h"

namespace {

using reference::Format;
using test::FormatOf;
using test::kSocs;
using test::Scalar;
using test::SocCase;

constexpr const char* kPhaseOne = "aclnnAddReluGetWorkspaceSize";
constexpr const char* kInplacePhaseOne = "aclnnInplaceAddReluGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr,
                  aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, data);
}

test::PhaseOneResult PhaseOne(const aclTensor* self, const aclTensor* other, const aclScalar* alpha, aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnAddReluGetWorkspaceSize(self, other, const_cast<aclScalar*>(alpha), out, workspace_size, executor);
  });
}

test::PhaseOneResult InplacePhaseOne(aclTensor* self, const aclTensor* other, const aclScalar* alpha) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnInplaceAddReluGetWorkspaceSize(self, other, const_cast<aclScalar*>(alpha), workspace_size, executor);
  });
}

aclScalar* Mutable(const Scalar& scalar) { return const_cast<aclScalar*>(scalar.get()); }

::testing::AssertionResult AcceptedAndFreed(const test::PhaseOneResult& result) {
  test::Discard(result.executor);
  return test::Accepted(result);
}

/// Runs aclnnAddRelu: self and other dense (their own shapes, broadcast), out dense of `out_view`.
template <typename A, typename B, typename O>
std::vector<O> RunAddRelu(aclDataType a_dtype, const std::vector<int64_t>& a_view, const std::vector<A>& a,
                          aclDataType b_dtype, const std::vector<int64_t>& b_view, const std::vector<B>& b,
                          aclDataType out_dtype, const std::vector<int64_t>& out_view, const aclScalar* alpha,
                          aclrtStream stream) {
  const int64_t n = test::ElementCount(out_view);
  test::DeviceBuffer ab(a.size() * sizeof(A)), bb(b.size() * sizeof(B)), ob(static_cast<size_t>(n) * sizeof(O));
  ab.Upload(a);
  bb.Upload(b);
  test::Tensor at = Make(a_view, a_dtype, ab.get()), bt = Make(b_view, b_dtype, bb.get());
  test::Tensor ot = Make(out_view, out_dtype, ob.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnAddReluGetWorkspaceSize(at.get(), bt.get(), const_cast<aclScalar*>(alpha), ot.get(), &workspace_size,
                                         &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  test::DeviceBuffer workspace(static_cast<size_t>(workspace_size));
  EXPECT_EQ(aclnnAddRelu(workspace_size > 0 ? workspace.get() : nullptr, workspace_size, executor, stream),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  return ob.Download<O>(static_cast<size_t>(n));
}

/// The same for one shape and dtype.
template <typename T>
std::vector<T> RunSame(aclDataType dtype, const std::vector<T>& a, const std::vector<T>& b, const aclScalar* alpha,
                       aclrtStream stream) {
  const std::vector<int64_t> view = {static_cast<int64_t>(a.size())};
  return RunAddRelu<T, T, T>(dtype, view, a, dtype, view, b, dtype, view, alpha, stream);
}

float FromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

}  // namespace

// ---- upstream's unit-test tables (test_aclnn_add_relu.cpp, test_aclnn_inplace_add_relu.cpp) ---------

TEST(AddReluUpstream, Cases) {
  Scalar one(1.0f), one_two(1.2f), two(ACL_INT64, 2), five(ACL_INT64, 5), two_five(2.5f), five_nine(5.9f);
  test::RuntimeSession session;  // Ascend910B3
  {
    test::Tensor t = Make({1, 16, 1, 1}, ACL_FLOAT, nullptr, ACL_FORMAT_NCHW);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(t.get(), t.get(), one.get(), t.get())));
    EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, nullptr, nullptr, t.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                               "argument self."));
  }
  test::Tensor f23 = Make({2, 3});
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f23.get(), f23.get(), one.get(), f23.get())));
  test::Tensor h = Make({2, 3, 4, 5}, ACL_FLOAT16, nullptr, ACL_FORMAT_NHWC);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(h.get(), h.get(), one_two.get(), h.get())));
  test::Tensor i32 = Make({2, 3, 4, 5}, ACL_INT32, nullptr, ACL_FORMAT_NCHW);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i32.get(), i32.get(), two.get(), i32.get())));
  test::Tensor i64 = Make({2, 3, 4, 5}, ACL_INT64, nullptr, ACL_FORMAT_NCHW), i64b = Make({4, 5}, ACL_INT64);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i64.get(), i64b.get(), five.get(), i64.get())));
  test::Tensor i16 = Make({2, 3, 4, 5}, ACL_INT16, nullptr, ACL_FORMAT_HWCN);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i16.get(), i16.get(), two.get(), i16.get())));
  test::Tensor i8 = Make({5, 2, 5, 6, 3}, ACL_INT8, nullptr, ACL_FORMAT_NDHWC);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i8.get(), i8.get(), two.get(), i8.get())));
  test::Tensor u8 = Make({5, 2, 5, 6, 3}, ACL_UINT8, nullptr, ACL_FORMAT_NCDHW);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(u8.get(), u8.get(), two.get(), u8.get())));
  test::Tensor hf = Make({2, 3, 4, 5}, ACL_FLOAT, nullptr, ACL_FORMAT_NHWC);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(h.get(), h.get(), two.get(), hf.get())));
  test::Tensor six = Make({2, 3, 4, 5, 6, 7}, ACL_INT32), six64 = Make({2, 3, 4, 5, 6, 7}, ACL_INT64);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(six.get(), six.get(), two.get(), six64.get())));
  test::Tensor seven = Make({7, 9, 11, 3, 4, 6, 9}), seven_i = Make({7, 9, 11, 3, 4, 6, 1}, ACL_INT32);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(seven.get(), seven_i.get(), two_five.get(), seven.get())));
  {
    test::Tensor empty = Make({7, 0, 6}, ACL_INT32, nullptr, ACL_FORMAT_NHWC), e1 = Make({7, 1, 6}, ACL_INT32);
    const test::PhaseOneResult result = PhaseOne(empty.get(), e1.get(), five.get(), empty.get());
    EXPECT_TRUE(AcceptedAndFreed(result));
    EXPECT_EQ(result.workspace_size, 0u);
  }
  {
    test::Layout strided;
    strided.view = {5, 4};
    strided.strides = {1, 5};
    strided.storage = {4, 5};
    test::Tensor s(strided, nullptr), o = Make({5, 4});
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(s.get(), s.get(), one.get(), o.get())));
  }
  test::Tensor nine = Make({1, 1, 1, 1, 1, 1, 1, 1, 2});
  EXPECT_TRUE(test::Rejected(PhaseOne(nine.get(), nine.get(), one_two.get(), nine.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions."));
  test::Tensor f105 = Make({10, 5});
  EXPECT_TRUE(test::Rejected(PhaseOne(f105.get(), f105.get(), nullptr, f105.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument alpha"));
  EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, f105.get(), one.get(), f105.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument self."));
  EXPECT_TRUE(test::Rejected(PhaseOne(f105.get(), nullptr, one.get(), f105.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument other."));
  EXPECT_TRUE(test::Rejected(PhaseOne(f105.get(), f105.get(), one.get(), nullptr), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument out."));
  test::Tensor u32 = Make({10, 5}, ACL_UINT32);
  EXPECT_TRUE(test::Rejected(PhaseOne(u32.get(), u32.get(), five.get(), u32.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                             "Tensor self not implemented for DT_UINT32, should be in dtype support list "
                             "[DT_FLOAT,DT_FLOAT16,DT_BF16,DT_INT8,DT_UINT8,DT_INT16,DT_INT32,DT_INT64,]."));
  test::Tensor a = Make({10, 5, 2, 10}), b = Make({10, 5, 5, 10}), c = Make({10, 5, 10, 5});
  EXPECT_TRUE(test::Rejected(PhaseOne(a.get(), b.get(), five_nine.get(), a.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                             "The size of tensor self [10, 5, 2, 10] must match the size of tensor other "
                             "[10, 5, 5, 10]."));
  EXPECT_TRUE(test::Rejected(PhaseOne(b.get(), b.get(), five_nine.get(), c.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                             "Shape of out should be [10, 5, 5, 10], but current is [10, 5, 10, 5]."));
  test::Tensor i105 = Make({10, 5}, ACL_INT32);
  EXPECT_TRUE(test::Rejected(PhaseOne(i105.get(), i105.get(), five_nine.get(), i105.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_INVALID,
                             "Alpha dtype DT_FLOAT can't be cast to the promote dtype DT_INT32."));
  EXPECT_TRUE(test::Rejected(PhaseOne(f105.get(), f105.get(), five_nine.get(), i105.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_INVALID,
                             "Promote dtype DT_FLOAT can't be cast to the desired output type DT_INT32."));
  // The mixed float pairs of Ascend910B2 (out = self's dtype).
  test::Tensor h23 = Make({2, 3}, ACL_FLOAT16), b23 = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(h23.get(), f23.get(), one.get(), h23.get())));
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f23.get(), h23.get(), one.get(), f23.get())));
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(b23.get(), f23.get(), one.get(), b23.get())));
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f23.get(), b23.get(), one.get(), f23.get())));
}

TEST(InplaceAddReluUpstream, Cases) {
  Scalar one(1.0f), one_two(1.2f), two(ACL_INT64, 2), five(ACL_INT64, 5), two_four(2.4f), two_five(2.5f);
  test::RuntimeSession session;
  test::Tensor f = Make({2, 3}), h = Make({2, 3, 4, 5}, ACL_FLOAT16), i32 = Make({2, 3, 4, 5}, ACL_INT32);
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(f.get(), f.get(), one.get())));
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(h.get(), h.get(), one_two.get())));
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(h.get(), h.get(), two.get())));
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(i32.get(), i32.get(), two.get())));
  test::Tensor i64 = Make({2, 3, 4, 5}, ACL_INT64), i64b = Make({4, 5}, ACL_INT64);
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(i64.get(), i64b.get(), five.get())));
  for (aclDataType dtype : {ACL_INT16, ACL_INT8, ACL_UINT8}) {
    test::Tensor t = Make({5, 2, 5, 6, 3}, dtype);
    EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(t.get(), t.get(), two.get()))) << dtype;
  }
  test::Tensor six = Make({2, 3, 4, 5, 6, 7}, ACL_INT32);
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(six.get(), six.get(), two.get())));
  test::Tensor seven = Make({7, 9, 11, 3, 4, 6, 9}), seven_i = Make({7, 9, 11, 3, 4, 6, 1}, ACL_INT32);
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(seven.get(), seven_i.get(), two_five.get())));
  test::Tensor empty = Make({7, 0, 6}, ACL_INT32), e1 = Make({7, 1, 6}, ACL_INT32);
  EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(empty.get(), e1.get(), five.get())));
  {
    test::Layout strided;
    strided.view = {5, 4};
    strided.strides = {1, 5};
    strided.storage = {4, 5};
    test::Tensor s(strided, nullptr);
    EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(s.get(), s.get(), one.get())));
  }
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(nullptr, nullptr, nullptr), kInplacePhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument selfRef."));
  // selfRef {6, 3} is not the broadcast shape: CheckInplace refuses it before the dtype check.
  test::Tensor d63 = Make({6, 3}, ACL_DOUBLE), d2563 = Make({2, 5, 6, 3}, ACL_DOUBLE, nullptr, ACL_FORMAT_HWCN);
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(d63.get(), d2563.get(), two_four.get()), kInplacePhaseOne,
                             ACLNN_ERR_PARAM_INVALID,
                             "Expected shape of selfRef should be [2, 5, 6, 3], but got [6, 3]."));
  test::Tensor nine = Make({1, 1, 1, 1, 1, 1, 1, 1, 2});
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(nine.get(), nine.get(), one_two.get()), kInplacePhaseOne,
                             ACLNN_ERR_PARAM_INVALID, "cannot be larger than 8 dimensions."));
  test::Tensor f105 = Make({10, 5});
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(f105.get(), f105.get(), nullptr), kInplacePhaseOne,
                             ACLNN_ERR_PARAM_NULLPTR, "argument alpha"));
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(nullptr, f105.get(), one.get()), kInplacePhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument selfRef."));
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(f105.get(), nullptr, one.get()), kInplacePhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument other."));
  test::Tensor u32 = Make({10, 5}, ACL_UINT32);
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(u32.get(), u32.get(), five.get()), kInplacePhaseOne,
                             ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_UINT32"));
  test::Tensor a = Make({10, 5, 2, 10}), b = Make({10, 5, 5, 10});
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(a.get(), b.get(), one.get()), kInplacePhaseOne, ACLNN_ERR_PARAM_INVALID,
                             "The size of tensor selfRef [10, 5, 2, 10] must match the size of tensor other "
                             "[10, 5, 5, 10]."));
}

// ---- checks beyond the tables -------------------------------------------------------------------

TEST(AddReluChecks, OrderPromotionAndWorkspace) {
  Scalar one(1.0f), two(ACL_INT64, 2), flag(1.0, ACL_BOOL);
  {
    test::RuntimeSession session;
    test::Tensor f = Make({2, 3});
    // The in-place form checks selfRef and other, and their shapes, before workspaceSize and executor.
    EXPECT_EQ(aclnnInplaceAddReluGetWorkspaceSize(nullptr, f.get(), Mutable(one), nullptr, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(test::TakeErrorMessage().find("argument selfRef."), std::string::npos);
    test::Tensor wide = Make({4, 3});
    EXPECT_EQ(aclnnInplaceAddReluGetWorkspaceSize(f.get(), wide.get(), Mutable(one), nullptr, nullptr),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclnnInplaceAddReluGetWorkspaceSize(f.get(), f.get(), Mutable(one), nullptr, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(test::TakeErrorMessage().find("workspaceSize or executor"), std::string::npos);
    // aclnnAddRelu checks them first.
    EXPECT_EQ(aclnnAddReluGetWorkspaceSize(nullptr, f.get(), Mutable(one), f.get(), nullptr, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(test::TakeErrorMessage().find("workspaceSize or executor"), std::string::npos);
    // op::PromoteType over integers: INT8 with UINT8 is INT16, an integer with a float is the float.
    test::Tensor i8 = Make({2, 3}, ACL_INT8), u8 = Make({2, 3}, ACL_UINT8), i16 = Make({2, 3}, ACL_INT16);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i8.get(), u8.get(), two.get(), i16.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i8.get(), u8.get(), two.get(), i8.get())));  // integers cast to integers
    test::Tensor h = Make({2, 3}, ACL_FLOAT16), i32 = Make({2, 3}, ACL_INT32);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i32.get(), h.get(), one.get(), h.get())));
    EXPECT_TRUE(test::Rejected(PhaseOne(i32.get(), h.get(), one.get(), i32.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "Promote dtype DT_FLOAT16 can't be cast to the desired output type DT_INT32."));
    // A BOOL alpha casts to anything; an INT64 alpha to a float promoted dtype.
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i8.get(), i8.get(), flag.get(), i8.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f.get(), f.get(), two.get(), f.get())));
    // out may be a dtype outside the list (only castability is checked); the host Casts to DOUBLE.
    test::Tensor d = Make({2, 3}, ACL_DOUBLE);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f.get(), f.get(), one.get(), d.get())));
  }
  for (const char* soc : {"Ascend910A", "Ascend310P3"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(test::Rejected(PhaseOne(b.get(), b.get(), one.get(), b.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "[DT_FLOAT,DT_FLOAT16,DT_INT8,DT_UINT8,DT_INT16,DT_INT32,DT_INT64,]."))
        << soc;
  }
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    test::Tensor f = Make({2, 3}), i16 = Make({2, 3}, ACL_INT16);
    const test::PhaseOneResult result = PhaseOne(f.get(), f.get(), one.get(), f.get());
    EXPECT_TRUE(AcceptedAndFreed(result));
    EXPECT_EQ(result.workspace_size, test::ContiguousCallWorkspace(soc.soc, !soc.tbe, test::kA2LibraryWorkspace, 24))
        << soc.soc;
    const test::PhaseOneResult integer = PhaseOne(i16.get(), i16.get(), two.get(), i16.get());
    EXPECT_TRUE(AcceptedAndFreed(integer));
    EXPECT_EQ(integer.workspace_size, test::ContiguousCallWorkspace(soc.soc, !soc.tbe, test::kA2LibraryWorkspace, 12))
        << soc.soc;
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(AddReluValues, TheDocExampleOnEverySoc) {
  Scalar alpha(1.2f);
  const std::vector<float> self = {0, 1, 2, 3, 4, 5, 6, 7}, other = {1, 1, 1, 2, 2, 2, 3, 3};
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const std::vector<float> out = RunSame<float>(ACL_FLOAT, self, other, alpha.get(), session.stream());
    for (size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], std::fma(1.2f, other[i], self[i])) << soc.soc << i;
  }
}

TEST(AddReluValues, AxpyRoundsOnceButTbeTwiceUnderALeadingAxisBroadcast) {
  // x2 * alpha = 1 + 2^-22 + 2^-46: one rounding keeps the 2^-46, two lose it against x1.
  const float near_one = FromBits(0x3F800001u);  // 1 + 2^-23
  Scalar alpha(near_one);
  const float x1 = -(1.0f + std::ldexp(1.0f, -22));
  const float fused = std::fma(near_one, near_one, x1);
  ASSERT_GT(fused, 0.0f);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    // The same shapes: vaxpy everywhere.
    const std::vector<float> same =
        RunSame<float>(ACL_FLOAT, {x1, x1}, {near_one, near_one}, alpha.get(), session.stream());
    EXPECT_EQ(same, (std::vector<float>{fused, fused})) << soc.soc;
    // other {1, 2} against self {2, 2}: they differ on the leading axis.
    const std::vector<float> leading =
        RunAddRelu<float, float, float>(ACL_FLOAT, {2, 2}, {x1, x1, x1, x1}, ACL_FLOAT, {1, 2}, {near_one, near_one},
                                        ACL_FLOAT, {2, 2}, alpha.get(), session.stream());
    const float expected = soc.tbe ? 0.0f : fused;
    EXPECT_EQ(leading, (std::vector<float>(4, expected))) << soc.soc;
    // other {2, 1} against self {2, 2}: only the last axis differs — still vaxpy.
    const std::vector<float> last =
        RunAddRelu<float, float, float>(ACL_FLOAT, {2, 2}, {x1, x1, x1, x1}, ACL_FLOAT, {2, 1}, {near_one, near_one},
                                        ACL_FLOAT, {2, 2}, alpha.get(), session.stream());
    EXPECT_EQ(last, (std::vector<float>(4, fused))) << soc.soc;
  }
}

TEST(AddReluValues, NanAlphaIsOneAndReluKeepsNan) {
  Scalar nan_alpha(std::nan(""));
  test::RuntimeSession session;
  const float inf = INFINITY;
  const std::vector<float> out = RunSame<float>(ACL_FLOAT, {1.0f, -3.0f, -0.0f, inf, -inf},
                                                {2.0f, 1.0f, 0.0f, -inf, 1.0f}, nan_alpha.get(), session.stream());
  EXPECT_EQ(out[0], 3.0f);
  EXPECT_EQ(out[1], 0.0f);
  EXPECT_EQ(out[2], 0.0f);
  EXPECT_FALSE(std::signbit(out[2]));
  EXPECT_TRUE(std::isnan(out[3]));  // inf - inf
  EXPECT_EQ(out[4], 0.0f);
}

TEST(AddReluValues, Int32ThroughFp32UnlessAlphaIsOne) {
  Scalar two(ACL_INT64, 2), one(ACL_INT64, 1);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const std::vector<int32_t> a = {16777217, -5, INT32_MAX, 7, INT32_MIN}, b = {1, 1, 1, -4, -1};
    // alpha 2: Axpy in fp32 (16777217 rounds to 16777216), truncated back, saturating.
    EXPECT_EQ(RunSame<int32_t>(ACL_INT32, a, b, two.get(), session.stream()),
              (std::vector<int32_t>{16777218, 0, INT32_MAX, 0, 0}))
        << soc.soc;
    // alpha 1: Add, wrapping.
    EXPECT_EQ(RunSame<int32_t>(ACL_INT32, a, b, one.get(), session.stream()),
              (std::vector<int32_t>{16777218, 0, 0, 3, INT32_MAX}))
        << soc.soc;
  }
}

TEST(AddReluValues, NarrowIntegersWrap) {
  Scalar three(ACL_INT64, 3), minus_one(ACL_INT64, -1), big(ACL_INT64, 257);
  test::RuntimeSession session("Ascend950PR");
  // INT8: 100 + 3 * 100 = 400 wraps to -112 (Relu: 0); -100 - 300 = -400 wraps to 112.
  EXPECT_EQ(RunSame<int8_t>(ACL_INT8, {100, -100, 5}, {100, -100, 5}, three.get(), session.stream()),
            (std::vector<int8_t>{0, 112, 20}));
  // UINT8: no Relu; alpha -1 converts to 255.
  EXPECT_EQ(RunSame<uint8_t>(ACL_UINT8, {5, 200}, {10, 1}, minus_one.get(), session.stream()),
            (std::vector<uint8_t>{251, 199}));
  // INT16 alpha 257; INT64 wraps at 2^64.
  EXPECT_EQ(RunSame<int16_t>(ACL_INT16, {1, -1, 1}, {300, 1, 200}, big.get(), session.stream()),
            (std::vector<int16_t>{1 + 300 * 257 - 65536, 256, 0}));
  EXPECT_EQ(RunSame<int64_t>(ACL_INT64, {INT64_MIN, -2}, {1, -5}, minus_one.get(), session.stream()),
            (std::vector<int64_t>{INT64_MAX, 3}));
  // INT8 with UINT8 promotes to INT16 (no wrap at 8 bits); out INT16.
  EXPECT_EQ((RunAddRelu<int8_t, uint8_t, int16_t>(ACL_INT8, {3}, {100, -100, -128}, ACL_UINT8, {3}, {200, 1, 255},
                                                  ACL_INT16, {3}, three.get(), session.stream())),
            (std::vector<int16_t>{700, 0, 637}));
  // INT32 promoted, then Cast to INT64 and to FLOAT.
  EXPECT_EQ((RunAddRelu<int32_t, int32_t, int64_t>(ACL_INT32, {2}, {5, -5}, ACL_INT32, {2}, {1, 1}, ACL_INT64, {2},
                                                   three.get(), session.stream())),
            (std::vector<int64_t>{8, 0}));
  EXPECT_EQ((RunAddRelu<int8_t, int8_t, float>(ACL_INT8, {2}, {5, -5}, ACL_INT8, {2}, {1, 1}, ACL_FLOAT, {2},
                                               three.get(), session.stream())),
            (std::vector<float>{8.0f, 0.0f}));
}

TEST(AddReluValues, Every16BitSelfOnEverySoc) {
  // Every fp16 / bf16 self against other values of every magnitude, alphas 1 (Add), 1.5 and -0.3,
  // out in self's dtype and in fp32; TBE's separate rounding under a leading-axis broadcast too.
  std::mt19937 rng(20261206);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      if (dtype == ACL_BF16 && !soc.bf16) continue;
      const Format format = FormatOf(dtype);
      std::vector<uint32_t> self_raw(65536);
      for (uint32_t i = 0; i < 65536; ++i) self_raw[i] = i;
      const std::vector<uint32_t> other_raw = test::RandomRaw(256, dtype, &rng);
      for (float alpha_value : {1.0f, 1.5f, -0.3f}) {
        Scalar alpha(alpha_value);
        for (aclDataType out_dtype : {dtype, ACL_FLOAT}) {
          // self {256, 256}, other {256, 1} (the last axis differs: one rounding) or {1, 256}
          // (a leading axis: TBE's two).
          for (bool leading : {false, true}) {
            const test::Operand self = test::Dense({256, 256}, dtype, self_raw);
            const test::Operand other =
                test::Dense(leading ? std::vector<int64_t>{1, 256} : std::vector<int64_t>{256, 1}, dtype, other_raw);
            const std::vector<int64_t> out_view = {256, 256};
            const std::vector<uint32_t> out = test::RunBinaryOp(
                [&](aclTensor* a, aclTensor* b, aclTensor* y, uint64_t* workspace_size, aclOpExecutor** executor) {
                  return aclnnAddReluGetWorkspaceSize(a, b, const_cast<aclScalar*>(alpha.get()), y, workspace_size,
                                                      executor);
                },
                aclnnAddRelu, self, other, out_dtype, out_view, session.stream());
            size_t mismatches = 0;
            for (int64_t i = 0; i < 65536; ++i) {
              const uint32_t a = self.raw[test::SourceIndex(self, out_view, i)];
              const uint32_t b = other.raw[test::SourceIndex(other, out_view, i)];
              const uint32_t expected = reference::AddReluElement(a, format, b, format, FormatOf(out_dtype),
                                                                  alpha_value, soc.tbe && leading, soc.numerics);
              if (!reference::SameResult(out[i], expected, FormatOf(out_dtype)) && mismatches++ < 5) {
                ADD_FAILURE() << soc.soc << " dtype " << dtype << " out " << out_dtype << " alpha " << alpha_value
                              << " self 0x" << std::hex << a << " other 0x" << b << ": 0x" << out[i] << " != 0x"
                              << expected;
              }
            }
          }
        }
      }
    }
  }
}

TEST(AddReluValues, Fp32RandomBitsAndMixedDtypes) {
  std::mt19937 rng(7);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const size_t n = 1 << 16;
    const test::Operand self = test::Dense({static_cast<int64_t>(n)}, ACL_FLOAT, test::RandomRaw(n, ACL_FLOAT, &rng));
    for (aclDataType other_dtype : {ACL_FLOAT, ACL_FLOAT16}) {
      const test::Operand other =
          test::Dense({static_cast<int64_t>(n)}, other_dtype, test::RandomRaw(n, other_dtype, &rng));
      for (float alpha_value : {1.0f, 0.7f, -3.25f}) {
        Scalar alpha(alpha_value);
        const std::vector<int64_t> view = {static_cast<int64_t>(n)};
        const std::vector<uint32_t> out = test::RunBinaryOp(
            [&](aclTensor* a, aclTensor* b, aclTensor* y, uint64_t* workspace_size, aclOpExecutor** executor) {
              return aclnnAddReluGetWorkspaceSize(a, b, const_cast<aclScalar*>(alpha.get()), y, workspace_size,
                                                  executor);
            },
            aclnnAddRelu, self, other, ACL_FLOAT, view, session.stream());
        size_t mismatches = 0;
        for (size_t i = 0; i < n; ++i) {
          const uint32_t expected =
              reference::AddReluElement(self.raw[i], Format::kFp32, other.raw[i], FormatOf(other_dtype), Format::kFp32,
                                        alpha_value, false, soc.numerics);
          if (!reference::SameResult(out[i], expected, Format::kFp32) && mismatches++ < 5) {
            ADD_FAILURE() << soc.soc << " other " << other_dtype << " alpha " << alpha_value << " at " << i << ": 0x"
                          << std::hex << out[i] << " != 0x" << expected;
          }
        }
      }
    }
  }
}

TEST(InplaceAddReluValues, WritesSelfRef) {
  Scalar alpha(1.2f);
  test::RuntimeSession session;
  const std::vector<float> self = {0, 1, 2, 3, 4, 5, 6, 7}, other = {1, 1};
  test::DeviceBuffer sb(self.size() * 4), ob(other.size() * 4);
  sb.Upload(self);
  ob.Upload(other);
  test::Tensor st = Make({4, 2}, ACL_FLOAT, sb.get()), ot = Make({2}, ACL_FLOAT, ob.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnInplaceAddReluGetWorkspaceSize(st.get(), ot.get(), const_cast<aclScalar*>(alpha.get()),
                                                &workspace_size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(workspace_size, 0u);
  ASSERT_EQ(aclnnInplaceAddRelu(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> out = sb.Download<float>(self.size());
  for (size_t i = 0; i < self.size(); ++i) EXPECT_EQ(out[i], std::fma(1.2f, 1.0f, self[i])) << i;
}
