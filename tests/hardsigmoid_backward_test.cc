// aclnnHardsigmoidBackward (docs/upstream/hardsigmoid-threshold-hardtanh.md §3): upstream's unit-test
// table, its checks in order (out only castable from the promotion, not in the list), the BF16
// gate, and values against the independent reference on both kernels — 950's fp32 test of
// 0 < x * alpha + beta < 1 and TBE's |x| < 3 with an fp16 alpha for fp16 — for every 16-bit self,
// promoted dtype pairs and the Cast to another out dtype.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardsigmoid_backward.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/binary_op.h"
#include "support/phase_one.h"

namespace {

using reference::Format;
using test::Dense;
using test::FormatOf;
using test::kSocs;
using test::Operand;
using test::Promoted;
using test::RandomRaw;
using test::SocCase;

constexpr const char* kPhaseOne = "aclnnHardsigmoidBackwardGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  return test::Tensor(layout, nullptr);
}

test::PhaseOneResult PhaseOne(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnHardsigmoidBackwardGetWorkspaceSize(grad, self, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(const aclTensor* grad, const aclTensor* self, aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  return test::Rejected(PhaseOne(grad, self, out), kPhaseOne, code, phrase);
}

::testing::AssertionResult Accepts(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  const test::PhaseOneResult result = PhaseOne(grad, self, out);
  test::Discard(result.executor);
  if (!test::Accepted(result)) return test::Accepted(result);
  return ::testing::AssertionSuccess();
}

std::vector<uint32_t> RunGrad(const Operand& grad, const Operand& self, aclDataType out_dtype,
                              const std::vector<int64_t>& out_view, aclrtStream stream) {
  return test::RunBinaryOp(aclnnHardsigmoidBackwardGetWorkspaceSize, aclnnHardsigmoidBackward, grad, self, out_dtype,
                           out_view, stream);
}

void ExpectReference(const SocCase& soc, const Operand& grad, const Operand& self, aclDataType out_dtype,
                     const std::vector<uint32_t>& got) {
  const Format k = FormatOf(Promoted(grad.layout.dtype, self.layout.dtype));
  int mismatches = 0;
  for (size_t i = 0; i < got.size() && mismatches < 3; ++i) {
    const uint32_t want =
        reference::HardsigmoidGradElement(grad.raw[i], FormatOf(grad.layout.dtype), self.raw[i],
                                          FormatOf(self.layout.dtype), k, FormatOf(out_dtype), soc.tbe, soc.numerics);
    if (!reference::SameResult(got[i], want, FormatOf(out_dtype))) {
      ++mismatches;
      ADD_FAILURE() << soc.soc << " " << grad.layout.dtype << "," << self.layout.dtype << " -> " << out_dtype
                    << " element " << i << " (g 0x" << std::hex << grad.raw[i] << ", x 0x" << self.raw[i] << "): got 0x"
                    << got[i] << ", want 0x" << want;
    }
  }
}

}  // namespace

// ---- upstream's unit-test table (test_aclnn_hardsigmoid_backward.cpp) ------------------------------

TEST(HardsigmoidBackwardUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  test::Tensor f = Make({2, 3}), f2 = Make({2, 3}), f3 = Make({2, 3});
  EXPECT_TRUE(RejectsWith(nullptr, f2.get(), f3.get(), ACLNN_ERR_PARAM_NULLPTR, "argument gradOutput."));
  EXPECT_TRUE(RejectsWith(f.get(), nullptr, f3.get(), ACLNN_ERR_PARAM_NULLPTR, "argument self."));
  EXPECT_TRUE(RejectsWith(f.get(), f2.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR, "argument out."));
  test::Tensor i32 = Make({2, 3}, ACL_INT32), b8 = Make({2, 3}, ACL_BOOL);
  EXPECT_TRUE(RejectsWith(i32.get(), f2.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT32, should be in dtype support list "
                          "[DT_FLOAT,DT_BF16,DT_FLOAT16,]."));
  EXPECT_TRUE(RejectsWith(f.get(), i32.get(), f3.get(), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented"));
  EXPECT_TRUE(RejectsWith(f.get(), b8.get(), f3.get(), ACLNN_ERR_PARAM_INVALID, "DT_BOOL"));
  test::Tensor nine = Make({2, 3, 1, 1, 1, 1, 1, 1, 1});
  EXPECT_TRUE(RejectsWith(f.get(), nine.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "The self tensor cannot be larger than 8 dimensions."));
  EXPECT_TRUE(RejectsWith(nine.get(), f2.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradOutput tensor cannot be larger than 8 dimensions."));
  test::Tensor f231 = Make({2, 3, 1});
  EXPECT_TRUE(RejectsWith(f231.get(), f2.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for self to have same size as tensor for gradOutput, but [2, 3] does not "
                          "equal [2, 3, 1]."));
  EXPECT_TRUE(RejectsWith(f.get(), f2.get(), f231.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for self to have same size as tensor for out"));
  for (const std::vector<int64_t>& empty : std::vector<std::vector<int64_t>>{{0}, {2, 0, 3}}) {
    test::Tensor a = Make(empty), b = Make(empty), c = Make(empty);
    EXPECT_TRUE(Accepts(a.get(), b.get(), c.get()));
  }
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    test::Tensor a = Make({2, 3}, dtype), b = Make({2, 3}, dtype), c = Make({2, 3}, dtype);
    EXPECT_TRUE(Accepts(a.get(), b.get(), c.get())) << dtype;
  }
  test::Tensor h = Make({2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(Accepts(h.get(), f2.get(), f3.get()));  // grad_float16_self_float_nd
  test::Layout transposed;                            // self_transpose
  transposed.view = {2, 3};
  transposed.strides = {2, 1};
  transposed.storage = {3, 2};
  test::Tensor t(transposed, nullptr);
  EXPECT_TRUE(Accepts(f.get(), t.get(), f3.get()));
}

// ---- checks beyond the table ------------------------------------------------------------------

TEST(HardsigmoidBackwardChecks, OutIsOnlyCastableFromThePromotion) {
  test::RuntimeSession session;
  test::Tensor f = Make({2, 3}), h = Make({2, 3}, ACL_FLOAT16), b = Make({2, 3}, ACL_BF16);
  // out is not checked against the list: any dtype the promotion casts to passes the checks.
  test::Tensor i32 = Make({2, 3}, ACL_INT32), b8 = Make({2, 3}, ACL_BOOL), d = Make({2, 3}, ACL_DOUBLE);
  EXPECT_TRUE(RejectsWith(h.get(), b.get(), i32.get(), ACLNN_ERR_PARAM_INVALID,
                          "Result type DT_FLOAT can't be cast to the desired output type DT_INT32."));
  EXPECT_TRUE(RejectsWith(h.get(), h.get(), b8.get(), ACLNN_ERR_PARAM_INVALID,
                          "Result type DT_FLOAT16 can't be cast to the desired output type DT_BOOL."));
  // ... before the ranks and shapes.
  test::Tensor nine_i32 = Make({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_INT32);
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), nine_i32.get(), ACLNN_ERR_PARAM_INVALID, "can't be cast"));
  // A DOUBLE out passes upstream's checks (its Cast runs on the AI CPU, here in double); a complex
  // one too, but the host has no such Cast: "not supported", never a crash.
  EXPECT_TRUE(Accepts(f.get(), f.get(), d.get()));
  test::Tensor c = Make({2, 3}, ACL_COMPLEX64);
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), c.get(), ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                          "HardSigmoidGrad has no host kernel from DT_FLOAT to DT_COMPLEX64."));
  // Every float pair and out dtype of the list.
  for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    test::Tensor o = Make({2, 3}, out);
    EXPECT_TRUE(Accepts(h.get(), b.get(), o.get())) << out;
    EXPECT_TRUE(Accepts(b.get(), f.get(), o.get())) << out;
  }
  // An empty call ends after the shapes; the promotion's castability came first.
  test::Tensor e = Make({0}), e32 = Make({0}, ACL_INT32), e2 = Make({1, 0});
  EXPECT_TRUE(RejectsWith(e.get(), e.get(), e32.get(), ACLNN_ERR_PARAM_INVALID, "can't be cast"));
  EXPECT_TRUE(RejectsWith(e.get(), e2.get(), e.get(), ACLNN_ERR_PARAM_INVALID, "same size"));
}

TEST(HardsigmoidBackwardChecks, Bf16On910B910_93And950Only) {
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16), f = Make({4});
    EXPECT_TRUE(RejectsWith(f.get(), b.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                            "Tensor self not implemented for DT_BF16, should be in dtype support list "
                            "[DT_FLOAT,DT_FLOAT16,]."))
        << soc;
    EXPECT_TRUE(Accepts(f.get(), f.get(), f.get())) << soc;
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(HardsigmoidBackwardValues, TheDocExampleAndTheBoundaries) {
  std::vector<uint32_t> values;
  for (float v : {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f}) values.push_back(reference::Bits(v));
  const Operand g = Dense({4, 2}, ACL_FLOAT, values), x = Dense({4, 2}, ACL_FLOAT, values);
  const float alpha = reference::FromBits(0x3E2AAAABu);
  const std::vector<uint32_t> want = {0u, reference::Bits(alpha), reference::Bits(2.0f * alpha), 0u, 0u, 0u, 0u, 0u};
  // x = 3 - 1 ulp: 950's t = x * alpha + beta rounds to 1 (out of the open interval: +0); TBE's
  // |x| < 3 holds (g * alpha). x = -3: t = 0 and |x| = 3, +0 on both; a NaN self gives +0.
  const float below3 = std::nextafter(3.0f, 0.0f);
  const Operand g2 = Dense({3}, ACL_FLOAT, {reference::Bits(6.0f), reference::Bits(6.0f), reference::Bits(6.0f)});
  const Operand x2 = Dense(
      {3}, ACL_FLOAT,
      {reference::Bits(below3), reference::Bits(-3.0f), reference::Bits(std::numeric_limits<float>::quiet_NaN())});
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    EXPECT_EQ(RunGrad(g, x, ACL_FLOAT, {4, 2}, session.stream()), want) << soc.soc;
    const std::vector<uint32_t> y = RunGrad(g2, x2, ACL_FLOAT, {3}, session.stream());
    EXPECT_EQ(y[0], soc.tbe ? reference::Bits(6.0f * alpha) : 0u) << soc.soc;
    EXPECT_EQ(y[1], 0u) << soc.soc;
    EXPECT_EQ(y[2], 0u) << soc.soc;
  }
}

class HardsigmoidBackwardEverySixteenBitSelf : public ::testing::TestWithParam<SocCase> {};

TEST_P(HardsigmoidBackwardEverySixteenBitSelf, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::mt19937 rng(23);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  for (aclDataType self_dtype : {ACL_FLOAT16, ACL_BF16}) {
    if (self_dtype == ACL_BF16 && !soc.bf16) continue;
    for (aclDataType grad_dtype : {self_dtype, ACL_FLOAT}) {
      const Operand x = Dense({65536}, self_dtype, all);
      const Operand g = Dense({65536}, grad_dtype, RandomRaw(all.size(), grad_dtype, &rng));
      for (aclDataType out : {self_dtype, ACL_FLOAT}) {
        ExpectReference(soc, g, x, out, RunGrad(g, x, out, {65536}, session.stream()));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, HardsigmoidBackwardEverySixteenBitSelf, ::testing::ValuesIn(kSocs),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });

TEST(HardsigmoidBackwardValues, Fp32RandomBitsAndGradsNearTheRange) {
  std::mt19937 rng(29);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    Operand x = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    // Half the selves in (-4, 4), where the kernels' conditions are decided.
    for (size_t i = 0; i < x.raw.size(); i += 2) {
      x.raw[i] = reference::Bits(std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng));
    }
    const Operand g = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16}) {
      ExpectReference(soc, g, x, out, RunGrad(g, x, out, {1 << 16}, session.stream()));
    }
  }
}
