// The kernel variants, one per instruction set, best first (style.md §5, §6). This one list
// drives dispatch (ActiveIsa), the tests (every supported variant against the reference) and the
// benchmarks. Each operator's kernel file instantiates its kernels for every Highway target in
// the list and selects them with AH_SELECT_BY_ISA (kernels/simd/dispatch.h).
#ifndef ACLNN_HOST_KERNELS_ISA_H_
#define ACLNN_HOST_KERNELS_ISA_H_

#include <string>
#include <vector>

#include "common/export.h"

namespace aclnn_host {
namespace kernels {

enum class Isa {
  kAvx512Bf16,  // Highway AVX3 plus AVX512_BF16's vcvtne2ps2bf16 for bf16 outputs
  kAvx512,      // Highway AVX3: AVX-512 F/VL/DQ/BW
  kAvx2,        // Highway AVX2: AVX2 + FMA + F16C
  kSse4,        // Highway SSE4
  kNeon,        // Highway NEON (aarch64)
  kBaseline,    // Highway EMU128 (or SCALAR with GCC < 12.3): portable C++
};

/// "avx512bf16", "avx512", "avx2", "sse4", "neon", "baseline".
AH_INTERNAL_API const char* IsaName(Isa isa);

/// The variants compiled into this build, best first (the baseline is always last).
AH_INTERNAL_API const std::vector<Isa>& CompiledIsas();

/// Whether this CPU (and OS) can run `isa`.
AH_INTERNAL_API bool IsaSupported(Isa isa);

/// The compiled variants this host can run, best first.
AH_INTERNAL_API std::vector<Isa> SupportedIsas();

/// The variant every kernel uses, chosen once per process: the best supported one, capped by
/// ACLNN_HOST_MAX_ISA (an ISA name: no variant better than it is used). False, with `*error` set,
/// when ACLNN_HOST_MAX_ISA names no compiled variant.
AH_INTERNAL_API bool ActiveIsa(Isa* isa, std::string* error);

}  // namespace kernels
}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_ISA_H_
