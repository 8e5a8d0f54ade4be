#include "kernels/isa.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

#include <hwy/highway.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace aclnn_host {
namespace kernels {
namespace {

#if defined(__x86_64__) || defined(__i386__)
// What the CPU and the OS support, for the x86 variants. The kernels are compiled with Highway's
// per-target instruction sets (hwy/ops/set_macros-inl.h: SSE4 = SSE2, SSSE3, SSE4.1, SSE4.2,
// PCLMUL, AES; AVX2 adds AVX, AVX2, BMI, BMI2, FMA, F16C; AVX3 adds AVX-512 F, VL, DQ, BW), so a
// variant runs only where all of them are present — and, for AVX, where the OS saves the YMM/ZMM
// state. Detected here rather than by Highway's runtime library, whose load-time initialiser
// reads the TSC with RDTSCP (which valgrind cannot run), and so that the libraries need no
// Highway at run time.
struct X86Features {
  bool sse4 = false;
  bool avx2 = false;
  bool avx512 = false;
  bool avx512_bf16 = false;
};

uint64_t ReadXcr0() {
  uint32_t low = 0, high = 0;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  return (static_cast<uint64_t>(high) << 32) | low;
}

X86Features DetectX86() {
  X86Features f;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return f;
  const unsigned ecx1 = ecx, edx1 = edx;
  unsigned ebx7 = 0, eax7_1 = 0;
  if (__get_cpuid_max(0, nullptr) >= 7) {
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    ebx7 = ebx;
    __cpuid_count(7, 1, eax, ebx, ecx, edx);
    eax7_1 = eax;
  }
  auto all = [](unsigned reg, unsigned bits) { return (reg & bits) == bits; };
  f.sse4 = all(edx1, bit_SSE2) && all(ecx1, bit_SSSE3 | bit_SSE4_1 | bit_SSE4_2 | bit_PCLMUL | bit_AES);
  const bool os_ymm = all(ecx1, bit_OSXSAVE) && (ReadXcr0() & 0x6) == 0x6;
  f.avx2 = f.sse4 && os_ymm && all(ecx1, bit_AVX | bit_FMA | bit_F16C) && all(ebx7, bit_AVX2 | bit_BMI | bit_BMI2);
  const bool os_zmm = os_ymm && (ReadXcr0() & 0xE6) == 0xE6;
  f.avx512 = f.avx2 && os_zmm && all(ebx7, bit_AVX512F | bit_AVX512VL | bit_AVX512DQ | bit_AVX512BW);
  f.avx512_bf16 = f.avx512 && all(eax7_1, bit_AVX512BF16);
  return f;
}

bool CpuRuns(Isa isa) {
  static const X86Features features = DetectX86();
  switch (isa) {
    case Isa::kAvx512Bf16:
      return features.avx512_bf16;
    case Isa::kAvx512:
      return features.avx512;
    case Isa::kAvx2:
      return features.avx2;
    case Isa::kSse4:
      return features.sse4;
    case Isa::kNeon:
      return false;
    case Isa::kBaseline:
      return true;
  }
  return false;
}
#else
// aarch64: NEON is part of the base architecture.
bool CpuRuns(Isa isa) { return isa == Isa::kNeon || isa == Isa::kBaseline; }
#endif

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

bool IsaSupported(Isa isa) { return CpuRuns(isa); }

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
