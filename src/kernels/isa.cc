#include "kernels/isa.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

#include <hwy/highway.h>
#include <hwy/targets.h>

namespace aclnn_host {
namespace kernels {
namespace {

struct IsaEntry {
  Isa isa;
  const char* name;
  int64_t hwy_target;
};

// Best first. Only the targets this build compiled (HWY_TARGETS) are listed by CompiledIsas.
constexpr IsaEntry kIsas[] = {
    {Isa::kAvx512Bf16, "avx512bf16", HWY_AVX3},
    {Isa::kAvx512, "avx512", HWY_AVX3},
    {Isa::kAvx2, "avx2", HWY_AVX2},
    {Isa::kSse4, "sse4", HWY_SSE4},
    {Isa::kNeon, "neon", HWY_NEON},
    {Isa::kBaseline, "baseline", HWY_BASELINE_SCALAR},  // EMU128, or SCALAR (see dispatch.h)
};

const IsaEntry& EntryOf(Isa isa) {
  for (const IsaEntry& entry : kIsas) {
    if (entry.isa == isa) return entry;
  }
  return kIsas[sizeof(kIsas) / sizeof(kIsas[0]) - 1];
}

}  // namespace

const char* IsaName(Isa isa) { return EntryOf(isa).name; }

const std::vector<Isa>& CompiledIsas() {
  static const std::vector<Isa> compiled = [] {
    std::vector<Isa> list;
    for (const IsaEntry& entry : kIsas) {
      if ((HWY_TARGETS & entry.hwy_target) != 0) list.push_back(entry.isa);
    }
    return list;
  }();
  return compiled;
}

bool IsaSupported(Isa isa) {
  if ((hwy::SupportedTargets() & EntryOf(isa).hwy_target) == 0) return false;
#if defined(__x86_64__) || defined(__i386__)
  if (isa == Isa::kAvx512Bf16) return __builtin_cpu_supports("avx512bf16");
#endif
  return true;
}

std::vector<Isa> SupportedIsas() {
  std::vector<Isa> list;
  for (Isa isa : CompiledIsas()) {
    if (IsaSupported(isa)) list.push_back(isa);
  }
  return list;
}

bool ActiveIsa(Isa* isa, std::string* error) {
  struct Choice {
    bool ok = true;
    Isa isa = Isa::kBaseline;
    std::string error;
  };
  static const Choice choice = [] {
    Choice result;
    const std::vector<Isa> supported = SupportedIsas();
    size_t first_allowed = 0;
    const char* cap = std::getenv("ACLNN_HOST_MAX_ISA");
    if (cap != nullptr && *cap != '\0') {
      const std::vector<Isa>& compiled = CompiledIsas();
      size_t cap_rank = compiled.size();
      std::string names;
      for (size_t i = 0; i < compiled.size(); ++i) {
        if (std::strcmp(cap, IsaName(compiled[i])) == 0) cap_rank = i;
        names += (i == 0 ? "" : ", ") + std::string(IsaName(compiled[i]));
      }
      if (cap_rank == compiled.size()) {
        result.ok = false;
        result.error = "ACLNN_HOST_MAX_ISA=\"" + std::string(cap) + "\" is not one of: " + names;
        return result;
      }
      // Skip the supported variants better than the cap.
      while (first_allowed < supported.size()) {
        size_t rank = 0;
        while (compiled[rank] != supported[first_allowed]) ++rank;
        if (rank >= cap_rank) break;
        ++first_allowed;
      }
    }
    result.isa = first_allowed < supported.size() ? supported[first_allowed] : Isa::kBaseline;
    return result;
  }();
  if (!choice.ok) {
    *error = choice.error;
    return false;
  }
  *isa = choice.isa;
  return true;
}

}  // namespace kernels
}  // namespace aclnn_host
