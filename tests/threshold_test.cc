// aclnnThreshold and aclnnInplaceThreshold (docs/upstream/hardsigmoid-threshold-hardtanh.md §4-5):
// upstream's unit-test table, the checks (out castable from self except on 950, the BF16 list by
// SoC), the scalars converted to self's dtype (fp16 from the double in one rounding, bf16 through
// float, integers truncated and wrapped), and values against the independent reference — every
// 16-bit value, the integer dtypes natively on 950 and through fp32 (INT32) or INT32 (INT16) on
// the TBE SoCs, NaN and -0, the doc's example, in place.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_threshold.h"
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

constexpr const char* kPhaseOne = "aclnnThresholdGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr,
                  aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, data);
}

test::PhaseOneResult PhaseOne(const aclTensor* self, const aclScalar* threshold, const aclScalar* value,
                              aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnThresholdGetWorkspaceSize(self, threshold, value, out, workspace_size, executor);
  });
}

test::PhaseOneResult InplacePhaseOne(aclTensor* self, const aclScalar* threshold, const aclScalar* value) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnInplaceThresholdGetWorkspaceSize(self, threshold, value, workspace_size, executor);
  });
}

::testing::AssertionResult AcceptedAndFreed(const test::PhaseOneResult& result) {
  test::Discard(result.executor);
  return test::Accepted(result);
}

/// Runs aclnnThreshold on a 1-D tensor of `dtype` elements `xs` (stored as In) into an output of
/// `out_dtype` (stored as Out).
template <typename In, typename Out = In>
std::vector<Out> RunThreshold(aclDataType dtype, aclDataType out_dtype, const std::vector<In>& xs,
                              const aclScalar* threshold, const aclScalar* value, aclrtStream stream) {
  const size_t n = xs.size();
  test::DeviceBuffer x(n * sizeof(In)), y(n * sizeof(Out));
  x.Upload(xs);
  test::Tensor xt = Make({static_cast<int64_t>(n)}, dtype, x.get());
  test::Tensor yt = Make({static_cast<int64_t>(n)}, out_dtype, y.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnThresholdGetWorkspaceSize(xt.get(), threshold, value, yt.get(), &workspace_size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclnnThreshold(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  return y.Download<Out>(n);
}

}  // namespace

// ---- upstream's unit-test table (test_aclnn_threshold.cpp) ----------------------------------------

TEST(ThresholdUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  Scalar int_four(ACL_INT64, 4), int_five(ACL_INT64, 5), int_ten(ACL_INT64, 10), four(4.0f), ten_one(10.1f);
  struct Case {
    std::vector<int64_t> view;
    aclDataType dtype;
    const aclScalar* threshold;
    const aclScalar* value;
  };
  for (const Case& c : std::vector<Case>{{{0}, ACL_FLOAT, int_four.get(), int_ten.get()},
                                         {{2, 3}, ACL_INT64, int_four.get(), int_five.get()},
                                         {{2, 3}, ACL_INT16, four.get(), int_five.get()},
                                         {{2, 3}, ACL_FLOAT, four.get(), ten_one.get()},
                                         {{2, 3}, ACL_FLOAT16, four.get(), ten_one.get()},
                                         {{2, 3}, ACL_INT8, int_four.get(), int_ten.get()},
                                         {{2, 3}, ACL_UINT8, int_four.get(), int_ten.get()},
                                         {{2, 3}, ACL_INT32, int_four.get(), int_ten.get()},
                                         {{1, 2, 3, 4, 5, 6, 7, 8}, ACL_INT32, int_four.get(), int_ten.get()}}) {
    test::Tensor t = Make(c.view, c.dtype);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(t.get(), c.threshold, c.value, t.get()))) << c.dtype;
    test::Tensor u = Make(c.view, c.dtype);
    EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(u.get(), c.threshold, c.value))) << c.dtype;
  }
  test::Tensor one = Make({1});
  EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, int_four.get(), int_ten.get(), one.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_NULLPTR, "argument self."));
  EXPECT_TRUE(test::Rejected(PhaseOne(one.get(), int_four.get(), int_ten.get(), nullptr), kPhaseOne,
                             ACLNN_ERR_PARAM_NULLPTR, "argument out."));
  test::Tensor six = Make({1, 2, 3, 4, 5, 6}, ACL_INT32);
  EXPECT_TRUE(test::Rejected(PhaseOne(six.get(), nullptr, int_ten.get(), six.get()), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                             "Expected a value of type number for argument threshold but instead found type null."));
  EXPECT_TRUE(test::Rejected(PhaseOne(six.get(), int_four.get(), nullptr, six.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_NULLPTR,
                             "Expected a value of type number for argument value but instead found type null."));
  for (aclDataType dtype : {ACL_DOUBLE, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128}) {
    test::Tensor t = Make({2, 3}, dtype);
    EXPECT_TRUE(test::Rejected(PhaseOne(t.get(), four.get(), int_five.get(), t.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_INVALID,
                               "should be in dtype support list "
                               "[DT_FLOAT,DT_INT32,DT_FLOAT16,DT_INT8,DT_UINT8,DT_INT16,DT_INT64,DT_BF16,]."))
        << dtype;
  }
  test::Tensor nine = Make({1, 2, 3, 4, 5, 6, 7, 8, 9}, ACL_INT32);
  EXPECT_TRUE(test::Rejected(PhaseOne(nine.get(), int_four.get(), int_ten.get(), nine.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions."));
  test::Tensor f = Make({1, 2, 3, 4}), i32 = Make({1, 2, 3, 4}, ACL_INT32);
  EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), int_four.get(), int_ten.get(), i32.get()), kPhaseOne,
                             ACLNN_ERR_PARAM_INVALID,
                             "Result type DT_FLOAT can't be cast to the desired output type DT_INT32."));
}

// ---- checks beyond the table ----------------------------------------------------------------------

TEST(ThresholdChecks, OrderShapesCastsAndSocs) {
  Scalar zero(0.0f);
  {
    test::RuntimeSession session;
    // Null out is reported before a null threshold; a null value after both.
    test::Tensor f = Make({2, 3});
    EXPECT_TRUE(
        test::Rejected(PhaseOne(f.get(), nullptr, nullptr, nullptr), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR, "out"));
    test::Tensor wide = Make({3, 2}), h = Make({2, 3}, ACL_FLOAT16), d = Make({2, 3}, ACL_DOUBLE);
    EXPECT_TRUE(test::Rejected(
        PhaseOne(f.get(), zero.get(), zero.get(), wide.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
        "Expected tensor for self to have same size as tensor for out, but [2, 3] does not equal [3, 2]."));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f.get(), zero.get(), zero.get(), h.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f.get(), zero.get(), zero.get(), d.get())));
    // Upstream compares the shapes before its empty exit.
    test::Tensor empty = Make({0, 3}), other_empty = Make({3, 0});
    EXPECT_TRUE(test::Rejected(PhaseOne(empty.get(), zero.get(), zero.get(), other_empty.get()), kPhaseOne,
                               ACLNN_ERR_PARAM_INVALID, "Expected tensor for self"));
    const test::PhaseOneResult result = PhaseOne(empty.get(), zero.get(), zero.get(), empty.get());
    EXPECT_TRUE(AcceptedAndFreed(result));
    EXPECT_EQ(result.workspace_size, 0u);
  }
  {
    // 950 runs no castability check: FLOAT self with an INT32 out reaches the plan, whose Cast from
    // FLOAT to INT32 the host does not have; an INT32 self with an INT8 out casts (wrapping).
    test::RuntimeSession session("Ascend950PR");
    test::Tensor f = Make({2, 3}), i32 = Make({2, 3}, ACL_INT32), i8 = Make({2, 3}, ACL_INT8);
    EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), zero.get(), zero.get(), i32.get()), kPhaseOne,
                               ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                               "ThresholdV2 has no host kernel from DT_FLOAT to DT_INT32."));
    test::Tensor i32_in = Make({2, 3}, ACL_INT32);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i32_in.get(), zero.get(), zero.get(), i8.get())));
  }
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession other(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(test::Rejected(PhaseOne(b.get(), zero.get(), zero.get(), b.get()), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                               "[DT_FLOAT,DT_INT32,DT_FLOAT16,DT_INT8,DT_UINT8,DT_INT16,DT_INT64,]."))
        << soc;
    test::Tensor i64 = Make({4}, ACL_INT64);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(i64.get(), zero.get(), zero.get(), i64.get()))) << soc;
  }
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession other(soc.soc);
    test::Tensor f = Make({2, 3});
    const test::PhaseOneResult result = PhaseOne(f.get(), zero.get(), zero.get(), f.get());
    EXPECT_TRUE(AcceptedAndFreed(result));
    EXPECT_EQ(result.workspace_size, test::ContiguousCallWorkspace(soc.soc, !soc.tbe, 0, 24)) << soc.soc;
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(ThresholdValues, TheDocExampleNanAndMinusZero) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    Scalar threshold(4.1f), value(10.0f);
    const std::vector<float> y = RunThreshold<float>(ACL_FLOAT, ACL_FLOAT, {0, 1, 2, 3, 4.1f, 5, 6, 7}, threshold.get(),
                                                     value.get(), session.stream());
    EXPECT_EQ(y, (std::vector<float>{10, 10, 10, 10, 10, 5, 6, 7})) << soc.soc;
    Scalar zero(0.0f), minus_one(-1.0f);
    const std::vector<float> z = RunThreshold<float>(ACL_FLOAT, ACL_FLOAT, {-0.0f, nan, 0.0f, 1e-3f}, zero.get(),
                                                     minus_one.get(), session.stream());
    EXPECT_EQ(z[0], -1.0f) << soc.soc;  // -0 <= 0
    // NaN stays (the saturation mode, Ascend910's, stores a NaN result as +0).
    EXPECT_TRUE(soc.numerics.saturate ? z[1] == 0.0f : std::isnan(z[1])) << soc.soc;
    EXPECT_EQ(z[2], -1.0f) << soc.soc;
    EXPECT_EQ(z[3], 1e-3f) << soc.soc;
  }
}

TEST(ThresholdValues, ScalarsRoundToSelfsDtypeAsUpstream) {
  test::RuntimeSession session;
  // fp16: op::fp16_t from the double, one rounding: 1 + 2^-11 + 2^-40 is above the tie, so 0x3C01
  // (through float it would tie to 1.0). x = 0x3C01 is then <= threshold and takes value.
  Scalar fp16_threshold(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40), ACL_DOUBLE), value(-2.0f);
  const std::vector<uint16_t> h = RunThreshold<uint16_t>(ACL_FLOAT16, ACL_FLOAT16, {0x3C01, 0x3C02},
                                                         fp16_threshold.get(), value.get(), session.stream());
  EXPECT_EQ(h[0], 0xC000u);
  EXPECT_EQ(h[1], 0x3C02u);
  // bf16: static_cast<bfloat16>(ToFloat()): 1 + 2^-8 + 2^-40 is 1 + 2^-8 in float, a tie, so 1.0.
  // x = 1 + 2^-7 (0x3F81) is above it and stays.
  Scalar bf16_threshold(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40), ACL_DOUBLE);
  const std::vector<uint16_t> b =
      RunThreshold<uint16_t>(ACL_BF16, ACL_BF16, {0x3F81, 0x3F80}, bf16_threshold.get(), value.get(), session.stream());
  EXPECT_EQ(b[0], 0x3F81u);
  EXPECT_EQ(b[1], 0xC000u);
  // Integers: a float scalar truncates toward zero (4.9 -> 4), an integer one wraps to the width
  // (-1 as UINT8 is 255), an out-of-range float saturates (our decision: upstream's cast is UB).
  Scalar four_nine(4.9f), minus_one(ACL_INT64, -1), huge(1e10f), minus_huge(-1e10f), seven(ACL_INT64, 7);
  EXPECT_EQ(RunThreshold<int8_t>(ACL_INT8, ACL_INT8, {3, 4, 5}, four_nine.get(), seven.get(), session.stream()),
            (std::vector<int8_t>{7, 7, 5}));
  EXPECT_EQ(RunThreshold<uint8_t>(ACL_UINT8, ACL_UINT8, {0, 200, 255}, minus_one.get(), seven.get(), session.stream()),
            (std::vector<uint8_t>{7, 7, 7}));
  EXPECT_EQ(RunThreshold<int64_t>(ACL_INT64, ACL_INT64, {INT64_MAX, 0, INT64_MIN}, huge.get(), minus_huge.get(),
                                  session.stream()),
            (std::vector<int64_t>{INT64_MAX, -10000000000, -10000000000}));
  EXPECT_EQ(
      RunThreshold<int16_t>(ACL_INT16, ACL_INT16, {-32768, 0, 32767}, minus_huge.get(), huge.get(), session.stream()),
      (std::vector<int16_t>{-32768, 0, 32767}));  // Ascend910B3: threshold INT32_MIN, below every INT16
}

TEST(ThresholdValues, IntegersNativeOn950AndThroughFp32OnTbe) {
  const int32_t big = 16777217;  // 2^24 + 1: fp32 rounds it to 2^24
  const std::vector<int32_t> xs = {big, INT32_MAX, 2147483583, -2147483583, INT32_MIN, 0, -5, 100};
  Scalar threshold(ACL_INT64, 16777216), value(ACL_INT64, -123456789);
  Scalar zero(ACL_INT64, 0), big_value(ACL_INT64, big);
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    const std::vector<int32_t> y =
        RunThreshold<int32_t>(ACL_INT32, ACL_INT32, xs, threshold.get(), value.get(), session.stream());
    const std::vector<int32_t> z =
        RunThreshold<int32_t>(ACL_INT32, ACL_INT32, xs, zero.get(), big_value.get(), session.stream());
    for (size_t i = 0; i < xs.size(); ++i) {
      const int32_t want = soc.tbe ? reference::ThresholdInt32Tbe(xs[i], 16777216, -123456789)
                                   : (xs[i] <= 16777216 ? -123456789 : xs[i]);
      EXPECT_EQ(y[i], want) << soc.soc << " x " << xs[i];
      const int32_t want_z = soc.tbe ? reference::ThresholdInt32Tbe(xs[i], 0, big) : (xs[i] <= 0 ? big : xs[i]);
      EXPECT_EQ(z[i], want_z) << soc.soc << " x " << xs[i];
    }
    if (soc.tbe) {
      EXPECT_EQ(y[0], -123456792);  // x rounded to 2^24 is at the threshold; value rounded to fp32
      EXPECT_EQ(y[2], 2147483520);  // 2147483583 rounded to fp32
      EXPECT_EQ(z[4], 16777216);    // the value rounded to fp32
    } else {
      EXPECT_EQ(y[0], big);
      EXPECT_EQ(y[2], 2147483583);
    }
    EXPECT_EQ(y[1], INT32_MAX) << soc.soc;  // 2^31 in fp32 saturates back
    // INT16: TBE SoCs convert the scalars to INT32 (self is Cast to INT32 first) and keep the low
    // 16 bits of the result; 950 converts them to INT16 (40000 wraps to -25536).
    Scalar wide_threshold(ACL_INT64, 40000), wide_value(ACL_INT64, 100000), float_value(100000.0f);
    const std::vector<int16_t> xs16 = {-32768, -25536, -25535, 0, 32767};
    const std::vector<int16_t> w =
        RunThreshold<int16_t>(ACL_INT16, ACL_INT16, xs16, wide_threshold.get(), wide_value.get(), session.stream());
    const std::vector<int16_t> v =
        RunThreshold<int16_t>(ACL_INT16, ACL_INT16, xs16, wide_threshold.get(), float_value.get(), session.stream());
    if (soc.tbe) {
      EXPECT_EQ(w, (std::vector<int16_t>{-31072, -31072, -31072, -31072, -31072})) << soc.soc;
      EXPECT_EQ(v, (std::vector<int16_t>{-31072, -31072, -31072, -31072, -31072})) << soc.soc;
    } else {
      EXPECT_EQ(w, (std::vector<int16_t>{-31072, -31072, -25535, 0, 32767})) << soc.soc;
      EXPECT_EQ(v, (std::vector<int16_t>{32767, 32767, -25535, 0, 32767})) << soc.soc;
    }
    // INT8, UINT8 and INT64 are exact everywhere.
    Scalar two(ACL_INT64, 2), minus_nine(ACL_INT64, -9), big64(ACL_INT64, (int64_t{1} << 62));
    EXPECT_EQ(
        RunThreshold<int8_t>(ACL_INT8, ACL_INT8, {-128, 2, 3, 127}, two.get(), minus_nine.get(), session.stream()),
        (std::vector<int8_t>{-9, -9, 3, 127}))
        << soc.soc;
    EXPECT_EQ(
        RunThreshold<uint8_t>(ACL_UINT8, ACL_UINT8, {0, 2, 3, 255}, two.get(), minus_nine.get(), session.stream()),
        (std::vector<uint8_t>{247, 247, 3, 255}))
        << soc.soc;
    EXPECT_EQ(RunThreshold<int64_t>(ACL_INT64, ACL_INT64, {(int64_t{1} << 62) + 1, int64_t{1} << 62}, big64.get(),
                                    minus_nine.get(), session.stream()),
              (std::vector<int64_t>{(int64_t{1} << 62) + 1, -9}))
        << soc.soc;
  }
}

TEST(ThresholdValues, InPlaceOnAStridedView) {
  test::RuntimeSession session;
  // A transposed {3, 2} view of a {2, 3} buffer.
  std::vector<float> data = {-1, 2, -3, 4, -5, 6};
  test::DeviceBuffer buffer(data.size() * sizeof(float));
  buffer.Upload(data);
  test::Layout layout;
  layout.view = {3, 2};
  layout.strides = {1, 3};
  layout.storage = {2, 3};
  test::Tensor t(layout, buffer.get());
  Scalar zero(0.0f), value(0.5f);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnInplaceThresholdGetWorkspaceSize(t.get(), zero.get(), value.get(), &workspace_size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclnnInplaceThreshold(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  EXPECT_EQ(buffer.Download<float>(6), (std::vector<float>{0.5f, 2, 0.5f, 4, 0.5f, 6}));
}

class ThresholdEverySixteenBitValue : public ::testing::TestWithParam<SocCase> {};

TEST_P(ThresholdEverySixteenBitValue, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::vector<uint16_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  const float inf = std::numeric_limits<float>::infinity();
  for (aclDataType in : {ACL_FLOAT16, ACL_BF16}) {
    if (in == ACL_BF16 && !soc.bf16) continue;
    for (const auto& [t, v] : std::vector<std::pair<float, float>>{
             {0.0f, 0.0f}, {0.1f, -7.3f}, {-1.5f, 1e5f}, {inf, 3.0f}, {-inf, 1.0f}, {65504.0f, -1e-6f}}) {
      Scalar threshold(t), value(v);
      // threshold and value as self's dtype holds them (nearest-even from the fp32 scalar).
      const float t_in = in == ACL_FLOAT16 ? reference::HalfToFloat(reference::FloatToHalf(t))
                                           : reference::Bf16ToFloat(reference::FloatToBf16(t));
      const float v_in = in == ACL_FLOAT16 ? reference::HalfToFloat(reference::FloatToHalf(v))
                                           : reference::Bf16ToFloat(reference::FloatToBf16(v));
      const std::vector<uint16_t> same =
          RunThreshold<uint16_t>(in, in, all, threshold.get(), value.get(), session.stream());
      const std::vector<float> wide =
          RunThreshold<uint16_t, float>(in, ACL_FLOAT, all, threshold.get(), value.get(), session.stream());
      int mismatches = 0;
      for (uint32_t i = 0; i < all.size() && mismatches < 3; ++i) {
        const uint32_t want = reference::ThresholdElement(i, FormatOf(in), FormatOf(in), t_in, v_in, soc.numerics);
        const uint32_t want_wide =
            reference::ThresholdElement(i, FormatOf(in), Format::kFp32, t_in, v_in, soc.numerics);
        if (!reference::SameResult(same[i], want, FormatOf(in)) ||
            !reference::SameResult(reference::Bits(wide[i]), want_wide, Format::kFp32)) {
          ++mismatches;
          ADD_FAILURE() << soc.soc << " " << in << " t " << t << " v " << v << " input 0x" << std::hex << i
                        << ": got 0x" << same[i] << " / 0x" << reference::Bits(wide[i]) << ", want 0x" << want
                        << " / 0x" << want_wide;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, ThresholdEverySixteenBitValue, ::testing::ValuesIn(kSocs),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });
