// `aclnn-host tiling` and `aclnn-host info`: what the library decides and what it runs on, from
// its internal API (the tiling through tools/tiling.cc; runtime/soc_profile.h, kernels/isa.h).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "acl/acl.h"
#include "aclnn_host/inspect.h"
#include "cli.h"

#ifndef ACLNN_HOST_VERSION
#define ACLNN_HOST_VERSION "unknown"
#endif

namespace aclnn_host_cli {

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
  char isa_error[256] = "";
  const char* active = aclnnHostActiveIsa(isa_error, sizeof(isa_error));
  const bool has_active = active != nullptr;
  std::vector<const char*> supported(aclnnHostSupportedIsas(nullptr, 0)), compiled(aclnnHostCompiledIsas(nullptr, 0));
  aclnnHostSupportedIsas(supported.data(), supported.size());
  aclnnHostCompiledIsas(compiled.data(), compiled.size());
  const size_t threads = aclnnHostThreadCount();
  const char* env_soc = std::getenv("ACLNN_HOST_SOC");
  const std::string soc = env_soc != nullptr && *env_soc != '\0' ? env_soc : aclnnHostDefaultSocName();
  const size_t count = aclnnHostSocCount();

  if (options.json) {
    nlohmann::ordered_json json;
    json["version"] = ACLNN_HOST_VERSION;
    json["acl_version"] = acl_version;
    json["soc"] = soc;
    json["isa"] = {{"active", has_active ? nlohmann::ordered_json(active) : nlohmann::ordered_json()},
                   {"error", has_active ? nlohmann::ordered_json() : nlohmann::ordered_json(isa_error)},
                   {"supported", supported},
                   {"compiled", compiled}};
    json["threads"] = threads;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (size_t i = 0; i < count; ++i) {
      const aclnnHostSocInfo& p = *aclnnHostSocGet(i);
      list.push_back({{"name", p.name},
                      {"series", p.series},
                      {"cores", p.vectorCoreCount},
                      {"ub_size", p.ubSize},
                      {"library_workspace", p.libraryWorkspace},
                      {"bf16", p.supportsBf16 != 0},
                      {"saturation_only", p.saturationOnly != 0},
                      {"flushes_subnormals", p.flushesSubnormals != 0},
                      {"tiling", p.tilingArch},
                      {"device_memory", p.deviceMemoryBytes}});
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
  std::printf("ISA          %s", has_active ? active : "none");
  if (!has_active) std::printf(" (%s)", isa_error);
  std::printf("\n  supported ");
  for (const char* name : supported) std::printf(" %s", name);
  std::printf("\n  compiled  ");
  for (const char* name : compiled) std::printf(" %s", name);
  std::printf("\nthreads      %zu\n\nSoC profiles\n", threads);
  std::printf("  %-18s %-18s %5s %8s %10s %5s %6s %4s %7s\n", "name", "series", "cores", "UB", "workspace", "bf16",
              "sat", "ftz", "tiling");
  for (size_t i = 0; i < count; ++i) {
    const aclnnHostSocInfo& p = *aclnnHostSocGet(i);
    std::printf("  %-18s %-18s %5u %8" PRIu64 " %10" PRIu64 " %5s %6s %4s %7s\n", p.name, p.series, p.vectorCoreCount,
                p.ubSize, p.libraryWorkspace, p.supportsBf16 ? "yes" : "no", p.saturationOnly ? "only" : "no",
                p.flushesSubnormals ? "yes" : "no", p.tilingArch);
  }
  return kExitOk;
}

}  // namespace aclnn_host_cli
