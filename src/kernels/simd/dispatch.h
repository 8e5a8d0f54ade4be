// Maps an Isa to the per-target namespace Highway compiled for it. Use inside `#if HWY_ONCE` of a
// foreach_target kernel file, in namespace aclnn_host::kernels:
//   AH_SELECT_BY_ISA(isa, HardswishGradV2Table, dtype, flush);   // returns from the function
// The per-target function receives the Isa first (two variants share the AVX3 target).
#ifndef ACLNN_HOST_KERNELS_SIMD_DISPATCH_H_
#define ACLNN_HOST_KERNELS_SIMD_DISPATCH_H_

#include <hwy/highway.h>

#include "kernels/isa.h"

#if HWY_TARGETS & HWY_AVX3
#define AH_IF_AVX3(...) __VA_ARGS__
#else
#define AH_IF_AVX3(...)
#endif
#if HWY_TARGETS & HWY_AVX2
#define AH_IF_AVX2(...) __VA_ARGS__
#else
#define AH_IF_AVX2(...)
#endif
#if HWY_TARGETS & HWY_SSE4
#define AH_IF_SSE4(...) __VA_ARGS__
#else
#define AH_IF_SSE4(...)
#endif
#if HWY_TARGETS & HWY_NEON
#define AH_IF_NEON(...) __VA_ARGS__
#else
#define AH_IF_NEON(...)
#endif
// The portable baseline is Highway's EMU128, or HWY_SCALAR where the compiler miscompiles EMU128
// (GCC before 12.3, Highway's HWY_BROKEN_EMU128).
#if HWY_TARGETS & HWY_EMU128
#define AH_BASELINE_CASE(function, ...) \
  case Isa::kBaseline:                  \
    return N_EMU128::function(Isa::kBaseline, __VA_ARGS__);
#elif HWY_TARGETS & HWY_SCALAR
#define AH_BASELINE_CASE(function, ...) \
  case Isa::kBaseline:                  \
    return N_SCALAR::function(Isa::kBaseline, __VA_ARGS__);
#else
#define AH_BASELINE_CASE(function, ...)
#endif

// clang-format off
#define AH_SELECT_BY_ISA(isa, function, ...)                                          \
  switch (isa) {                                                                      \
    AH_IF_AVX3(case Isa::kAvx512Bf16: return N_AVX3::function(isa, __VA_ARGS__);)     \
    AH_IF_AVX3(case Isa::kAvx512: return N_AVX3::function(isa, __VA_ARGS__);)         \
    AH_IF_AVX2(case Isa::kAvx2: return N_AVX2::function(isa, __VA_ARGS__);)           \
    AH_IF_SSE4(case Isa::kSse4: return N_SSE4::function(isa, __VA_ARGS__);)           \
    AH_IF_NEON(case Isa::kNeon: return N_NEON::function(isa, __VA_ARGS__);)           \
    AH_BASELINE_CASE(function, __VA_ARGS__)                                           \
    default:                                                                          \
      break;                                                                          \
  }
// clang-format on

#endif  // ACLNN_HOST_KERNELS_SIMD_DISPATCH_H_
