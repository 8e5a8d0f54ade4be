// The integer kernels that need no SIMD dispatch: l0op::Cast from an integer dtype, and aclnnAddRelu
// in its integer compute dtypes (kernels/activation.h). One element at a time; the compiler
// vectorises the loops. Integer arithmetic wraps: it is done in uint64_t and narrowed (two's
// complement, as the NPU's truncating overflow mode and AI CPU's C++ kernels give).
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "common/numerics.h"
#include "kernels/activation.h"

namespace aclnn_host {
namespace kernels {
namespace {

// ---- Cast from an integer dtype --------------------------------------------------------------

template <typename From, typename To>
void IntegerToIntegerKernel(int64_t n, const void* const* inputs, void* output) {
  const From* x = static_cast<const From*>(inputs[0]);
  To* out = static_cast<To*>(output);
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(static_cast<uint64_t>(x[i]));
}

template <typename From, typename To>
void IntegerToFloatKernel(int64_t n, const void* const* inputs, void* output) {
  const From* x = static_cast<const From*>(inputs[0]);
  To* out = static_cast<To*>(output);
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<To>(x[i]);  // the FPU's nearest-even
}

// To fp16 or bf16 in one rounding: through double (exact up to 2^53) rounded to odd in fp32.
// kSaturate: the saturation mode's largest finite value instead of infinity.
template <typename From, bool kBf16, bool kSaturate>
void IntegerToHalfKernel(int64_t n, const void* const* inputs, void* output) {
  const From* x = static_cast<const From*>(inputs[0]);
  uint16_t* out = static_cast<uint16_t*>(output);
  for (int64_t i = 0; i < n; ++i) {
    const float odd = RoundToOddFloat(static_cast<double>(x[i]));
    uint16_t bits = kBf16 ? NarrowToBf16(odd) : NarrowToHalf(odd);
    if (kSaturate && !kBf16 && (bits & 0x7FFFu) == 0x7C00u) bits = static_cast<uint16_t>((bits & 0x8000u) | 0x7BFFu);
    out[i] = bits;
  }
}

template <typename From>
ElementwiseKernels CastFrom(aclDataType out) {
  switch (out) {
    case ACL_INT8:
      return EveryVariant(IntegerToIntegerKernel<From, int8_t>);
    case ACL_UINT8:
      return EveryVariant(IntegerToIntegerKernel<From, uint8_t>);
    case ACL_INT16:
      return EveryVariant(IntegerToIntegerKernel<From, int16_t>);
    case ACL_INT32:
      return EveryVariant(IntegerToIntegerKernel<From, int32_t>);
    case ACL_INT64:
      return EveryVariant(IntegerToIntegerKernel<From, int64_t>);
    case ACL_FLOAT:
      return EveryVariant(IntegerToFloatKernel<From, float>);
    case ACL_DOUBLE:
      return EveryVariant(IntegerToFloatKernel<From, double>);
    case ACL_FLOAT16: {
      const DenseKernel infnan = IntegerToHalfKernel<From, false, false>;
      const DenseKernel saturation = IntegerToHalfKernel<From, false, true>;
      return {infnan, saturation, infnan, saturation, DeviceKernel{}};
    }
    case ACL_BF16:
      return EveryVariant(IntegerToHalfKernel<From, true, false>);
    default:
      return {};
  }
}

// ---- aclnnAddRelu ------------------------------------------------------------------------------

const KernelScalars& ScalarsOf(const void* const* inputs) { return *static_cast<const KernelScalars*>(inputs[2]); }

/// INT32: Add where alpha is one (wrapping); otherwise Axpy converts both inputs to fp32
/// (nearest-even), computes alpha * other + self in fp32 and truncates back (saturating, NaN 0):
/// 950's vaxpy and TBE's, taken as one rounding (fma); TBE's vmuls + vadd, two. Then Relu.
template <bool kTbe>
void Int32AddReluKernel(int64_t n, const void* const* inputs, void* output) {
  const int32_t* self = static_cast<const int32_t*>(inputs[0]);
  const int32_t* other = static_cast<const int32_t*>(inputs[1]);
  int32_t* out = static_cast<int32_t*>(output);
  const KernelScalars& s = ScalarsOf(inputs);
  const float alpha = s.values[kAddReluAlpha];
  const bool separate = kTbe && s.integers[kAddReluSeparateMulAdd] != 0;
  for (int64_t i = 0; i < n; ++i) {
    int32_t r;
    if (AddReluAlphaIsOne(alpha)) {
      r = static_cast<int32_t>(static_cast<uint32_t>(self[i]) + static_cast<uint32_t>(other[i]));
    } else {
      const float x1 = static_cast<float>(self[i]);
      const float x2 = static_cast<float>(other[i]);
      const float product = x2 * alpha;  // rounded to fp32 on its own (-ffp-contract=off)
      r = TruncateToInt32(separate ? x1 + product : std::fmaf(alpha, x2, x1));
    }
    out[i] = r > 0 ? r : 0;
  }
}

/// INT8, UINT8, INT16, INT64: Mul(other, alpha converted to T) and Add(self, ·), each wrapping in T
/// (alpha one: the Add alone, the same values); Relu but for UINT8 (never negative: none upstream).
/// INT16's Relu runs after a Cast to INT32: the same values.
template <typename T>
void WrappingAddReluKernel(int64_t n, const void* const* inputs, void* output) {
  const T* self = static_cast<const T*>(inputs[0]);
  const T* other = static_cast<const T*>(inputs[1]);
  T* out = static_cast<T*>(output);
  const uint64_t alpha = static_cast<uint64_t>(ScalarsOf(inputs).integers[kAddReluAlphaInteger]);
  for (int64_t i = 0; i < n; ++i) {
    const T product = static_cast<T>(static_cast<uint64_t>(other[i]) * alpha);
    const T r = static_cast<T>(static_cast<uint64_t>(self[i]) + static_cast<uint64_t>(product));
    if (std::is_signed<T>::value) {
      out[i] = r > 0 ? r : T{0};
    } else {
      out[i] = r;
    }
  }
}

}  // namespace

ElementwiseKernels IntegerCastKernels(aclDataType in, aclDataType out) {
  switch (in) {
    case ACL_INT8:
      return CastFrom<int8_t>(out);
    case ACL_UINT8:
      return CastFrom<uint8_t>(out);
    case ACL_INT16:
      return CastFrom<int16_t>(out);
    case ACL_INT32:
      return CastFrom<int32_t>(out);
    case ACL_INT64:
      return CastFrom<int64_t>(out);
    default:
      return {};
  }
}

ElementwiseKernels IntegerAddReluKernels(aclDataType in, aclDataType out, bool tbe) {
  if (in != out) return {};
  switch (in) {
    case ACL_INT32:
      return EveryVariant(tbe ? Int32AddReluKernel<true> : Int32AddReluKernel<false>);
    case ACL_INT8:
      return EveryVariant(WrappingAddReluKernel<int8_t>);
    case ACL_UINT8:
      return EveryVariant(WrappingAddReluKernel<uint8_t>);
    case ACL_INT16:
      return EveryVariant(WrappingAddReluKernel<int16_t>);
    case ACL_INT64:
      return EveryVariant(WrappingAddReluKernel<int64_t>);
    default:
      return {};
  }
}

}  // namespace kernels
}  // namespace aclnn_host
