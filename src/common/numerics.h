// Storage type <-> compute type: the one place where fp16/bf16 are widened to fp32 and fp32 is
// narrowed back, with the NPU's rounding rules (numerics-and-socs.md). Every kernel and the
// runtime's aclFloatToFloat16 use these helpers, so they all round the same way.
//
// All conversions work on bit patterns with integer arithmetic: they do not depend on the FPU's
// rounding mode or on flush-to-zero/denormals-are-zero settings of the calling thread.
#ifndef ACLNN_HOST_COMMON_NUMERICS_H_
#define ACLNN_HOST_COMMON_NUMERICS_H_

#include <cmath>
#include <cstdint>
#include <cstring>

// The helpers are plain integer code, so the CUDA backend's kernels use them too (device code).
#if defined(__CUDACC__)
#define AH_HOST_DEVICE __host__ __device__
#else
#define AH_HOST_DEVICE
#endif

namespace aclnn_host {

AH_HOST_DEVICE inline uint32_t FloatToBits(float value) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(value);
#else
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
#endif
}

AH_HOST_DEVICE inline float BitsToFloat(uint32_t bits) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(bits);
#else
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
#endif
}

// ---- Widening (exact) -------------------------------------------------------------------------

/// IEEE binary16 -> binary32, exact; NaN payloads are kept (shifted), subnormals are normalised.
AH_HOST_DEVICE inline float WidenHalf(uint16_t half) {
  const uint32_t sign = static_cast<uint32_t>(half & 0x8000u) << 16;
  const uint32_t exponent = (half >> 10) & 0x1Fu;
  const uint32_t mantissa = half & 0x3FFu;
  if (exponent == 0x1F) return BitsToFloat(sign | 0x7F800000u | (mantissa << 13));
  if (exponent != 0) return BitsToFloat(sign | ((exponent + 112u) << 23) | (mantissa << 13));
  if (mantissa == 0) return BitsToFloat(sign);
  // Subnormal: value = mantissa * 2^-24. Normalise so the leading one becomes the implicit bit.
  uint32_t shift = 0;
  uint32_t m = mantissa;
  while ((m & 0x400u) == 0) {
    m <<= 1;
    ++shift;
  }
  return BitsToFloat(sign | ((113u - shift) << 23) | ((m & 0x3FFu) << 13));
}

/// bfloat16 -> binary32, exact (bf16 is the top half of an fp32 pattern).
AH_HOST_DEVICE inline float WidenBf16(uint16_t bf16) { return BitsToFloat(static_cast<uint32_t>(bf16) << 16); }

// ---- Narrowing: round to nearest, ties to even (CAST_NONE / CAST_RINT), subnormals kept -------

/// Shifts `value` right by `shift` (1..31) bits, rounding to nearest, ties to even.
AH_HOST_DEVICE inline uint32_t ShiftRightRoundEven(uint32_t value, uint32_t shift) {
  const uint32_t quotient = value >> shift;
  const uint32_t remainder = value & ((1u << shift) - 1u);
  const uint32_t half = 1u << (shift - 1u);
  return quotient + ((remainder > half || (remainder == half && (quotient & 1u))) ? 1u : 0u);
}

/// binary32 -> binary16, ties to even. Overflow gives infinity (INF_NAN mode); NaN stays a quiet
/// NaN with the top payload bits and the sign kept.
AH_HOST_DEVICE inline uint16_t NarrowToHalf(float value) {
  const uint32_t bits = FloatToBits(value);
  const uint32_t sign = (bits >> 16) & 0x8000u;
  const uint32_t magnitude = bits & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return static_cast<uint16_t>(sign | 0x7E00u | ((magnitude >> 13) & 0x3FFu));
  const uint32_t exponent = magnitude >> 23;                          // biased fp32 exponent
  if (exponent >= 143) return static_cast<uint16_t>(sign | 0x7C00u);  // >= 65536, or infinity
  const uint32_t mantissa = magnitude & 0x7FFFFFu;
  if (exponent >= 113) {
    // Normal fp16 range: drop 13 mantissa bits. A carry out of the mantissa bumps the exponent,
    // which also turns values >= 65520 into infinity (0x7C00).
    const uint32_t truncated = ((exponent - 112u) << 23) | mantissa;
    return static_cast<uint16_t>(sign | ShiftRightRoundEven(truncated, 13));
  }
  if (exponent < 102) return static_cast<uint16_t>(sign);  // below 2^-25: rounds to zero
  // fp16 subnormal: value = (mantissa | 1<<23) * 2^(exponent-150); in units of 2^-24 that is
  // the significand shifted right by 126 - exponent (14..24). Rounding up to 0x400 yields the
  // smallest normal, whose encoding is the same bits.
  const uint32_t significand = mantissa | 0x800000u;
  return static_cast<uint16_t>(sign | ShiftRightRoundEven(significand, 126u - exponent));
}

/// binary32 -> bfloat16, ties to even; NaN is quieted first (adding the rounding bias to a NaN
/// pattern could otherwise carry it into infinity).
AH_HOST_DEVICE inline uint16_t NarrowToBf16(float value) {
  const uint32_t bits = FloatToBits(value);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  return static_cast<uint16_t>(ShiftRightRoundEven(bits, 16));
}

/// `d` rounded to float, to odd: an exact value stays, an inexact one becomes the float next to it
/// toward zero with its last bit set. A second rounding to a format at least two bits narrower (fp16,
/// bf16) then gives what a single rounding of `d` gives — no double-rounding error. Host only.
inline float RoundToOddFloat(double d) {
  float f = static_cast<float>(d);
  if (d != d || std::isinf(f) || static_cast<double>(f) == d) return f;
  if (std::fabs(static_cast<double>(f)) > std::fabs(d)) f = std::nextafter(f, 0.0f);
  return BitsToFloat(FloatToBits(f) | 1u);
}

// ---- Overflow and subnormal modes ------------------------------------------------------------

/// Saturation mode (aclrtFloatOverflowMode SATURATION): an infinite result becomes the largest
/// finite value of the output type with its sign, and a NaN result becomes +0.
AH_HOST_DEVICE inline float SaturateFloat(float value) {
  const uint32_t bits = FloatToBits(value);
  const uint32_t magnitude = bits & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return 0.0f;
  if (magnitude == 0x7F800000u) return BitsToFloat((bits & 0x80000000u) | 0x7F7FFFFFu);
  return value;
}

AH_HOST_DEVICE inline uint16_t SaturateHalf(uint16_t half) {
  const uint16_t magnitude = half & 0x7FFFu;
  if (magnitude > 0x7C00u) return 0;
  if (magnitude == 0x7C00u) return static_cast<uint16_t>((half & 0x8000u) | 0x7BFFu);
  return half;
}

AH_HOST_DEVICE inline uint16_t SaturateBf16(uint16_t bf16) {
  const uint16_t magnitude = bf16 & 0x7FFFu;
  if (magnitude > 0x7F80u) return 0;
  if (magnitude == 0x7F80u) return static_cast<uint16_t>((bf16 & 0x8000u) | 0x7F7Fu);
  return bf16;
}

/// Flush-to-zero of an fp32 value (subnormal -> zero of the same sign), for profiles whose vector
/// unit flushes subnormals (Ascend 950).
AH_HOST_DEVICE inline float FlushSubnormalFloat(float value) {
  const uint32_t bits = FloatToBits(value);
  if ((bits & 0x7F800000u) == 0) return BitsToFloat(bits & 0x80000000u);
  return value;
}

AH_HOST_DEVICE inline uint16_t FlushSubnormalHalf(uint16_t half) {
  return (half & 0x7C00u) == 0 ? static_cast<uint16_t>(half & 0x8000u) : half;
}

AH_HOST_DEVICE inline uint16_t FlushSubnormalBf16(uint16_t bf16) {
  return (bf16 & 0x7F80u) == 0 ? static_cast<uint16_t>(bf16 & 0x8000u) : bf16;
}

}  // namespace aclnn_host

#endif  // ACLNN_HOST_COMMON_NUMERICS_H_
