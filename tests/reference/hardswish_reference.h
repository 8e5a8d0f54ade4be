// An independent scalar reference for the HardSwish backward family, written without the
// library's numerics helpers: widening with ldexp, narrowing by rounding in double with
// nearbyint (round-half-even in the default rounding mode), and fp32 operations done exactly in
// double and rounded once to float (exact for products; for sums of two floats, double rounding
// is innocuous because double has more than 2*24+2 bits). It states the NPU pipeline of
// op-hardswish-backward.md §3 directly.
#ifndef ACLNN_HOST_TESTS_REFERENCE_HARDSWISH_REFERENCE_H_
#define ACLNN_HOST_TESTS_REFERENCE_HARDSWISH_REFERENCE_H_

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace reference {

enum class Format { kFp32, kFp16, kBf16 };

struct Numerics {
  bool saturate = false;          // ACL_RT_OVERFLOW_MODE_SATURATION
  bool flush_subnormals = false;  // the Ascend 950 profile
};

inline uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

inline float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// ---- widening ---------------------------------------------------------------------------------

inline float HalfToFloat(uint16_t h) {
  const int sign = (h >> 15) & 1;
  const int exponent = (h >> 10) & 0x1F;
  const int mantissa = h & 0x3FF;
  double magnitude;
  if (exponent == 0x1F) {
    magnitude = mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  } else if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(mantissa), -24);
  } else {
    magnitude = std::ldexp(1.0 + mantissa / 1024.0, exponent - 15);
  }
  return static_cast<float>(sign ? -magnitude : magnitude);
}

inline float Bf16ToFloat(uint16_t b) {
  const int sign = (b >> 15) & 1;
  const int exponent = (b >> 7) & 0xFF;
  const int mantissa = b & 0x7F;
  double magnitude;
  if (exponent == 0xFF) {
    magnitude = mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  } else if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(mantissa), -133);
  } else {
    magnitude = std::ldexp(1.0 + mantissa / 128.0, exponent - 127);
  }
  return static_cast<float>(sign ? -magnitude : magnitude);
}

// ---- narrowing: round to nearest, ties to even ------------------------------------------------

// Encodes |v| (finite, not NaN) in a format with `mantissa_bits` bits and exponent bias `bias`.
inline uint32_t EncodeMagnitude(double v, int mantissa_bits, int bias, int max_biased_exponent) {
  const int min_normal_exponent = 1 - bias;
  const double subnormal_scale = std::ldexp(1.0, -(min_normal_exponent - mantissa_bits));
  if (v < std::ldexp(1.0, min_normal_exponent)) {
    // Subnormal range: units of 2^(min_normal - mantissa_bits). Rounding up to 2^mantissa_bits
    // gives the smallest normal, whose encoding is the same integer.
    return static_cast<uint32_t>(std::nearbyint(v * subnormal_scale));
  }
  int exponent;
  std::frexp(v, &exponent);                                            // v = m * 2^exponent, m in [0.5, 1)
  exponent -= 1;                                                       // v = s * 2^exponent, s in [1, 2)
  double q = std::nearbyint(std::ldexp(v, mantissa_bits - exponent));  // in [2^mb, 2^(mb+1)]
  if (q == std::ldexp(1.0, mantissa_bits + 1)) {
    q /= 2;
    exponent += 1;
  }
  const int biased = exponent + bias;
  if (biased > max_biased_exponent) return static_cast<uint32_t>(max_biased_exponent + 1) << mantissa_bits;  // inf
  return (static_cast<uint32_t>(biased) << mantissa_bits) | (static_cast<uint32_t>(q) - (1u << mantissa_bits));
}

inline uint16_t FloatToHalf(float f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (std::isnan(f)) return static_cast<uint16_t>(sign | 0x7E00);
  if (std::isinf(f)) return static_cast<uint16_t>(sign | 0x7C00);
  return static_cast<uint16_t>(sign | EncodeMagnitude(std::fabs(static_cast<double>(f)), 10, 15, 30));
}

inline uint16_t FloatToBf16(float f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (std::isnan(f)) return static_cast<uint16_t>(sign | 0x7FC0);
  if (std::isinf(f)) return static_cast<uint16_t>(sign | 0x7F80);
  return static_cast<uint16_t>(sign | EncodeMagnitude(std::fabs(static_cast<double>(f)), 7, 127, 254));
}

// ---- fp32 arithmetic as the NPU's vector unit does it ------------------------------------------

inline float FlushIfSubnormal(float v, const Numerics& numerics) {
  if (numerics.flush_subnormals && v != 0.0f && std::fabs(v) < FLT_MIN) return std::signbit(v) ? -0.0f : 0.0f;
  return v;
}

inline float Mul(float a, float b, const Numerics& n) {
  return FlushIfSubnormal(static_cast<float>(static_cast<double>(a) * static_cast<double>(b)), n);
}

inline float Add(float a, float b, const Numerics& n) {
  return FlushIfSubnormal(static_cast<float>(static_cast<double>(a) + static_cast<double>(b)), n);
}

/// d(x) * g in fp32, V2 (open interval) or V1 (closed interval).
inline float HardswishGrad(float g, float x, bool v1, const Numerics& n) {
  g = FlushIfSubnormal(g, n);
  x = FlushIfSubnormal(x, n);
  float t = Mul(x, 0.33333334f, n);
  t = Add(t, 0.5f, n);
  if (v1) {
    t = (x >= -3.0f) ? t : 0.0f;
    t = (x <= 3.0f) ? t : 1.0f;
  } else {
    t = (x > -3.0f) ? t : 0.0f;
    t = (x < 3.0f) ? t : 1.0f;
  }
  return Mul(g, t, n);
}

/// The built-in TBE HardSwishGrad (V1 on Ascend910/910B/910_93), from hard_swish_grad_compute:
/// t = x * 0.33333334 + 0.5; vcmpsel(x, -3, 'lt', 0, t); vcmpsel(x, 3, 'gt', 1, t); g * t; then,
/// on the fp32 path only, vsel(vcmp(x, x, 'eq'), r, 1): a NaN x gives 1.0. (The fp16 path casts,
/// multiplies and returns before that fix-up; bf16 is computed as fp32.) These SoCs keep subnormals.
inline float HardswishGradTbe(float g, float x, bool fp32_path) {
  const Numerics exact;
  float t = Mul(x, 0.33333334f, exact);
  t = Add(t, 0.5f, exact);
  if (x < -3.0f) t = 0.0f;
  if (x > 3.0f) t = 1.0f;
  const float r = Mul(g, t, exact);
  if (fp32_path && std::isnan(x)) return 1.0f;
  return r;
}

// ---- whole elements in storage formats --------------------------------------------------------

// With flush_subnormals, an input that is subnormal in its own format reads as a signed zero.
inline float Widen(uint32_t raw, Format format, const Numerics& n) {
  float v;
  float smallest_normal;
  switch (format) {
    case Format::kFp16:
      v = HalfToFloat(static_cast<uint16_t>(raw));
      smallest_normal = 6.103515625e-05f;  // 2^-14
      break;
    case Format::kBf16:
      v = Bf16ToFloat(static_cast<uint16_t>(raw));
      smallest_normal = FLT_MIN;
      break;
    default:
      v = FromBits(raw);
      smallest_normal = FLT_MIN;
      break;
  }
  if (n.flush_subnormals && v != 0.0f && std::fabs(v) < smallest_normal) return std::signbit(v) ? -0.0f : 0.0f;
  return v;
}

/// The stored result: narrowed, then saturated (inf -> +-max, NaN -> 0), then flushed.
inline uint32_t Narrow(float v, Format format, const Numerics& n) {
  if (n.saturate && std::isnan(v)) v = 0.0f;
  switch (format) {
    case Format::kFp16: {
      uint16_t h = FloatToHalf(v);
      if (n.saturate && (h & 0x7FFF) == 0x7C00) h = static_cast<uint16_t>((h & 0x8000) | 0x7BFF);
      if (n.flush_subnormals && (h & 0x7C00) == 0) h &= 0x8000;
      return h;
    }
    case Format::kBf16: {
      uint16_t b = FloatToBf16(v);
      if (n.saturate && (b & 0x7FFF) == 0x7F80) b = static_cast<uint16_t>((b & 0x8000) | 0x7F7F);
      if (n.flush_subnormals && (b & 0x7F80) == 0) b &= 0x8000;
      return b;
    }
    default:
      if (n.saturate && std::isinf(v)) v = std::signbit(v) ? -FLT_MAX : FLT_MAX;
      return Bits(FlushIfSubnormal(v, n));
  }
}

/// The whole element pipeline: widen both inputs, compute, narrow.
inline uint32_t HardswishGradElement(uint32_t g, uint32_t x, Format format, bool v1, const Numerics& n) {
  return Narrow(HardswishGrad(Widen(g, format, n), Widen(x, format, n), v1, n), format, n);
}

/// V1 on a SoC that runs the TBE kernel: widen, compute, narrow (nearest-even).
inline uint32_t HardswishGradTbeElement(uint32_t g, uint32_t x, Format format, const Numerics& n) {
  return Narrow(HardswishGradTbe(Widen(g, format, n), Widen(x, format, n), format != Format::kFp16), format, n);
}

// ---- the forward op (op-hardswish.md) -----------------------------------------------------------

/// Round-half-away narrowing (AscendC CAST_ROUND), by the same method as the nearest-even one but
/// with std::round (which rounds halfway cases away from zero).
inline uint32_t EncodeMagnitudeHalfAway(double v, int mantissa_bits, int bias, int max_biased_exponent) {
  const int min_normal_exponent = 1 - bias;
  if (v < std::ldexp(1.0, min_normal_exponent)) {
    return static_cast<uint32_t>(std::round(v * std::ldexp(1.0, -(min_normal_exponent - mantissa_bits))));
  }
  int exponent;
  std::frexp(v, &exponent);
  exponent -= 1;
  double q = std::round(std::ldexp(v, mantissa_bits - exponent));
  if (q == std::ldexp(1.0, mantissa_bits + 1)) {
    q /= 2;
    exponent += 1;
  }
  const int biased = exponent + bias;
  if (biased > max_biased_exponent) return static_cast<uint32_t>(max_biased_exponent + 1) << mantissa_bits;
  return (static_cast<uint32_t>(biased) << mantissa_bits) | (static_cast<uint32_t>(q) - (1u << mantissa_bits));
}

inline uint16_t FloatToHalfHalfAway(float f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (std::isnan(f)) return static_cast<uint16_t>(sign | 0x7E00);
  if (std::isinf(f)) return static_cast<uint16_t>(sign | 0x7C00);
  return static_cast<uint16_t>(sign | EncodeMagnitudeHalfAway(std::fabs(static_cast<double>(f)), 10, 15, 30));
}

inline uint16_t FloatToBf16HalfAway(float f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (std::isnan(f)) return static_cast<uint16_t>(sign | 0x7FC0);
  if (std::isinf(f)) return static_cast<uint16_t>(sign | 0x7F80);
  return static_cast<uint16_t>(sign | EncodeMagnitudeHalfAway(std::fabs(static_cast<double>(f)), 7, 127, 254));
}

/// The forward's six fp32 steps; NaN in gives NaN out (aclnn-host's definition).
inline float Hardswish(float x, const Numerics& n) {
  x = FlushIfSubnormal(x, n);
  if (std::isnan(x)) return x;
  float t = Add(x, 3.0f, n);
  t = std::fmin(t, 6.0f);
  t = std::fmax(t, 0.0f);
  const float u = std::fmax(x, -3.0f);
  const float y = Mul(u, t, n);
  return Mul(y, 1.0f / 6.0f, n);
}

/// Narrowing to a storage format with either rounding, then saturation and flush as in Narrow.
inline uint32_t NarrowWith(float v, Format format, bool half_away, const Numerics& n) {
  if (!half_away || format == Format::kFp32) return Narrow(v, format, n);
  if (n.saturate && std::isnan(v)) v = 0.0f;
  if (format == Format::kFp16) {
    uint16_t h = FloatToHalfHalfAway(v);
    if (n.saturate && (h & 0x7FFF) == 0x7C00) h = static_cast<uint16_t>((h & 0x8000) | 0x7BFF);
    if (n.flush_subnormals && (h & 0x7C00) == 0) h &= 0x8000;
    return h;
  }
  uint16_t b = FloatToBf16HalfAway(v);
  if (n.saturate && (b & 0x7FFF) == 0x7F80) b = static_cast<uint16_t>((b & 0x8000) | 0x7F7F);
  if (n.flush_subnormals && (b & 0x7F80) == 0) b &= 0x8000;
  return b;
}

/// The whole forward element: widen self, compute, narrow to self's format with round-half-away
/// (the kernel's output), and when out's format differs, widen and cast to it (nearest-even).
inline uint32_t HardswishElement(uint32_t x, Format in, Format out, const Numerics& n) {
  const uint32_t kernel_output = NarrowWith(Hardswish(Widen(x, in, n), n), in, /*half_away=*/true, n);
  if (in == out) return kernel_output;
  Numerics read = n;
  read.flush_subnormals = false;  // what the kernel wrote is read back as is
  return Narrow(Widen(kernel_output, in, read), out, n);
}

/// The built-in TBE HardSwish (forward on Ascend910/910B/910_93), from hard_swish_compute:
/// x * (min(max(x + 3, 0), 6) * (1/6)), every step in fp32. NaN anywhere gives NaN (x is a factor
/// of the last product), so max/min's NaN rule does not matter; x = -inf gives -inf * 0 = NaN.
inline float HardswishTbe(float x) {
  const Numerics exact;
  float t = Add(x, 3.0f, exact);
  t = std::fmax(t, 0.0f);
  t = std::fmin(t, 6.0f);
  t = Mul(t, 1.0f / 6.0f, exact);
  return Mul(x, t, exact);
}

/// The forward element on a TBE SoC: the kernel narrows to self's format with nearest-even (TBE's
/// cast_to), then a different out format is reached by a Cast (nearest-even).
inline uint32_t HardswishTbeElement(uint32_t x, Format in, Format out, const Numerics& n) {
  const uint32_t kernel_output = Narrow(HardswishTbe(Widen(x, in, n)), in, n);
  if (in == out) return kernel_output;
  return Narrow(Widen(kernel_output, in, n), out, n);
}

/// Whether a raw result is NaN in its format (NaN bits are not compared: payloads are undocumented).
inline bool IsNan(uint32_t raw, Format format) {
  switch (format) {
    case Format::kFp16:
      return (raw & 0x7C00) == 0x7C00 && (raw & 0x3FF) != 0;
    case Format::kBf16:
      return (raw & 0x7F80) == 0x7F80 && (raw & 0x7F) != 0;
    default:
      return (raw & 0x7F800000u) == 0x7F800000u && (raw & 0x7FFFFFu) != 0;
  }
}

/// Bitwise equality, NaN matching any NaN.
inline bool SameResult(uint32_t actual, uint32_t expected, Format format) {
  if (IsNan(expected, format)) return IsNan(actual, format);
  return actual == expected;
}

}  // namespace reference

#endif  // ACLNN_HOST_TESTS_REFERENCE_HARDSWISH_REFERENCE_H_
