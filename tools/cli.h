// The aclnn-host tool's shared pieces: the operator table, name parsing, errors with exit codes,
// and the options of each subcommand (tools/main.cc declares them with CLI11).
#ifndef ACLNN_HOST_TOOLS_CLI_H_
#define ACLNN_HOST_TOOLS_CLI_H_

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "aclnn_host/inspect.h"
#include "aclnn_host/ops.h"

namespace aclnn_host_cli {

/// Exit codes (docs/cli.md, "Exit codes").
enum ExitCode : int {
  kExitOk = 0,
  kExitInternal = 1,  // an unexpected failure of the tool itself
  kExitUsage = 2,     // the command line: unknown op, dtype, SoC or input, a malformed value
  kExitInput = 3,     // an input file: unreadable, malformed .npy, wrong size or dtype
  kExitLibrary = 4,   // an acl/aclnn call returned a failing status (its aclGetRecentErrMsg is shown)
  kExitOutput = 5,    // the output could not be written
  // `compare` only: the verdict is not a pass. Shares 1 with kExitInternal, as test scripts
  // expect of a failing comparison (docs/cli.md).
  kExitCompareFailed = 1,
};

/// A failure that ends the command with `code` and prints `what()`.
class CliError : public std::runtime_error {
 public:
  CliError(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode code() const { return code_; }

 private:
  ExitCode code_;
};

/// One operator of the library's table (aclnn_host/ops.h), with the tool's snake_case names.
struct OpInfo {
  const aclnnHostOpInfo* entry;
  const char* name;                  // the tool's name, e.g. "hardswish_backward_v2"
  const char* aclnn_name;            // e.g. "aclnnHardswishBackwardV2"
  const char* kernel_name;           // the NPU kernel, e.g. "HardSwishGradV2"
  const char* python_name;           // the Python module's function, e.g. "hardswish_" (in place, as torch names it)
  std::vector<std::string> inputs;   // "grad_output", "self", in the C signature's order
  std::vector<std::string> scalars;  // "negative_slope", ...
  std::vector<std::string> flags;    // "self_is_result", ...
  bool in_place;                     // the first input is the output
  bool output_casts;                 // the output may have another float dtype
};

/// Every operator of the library, in the order `aclnn-host --help` lists them: the library's one
/// table (aclnnHostOpGet), which the CLI and the Python module (one function per row) follow.
const std::vector<OpInfo>& Ops();

/// The op named `name`: the tool's name or the aclnn name, case, '-' and '_' ignored
/// ("hardswish-backward-v2", "aclnnHardswishBackwardV2"). Throws kExitUsage otherwise.
const OpInfo& FindOp(const std::string& name);

/// `name` as one of `op`'s inputs: its snake_case name or upstream's (gradOutput), '-', '_' and
/// case ignored; also grad or g for grad_output and x for self. Throws kExitUsage.
std::string CanonicalInputName(const OpInfo& op, const std::string& name);

/// "negativeSlope" -> "negative_slope".
std::string SnakeCase(const char* name);

/// fp32/float32/float, fp16/float16/half, bf16/bfloat16 → the aclDataType; throws kExitUsage.
aclDataType ParseDtype(const std::string& name);

/// A scalar argument's dtype: the tensor dtypes, and fp64/double, int64, int32, int16, int8, uint8, bool.
aclDataType ParseScalarDtype(const std::string& name);

/// An aclScalar holding `value` in `dtype` (fp16 and bf16 rounded to nearest-even, integers
/// truncated), or nullptr when aclCreateScalar fails. The caller destroys it.
aclScalar* CreateScalarOf(double value, aclDataType dtype);

/// "float32", "float16", "bfloat16".
const char* DtypeDisplayName(aclDataType dtype);
/// numpy's descr of a dtype's .npy files ("<f4", "|i1"; "<u2" bit patterns for bf16).
const char* NpyDescrOf(aclDataType dtype);
/// The dtype a .npy descr holds ("<f4" -> ACL_FLOAT), ACL_DT_UNDEFINED for 2-byte integers (bf16
/// bits, decided by --dtype) and unsupported ones.
aclDataType DtypeOfNpyDescr(const std::string& descr);

/// "2,3" → {2, 3}; "" or "[]" → {} (rank 0). Throws kExitUsage, naming `what`, when malformed.
std::vector<int64_t> ParseIntList(const std::string& text, const std::string& what, bool allow_negative);

/// "[2, 3]".
std::string FormatList(const std::vector<int64_t>& values);

/// Checks that `name` is an SoC profile of the library; throws kExitUsage listing them otherwise.
void CheckSocName(const std::string& name);

/// The names of the library's SoC profiles, in table order.
std::vector<std::string> SocNames();

struct RunOptions {
  std::string op;
  std::vector<std::string> inputs;  // NAME=FILE
  std::string output;
  std::string soc;
  std::vector<std::string> dtypes;  // DTYPE or NAME=DTYPE
  std::string out_dtype;
  std::vector<std::string> scalars;  // NAME=VALUE[:DTYPE]
  std::vector<std::string> flags;    // NAME[=0|1]
  std::vector<std::string> shapes;   // DIMS or NAME=DIMS
  std::vector<std::string> strides;  // STRIDES or NAME=STRIDES
  std::vector<std::string> offsets;  // N or NAME=N
  bool print = false;
  // `golden` (instead of --output): the inputs and the output in ops-test-kit's manual-data
  // layout, golden_dir/golden_case/{input_<i>_<dtype>.bin, golden_0_<dtype>__shape_<AxB>.bin}.
  std::string golden_dir;
  std::string golden_case;
};

struct TilingOptions {
  std::string op;
  std::string shape;
  std::string dtype = "fp32";
  std::string soc;
  bool json = false;
};

struct InfoOptions {
  bool json = false;
};

struct BenchOptions {
  std::string op;
  std::vector<std::string> scalars;  // NAME=VALUE[:DTYPE]
  std::vector<std::string> flags;    // NAME[=0|1]
  std::string shape;
  std::string dtype = "fp32";
  std::string out_dtype;
  std::string soc;
  int iterations = 0;  // 0: as many as fit in about `seconds`
  int warmup = 3;
  double seconds = 1.0;
  bool json = false;
};

struct CompareOptions {
  std::string actual;
  std::string golden;
  std::string standard;
  std::string dtype;         // the actual's dtype, whose thresholds apply (needed for raw and <u2 files)
  std::string golden_dtype;  // the golden's, for a raw or <u2 golden (default: --dtype)
  bool json = false;
};

/// The tiling of `op` on a shape ("2,3"), dtype and SoC ("" for ACLNN_HOST_SOC or the default):
/// the object `aclnn-host tiling --json` prints (docs/cli.md). Throws CliError(kExitUsage).
nlohmann::ordered_json TilingReport(const std::string& op, const std::string& shape, const std::string& dtype,
                                    const std::string& soc);

/// The profile `soc` names, or ACLNN_HOST_SOC's, or the default's; throws kExitUsage if unknown.
const aclnnHostSocInfo& ProfileFor(const std::string& soc);

int RunCommand(const RunOptions& options);
/// Exits kExitOk on a pass and kExitCompareFailed on a warning or a failure.
int CompareCommand(const CompareOptions& options);
int BenchCommand(const BenchOptions& options);
int TilingCommand(const TilingOptions& options);
int InfoCommand(const InfoOptions& options);

}  // namespace aclnn_host_cli

#endif  // ACLNN_HOST_TOOLS_CLI_H_
