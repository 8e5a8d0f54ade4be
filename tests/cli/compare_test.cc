// CANN's precision standards (tools/compare.h) on hand-computed cases at and around every
// threshold (docs/precision.md). Values are chosen so that the figures are exact in double.
#include "compare.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace {

using aclnn_host_tools::ArrayView;
using aclnn_host_tools::Compare;
using aclnn_host_tools::CompareReport;
using aclnn_host_tools::Dtype;
using aclnn_host_tools::Standard;
using aclnn_host_tools::Verdict;

const double kInf = std::numeric_limits<double>::infinity();
const double kNan = std::numeric_limits<double>::quiet_NaN();

// fp32 arrays of the given values (each exactly representable where the tests need it).
struct F32 {
  std::vector<float> values;
  explicit F32(std::vector<double> v) {
    for (double x : v) values.push_back(static_cast<float>(x));
  }
  ArrayView view() const { return {Dtype::kFloat32, values.data(), values.size()}; }
};

struct Bits16 {
  Dtype dtype;
  std::vector<uint16_t> bits;
  ArrayView view() const { return {dtype, bits.data(), bits.size()}; }
};

CompareReport Judge(const std::vector<double>& actual, const std::vector<double>& golden, Standard standard,
                    Dtype dtype = Dtype::kFloat32) {
  const F32 a(actual), g(golden);
  return Compare(a.view(), g.view(), standard, dtype);
}

// n elements: golden 1.0 everywhere; the actual 1.0 except `k` elements at 1 + delta.
CompareReport Spread(size_t n, size_t k, double delta, Standard standard, Dtype dtype) {
  std::vector<double> actual(n, 1.0), golden(n, 1.0);
  for (size_t i = 0; i < k; ++i) actual[i] = 1.0 + delta;
  return Judge(actual, golden, standard, dtype);
}

uint32_t FloatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

float FloatFromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

// ---- names and thresholds -------------------------------------------------------------------------

TEST(CompareNames, ParseTheStandardsAndTheirUpstreamAliases) {
  Standard s;
  ASSERT_TRUE(aclnn_host_tools::ParseStandard("bit-exact", &s));
  EXPECT_EQ(s, Standard::kBitExact);
  ASSERT_TRUE(aclnn_host_tools::ParseStandard("binary_equal", &s));
  EXPECT_EQ(s, Standard::kBitExact);
  ASSERT_TRUE(aclnn_host_tools::ParseStandard("MERE_MARE", &s));
  EXPECT_EQ(s, Standard::kStatRelErr);
  ASSERT_TRUE(aclnn_host_tools::ParseStandard("mix_tolerance", &s));
  EXPECT_EQ(s, Standard::kMixed);
  ASSERT_TRUE(aclnn_host_tools::ParseStandard("msprobe", &s));
  EXPECT_EQ(s, Standard::kMsprobe);
  ASSERT_TRUE(aclnn_host_tools::ParseStandard("ulp", &s));
  EXPECT_EQ(s, Standard::kMsprobeUlp);
  EXPECT_FALSE(aclnn_host_tools::ParseStandard("allclose", &s));
}

TEST(CompareThresholds, AreTheUpstreamValues) {
  EXPECT_EQ(aclnn_host_tools::StatRelErrThreshold(Dtype::kFloat32), std::ldexp(1.0, -13));
  EXPECT_EQ(aclnn_host_tools::StatRelErrThreshold(Dtype::kFloat16), std::ldexp(1.0, -10));
  EXPECT_EQ(aclnn_host_tools::StatRelErrThreshold(Dtype::kBFloat16), std::ldexp(1.0, -7));
  const auto fp16 = aclnn_host_tools::MixedToleranceFor(Dtype::kFloat16);
  EXPECT_EQ(fp16.rtol, std::ldexp(1.0, -9));
  EXPECT_EQ(fp16.atol, std::ldexp(1.0, -9));
  EXPECT_EQ(fp16.max_abs_error_floor, 0.1);
  const auto bf16 = aclnn_host_tools::MixedToleranceFor(Dtype::kBFloat16);
  EXPECT_EQ(bf16.rtol, std::ldexp(1.0, -6));
  EXPECT_EQ(bf16.max_abs_error_floor, 1.0);
  const auto fp32 = aclnn_host_tools::MixedToleranceFor(Dtype::kFloat32);
  EXPECT_EQ(fp32.rtol, std::ldexp(1.0, -10));
  EXPECT_EQ(fp32.atol, std::ldexp(1.0, -16));
  EXPECT_EQ(fp32.max_abs_error_floor, 1e-2);
  EXPECT_EQ(fp32.required_matched_ratio, 0.99);
  EXPECT_EQ(fp32.ulp_multiple, 32);
}

TEST(CompareUlp, IsTheSpacingAtTheValueWithTheSubnormalFloor) {
  EXPECT_EQ(aclnn_host_tools::UlpAt(1.0, Dtype::kFloat32), std::ldexp(1.0, -23));
  EXPECT_EQ(aclnn_host_tools::UlpAt(1.5, Dtype::kFloat16), std::ldexp(1.0, -10));
  EXPECT_EQ(aclnn_host_tools::UlpAt(-3.0, Dtype::kBFloat16), std::ldexp(1.0, -6));
  EXPECT_EQ(aclnn_host_tools::UlpAt(0.0, Dtype::kFloat16), std::ldexp(1.0, -24));
  EXPECT_EQ(aclnn_host_tools::UlpAt(std::ldexp(1.0, -20), Dtype::kFloat16), std::ldexp(1.0, -24));
  EXPECT_EQ(aclnn_host_tools::UlpAt(0.0, Dtype::kFloat32), std::ldexp(1.0, -149));
}

TEST(CompareValues, WidenFp16AndBf16Exactly) {
  const Bits16 fp16{Dtype::kFloat16, {0x3C00, 0xC000, 0x0001, 0x7C00, 0x7E00, 0x7BFF}};
  EXPECT_EQ(aclnn_host_tools::ElementValue(fp16.view(), 0), 1.0);
  EXPECT_EQ(aclnn_host_tools::ElementValue(fp16.view(), 1), -2.0);
  EXPECT_EQ(aclnn_host_tools::ElementValue(fp16.view(), 2), std::ldexp(1.0, -24));
  EXPECT_EQ(aclnn_host_tools::ElementValue(fp16.view(), 3), kInf);
  EXPECT_TRUE(std::isnan(aclnn_host_tools::ElementValue(fp16.view(), 4)));
  EXPECT_EQ(aclnn_host_tools::ElementValue(fp16.view(), 5), 65504.0);
  const Bits16 bf16{Dtype::kBFloat16, {0x3F80, 0x4040}};
  EXPECT_EQ(aclnn_host_tools::ElementValue(bf16.view(), 0), 1.0);
  EXPECT_EQ(aclnn_host_tools::ElementValue(bf16.view(), 1), 3.0);
}

TEST(Compare, RejectsDifferentCounts) {
  const F32 a({1, 2}), g({1});
  EXPECT_THROW(Compare(a.view(), g.view(), Standard::kMixed, Dtype::kFloat32), std::invalid_argument);
}

// ---- bit_exact ------------------------------------------------------------------------------------

TEST(CompareBitExact, PassesEqualBitsAndAnyNanAgainstAnyNan) {
  std::vector<float> a = {1.0f, FloatFromBits(0x7FC00001u), -0.0f};
  std::vector<float> g = {1.0f, FloatFromBits(0xFFC00000u), -0.0f};
  const auto report =
      Compare({Dtype::kFloat32, a.data(), 3}, {Dtype::kFloat32, g.data(), 3}, Standard::kBitExact, Dtype::kFloat32);
  EXPECT_EQ(report.verdict, Verdict::kPass);
  EXPECT_EQ(report.Value("mismatches"), 0);
  EXPECT_TRUE(report.ulp_histogram.empty());
}

TEST(CompareBitExact, OneUlpFailsAndTheHistogramBinsEachDistance) {
  const float one = 1.0f;
  std::vector<float> g(8, one);
  std::vector<float> a = g;
  a[0] = FloatFromBits(FloatBits(one) + 1);        // 1 ULP
  a[1] = FloatFromBits(FloatBits(one) - 2);        // 2 ULP
  a[2] = FloatFromBits(FloatBits(one) + 3);        // 3-4
  a[3] = FloatFromBits(FloatBits(one) + 4);        // 3-4
  a[4] = FloatFromBits(FloatBits(one) + 5);        // 5-8
  a[5] = std::numeric_limits<float>::quiet_NaN();  // NaN vs number
  g[6] = 0.0f;
  a[6] = -0.0f;  // the sign of zero differs: 0 ULP apart, but not bit-exact
  const auto report =
      Compare({Dtype::kFloat32, a.data(), 8}, {Dtype::kFloat32, g.data(), 8}, Standard::kBitExact, Dtype::kFloat32);
  EXPECT_EQ(report.verdict, Verdict::kFail);
  EXPECT_EQ(report.Value("mismatches"), 7);
  EXPECT_EQ(report.Value("max_ulp"), 5);
  EXPECT_EQ(report.Value("nan_vs_number"), 1);
  ASSERT_EQ(report.ulp_histogram.size(), 6u);
  EXPECT_EQ(report.ulp_histogram[0].label, "0 (+0 vs -0)");
  EXPECT_EQ(report.ulp_histogram[1].label, "1");
  EXPECT_EQ(report.ulp_histogram[2].label, "2");
  EXPECT_EQ(report.ulp_histogram[3].label, "3-4");
  EXPECT_EQ(report.ulp_histogram[3].count, 2u);
  EXPECT_EQ(report.ulp_histogram[4].label, "5-8");
  EXPECT_EQ(report.ulp_histogram[5].label, "NaN vs number");
}

TEST(CompareBitExact, CountsUlpAcrossZeroForFp16) {
  // +1 subnormal (0x0001) against -1 subnormal (0x8001): two steps apart through zero.
  const Bits16 a{Dtype::kFloat16, {0x0001}}, g{Dtype::kFloat16, {0x8001}};
  const auto report = Compare(a.view(), g.view(), Standard::kBitExact, Dtype::kFloat16);
  EXPECT_EQ(report.Value("max_ulp"), 2);
}

TEST(CompareBitExact, RefusesDifferentDtypes) {
  const F32 a({1});
  const Bits16 g{Dtype::kFloat16, {0x3C00}};
  EXPECT_THROW(Compare(a.view(), g.view(), Standard::kBitExact, Dtype::kFloat32), std::invalid_argument);
}

// ---- stat_rel_err: MERE < T and MARE < 10 T --------------------------------------------------------

TEST(CompareStatRelErr, MereBoundIsStrictAndMareIsTenTimesIt) {
  // fp16 thresholds on fp32 data: T = 2^-10. With golden 1, rel = delta / (1 + 1e-7). delta =
  // 10 T (exact in fp32) puts rel just below 10 T, the MARE limit.
  const double T = std::ldexp(1.0, -10);
  // 2 of 20 such elements: MERE = rel / 10 < T, MARE = rel < 10 T: pass.
  const auto pass = Spread(20, 2, 10 * T, Standard::kStatRelErr, Dtype::kFloat16);
  EXPECT_EQ(pass.verdict, Verdict::kPass) << aclnn_host_tools::FormatReport(pass);
  EXPECT_EQ(pass.Value("mare"), 10 * T / (1 + 1e-7));
  // 3 of 20: MERE = 1.5 rel >= T: fail on MERE only.
  const auto fail = Spread(20, 3, 10 * T, Standard::kStatRelErr, Dtype::kFloat16);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
  ASSERT_EQ(fail.reasons.size(), 1u);
  EXPECT_NE(fail.reasons[0].find("MERE"), std::string::npos);
  // One fp32 step more (delta = 10 T + 2^-23): rel > 10 T: MARE fails, MERE (rel / 20) passes.
  const auto mare = Spread(20, 1, 10 * T + std::ldexp(1.0, -23), Standard::kStatRelErr, Dtype::kFloat16);
  EXPECT_EQ(mare.verdict, Verdict::kFail);
  ASSERT_EQ(mare.reasons.size(), 1u);
  EXPECT_NE(mare.reasons[0].find("MARE"), std::string::npos);
}

TEST(CompareStatRelErr, MareAroundTenTimesTheFp32Threshold) {
  // fp32 T = 2^-13, 10 T = 1280 / 2^20. Golden 2^20 (its fp32 ULP is 2^-3): an error of 1280
  // gives rel = 1280 / (2^20 + 1e-7), just below 10 T: pass; 1281 is above: fail on MARE.
  std::vector<double> golden(1000, 1.0), below(1000, 1.0), above(1000, 1.0);
  golden[0] = std::ldexp(1.0, 20);
  below[0] = golden[0] + 1280;
  above[0] = golden[0] + 1281;
  EXPECT_EQ(Judge(below, golden, Standard::kStatRelErr).verdict, Verdict::kPass);
  const auto fail = Judge(above, golden, Standard::kStatRelErr);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
  ASSERT_EQ(fail.reasons.size(), 1u);
  EXPECT_NE(fail.reasons[0].find("MARE"), std::string::npos);
  EXPECT_EQ(fail.Value("mare"), 1281.0 / (std::ldexp(1.0, 20) + 1e-7));
}

TEST(CompareStatRelErr, ExactlyTenTimesTheThresholdFailsTheStrictBound) {
  // Golden -1e-7 + tiny is impossible in fp32; use a golden of 0: rel = |a| / 1e-7. An actual of
  // 10 T * 1e-7 gives rel = 10 T exactly up to rounding; the fp32 value of that product is
  // what the element holds, so compute the expected verdict from the stored value.
  const double T = std::ldexp(1.0, -13);
  const float stored = static_cast<float>(10 * T * 1e-7);
  const double rel = static_cast<double>(stored) / 1e-7;
  std::vector<double> golden(100, 0.0), actual(100, 0.0);
  actual[0] = stored;
  const auto report = Judge(actual, golden, Standard::kStatRelErr);
  EXPECT_EQ(report.Value("mare"), rel);
  EXPECT_EQ(report.verdict, rel < 10 * T ? Verdict::kPass : Verdict::kFail);
}

TEST(CompareStatRelErr, NanAndInfPositionsMustAgree) {
  EXPECT_EQ(Judge({kNan, kInf, -kInf, 1}, {kNan, kInf, -kInf, 1}, Standard::kStatRelErr).verdict, Verdict::kPass);
  const auto sign = Judge({kInf}, {-kInf}, Standard::kStatRelErr);
  EXPECT_EQ(sign.verdict, Verdict::kFail);
  EXPECT_EQ(sign.Value("nan_inf_mismatches"), 1);
  EXPECT_EQ(Judge({kNan}, {1}, Standard::kStatRelErr).verdict, Verdict::kFail);
  EXPECT_EQ(Judge({1}, {kInf}, Standard::kStatRelErr).verdict, Verdict::kFail);
}

TEST(CompareStatRelErr, Bf16UsesItsOwnThreshold) {
  // bf16 T = 2^-7, with an fp32 golden (a wider golden is allowed) and a bf16 actual.
  const Bits16 a_one{Dtype::kBFloat16, {0x3F81}};  // 1 + 2^-7: rel = 2^-7 / (1 + 1e-7) < T: pass
  const F32 g({1.0});
  EXPECT_EQ(Compare(a_one.view(), g.view(), Standard::kStatRelErr, Dtype::kBFloat16).verdict, Verdict::kPass);
  const Bits16 a_two{Dtype::kBFloat16, {0x3F82}};  // 1 + 2^-6: rel ~ 2 T: MERE >= T: fail
  EXPECT_EQ(Compare(a_two.view(), g.view(), Standard::kStatRelErr, Dtype::kBFloat16).verdict, Verdict::kFail);
}

// ---- mixed ---------------------------------------------------------------------------------------

TEST(CompareMixed, ElementBoundIsInclusive) {
  // fp32: atol 2^-16, rtol 2^-10; golden 1: bound = 2^-16 + 2^-10, exactly representable.
  const double bound = std::ldexp(1.0, -16) + std::ldexp(1.0, -10);
  // 100 elements, 1 off by exactly the bound: matched; the ratio is 1.
  auto at = Spread(100, 1, bound, Standard::kMixed, Dtype::kFloat32);
  EXPECT_EQ(at.Value("matched_ratio"), 1.0);
  // One fp32 step above the bound at 1.x: 2^-23.
  auto above = Spread(100, 1, bound + std::ldexp(1.0, -23), Standard::kMixed, Dtype::kFloat32);
  EXPECT_EQ(above.Value("matched_ratio"), 0.99);
  EXPECT_EQ(above.verdict, Verdict::kPass);  // 0.99 >= 0.99
  auto two = Spread(100, 2, bound + std::ldexp(1.0, -23), Standard::kMixed, Dtype::kFloat32);
  EXPECT_EQ(two.Value("matched_ratio"), 0.98);
  EXPECT_EQ(two.verdict, Verdict::kFail);
}

TEST(CompareMixed, HardCapIsTheFloorOr32Ulp) {
  // fp32 floor 1e-2. Golden 1: 32 ULP = 2^-18 < 1e-2, so the cap is 1e-2. An element off by
  // 2^-7 (0.0078) is within; 2^-6 (0.0156) is over: fail even though 99 of 100 match.
  EXPECT_EQ(Spread(100, 1, std::ldexp(1.0, -7), Standard::kMixed, Dtype::kFloat32).verdict, Verdict::kPass);
  const auto over = Spread(100, 1, std::ldexp(1.0, -6), Standard::kMixed, Dtype::kFloat32);
  EXPECT_EQ(over.verdict, Verdict::kFail);
  EXPECT_EQ(over.Value("over_hard_cap"), 1);
  // Golden 2^20: 32 ULP = 32 * 2^-3 = 4 > 1e-2, so the cap is 4: an error of 4 is within, 4.125
  // over (the element bound 2^-16 + 2^-10 * 2^20 = 1024 admits both).
  std::vector<double> golden(100, std::ldexp(1.0, 20)), at(golden), over2(golden);
  at[0] += 4;
  over2[0] += 4.125;
  EXPECT_EQ(Judge(at, golden, Standard::kMixed).verdict, Verdict::kPass);
  EXPECT_EQ(Judge(over2, golden, Standard::kMixed).verdict, Verdict::kFail);
}

TEST(CompareMixed, Fp16Thresholds) {
  // fp16: rtol = atol = 2^-9; golden 1: bound 2^-8. 1 + 2^-8 (0x3C04) is matched; 1 + 5 * 2^-10
  // (0x3C05) is not. Floor 0.1 >> both, so only the ratio decides.
  const Bits16 g{Dtype::kFloat16, std::vector<uint16_t>(100, 0x3C00)};
  Bits16 at = g, above = g;
  at.bits[0] = 0x3C04;
  above.bits[0] = 0x3C05;
  above.bits[1] = 0x3C05;
  EXPECT_EQ(Compare(at.view(), g.view(), Standard::kMixed, Dtype::kFloat16).Value("matched_ratio"), 1.0);
  const auto fail = Compare(above.view(), g.view(), Standard::kMixed, Dtype::kFloat16);
  EXPECT_EQ(fail.Value("matched_ratio"), 0.98);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
}

TEST(CompareMixed, NanInfMismatchFailsAndMatchingSpecialsMatch) {
  EXPECT_EQ(Judge({kNan, kInf, 1}, {kNan, kInf, 1}, Standard::kMixed).verdict, Verdict::kPass);
  const auto report = Judge({kInf, 1}, {1, 1}, Standard::kMixed);
  EXPECT_EQ(report.verdict, Verdict::kFail);
  EXPECT_EQ(report.Value("max_abs_error"), kInf);
}

// ---- msprobe ---------------------------------------------------------------------------------------

TEST(CompareMsprobe, SmallMaxAbsErrorPassesOutright) {
  // Max abs error 2^-10 (0.00098) < 0.001 passes even though every element is off by 1% of
  // golden 0.09765625 (= 2^-10 / 0.01): the 双千 indicator alone would fail.
  std::vector<double> g(50, 0.09765625), a(50, 0.09765625 + std::ldexp(1.0, -10));
  const auto report = Judge(a, g, Standard::kMsprobe);
  EXPECT_EQ(report.verdict, Verdict::kPass) << aclnn_host_tools::FormatReport(report);
  // At 0.001 and above the indicators decide: 2^-9 (0.00195) off golden 1 on every element is a
  // 0.195% error: the 双千 indicator fails, an error for fp32.
  const auto fail = Spread(50, 50, std::ldexp(1.0, -9), Standard::kMsprobe, Dtype::kFloat32);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
}

TEST(CompareMsprobe, Fp32ThousandthIsTheErrorTenThousandthTheWarning) {
  // 10000 elements of golden 1; k elements at 1 + 2^-8 (rel 0.0039, max abs 0.0039 >= 0.001).
  // 双千 passes when the share within 0.1% is > 0.999: k = 9 passes, k = 10 (0.999) fails.
  // 双万 needs > 0.9999: k = 9 (0.9991) fails it: a warning.
  const auto warn = Spread(10000, 9, std::ldexp(1.0, -8), Standard::kMsprobe, Dtype::kFloat32);
  EXPECT_EQ(warn.Value("one_thousandth_ratio"), 0.9991);
  EXPECT_EQ(warn.verdict, Verdict::kWarning) << aclnn_host_tools::FormatReport(warn);
  const auto fail = Spread(10000, 10, std::ldexp(1.0, -8), Standard::kMsprobe, Dtype::kFloat32);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
}

TEST(CompareMsprobe, Fp32TenThousandthEdge) {
  // Golden 8 and an error of 2^-9 (0.00195 >= 0.001, so the pre-check does not pass it): rel
  // 2^-12 = 0.000244, within 0.1% but not 0.01%. 10000 elements: none off passes; one off gives
  // a 双万 ratio of 0.9999, not > 0.9999: a warning.
  std::vector<double> g(10000, 8.0), a(g);
  EXPECT_EQ(Judge(a, g, Standard::kMsprobe).verdict, Verdict::kPass);
  a[0] = 8.0 + std::ldexp(1.0, -9);
  const auto warn = Judge(a, g, Standard::kMsprobe);
  EXPECT_EQ(warn.Value("one_ten_thousandth_ratio"), 0.9999);
  EXPECT_EQ(warn.verdict, Verdict::kWarning);
}

TEST(CompareMsprobe, Fp16HundredthIsTheErrorThousandthTheWarning) {
  // fp16 golden 1 (0x3C00); k elements at 1 + 2^-5 (0x3C20, rel 3.1%); others at 1 + 2^-9
  // (0x3C02, rel 0.195%: within 1% but not 0.1%), so max abs >= 0.001.
  // 100 elements, k = 0: 双百 1.0 passes, 双千 0.0 fails: warning. k = 1: 双百 0.99, not > 0.99: error.
  Bits16 g{Dtype::kFloat16, std::vector<uint16_t>(100, 0x3C00)};
  Bits16 a{Dtype::kFloat16, std::vector<uint16_t>(100, 0x3C02)};
  const auto warn = Compare(a.view(), g.view(), Standard::kMsprobe, Dtype::kFloat16);
  EXPECT_EQ(warn.verdict, Verdict::kWarning) << aclnn_host_tools::FormatReport(warn);
  a.bits[0] = 0x3C20;
  const auto fail = Compare(a.view(), g.view(), Standard::kMsprobe, Dtype::kFloat16);
  EXPECT_EQ(fail.Value("one_hundredth_ratio"), 0.99);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
}

TEST(CompareMsprobe, CosinePreCheck) {
  // Opposite vectors: cosine -1 fails before anything else.
  const auto report = Judge({1, 2, 3}, {-1, -2, -3}, Standard::kMsprobe);
  EXPECT_EQ(report.verdict, Verdict::kFail);
  EXPECT_EQ(report.Value("cosine"), -1.0);
  // Two zero vectors agree.
  EXPECT_EQ(Judge({0, 0}, {0, 0}, Standard::kMsprobe).verdict, Verdict::kPass);
  // A zero actual against a non-zero golden: cosine 0.
  EXPECT_EQ(Judge({0, 0}, {1, 1}, Standard::kMsprobe).Value("cosine"), 0.0);
}

TEST(CompareMsprobe, SmallValuesAreJudgedByAbsoluteError) {
  // fp32: |golden| <= 2^-14 is small; its absolute error must be <= 2^-30.
  std::vector<double> g = {std::ldexp(1.0, -14), 1.0}, a_at = g, a_over = g;
  a_at[0] += std::ldexp(1.0, -30);
  a_over[0] += std::ldexp(1.0, -29);
  const auto at = Judge(a_at, g, Standard::kMsprobe);
  EXPECT_EQ(at.Value("small_values"), 1);
  EXPECT_EQ(at.Value("small_value_error_ratio"), 0);
  EXPECT_EQ(at.verdict, Verdict::kPass);
  const auto over = Judge(a_over, g, Standard::kMsprobe);
  EXPECT_EQ(over.Value("small_value_error_ratio"), 1);
  EXPECT_EQ(over.verdict, Verdict::kFail);
  // Just above the small-value threshold the element is a normal value: rel error decides.
  std::vector<double> g2 = {std::ldexp(1.0, -14) * (1 + std::ldexp(1.0, -23)), 1.0};
  EXPECT_EQ(Judge(g2, g2, Standard::kMsprobe).Value("small_values"), 0);
}

// ---- msprobe_ulp -------------------------------------------------------------------------------------

TEST(CompareMsprobeUlp, Fp16ShareAboveOneUlpMustStayBelowAThousandth) {
  // fp16 golden 1: ULP 2^-10. 1 + 2^-9 (0x3C02) is 2 ULP off, 0x3C01 1 ULP (within the
  // threshold). 2000 elements: one at 2 ULP is a share of 0.0005 (pass), two 0.001 (not < 0.001).
  Bits16 g{Dtype::kFloat16, std::vector<uint16_t>(2000, 0x3C00)};
  Bits16 a{Dtype::kFloat16, std::vector<uint16_t>(2000, 0x3C01)};
  EXPECT_EQ(Compare(a.view(), g.view(), Standard::kMsprobeUlp, Dtype::kFloat16).verdict, Verdict::kPass);
  a.bits[0] = 0x3C02;
  const auto pass = Compare(a.view(), g.view(), Standard::kMsprobeUlp, Dtype::kFloat16);
  EXPECT_EQ(pass.Value("ulp_error_over_threshold_ratio"), 0.0005);
  EXPECT_EQ(pass.verdict, Verdict::kPass);
  a.bits[1] = 0x3C02;
  const auto fail = Compare(a.view(), g.view(), Standard::kMsprobeUlp, Dtype::kFloat16);
  EXPECT_EQ(fail.Value("ulp_error_over_threshold_ratio"), 0.001);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
}

TEST(CompareMsprobeUlp, Fp32PassesOnTheMeanOrOnTheShare) {
  // fp32 golden 1: ULP 2^-23. 100 elements; k at 33 ULP over the threshold of 32.
  const double ulp = std::ldexp(1.0, -23);
  // k = 4: share 0.04 < 0.05: pass.
  EXPECT_EQ(Spread(100, 4, 33 * ulp, Standard::kMsprobeUlp, Dtype::kFloat32).verdict, Verdict::kPass);
  // k = 5 at 33 ULP: share 0.05, mean 1.65 < 64: pass on the mean.
  EXPECT_EQ(Spread(100, 5, 33 * ulp, Standard::kMsprobeUlp, Dtype::kFloat32).verdict, Verdict::kPass);
  // k = 5 at 1280 ULP: share 0.05, mean exactly 64: neither holds: fail.
  const auto fail = Spread(100, 5, 1280 * ulp, Standard::kMsprobeUlp, Dtype::kFloat32);
  EXPECT_EQ(fail.Value("ulp_error_mean"), 64);
  EXPECT_EQ(fail.verdict, Verdict::kFail);
  // k = 5 at 1279 ULP: mean 63.95 < 64: pass.
  EXPECT_EQ(Spread(100, 5, 1279 * ulp, Standard::kMsprobeUlp, Dtype::kFloat32).verdict, Verdict::kPass);
}

}  // namespace
