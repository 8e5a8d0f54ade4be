// aclnnHardshrinkBackward and aclnnSoftshrinkBackward (docs/upstream/shrink.md §2, §4), the
// family's broadcasting and promoting ops: upstream's unit-test tables, their checks in order
// (Hardshrink's empty exit before the broadcast check, Softshrink's after it), the dtype lists per
// SoC, and values against the independent reference — every 16-bit self on both kernels (950's
// and TBE's), promoted dtype pairs, broadcast and strided operands, and (Hardshrink) the Cast to
// another gradInput dtype.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardshrink_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
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
using test::RunBinaryOp;
using test::SocCase;
using test::SourceIndex;

/// The two ops share their arguments: (gradOutput, self, lambd, gradInput).
enum class GradOp { kHard, kSoft };
constexpr GradOp kHard = GradOp::kHard;
constexpr GradOp kSoft = GradOp::kSoft;

const char* PhaseOneName(GradOp op) {
  return op == kHard ? "aclnnHardshrinkBackwardGetWorkspaceSize" : "aclnnSoftshrinkBackwardGetWorkspaceSize";
}

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  return test::Tensor(layout, data);
}

using test::Scalar;

aclnnStatus CallPhaseOne(GradOp op, const aclTensor* grad, const aclTensor* self, const aclScalar* lambd,
                         aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  return op == kHard ? aclnnHardshrinkBackwardGetWorkspaceSize(grad, self, lambd, out, workspace_size, executor)
                     : aclnnSoftshrinkBackwardGetWorkspaceSize(grad, self, lambd, out, workspace_size, executor);
}

test::PhaseOneResult PhaseOne(GradOp op, const aclTensor* grad, const aclTensor* self, const aclScalar* lambd,
                              aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return CallPhaseOne(op, grad, self, lambd, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(GradOp op, const aclTensor* grad, const aclTensor* self, const aclScalar* lambd,
                                       aclTensor* out, aclnnStatus code, const std::string& phrase) {
  return test::Rejected(PhaseOne(op, grad, self, lambd, out), PhaseOneName(op), code, phrase);
}

::testing::AssertionResult Accepts(GradOp op, const aclTensor* grad, const aclTensor* self, const aclScalar* lambd,
                                   aclTensor* out) {
  const test::PhaseOneResult result = PhaseOne(op, grad, self, lambd, out);
  test::Discard(result.executor);
  if (!test::Accepted(result)) return test::Accepted(result);
  return ::testing::AssertionSuccess();
}

/// Runs both phases of `op`; gradInput is a dense `out_view` of `out_dtype`.
std::vector<uint32_t> RunGrad(GradOp op, const Operand& grad, const Operand& self, aclDataType out_dtype,
                              const std::vector<int64_t>& out_view, float lambda, aclrtStream stream) {
  Scalar lambd(lambda);
  return RunBinaryOp(
      [&](const aclTensor* g, const aclTensor* x, aclTensor* y, uint64_t* workspace_size, aclOpExecutor** executor) {
        return CallPhaseOne(op, g, x, lambd.get(), y, workspace_size, executor);
      },
      op == kHard ? aclnnHardshrinkBackward : aclnnSoftshrinkBackward, grad, self, out_dtype, out_view, stream);
}

/// Compares `got` with the reference element by element (at most three failures reported).
void ExpectReference(GradOp op, const SocCase& soc, const Operand& grad, const Operand& self, aclDataType out_dtype,
                     const std::vector<int64_t>& out_view, float lambda, const std::vector<uint32_t>& got) {
  const Format k = FormatOf(Promoted(grad.layout.dtype, self.layout.dtype));
  int mismatches = 0;
  for (int64_t i = 0; i < static_cast<int64_t>(got.size()) && mismatches < 3; ++i) {
    const uint32_t g = grad.raw[static_cast<size_t>(SourceIndex(grad, out_view, i))];
    const uint32_t x = self.raw[static_cast<size_t>(SourceIndex(self, out_view, i))];
    const Format g_format = FormatOf(grad.layout.dtype), x_format = FormatOf(self.layout.dtype);
    const uint32_t want =
        op == kHard ? reference::HardshrinkGradElement(g, g_format, x, x_format, k, FormatOf(out_dtype), lambda,
                                                       soc.tbe, soc.numerics)
                    : reference::SoftshrinkGradElement(g, g_format, x, x_format, k, lambda, soc.tbe, soc.numerics);
    if (!reference::SameResult(got[static_cast<size_t>(i)], want, FormatOf(out_dtype))) {
      ++mismatches;
      ADD_FAILURE() << soc.soc << (op == kHard ? " hardshrink" : " softshrink") << " " << grad.layout.dtype << ","
                    << self.layout.dtype << " -> " << out_dtype << " lambda " << lambda << " element " << i << " (g 0x"
                    << std::hex << g << ", x 0x" << x << "): got 0x" << got[static_cast<size_t>(i)] << ", want 0x"
                    << want;
    }
  }
}

}  // namespace

// ---- upstream's unit-test table (test_aclnn_hardshrink_backward.cpp; lambd 8.0f) -----------------

TEST(HardshrinkBackwardUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  Scalar lambd(8.0f);
  test::Tensor g = Make({1, 1, 4, 4}), x = Make({1, 1, 4, 4}), out = Make({1, 1, 4, 4});
  EXPECT_TRUE(Accepts(kHard, g.get(), x.get(), lambd.get(), out.get()));                           // normal
  EXPECT_TRUE(RejectsWith(kHard, g.get(), x.get(), lambd.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR,  // nullptr
                          "Expected a proper Tensor but got null for argument gradInput."));
  EXPECT_TRUE(RejectsWith(kHard, g.get(), x.get(), nullptr, out.get(), ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a value of type number for argument lambd but instead found type null."));
  EXPECT_TRUE(RejectsWith(kHard, g.get(), nullptr, lambd.get(), out.get(), ACLNN_ERR_PARAM_NULLPTR, "argument self."));
  EXPECT_TRUE(
      RejectsWith(kHard, nullptr, x.get(), lambd.get(), out.get(), ACLNN_ERR_PARAM_NULLPTR, "argument gradOutput."));
  test::Tensor h = Make({1, 1, 4, 4}, ACL_FLOAT16), h2 = Make({1, 1, 4, 4}, ACL_FLOAT16);
  test::Tensor h3 = Make({1, 1, 4, 4}, ACL_FLOAT16);
  EXPECT_TRUE(Accepts(kHard, h.get(), h2.get(), lambd.get(), h3.get()));  // dtype_float16
  test::Tensor d = Make({1, 1, 4, 4}, ACL_DOUBLE);
  EXPECT_TRUE(RejectsWith(kHard, d.get(), d.get(), lambd.get(), d.get(), ACLNN_ERR_PARAM_INVALID,  // dtype_double
                          "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list "
                          "[DT_BF16,DT_FLOAT,DT_FLOAT16,]."));
  EXPECT_TRUE(Accepts(kHard, g.get(), h.get(), lambd.get(), h2.get()));  // promote_dtype: FLOAT -> out FLOAT16
  test::Tensor h1114 = Make({1, 1, 1, 4}, ACL_FLOAT16);
  EXPECT_TRUE(Accepts(kHard, g.get(), h1114.get(), lambd.get(), out.get()));  // broadcast_succ
  test::Tensor h1113 = Make({1, 1, 1, 3}, ACL_FLOAT16), h1113_out = Make({1, 1, 1, 3}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(kHard, g.get(), h1113.get(), lambd.get(), h1113_out.get(), ACLNN_ERR_PARAM_INVALID,  // fail
                          "The size of tensor gradOutput [1, 1, 4, 4] must match the size of tensor self "
                          "[1, 1, 1, 3]."));
  test::Tensor empty = Make({0}), h1114_out = Make({1, 1, 1, 4}, ACL_FLOAT16);
  EXPECT_TRUE(Accepts(kHard, empty.get(), h1114.get(), lambd.get(), h1114_out.get()));  // empty_tensor
  test::Layout strided;                                                                 // not_contiguous
  strided.view = {2, 4};
  strided.strides = {1, 2};
  strided.storage = {4, 2};
  test::Tensor sg(strided, nullptr), sx(strided, nullptr), so(strided, nullptr);
  EXPECT_TRUE(Accepts(kHard, sg.get(), sx.get(), lambd.get(), so.get()));
}

// ---- checks beyond the table ------------------------------------------------------------------

TEST(HardshrinkBackwardChecks, UpstreamsOrder) {
  test::RuntimeSession session;
  Scalar lambd(0.5f);
  test::Tensor f = Make({2, 3}), i32 = Make({2, 3}, ACL_INT32);
  // Each input's dtype, then gradInput's, before any rank or shape.
  test::Tensor nine_i32 = Make({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_INT32);
  EXPECT_TRUE(RejectsWith(kHard, f.get(), nine_i32.get(), lambd.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_INT32"));
  EXPECT_TRUE(RejectsWith(kHard, f.get(), f.get(), lambd.get(), i32.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradInput not implemented for DT_INT32"));
  // The rank of each operand before the broadcast.
  test::Tensor nine = Make({1, 1, 1, 1, 1, 1, 1, 1, 2});
  EXPECT_TRUE(RejectsWith(kHard, f.get(), f.get(), lambd.get(), nine.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradInput tensor cannot be larger than 8 dimensions."));
  // An empty input ends phase one before the shapes are compared (upstream's case_empty_tensor).
  test::Tensor empty = Make({3, 0}), other = Make({5, 7});
  EXPECT_TRUE(Accepts(kHard, empty.get(), f.get(), lambd.get(), other.get()));
  EXPECT_TRUE(Accepts(kHard, f.get(), empty.get(), lambd.get(), other.get()));
  // gradInput must have the broadcast shape exactly (no broadcast into it, no extra dims).
  test::Tensor row = Make({1, 3}), wide = Make({4, 2, 3}), bad = Make({2, 1});
  EXPECT_TRUE(Accepts(kHard, row.get(), f.get(), lambd.get(), f.get()));
  EXPECT_TRUE(RejectsWith(kHard, row.get(), f.get(), lambd.get(), wide.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradInput to have same size as [2, 3], but got [4, 2, 3]."));
  EXPECT_TRUE(RejectsWith(kHard, row.get(), f.get(), lambd.get(), bad.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradInput to have same size as [2, 3], but got [2, 1]."));
  // Promotion: any float pair promotes into the list, and the result casts to any list dtype.
  test::Tensor h = Make({2, 3}, ACL_FLOAT16), b = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(Accepts(kHard, h.get(), b.get(), lambd.get(), h.get()));
  EXPECT_TRUE(Accepts(kHard, b.get(), f.get(), lambd.get(), b.get()));
}

TEST(HardshrinkBackwardChecks, Bf16ByNpuArch) {
  Scalar lambd(0.5f);
  // BF16 on DAV_2201 (910B, 910_93) and DAV_3510 (950) only: 310B, which the forward op lets have
  // BF16, does not here.
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16), f = Make({4});
    EXPECT_TRUE(RejectsWith(kHard, f.get(), b.get(), lambd.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                            "Tensor self not implemented for DT_BF16, should be in dtype support list "
                            "[DT_FLOAT,DT_FLOAT16,]."))
        << soc;
    EXPECT_TRUE(Accepts(kHard, f.get(), f.get(), lambd.get(), f.get())) << soc;  // every SoC has the TBE kernel
  }
  for (const char* soc : {"Ascend910B3", "Ascend910_9391", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(Accepts(kHard, b.get(), b.get(), lambd.get(), b.get())) << soc;
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(HardshrinkBackwardValues, TheDocExample) {
  test::RuntimeSession session;
  const Operand g = Dense({2, 2}, ACL_FLOAT,
                          {reference::Bits(0.0f), reference::Bits(0.0f), reference::Bits(1.0f), reference::Bits(1.0f)});
  const Operand x = Dense({2, 2}, ACL_FLOAT,
                          {reference::Bits(1.0f), reference::Bits(2.0f), reference::Bits(3.0f), reference::Bits(4.0f)});
  EXPECT_EQ(RunGrad(kHard, g, x, ACL_FLOAT, {2, 2}, 2.0f, session.stream()),
            (std::vector<uint32_t>{0u, 0u, reference::Bits(1.0f), reference::Bits(1.0f)}));
}

TEST(HardshrinkBackwardValues, SelectOn950ProductOnTbe) {
  // In the dead zone 950 Selects +0; TBE's g * 0 keeps g's sign and gives NaN for g = +-inf or NaN.
  // Outside it both give g exactly; a NaN self is outside (the compare fails).
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Operand g = Dense({5}, ACL_FLOAT,
                          {reference::Bits(-2.0f), reference::Bits(inf), reference::Bits(nan), reference::Bits(-3.0f),
                           reference::Bits(-inf)});
  const Operand x = Dense({5}, ACL_FLOAT,
                          {reference::Bits(0.25f), reference::Bits(-0.5f), reference::Bits(0.0f), reference::Bits(nan),
                           reference::Bits(7.0f)});
  {
    test::RuntimeSession session("Ascend950PR");
    EXPECT_EQ(RunGrad(kHard, g, x, ACL_FLOAT, {5}, 0.5f, session.stream()),
              (std::vector<uint32_t>{0u, 0u, 0u, reference::Bits(-3.0f), reference::Bits(-inf)}));
  }
  {
    test::RuntimeSession session("Ascend910B3");
    const std::vector<uint32_t> y = RunGrad(kHard, g, x, ACL_FLOAT, {5}, 0.5f, session.stream());
    EXPECT_EQ(y[0], reference::Bits(-0.0f));
    EXPECT_TRUE(reference::IsNan(y[1], Format::kFp32));
    EXPECT_TRUE(reference::IsNan(y[2], Format::kFp32));
    EXPECT_EQ(y[3], reference::Bits(-3.0f));
    EXPECT_EQ(y[4], reference::Bits(-inf));
  }
  {
    // A negative lambd counts as 0: only +-0 selves are in the dead zone.
    test::RuntimeSession session("Ascend950PR");
    const std::vector<uint32_t> y = RunGrad(kHard, g, x, ACL_FLOAT, {5}, -1.0f, session.stream());
    EXPECT_EQ(y, (std::vector<uint32_t>{reference::Bits(-2.0f), reference::Bits(inf), 0u, reference::Bits(-3.0f),
                                        reference::Bits(-inf)}));
  }
}

class ShrinkBackwardEverySixteenBitSelf : public ::testing::TestWithParam<SocCase> {};

TEST_P(ShrinkBackwardEverySixteenBitSelf, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::mt19937 rng(5);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  const float lambdas[] = {
      0.5f, 0.3f, 0.0f, 70000.0f, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()};
  for (aclDataType self_dtype : {ACL_FLOAT16, ACL_BF16}) {
    if (self_dtype == ACL_BF16 && !soc.bf16) continue;
    for (aclDataType grad_dtype : {self_dtype, ACL_FLOAT}) {
      for (float lambda : lambdas) {
        const Operand x = Dense({65536}, self_dtype, all);
        const Operand g = Dense({65536}, grad_dtype, RandomRaw(all.size(), grad_dtype, &rng));
        const aclDataType out_dtype = grad_dtype == self_dtype ? ACL_FLOAT : self_dtype;  // a Cast after the kernel
        ExpectReference(kHard, soc, g, x, out_dtype, {65536}, lambda,
                        RunGrad(kHard, g, x, out_dtype, {65536}, lambda, session.stream()));
        ExpectReference(kHard, soc, g, x, grad_dtype, {65536}, lambda,
                        RunGrad(kHard, g, x, grad_dtype, {65536}, lambda, session.stream()));
        // Softshrink's gradInput has the result's dtype (no Cast): the promoted one.
        ExpectReference(kSoft, soc, g, x, grad_dtype, {65536}, lambda,
                        RunGrad(kSoft, g, x, grad_dtype, {65536}, lambda, session.stream()));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, ShrinkBackwardEverySixteenBitSelf, ::testing::ValuesIn(kSocs),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });

TEST(HardshrinkBackwardValues, Fp16WithBf16PromotesToFp32) {
  // fp16 and bf16 promote to fp32: lambda stays fp32 even on TBE (0x34CD = fp16(0.3) > 0.3 is kept).
  std::mt19937 rng(3);
  for (const SocCase& soc : {kSocs[0], kSocs[1]}) {
    test::RuntimeSession session(soc.soc);
    const Operand g = Dense({2}, ACL_BF16, {0x3F80u, 0x3F80u});
    const Operand x = Dense({2}, ACL_FLOAT16, {0x34CDu, 0x34CCu});
    const std::vector<uint32_t> y = RunGrad(kHard, g, x, ACL_FLOAT16, {2}, 0.3f, session.stream());
    EXPECT_EQ(y, (std::vector<uint32_t>{0x3C00u, 0u})) << soc.soc;
    const Operand g2 = Dense({4096}, ACL_BF16, RandomRaw(4096, ACL_BF16, &rng));
    const Operand x2 = Dense({4096}, ACL_FLOAT16, RandomRaw(4096, ACL_FLOAT16, &rng));
    for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      ExpectReference(kHard, soc, g2, x2, out, {4096}, 1.5f,
                      RunGrad(kHard, g2, x2, out, {4096}, 1.5f, session.stream()));
    }
  }
}

TEST(ShrinkBackwardValues, BroadcastAndStridedOperands) {
  std::mt19937 rng(9);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    // gradOutput [3, 1, 5] and self [4, 1] broadcast to [3, 4, 5]; then the reverse roles, and a
    // 0-d-like [1] self against a [2, 3, 4] gradOutput.
    struct Shapes {
      std::vector<int64_t> g, x, out;
    };
    for (const Shapes& s : {Shapes{{3, 1, 5}, {4, 1}, {3, 4, 5}}, Shapes{{4, 1}, {3, 1, 5}, {3, 4, 5}},
                            Shapes{{2, 3, 4}, {1}, {2, 3, 4}}, Shapes{{1, 1, 7}, {6, 1, 7}, {6, 1, 7}}}) {
      for (auto [gd, xd] : std::vector<std::pair<aclDataType, aclDataType>>{{ACL_FLOAT, ACL_FLOAT},
                                                                            {ACL_FLOAT16, ACL_FLOAT16},
                                                                            {ACL_FLOAT, ACL_FLOAT16},
                                                                            {ACL_FLOAT16, ACL_FLOAT}}) {
        const Operand g = Dense(s.g, gd, RandomRaw(static_cast<size_t>(test::ElementCount(s.g)), gd, &rng));
        Operand x = Dense(s.x, xd, {});
        for (int64_t i = 0; i < test::ElementCount(s.x); ++i) {
          // selves around lambda, so both branches are taken
          const float v = std::uniform_real_distribution<float>(-2.0f, 2.0f)(rng);
          x.raw.push_back(xd == ACL_FLOAT ? reference::Bits(v) : reference::FloatToHalf(v));
        }
        ExpectReference(kSoft, soc, g, x, Promoted(gd, xd), s.out, 1.0f,
                        RunGrad(kSoft, g, x, Promoted(gd, xd), s.out, 1.0f, session.stream()));
        for (aclDataType out : {gd, ACL_FLOAT16}) {
          ExpectReference(kHard, soc, g, x, out, s.out, 1.0f, RunGrad(kHard, g, x, out, s.out, 1.0f, session.stream()));
        }
      }
    }
    // A transposed (column-major) self of [3, 4] inside a larger storage, with an offset, against a
    // broadcast [4] gradOutput of another dtype.
    Operand x;
    x.layout.view = {3, 4};
    x.layout.strides = {1, 3};
    x.layout.offset = 2;
    x.layout.storage = {14};
    x.layout.dtype = ACL_FLOAT;
    for (int i = 0; i < 14; ++i) x.raw.push_back(reference::Bits(static_cast<float>(i % 5) - 2.0f));
    const Operand g = Dense({4}, ACL_FLOAT16, RandomRaw(4, ACL_FLOAT16, &rng));
    for (GradOp op : {kHard, kSoft}) {
      ExpectReference(op, soc, g, x, ACL_FLOAT, {3, 4}, 1.0f,
                      RunGrad(op, g, x, ACL_FLOAT, {3, 4}, 1.0f, session.stream()));
    }
  }
}

TEST(HardshrinkBackwardValues, Fp32RandomBitsOnEveryKernel) {
  std::mt19937 rng(17);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const Operand g = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    Operand x = Dense({1 << 16}, ACL_FLOAT, RandomRaw(1 << 16, ACL_FLOAT, &rng));
    // Exponents near lambda's, so the boundary is crossed.
    for (size_t i = 0; i < x.raw.size(); i += 2) x.raw[i] = (x.raw[i] & 0x80FFFFFFu) | (0x7Eu << 23);
    for (float lambda : {0.75f, 0.5f, 1e-40f}) {
      for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        if (out == ACL_BF16 && !soc.bf16) continue;
        ExpectReference(kHard, soc, g, x, out, {1 << 16}, lambda,
                        RunGrad(kHard, g, x, out, {1 << 16}, lambda, session.stream()));
      }
    }
  }
}

// ---- aclnnSoftshrinkBackward: upstream's table (test_aclnn_softshrink_backward.cpp; lambd 0) -------

TEST(SoftshrinkBackwardUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  Scalar zero(0.0f);
  test::Tensor f = Make({2, 3}), f2 = Make({2, 3}), f3 = Make({2, 3});
  for (int null_at = 0; null_at < 3; ++null_at) {
    EXPECT_TRUE(RejectsWith(kSoft, null_at == 0 ? nullptr : f.get(), null_at == 1 ? nullptr : f2.get(), zero.get(),
                            null_at == 2 ? nullptr : f3.get(), ACLNN_ERR_PARAM_NULLPTR,
                            "Expected a proper Tensor but got null for argument"));
  }
  test::Tensor i32 = Make({2, 3}, ACL_INT32), c64 = Make({2, 3}, ACL_COMPLEX64);
  EXPECT_TRUE(RejectsWith(kSoft, i32.get(), f2.get(), zero.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT32, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_BF16,]."));
  EXPECT_TRUE(RejectsWith(kSoft, f.get(), c64.get(), zero.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_COMPLEX64"));
  EXPECT_TRUE(RejectsWith(kSoft, f.get(), f2.get(), zero.get(), i32.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradInput not implemented for DT_INT32"));
  test::Tensor nine = Make({2, 3, 1, 1, 1, 1, 1, 1, 1});
  EXPECT_TRUE(RejectsWith(kSoft, f.get(), nine.get(), zero.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "The self tensor cannot be larger than 8 dimensions."));
  EXPECT_TRUE(RejectsWith(kSoft, nine.get(), f2.get(), zero.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradOutput tensor cannot be larger than 8 dimensions."));
  test::Tensor g231 = Make({2, 3, 1}), o232 = Make({2, 3, 2});
  EXPECT_TRUE(RejectsWith(kSoft, g231.get(), f2.get(), zero.get(), f3.get(), ACLNN_ERR_PARAM_INVALID,
                          "The size of tensor gradOutput [2, 3, 1] must match the size of tensor self [2, 3]."));
  EXPECT_TRUE(RejectsWith(kSoft, f.get(), f2.get(), zero.get(), o232.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradInput to have same size as [2, 3], but got [2, 3, 2]."));
  for (const std::vector<int64_t>& empty : std::vector<std::vector<int64_t>>{{0}, {2, 0, 3}}) {
    test::Tensor a = Make(empty), b = Make(empty), c = Make(empty);
    EXPECT_TRUE(Accepts(kSoft, a.get(), b.get(), zero.get(), c.get()));
  }
  EXPECT_TRUE(Accepts(kSoft, f.get(), f2.get(), zero.get(), f3.get()));  // normal_float32_nd
  test::Tensor h = Make({2, 3}, ACL_FLOAT16), b = Make({2, 3}, ACL_BF16), b2 = Make({2, 3}, ACL_BF16);
  test::Tensor b3 = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(Accepts(kSoft, f.get(), h.get(), zero.get(), f3.get()));   // gradOut float, self float16
  EXPECT_TRUE(Accepts(kSoft, b.get(), b2.get(), zero.get(), b3.get()));  // bfloat16
  test::Layout strided;                                                  // normal_self_discontiguous
  strided.view = {2, 3};
  strided.strides = {2, 1};
  strided.storage = {3, 2};
  test::Tensor s(strided, nullptr);
  EXPECT_TRUE(Accepts(kSoft, f.get(), s.get(), zero.get(), f3.get()));
  test::Tensor g123 = Make({1, 2, 3}), o123 = Make({1, 2, 3});  // normal_self_broadcast
  EXPECT_TRUE(Accepts(kSoft, g123.get(), f2.get(), zero.get(), o123.get()));
  test::Tensor h123 = Make({1, 2, 3}, ACL_FLOAT16), ho123 = Make({1, 2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(Accepts(kSoft, h123.get(), h.get(), zero.get(), ho123.get()));  // normal_self_broadcast1
}

TEST(SoftshrinkBackwardChecks, OrderAndTheResultDtype) {
  test::RuntimeSession session;
  Scalar half(0.5f), negative(-0.5f), nan(std::numeric_limits<float>::quiet_NaN());
  test::Tensor f = Make({2, 3}), g = Make({3, 2});
  // The broadcast, then lambd, then the empty exit: an empty gradOutput does not skip the shapes.
  EXPECT_TRUE(RejectsWith(kSoft, f.get(), g.get(), negative.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "must match the size of tensor self"));
  EXPECT_TRUE(RejectsWith(kSoft, f.get(), f.get(), negative.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "lambd should be greater or equal to 0, but found to be [-0.500000]."));
  EXPECT_TRUE(Accepts(kSoft, f.get(), f.get(), nan.get(), f.get()));
  test::Tensor empty = Make({0}), x14 = Make({1, 4}), o14 = Make({1, 4});
  EXPECT_TRUE(RejectsWith(kSoft, empty.get(), x14.get(), half.get(), o14.get(), ACLNN_ERR_PARAM_INVALID,
                          "The size of tensor gradOutput [0] must match the size of tensor self [1, 4]."));
  EXPECT_TRUE(Accepts(kHard, empty.get(), x14.get(), half.get(), o14.get()));  // Hardshrink exits first
  test::Tensor empty_out = Make({0, 4}), x04 = Make({1, 4});
  EXPECT_TRUE(RejectsWith(kSoft, empty.get(), x04.get(), negative.get(), empty_out.get(), ACLNN_ERR_PARAM_INVALID,
                          "The size of tensor gradOutput"));
  // No Cast after the kernel: gradInput must have the result's dtype (mixed inputs give FLOAT).
  test::Tensor h = Make({2, 3}, ACL_FLOAT16), b = Make({2, 3}, ACL_BF16), h_out = Make({2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(kSoft, h.get(), f.get(), half.get(), h_out.get(), ACLNN_ERR_PARAM_INVALID,
                          "gradInput dtype DT_FLOAT16 is not the result dtype DT_FLOAT: the result is copied into "
                          "gradInput without a Cast"));
  EXPECT_TRUE(RejectsWith(kSoft, h.get(), h.get(), half.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "gradInput dtype DT_FLOAT is not the result dtype DT_FLOAT16"));
  EXPECT_TRUE(Accepts(kSoft, h.get(), b.get(), half.get(), f.get()));
  // ... but an empty call ends before it, as upstream's.
  test::Tensor he = Make({0}, ACL_FLOAT16), fe = Make({0});
  EXPECT_TRUE(Accepts(kSoft, he.get(), he.get(), half.get(), fe.get()));
}

TEST(SoftshrinkBackwardChecks, Bf16BySocVersion) {
  Scalar half(0.5f);
  // BF16 everywhere but Ascend910 and 310P (SocVersion, so 310B has it: unlike HardshrinkBackward).
  for (const char* soc : {"Ascend910A", "Ascend310P3"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(RejectsWith(kSoft, b.get(), b.get(), half.get(), b.get(), ACLNN_ERR_PARAM_INVALID,
                            "should be in dtype support list [DT_FLOAT,DT_FLOAT16,]."))
        << soc;
  }
  for (const char* soc : {"Ascend310B1", "Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(Accepts(kSoft, b.get(), b.get(), half.get(), b.get())) << soc;
  }
}

TEST(SoftshrinkBackwardValues, TheDocExampleAndTheKernelsDifference) {
  std::vector<uint32_t> grads, selves;
  for (float v : {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f}) grads.push_back(reference::Bits(v));
  for (float v : {1.0f, 1.0f, 1.0f, 2.0f, 1.0f, 2.0f, 3.0f, 3.0f}) selves.push_back(reference::Bits(v));
  const Operand g = Dense({4, 2}, ACL_FLOAT, grads), x = Dense({4, 2}, ACL_FLOAT, selves);
  std::vector<uint32_t> want;
  for (float v : {0.0f, 0.0f, 0.0f, 3.0f, 0.0f, 5.0f, 6.0f, 7.0f}) want.push_back(reference::Bits(v));
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // A NaN self passes gradOutput on both kernels; the dead zone is +0 whatever gradOutput is.
  const Operand g2 = Dense({3}, ACL_FLOAT, {reference::Bits(-4.0f), reference::Bits(-inf), reference::Bits(nan)});
  const Operand x2 = Dense({3}, ACL_FLOAT, {reference::Bits(nan), reference::Bits(0.25f), reference::Bits(-0.5f)});
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    EXPECT_EQ(RunGrad(kSoft, g, x, ACL_FLOAT, {4, 2}, 1.2f, session.stream()), want) << soc.soc;
    EXPECT_EQ(RunGrad(kSoft, g2, x2, ACL_FLOAT, {3}, 0.5f, session.stream()),
              (std::vector<uint32_t>{reference::Bits(-4.0f), 0u, 0u}))
        << soc.soc;
    // A NaN lambd: 950 Selects on |x| > NaN (false: +0), TBE zeroes on |x| <= NaN (false: g).
    const std::vector<uint32_t> y = RunGrad(kSoft, g, x, ACL_FLOAT, {4, 2}, nan, session.stream());
    EXPECT_EQ(y, soc.tbe ? grads : std::vector<uint32_t>(8, 0u)) << soc.soc;
  }
}
