// Scalar (portable C++) elementwise kernels: storage types widen to fp32 on load and narrow once
// on store, with the shared helpers of common/numerics.h. An operator supplies only its
// per-element function; this header turns it into DenseKernel variants for every storage type
// and numerics mode. Compiled with -ffp-contract=off: every fp32 operation rounds on its own.
#ifndef ACLNN_HOST_KERNELS_SCALAR_ELEMENTWISE_H_
#define ACLNN_HOST_KERNELS_SCALAR_ELEMENTWISE_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "base/elementwise.h"
#include "common/numerics.h"

namespace aclnn_host {
namespace kernels {

/// fp32 arithmetic as the profile's vector unit does it: with kFlush, subnormal results (and
/// inputs) become zeros of the same sign.
template <bool kFlush>
struct Fp32 {
  static float Round(float value) { return kFlush ? FlushSubnormalFloat(value) : value; }
};

// Storage formats: how one element is loaded as fp32 and stored back.
struct Fp32Storage {
  using Raw = float;
  template <bool kFlush>
  static float Load(Raw value) {
    return Fp32<kFlush>::Round(value);
  }
  template <bool kSaturate, bool kFlush>
  static Raw Store(float value) {
    if (kSaturate) value = SaturateFloat(value);
    return Fp32<kFlush>::Round(value);
  }
};

struct Fp16Storage {
  using Raw = uint16_t;
  template <bool kFlush>
  static float Load(Raw value) {
    return WidenHalf(kFlush ? FlushSubnormalHalf(value) : value);
  }
  template <bool kSaturate, bool kFlush>
  static Raw Store(float value) {
    Raw result = NarrowToHalf(value);
    if (kSaturate) result = SaturateHalf(result);
    return kFlush ? FlushSubnormalHalf(result) : result;
  }
};

struct Bf16Storage {
  using Raw = uint16_t;
  template <bool kFlush>
  static float Load(Raw value) {
    return WidenBf16(kFlush ? FlushSubnormalBf16(value) : value);
  }
  template <bool kSaturate, bool kFlush>
  static Raw Store(float value) {
    Raw result = NarrowToBf16(value);
    if (kSaturate) result = SaturateBf16(result);
    return kFlush ? FlushSubnormalBf16(result) : result;
  }
};

/// out[i] = Op::Apply(a[i], b[i]) in fp32; Op::Apply is a template on the Fp32<kFlush> arithmetic.
template <class Op, class Storage, bool kSaturate, bool kFlush>
void BinaryKernel(int64_t n, const void* const* inputs, void* output) {
  using Raw = typename Storage::Raw;
  const Raw* a = static_cast<const Raw*>(inputs[0]);
  const Raw* b = static_cast<const Raw*>(inputs[1]);
  Raw* out = static_cast<Raw*>(output);
  for (int64_t i = 0; i < n; ++i) {
    const float x = Storage::template Load<kFlush>(a[i]);
    const float y = Storage::template Load<kFlush>(b[i]);
    out[i] = Storage::template Store<kSaturate, kFlush>(Op::template Apply<Fp32<kFlush>>(x, y));
  }
}

/// The INF_NAN and saturation variants of a binary op for one storage dtype.
template <class Op, bool kFlush>
ElementwiseKernels BinaryKernelsFor(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT:
      return {BinaryKernel<Op, Fp32Storage, false, kFlush>, BinaryKernel<Op, Fp32Storage, true, kFlush>};
    case ACL_FLOAT16:
      return {BinaryKernel<Op, Fp16Storage, false, kFlush>, BinaryKernel<Op, Fp16Storage, true, kFlush>};
    case ACL_BF16:
      return {BinaryKernel<Op, Bf16Storage, false, kFlush>, BinaryKernel<Op, Bf16Storage, true, kFlush>};
    default:
      return {};
  }
}

/// Variants for the profile's subnormal behaviour.
template <class Op>
ElementwiseKernels BinaryKernels(aclDataType dtype, bool flush_subnormals) {
  return flush_subnormals ? BinaryKernelsFor<Op, true>(dtype) : BinaryKernelsFor<Op, false>(dtype);
}

}  // namespace kernels
}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_SCALAR_ELEMENTWISE_H_
