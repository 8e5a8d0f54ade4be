// `aclnn-host tiling` and `aclnn-host info`: what the library decides and what it runs on, from
// its internal API (ops/hardswish_grad_tiling.h, runtime/soc_profile.h, kernels/isa.h).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "acl/acl.h"
#include "cli.h"
#include "common/dims.h"
#include "kernels/isa.h"
#include "ops/hardswish_grad_tiling.h"
#include "runtime/soc_profile.h"
#include "runtime/thread_pool.h"

#ifndef ACLNN_HOST_VERSION
#define ACLNN_HOST_VERSION "unknown"
#endif

namespace aclnn_host_cli {
namespace {

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

}  // namespace

int TilingCommand(const TilingOptions& options) {
  const OpInfo& op = FindOp(options.op);
  const std::vector<int64_t> shape = ParseIntList(options.shape, "--shape", false);
  const aclDataType dtype = ParseDtype(options.dtype);
  const SocProfile& profile = ProfileFor(options.soc);
  if (dtype == ACL_BF16 && !profile.supports_bf16) {
    throw CliError(kExitUsage, std::string(op.aclnn_name) + " does not take bf16 on " + profile.name + " (" +
                                   profile.series_name + "): its dtype list is fp32 and fp16");
  }
  const bool backward = op.kind == OpKind::kBackwardV2 || op.kind == OpKind::kBackwardV1;
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
  if (backward) {
    std::string error;
    if (!aclnn_host::ComputeHardswishGradTiling(dims, dims, dtype, profile, &tiling, &error)) {
      throw CliError(kExitUsage, "the tiling fails: " + error);
    }
  } else {
    int64_t count = 1;
    for (int64_t d : shape) {
      if (d != 0 && count > INT64_MAX / d) throw CliError(kExitUsage, "--shape has too many elements");
      count *= d;
    }
    tiling = profile.tiling_arch == aclnn_host::TilingArch::kArch35
                 ? aclnn_host::HardswishTilingArch35(count, dtype, profile)
                 : aclnn_host::ElementwiseTiling(count, aclDataTypeSize(dtype), profile);
  }
  // Published: V2's tilings everywhere; on Ascend 950 the AscendC tilings of V1 (the same
  // formulas as V2's arch35 one) and of the forward op. The built-in TBE kernels that the forward
  // op and V1 run on the other SoCs are auto-scheduled: their tiling is not published.
  const bool arch35 = profile.tiling_arch == aclnn_host::TilingArch::kArch35;
  const bool published = op.kind == OpKind::kBackwardV2 || arch35;

  int64_t elements = 1;
  for (int64_t d : shape) elements *= d;
  const int64_t chunk = tiling.split.chunk;
  if (options.json) {
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
    json["published"] = published;
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
    std::printf("%s\n", json.dump(2).c_str());
    return kExitOk;
  }
  std::printf("%s (%s kernel) on %s, %s, tiling %s\n", op.aclnn_name, op.kernel_name, profile.name, profile.series_name,
              ArchName(tiling.arch));
  if (!published) {
    std::printf(
        "note: this SoC runs the built-in TBE kernel, whose tiling is not published; this is the %s\n"
        "      elementwise tiling that aclnn-host splits it with (docs/design.md)\n",
        ArchName(tiling.arch));
  }
  std::printf("shape %s %s, %" PRId64 " elements\n", FormatList(shape).c_str(), DtypeDisplayName(dtype), elements);
  if (tiling.has_tiling_key) std::printf("tiling key   %" PRIu64 "\n", tiling.tiling_key);
  std::printf("tiling data ");
  for (size_t i = 0; i < tiling.field_count; ++i) {
    std::printf(" %s=%" PRId64, tiling.fields[i].name, tiling.fields[i].value);
  }
  std::printf("\nblock dim    %u\nworkspace    %" PRIu64 " bytes\nchunk        %" PRId64 " elements\n",
              tiling.block_dim, tiling.workspace, chunk);
  std::printf("%6s %14s %14s %12s %8s\n", "core", "begin", "end", "elements", "chunks");
  for (size_t i = 0; i < tiling.split.cores.size(); ++i) {
    const auto& range = tiling.split.cores[i];
    const int64_t chunks = chunk > 0 ? (range.end - range.begin + chunk - 1) / chunk : 0;
    std::printf("%6zu %14" PRId64 " %14" PRId64 " %12" PRId64 " %8" PRId64 "\n", i, range.begin, range.end,
                range.end - range.begin, chunks);
  }
  return kExitOk;
}

int InfoCommand(const InfoOptions& options) {
  int32_t major = 0, minor = 0, patch = 0;
  aclrtGetVersion(&major, &minor, &patch);
  const std::string acl_version = std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
  aclnn_host::kernels::Isa active = aclnn_host::kernels::Isa::kBaseline;
  std::string isa_error;
  const bool has_active = aclnn_host::kernels::ActiveIsa(&active, &isa_error);
  std::vector<std::string> supported, compiled;
  for (auto isa : aclnn_host::kernels::SupportedIsas()) supported.push_back(aclnn_host::kernels::IsaName(isa));
  for (auto isa : aclnn_host::kernels::CompiledIsas()) compiled.push_back(aclnn_host::kernels::IsaName(isa));
  const size_t threads = aclnn_host::HostThreadPool().concurrency();
  const char* env_soc = std::getenv("ACLNN_HOST_SOC");
  const std::string soc = env_soc != nullptr && *env_soc != '\0' ? env_soc : aclnn_host::kDefaultSocName;
  size_t count = 0;
  const SocProfile* profiles = aclnn_host::SocProfiles(&count);

  if (options.json) {
    nlohmann::ordered_json json;
    json["version"] = ACLNN_HOST_VERSION;
    json["acl_version"] = acl_version;
    json["soc"] = soc;
    json["isa"] = {{"active", has_active ? nlohmann::ordered_json(aclnn_host::kernels::IsaName(active))
                                         : nlohmann::ordered_json()},
                   {"error", has_active ? nlohmann::ordered_json() : nlohmann::ordered_json(isa_error)},
                   {"supported", supported},
                   {"compiled", compiled}};
    json["threads"] = threads;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (size_t i = 0; i < count; ++i) {
      const SocProfile& p = profiles[i];
      list.push_back({{"name", p.name},
                      {"series", p.series_name},
                      {"cores", p.vector_core_count},
                      {"ub_size", p.ub_size},
                      {"library_workspace", p.library_workspace},
                      {"bf16", p.supports_bf16},
                      {"saturation_only", p.saturation_only},
                      {"flushes_subnormals", p.flushes_subnormals},
                      {"tiling", ArchName(p.tiling_arch)},
                      {"device_memory", p.device_memory_bytes}});
    }
    json["soc_profiles"] = list;
    std::printf("%s\n", json.dump(2).c_str());
    return kExitOk;
  }
  std::printf("aclnn-host %s (AscendCL API %s)\n", ACLNN_HOST_VERSION, acl_version.c_str());
  std::printf("SoC          %s%s\n", soc.c_str(),
              env_soc != nullptr && *env_soc != '\0' ? " (ACLNN_HOST_SOC)" : " (default)");
  std::printf("ISA          %s", has_active ? aclnn_host::kernels::IsaName(active) : "none");
  if (!has_active) std::printf(" (%s)", isa_error.c_str());
  std::printf("\n  supported ");
  for (const std::string& name : supported) std::printf(" %s", name.c_str());
  std::printf("\n  compiled  ");
  for (const std::string& name : compiled) std::printf(" %s", name.c_str());
  std::printf("\nthreads      %zu\n\nSoC profiles\n", threads);
  std::printf("  %-18s %-18s %5s %8s %10s %5s %6s %4s %7s\n", "name", "series", "cores", "UB", "workspace", "bf16",
              "sat", "ftz", "tiling");
  for (size_t i = 0; i < count; ++i) {
    const SocProfile& p = profiles[i];
    std::printf("  %-18s %-18s %5u %8" PRIu64 " %10" PRIu64 " %5s %6s %4s %7s\n", p.name, p.series_name,
                p.vector_core_count, p.ub_size, p.library_workspace, p.supports_bf16 ? "yes" : "no",
                p.saturation_only ? "only" : "no", p.flushes_subnormals ? "yes" : "no", ArchName(p.tiling_arch));
  }
  return kExitOk;
}

}  // namespace aclnn_host_cli
