// CANN's precision standards, implemented once (docs/precision.md): the `aclnn-host compare`
// subcommand and the Python module's aclnn_host.compare both call Compare(). Every threshold is
// in compare.cc's threshold functions, each citing its upstream source.
#ifndef ACLNN_HOST_TOOLS_COMPARE_H_
#define ACLNN_HOST_TOOLS_COMPARE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace aclnn_host_tools {

enum class Dtype { kFloat32, kFloat16, kBFloat16 };

/// `count` elements of `dtype`, as stored (IEEE binary32/binary16 or bf16 bit patterns), flat.
struct ArrayView {
  Dtype dtype;
  const void* data;
  size_t count;
};

enum class Standard {
  kBitExact,    // every element's bits equal (NaN matches any NaN); a ULP histogram of the rest
  kStatRelErr,  // ops-test-kit stat_rel_err: MERE < T and MARE < 10·T
  kMixed,       // ops-test-kit mix_tolerance: per-element atol + rtol·|g|, matched ratio, hard cap
  kMsprobe,     // msprobe's accuracy-checker indicators: cosine, max abs error, 双百/双千/双万
  kMsprobeUlp,  // msprobe's ULP comparison
};

enum class Verdict { kPass, kWarning, kFail };

struct Figure {
  std::string name;
  double value;
};

struct UlpBin {
  std::string label;  // "1", "2", "3-4", ..., "NaN vs number"
  uint64_t count;
};

struct CompareReport {
  Standard standard;
  Dtype dtype;  // the dtype whose thresholds applied
  size_t count = 0;
  Verdict verdict = Verdict::kPass;
  std::vector<Figure> figures;        // measured values and the limits they were held to, in print order
  std::vector<std::string> reasons;   // why the verdict is not a pass (empty on a pass)
  std::vector<UlpBin> ulp_histogram;  // bit_exact: the mismatching elements by ULP distance
  bool passed() const { return verdict == Verdict::kPass; }
  double Value(const std::string& name) const;  // the figure called `name`; NaN when absent
};

/// bit_exact (also binary), stat_rel_err (also mere_mare), mixed (also mix_tolerance), msprobe,
/// msprobe_ulp (also ulp); case, '-' and '_' ignored. False when unknown.
bool ParseStandard(const std::string& name, Standard* standard);
const char* StandardName(Standard standard);
/// "bit_exact, stat_rel_err, mixed, msprobe, msprobe_ulp"
std::string StandardNames();

/// fp32/float32/float, fp16/float16/half, bf16/bfloat16. False when unknown.
bool ParseDtype(const std::string& name, Dtype* dtype);
const char* DtypeName(Dtype dtype);  // "float32", "float16", "bfloat16"
size_t DtypeSize(Dtype dtype);

const char* VerdictName(Verdict verdict);  // "PASS", "WARNING", "FAIL"

// ---- thresholds (docs/precision.md cites the source of each) -----------------------------------

/// stat_rel_err's T: 2^-13 (fp32), 2^-10 (fp16), 2^-7 (bf16).
double StatRelErrThreshold(Dtype dtype);

struct MixedTolerance {
  double rtol;
  double atol;
  double required_matched_ratio;
  double max_abs_error_floor;  // the hard cap is max(floor, ulp_multiple · ULP(|golden|)) per element
  double ulp_multiple;
};
MixedTolerance MixedToleranceFor(Dtype dtype);

struct MsprobeThresholds {
  double small_value;       // |golden| <= this is a small value, judged by absolute error
  double small_value_atol;  // a small value's absolute error must not exceed this
};
MsprobeThresholds MsprobeThresholdsFor(Dtype dtype);

/// The spacing of `dtype` at |value|: 2^(max(floor(log2|value|), emin) - mantissa bits), so the
/// subnormal spacing below the normal range (and at 0).
double UlpAt(double value, Dtype dtype);

/// Element `index` of `array`, widened exactly to double.
double ElementValue(const ArrayView& array, size_t index);

/// Applies `standard` with the thresholds of `dtype` (normally the actual's dtype; the golden may
/// be of a wider dtype for every standard but bit_exact). Throws std::invalid_argument when the
/// counts differ, or for bit_exact when the dtypes differ.
CompareReport Compare(const ArrayView& actual, const ArrayView& golden, Standard standard, Dtype dtype);

/// The report as text: a verdict line, one line per figure, the reasons, the histogram.
std::string FormatReport(const CompareReport& report);

}  // namespace aclnn_host_tools

#endif  // ACLNN_HOST_TOOLS_COMPARE_H_
