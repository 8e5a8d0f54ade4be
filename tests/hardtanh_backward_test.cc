// aclnnHardtanhBackward (docs/upstream/hardsigmoid-threshold-hardtanh.md §7): upstream's unit-test
// table, its checks in order with aclnn-host's refusal of an out of another dtype or shape, 950's
// system workspace, and values against the independent reference on its three sequences: 950's
// Select, TBE's product and the Ascend910 TBE kernel's clamp-and-divide approximation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardtanh_backward.h"
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
using test::RandomRaw;
using test::SocCase;

constexpr const char* kPhaseOne = "aclnnHardtanhBackwardGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, nullptr);
}

using test::Scalar;

test::PhaseOneResult PhaseOne(const aclTensor* grad, const aclTensor* self, const aclScalar* min, const aclScalar* max,
                              aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnHardtanhBackwardGetWorkspaceSize(grad, self, min, max, out, workspace_size, executor);
  });
}

/// Phase one with min -1 and max 1 (upstream's UT values).
::testing::AssertionResult RejectsWith(const aclTensor* grad, const aclTensor* self, aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  Scalar min(-1.0f), max(1.0f);
  return test::Rejected(PhaseOne(grad, self, min.get(), max.get(), out), kPhaseOne, code, phrase);
}

/// Phase one succeeds; `*workspace` gets its workspace size.
::testing::AssertionResult Accepts(const aclTensor* grad, const aclTensor* self, aclTensor* out,
                                   uint64_t* workspace = nullptr) {
  Scalar min(-1.0f), max(1.0f);
  const test::PhaseOneResult result = PhaseOne(grad, self, min.get(), max.get(), out);
  test::Discard(result.executor);
  if (workspace != nullptr) *workspace = result.workspace_size;
  return test::Accepted(result);
}

std::vector<uint32_t> RunGrad(const Operand& grad, const Operand& self, float min, float max, aclrtStream stream) {
  Scalar min_scalar(min), max_scalar(max);
  return test::RunBinaryOp(
      [&](const aclTensor* g, const aclTensor* x, aclTensor* y, uint64_t* workspace_size, aclOpExecutor** executor) {
        return aclnnHardtanhBackwardGetWorkspaceSize(g, x, min_scalar.get(), max_scalar.get(), y, workspace_size,
                                                     executor);
      },
      aclnnHardtanhBackward, grad, self, grad.layout.dtype, grad.layout.view, stream);
}

bool IsA1(const SocCase& soc) { return std::string(soc.soc) == "Ascend910A"; }

void ExpectReference(const SocCase& soc, const Operand& grad, const Operand& self, float min, float max,
                     const std::vector<uint32_t>& got) {
  const Format format = FormatOf(grad.layout.dtype);
  int mismatches = 0;
  for (size_t i = 0; i < got.size() && mismatches < 3; ++i) {
    const uint32_t want =
        reference::HardtanhGradElement(grad.raw[i], self.raw[i], format, min, max, soc.tbe, IsA1(soc), soc.numerics);
    if (!reference::SameResult(got[i], want, format)) {
      ++mismatches;
      ADD_FAILURE() << soc.soc << " " << grad.layout.dtype << " [" << min << ", " << max << "] element " << i
                    << " (g 0x" << std::hex << grad.raw[i] << ", x 0x" << self.raw[i] << "): got 0x" << got[i]
                    << ", want 0x" << want;
    }
  }
}

}  // namespace

// ---- upstream's unit-test table (test_aclnn_hardtanh_backward.cpp; min -1, max 1) ------------------

TEST(HardtanhBackwardUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    test::Tensor g = Make({2, 3}, dtype), x = Make({2, 3}, dtype), o = Make({2, 3}, dtype);
    EXPECT_TRUE(Accepts(g.get(), x.get(), o.get())) << dtype;
  }
  for (aclDataType dtype : {ACL_INT64, ACL_INT16, ACL_INT8, ACL_UINT8, ACL_COMPLEX64, ACL_COMPLEX128}) {
    test::Tensor g = Make({2, 3}, dtype), x = Make({2, 3}, dtype), o = Make({2, 3}, dtype);
    EXPECT_TRUE(RejectsWith(g.get(), x.get(), o.get(), ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput not implemented"))
        << dtype;
  }
  for (aclFormat format : {ACL_FORMAT_NHWC, ACL_FORMAT_NCHW, ACL_FORMAT_HWCN, ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC}) {
    test::Tensor g = Make({2, 3}, ACL_FLOAT, format), x = Make({2, 3}, ACL_FLOAT, format);
    test::Tensor o = Make({2, 3}, ACL_FLOAT, format);
    EXPECT_TRUE(Accepts(g.get(), x.get(), o.get())) << format;
  }
  test::Tensor e = Make({0, 3}), e2 = Make({0, 3}), e3 = Make({0, 3});
  EXPECT_TRUE(Accepts(e.get(), e2.get(), e3.get()));
  test::Tensor f = Make({2, 3}), f2 = Make({2, 3}), f3 = Make({2, 3});
  EXPECT_TRUE(RejectsWith(nullptr, f2.get(), f3.get(), ACLNN_ERR_PARAM_NULLPTR, "argument gradOutput."));
  EXPECT_TRUE(RejectsWith(f.get(), nullptr, f3.get(), ACLNN_ERR_PARAM_NULLPTR, "argument self."));
  EXPECT_TRUE(RejectsWith(f.get(), f2.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR, "argument out."));
  test::Tensor i64 = Make({2, 3}, ACL_INT64), h = Make({2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(i64.get(), f2.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT64, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_BF16,]."));
  EXPECT_TRUE(RejectsWith(f.get(), i64.get(), f3.get(), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented"));
  EXPECT_TRUE(RejectsWith(f.get(), h.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput expected dtype is DT_FLOAT16 but found DT_FLOAT."));
  test::Tensor f13 = Make({1, 3});
  EXPECT_TRUE(RejectsWith(f.get(), f13.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradOutput to have same size as tensor for self, but [2, 3] does not "
                          "equal [1, 3]."));
  test::Tensor n1 = Make({7, 9, 11, 3, 4, 6, 9, 2, 2}), n2 = Make({7, 9, 11, 3, 4, 6, 9, 2, 2});
  test::Tensor n3 = Make({7, 9, 11, 3, 4, 6, 9, 2, 2});
  EXPECT_TRUE(RejectsWith(n1.get(), n2.get(), n3.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradOutput tensor cannot be larger than 8 dimensions."));
}

// ---- checks beyond the table ------------------------------------------------------------------

TEST(HardtanhBackwardChecks, NullOrderOutAndWorkspace) {
  test::RuntimeSession session;
  test::Tensor f = Make({2, 3});
  Scalar one(1.0f);
  // self before gradOutput; the scalars after out, min before max.
  EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, nullptr, nullptr, nullptr, nullptr), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument self."));
  EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), f.get(), nullptr, nullptr, nullptr), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "argument out."));
  EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), f.get(), nullptr, nullptr, f.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "Expected a value of type number for argument min but instead found type null."));
  EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), f.get(), one.get(), nullptr, f.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_NULLPTR, "argument max but instead"));
  // out's dtype and shape, which upstream leaves unchecked, are refused after its checks.
  test::Tensor h = Make({2, 3}, ACL_FLOAT16), wide = Make({2, 4}), nine = Make({1, 1, 1, 1, 1, 1, 1, 1, 6});
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), h.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16."));
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), wide.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for out to have same size as tensor for self, but [2, 4] does not equal "
                          "[2, 3]."));
  EXPECT_TRUE(RejectsWith(f.get(), f.get(), nine.get(), ACLNN_ERR_PARAM_INVALID, "same size"));
  // ... but not for an empty call, which upstream ends before.
  test::Tensor e = Make({0, 3}), eh = Make({5}, ACL_FLOAT16);
  EXPECT_TRUE(Accepts(e.get(), e.get(), eh.get()));
}

TEST(HardtanhBackwardChecks, TheAscendCTilingsSystemWorkspace) {
  // 950's AscendC tiling asks for a 16 MiB system workspace; the TBE kernels for none.
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    test::Tensor f = Make({2, 3});
    uint64_t workspace = 1;
    EXPECT_TRUE(Accepts(f.get(), f.get(), f.get(), &workspace));
    EXPECT_EQ(workspace, test::ContiguousCallWorkspace(soc.soc, !soc.tbe, test::kA2LibraryWorkspace, 24)) << soc.soc;
  }
}

TEST(HardtanhBackwardChecks, Bf16ByNpuArch) {
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16), f = Make({4});
    EXPECT_TRUE(RejectsWith(b.get(), b.get(), b.get(), ACLNN_ERR_PARAM_INVALID,
                            "should be in dtype support list [DT_FLOAT,DT_FLOAT16,]."))
        << soc;
    EXPECT_TRUE(Accepts(f.get(), f.get(), f.get())) << soc;
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(HardtanhBackwardValues, TheDocExampleAndEachSequence) {
  std::vector<uint32_t> grads, selves, want;
  for (float v : {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f}) grads.push_back(reference::Bits(v));
  for (float v : {1.0f, 1.0f, 1.0f, 2.0f, 1.0f, 2.0f, 3.0f, 3.0f}) selves.push_back(reference::Bits(v));
  for (float v : {0.0f, 0.0f, 0.0f, 3.0f, 0.0f, 5.0f, 0.0f, 0.0f}) want.push_back(reference::Bits(v));
  const Operand g = Dense({4, 2}, ACL_FLOAT, grads), x = Dense({4, 2}, ACL_FLOAT, selves);
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // Outside the range: g = -2 and g = inf; a NaN self; a self 1 ulp inside max.
  const Operand g2 = Dense(
      {4}, ACL_FLOAT, {reference::Bits(-2.0f), reference::Bits(inf), reference::Bits(5.0f), reference::Bits(8.0f)});
  const Operand x2 = Dense({4}, ACL_FLOAT,
                           {reference::Bits(3.0f), reference::Bits(-3.0f), reference::Bits(nan),
                            reference::Bits(std::nextafter(1.0f, 0.0f))});
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const std::vector<uint32_t> doc = RunGrad(g, x, 1.2f, 2.4f, session.stream());
    for (size_t i = 0; i < doc.size(); ++i) {
      // Ascend910's approximation gives -0 where (t - max) * (t - min) is -0: equal as values.
      if (IsA1(soc)) {
        EXPECT_EQ(reference::FromBits(doc[i]), reference::FromBits(want[i])) << i;
      } else {
        EXPECT_EQ(doc[i], want[i]) << soc.soc << " " << i;
      }
    }
    const std::vector<uint32_t> y = RunGrad(g2, x2, -1.0f, 1.0f, session.stream());
    if (!soc.tbe) {  // 950: a Select
      EXPECT_EQ(y, (std::vector<uint32_t>{0u, 0u, reference::Bits(5.0f), reference::Bits(8.0f)}));
    } else if (!IsA1(soc)) {  // TBE: a product
      EXPECT_EQ(y[0], reference::Bits(-0.0f));
      EXPECT_TRUE(reference::IsNan(y[1], Format::kFp32));
      EXPECT_EQ(y[2], reference::Bits(5.0f));
      EXPECT_EQ(y[3], reference::Bits(8.0f));
    } else {  // Ascend910: near the bound, m / (m + 1e-10) is not 1; a NaN self gives NaN (saturated: 0)
      EXPECT_EQ(y[0], reference::Bits(-0.0f));
      EXPECT_EQ(y[2], 0u);
      EXPECT_NE(y[3], reference::Bits(8.0f));
      EXPECT_NEAR(reference::FromBits(y[3]), 8.0f, 0.01f);  // m = -1.2e-7: m / (m + 1e-10) = 1.00084
    }
  }
}

class HardtanhBackwardEverySixteenBitSelf : public ::testing::TestWithParam<SocCase> {};

TEST_P(HardtanhBackwardEverySixteenBitSelf, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::mt19937 rng(31);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  const float bounds[][2] = {{-1.0f, 1.0f}, {-0.3f, 2.5f}, {0.0f, 0.0f}, {2.0f, -2.0f}, {-1e-6f, 1e-6f}};
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    if (dtype == ACL_BF16 && !soc.bf16) continue;
    const Operand x = Dense({65536}, dtype, all);
    const Operand g = Dense({65536}, dtype, RandomRaw(all.size(), dtype, &rng));
    for (const auto& b : bounds) ExpectReference(soc, g, x, b[0], b[1], RunGrad(g, x, b[0], b[1], session.stream()));
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, HardtanhBackwardEverySixteenBitSelf, ::testing::ValuesIn(kSocs),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });

TEST(HardtanhBackwardValues, Fp32RandomBits) {
  std::mt19937 rng(37);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    Operand x = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    for (size_t i = 0; i < x.raw.size(); i += 2) {
      x.raw[i] = reference::Bits(std::uniform_real_distribution<float>(-1.5f, 1.5f)(rng));
    }
    const Operand g = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    ExpectReference(soc, g, x, -1.0f, 1.0f, RunGrad(g, x, -1.0f, 1.0f, session.stream()));
  }
}
