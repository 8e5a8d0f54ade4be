// `aclnn-host compare ACTUAL GOLDEN --standard NAME`: reads the two files and applies one of
// CANN's precision standards (tools/compare.h, docs/precision.md).
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "compare.h"
#include "files.h"

namespace aclnn_host_cli {
namespace {

using aclnn_host_tools::Dtype;

struct LoadedArray {
  Dtype dtype = Dtype::kFloat32;
  bool has_shape = false;
  std::vector<int64_t> shape;
  std::vector<char> bytes;
};

Dtype ParseDtypeOption(const std::string& text, const std::string& option) {
  Dtype dtype;
  if (!aclnn_host_tools::ParseDtype(text, &dtype)) {
    throw CliError(kExitUsage, "unknown " + option + " \"" + text + "\"; the dtypes are fp32, fp16 and bf16");
  }
  return dtype;
}

// A .npy file holds its dtype (fp32, fp16; 2-byte integers are bf16 or fp16 bit patterns and need
// the dtype option); a raw file needs the dtype option. `must_match`: an fp32/fp16 .npy must hold
// the dtype given (false where the dtype is the actual's, inherited by the golden).
LoadedArray Load(const std::string& path, const std::string& dtype_text, const std::string& option,
                 const std::string& what, bool must_match) {
  const std::string where = what + " (\"" + path + "\")";
  LoadedArray loaded;
  std::vector<char> file;
  std::string error;
  if (!ReadFile(path, &file, &error)) throw CliError(kExitInput, where + ": " + error);
  const bool has_dtype = !dtype_text.empty();
  const Dtype requested = has_dtype ? ParseDtypeOption(dtype_text, option) : Dtype::kFloat32;
  if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".npy") == 0) {
    NpyArray array;
    if (!ParseNpy(&file, &array, &error)) throw CliError(kExitInput, where + ": " + error);
    if (array.fortran_order && array.shape.size() > 1) {
      throw CliError(kExitInput, where + " is in Fortran order; save it in C order (np.ascontiguousarray)");
    }
    const std::string type = array.descr.substr(1);
    if (type == "f4" || type == "f2") {
      loaded.dtype = type == "f4" ? Dtype::kFloat32 : Dtype::kFloat16;
      if (has_dtype && must_match && requested != loaded.dtype) {
        throw CliError(kExitInput, where + " holds " + aclnn_host_tools::DtypeName(loaded.dtype) + ", not the " +
                                       aclnn_host_tools::DtypeName(requested) + " that " + option + " asks for");
      }
    } else if (type == "u2" || type == "i2" || type == "V2") {
      if (!has_dtype || requested == Dtype::kFloat32) {
        throw CliError(kExitInput, where + " holds 2-byte integers ('" + array.descr + "'); bf16 bit patterns need " +
                                       option + " bf16 (or fp16)");
      }
      loaded.dtype = requested;
    } else {
      throw CliError(kExitInput, where + " has dtype '" + array.descr +
                                     "'; supported are '<f4', '<f2' and '<u2' holding bf16 bits");
    }
    loaded.has_shape = true;
    loaded.shape = array.shape;
    loaded.bytes = std::move(array.data);
    return loaded;
  }
  if (!has_dtype) throw CliError(kExitUsage, where + " is a raw file: give " + option + " (or use a .npy file)");
  loaded.dtype = requested;
  if (file.size() % aclnn_host_tools::DtypeSize(requested) != 0) {
    throw CliError(kExitInput, where + " has " + std::to_string(file.size()) + " bytes, not a whole number of " +
                                   aclnn_host_tools::DtypeName(requested) + " elements");
  }
  loaded.bytes = std::move(file);
  return loaded;
}

}  // namespace

int CompareCommand(const CompareOptions& options) {
  aclnn_host_tools::Standard standard;
  if (!aclnn_host_tools::ParseStandard(options.standard, &standard)) {
    throw CliError(kExitUsage, "unknown standard \"" + options.standard + "\"; the standards are " +
                                   aclnn_host_tools::StandardNames());
  }
  const LoadedArray actual = Load(options.actual, options.dtype, "--dtype", "the actual", true);
  const bool inherited = options.golden_dtype.empty();
  const LoadedArray golden = Load(options.golden, inherited ? options.dtype : options.golden_dtype,
                                  inherited ? "--dtype" : "--golden-dtype", "the golden", !inherited);
  if (actual.has_shape && golden.has_shape && actual.shape != golden.shape) {
    throw CliError(kExitInput, "the actual's shape " + FormatList(actual.shape) + " differs from the golden's " +
                                   FormatList(golden.shape));
  }
  const aclnn_host_tools::ArrayView actual_view{actual.dtype, actual.bytes.data(),
                                                actual.bytes.size() / aclnn_host_tools::DtypeSize(actual.dtype)};
  const aclnn_host_tools::ArrayView golden_view{golden.dtype, golden.bytes.data(),
                                                golden.bytes.size() / aclnn_host_tools::DtypeSize(golden.dtype)};
  aclnn_host_tools::CompareReport report;
  try {
    report = aclnn_host_tools::Compare(actual_view, golden_view, standard, actual.dtype);
  } catch (const std::invalid_argument& e) {
    throw CliError(kExitInput, e.what());
  }
  if (options.json) {
    nlohmann::ordered_json json;
    json["standard"] = aclnn_host_tools::StandardName(report.standard);
    json["dtype"] = aclnn_host_tools::DtypeName(report.dtype);
    json["elements"] = report.count;
    json["verdict"] = aclnn_host_tools::VerdictName(report.verdict);
    json["passed"] = report.passed();
    nlohmann::ordered_json figures = nlohmann::ordered_json::object();
    for (const auto& figure : report.figures) {
      // JSON has no infinity: an unbounded error (a NaN/Inf mismatch) is null.
      figures[figure.name] =
          std::isfinite(figure.value) ? nlohmann::ordered_json(figure.value) : nlohmann::ordered_json();
    }
    json["figures"] = figures;
    json["reasons"] = report.reasons;
    nlohmann::ordered_json histogram = nlohmann::ordered_json::array();
    for (const auto& bin : report.ulp_histogram) histogram.push_back({{"ulp", bin.label}, {"count", bin.count}});
    json["ulp_histogram"] = histogram;
    std::printf("%s\n", json.dump(2).c_str());
  } else {
    std::printf("%s", aclnn_host_tools::FormatReport(report).c_str());
  }
  return report.passed() ? kExitOk : kExitCompareFailed;
}

}  // namespace aclnn_host_cli
