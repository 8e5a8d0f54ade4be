// The per-element sequences of the operators as scalar host/device functions: what the CUDA
// backend's kernels run (src/cuda), written once. Each is the same fp32 sequence as the Highway
// functor of the host kernels (hardswish_kernels.cc), every operation rounded on its own; the
// tests check these functions bit for bit against the independent reference and the host kernels
// (tests/scalar_ops_test.cc), so the GPU and the host compute the same bits.
//
// Header-only, and only integer and fp32 arithmetic: nothing from base or runtime.
#ifndef ACLNN_HOST_KERNELS_SCALAR_OPS_H_
#define ACLNN_HOST_KERNELS_SCALAR_OPS_H_

#include <cstdint>

#include "common/hardswish_sequences.h"
#include "common/numerics.h"

#if defined(__CUDACC__)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif

namespace aclnn_host {
namespace scalar {

/// The storage formats of the floating-point dtypes (fp32, fp16, bf16).
enum class Format : int32_t { kFp32 = 0, kFp16 = 1, kBf16 = 2 };

/// How a profile's vector unit treats results: saturation (aclrtSetDeviceSatMode) and the 950's
/// subnormal flush.
struct Mode {
  bool saturate;
  bool flush;
};

/// With `flush`, a subnormal fp32 value becomes a zero of the same sign (each operation's result).
AH_HOST_DEVICE inline float Round(float v, bool flush) { return flush ? FlushSubnormalFloat(v) : v; }

// ---- one element in and out of its storage format --------------------------------------------

/// Raw bits (fp32 pattern, or the 16-bit pattern in the low half) -> fp32, exact; with `flush` an
/// input that is subnormal in its own format reads as a signed zero.
AH_HOST_DEVICE inline float Widen(uint32_t raw, Format format, bool flush) {
  switch (format) {
    case Format::kFp16: {
      const uint16_t h = static_cast<uint16_t>(raw);
#if defined(__CUDA_ARCH__)
      return __half2float(__ushort_as_half(flush ? FlushSubnormalHalf(h) : h));  // exact in hardware
#else
      return WidenHalf(flush ? FlushSubnormalHalf(h) : h);
#endif
    }
    case Format::kBf16: {
      const uint16_t b = static_cast<uint16_t>(raw);
      return WidenBf16(flush ? FlushSubnormalBf16(b) : b);
    }
    default:
      return Round(BitsToFloat(raw), flush);
  }
}

/// fp32 -> fp16 / bf16 bits, ties to even: the hardware conversions on a GPU (IEEE round to
/// nearest even, subnormals and overflow included; NaN payloads may differ, which the NPU leaves
/// undocumented), the integer helpers of common/numerics.h on the host.
AH_HOST_DEVICE inline uint16_t NarrowToHalfEven(float value) {
#if defined(__CUDA_ARCH__)
  return __half_as_ushort(__float2half_rn(value));
#else
  return NarrowToHalf(value);
#endif
}

AH_HOST_DEVICE inline uint16_t NarrowToBf16Even(float value) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __bfloat16_as_ushort(__float2bfloat16_rn(value));
#else
  return NarrowToBf16(value);
#endif
}

/// fp32 -> fp16 bits, ties away from zero (AscendC CAST_ROUND); overflow to infinity, NaN quiet.
AH_HOST_DEVICE inline uint16_t NarrowToHalfHalfAway(float value) {
  const uint32_t bits = FloatToBits(value);
  const uint32_t sign = (bits >> 16) & 0x8000u;
  const uint32_t magnitude = bits & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return static_cast<uint16_t>(sign | 0x7E00u | ((magnitude >> 13) & 0x3FFu));
  if (magnitude >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // >= 65520 (or inf)
  const uint32_t exponent = magnitude >> 23;
  if (exponent >= 113) {  // normal fp16 range: add half an ulp to the magnitude, truncate
    return static_cast<uint16_t>(sign | ((magnitude - 0x38000000u + 0x1000u) >> 13));
  }
  if (exponent < 102) return static_cast<uint16_t>(sign);  // below 2^-25: rounds to zero
  // Subnormal: the significand in units of 2^-24, halfway cases up (away from zero).
  const uint32_t shift = 126u - exponent;  // 14..24
  const uint32_t significand = (magnitude & 0x7FFFFFu) | 0x800000u;
  return static_cast<uint16_t>(sign | ((significand + (1u << (shift - 1u))) >> shift));
}

/// fp32 -> bf16 bits, ties away from zero: half an ulp added to the magnitude; NaN quieted.
AH_HOST_DEVICE inline uint16_t NarrowToBf16HalfAway(float value) {
  const uint32_t bits = FloatToBits(value);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  const uint32_t sign = bits & 0x80000000u;
  return static_cast<uint16_t>((sign | ((bits & 0x7FFFFFFFu) + 0x8000u)) >> 16);
}

/// fp32 -> storage bits: saturation first (inf -> +-max of the format, NaN -> +0, in fp32 as the
/// host kernels do), then the narrowing (nearest-even, or half away with `half_away`), then the
/// flush of a result subnormal in its own format.
AH_HOST_DEVICE inline uint32_t Narrow(float v, Format format, bool half_away, Mode mode) {
  switch (format) {
    case Format::kFp16: {
      if (mode.saturate) v = v != v ? 0.0f : (v > 65504.0f ? 65504.0f : (v < -65504.0f ? -65504.0f : v));
      uint16_t h = half_away ? NarrowToHalfHalfAway(v) : NarrowToHalfEven(v);
      return mode.flush ? FlushSubnormalHalf(h) : h;
    }
    case Format::kBf16: {
      constexpr float kMaxBf16 = 3.38953139e38f;  // 0x7F7F0000
      if (mode.saturate) v = v != v ? 0.0f : (v > kMaxBf16 ? kMaxBf16 : (v < -kMaxBf16 ? -kMaxBf16 : v));
      uint16_t b = half_away ? NarrowToBf16HalfAway(v) : NarrowToBf16Even(v);
      return mode.flush ? FlushSubnormalBf16(b) : b;
    }
    default:
      if (mode.saturate) v = SaturateFloat(v);
      return FloatToBits(Round(v, mode.flush));
  }
}

// ---- the sequences (common/hardswish_sequences.h states each one) ----------------------------
//
// Each op: its operand count, its narrowing (half away for the AscendC forward kernel), and
// Apply with the profile's flush as a run-time flag (on a GPU a uniform branch costs nothing).
// Device code is compiled with -fmad=false, so the sequences' products and sums are never fused.

/// aclnnHardswishBackwardV2 (AscendC arch22 / arch35).
struct HardswishGradV2Op {
  static constexpr int kInputs = 2;
  static constexpr bool kHalfAway = false;
  AH_HOST_DEVICE static float Apply(float g, float x, bool flush) {
    return flush ? HardswishGradV2<true>(g, x) : HardswishGradV2<false>(g, x);
  }
};

/// aclnnHardswishBackward (V1) on Ascend 950: AscendC arch35, inclusive boundaries.
struct HardswishGradV1Op {
  static constexpr int kInputs = 2;
  static constexpr bool kHalfAway = false;
  AH_HOST_DEVICE static float Apply(float g, float x, bool flush) {
    return flush ? HardswishGradV1Arch35<true>(g, x) : HardswishGradV1Arch35<false>(g, x);
  }
};

/// aclnnHardswishBackward (V1) on Ascend910/910B/910_93: the built-in TBE kernel; kNanToOne: its
/// fp32 (and bf16) path's NaN fix-up. No profile that runs it flushes subnormals.
template <bool kNanToOne>
struct HardswishGradV1TbeOp {
  static constexpr int kInputs = 2;
  static constexpr bool kHalfAway = false;
  AH_HOST_DEVICE static float Apply(float g, float x, bool /*flush*/) { return HardswishGradV1Tbe(g, x, kNanToOne); }
};

/// aclnnHardswish on Ascend 950: AscendC arch35, narrowed with round-half-away.
struct HardswishOp {
  static constexpr int kInputs = 1;
  static constexpr bool kHalfAway = true;
  AH_HOST_DEVICE static float Apply(float x, bool flush) {
    return flush ? HardswishArch35<true>(x) : HardswishArch35<false>(x);
  }
};

/// aclnnHardswish on Ascend910/910B/910_93: the built-in TBE kernel, narrowed to nearest-even.
struct HardswishTbeOp {
  static constexpr int kInputs = 1;
  static constexpr bool kHalfAway = false;
  AH_HOST_DEVICE static float Apply(float x, bool /*flush*/) { return HardswishTbe(x); }
};

// ---- whole elements ---------------------------------------------------------------------------

/// A backward element: both inputs in `format`, the result in `format`.
template <class Op>
AH_HOST_DEVICE inline uint32_t BinaryElement(uint32_t a, uint32_t b, Format format, Mode mode) {
  const float y = Op::Apply(Widen(a, format, mode.flush), Widen(b, format, mode.flush), mode.flush);
  return Narrow(y, format, Op::kHalfAway, mode);
}

/// A forward element: the kernel narrows to the input's format with the op's rounding; when the
/// output's format differs, aclnn's Cast reads that back (as written) and narrows to nearest-even.
template <class Op>
AH_HOST_DEVICE inline uint32_t UnaryElement(uint32_t x, Format in, Format out, Mode mode) {
  const uint32_t kernel_output = Narrow(Op::Apply(Widen(x, in, mode.flush), mode.flush), in, Op::kHalfAway, mode);
  if (in == out) return kernel_output;
  return Narrow(Widen(kernel_output, in, false), out, false, mode);
}

}  // namespace scalar
}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_SCALAR_OPS_H_
