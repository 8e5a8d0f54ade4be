// The NPU tiling of an operator on a shape, as the JSON `aclnn-host tiling --json` prints and
// aclnn_host.tiling() returns, from the library's public inspection API (aclnn_host/inspect.h).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn_host/inspect.h"
#include "cli.h"

namespace aclnn_host_cli {

const aclnnHostSocInfo& ProfileFor(const std::string& soc) {
  std::string name = soc;
  if (name.empty()) {
    const char* env = std::getenv("ACLNN_HOST_SOC");
    name = env != nullptr && *env != '\0' ? env : aclnnHostDefaultSocName();
  }
  CheckSocName(name);
  return *aclnnHostSocFind(name.c_str());
}

nlohmann::ordered_json TilingReport(const std::string& op_name, const std::string& shape_text,
                                    const std::string& dtype_text, const std::string& soc) {
  const OpInfo& op = FindOp(op_name);
  const std::vector<int64_t> shape = ParseIntList(shape_text, "--shape", false);
  const aclDataType dtype = ParseDtype(dtype_text);
  const aclnnHostSocInfo& profile = ProfileFor(soc);
  if (dtype == ACL_BF16 && profile.supportsBf16 == 0) {
    throw CliError(kExitUsage, std::string(op.aclnn_name) + " does not take bf16 on " + profile.name + " (" +
                                   profile.series + "): its dtype list is fp32 and fp16");
  }
  aclnnHostTiling tiling;
  std::vector<int64_t> ranges;
  char error[512] = "";
  // The first call counts the cores, the second fills their ranges.
  for (int pass = 0; pass < 2; ++pass) {
    if (aclnnHostGetTiling(aclnnHostOpFind(op.name), shape.data(), shape.size(), dtype, profile.name, &tiling,
                           ranges.data(), ranges.size() / 2, error, sizeof(error)) != ACLNN_SUCCESS) {
      throw CliError(kExitUsage, error);
    }
    ranges.resize(2 * tiling.coreCount);
  }

  int64_t elements = 1;
  for (int64_t d : shape) elements *= d;
  const int64_t chunk = tiling.chunk;
  nlohmann::ordered_json json;
  json["op"] = op.name;
  json["aclnn"] = op.aclnn_name;
  json["kernel"] = op.kernel_name;
  json["soc"] = profile.name;
  json["series"] = profile.series;
  json["arch"] = tiling.arch;
  json["shape"] = shape;
  json["dtype"] = DtypeDisplayName(dtype);
  json["elements"] = elements;
  json["tiling_key"] = tiling.hasTilingKey != 0 ? nlohmann::ordered_json(tiling.tilingKey) : nlohmann::ordered_json();
  nlohmann::ordered_json data = nlohmann::ordered_json::object();
  for (size_t i = 0; i < tiling.fieldCount; ++i) data[tiling.fields[i].name] = tiling.fields[i].value;
  json["tiling_data"] = data;
  json["block_dim"] = tiling.blockDim;
  json["workspace"] = tiling.workspace;
  json["chunk"] = chunk;
  // Published: an AscendC kernel's own tiling (V2 everywhere; V1 and the forward op on Ascend 950).
  // The built-in TBE kernels are auto-scheduled: their tiling is not published.
  json["published"] = tiling.published != 0;
  nlohmann::ordered_json cores = nlohmann::ordered_json::array();
  for (size_t i = 0; i < tiling.coreCount; ++i) {
    const int64_t begin = ranges[2 * i], end = ranges[2 * i + 1];
    nlohmann::ordered_json core;
    core["core"] = i;
    core["begin"] = begin;
    core["end"] = end;
    core["chunks"] = chunk > 0 ? (end - begin + chunk - 1) / chunk : 0;
    cores.push_back(core);
  }
  json["cores"] = cores;
  return json;
}

}  // namespace aclnn_host_cli
