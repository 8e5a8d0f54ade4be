// The operator table and the parsing of names, dtypes and integer lists.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "cli.h"
#include "runtime/soc_profile.h"

namespace aclnn_host_cli {
namespace {

// Lower case, without '-' and '_', and without a leading "aclnn".
std::string NormalizeName(const std::string& name) {
  std::string text;
  for (char c : name) {
    if (c == '-' || c == '_') continue;
    text += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (text.compare(0, 5, "aclnn") == 0) text.erase(0, 5);
  return text;
}

std::string Trim(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  const size_t end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

const std::vector<OpInfo>& Ops() {
  static const std::vector<OpInfo> ops = {
      {OpKind::kBackwardV2,
       "hardswish_backward_v2",
       "aclnnHardswishBackwardV2",
       "HardSwishGradV2",
       {"grad_output", "self"},
       "hardswish_backward_v2"},
      {OpKind::kBackwardV1,
       "hardswish_backward",
       "aclnnHardswishBackward",
       "HardSwishGrad",
       {"grad_output", "self"},
       "hardswish_backward"},
      {OpKind::kForward, "hardswish", "aclnnHardswish", "HardSwish", {"self"}, "hardswish"},
      {OpKind::kForwardInplace, "inplace_hardswish", "aclnnInplaceHardswish", "HardSwish", {"self"}, "hardswish_"},
  };
  return ops;
}

const OpInfo& FindOp(const std::string& name) {
  const std::string key = NormalizeName(name);
  for (const OpInfo& op : Ops()) {
    if (key == NormalizeName(op.name)) return op;
  }
  std::string names;
  for (const OpInfo& op : Ops()) names += std::string(names.empty() ? "" : ", ") + op.name;
  throw CliError(kExitUsage, "unknown operator \"" + name + "\"; the operators are " + names +
                                 " (the aclnn names, e.g. aclnnHardswishBackwardV2, work too)");
}

std::string CanonicalInputName(const OpInfo& op, const std::string& name) {
  const std::string key = NormalizeName(name);
  std::string canonical;
  if (key == "gradoutput" || key == "grad" || key == "g") canonical = "grad_output";
  if (key == "self" || key == "x") canonical = "self";
  for (const char* input : op.inputs) {
    if (canonical == input) return canonical;
  }
  std::string names;
  for (const char* input : op.inputs) names += std::string(names.empty() ? "" : ", ") + input;
  throw CliError(kExitUsage, "\"" + name + "\" is not an input of " + op.name + "; its inputs are " + names);
}

aclDataType ParseDtype(const std::string& name) {
  const std::string key = NormalizeName(name);
  if (key == "fp32" || key == "float32" || key == "float" || key == "f32") return ACL_FLOAT;
  if (key == "fp16" || key == "float16" || key == "half" || key == "f16") return ACL_FLOAT16;
  if (key == "bf16" || key == "bfloat16") return ACL_BF16;
  throw CliError(kExitUsage, "unknown dtype \"" + name + "\"; the dtypes are fp32, fp16 and bf16");
}

const char* DtypeDisplayName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT:
      return "float32";
    case ACL_FLOAT16:
      return "float16";
    case ACL_BF16:
      return "bfloat16";
    default:
      return "unsupported";
  }
}

std::vector<int64_t> ParseIntList(const std::string& text, const std::string& what, bool allow_negative) {
  std::string body = Trim(text);
  if (body.size() >= 2 &&
      ((body.front() == '[' && body.back() == ']') || (body.front() == '(' && body.back() == ')'))) {
    body = Trim(body.substr(1, body.size() - 2));
  }
  std::vector<int64_t> values;
  if (body.empty()) return values;
  size_t at = 0;
  for (;;) {
    const size_t comma = body.find_first_of(",x", at);
    const std::string item = Trim(body.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
    char* end = nullptr;
    errno = 0;
    const long long value = std::strtoll(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || errno == ERANGE || (!allow_negative && value < 0)) {
      throw CliError(kExitUsage, "malformed " + what + " \"" + text + "\": expected comma-separated " +
                                     (allow_negative ? "integers" : "non-negative integers") + ", e.g. 2,3");
    }
    values.push_back(value);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return values;
}

std::string FormatList(const std::vector<int64_t>& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

void CheckSocName(const std::string& name) {
  if (aclnn_host::FindSocProfile(name) != nullptr) return;
  throw CliError(kExitUsage, "unknown SoC \"" + name + "\"; the SoC profiles are " + aclnn_host::SocProfileNames());
}

std::vector<std::string> SocNames() {
  size_t count = 0;
  const aclnn_host::SocProfile* profiles = aclnn_host::SocProfiles(&count);
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) names.push_back(profiles[i].name);
  return names;
}

}  // namespace aclnn_host_cli
