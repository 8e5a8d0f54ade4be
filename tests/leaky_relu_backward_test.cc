// aclnnLeakyReluBackward (docs/upstream/relu-leakyrelu-addrelu.md §3): upstream's unit-test table,
// its checks in order (the scalar's dtype list, the out-shape message, selfIsResult with a negative
// slope), 950's system workspace, and values against the independent reference on its three
// sequences — 950's fp32 Select, TBE's (fp16 slope) and the Ascend910 TBE kernel's scaling — with
// broadcasting, promotion and DOUBLE (upstream's AI CPU kernel, and Casts to and from it).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_leaky_relu_backward.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/binary_op.h"
#include "support/phase_one.h"
#include "support/scalar.h"

namespace {

using reference::Format;
using test::Dense;
using test::FormatOf;
using test::kSocs;
using test::Operand;
using test::Promoted;
using test::RandomRaw;
using test::SocCase;
using test::SourceIndex;

constexpr const char* kPhaseOne = "aclnnLeakyReluBackwardGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, nullptr);
}

using test::Scalar;

test::PhaseOneResult PhaseOne(const aclTensor* grad, const aclTensor* self, const aclScalar* slope, bool self_is_result,
                              aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnLeakyReluBackwardGetWorkspaceSize(grad, self, slope, self_is_result, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(const aclTensor* grad, const aclTensor* self, const aclScalar* slope,
                                       bool self_is_result, aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  return test::Rejected(PhaseOne(grad, self, slope, self_is_result, out), kPhaseOne, code, phrase);
}

::testing::AssertionResult Accepts(const aclTensor* grad, const aclTensor* self, const aclScalar* slope,
                                   bool self_is_result, aclTensor* out, uint64_t* workspace = nullptr) {
  const test::PhaseOneResult result = PhaseOne(grad, self, slope, self_is_result, out);
  test::Discard(result.executor);
  if (workspace != nullptr) *workspace = result.workspace_size;
  return test::Accepted(result);
}

std::vector<uint32_t> RunGrad(const Operand& grad, const Operand& self, aclDataType out_dtype,
                              const std::vector<int64_t>& out_view, float slope, aclrtStream stream) {
  Scalar negative_slope(slope);
  return test::RunBinaryOp(
      [&](const aclTensor* g, const aclTensor* x, aclTensor* y, uint64_t* workspace_size, aclOpExecutor** executor) {
        return aclnnLeakyReluBackwardGetWorkspaceSize(g, x, negative_slope.get(), false, y, workspace_size, executor);
      },
      aclnnLeakyReluBackward, grad, self, out_dtype, out_view, stream);
}

bool IsA1(const SocCase& soc) { return std::string(soc.soc) == "Ascend910A"; }

void ExpectReference(const SocCase& soc, const Operand& grad, const Operand& self, aclDataType out_dtype,
                     const std::vector<int64_t>& out_view, float slope, const std::vector<uint32_t>& got) {
  const Format k = FormatOf(Promoted(grad.layout.dtype, self.layout.dtype));
  int mismatches = 0;
  for (int64_t i = 0; i < static_cast<int64_t>(got.size()) && mismatches < 3; ++i) {
    const uint32_t g = grad.raw[static_cast<size_t>(SourceIndex(grad, out_view, i))];
    const uint32_t x = self.raw[static_cast<size_t>(SourceIndex(self, out_view, i))];
    const uint32_t want =
        reference::LeakyReluGradElement(g, FormatOf(grad.layout.dtype), x, FormatOf(self.layout.dtype), k,
                                        FormatOf(out_dtype), slope, soc.tbe, IsA1(soc), soc.numerics);
    if (!reference::SameResult(got[static_cast<size_t>(i)], want, FormatOf(out_dtype))) {
      ++mismatches;
      ADD_FAILURE() << soc.soc << " " << grad.layout.dtype << "," << self.layout.dtype << " -> " << out_dtype
                    << " slope " << slope << " element " << i << " (g 0x" << std::hex << g << ", x 0x" << x
                    << "): got 0x" << got[static_cast<size_t>(i)] << ", want 0x" << want;
    }
  }
}

}  // namespace

// ---- upstream's unit-test table (test_leaky_relu_backward.cpp) ------------------------------------

TEST(LeakyReluBackwardUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  Scalar slope(0.01), half_slope(0.01, ACL_FLOAT16), double_slope(0.01, ACL_DOUBLE);
  test::Tensor e = Make({0});
  EXPECT_TRUE(Accepts(e.get(), e.get(), slope.get(), true, e.get()));  // case_null_tensor
  test::Tensor one = Make({1});
  EXPECT_TRUE(RejectsWith(nullptr, one.get(), slope.get(), true, one.get(), ACLNN_ERR_PARAM_NULLPTR, "gradOutput"));
  EXPECT_TRUE(RejectsWith(one.get(), nullptr, slope.get(), true, one.get(), ACLNN_ERR_PARAM_NULLPTR, "self"));
  EXPECT_TRUE(RejectsWith(one.get(), one.get(), nullptr, true, one.get(), ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a value of type number for argument negativeSlope but instead found type null."));
  EXPECT_TRUE(RejectsWith(one.get(), one.get(), slope.get(), true, nullptr, ACLNN_ERR_PARAM_NULLPTR, "out"));
  struct Case {
    std::vector<int64_t> shape;
    aclDataType dtype;
    aclFormat format;
    const Scalar* slope;
  };
  const Case accepted[] = {
      {{4}, ACL_FLOAT, ACL_FORMAT_ND, &slope},                              // case_dim1_Float_ND
      {{2, 2}, ACL_FLOAT16, ACL_FORMAT_NCHW, &half_slope},                  // case_dim2_Float16_NCHW
      {{2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_NHWC, &double_slope},             // case_dim3_FLoat16_NHWC
      {{2, 2, 2, 2}, ACL_DOUBLE, ACL_FORMAT_NHWC, &double_slope},           // case_dim3_Double_NHWC
      {{2, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_HWCN, &double_slope},          // case_dim4_Float16_HWCN
      {{2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_NDHWC, &slope},               // case_dim5_Float_NDHWC
      {{2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCDHW, &slope},               // case_dim5_Float_NCDHW
      {{2, 2, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_NC1HWC0, &half_slope},      // case_dim5_Float16_NC1HWC0
      {{2, 2, 2, 2, 2, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_ND, &half_slope},  // case_dim8_Float16_ND
      {{2, 2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_ND, &slope},               // case_dim6_Float_ND
      {{1024, 1024}, ACL_FLOAT, ACL_FORMAT_ND, &slope},                     // case_large_shape
      {{}, ACL_FLOAT, ACL_FORMAT_ND, &slope},                               // case_scalar_input
      {{2048}, ACL_FLOAT, ACL_FORMAT_ND, &slope},                           // case_1d_large
      {{2, 4, 8, 16, 32}, ACL_FLOAT16, ACL_FORMAT_ND, &half_slope},         // case_5d_shape
  };
  for (const Case& c : accepted) {
    test::Tensor g = Make(c.shape, c.dtype, c.format), x = Make(c.shape, c.dtype, c.format);
    test::Tensor o = Make(c.shape, c.dtype, c.format);
    EXPECT_TRUE(Accepts(g.get(), x.get(), c.slope->get(), true, o.get())) << c.dtype << " rank " << c.shape.size();
  }
  Scalar int_one(1, ACL_INT32);
  test::Tensor u = Make({2, 2, 2}, ACL_UINT32);
  EXPECT_TRUE(RejectsWith(u.get(), u.get(), int_one.get(), true, u.get(), ACLNN_ERR_PARAM_INVALID,  // case_error_dtype
                          "Tensor gradOutput not implemented for DT_UINT32, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_DOUBLE,DT_BF16,]."));
  test::Tensor hg = Make({2, 2, 2, 2}, ACL_FLOAT16), dx = Make({2, 2, 2, 2}, ACL_DOUBLE),
               dout = Make({2, 2, 2, 2}, ACL_DOUBLE);
  EXPECT_TRUE(Accepts(hg.get(), dx.get(), slope.get(), true, dout.get()));  // case_different_dtype
  test::Tensor nine = Make({2, 2, 2, 2, 2, 2, 2, 2, 2});
  EXPECT_TRUE(RejectsWith(nine.get(), nine.get(), slope.get(), true, nine.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradOutput tensor cannot be larger than 8 dimensions."));  // case_error_shape
  test::Tensor g4 = Make({2, 2, 2, 2}), x5 = Make({2, 2, 2, 2, 2}), o4 = Make({2, 2, 2, 2});
  EXPECT_TRUE(RejectsWith(g4.get(), x5.get(), slope.get(), true, o4.get(),
                          ACLNN_ERR_PARAM_INVALID,  // case_different_shape
                          "Shape of out should be [2, 2, 2, 2, 2], but current is [2, 2, 2, 2]."));
  Scalar negative(-0.1);
  test::Tensor f = Make({2, 2, 2});
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), negative.get(), true, f.get(),
                          ACLNN_ERR_PARAM_INVALID,  // case_error_inplace
                          "In-place leakyRelu backward calculation is triggered with a negativeSlope which is not "
                          "supported, while negativeSlope: [-1.000000e-01], selfIsResult: [1]. This is caused by "
                          "calling in-place forward function with a negative slope, please call out-of-place version "
                          "instead."));
  test::Tensor f23 = Make({2, 3});
  EXPECT_TRUE(Accepts(f23.get(), f23.get(), negative.get(), false, f23.get()));  // case_negative_slope
  test::Tensor seven = Make({2, 2, 2, 2, 2, 2, 2});
  Scalar half(0.5);
  EXPECT_TRUE(Accepts(seven.get(), seven.get(), half.get(), false, seven.get()));  // case_dim7_range
  test::Layout strided;                                                            // case_not_contiguous
  strided.view = {3, 5, 6};
  strided.strides = {30, 1, 5};
  strided.storage = {3, 6, 5};
  test::Tensor sg(strided, nullptr), sx(strided, nullptr), so(strided, nullptr);
  Scalar tenth(0.1);
  EXPECT_TRUE(Accepts(sg.get(), sx.get(), tenth.get(), true, so.get()));
}

TEST(LeakyReluBackwardUpstream, Bf16OnAscend910B2) {
  test::RuntimeSession session("Ascend910B2");  // ascend910B2_case_dim3_FLoat16_NHWC
  Scalar slope(0.01, ACL_DOUBLE);
  test::Tensor b = Make({2, 2, 2}, ACL_BF16, ACL_FORMAT_NHWC), b2 = Make({2, 2, 2}, ACL_BF16, ACL_FORMAT_NHWC);
  test::Tensor b3 = Make({2, 2, 2}, ACL_BF16, ACL_FORMAT_NHWC);
  EXPECT_TRUE(Accepts(b.get(), b2.get(), slope.get(), true, b3.get()));
}

// ---- checks beyond the table ------------------------------------------------------------------

TEST(LeakyReluBackwardChecks, UpstreamsOrder) {
  test::RuntimeSession session;
  Scalar slope(0.01);
  test::Tensor f = Make({2, 3}), i32 = Make({2, 3}, ACL_INT32);
  // Null: gradOutput, self, negativeSlope, out.
  EXPECT_TRUE(RejectsWith(nullptr, nullptr, nullptr, false, nullptr, ACLNN_ERR_PARAM_NULLPTR, "gradOutput"));
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), nullptr, false, nullptr, ACLNN_ERR_PARAM_NULLPTR, "negativeSlope"));
  // The scalar's own list, after both tensors', with the tensor message.
  Scalar u32(3, ACL_UINT32), c64(1, ACL_COMPLEX64), i64(-2, ACL_INT64), b(1, ACL_BOOL);
  EXPECT_TRUE(
      RejectsWith(f.get(), f.get(), u32.get(), false, f.get(), ACLNN_ERR_PARAM_INVALID,
                  "Tensor negativeSlope not implemented for DT_UINT32, should be in dtype support list "
                  "[DT_FLOAT,DT_FLOAT16,DT_DOUBLE,DT_INT32,DT_INT64,DT_INT8,DT_UINT8,DT_BOOL,DT_INT16,DT_BF16,]."));
  EXPECT_TRUE(RejectsWith(f.get(), i32.get(), u32.get(), false, f.get(), ACLNN_ERR_PARAM_INVALID, "Tensor self"));
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), c64.get(), false, f.get(), ACLNN_ERR_PARAM_INVALID, "negativeSlope"));
  EXPECT_TRUE(Accepts(f.get(), f.get(), b.get(), true, f.get()));
  // A negative integer slope with selfIsResult; the flag alone, and -0 and NaN, pass.
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), i64.get(), true, f.get(), ACLNN_ERR_PARAM_INVALID,
                          "negativeSlope: [-2.000000e+00], selfIsResult: [1]"));
  EXPECT_TRUE(Accepts(f.get(), f.get(), i64.get(), false, f.get()));
  Scalar minus_zero(-0.0), nan(std::numeric_limits<double>::quiet_NaN()), tiny(-1e-300, ACL_DOUBLE);
  EXPECT_TRUE(Accepts(f.get(), f.get(), minus_zero.get(), true, f.get()));
  EXPECT_TRUE(Accepts(f.get(), f.get(), nan.get(), true, f.get()));
  // ToDouble, not ToFloat: a double slope that is -0 as a float is still negative.
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), tiny.get(), true, f.get(), ACLNN_ERR_PARAM_INVALID, "[-1.000000e-300]"));
  // Rank before broadcast; broadcast before the out shape, the slope check and the cast.
  test::Tensor nine = Make({1, 1, 1, 1, 1, 1, 1, 1, 3}), g = Make({4, 1}), x = Make({3}), x2 = Make({2});
  EXPECT_TRUE(RejectsWith(f.get(), nine.get(), slope.get(), false, f.get(), ACLNN_ERR_PARAM_INVALID,
                          "The self tensor cannot be larger than 8 dimensions."));
  EXPECT_TRUE(RejectsWith(f.get(), x2.get(), i64.get(), true, i32.get(), ACLNN_ERR_PARAM_INVALID,
                          "The size of tensor gradOutput [2, 3] must match the size of tensor self [2]."));
  test::Tensor o43 = Make({4, 3}), o3 = Make({3});
  EXPECT_TRUE(Accepts(g.get(), x.get(), slope.get(), false, o43.get()));
  EXPECT_TRUE(RejectsWith(g.get(), x.get(), i64.get(), true, o3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Shape of out should be [4, 3], but current is [3]."));
  // out: any dtype the promoted one casts to (not an integer one).
  test::Tensor o_i32 = Make({4, 3}, ACL_INT32), o_h = Make({4, 3}, ACL_FLOAT16), o_d = Make({4, 3}, ACL_DOUBLE);
  EXPECT_TRUE(RejectsWith(g.get(), x.get(), slope.get(), false, o_i32.get(), ACLNN_ERR_PARAM_INVALID,
                          "Result type DT_FLOAT can't be cast to the desired output type DT_INT32."));
  EXPECT_TRUE(Accepts(g.get(), x.get(), slope.get(), false, o_h.get()));
  EXPECT_TRUE(Accepts(g.get(), x.get(), slope.get(), false, o_d.get()));
  // Complex out passes upstream's checks; the host has no Cast to it.
  test::Tensor o_c = Make({4, 3}, ACL_COMPLEX64);
  EXPECT_TRUE(RejectsWith(g.get(), x.get(), slope.get(), false, o_c.get(), ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                          "LeakyReluGrad has no host kernel from DT_FLOAT to DT_COMPLEX64."));
}

TEST(LeakyReluBackwardChecks, WorkspaceAndBf16BySoc) {
  // 950's AscendC tiling (the broadcast template) asks for 16 MiB; the TBE and AI CPU kernels none.
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    Scalar slope(0.01);
    test::Tensor f = Make({2, 3}), d = Make({2, 3}, ACL_DOUBLE);
    uint64_t workspace = 1;
    EXPECT_TRUE(Accepts(f.get(), f.get(), slope.get(), false, f.get(), &workspace));
    EXPECT_EQ(workspace, test::ContiguousCallWorkspace(soc.soc, !soc.tbe, test::kA2LibraryWorkspace, 24)) << soc.soc;
    EXPECT_TRUE(Accepts(d.get(), d.get(), slope.get(), false, d.get(), &workspace));
    EXPECT_EQ(workspace, test::ContiguousCallWorkspace(soc.soc, false, 0, 48)) << soc.soc;
  }
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    Scalar slope(0.01), bf16_slope(1, ACL_BF16);
    test::Tensor b = Make({4}, ACL_BF16), f = Make({4});
    EXPECT_TRUE(RejectsWith(b.get(), b.get(), slope.get(), false, b.get(), ACLNN_ERR_PARAM_INVALID,
                            "should be in dtype support list [DT_FLOAT,DT_FLOAT16,DT_DOUBLE,]."))
        << soc;
    EXPECT_TRUE(RejectsWith(f.get(), f.get(), bf16_slope.get(), false, f.get(), ACLNN_ERR_PARAM_INVALID,
                            "Tensor negativeSlope not implemented for DT_BF16"))
        << soc;
    EXPECT_TRUE(Accepts(f.get(), f.get(), slope.get(), false, f.get())) << soc;
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(LeakyReluBackwardValues, TheDocExampleAndEachSequence) {
  const Operand g = Dense({4}, ACL_FLOAT,
                          {reference::Bits(2.0f), reference::Bits(3.0f), reference::Bits(4.0f), reference::Bits(5.0f)});
  const Operand x = Dense({4}, ACL_FLOAT,
                          {reference::Bits(1.0f), reference::Bits(2.0f), reference::Bits(3.0f), reference::Bits(4.0f)});
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // g = inf at x = 2 (x > 0); g = 3 at x = -0, NaN, a subnormal 2^-127 and -inf.
  const Operand g2 = Dense({5}, ACL_FLOAT,
                           {reference::Bits(inf), reference::Bits(3.0f), reference::Bits(3.0f), reference::Bits(3.0f),
                            reference::Bits(3.0f)});
  const Operand x2 =
      Dense({5}, ACL_FLOAT,
            {reference::Bits(2.0f), reference::Bits(-0.0f), reference::Bits(nan), 0x00400000u, reference::Bits(-inf)});
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    EXPECT_EQ(RunGrad(g, x, ACL_FLOAT, {4}, 0.01f, session.stream()), g.raw) << soc.soc;
    const std::vector<uint32_t> y = RunGrad(g2, x2, ACL_FLOAT, {5}, 0.5f, session.stream());
    ExpectReference(soc, g2, x2, ACL_FLOAT, {5}, 0.5f, y);
    EXPECT_EQ(y[1], reference::Bits(1.5f)) << soc.soc;  // -0 is not > 0
    EXPECT_EQ(y[4], reference::Bits(1.5f)) << soc.soc;
    if (!IsA1(soc)) {
      EXPECT_EQ(y[0], reference::Bits(inf)) << soc.soc;
      EXPECT_EQ(y[2], reference::Bits(1.5f)) << soc.soc;  // NaN is not > 0: the product
      // 950 flushes the subnormal self to 0 (the product); TBE keeps it (> 0: g).
      EXPECT_EQ(y[3], reference::Bits(soc.tbe ? 3.0f : 1.5f)) << soc.soc;
    } else {
      EXPECT_EQ(y[0], 0x7F7FFFFFu);  // Ascend910 runs saturated: inf becomes the largest float
      // Ascend910's scaling: x = 2^-127 gives the step 1/2, so g * (0.5 * 0.5 + 0.5).
      EXPECT_EQ(y[3], reference::Bits(2.25f));
    }
  }
}

TEST(LeakyReluBackwardValues, Fp16SlopeOnTbeOnly) {
  // g = 3 at x = -1, slope 0.1: 950 rounds the fp32 product 0.30000001 to fp16 0x34CD; TBE holds the
  // slope in fp16 (0.0999755859375), whose product 0.2999267578125 is a tie that rounds to even, 0x34CC.
  const Operand g = Dense({1}, ACL_FLOAT16, {0x4200u}), x = Dense({1}, ACL_FLOAT16, {0xBC00u});
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const uint32_t want = soc.tbe ? 0x34CCu : 0x34CDu;
    EXPECT_EQ(RunGrad(g, x, ACL_FLOAT16, {1}, 0.1f, session.stream())[0], want) << soc.soc;
    // With an fp32 out the kernel still narrows to fp16 first (the Cast follows).
    EXPECT_EQ(RunGrad(g, x, ACL_FLOAT, {1}, 0.1f, session.stream())[0], reference::Bits(reference::HalfToFloat(want)))
        << soc.soc;
  }
}

class LeakyReluBackwardEverySixteenBitSelf : public ::testing::TestWithParam<SocCase> {};

TEST_P(LeakyReluBackwardEverySixteenBitSelf, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::mt19937 rng(41);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  const float slopes[] = {
      0.01f, -0.3f, 0.0f, 1.7f, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()};
  for (aclDataType self_dtype : {ACL_FLOAT16, ACL_BF16}) {
    if (self_dtype == ACL_BF16 && !soc.bf16) continue;
    for (aclDataType grad_dtype : {self_dtype, ACL_FLOAT}) {
      for (float slope : slopes) {
        const Operand x = Dense({65536}, self_dtype, all);
        const Operand g = Dense({65536}, grad_dtype, RandomRaw(all.size(), grad_dtype, &rng));
        for (aclDataType out : {grad_dtype, self_dtype}) {
          ExpectReference(soc, g, x, out, {65536}, slope, RunGrad(g, x, out, {65536}, slope, session.stream()));
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, LeakyReluBackwardEverySixteenBitSelf, ::testing::ValuesIn(kSocs),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });

TEST(LeakyReluBackwardValues, Fp32RandomBitsAndBroadcast) {
  std::mt19937 rng(43);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const Operand g = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    Operand x = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    for (size_t i = 0; i < x.raw.size(); i += 4) x.raw[i] &= 0x807FFFFFu;  // subnormals and zeros
    for (float slope : {0.01f, -2.5f, 3e38f}) {
      for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16}) {
        ExpectReference(soc, g, x, out, {1 << 16}, slope, RunGrad(g, x, out, {1 << 16}, slope, session.stream()));
      }
    }
    // gradOutput [3, 1, 5] against self [4, 1], both roles, mixed dtypes.
    const Operand gb = Dense({3, 1, 5}, ACL_FLOAT16, RandomRaw(15, ACL_FLOAT16, &rng));
    const Operand xb = Dense({4, 1}, ACL_FLOAT, RandomRaw(4, ACL_FLOAT, &rng));
    ExpectReference(soc, gb, xb, ACL_FLOAT, {3, 4, 5}, 0.2f,
                    RunGrad(gb, xb, ACL_FLOAT, {3, 4, 5}, 0.2f, session.stream()));
    ExpectReference(soc, xb, gb, ACL_FLOAT16, {3, 4, 5}, 0.2f,
                    RunGrad(xb, gb, ACL_FLOAT16, {3, 4, 5}, 0.2f, session.stream()));
  }
}

// ---- DOUBLE: upstream's AI CPU kernel, and the Casts to and from DOUBLE around it ------------------

TEST(LeakyReluBackwardValues, DoubleAndItsCasts) {
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    // case_different_dtype: fp16 gradOutput, DOUBLE self, DOUBLE out.
    const std::vector<uint16_t> grads = {0x3C00u, 0xC000u, 0x7C00u, 0x3555u};  // 1, -2, inf, 0.333...
    const std::vector<double> selves = {1.0, -1.0, -3.0, 0.0};
    test::DeviceBuffer g(grads.size() * 2), x(selves.size() * 8), y(selves.size() * 8), yf(selves.size() * 2);
    g.Upload(grads);
    x.Upload(selves);
    test::Layout gl, xl, yl, yfl;
    gl.view = xl.view = yl.view = yfl.view = {4};
    gl.dtype = ACL_FLOAT16;
    xl.dtype = yl.dtype = ACL_DOUBLE;
    yfl.dtype = ACL_FLOAT16;
    test::Tensor gt(gl, g.get()), xt(xl, x.get()), yt(yl, y.get()), yft(yfl, yf.get());
    Scalar slope(0.1);  // an fp32 scalar: the kernel's attribute is 0.1f
    for (test::Tensor* out : {&yt, &yft}) {
      uint64_t workspace_size = 7;
      aclOpExecutor* executor = nullptr;
      ASSERT_EQ(aclnnLeakyReluBackwardGetWorkspaceSize(gt.get(), xt.get(), slope.get(), false, out->get(),
                                                       &workspace_size, &executor),
                ACLNN_SUCCESS)
          << test::TakeErrorMessage();
      ASSERT_EQ(
          aclnnLeakyReluBackward(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
          ACLNN_SUCCESS)
          << test::TakeErrorMessage();
      ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
    }
    const double slope_f = static_cast<double>(0.1f);
    const std::vector<double> got = y.Download<double>(4);
    EXPECT_EQ(got[0], 1.0);
    EXPECT_EQ(got[1], -2.0 * slope_f);
    EXPECT_TRUE(std::isinf(got[2]) && got[2] > 0);
    EXPECT_EQ(got[3], static_cast<double>(reference::HalfToFloat(0x3555u)) * slope_f);
    // The Cast from DOUBLE to fp16 rounds once: -0.2000000029802322 -> 0xB266.
    const std::vector<uint16_t> narrowed = yf.Download<uint16_t>(4);
    EXPECT_EQ(narrowed[0], 0x3C00u);
    EXPECT_EQ(narrowed[1], 0xB266u);
    EXPECT_EQ(narrowed[2], soc.numerics.saturate ? 0x7BFFu : 0x7C00u);  // the profile's overflow mode
  }
}

TEST(LeakyReluBackwardValues, DoubleToHalfRoundsOnce) {
  // 1 + 2^-11 + 2^-40 is just above the fp16 tie between 1 and 1 + 2^-10: one rounding goes up;
  // rounding to fp32 first (1 + 2^-11, a tie) and then to fp16 would go down to 1.
  test::RuntimeSession session("Ascend950PR");
  const std::vector<double> grads = {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40), -65519.0, -65520.0};
  const std::vector<double> selves = {1.0, 1.0, 1.0};
  test::DeviceBuffer g(24), x(24), y(6);
  g.Upload(grads);
  x.Upload(selves);
  test::Layout dl, hl;
  dl.view = hl.view = {3};
  dl.dtype = ACL_DOUBLE;
  hl.dtype = ACL_FLOAT16;
  test::Tensor gt(dl, g.get()), xt(dl, x.get()), yt(hl, y.get());
  Scalar slope(0.5);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnLeakyReluBackwardGetWorkspaceSize(gt.get(), xt.get(), slope.get(), true, yt.get(), &workspace_size,
                                                   &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclnnLeakyReluBackward(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<uint16_t> got = y.Download<uint16_t>(3);
  EXPECT_EQ(got[0], 0x3C01u);
  EXPECT_EQ(got[1], 0xFBFFu);  // -65504
  EXPECT_EQ(got[2], 0xFC00u);  // -inf
}
