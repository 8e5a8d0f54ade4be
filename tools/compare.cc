// CANN's precision standards (compare.h). Arithmetic is in double: every fp32/fp16/bf16 value
// widens exactly, so the figures are those of the exact differences (upstream's NumPy code
// computes in float32; docs/precision.md says where that can move a verdict at an edge).
#include "compare.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace aclnn_host_tools {
namespace {

std::string Normalize(const std::string& name) {
  std::string text;
  for (char c : name) {
    if (c == '-' || c == '_') continue;
    text += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return text;
}

uint32_t Bits(const ArrayView& array, size_t index) {
  if (array.dtype == Dtype::kFloat32) {
    uint32_t bits;
    std::memcpy(&bits, static_cast<const char*>(array.data) + index * 4, 4);
    return bits;
  }
  uint16_t bits;
  std::memcpy(&bits, static_cast<const char*>(array.data) + index * 2, 2);
  return bits;
}

int SignBitPosition(Dtype dtype) { return dtype == Dtype::kFloat32 ? 31 : 15; }

bool IsNanBits(uint32_t bits, Dtype dtype) {
  switch (dtype) {
    case Dtype::kFloat32:
      return (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x007FFFFFu) != 0;
    case Dtype::kFloat16:
      return (bits & 0x7C00u) == 0x7C00u && (bits & 0x03FFu) != 0;
    case Dtype::kBFloat16:
      return (bits & 0x7F80u) == 0x7F80u && (bits & 0x007Fu) != 0;
  }
  return false;
}

// Sign-magnitude bits to an integer that orders like the values (+0 and -0 both map to 0), so
// the ULP distance of two non-NaN values is the difference of their keys.
int64_t OrderedKey(uint32_t bits, Dtype dtype) {
  const int sign_position = SignBitPosition(dtype);
  const int64_t magnitude = static_cast<int64_t>(bits & ((1u << sign_position) - 1u));
  return (bits >> sign_position) != 0 ? -magnitude : magnitude;
}

struct FloatFormat {
  int mantissa_bits;
  int min_exponent;  // of the normal range
};

FloatFormat FormatOf(Dtype dtype) {
  switch (dtype) {
    case Dtype::kFloat32:
      return {23, -126};
    case Dtype::kFloat16:
      return {10, -14};
    case Dtype::kBFloat16:
      return {7, -126};
  }
  return {23, -126};
}

// The NaN/Inf rule all the tolerance standards share (ops-test-kit's mix_tolerance and
// stat_rel_err, msprobe's inf/nan error rate): both NaN, or both infinite with one sign, is a
// match; any other position where either side is not finite is a mismatch.
enum class Pair { kFinite, kSameSpecial, kMismatch };

Pair Classify(double a, double g) {
  const bool a_finite = std::isfinite(a), g_finite = std::isfinite(g);
  if (a_finite && g_finite) return Pair::kFinite;
  if (std::isnan(a) && std::isnan(g)) return Pair::kSameSpecial;
  if (std::isinf(a) && std::isinf(g) && std::signbit(a) == std::signbit(g)) return Pair::kSameSpecial;
  return Pair::kMismatch;
}

std::string Text(double value) {
  std::ostringstream out;
  out.precision(9);
  out << value;
  return out.str();
}

void CompareBitExact(const ArrayView& actual, const ArrayView& golden, CompareReport* report) {
  if (actual.dtype != golden.dtype) {
    throw std::invalid_argument(std::string("bit_exact compares like with like, but the actual is ") +
                                DtypeName(actual.dtype) + " and the golden " + DtypeName(golden.dtype));
  }
  const Dtype dtype = actual.dtype;
  uint64_t mismatches = 0, nan_vs_number = 0, signed_zero = 0;
  int64_t max_ulp = 0;
  std::vector<uint64_t> bins(40, 0);  // bin k: distance in (2^(k-1), 2^k]
  for (size_t i = 0; i < actual.count; ++i) {
    const uint32_t a = Bits(actual, i), g = Bits(golden, i);
    const bool a_nan = IsNanBits(a, dtype), g_nan = IsNanBits(g, dtype);
    if (a == g || (a_nan && g_nan)) continue;  // NaN payloads are not specified
    ++mismatches;
    if (a_nan || g_nan) {
      ++nan_vs_number;
      continue;
    }
    const int64_t distance = std::llabs(OrderedKey(a, dtype) - OrderedKey(g, dtype));
    if (distance == 0) {
      ++signed_zero;
      continue;
    }
    max_ulp = std::max(max_ulp, distance);
    size_t k = 0;
    while ((int64_t{1} << k) < distance) ++k;
    ++bins[k];
  }
  report->figures = {{"elements", static_cast<double>(actual.count)},
                     {"mismatches", static_cast<double>(mismatches)},
                     {"max_ulp", static_cast<double>(max_ulp)},
                     {"nan_vs_number", static_cast<double>(nan_vs_number)},
                     {"signed_zero_mismatches", static_cast<double>(signed_zero)}};
  if (signed_zero != 0) report->ulp_histogram.push_back({"0 (+0 vs -0)", signed_zero});
  for (size_t k = 0; k < bins.size(); ++k) {
    if (bins[k] == 0) continue;
    const int64_t high = int64_t{1} << k, low = k == 0 ? 1 : (int64_t{1} << (k - 1)) + 1;
    report->ulp_histogram.push_back(
        {low == high ? std::to_string(high) : std::to_string(low) + "-" + std::to_string(high), bins[k]});
  }
  if (nan_vs_number != 0) report->ulp_histogram.push_back({"NaN vs number", nan_vs_number});
  if (mismatches != 0) {
    report->verdict = Verdict::kFail;
    report->reasons.push_back(std::to_string(mismatches) + " of " + std::to_string(actual.count) +
                              " elements differ in their bits");
  }
}

void CompareStatRelErr(const ArrayView& actual, const ArrayView& golden, Dtype dtype, CompareReport* report) {
  const double threshold = StatRelErrThreshold(dtype);
  const double mare_limit = 10 * threshold;
  const double floor = 1e-7;  // ops-test-kit stat_rel_err.py FLOOR
  uint64_t finite = 0, mismatches = 0;
  double sum = 0, mare = 0;
  for (size_t i = 0; i < actual.count; ++i) {
    const double a = ElementValue(actual, i), g = ElementValue(golden, i);
    const Pair pair = Classify(a, g);
    if (pair == Pair::kMismatch) ++mismatches;
    if (pair != Pair::kFinite) continue;
    const double rel = std::fabs(a - g) / (std::fabs(g) + floor);
    sum += rel;
    mare = std::max(mare, rel);
    ++finite;
  }
  const double mere = finite == 0 ? 0.0 : sum / static_cast<double>(finite);
  report->figures = {{"elements", static_cast<double>(actual.count)},
                     {"finite", static_cast<double>(finite)},
                     {"nan_inf_mismatches", static_cast<double>(mismatches)},
                     {"mere", mere},
                     {"mere_limit", threshold},
                     {"mare", mare},
                     {"mare_limit", mare_limit}};
  if (mismatches != 0) {
    report->reasons.push_back(std::to_string(mismatches) + " NaN/Inf positions differ");
  }
  if (mismatches == 0 && finite != 0) {
    if (!(mere < threshold)) report->reasons.push_back("MERE " + Text(mere) + " >= " + Text(threshold));
    if (!(mare < mare_limit)) report->reasons.push_back("MARE " + Text(mare) + " >= " + Text(mare_limit));
  }
  if (!report->reasons.empty()) report->verdict = Verdict::kFail;
}

void CompareMixed(const ArrayView& actual, const ArrayView& golden, Dtype dtype, CompareReport* report) {
  const MixedTolerance tol = MixedToleranceFor(dtype);
  uint64_t matched = 0, mismatches = 0, over_cap = 0;
  double max_abs_error = 0, worst_over_error = 0, worst_over_cap = 0;
  for (size_t i = 0; i < actual.count; ++i) {
    const double a = ElementValue(actual, i), g = ElementValue(golden, i);
    const Pair pair = Classify(a, g);
    if (pair == Pair::kSameSpecial) {
      ++matched;
      continue;
    }
    if (pair == Pair::kMismatch) {
      ++mismatches;
      continue;
    }
    const double error = std::fabs(a - g);
    if (error <= tol.atol + tol.rtol * std::fabs(g)) ++matched;
    const double cap = std::max(tol.max_abs_error_floor, tol.ulp_multiple * UlpAt(g, dtype));
    if (error > cap) {
      ++over_cap;
      if (error > worst_over_error) {
        worst_over_error = error;
        worst_over_cap = cap;
      }
    }
    max_abs_error = std::max(max_abs_error, error);
  }
  const double ratio = actual.count == 0 ? 1.0 : static_cast<double>(matched) / static_cast<double>(actual.count);
  report->figures = {{"elements", static_cast<double>(actual.count)},
                     {"rtol", tol.rtol},
                     {"atol", tol.atol},
                     {"matched_ratio", ratio},
                     {"required_matched_ratio", tol.required_matched_ratio},
                     {"max_abs_error", mismatches != 0 ? std::numeric_limits<double>::infinity() : max_abs_error},
                     {"max_abs_error_floor", tol.max_abs_error_floor},
                     {"over_hard_cap", static_cast<double>(over_cap)},
                     {"nan_inf_mismatches", static_cast<double>(mismatches)}};
  if (mismatches != 0) report->reasons.push_back(std::to_string(mismatches) + " NaN/Inf positions differ");
  if (ratio < tol.required_matched_ratio) {
    report->reasons.push_back("matched ratio " + Text(ratio) + " < " + Text(tol.required_matched_ratio));
  }
  if (over_cap != 0) {
    report->reasons.push_back(std::to_string(over_cap) + " elements exceed max(" + Text(tol.max_abs_error_floor) +
                              ", " + Text(tol.ulp_multiple) + " ULP) (worst: " + Text(worst_over_error) + " > " +
                              Text(worst_over_cap) + ")");
  }
  if (!report->reasons.empty()) report->verdict = Verdict::kFail;
}

void CompareMsprobe(const ArrayView& actual, const ArrayView& golden, Dtype dtype, CompareReport* report) {
  const MsprobeThresholds limits = MsprobeThresholdsFor(dtype);
  uint64_t finite = 0, mismatches = 0, small = 0, small_errors = 0, normal = 0;
  uint64_t within[3] = {0, 0, 0};
  const double rel_limits[3] = {0.01, 0.001, 0.0001};  // 双百, 双千, 双万
  double dot = 0, norm_a = 0, norm_g = 0, max_abs_error = 0;
  for (size_t i = 0; i < actual.count; ++i) {
    const double a = ElementValue(actual, i), g = ElementValue(golden, i);
    const Pair pair = Classify(a, g);
    if (pair == Pair::kMismatch) ++mismatches;
    if (pair != Pair::kFinite) continue;
    ++finite;
    dot += a * g;
    norm_a += a * a;
    norm_g += g * g;
    const double error = std::fabs(a - g);
    max_abs_error = std::max(max_abs_error, error);
    if (std::fabs(g) <= limits.small_value) {
      ++small;
      if (error > limits.small_value_atol) ++small_errors;
      continue;
    }
    ++normal;
    const double rel = error / std::fabs(g);
    for (int k = 0; k < 3; ++k) within[k] += rel < rel_limits[k] ? 1 : 0;
  }
  // Two all-zero vectors point the same way; one zero vector against another does not.
  double cosine = 1.0;
  if (norm_a > 0 && norm_g > 0) {
    cosine = dot / (std::sqrt(norm_a) * std::sqrt(norm_g));
  } else if (norm_a > 0 || norm_g > 0) {
    cosine = 0.0;
  }
  double ratio[3];
  for (int k = 0; k < 3; ++k) {
    ratio[k] = normal == 0 ? 1.0 : static_cast<double>(within[k]) / static_cast<double>(normal);
  }
  const double small_ratio = small == 0 ? 0.0 : static_cast<double>(small_errors) / static_cast<double>(small);
  report->figures = {{"elements", static_cast<double>(actual.count)},
                     {"inf_nan_error_ratio",
                      actual.count == 0 ? 0.0 : static_cast<double>(mismatches) / static_cast<double>(actual.count)},
                     {"cosine", cosine},
                     {"max_abs_error", max_abs_error},
                     {"small_values", static_cast<double>(small)},
                     {"small_value_error_ratio", small_ratio},
                     {"one_hundredth_ratio", ratio[0]},
                     {"one_thousandth_ratio", ratio[1]},
                     {"one_ten_thousandth_ratio", ratio[2]}};
  if (mismatches != 0) report->reasons.push_back(std::to_string(mismatches) + " NaN/Inf positions differ");
  if (!(cosine > 0.99)) report->reasons.push_back("cosine similarity " + Text(cosine) + " <= 0.99");
  if (small_errors != 0) {
    report->reasons.push_back(std::to_string(small_errors) + " small values (|golden| <= " + Text(limits.small_value) +
                              ") have an absolute error > " + Text(limits.small_value_atol));
  }
  if (!report->reasons.empty()) {
    report->verdict = Verdict::kFail;
    return;
  }
  if (max_abs_error < 0.001) return;  // the pre-check passes the tensor outright
  // fp16/bf16 are held to 双百 (error) and 双千 (warning); fp32 to 双千 (error) and 双万 (warning).
  const int strict = dtype == Dtype::kFloat32 ? 1 : 0;
  const char* names[3] = {"one_hundredth (1%)", "one_thousandth (0.1%)", "one_ten_thousandth (0.01%)"};
  for (int k = strict; k <= strict + 1; ++k) {
    if (ratio[k] > 1 - rel_limits[k]) continue;
    report->verdict = k == strict ? Verdict::kFail : Verdict::kWarning;
    report->reasons.push_back(std::string(names[k]) + " ratio " + Text(ratio[k]) + " <= " + Text(1 - rel_limits[k]));
    return;
  }
}

void CompareMsprobeUlp(const ArrayView& actual, const ArrayView& golden, Dtype dtype, CompareReport* report) {
  const bool fp32 = dtype == Dtype::kFloat32;
  const double ulp_threshold = fp32 ? 32 : 1;
  uint64_t finite = 0, mismatches = 0, over = 0;
  double sum = 0, max_ulp = 0;
  for (size_t i = 0; i < actual.count; ++i) {
    const double a = ElementValue(actual, i), g = ElementValue(golden, i);
    const Pair pair = Classify(a, g);
    if (pair == Pair::kMismatch) ++mismatches;
    if (pair != Pair::kFinite) continue;
    const double ulp_error = std::fabs(a - g) / UlpAt(g, dtype);
    ++finite;
    sum += ulp_error;
    max_ulp = std::max(max_ulp, ulp_error);
    if (ulp_error > ulp_threshold) ++over;
  }
  const double mean = finite == 0 ? 0.0 : sum / static_cast<double>(finite);
  const double proportion = finite == 0 ? 0.0 : static_cast<double>(over) / static_cast<double>(finite);
  report->figures = {{"elements", static_cast<double>(actual.count)},
                     {"nan_inf_mismatches", static_cast<double>(mismatches)},
                     {"ulp_error_max", max_ulp},
                     {"ulp_error_mean", mean},
                     {"ulp_threshold", ulp_threshold},
                     {"ulp_error_over_threshold_ratio", proportion}};
  if (mismatches != 0) report->reasons.push_back(std::to_string(mismatches) + " NaN/Inf positions differ");
  if (fp32) {
    if (!(mean < 64) && !(proportion < 0.05)) {
      report->reasons.push_back("mean ULP error " + Text(mean) + " >= 64 and the share above 32 ULP " +
                                Text(proportion) + " >= 0.05");
    }
  } else if (!(proportion < 0.001)) {
    report->reasons.push_back("the share above 1 ULP " + Text(proportion) + " >= 0.001");
  }
  if (!report->reasons.empty()) report->verdict = Verdict::kFail;
}

}  // namespace

double CompareReport::Value(const std::string& name) const {
  for (const auto& figure : figures) {
    if (figure.name == name) return figure.value;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

bool ParseStandard(const std::string& name, Standard* standard) {
  const std::string key = Normalize(name);
  if (key == "bitexact" || key == "binary" || key == "binaryequal") {
    *standard = Standard::kBitExact;
  } else if (key == "statrelerr" || key == "meremare") {
    *standard = Standard::kStatRelErr;
  } else if (key == "mixed" || key == "mixtolerance") {
    *standard = Standard::kMixed;
  } else if (key == "msprobe") {
    *standard = Standard::kMsprobe;
  } else if (key == "msprobeulp" || key == "ulp") {
    *standard = Standard::kMsprobeUlp;
  } else {
    return false;
  }
  return true;
}

const char* StandardName(Standard standard) {
  switch (standard) {
    case Standard::kBitExact:
      return "bit_exact";
    case Standard::kStatRelErr:
      return "stat_rel_err";
    case Standard::kMixed:
      return "mixed";
    case Standard::kMsprobe:
      return "msprobe";
    case Standard::kMsprobeUlp:
      return "msprobe_ulp";
  }
  return "unknown";
}

std::string StandardNames() { return "bit_exact, stat_rel_err, mixed, msprobe, msprobe_ulp"; }

bool ParseDtype(const std::string& name, Dtype* dtype) {
  const std::string key = Normalize(name);
  if (key == "fp32" || key == "float32" || key == "float" || key == "f32") {
    *dtype = Dtype::kFloat32;
  } else if (key == "fp16" || key == "float16" || key == "half" || key == "f16") {
    *dtype = Dtype::kFloat16;
  } else if (key == "bf16" || key == "bfloat16") {
    *dtype = Dtype::kBFloat16;
  } else {
    return false;
  }
  return true;
}

const char* DtypeName(Dtype dtype) {
  switch (dtype) {
    case Dtype::kFloat32:
      return "float32";
    case Dtype::kFloat16:
      return "float16";
    case Dtype::kBFloat16:
      return "bfloat16";
  }
  return "unknown";
}

size_t DtypeSize(Dtype dtype) { return dtype == Dtype::kFloat32 ? 4 : 2; }

const char* VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kPass:
      return "PASS";
    case Verdict::kWarning:
      return "WARNING";
    case Verdict::kFail:
      return "FAIL";
  }
  return "FAIL";
}

// hicann/ops-test-kit docs/Precision_Comparison.md §2 and ttk/core_modules/comparison/resolve.py
// THRESHOLDS; the same T as op-hardswish-backward.md §8.
double StatRelErrThreshold(Dtype dtype) {
  switch (dtype) {
    case Dtype::kFloat32:
      return std::ldexp(1.0, -13);
    case Dtype::kFloat16:
      return std::ldexp(1.0, -10);
    case Dtype::kBFloat16:
      return std::ldexp(1.0, -7);
  }
  return std::ldexp(1.0, -13);
}

// hicann/ops-test-kit docs/Precision_Comparison.md §1, the dtype table ("1e-1 or 32*ULP").
MixedTolerance MixedToleranceFor(Dtype dtype) {
  switch (dtype) {
    case Dtype::kFloat16:
      return {std::ldexp(1.0, -9), std::ldexp(1.0, -9), 0.99, 1e-1, 32};
    case Dtype::kBFloat16:
      return {std::ldexp(1.0, -6), std::ldexp(1.0, -6), 0.99, 1.0, 32};
    case Dtype::kFloat32:
      return {std::ldexp(1.0, -10), std::ldexp(1.0, -16), 0.99, 1e-2, 32};
  }
  return {std::ldexp(1.0, -10), std::ldexp(1.0, -16), 0.99, 1e-2, 32};
}

// Ascend/msprobe docs/zh/accuracy_checker/pytorch_accuracy_checker_instruct.md, "小值域阈值".
MsprobeThresholds MsprobeThresholdsFor(Dtype dtype) {
  switch (dtype) {
    case Dtype::kFloat32:
      return {std::ldexp(1.0, -14), std::ldexp(1.0, -30)};
    case Dtype::kFloat16:
      return {std::ldexp(1.0, -11), std::ldexp(1.0, -16)};
    case Dtype::kBFloat16:
      return {std::ldexp(1.0, -8), std::ldexp(1.0, -16)};
  }
  return {std::ldexp(1.0, -14), std::ldexp(1.0, -30)};
}

double UlpAt(double value, Dtype dtype) {
  const FloatFormat format = FormatOf(dtype);
  int exponent = format.min_exponent;
  if (value != 0 && std::isfinite(value)) exponent = std::max(std::ilogb(value), format.min_exponent);
  return std::ldexp(1.0, exponent - format.mantissa_bits);
}

double ElementValue(const ArrayView& array, size_t index) {
  const uint32_t bits = Bits(array, index);
  switch (array.dtype) {
    case Dtype::kFloat32: {
      float value;
      std::memcpy(&value, &bits, 4);
      return value;
    }
    case Dtype::kBFloat16: {
      const uint32_t wide = bits << 16;
      float value;
      std::memcpy(&value, &wide, 4);
      return value;
    }
    case Dtype::kFloat16: {
      const bool negative = (bits & 0x8000u) != 0;
      const int exponent = static_cast<int>((bits >> 10) & 0x1Fu);
      const double mantissa = static_cast<double>(bits & 0x3FFu);
      double value;
      if (exponent == 0) {
        value = std::ldexp(mantissa, -24);
      } else if (exponent == 31) {
        value = mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
      } else {
        value = std::ldexp(1024 + mantissa, exponent - 25);
      }
      return negative ? -value : value;
    }
  }
  return 0;
}

CompareReport Compare(const ArrayView& actual, const ArrayView& golden, Standard standard, Dtype dtype) {
  if (actual.count != golden.count) {
    throw std::invalid_argument("the actual has " + std::to_string(actual.count) + " elements and the golden " +
                                std::to_string(golden.count));
  }
  CompareReport report;
  report.standard = standard;
  report.dtype = standard == Standard::kBitExact ? actual.dtype : dtype;
  report.count = actual.count;
  switch (standard) {
    case Standard::kBitExact:
      CompareBitExact(actual, golden, &report);
      break;
    case Standard::kStatRelErr:
      CompareStatRelErr(actual, golden, dtype, &report);
      break;
    case Standard::kMixed:
      CompareMixed(actual, golden, dtype, &report);
      break;
    case Standard::kMsprobe:
      CompareMsprobe(actual, golden, dtype, &report);
      break;
    case Standard::kMsprobeUlp:
      CompareMsprobeUlp(actual, golden, dtype, &report);
      break;
  }
  return report;
}

std::string FormatReport(const CompareReport& report) {
  std::ostringstream out;
  out << StandardName(report.standard) << " (" << DtypeName(report.dtype) << " thresholds), " << report.count
      << " elements: " << VerdictName(report.verdict) << "\n";
  for (const auto& figure : report.figures) {
    out << "  " << figure.name << std::string(figure.name.size() < 30 ? 30 - figure.name.size() : 1, ' ')
        << Text(figure.value) << "\n";
  }
  if (!report.ulp_histogram.empty()) {
    out << "  ULP distance histogram of the mismatches:\n";
    for (const auto& bin : report.ulp_histogram) {
      out << "    " << bin.label << std::string(bin.label.size() < 16 ? 16 - bin.label.size() : 1, ' ') << bin.count
          << "\n";
    }
  }
  for (const auto& reason : report.reasons) out << "  " << VerdictName(report.verdict) << ": " << reason << "\n";
  return out.str();
}

}  // namespace aclnn_host_tools
