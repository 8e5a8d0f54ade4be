// aclnnThresholdBackward (docs/upstream/hardsigmoid-threshold-hardtanh.md §6): upstream's unit-test
// table, its unusual check order (threshold and out before the tensors), the dtype list that a zero
// threshold widens on 950 (INT64), the ReluGrad path for a threshold within FLT_EPSILON of 0,
// broadcasting, the workspace per SoC, and values against the independent reference — every 16-bit
// self against varied gradOutputs on each SoC's kernels, fp32 random bits, the integers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_threshold_backward.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/binary_op.h"
#include "support/phase_one.h"
#include "support/scalar.h"

namespace {

using reference::Format;
using reference::ThresholdGradKernel;
using test::FormatOf;
using test::kSocs;
using test::Scalar;
using test::SocCase;

constexpr const char* kPhaseOne = "aclnnThresholdBackwardGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  return test::Tensor(layout, data);
}

test::PhaseOneResult PhaseOne(const aclTensor* grad, const aclTensor* self, const aclScalar* threshold,
                              aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnThresholdBackwardGetWorkspaceSize(grad, self, threshold, out, workspace_size, executor);
  });
}

::testing::AssertionResult AcceptedAndFreed(const test::PhaseOneResult& result) {
  test::Discard(result.executor);
  return test::Accepted(result);
}

/// Runs aclnnThresholdBackward on 1-D tensors of one dtype (elements stored as T).
template <typename T>
std::vector<T> RunThresholdBackward(aclDataType dtype, const std::vector<T>& grads, const std::vector<T>& xs,
                                    const aclScalar* threshold, aclrtStream stream) {
  const size_t n = xs.size();
  test::DeviceBuffer g(n * sizeof(T)), x(n * sizeof(T)), y(n * sizeof(T));
  g.Upload(grads);
  x.Upload(xs);
  test::Tensor gt = Make({static_cast<int64_t>(n)}, dtype, g.get());
  test::Tensor xt = Make({static_cast<int64_t>(n)}, dtype, x.get());
  test::Tensor yt = Make({static_cast<int64_t>(n)}, dtype, y.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnThresholdBackwardGetWorkspaceSize(gt.get(), xt.get(), threshold, yt.get(), &workspace_size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  test::DeviceBuffer workspace(static_cast<size_t>(workspace_size));
  EXPECT_EQ(aclnnThresholdBackward(workspace_size > 0 ? workspace.get() : nullptr, workspace_size, executor, stream),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  return y.Download<T>(n);
}

ThresholdGradKernel KernelOf(const SocCase& soc) {
  if (!soc.tbe) return ThresholdGradKernel::k950;
  return soc.numerics.saturate ? ThresholdGradKernel::kTbeA1 : ThresholdGradKernel::kTbe;  // Ascend910A saturates
}

}  // namespace

// ---- upstream's unit-test table (test_aclnn_threshold_backward.cpp) --------------------------------

TEST(ThresholdBackwardUpstream, Cases) {
  Scalar zero(0.0f), one(1.0f), minus_one(-1.0f), half(0.5f), two(2.0f);
  {
    test::RuntimeSession session;  // Ascend910B3 (the platform of upstream's unprefixed cases)
    test::Tensor i64 = Make({2, 3}, ACL_INT64), i32 = Make({2, 3}, ACL_INT32);
    EXPECT_TRUE(test::Rejected(PhaseOne(i64.get(), i64.get(), zero.get(), i64.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_INVALID,
                               "Tensor gradOutput not implemented for DT_INT64, should be in dtype support list "
                               "[DT_FLOAT,DT_INT32,DT_FLOAT16,DT_INT8,DT_UINT8,DT_BF16,]."));
    EXPECT_TRUE(test::Rejected(PhaseOne(i64.get(), i32.get(), zero.get(), i32.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput not implemented for DT_INT64"));
    test::Tensor g21 = Make({2, 1}, ACL_INT32), out24 = Make({2, 4}, ACL_INT32);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(g21.get(), i32.get(), zero.get(), i32.get())));
    EXPECT_TRUE(test::Rejected(PhaseOne(g21.get(), i32.get(), zero.get(), out24.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_INVALID, "Shape of out should be [2, 3], but current is [2, 4]."));
    test::Tensor empty = Make({2, 0}, ACL_INT32);
    EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, empty.get(), zero.get(), empty.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_NULLPTR, "gradOutput"));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(empty.get(), empty.get(), zero.get(), empty.get())));
    test::Tensor t10 = Make({10}, ACL_INT32);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(t10.get(), t10.get(), one.get(), t10.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(t10.get(), t10.get(), minus_one.get(), t10.get())));
    test::Tensor b10 = Make({10}, ACL_BF16), u10 = Make({10}, ACL_UINT8), l10 = Make({10}, ACL_INT64);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(b10.get(), b10.get(), zero.get(), b10.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(u10.get(), u10.get(), zero.get(), u10.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(u10.get(), u10.get(), one.get(), u10.get())));
    EXPECT_TRUE(test::Rejected(PhaseOne(l10.get(), l10.get(), zero.get(), l10.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_INVALID, "DT_INT64"));
    EXPECT_TRUE(test::Rejected(PhaseOne(l10.get(), l10.get(), one.get(), l10.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "DT_INT64"));
    test::Tensor ten_d = Make({2, 2, 2, 2, 2, 2, 2, 2, 2, 2});
    EXPECT_TRUE(test::Rejected(PhaseOne(ten_d.get(), ten_d.get(), zero.get(), ten_d.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_INVALID, "The gradOutput tensor cannot be larger than 8 dimensions."));
    test::Tensor f48 = Make({4, 8}), h2345 = Make({2, 3, 4, 5}, ACL_FLOAT16), f8 = Make({2, 2, 2, 2, 2, 2, 2, 2});
    test::Tensor large = Make({1024, 1024}, ACL_FLOAT16), f10 = Make({10}), scalar_tensor = Make({});
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f48.get(), f48.get(), half.get(), f48.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(h2345.get(), h2345.get(), zero.get(), h2345.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f8.get(), f8.get(), zero.get(), f8.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(large.get(), large.get(), zero.get(), large.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f10.get(), f10.get(), two.get(), f10.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(scalar_tensor.get(), scalar_tensor.get(), zero.get(), scalar_tensor.get())));
    EXPECT_TRUE(test::Rejected(PhaseOne(f10.get(), f10.get(), nullptr, f10.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                               "threshold"));
  }
  {
    test::RuntimeSession session("Ascend950PR");  // upstream's ascend950PR_9589_ cases
    for (aclDataType dtype : {ACL_INT32, ACL_INT8, ACL_FLOAT16, ACL_FLOAT, ACL_INT64}) {
      test::Tensor t = Make({10}, dtype);
      EXPECT_TRUE(AcceptedAndFreed(PhaseOne(t.get(), t.get(), zero.get(), t.get()))) << dtype;
    }
  }
}

// ---- checks beyond the table ----------------------------------------------------------------------

TEST(ThresholdBackwardChecks, OrderZeroThresholdListAndWorkspace) {
  Scalar zero(0.0f), tiny(1e-8f), small(1e-6f), one(1.0f);
  {
    test::RuntimeSession session;
    test::Tensor f = Make({2, 3}), h = Make({2, 3}, ACL_FLOAT16), wide = Make({3, 3});
    // threshold, then out, then gradOutput and self (upstream's order).
    EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, nullptr, nullptr, nullptr), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                               "argument threshold"));
    EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, nullptr, zero.get(), nullptr), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                               "argument out."));
    EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), nullptr, zero.get(), f.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                               "argument self."));
    EXPECT_TRUE(test::Rejected(PhaseOne(h.get(), f.get(), zero.get(), f.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16."));
    EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), f.get(), zero.get(), h.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16."));
    EXPECT_TRUE(test::Rejected(PhaseOne(wide.get(), f.get(), zero.get(), f.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "The size of tensor self [2, 3] must match the size of tensor gradOutput [3, 3]."));
  }
  {
    // 950 lists INT64 only when the threshold is within FLT_EPSILON of 0 (ReluGrad runs then).
    test::RuntimeSession session("Ascend950PR");
    test::Tensor l = Make({4}, ACL_INT64);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(l.get(), l.get(), tiny.get(), l.get())));
    EXPECT_TRUE(test::Rejected(PhaseOne(l.get(), l.get(), small.get(), l.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "[DT_FLOAT,DT_INT32,DT_FLOAT16,DT_INT8,DT_UINT8,DT_BF16,]."));
  }
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession session(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(test::Rejected(PhaseOne(b.get(), b.get(), zero.get(), b.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "[DT_FLOAT,DT_INT32,DT_FLOAT16,DT_INT8,DT_UINT8,]."))
        << soc;
  }
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    test::Tensor f = Make({2, 3});
    for (const Scalar* threshold : {&zero, &one}) {
      const test::PhaseOneResult result = PhaseOne(f.get(), f.get(), threshold->get(), f.get());
      EXPECT_TRUE(AcceptedAndFreed(result));
      EXPECT_EQ(result.workspace_size, test::ContiguousCallWorkspace(soc.soc, !soc.tbe, test::kA2LibraryWorkspace, 24))
          << soc.soc;
    }
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(ThresholdBackwardValues, TheDocExampleAndBroadcast) {
  Scalar one(1.0f);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    EXPECT_EQ(RunThresholdBackward<float>(ACL_FLOAT, {4.5f, 4.4f, 4.3f, 4.2f}, {0.2f, 1.2f, 2.2f, 3.2f}, one.get(),
                                          session.stream()),
              (std::vector<float>{0.0f, 4.4f, 4.3f, 4.2f}))
        << soc.soc;
  }
  test::RuntimeSession session;
  // gradOutput {2, 1} against self {2, 3}.
  const std::vector<float> g = {2.0f, -3.0f}, x = {-1.0f, 0.5f, 2.0f, 0.0f, 5.0f, -7.0f};
  test::DeviceBuffer gb(g.size() * 4), xb(x.size() * 4), yb(x.size() * 4);
  gb.Upload(g);
  xb.Upload(x);
  test::Tensor gt = Make({2, 1}, ACL_FLOAT, gb.get()), xt = Make({2, 3}, ACL_FLOAT, xb.get());
  test::Tensor yt = Make({2, 3}, ACL_FLOAT, yb.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  Scalar threshold(0.25f);
  ASSERT_EQ(
      aclnnThresholdBackwardGetWorkspaceSize(gt.get(), xt.get(), threshold.get(), yt.get(), &workspace_size, &executor),
      ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclnnThresholdBackward(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  EXPECT_EQ(yb.Download<float>(6), (std::vector<float>{0.0f, 2.0f, 2.0f, 0.0f, -3.0f, 0.0f}));
}

TEST(ThresholdBackwardValues, ReluGradProductsDifferFromSelects) {
  // Threshold 0 (and 1e-8, treated as 0) runs ReluGrad: 950 multiplies (g = -2 at x = -1 gives -0;
  // g = inf gives NaN); 910B selects +0; a threshold of 1e-6 runs ThresholdGradV2D's select.
  const float inf = std::numeric_limits<float>::infinity();
  Scalar zero(0.0f), tiny(1e-8f), small(1e-6f);
  const std::vector<float> g = {-2.0f, inf, 3.0f}, x = {-1.0f, 0.0f, 5e-7f};
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    for (const Scalar* threshold : {&zero, &tiny}) {
      const std::vector<float> y = RunThresholdBackward<float>(ACL_FLOAT, g, x, threshold->get(), session.stream());
      EXPECT_EQ(y[2], 3.0f) << soc.soc;
      if (!soc.tbe) {
        EXPECT_TRUE(y[0] == 0.0f && std::signbit(y[0])) << soc.soc;
        EXPECT_TRUE(std::isnan(y[1])) << soc.soc;
      } else if (!soc.numerics.saturate) {
        EXPECT_TRUE(y[0] == 0.0f && !std::signbit(y[0])) << soc.soc;
        EXPECT_EQ(y[1], 0.0f) << soc.soc;
      }
    }
    const std::vector<float> y = RunThresholdBackward<float>(ACL_FLOAT, g, x, small.get(), session.stream());
    EXPECT_TRUE(y[0] == 0.0f && !std::signbit(y[0])) << soc.soc;
    EXPECT_EQ(y[1], 0.0f) << soc.soc;
    EXPECT_EQ(y[2], 0.0f) << soc.soc;  // 5e-7 <= 1e-6
  }
}

TEST(ThresholdBackwardValues, Integers) {
  Scalar zero(0.0f), two_half(2.5f);
  const int32_t big = 16777217;
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    // ThresholdGradV2D converts INT32 to fp32 on every SoC: gradOutput 2^24 + 1 comes back as 2^24.
    EXPECT_EQ(RunThresholdBackward<int32_t>(ACL_INT32, {big, INT32_MAX, 7, -9}, {3, 3, 2, -100}, two_half.get(),
                                            session.stream()),
              (std::vector<int32_t>{16777216, INT32_MAX, 0, 0}))
        << soc.soc;
    // ReluGrad is exact.
    EXPECT_EQ(RunThresholdBackward<int32_t>(ACL_INT32, {big, -5, 6}, {1, 0, -1}, zero.get(), session.stream()),
              (std::vector<int32_t>{big, 0, 0}))
        << soc.soc;
    EXPECT_EQ(RunThresholdBackward<int8_t>(ACL_INT8, {-128, 127, 5}, {3, 2, -3}, two_half.get(), session.stream()),
              (std::vector<int8_t>{-128, 0, 0}))
        << soc.soc;
    EXPECT_EQ(RunThresholdBackward<uint8_t>(ACL_UINT8, {255, 9, 4}, {1, 0, 200}, zero.get(), session.stream()),
              (std::vector<uint8_t>{255, 0, 4}))
        << soc.soc;
  }
  test::RuntimeSession session("Ascend950PR");
  const int64_t huge = (int64_t{1} << 62) + 1;
  EXPECT_EQ(RunThresholdBackward<int64_t>(ACL_INT64, {huge, huge}, {1, -1}, zero.get(), session.stream()),
            (std::vector<int64_t>{huge, 0}));
}

class ThresholdBackwardEverySixteenBitSelf : public ::testing::TestWithParam<SocCase> {};

TEST_P(ThresholdBackwardEverySixteenBitSelf, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::vector<uint16_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  std::mt19937 rng(7);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    if (dtype == ACL_BF16 && !soc.bf16) continue;
    // gradOutputs: random bit patterns, then the specials (inf, -inf, -2, subnormal) spread over.
    std::vector<uint16_t> grads(all.size());
    for (uint16_t& g : grads) g = static_cast<uint16_t>(rng());
    const Format format = FormatOf(dtype);
    for (size_t i = 0; i < grads.size(); i += 7) grads[i] = dtype == ACL_FLOAT16 ? 0x7C00 : 0x7F80;
    for (size_t i = 3; i < grads.size(); i += 11) grads[i] = 0xC000;  // -2 in both formats
    for (float threshold : {0.0f, 1e-8f, 0.1f, -1.5f, 3e-5f, nan}) {
      Scalar t(threshold);
      const bool relu = std::fabs(threshold) <= 1.1920928955078125e-7f;
      const std::vector<uint16_t> y = RunThresholdBackward<uint16_t>(dtype, grads, all, t.get(), session.stream());
      int mismatches = 0;
      for (uint32_t i = 0; i < all.size() && mismatches < 3; ++i) {
        const uint32_t want =
            reference::ThresholdGradElement(grads[i], i, format, threshold, relu, KernelOf(soc), soc.numerics);
        if (!reference::SameResult(y[i], want, format)) {
          ++mismatches;
          ADD_FAILURE() << soc.soc << " " << dtype << " t " << threshold << " g 0x" << std::hex << grads[i] << " x 0x"
                        << i << ": got 0x" << y[i] << ", want 0x" << want;
        }
      }
    }
  }
  // fp32: random bits (subnormals included) for both operands.
  std::vector<uint32_t> g32(1 << 16), x32(1 << 16);
  for (size_t i = 0; i < g32.size(); ++i) {
    g32[i] = rng();
    x32[i] = i % 5 == 0 ? (rng() & 0x807FFFFFu) : rng();  // every fifth a subnormal or zero
  }
  for (float threshold : {0.0f, 0.1f, -1.5f}) {
    Scalar t(threshold);
    const std::vector<uint32_t> y = RunThresholdBackward<uint32_t>(ACL_FLOAT, g32, x32, t.get(), session.stream());
    int mismatches = 0;
    for (size_t i = 0; i < g32.size() && mismatches < 3; ++i) {
      const uint32_t want = reference::ThresholdGradElement(g32[i], x32[i], Format::kFp32, threshold, threshold == 0.0f,
                                                            KernelOf(soc), soc.numerics);
      if (!reference::SameResult(y[i], want, Format::kFp32)) {
        ++mismatches;
        ADD_FAILURE() << soc.soc << " fp32 t " << threshold << " g 0x" << std::hex << g32[i] << " x 0x" << x32[i]
                      << ": got 0x" << y[i] << ", want 0x" << want;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, ThresholdBackwardEverySixteenBitSelf, ::testing::ValuesIn(kSocs),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });
