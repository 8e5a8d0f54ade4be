// The NPU tiling of an operator on a shape, as the JSON `aclnn-host tiling --json` prints and
// aclnn_host.tiling() returns, from the library's internal tiling (ops/hardswish_grad_tiling.h).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "cli.h"
#include "common/dims.h"
#include "ops/hardswish_grad_tiling.h"
#include "ops/op_spec.h"
#include "runtime/soc_profile.h"

namespace aclnn_host_cli {

using aclnn_host::OpTiling;
using aclnn_host::SocProfile;

const char* ArchName(aclnn_host::TilingArch arch) {
  return arch == aclnn_host::TilingArch::kArch35 ? "arch35" : "arch22";
}

const SocProfile& ProfileFor(const std::string& soc) {
  std::string name = soc;
  if (name.empty()) {
    const char* env = std::getenv("ACLNN_HOST_SOC");
    name = env != nullptr && *env != '\0' ? env : aclnn_host::kDefaultSocName;
  }
  CheckSocName(name);
  return *aclnn_host::FindSocProfile(name);
}

nlohmann::ordered_json TilingReport(const std::string& op_name, const std::string& shape_text,
                                    const std::string& dtype_text, const std::string& soc) {
  const OpInfo& op = FindOp(op_name);
  const std::vector<int64_t> shape = ParseIntList(shape_text, "--shape", false);
  const aclDataType dtype = ParseDtype(dtype_text);
  const SocProfile& profile = ProfileFor(soc);
  if (dtype == ACL_BF16 && !profile.supports_bf16) {
    throw CliError(kExitUsage, std::string(op.aclnn_name) + " does not take bf16 on " + profile.name + " (" +
                                   profile.series_name + "): its dtype list is fp32 and fp16");
  }
  const aclnn_host::OpSpec& spec = *aclnn_host::FindOpSpec(op.name);
  if (profile.series == aclnn_host::SocSeries::kAscend310P || profile.series == aclnn_host::SocSeries::kAscend310B) {
    throw CliError(kExitUsage, std::string(op.kernel_name) + " has no kernel for " + profile.name + " (" +
                                   profile.series_name + ")");
  }
  if (shape.size() > aclnn_host::kMaxTensorRank) {
    throw CliError(kExitUsage, "--shape has more than " + std::to_string(aclnn_host::kMaxTensorRank) + " dims");
  }
  aclnn_host::Dims dims;
  for (int64_t d : shape) dims.PushBack(d);
  OpTiling tiling;
  std::string error;
  if (!aclnn_host::ComputeOpTiling(spec, dims, dims, dtype, profile, &tiling, &error)) {
    throw CliError(kExitUsage, "the tiling fails: " + error);
  }
  if (aclnn_host::RunsTbeKernel(spec, profile)) tiling.workspace = 0;  // TBE kernels ask for none

  int64_t elements = 1;
  for (int64_t d : shape) elements *= d;
  const int64_t chunk = tiling.split.chunk;
  nlohmann::ordered_json json;
  json["op"] = op.name;
  json["aclnn"] = op.aclnn_name;
  json["kernel"] = op.kernel_name;
  json["soc"] = profile.name;
  json["series"] = profile.series_name;
  json["arch"] = ArchName(tiling.arch);
  json["shape"] = shape;
  json["dtype"] = DtypeDisplayName(dtype);
  json["elements"] = elements;
  json["tiling_key"] = tiling.has_tiling_key ? nlohmann::ordered_json(tiling.tiling_key) : nlohmann::ordered_json();
  nlohmann::ordered_json data = nlohmann::ordered_json::object();
  for (size_t i = 0; i < tiling.field_count; ++i) data[tiling.fields[i].name] = tiling.fields[i].value;
  json["tiling_data"] = data;
  json["block_dim"] = tiling.block_dim;
  json["workspace"] = tiling.workspace;
  json["chunk"] = chunk;
  // Published: an AscendC kernel's own tiling (V2 everywhere; V1 and the forward op on Ascend 950).
  // The built-in TBE kernels are auto-scheduled: their tiling is not published.
  json["published"] = aclnn_host::TilingIsPublished(spec, profile);
  nlohmann::ordered_json cores = nlohmann::ordered_json::array();
  for (size_t i = 0; i < tiling.split.cores.size(); ++i) {
    const auto& range = tiling.split.cores[i];
    nlohmann::ordered_json core;
    core["core"] = i;
    core["begin"] = range.begin;
    core["end"] = range.end;
    core["chunks"] = chunk > 0 ? (range.end - range.begin + chunk - 1) / chunk : 0;
    cores.push_back(core);
  }
  json["cores"] = cores;
  return json;
}

}  // namespace aclnn_host_cli
