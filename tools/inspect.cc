// `aclnn-host tiling` and `aclnn-host info`: what the library decides and what it runs on, from
// its internal API (the tiling through tools/tiling.cc; runtime/soc_profile.h, kernels/isa.h).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "acl/acl.h"
#include "cli.h"
#include "kernels/isa.h"
#include "runtime/soc_profile.h"
#include "runtime/thread_pool.h"

#ifndef ACLNN_HOST_VERSION
#define ACLNN_HOST_VERSION "unknown"
#endif

namespace aclnn_host_cli {

using aclnn_host::SocProfile;

int TilingCommand(const TilingOptions& options) {
  const nlohmann::ordered_json json = TilingReport(options.op, options.shape, options.dtype, options.soc);
  if (options.json) {
    std::printf("%s\n", json.dump(2).c_str());
    return kExitOk;
  }
  std::printf("%s (%s kernel) on %s, %s, tiling %s\n", json["aclnn"].get<std::string>().c_str(),
              json["kernel"].get<std::string>().c_str(), json["soc"].get<std::string>().c_str(),
              json["series"].get<std::string>().c_str(), json["arch"].get<std::string>().c_str());
  if (!json["published"].get<bool>()) {
    std::printf(
        "note: this SoC runs the built-in TBE kernel, whose tiling is not published; this is the %s\n"
        "      elementwise tiling that aclnn-host splits it with (docs/design.md)\n",
        json["arch"].get<std::string>().c_str());
  }
  std::printf("shape %s %s, %" PRId64 " elements\n", FormatList(json["shape"].get<std::vector<int64_t>>()).c_str(),
              json["dtype"].get<std::string>().c_str(), json["elements"].get<int64_t>());
  if (!json["tiling_key"].is_null()) std::printf("tiling key   %" PRIu64 "\n", json["tiling_key"].get<uint64_t>());
  std::printf("tiling data ");
  for (const auto& field : json["tiling_data"].items()) {
    std::printf(" %s=%" PRId64, field.key().c_str(), field.value().get<int64_t>());
  }
  std::printf("\nblock dim    %u\nworkspace    %" PRIu64 " bytes\nchunk        %" PRId64 " elements\n",
              json["block_dim"].get<uint32_t>(), json["workspace"].get<uint64_t>(), json["chunk"].get<int64_t>());
  std::printf("%6s %14s %14s %12s %8s\n", "core", "begin", "end", "elements", "chunks");
  for (const auto& core : json["cores"]) {
    const int64_t begin = core["begin"].get<int64_t>(), end = core["end"].get<int64_t>();
    std::printf("%6zu %14" PRId64 " %14" PRId64 " %12" PRId64 " %8" PRId64 "\n", core["core"].get<size_t>(), begin, end,
                end - begin, core["chunks"].get<int64_t>());
  }
  return kExitOk;
}

int InfoCommand(const InfoOptions& options) {
  int32_t major = 0, minor = 0, patch = 0;
  // CANN deprecates aclrtGetVersion; it is still the one call that reports the runtime's version triple.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  aclrtGetVersion(&major, &minor, &patch);
#pragma GCC diagnostic pop
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
    // The operator table (scripts/golden.py checks it has a model for each).
    nlohmann::ordered_json operators = nlohmann::ordered_json::array();
    for (const OpInfo& op : Ops()) {
      operators.push_back({{"name", op.name},
                           {"api", op.aclnn_name},
                           {"kernel", op.kernel_name},
                           {"inputs", op.inputs},
                           {"scalars", op.scalars},
                           {"flags", op.flags},
                           {"in_place", op.in_place},
                           {"output_casts", op.output_casts}});
    }
    json["operators"] = operators;
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
