// The SIMD loops of elementwise kernels, per Highway target: an operator supplies a per-element
// functor written with Highway ops (Op::Apply<kFlush>(d, a, b)); these templates load each
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

#include <cstdint>

#include <hwy/highway.h>

#include "base/elementwise.h"
#include "kernels/simd/numerics-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host {
namespace kernels {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

/// out[i] = Op(a[i], b[i]) over n dense elements.
template <class Op, class Storage, bool kSaturate, bool kFlush>
void BinaryKernel(int64_t n, const void* const* inputs, void* output) {
  using Raw = typename Storage::Raw;
  const Raw* HWY_RESTRICT a = static_cast<const Raw*>(inputs[0]);
  const Raw* HWY_RESTRICT b = static_cast<const Raw*>(inputs[1]);
  Raw* HWY_RESTRICT out = static_cast<Raw*>(output);
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    const auto a0 = Storage::template Load<kFlush>(df, a + i);
    const auto b0 = Storage::template Load<kFlush>(df, b + i);
    const auto a1 = Storage::template Load<kFlush>(df, a + i + lanes);
    const auto b1 = Storage::template Load<kFlush>(df, b + i + lanes);
    Storage::template Store<kSaturate, kFlush>(df, Op::template Apply<kFlush>(df, a0, b0), out + i);
    Storage::template Store<kSaturate, kFlush>(df, Op::template Apply<kFlush>(df, a1, b1), out + i + lanes);
  }
  for (; i + lanes <= n; i += lanes) {
    const auto a0 = Storage::template Load<kFlush>(df, a + i);
    const auto b0 = Storage::template Load<kFlush>(df, b + i);
    Storage::template Store<kSaturate, kFlush>(df, Op::template Apply<kFlush>(df, a0, b0), out + i);
  }
  const hn::CappedTag<float, 1> d1;
  for (; i < n; ++i) {
    const auto a0 = Storage::template Load<kFlush>(d1, a + i);
    const auto b0 = Storage::template Load<kFlush>(d1, b + i);
    Storage::template Store<kSaturate, kFlush>(d1, Op::template Apply<kFlush>(d1, a0, b0), out + i);
  }
}

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

/// The INF_NAN and saturation kernels of a binary op for one dtype and subnormal behaviour.
template <class Op>
ElementwiseKernels BinaryKernels(aclDataType dtype, bool flush_subnormals) {
  return flush_subnormals ? BinaryKernelsFor<Op, true>(dtype) : BinaryKernelsFor<Op, false>(dtype);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#endif  // include guard toggle
