// aclnnHardshrink and aclnnSoftshrink (docs/upstream/shrink.md §1, §3): upstream's unit-test
// tables, the checks and their messages (lambd's scalar null message, Hardshrink's clamp and
// Softshrink's refusal of a negative lambd, Softshrink's BF16 gate), and every fp16 and bf16
// input for several lambdas on each kernel (950's AscendC, the TBE one elsewhere) against the
// independent reference, with the Cast to another out dtype.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardshrink.h"
#include "aclnnop/aclnn_shrink.h"
#include "aclnnop/aclnn_softshrink.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"
#include "support/scalar.h"

namespace {

using reference::Format;
using reference::ShrinkOp;

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  return test::Tensor(layout, data);
}

using test::Scalar;

const char* PhaseOneName(ShrinkOp op) {
  return op == ShrinkOp::kHard ? "aclnnHardshrinkGetWorkspaceSize" : "aclnnSoftshrinkGetWorkspaceSize";
}

test::PhaseOneResult PhaseOne(ShrinkOp op, const aclTensor* self, const aclScalar* lambd, aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return op == ShrinkOp::kHard ? aclnnHardshrinkGetWorkspaceSize(self, lambd, out, workspace_size, executor)
                                 : aclnnSoftshrinkGetWorkspaceSize(self, lambd, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(ShrinkOp op, const aclTensor* self, const aclScalar* lambd, aclTensor* out,
                                       aclnnStatus code, const std::string& phrase) {
  return test::Rejected(PhaseOne(op, self, lambd, out), PhaseOneName(op), code, phrase);
}

::testing::AssertionResult Accepts(ShrinkOp op, const aclTensor* self, const aclScalar* lambd, aclTensor* out) {
  const test::PhaseOneResult result = PhaseOne(op, self, lambd, out);
  test::Discard(result.executor);
  if (!test::Accepted(result)) return test::Accepted(result);
  return ::testing::AssertionSuccess();
}

size_t SizeOf(aclDataType dtype) { return dtype == ACL_FLOAT ? 4 : 2; }

Format FormatOf(aclDataType dtype) {
  return dtype == ACL_FLOAT ? Format::kFp32 : dtype == ACL_FLOAT16 ? Format::kFp16 : Format::kBf16;
}

/// Runs the op on 1-D raw elements (as uint32) from `in` to `out` dtype.
std::vector<uint32_t> RunShrink(ShrinkOp op, aclDataType in, aclDataType out, const std::vector<uint32_t>& selfs,
                                float lambda, aclrtStream stream) {
  const size_t n = selfs.size();
  std::vector<uint8_t> host(n * SizeOf(in));
  for (size_t i = 0; i < n; ++i) std::memcpy(&host[i * SizeOf(in)], &selfs[i], SizeOf(in));
  test::DeviceBuffer x(host.size()), y(n * SizeOf(out));
  x.Upload(host);
  test::Tensor xt = Make({static_cast<int64_t>(n)}, in, x.get());
  test::Tensor yt = Make({static_cast<int64_t>(n)}, out, y.get());
  Scalar lambd(lambda);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  if (op == ShrinkOp::kHard) {
    EXPECT_EQ(aclnnHardshrinkGetWorkspaceSize(xt.get(), lambd.get(), yt.get(), &workspace_size, &executor),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
    EXPECT_EQ(aclnnHardshrink(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  } else {
    EXPECT_EQ(aclnnSoftshrinkGetWorkspaceSize(xt.get(), lambd.get(), yt.get(), &workspace_size, &executor),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
    EXPECT_EQ(aclnnSoftshrink(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  const std::vector<uint8_t> raw = y.Download<uint8_t>(n * SizeOf(out));
  std::vector<uint32_t> result(n, 0);
  for (size_t i = 0; i < n; ++i) std::memcpy(&result[i], &raw[i * SizeOf(out)], SizeOf(out));
  return result;
}

class ShrinkUpstream : public ::testing::TestWithParam<ShrinkOp> {};

}  // namespace

// ---- the upstream unit-test tables (test_aclnn_hardshrink.cpp, test_aclnn_softshrink.cpp) ----------

TEST_P(ShrinkUpstream, Cases) {
  const ShrinkOp op = GetParam();
  test::RuntimeSession session;  // Ascend910B3
  Scalar one(1.0f);
  const std::vector<int64_t> shape = {5, 6, 7};
  for (auto [in, out] : std::vector<std::pair<aclDataType, aclDataType>>{{ACL_FLOAT16, ACL_FLOAT16},   // 1
                                                                         {ACL_FLOAT, ACL_FLOAT},       // 2
                                                                         {ACL_BF16, ACL_BF16},         // 3
                                                                         {ACL_FLOAT16, ACL_FLOAT},     // 5
                                                                         {ACL_FLOAT, ACL_FLOAT16}}) {  // 6
    test::Tensor self = Make(shape, in), result = Make(shape, out);
    EXPECT_TRUE(Accepts(op, self.get(), one.get(), result.get())) << in << " -> " << out;
  }
  test::Tensor d = Make(shape, ACL_DOUBLE), h = Make(shape, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(op, d.get(), one.get(), d.get(), ACLNN_ERR_PARAM_INVALID,  // 4
                          "Tensor self not implemented for DT_DOUBLE, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_BF16,]."));
  EXPECT_TRUE(RejectsWith(op, d.get(), one.get(), h.get(), ACLNN_ERR_PARAM_INVALID, "DT_DOUBLE"));  // 7
  for (const std::vector<int64_t>& ok : std::vector<std::vector<int64_t>>{
           {5}, {5, 5}, {5, 6, 7, 8}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5, 6, 7, 8}, {1, 2, 3, 0, 4}}) {  // 8-12, 17
    test::Tensor t = Make(ok), u = Make(ok);
    EXPECT_TRUE(Accepts(op, t.get(), one.get(), u.get()));
  }
  test::Tensor nine = Make({1, 2, 3, 4, 5, 6, 7, 8, 1});
  EXPECT_TRUE(RejectsWith(op, nine.get(), one.get(), nine.get(), ACLNN_ERR_PARAM_INVALID,  // 13
                          "The self tensor cannot be larger than 8 dimensions."));
  test::Layout strided;  // 14
  strided.view = {1, 3, 4};
  strided.strides = {12, 1, 3};
  strided.storage = {1, 4, 3};
  test::Tensor s(strided, nullptr), s_out(strided, nullptr);
  EXPECT_TRUE(Accepts(op, s.get(), one.get(), s_out.get()));
  test::Tensor f = Make({5, 5});
  EXPECT_TRUE(RejectsWith(op, nullptr, one.get(), f.get(), ACLNN_ERR_PARAM_NULLPTR,  // 15
                          "Expected a proper Tensor but got null for argument self."));
  EXPECT_TRUE(RejectsWith(op, f.get(), nullptr, f.get(), ACLNN_ERR_PARAM_NULLPTR,  // 16
                          "Expected a value of type number for argument lambd but instead found type null."));
  test::Tensor a13 = Make({1, 3}), a21 = Make({2, 1}), a333 = Make({3, 3, 3}), a33 = Make({3, 3});
  EXPECT_TRUE(RejectsWith(op, a13.get(), one.get(), a21.get(), ACLNN_ERR_PARAM_INVALID,  // 18
                          "Expected tensor for self to have same size as tensor for out, but [1, 3] does not equal "
                          "[2, 1]."));
  EXPECT_TRUE(RejectsWith(op, a333.get(), one.get(), a33.get(), ACLNN_ERR_PARAM_INVALID, "same size"));  // 19
  for (float lambda : {0.0f, 100.0f, 10.0f}) {                                                           // 24, 25, 26
    Scalar l(lambda);
    test::Tensor t = Make({1, 2, 3, 4, 5}), u = Make({1, 2, 3, 4, 5});
    EXPECT_TRUE(Accepts(op, t.get(), l.get(), u.get()));
  }
}

INSTANTIATE_TEST_SUITE_P(Ops, ShrinkUpstream, ::testing::Values(ShrinkOp::kHard, ShrinkOp::kSoft),
                         [](const ::testing::TestParamInfo<ShrinkOp>& info) {
                           return std::string(info.param == ShrinkOp::kHard ? "Hardshrink" : "Softshrink");
                         });

// ---- checks beyond the tables -----------------------------------------------------------------

TEST(ShrinkChecks, TheShapeIsCheckedBeforeTheRankAndTheOutNull) {
  test::RuntimeSession session;
  Scalar one(1.0f);
  test::Tensor f = Make({2, 3});
  for (ShrinkOp op : {ShrinkOp::kHard, ShrinkOp::kSoft}) {
    EXPECT_TRUE(RejectsWith(op, f.get(), one.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR, "argument out."));
    // A 9-D self with a 9-D out of another shape reports the shape first.
    test::Tensor nine = Make({1, 1, 1, 1, 1, 1, 1, 1, 2}), other = Make({1, 1, 1, 1, 1, 1, 1, 1, 3});
    EXPECT_TRUE(RejectsWith(op, nine.get(), one.get(), other.get(), ACLNN_ERR_PARAM_INVALID, "same size"));
    test::Tensor i32 = Make({2, 3}, ACL_INT32);
    EXPECT_TRUE(RejectsWith(op, f.get(), one.get(), i32.get(), ACLNN_ERR_PARAM_INVALID,
                            "Tensor out not implemented for DT_INT32"));
  }
}

TEST(ShrinkChecks, HardshrinkClampsANegativeLambdaSoftshrinkRefusesIt) {
  test::RuntimeSession session;
  test::Tensor f = Make({2, 3});
  Scalar negative(-0.5f), negative_int(-2.0, ACL_INT64), nan(std::numeric_limits<float>::quiet_NaN());
  EXPECT_TRUE(Accepts(ShrinkOp::kHard, f.get(), negative.get(), f.get()));
  EXPECT_TRUE(RejectsWith(ShrinkOp::kSoft, f.get(), negative.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "lambd should be greater or equal to 0, but found to be [-0.500000]."));
  EXPECT_TRUE(RejectsWith(ShrinkOp::kSoft, f.get(), negative_int.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "found to be [-2.000000]."));
  EXPECT_TRUE(Accepts(ShrinkOp::kSoft, f.get(), nan.get(), f.get()));  // NaN < 0 is false
  // After the shape: a negative lambd with mismatched shapes reports the shape.
  test::Tensor g = Make({3, 2});
  EXPECT_TRUE(RejectsWith(ShrinkOp::kSoft, f.get(), negative.get(), g.get(), ACLNN_ERR_PARAM_INVALID, "same size"));
  // Hardshrink's clamp: with lambd -0.5 nothing but zeros is zeroed.
  const std::vector<uint32_t> y =
      RunShrink(ShrinkOp::kHard, ACL_FLOAT, ACL_FLOAT,
                {reference::Bits(0.25f), reference::Bits(-0.0f), reference::Bits(-1.0f)}, -0.5f, session.stream());
  EXPECT_EQ(y, (std::vector<uint32_t>{reference::Bits(0.25f), 0u, reference::Bits(-1.0f)}));
}

TEST(ShrinkChecks, Bf16ListsPerSoc) {
  Scalar one(1.0f);
  {
    // Hardshrink lists BF16 everywhere but Ascend910 and 310P; Softshrink refuses it first with
    // its own message on every SoC outside 910B..910E.
    test::RuntimeSession session("Ascend310B1");
    test::Tensor b = Make({4}, ACL_BF16), f = Make({4});
    EXPECT_TRUE(Accepts(ShrinkOp::kHard, b.get(), one.get(), b.get()));
    EXPECT_TRUE(RejectsWith(ShrinkOp::kSoft, f.get(), one.get(), b.get(), ACLNN_ERR_PARAM_INVALID,
                            "bfloat16 dtype is unsupported by the current SOC version [Ascend310B], self dtype is "
                            "DT_FLOAT and out dtype is DT_BF16"));
  }
  for (const char* soc : {"Ascend910A", "Ascend310P3"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(RejectsWith(ShrinkOp::kHard, b.get(), one.get(), b.get(), ACLNN_ERR_PARAM_INVALID,
                            "should be in dtype support list [DT_FLOAT,DT_FLOAT16,]."))
        << soc;
    EXPECT_TRUE(RejectsWith(ShrinkOp::kSoft, b.get(), one.get(), b.get(), ACLNN_ERR_PARAM_INVALID,
                            "bfloat16 dtype is unsupported by the current SOC version"))
        << soc;
  }
  {
    test::RuntimeSession session("Ascend950PR");
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(Accepts(ShrinkOp::kSoft, b.get(), one.get(), b.get()));
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(ShrinkValues, TheDocExamples) {
  test::RuntimeSession session;
  std::vector<uint32_t> x;
  for (float v : {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f}) x.push_back(reference::Bits(v));
  const std::vector<uint32_t> hard = RunShrink(ShrinkOp::kHard, ACL_FLOAT, ACL_FLOAT, x, 0.5f, session.stream());
  const std::vector<uint32_t> soft = RunShrink(ShrinkOp::kSoft, ACL_FLOAT, ACL_FLOAT, x, 0.5f, session.stream());
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(hard[i], 0u);  // +0: 0.5 <= 0.5 is in the dead zone
    EXPECT_EQ(soft[i], 0u);
  }
  EXPECT_EQ(hard[5], reference::Bits(0.6f));
  EXPECT_EQ(soft[5], reference::Bits(0.6f - 0.5f));  // 0.100000024f
  EXPECT_EQ(soft[7], reference::Bits(0.8f - 0.5f));
}

TEST(ShrinkValues, NaNAndLambdaEdges) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<uint32_t> x = {reference::Bits(nan), reference::Bits(-0.0f), reference::Bits(inf),
                                   reference::Bits(-inf), reference::Bits(2.0f)};
  {
    test::RuntimeSession session("Ascend950PR");
    // Softshrink: NaN -> +0, -0 -> +0, +-inf shift; NaN lambda: everything +0.
    std::vector<uint32_t> y = RunShrink(ShrinkOp::kSoft, ACL_FLOAT, ACL_FLOAT, x, 1.0f, session.stream());
    EXPECT_EQ(y, (std::vector<uint32_t>{0u, 0u, reference::Bits(inf), reference::Bits(-inf), reference::Bits(1.0f)}));
    y = RunShrink(ShrinkOp::kSoft, ACL_FLOAT, ACL_FLOAT, x, nan, session.stream());
    EXPECT_EQ(y, (std::vector<uint32_t>(5, 0u)));
    // Hardshrink: NaN passes, -0 -> +0; a NaN lambda zeroes nothing.
    y = RunShrink(ShrinkOp::kHard, ACL_FLOAT, ACL_FLOAT, x, 1.0f, session.stream());
    EXPECT_TRUE(reference::IsNan(y[0], Format::kFp32));
    EXPECT_EQ(y[1], 0u);
    y = RunShrink(ShrinkOp::kHard, ACL_FLOAT, ACL_FLOAT, x, nan, session.stream());
    EXPECT_EQ(y[1], reference::Bits(-0.0f));
  }
  {
    // TBE Softshrink with a NaN lambda fails every compare: x passes, -0 included (NaN is
    // scrubbed to 0 first).
    test::RuntimeSession session("Ascend910B3");
    const std::vector<uint32_t> y = RunShrink(ShrinkOp::kSoft, ACL_FLOAT, ACL_FLOAT, x, nan, session.stream());
    EXPECT_EQ(y, (std::vector<uint32_t>{0u, reference::Bits(-0.0f), reference::Bits(inf), reference::Bits(-inf),
                                        reference::Bits(2.0f)}));
  }
}

TEST(ShrinkValues, Fp16LambdaIsRoundedOnlyByTheTbeKernel) {
  // lambda 0.3 is fp16 0.300048828 (0x34CD): x = that fp16 value is zeroed by the TBE kernel
  // (|x| <= fp16(lambda)) and kept by 950's (|x| > 0.3f).
  const uint32_t x = 0x34CDu;
  {
    test::RuntimeSession session("Ascend910B3");
    EXPECT_EQ(RunShrink(ShrinkOp::kHard, ACL_FLOAT16, ACL_FLOAT16, {x}, 0.3f, session.stream())[0], 0u);
  }
  {
    test::RuntimeSession session("Ascend950PR");
    EXPECT_EQ(RunShrink(ShrinkOp::kHard, ACL_FLOAT16, ACL_FLOAT16, {x}, 0.3f, session.stream())[0], x);
  }
}

struct SocCase {
  const char* soc;
  bool tbe;
  reference::Numerics numerics;
  bool bf16;
};

class ShrinkEverySixteenBitValue : public ::testing::TestWithParam<SocCase> {};

TEST_P(ShrinkEverySixteenBitValue, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  const float lambdas[] = {0.5f,
                           0.3f,
                           0.0f,
                           1e-8f,
                           70000.0f,
                           std::numeric_limits<float>::infinity(),
                           std::numeric_limits<float>::quiet_NaN()};
  for (ShrinkOp op : {ShrinkOp::kHard, ShrinkOp::kSoft}) {
    for (aclDataType in : {ACL_FLOAT16, ACL_BF16}) {
      if (in == ACL_BF16 && !soc.bf16) continue;
      for (aclDataType out : {in, ACL_FLOAT}) {
        for (float lambda : lambdas) {
          const std::vector<uint32_t> y = RunShrink(op, in, out, all, lambda, session.stream());
          int mismatches = 0;
          for (uint32_t i = 0; i < all.size() && mismatches < 3; ++i) {
            const uint32_t want =
                reference::ShrinkElement(op, i, FormatOf(in), FormatOf(out), lambda, soc.tbe, soc.numerics);
            if (!reference::SameResult(y[i], want, FormatOf(out))) {
              ++mismatches;
              ADD_FAILURE() << soc.soc << (op == ShrinkOp::kHard ? " hardshrink" : " softshrink") << " " << in << " -> "
                            << out << " lambda " << lambda << " input 0x" << std::hex << i << ": got 0x" << y[i]
                            << ", want 0x" << want;
            }
          }
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, ShrinkEverySixteenBitValue,
                         ::testing::Values(SocCase{"Ascend950PR", false, {false, true}, true},
                                           SocCase{"Ascend910B3", true, {false, false}, true},
                                           SocCase{"Ascend910A", true, {true, false}, false}),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });

TEST(ShrinkValues, Fp32RandomBitsOnBothKernels) {
  std::mt19937 rng(11);
  std::vector<uint32_t> x(1 << 16);
  for (uint32_t& v : x) v = rng();
  for (float v : {0.5f, -0.5f, 0.49999997f, -0.50000006f, 1e-40f, -1e-40f}) x.push_back(reference::Bits(v));
  for (const SocCase& soc :
       {SocCase{"Ascend950PR", false, {false, true}, true}, SocCase{"Ascend910B3", true, {false, false}, true}}) {
    test::RuntimeSession session(soc.soc);
    for (ShrinkOp op : {ShrinkOp::kHard, ShrinkOp::kSoft}) {
      for (float lambda : {0.5f, 1e-38f, 3.0e38f}) {
        for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16}) {
          const std::vector<uint32_t> y = RunShrink(op, ACL_FLOAT, out, x, lambda, session.stream());
          int mismatches = 0;
          for (size_t i = 0; i < x.size() && mismatches < 3; ++i) {
            const uint32_t want =
                reference::ShrinkElement(op, x[i], Format::kFp32, FormatOf(out), lambda, soc.tbe, soc.numerics);
            if (!reference::SameResult(y[i], want, FormatOf(out))) {
              ++mismatches;
              ADD_FAILURE() << soc.soc << " op " << static_cast<int>(op) << " lambda " << lambda << " input 0x"
                            << std::hex << x[i] << ": got 0x" << y[i] << ", want 0x" << want;
            }
          }
        }
      }
    }
  }
}

// ---- aclnnShrink (docs/upstream/shrink.md §5) ------------------------------------------------------

namespace {

test::PhaseOneResult ShrinkPhaseOne(const aclTensor* self, const aclScalar* lambd, const aclScalar* bias,
                                    aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnShrinkGetWorkspaceSize(self, lambd, bias, out, workspace_size, executor);
  });
}

constexpr const char* kShrinkPhaseOne = "aclnnShrinkGetWorkspaceSize";

std::vector<uint32_t> RunOnnxShrink(aclDataType in, aclDataType out, const std::vector<uint32_t>& selfs, float lambda,
                                    float bias, aclrtStream stream) {
  const size_t n = selfs.size();
  std::vector<uint8_t> host(n * SizeOf(in));
  for (size_t i = 0; i < n; ++i) std::memcpy(&host[i * SizeOf(in)], &selfs[i], SizeOf(in));
  test::DeviceBuffer x(host.size()), y(n * SizeOf(out));
  x.Upload(host);
  test::Tensor xt = Make({static_cast<int64_t>(n)}, in, x.get());
  test::Tensor yt = Make({static_cast<int64_t>(n)}, out, y.get());
  Scalar lambd(lambda), b(bias);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnShrinkGetWorkspaceSize(xt.get(), lambd.get(), b.get(), yt.get(), &workspace_size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclnnShrink(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  const std::vector<uint8_t> raw = y.Download<uint8_t>(n * SizeOf(out));
  std::vector<uint32_t> result(n, 0);
  for (size_t i = 0; i < n; ++i) std::memcpy(&result[i], &raw[i * SizeOf(out)], SizeOf(out));
  return result;
}

}  // namespace

TEST(OnnxShrinkUpstream, Cases) {
  test::RuntimeSession session;
  Scalar one(1.0f), zero(0.0f);
  const std::vector<int64_t> shape = {5, 6, 7};
  for (auto [in, out] : std::vector<std::pair<aclDataType, aclDataType>>{
           {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT16}}) {
    test::Tensor self = Make(shape, in), result = Make(shape, out);  // 1-4
    const test::PhaseOneResult r = ShrinkPhaseOne(self.get(), one.get(), zero.get(), result.get());
    EXPECT_TRUE(test::Accepted(r)) << in << " -> " << out;
    test::Discard(r.executor);
  }
  test::Tensor d = Make(shape, ACL_DOUBLE);
  EXPECT_TRUE(test::Rejected(ShrinkPhaseOne(d.get(), one.get(), zero.get(), d.get()), kShrinkPhaseOne,  // 5
                             ACLNN_ERR_PARAM_INVALID,
                             "Tensor self not implemented for DT_DOUBLE, should be in dtype support list "
                             "[DT_FLOAT,DT_FLOAT16,]."));
  test::Tensor f55 = Make({5, 5});
  EXPECT_TRUE(test::Rejected(ShrinkPhaseOne(nullptr, one.get(), zero.get(), f55.get()), kShrinkPhaseOne,  // 6
                             ACLNN_ERR_PARAM_NULLPTR, "argument self."));
}

TEST(OnnxShrinkChecks, ScalarsFormatsAndNoRankLimit) {
  test::RuntimeSession session("Ascend950PR");
  Scalar one(1.0f), zero(0.0f), negative(-1.0f), nan(std::numeric_limits<float>::quiet_NaN());
  test::Tensor f = Make({2, 3});
  EXPECT_TRUE(test::Rejected(ShrinkPhaseOne(f.get(), one.get(), nullptr, f.get()), kShrinkPhaseOne,
                             ACLNN_ERR_PARAM_NULLPTR,
                             "Expected a value of type number for argument bias but instead found type null."));
  EXPECT_TRUE(test::Rejected(ShrinkPhaseOne(f.get(), negative.get(), zero.get(), f.get()), kShrinkPhaseOne,
                             ACLNN_ERR_PARAM_INVALID,
                             "lambd should be greater or equal to 0, but found to be [-1.000000]."));
  test::PhaseOneResult r = ShrinkPhaseOne(f.get(), nan.get(), nan.get(), f.get());  // NaN passes; bias unchecked
  EXPECT_TRUE(test::Accepted(r));
  test::Discard(r.executor);
  test::Tensor b = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(test::Rejected(ShrinkPhaseOne(b.get(), one.get(), zero.get(), b.get()), kShrinkPhaseOne,
                             ACLNN_ERR_PARAM_INVALID, "not implemented for DT_BF16"));
  test::Layout nchw;
  nchw.view = {2, 3};
  nchw.format = ACL_FORMAT_NCHW;
  test::Tensor n(nchw, nullptr);
  EXPECT_TRUE(test::Rejected(ShrinkPhaseOne(f.get(), one.get(), zero.get(), n.get()), kShrinkPhaseOne,
                             ACLNN_ERR_PARAM_INVALID,
                             "Format of input and output should be equal, self [ND], output [NCHW]."));
  test::Tensor nine = Make({1, 1, 1, 1, 1, 1, 1, 1, 2});
  r = ShrinkPhaseOne(nine.get(), one.get(), zero.get(), nine.get());
  EXPECT_TRUE(test::Accepted(r));  // no OP_CHECK_MAX_DIM in aclnnShrink
  test::Discard(r.executor);
}

TEST(OnnxShrinkValues, TheDocExampleAndTheKernelsDifferences) {
  std::vector<uint32_t> x;
  for (float v : {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f}) x.push_back(reference::Bits(v));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<uint32_t> edge = {reference::Bits(-0.5f), reference::Bits(nan), reference::Bits(-2.0f)};
  {
    test::RuntimeSession session("Ascend950PR");
    const std::vector<uint32_t> y = RunOnnxShrink(ACL_FLOAT, ACL_FLOAT, x, 0.5f, 0.0f, session.stream());
    for (size_t i = 0; i < 5; ++i) EXPECT_EQ(y[i], 0u);
    EXPECT_EQ(y[7], reference::Bits(0.8f));
    // 950: the dead zone is +0, NaN gives +0, x = -b gives +0.
    EXPECT_EQ(RunOnnxShrink(ACL_FLOAT, ACL_FLOAT, edge, 1.0f, 2.0f, session.stream()),
              (std::vector<uint32_t>{0u, 0u, 0u}));
  }
  {
    // TBE: sign(x) * (|x| - b): the dead zone below 0 and x = -b give -0; NaN stays NaN.
    test::RuntimeSession session("Ascend910B3");
    const std::vector<uint32_t> y = RunOnnxShrink(ACL_FLOAT, ACL_FLOAT, edge, 1.0f, 2.0f, session.stream());
    EXPECT_EQ(y[0], reference::Bits(-0.0f));
    EXPECT_TRUE(reference::IsNan(y[1], Format::kFp32));
    EXPECT_EQ(y[2], reference::Bits(-0.0f));
  }
}

TEST_P(ShrinkEverySixteenBitValue, OnnxShrinkMatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::pair<float, float> cases[] = {{0.5f, 0.0f}, {0.3f, 0.1f}, {0.0f, -1.5f}, {1.0f, 1e-3f},
                                           {1e4f, 7.0f}, {nan, 1.0f},  {1.0f, nan}};
  for (aclDataType out : {ACL_FLOAT16, ACL_FLOAT}) {
    for (auto [lambda, bias] : cases) {
      const std::vector<uint32_t> y = RunOnnxShrink(ACL_FLOAT16, out, all, lambda, bias, session.stream());
      int mismatches = 0;
      for (uint32_t i = 0; i < all.size() && mismatches < 3; ++i) {
        const uint32_t want =
            reference::OnnxShrinkElement(i, Format::kFp16, FormatOf(out), lambda, bias, soc.tbe, soc.numerics);
        if (!reference::SameResult(y[i], want, FormatOf(out))) {
          ++mismatches;
          ADD_FAILURE() << soc.soc << " shrink fp16 -> " << out << " lambda " << lambda << " bias " << bias
                        << " input 0x" << std::hex << i << ": got 0x" << y[i] << ", want 0x" << want;
        }
      }
    }
  }
}

TEST(OnnxShrinkValues, Fp32RandomBitsOnBothKernels) {
  std::mt19937 rng(13);
  std::vector<uint32_t> x(1 << 16);
  for (uint32_t& v : x) v = rng();
  for (float v : {0.5f, -0.5f, 1.5f, -1.5f, 0.0f, -0.0f}) x.push_back(reference::Bits(v));
  for (const SocCase& soc :
       {SocCase{"Ascend950PR", false, {false, true}, true}, SocCase{"Ascend910B3", true, {false, false}, true}}) {
    test::RuntimeSession session(soc.soc);
    for (auto [lambda, bias] : {std::pair<float, float>{0.5f, 1.5f}, {1e-38f, -1e-38f}, {3e38f, 3e38f}}) {
      const std::vector<uint32_t> y = RunOnnxShrink(ACL_FLOAT, ACL_FLOAT, x, lambda, bias, session.stream());
      int mismatches = 0;
      for (size_t i = 0; i < x.size() && mismatches < 3; ++i) {
        const uint32_t want =
            reference::OnnxShrinkElement(x[i], Format::kFp32, Format::kFp32, lambda, bias, soc.tbe, soc.numerics);
        if (!reference::SameResult(y[i], want, Format::kFp32)) {
          ++mismatches;
          ADD_FAILURE() << soc.soc << " lambda " << lambda << " bias " << bias << " input 0x" << std::hex << x[i]
                        << ": got 0x" << y[i] << ", want 0x" << want;
        }
      }
    }
  }
}
