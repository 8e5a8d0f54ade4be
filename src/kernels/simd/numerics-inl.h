// Storage type <-> fp32 for SIMD kernels, per Highway target (style.md §8): the vector form of
// src/common/numerics.h, with the same rules — widening is exact; narrowing rounds to nearest,
// ties to even, keeps subnormals, overflows to infinity and keeps NaN a NaN; saturation and the
// 950's subnormal flush are applied at the same points as in the scalar helpers.
//
// Highway 1.0.3 is not bit-exact for all of these, so only what is exact is taken from it:
// - f16 <-> f32 uses the hardware conversion (F16C on AVX2/AVX-512, FCVT on NEON), which rounds
//   to nearest-even and handles subnormals, infinities and NaN. Highway's software fallback
//   (SSE4, EMU128) truncates and mishandles infinities, so those targets use the integer
//   conversion below.
// - bf16 <- f32: Highway truncates (and AVX512-BF16 would flush subnormal inputs), so every
//   target uses the integer round-to-nearest-even below, which quiets NaN before rounding.
//
// Re-included once per target by foreach_target.h.
#if defined(ACLNN_HOST_KERNELS_SIMD_NUMERICS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLNN_HOST_KERNELS_SIMD_NUMERICS_INL_H_
#undef ACLNN_HOST_KERNELS_SIMD_NUMERICS_INL_H_
#else
#define ACLNN_HOST_KERNELS_SIMD_NUMERICS_INL_H_
#endif

#include <cfloat>
#include <cstdint>

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace aclnn_host {
namespace kernels {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

/// Whether this target converts f16 in hardware, exactly.
constexpr bool kNativeF16 = HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_NEON;

/// fp32 arithmetic as the profile's vector unit does it: with kFlush, a subnormal result becomes a
/// zero of the same sign.
template <bool kFlush, class DF>
HWY_INLINE hn::Vec<DF> Round(DF df, hn::Vec<DF> v) {
  if (!kFlush) return v;
  const auto tiny = hn::Lt(hn::Abs(v), hn::Set(df, FLT_MIN));
  return hn::IfThenElse(tiny, hn::And(v, hn::SignBit(df)), v);
}

// ---- f16 without hardware support: integer conversions, as in common/numerics.h --------------

template <class DF, class DU16>
HWY_INLINE hn::Vec<DF> WidenHalfBits(DF df, DU16 /*du16*/, hn::Vec<DU16> half) {
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto h = hn::PromoteTo(du, half);
  const auto sign = hn::ShiftLeft<16>(hn::And(h, hn::Set(du, 0x8000u)));
  const auto exponent = hn::And(hn::ShiftRight<10>(h), hn::Set(du, 0x1Fu));
  const auto mantissa = hn::And(h, hn::Set(du, 0x3FFu));
  const auto normal = hn::Or(hn::ShiftLeft<23>(hn::Add(exponent, hn::Set(du, 112u))), hn::ShiftLeft<13>(mantissa));
  const auto special = hn::Or(hn::Set(du, 0x7F800000u), hn::ShiftLeft<13>(mantissa));
  // Subnormal: mantissa * 2^-24, exact in fp32.
  const auto subnormal =
      hn::BitCast(du, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, mantissa)), hn::Set(df, 5.9604644775390625e-08f)));
  auto bits = hn::IfThenElse(hn::Eq(exponent, hn::Zero(du)), subnormal, normal);
  bits = hn::IfThenElse(hn::Eq(exponent, hn::Set(du, 0x1Fu)), special, bits);
  return hn::BitCast(df, hn::Or(bits, sign));
}

template <class DU16, class DF>
HWY_INLINE hn::Vec<DU16> NarrowToHalfBits(DU16 du16, DF df, hn::Vec<DF> v) {
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto bits = hn::BitCast(du, v);
  const auto magnitude = hn::And(bits, hn::Set(du, 0x7FFFFFFFu));
  const auto sign = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 0x8000u));
  // Normal fp16 range: drop 13 mantissa bits with round-half-even (the carry may bump the exponent).
  const auto rebased = hn::Sub(magnitude, hn::Set(du, 0x38000000u));  // exponent - 112
  const auto odd = hn::And(hn::ShiftRight<13>(rebased), hn::Set(du, 1u));
  const auto normal = hn::ShiftRight<13>(hn::Add(rebased, hn::Add(hn::Set(du, 0xFFFu), odd)));
  // Subnormal range (< 2^-14): adding 0.5 rounds |v| to a multiple of 2^-24, ties to even, in the
  // fp32 adder; the low bits of the sum are then the fp16 encoding (0x400 = the smallest normal).
  const auto subnormal =
      hn::Sub(hn::BitCast(du, hn::Add(hn::BitCast(df, magnitude), hn::Set(df, 0.5f))), hn::Set(du, 0x3F000000u));
  const auto m = hn::BitCast(di, magnitude);
  auto result = hn::IfThenElse(hn::RebindMask(du, hn::Lt(m, hn::Set(di, 0x38800000))), subnormal, normal);
  result = hn::IfThenElse(hn::RebindMask(du, hn::Gt(m, hn::Set(di, 0x477FEFFF))) /* >= 65520 */, hn::Set(du, 0x7C00u),
                          result);
  const auto nan = hn::Or(hn::Set(du, 0x7E00u), hn::And(hn::ShiftRight<13>(magnitude), hn::Set(du, 0x3FFu)));
  result = hn::IfThenElse(hn::RebindMask(du, hn::Gt(m, hn::Set(di, 0x7F800000))), nan, result);
  return hn::DemoteTo(du16, hn::BitCast(di, hn::Or(result, sign)));
}

// ---- round half away from zero (AscendC CAST_ROUND): the forward op's narrowing --------------

/// fp32 -> fp16 bits, ties away from zero, on every target (no hardware conversion rounds so).
template <class DU16, class DF>
HWY_INLINE hn::Vec<DU16> NarrowToHalfBitsHalfAway(DU16 du16, DF df, hn::Vec<DF> v) {
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto bits = hn::BitCast(du, v);
  const auto magnitude = hn::And(bits, hn::Set(du, 0x7FFFFFFFu));
  const auto sign = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 0x8000u));
  const auto normal = hn::ShiftRight<13>(hn::Add(hn::Sub(magnitude, hn::Set(du, 0x38000000u)), hn::Set(du, 0x1000u)));
  // Subnormal range: |v| * 2^24 is exact; round it to nearest (even), then push exact ties away.
  const auto scaled = hn::Mul(hn::BitCast(df, magnitude), hn::Set(df, 16777216.0f));
  auto rounded = hn::Round(scaled);
  rounded =
      hn::IfThenElse(hn::Eq(hn::Sub(scaled, rounded), hn::Set(df, 0.5f)), hn::Add(rounded, hn::Set(df, 1.0f)), rounded);
  const auto m = hn::BitCast(di, magnitude);
  const auto is_subnormal = hn::Lt(m, hn::Set(di, 0x38800000));
  // Out-of-range lanes of `rounded` are never selected; keep their conversion defined.
  const auto subnormal =
      hn::BitCast(du, hn::ConvertTo(di, hn::IfThenElseZero(hn::RebindMask(df, is_subnormal), rounded)));
  auto result = hn::IfThenElse(hn::RebindMask(du, is_subnormal), subnormal, normal);
  result = hn::IfThenElse(hn::RebindMask(du, hn::Gt(m, hn::Set(di, 0x477FEFFF))), hn::Set(du, 0x7C00u), result);
  const auto nan = hn::Or(hn::Set(du, 0x7E00u), hn::And(hn::ShiftRight<13>(magnitude), hn::Set(du, 0x3FFu)));
  result = hn::IfThenElse(hn::RebindMask(du, hn::Gt(m, hn::Set(di, 0x7F800000))), nan, result);
  return hn::DemoteTo(du16, hn::BitCast(di, hn::Or(result, sign)));
}

/// fp32 -> bf16 bits, ties away from zero (a sign-magnitude add of half an ulp), NaN quieted.
template <class DU16, class DF>
HWY_INLINE hn::Vec<DU16> NarrowToBf16BitsHalfAway(DU16 du16, DF df, hn::Vec<DF> v) {
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  (void)df;
  const auto bits = hn::BitCast(du, v);
  const auto rounded = hn::Add(bits, hn::Set(du, 0x8000u));
  const auto high = hn::IfThenElse(hn::RebindMask(du, hn::IsNaN(v)), hn::Or(bits, hn::Set(du, 0x00400000u)), rounded);
  return hn::DemoteTo(du16, hn::BitCast(di, hn::ShiftRight<16>(high)));
}

// ---- storage formats: load as fp32, store from fp32 --------------------------------------------

/// Saturation mode: NaN -> 0, and a clamp to +-max of the output type, before narrowing (which then
/// can no longer overflow). Equivalent to narrowing first and saturating infinities afterwards.
template <class DF>
HWY_INLINE hn::Vec<DF> Saturate(DF df, hn::Vec<DF> v, float max_finite) {
  const auto clamped = hn::Min(hn::Max(v, hn::Set(df, -max_finite)), hn::Set(df, max_finite));
  return hn::IfThenZeroElse(hn::IsNaN(v), clamped);
}

// Every storage also moves elements two vectors at a time (LoadPair / StorePair: 2 * Lanes(df)
// elements). The pair's lane order is the storage's choice — elementwise kernels only need
// StorePair to undo LoadPair — which lets bf16 skip the widening shuffles entirely.

struct Fp32Storage {
  using Raw = float;
  template <bool kFlush, class DF>
  static HWY_INLINE void LoadPair(DF df, const Raw* p, hn::Vec<DF>& v0, hn::Vec<DF>& v1) {
    v0 = Load<kFlush>(df, p);
    v1 = Load<kFlush>(df, p + hn::Lanes(df));
  }
  /// kStream: non-temporal stores; `p` is then aligned to a full vector.
  template <bool kSaturate, bool kFlush, bool kStream, class DF>
  static HWY_INLINE void StorePair(DF df, hn::Vec<DF> v0, hn::Vec<DF> v1, Raw* p) {
    if (kStream && HWY_TARGET != HWY_SCALAR) {
      if (kSaturate) {
        v0 = Saturate(df, v0, FLT_MAX);
        v1 = Saturate(df, v1, FLT_MAX);
      }
      hn::Stream(Round<kFlush>(df, v0), df, p);
      hn::Stream(Round<kFlush>(df, v1), df, p + hn::Lanes(df));
      return;
    }
    Store<kSaturate, kFlush>(df, v0, p);
    Store<kSaturate, kFlush>(df, v1, p + hn::Lanes(df));
  }
  template <bool kFlush, class DF>
  static HWY_INLINE hn::Vec<DF> Load(DF df, const Raw* p) {
    return Round<kFlush>(df, hn::LoadU(df, p));
  }
  template <bool kSaturate, bool kFlush, class DF>
  static HWY_INLINE void Store(DF df, hn::Vec<DF> v, Raw* p) {
    if (kSaturate) v = Saturate(df, v, FLT_MAX);
    hn::StoreU(Round<kFlush>(df, v), df, p);
  }
};

/// With kFlush, a 16-bit value that is subnormal in its own format reads and writes as +-0.
template <class DU16>
HWY_INLINE hn::Vec<DU16> FlushSubnormal16(DU16 du16, hn::Vec<DU16> raw, uint16_t exponent_mask) {
  const auto subnormal = hn::Eq(hn::And(raw, hn::Set(du16, exponent_mask)), hn::Zero(du16));
  return hn::IfThenElse(subnormal, hn::And(raw, hn::Set(du16, uint16_t{0x8000})), raw);
}

struct Fp16Storage {
  using Raw = uint16_t;
  template <bool kFlush, class DF>
  static HWY_INLINE void LoadPair(DF df, const Raw* p, hn::Vec<DF>& v0, hn::Vec<DF>& v1) {
    v0 = Load<kFlush>(df, p);
    v1 = Load<kFlush>(df, p + hn::Lanes(df));
  }
  template <bool kSaturate, bool kFlush, bool kStream, class DF>
  static HWY_INLINE void StorePair(DF df, hn::Vec<DF> v0, hn::Vec<DF> v1, Raw* p) {
#if HWY_TARGET != HWY_SCALAR
    if (kStream) {  // the two half-width results make one full vector: one aligned streaming store
      const hn::Rebind<uint16_t, DF> du16;
      const hn::Twice<decltype(du16)> du16x2;
      hn::Stream(hn::Combine(du16x2, Narrow<kSaturate, kFlush>(df, v1), Narrow<kSaturate, kFlush>(df, v0)), du16x2, p);
      return;
    }
#endif
    Store<kSaturate, kFlush>(df, v0, p);
    Store<kSaturate, kFlush>(df, v1, p + hn::Lanes(df));
  }
  template <bool kSaturate, bool kFlush, class DF>
  static HWY_INLINE hn::Vec<hn::Rebind<uint16_t, DF>> Narrow(DF df, hn::Vec<DF> v) {
    const hn::Rebind<uint16_t, DF> du16;
    if (kSaturate) v = Saturate(df, v, 65504.0f);
    hn::Vec<decltype(du16)> raw;
    if (kNativeF16) {
      const hn::Rebind<hwy::float16_t, DF> df16;
      raw = hn::BitCast(du16, hn::DemoteTo(df16, v));
    } else {
      raw = NarrowToHalfBits(du16, df, v);
    }
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7C00);
    return raw;
  }
  template <bool kFlush, class DF>
  static HWY_INLINE hn::Vec<DF> Load(DF df, const Raw* p) {
    const hn::Rebind<uint16_t, DF> du16;
    auto raw = hn::LoadU(du16, p);
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7C00);
    if (kNativeF16) {
      const hn::Rebind<hwy::float16_t, DF> df16;
      return hn::PromoteTo(df, hn::BitCast(df16, raw));
    }
    return WidenHalfBits(df, du16, raw);
  }
  template <bool kSaturate, bool kFlush, class DF>
  static HWY_INLINE void Store(DF df, hn::Vec<DF> v, Raw* p) {
    const hn::Rebind<uint16_t, DF> du16;
    hn::StoreU(Narrow<kSaturate, kFlush>(df, v), du16, p);
  }
};

/// bf16 is the top half of an fp32 pattern. Rounded to nearest-even in the integer domain, with
/// NaN quieted instead of rounded (a rounding carry could turn a NaN into an infinity or flip
/// its sign); the result is left in the upper 16 bits of each 32-bit lane.
/// kHalfAway: ties away from zero (CAST_ROUND) instead: a sign-magnitude add of half an ulp.
template <bool kHalfAway = false, class DF>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DF>> RoundToBf16High(DF df, hn::Vec<DF> v) {
  const hn::RebindToUnsigned<DF> du;
  (void)df;
  const auto bits = hn::BitCast(du, v);
  const auto odd = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u));
  const auto rounded =
      kHalfAway ? hn::Add(bits, hn::Set(du, 0x8000u)) : hn::Add(bits, hn::Add(hn::Set(du, 0x7FFFu), odd));
  return hn::IfThenElse(hn::RebindMask(du, hn::IsNaN(v)), hn::Or(bits, hn::Set(du, 0x00400000u)), rounded);
}

struct Bf16Storage {
  using Raw = uint16_t;
  template <bool kFlush, class DF>
  static HWY_INLINE hn::Vec<DF> Load(DF df, const Raw* p) {
    const hn::Rebind<uint16_t, DF> du16;
    const hn::RebindToUnsigned<DF> du32;
    auto raw = hn::LoadU(du16, p);
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7F80);
    return hn::BitCast(df, hn::ShiftLeft<16>(hn::PromoteTo(du32, raw)));
  }
  template <bool kSaturate, bool kFlush, class DF>
  static HWY_INLINE void Store(DF df, hn::Vec<DF> v, Raw* p) {
    const hn::Rebind<uint16_t, DF> du16;
    const hn::RebindToSigned<DF> di32;
    if (kSaturate) v = Saturate(df, v, 3.38953139e38f);  // 0x7F7F0000, the largest bf16
    auto raw = hn::DemoteTo(du16, hn::BitCast(di32, hn::ShiftRight<16>(RoundToBf16High(df, v))));
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7F80);
    hn::StoreU(raw, du16, p);
  }
#if HWY_TARGET == HWY_SCALAR
  // One-lane vectors cannot be repartitioned: a pair is two single elements.
  template <bool kFlush, class DF>
  static HWY_INLINE void LoadPair(DF df, const Raw* p, hn::Vec<DF>& v0, hn::Vec<DF>& v1) {
    v0 = Load<kFlush>(df, p);
    v1 = Load<kFlush>(df, p + 1);
  }
  template <bool kSaturate, bool kFlush, bool kStream, bool kHalfAway = false, class DF>
  static HWY_INLINE void StorePair(DF df, hn::Vec<DF> v0, hn::Vec<DF> v1, Raw* p) {
    static_assert(!kHalfAway, "the unary kernels store half-away pairs only on vector targets");
    Store<kSaturate, kFlush>(df, v0, p);
    Store<kSaturate, kFlush>(df, v1, p + 1);
  }
#else
  // A full vector of 2N bf16 values: the even elements widen by a shift, the odd ones by a mask
  // (v0 holds elements 0, 2, 4, ...; v1 holds 1, 3, 5, ...).
  template <bool kFlush, class DF>
  static HWY_INLINE void LoadPair(DF df, const Raw* p, hn::Vec<DF>& v0, hn::Vec<DF>& v1) {
    const hn::Repartition<uint16_t, DF> du16;
    const hn::RebindToUnsigned<DF> du32;
    auto raw = hn::LoadU(du16, p);
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7F80);
    const auto wide = hn::BitCast(du32, raw);
    v0 = hn::BitCast(df, hn::ShiftLeft<16>(wide));
    v1 = hn::BitCast(df, hn::And(wide, hn::Set(du32, 0xFFFF0000u)));
  }
  template <bool kSaturate, bool kFlush, bool kStream, bool kHalfAway = false, class DF>
  static HWY_INLINE void StorePair(DF df, hn::Vec<DF> v0, hn::Vec<DF> v1, Raw* p) {
    const hn::Repartition<uint16_t, DF> du16;
    if (kSaturate) {
      v0 = Saturate(df, v0, 3.38953139e38f);
      v1 = Saturate(df, v1, 3.38953139e38f);
    }
    const auto even = hn::BitCast(du16, hn::ShiftRight<16>(RoundToBf16High<kHalfAway>(df, v0)));
    const auto odd = hn::BitCast(du16, RoundToBf16High<kHalfAway>(df, v1));
    auto raw = hn::OddEven(odd, even);
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7F80);
    if (kStream) {
      hn::Stream(raw, du16, p);
    } else {
      hn::StoreU(raw, du16, p);
    }
  }
#endif
};

// ---- stores by format and rounding, for kernels whose output dtype is a parameter ---------------

enum class Format { kFp32, kFp16, kBf16 };
enum class Rounding { kNearestEven, kHalfAway };

/// Narrows `v` to `kFormat` with `kRounding` and stores it (saturation and flush as the modes say).
template <Format kFormat, Rounding kRounding, bool kSaturate, bool kFlush, class DF, typename Raw>
HWY_INLINE void StoreAs(DF df, hn::Vec<DF> v, Raw* p) {
  if (kFormat == Format::kFp32) {
    Fp32Storage::Store<kSaturate, kFlush>(df, v, reinterpret_cast<float*>(p));
    return;
  }
  const hn::Rebind<uint16_t, DF> du16;
  uint16_t* out = reinterpret_cast<uint16_t*>(p);
  if (kRounding == Rounding::kNearestEven) {
    if (kFormat == Format::kFp16)
      Fp16Storage::Store<kSaturate, kFlush>(df, v, out);
    else
      Bf16Storage::Store<kSaturate, kFlush>(df, v, out);
    return;
  }
  hn::Vec<decltype(du16)> raw;
  if (kFormat == Format::kFp16) {
    if (kSaturate) v = Saturate(df, v, 65504.0f);
    raw = NarrowToHalfBitsHalfAway(du16, df, v);
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7C00);
  } else {
    if (kSaturate) v = Saturate(df, v, 3.38953139e38f);
    raw = NarrowToBf16BitsHalfAway(du16, df, v);
    if (kFlush) raw = FlushSubnormal16(du16, raw, 0x7F80);
  }
  hn::StoreU(raw, du16, out);
}

/// `v` narrowed to `kFormat` with `kRounding` and widened back (exact): what a kernel that
/// outputs kFormat leaves for a following Cast to read.
template <Format kFormat, Rounding kRounding, bool kSaturate, bool kFlush, class DF>
HWY_INLINE hn::Vec<DF> ThroughFormat(DF df, hn::Vec<DF> v) {
  HWY_ALIGN float lanes[hn::MaxLanes(df)];
  HWY_ALIGN uint16_t halves[hn::MaxLanes(df)];
  if (kFormat == Format::kFp32) {
    StoreAs<kFormat, kRounding, kSaturate, kFlush>(df, v, lanes);
    return hn::Load(df, lanes);
  }
  StoreAs<kFormat, kRounding, kSaturate, kFlush>(df, v, halves);
  return kFormat == Format::kFp16 ? Fp16Storage::Load<false>(df, halves) : Bf16Storage::Load<false>(df, halves);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#endif  // include guard toggle
