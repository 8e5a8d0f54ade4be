// The SIMD loops of elementwise kernels, per Highway target: an operator supplies a per-element
// functor written with Highway ops (Op::Apply<kFlush>(d, scalars, a, b)); these templates load each
// storage type as fp32, apply it, and store the result, for every dtype and numerics mode. The
// tail runs the same code on 1-lane vectors, so every element of every variant takes the same
// sequence of operations.
//
// Re-included once per target by foreach_target.h.
#if defined(ACLNN_HOST_KERNELS_SIMD_ELEMENTWISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLNN_HOST_KERNELS_SIMD_ELEMENTWISE_INL_H_
#undef ACLNN_HOST_KERNELS_SIMD_ELEMENTWISE_INL_H_
#else
#define ACLNN_HOST_KERNELS_SIMD_ELEMENTWISE_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "kernels/isa.h"
#include "kernels/kernel.h"
#include "kernels/simd/numerics-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host {
namespace kernels {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

/// Whether Op reads scalar arguments (declares `static constexpr bool kHasScalars = true`): only
/// then does a kernel read the KernelScalars pointer after its inputs.
template <class Op, class = void>
struct OpHasScalars : std::false_type {};
template <class Op>
struct OpHasScalars<Op, std::enable_if_t<Op::kHasScalars>> : std::true_type {};

/// The scalars a kernel of Op passes to it: inputs[num_inputs], or none.
template <class Op>
HWY_INLINE const KernelScalars& ScalarsOf(const void* const* inputs, size_t num_inputs) {
  static const KernelScalars kNone;
  if constexpr (OpHasScalars<Op>::value) {
    const void* scalars = inputs[num_inputs];
    if (scalars != nullptr) return *static_cast<const KernelScalars*>(scalars);
  }
  (void)inputs;
  (void)num_inputs;
  return kNone;
}

/// One element at a time (1-lane vectors: the same operations as the vector path).
template <class Op, class Storage, bool kSaturate, bool kFlush>
HWY_INLINE void BinaryElement(const typename Storage::Raw* a, const typename Storage::Raw* b,
                              typename Storage::Raw* out, const KernelScalars& s) {
  const hn::CappedTag<float, 1> d1;
  const auto a0 = Storage::template Load<kFlush>(d1, a);
  const auto b0 = Storage::template Load<kFlush>(d1, b);
  Storage::template Store<kSaturate, kFlush>(d1, Op::template Apply<kFlush>(d1, s, a0, b0), out);
}

/// out[i] = Op(a[i], b[i]) over n dense elements. kStream: non-temporal stores for outputs too
/// large for the cache (elements before the first vector-aligned output go one by one).
template <class Op, class Storage, bool kSaturate, bool kFlush, bool kStream>
void BinaryKernel(int64_t n, const void* const* inputs, void* output) {
  using Raw = typename Storage::Raw;
  const Raw* HWY_RESTRICT a = static_cast<const Raw*>(inputs[0]);
  const Raw* HWY_RESTRICT b = static_cast<const Raw*>(inputs[1]);
  Raw* HWY_RESTRICT out = static_cast<Raw*>(output);
  const KernelScalars& s = ScalarsOf<Op>(inputs, 2);
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  if (kStream) {
    const uintptr_t alignment = static_cast<uintptr_t>(lanes) * sizeof(float);  // one full vector
    for (; i < n && reinterpret_cast<uintptr_t>(out + i) % alignment != 0; ++i) {
      BinaryElement<Op, Storage, kSaturate, kFlush>(a + i, b + i, out + i, s);
    }
  }
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    hn::Vec<decltype(df)> a0, a1, b0, b1;
    Storage::template LoadPair<kFlush>(df, a + i, a0, a1);
    Storage::template LoadPair<kFlush>(df, b + i, b0, b1);
    Storage::template StorePair<kSaturate, kFlush, kStream>(df, Op::template Apply<kFlush>(df, s, a0, b0),
                                                            Op::template Apply<kFlush>(df, s, a1, b1), out + i);
  }
  if (kStream) hwy::FlushStream();  // order the streaming stores before the caller's completion
  for (; i + lanes <= n; i += lanes) {
    const auto a0 = Storage::template Load<kFlush>(df, a + i);
    const auto b0 = Storage::template Load<kFlush>(df, b + i);
    Storage::template Store<kSaturate, kFlush>(df, Op::template Apply<kFlush>(df, s, a0, b0), out + i);
  }
  for (; i < n; ++i) BinaryElement<Op, Storage, kSaturate, kFlush>(a + i, b + i, out + i, s);
}

// ---- unary kernels with their own output dtype (the forward activations) ----------------------

template <Format kFormat>
struct FormatTraits;
template <>
struct FormatTraits<Format::kFp32> {
  using Storage = Fp32Storage;
  using Raw = float;
};
template <>
struct FormatTraits<Format::kFp16> {
  using Storage = Fp16Storage;
  using Raw = uint16_t;
};
template <>
struct FormatTraits<Format::kBf16> {
  using Storage = Bf16Storage;
  using Raw = uint16_t;
};

/// Whether Op is the Cast itself (declares `static constexpr bool kIsCast = true`): it writes the
/// output format directly, with no narrowing to the input's format first.
template <class Op, class = void>
struct OpIsCast : std::false_type {};
template <class Op>
struct OpIsCast<Op, std::enable_if_t<Op::kIsCast>> : std::true_type {};

/// y = Op(x) for one vector: computed in fp32, narrowed to the input's format with the op's
/// rounding (as the NPU kernel writes it), then — when the output dtype differs — cast to the
/// output format rounding to nearest-even (as aclnn's Cast does).
template <class Op, Format kIn, Format kOut, bool kSaturate, bool kFlush, class D>
HWY_INLINE void UnaryStep(D d, const typename FormatTraits<kIn>::Raw* x, typename FormatTraits<kOut>::Raw* out,
                          const KernelScalars& s) {
  const auto y = Op::template Apply<kFlush>(d, s, FormatTraits<kIn>::Storage::template Load<kFlush>(d, x));
  if (kIn == kOut || OpIsCast<Op>::value) {
    StoreAs<kOut, Op::kRounding, kSaturate, kFlush>(d, y, out);
  } else {
    StoreAs<kOut, Rounding::kNearestEven, kSaturate, kFlush>(
        d, ThroughFormat<kIn, Op::kRounding, kSaturate, kFlush>(d, y), out);
  }
}

/// Whether a unary kernel from kIn to kOut can move vector pairs (same format, fp32 or bf16).
template <Format kIn, Format kOut>
constexpr bool kUnaryPairs = kIn == kOut&& kIn != Format::kFp16&& HWY_TARGET != HWY_SCALAR;

/// Dense elements [0, n). fp32 and bf16 (same format in and out) move pairs of vectors — for
/// bf16 in the even/odd layout of Bf16Storage — and can stream them (kStream: `out` must then
/// be vector-aligned); the rest go a vector, then an element, at a time with plain stores.
template <class Op, Format kIn, Format kOut, bool kSaturate, bool kFlush, bool kStream = false>
HWY_INLINE void UnaryRun(int64_t n, const typename FormatTraits<kIn>::Raw* x, typename FormatTraits<kOut>::Raw* out,
                         const KernelScalars& s) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  if constexpr (kUnaryPairs<kIn, kOut>) {
    using Storage = typename FormatTraits<kIn>::Storage;
    for (; i + 2 * lanes <= n; i += 2 * lanes) {
      hn::Vec<decltype(df)> x0, x1;
      Storage::template LoadPair<kFlush>(df, x + i, x0, x1);
      const auto y0 = Op::template Apply<kFlush>(df, s, x0);
      const auto y1 = Op::template Apply<kFlush>(df, s, x1);
      if constexpr (kIn == Format::kBf16) {
        Storage::template StorePair<kSaturate, kFlush, kStream, Op::kRounding == Rounding::kHalfAway>(df, y0, y1,
                                                                                                      out + i);
      } else {
        Storage::template StorePair<kSaturate, kFlush, kStream>(df, y0, y1, out + i);
      }
    }
    if (kStream) hwy::FlushStream();
  }
  for (; i + lanes <= n; i += lanes) UnaryStep<Op, kIn, kOut, kSaturate, kFlush>(df, x + i, out + i, s);
  const hn::CappedTag<float, 1> d1;
  for (; i < n; ++i) UnaryStep<Op, kIn, kOut, kSaturate, kFlush>(d1, x + i, out + i, s);
}

/// out[i] = Op(x[i]) over n dense elements. kStream: non-temporal stores — directly for vector
/// pairs, through a small cache-resident block for the other format combinations.
template <class Op, Format kIn, Format kOut, bool kSaturate, bool kFlush, bool kStream>
void UnaryKernel(int64_t n, const void* const* inputs, void* output) {
  using InRaw = typename FormatTraits<kIn>::Raw;
  using OutRaw = typename FormatTraits<kOut>::Raw;
  const InRaw* HWY_RESTRICT x = static_cast<const InRaw*>(inputs[0]);
  OutRaw* HWY_RESTRICT out = static_cast<OutRaw*>(output);
  const KernelScalars& s = ScalarsOf<Op>(inputs, 1);
  if (!kStream || HWY_TARGET == HWY_SCALAR) {
    UnaryRun<Op, kIn, kOut, kSaturate, kFlush>(n, x, out, s);
    return;
  }
  const hn::ScalableTag<uint8_t> d8;
  const int64_t vector_bytes = static_cast<int64_t>(hn::Lanes(d8));
  int64_t i = 0;
  while (i < n && reinterpret_cast<uintptr_t>(out + i) % static_cast<uintptr_t>(vector_bytes) != 0) {
    UnaryRun<Op, kIn, kOut, kSaturate, kFlush>(1, x + i, out + i, s);
    ++i;
  }
  if constexpr (kUnaryPairs<kIn, kOut>) {
    UnaryRun<Op, kIn, kOut, kSaturate, kFlush, true>(n - i, x + i, out + i, s);
    return;
  }
  constexpr int64_t kBlock = 1024;  // elements; a multiple of every vector's lane count
  HWY_ALIGN OutRaw block[kBlock];
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  for (; i + kBlock <= n; i += kBlock) {
    for (int64_t j = 0; j < kBlock; j += lanes)
      UnaryStep<Op, kIn, kOut, kSaturate, kFlush>(df, x + i + j, block + j, s);
    const uint8_t* from = reinterpret_cast<const uint8_t*>(block);
    uint8_t* to = reinterpret_cast<uint8_t*>(out + i);
    for (int64_t b = 0; b < kBlock * static_cast<int64_t>(sizeof(OutRaw)); b += vector_bytes) {
      hn::Stream(hn::Load(d8, from + b), d8, to + b);
    }
  }
  hwy::FlushStream();
  UnaryRun<Op, kIn, kOut, kSaturate, kFlush>(n - i, x + i, out + i, s);
}

template <class Op, Format kIn, Format kOut, bool kFlush>
ElementwiseKernels UnaryKernelsOf() {
  return {UnaryKernel<Op, kIn, kOut, false, kFlush, false>, UnaryKernel<Op, kIn, kOut, true, kFlush, false>,
          UnaryKernel<Op, kIn, kOut, false, kFlush, true>, UnaryKernel<Op, kIn, kOut, true, kFlush, true>,
          DeviceKernel{}};
}

template <Format kIn, class Op, bool kFlush>
ElementwiseKernels UnaryKernelsTo(aclDataType out) {
  switch (out) {
    case ACL_FLOAT:
      return UnaryKernelsOf<Op, kIn, Format::kFp32, kFlush>();
    case ACL_FLOAT16:
      return UnaryKernelsOf<Op, kIn, Format::kFp16, kFlush>();
    case ACL_BF16:
      return UnaryKernelsOf<Op, kIn, Format::kBf16, kFlush>();
    default:
      return {};
  }
}

/// Whether Op also has an INT32 kernel (declares `static constexpr bool kInt32 = true`).
template <class Op, class = void>
struct OpTakesInt32 : std::false_type {};
template <class Op>
struct OpTakesInt32<Op, std::enable_if_t<Op::kInt32>> : std::true_type {};

/// out[i] = Op(x[i]) for INT32 x and out, as the NPU's INT32 kernels compute it: x converted to
/// fp32 (nearest-even beyond 2^24), the fp32 sequence, the result truncated toward zero (CAST_TRUNC).
/// Op must keep its results inside the int32 range. Subnormals and the overflow mode do not arise.
template <class Op>
void Int32UnaryKernel(int64_t n, const void* const* inputs, void* output) {
  const int32_t* HWY_RESTRICT x = static_cast<const int32_t*>(inputs[0]);
  int32_t* HWY_RESTRICT out = static_cast<int32_t*>(output);
  const KernelScalars& s = ScalarsOf<Op>(inputs, 1);
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto y = Op::template Apply<false>(df, s, hn::ConvertTo(df, hn::LoadU(di, x + i)));
    hn::StoreU(hn::ConvertTo(di, y), di, out + i);
  }
  const hn::CappedTag<float, 1> d1;
  const hn::RebindToSigned<decltype(d1)> di1;
  for (; i < n; ++i) {
    const auto y = Op::template Apply<false>(d1, s, hn::ConvertTo(d1, hn::LoadU(di1, x + i)));
    hn::StoreU(hn::ConvertTo(di1, y), di1, out + i);
  }
}

template <class Op, bool kFlush>
ElementwiseKernels UnaryKernelsFor(aclDataType in, aclDataType out) {
  if constexpr (OpTakesInt32<Op>::value) {
    if (in == ACL_INT32 && out == ACL_INT32) {
      return {Int32UnaryKernel<Op>, Int32UnaryKernel<Op>, Int32UnaryKernel<Op>, Int32UnaryKernel<Op>, DeviceKernel{}};
    }
  }
  switch (in) {
    case ACL_FLOAT:
      return UnaryKernelsTo<Format::kFp32, Op, kFlush>(out);
    case ACL_FLOAT16:
      return UnaryKernelsTo<Format::kFp16, Op, kFlush>(out);
    case ACL_BF16:
      return UnaryKernelsTo<Format::kBf16, Op, kFlush>(out);
    default:
      return {};
  }
}

/// The kernels of a unary op from `in` to `out` dtype for one subnormal behaviour.
template <class Op>
ElementwiseKernels UnaryKernels(aclDataType in, aclDataType out, bool flush_subnormals) {
  return flush_subnormals ? UnaryKernelsFor<Op, true>(in, out) : UnaryKernelsFor<Op, false>(in, out);
}

#if HWY_TARGET == HWY_AVX3
// AVX512_BF16 (Cooper Lake, Sapphire Rapids, Zen 4): vcvtne2ps2bf16 narrows 32 floats with
// round-to-nearest-even and quiets NaN in one instruction, but reads subnormal inputs as zero.
// Vectors holding a subnormal take the integer path instead, so the result stays bit-exact.
#define AH_ATTR_AVX512BF16 __attribute__((target(HWY_TARGET_STR ",avx512bf16")))

struct Bf16NativeStorage : Bf16Storage {
  template <bool kSaturate, bool kFlush, bool kStream, class DF>
  static AH_ATTR_AVX512BF16 HWY_INLINE void StorePair(DF df, hn::Vec<DF> v0, hn::Vec<DF> v1, Raw* p) {
    if (kSaturate) {
      v0 = Saturate(df, v0, 3.38953139e38f);
      v1 = Saturate(df, v1, 3.38953139e38f);
    }
    // With kFlush every value is already normal or zero (Round flushed it).
    if (!kFlush && (_mm512_fpclass_ps_mask(v0.raw, 0x20) | _mm512_fpclass_ps_mask(v1.raw, 0x20)) != 0) {
      Bf16Storage::StorePair<false, false, kStream>(df, v0, v1, p);
      return;
    }
    // v0 holds the even elements and v1 the odd ones (see LoadPair): re-interleave the halves.
    const __m512i packed = reinterpret_cast<__m512i>(_mm512_cvtne2ps_pbh(v1.raw, v0.raw));
    const __m512i order = _mm512_set_epi16(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8, 23, 7, 22, 6,
                                           21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
    const __m512i result = _mm512_permutexvar_epi16(order, packed);
    if (kStream) {
      _mm512_stream_si512(reinterpret_cast<__m512i*>(p), result);
    } else {
      _mm512_storeu_si512(p, result);
    }
  }
};

/// BinaryKernel for Bf16NativeStorage: the same loop, compiled with AVX512_BF16 enabled.
template <class Op, class Storage, bool kSaturate, bool kFlush, bool kStream>
AH_ATTR_AVX512BF16 void BinaryKernelAvx512Bf16(int64_t n, const void* const* inputs, void* output) {
  using Raw = typename Storage::Raw;
  const Raw* HWY_RESTRICT a = static_cast<const Raw*>(inputs[0]);
  const Raw* HWY_RESTRICT b = static_cast<const Raw*>(inputs[1]);
  Raw* HWY_RESTRICT out = static_cast<Raw*>(output);
  const KernelScalars& s = ScalarsOf<Op>(inputs, 2);
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  if (kStream) {
    for (; i < n && reinterpret_cast<uintptr_t>(out + i) % 64 != 0; ++i) {
      BinaryElement<Op, Bf16Storage, kSaturate, kFlush>(a + i, b + i, out + i, s);
    }
  }
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    hn::Vec<decltype(df)> a0, a1, b0, b1;
    Storage::template LoadPair<kFlush>(df, a + i, a0, a1);
    Storage::template LoadPair<kFlush>(df, b + i, b0, b1);
    Storage::template StorePair<kSaturate, kFlush, kStream>(df, Op::template Apply<kFlush>(df, s, a0, b0),
                                                            Op::template Apply<kFlush>(df, s, a1, b1), out + i);
  }
  if (kStream) hwy::FlushStream();
  const void* rest_inputs[3] = {a + i, b + i, &s};
  BinaryKernel<Op, Bf16Storage, kSaturate, kFlush, false>(n - i, rest_inputs, out + i);  // the tail
}
#endif  // HWY_TARGET == HWY_AVX3

template <class Op, bool kFlush>
ElementwiseKernels BinaryKernelsFor(Isa isa, aclDataType dtype) {
#if HWY_TARGET == HWY_AVX3
  if (isa == Isa::kAvx512Bf16 && dtype == ACL_BF16) {
    return {BinaryKernelAvx512Bf16<Op, Bf16NativeStorage, false, kFlush, false>,
            BinaryKernelAvx512Bf16<Op, Bf16NativeStorage, true, kFlush, false>,
            BinaryKernelAvx512Bf16<Op, Bf16NativeStorage, false, kFlush, true>,
            BinaryKernelAvx512Bf16<Op, Bf16NativeStorage, true, kFlush, true>};
  }
#endif
  (void)isa;
  switch (dtype) {
    case ACL_FLOAT:
      return {BinaryKernel<Op, Fp32Storage, false, kFlush, false>, BinaryKernel<Op, Fp32Storage, true, kFlush, false>,
              BinaryKernel<Op, Fp32Storage, false, kFlush, true>, BinaryKernel<Op, Fp32Storage, true, kFlush, true>,
              DeviceKernel{}};
    case ACL_FLOAT16:
      return {BinaryKernel<Op, Fp16Storage, false, kFlush, false>, BinaryKernel<Op, Fp16Storage, true, kFlush, false>,
              BinaryKernel<Op, Fp16Storage, false, kFlush, true>, BinaryKernel<Op, Fp16Storage, true, kFlush, true>,
              DeviceKernel{}};
    case ACL_BF16:
      return {BinaryKernel<Op, Bf16Storage, false, kFlush, false>, BinaryKernel<Op, Bf16Storage, true, kFlush, false>,
              BinaryKernel<Op, Bf16Storage, false, kFlush, true>, BinaryKernel<Op, Bf16Storage, true, kFlush, true>,
              DeviceKernel{}};
    default:
      return {};
  }
}

/// The INF_NAN and saturation kernels of a binary op for one dtype and subnormal behaviour.
template <class Op>
ElementwiseKernels BinaryKernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  return flush_subnormals ? BinaryKernelsFor<Op, true>(isa, dtype) : BinaryKernelsFor<Op, false>(isa, dtype);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#endif  // include guard toggle
