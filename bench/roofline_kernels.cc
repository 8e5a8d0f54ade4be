// The roofline kernels of the benchmark: the simplest kernels that move the same bytes as
// HardSwish backward (two inputs read, one output written) — fp32: out = a * b; 16-bit: a bitwise
// XOR of the raw halves — vectorised with Highway's best target for this CPU.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "roofline_kernels.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "roofline_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace bench {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void MulF32(int64_t n, const void* const* inputs, void* output) {
  const float* HWY_RESTRICT a = static_cast<const float*>(inputs[0]);
  const float* HWY_RESTRICT b = static_cast<const float*>(inputs[1]);
  float* HWY_RESTRICT out = static_cast<float*>(output);
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(hn::Mul(hn::LoadU(d, a + i), hn::LoadU(d, b + i)), d, out + i);
  for (; i < n; ++i) out[i] = a[i] * b[i];
}

// MulF32 with non-temporal stores once the output is vector-aligned (an experiment: does
// bypassing the cache for the output help on this machine?).
void MulF32Streaming(int64_t n, const void* const* inputs, void* output) {
  const float* HWY_RESTRICT a = static_cast<const float*>(inputs[0]);
  const float* HWY_RESTRICT b = static_cast<const float*>(inputs[1]);
  float* HWY_RESTRICT out = static_cast<float*>(output);
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i < n && (reinterpret_cast<uintptr_t>(out + i) % (lanes * 4)) != 0; ++i) out[i] = a[i] * b[i];
  for (; i + lanes <= n; i += lanes) hn::Stream(hn::Mul(hn::LoadU(d, a + i), hn::LoadU(d, b + i)), d, out + i);
  for (; i < n; ++i) out[i] = a[i] * b[i];
  hwy::FlushStream();
}

// Unary rooflines (one input read, one output written): fp32 out = a * a, 16-bit out = a ^ a >> 1.
void SquareF32(int64_t n, const void* const* inputs, void* output) {
  const float* HWY_RESTRICT a = static_cast<const float*>(inputs[0]);
  float* HWY_RESTRICT out = static_cast<float*>(output);
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto v = hn::LoadU(d, a + i);
    hn::StoreU(hn::Mul(v, v), d, out + i);
  }
  for (; i < n; ++i) out[i] = a[i] * a[i];
}

void ShiftXorU16(int64_t n, const void* const* inputs, void* output) {
  const uint16_t* HWY_RESTRICT a = static_cast<const uint16_t*>(inputs[0]);
  uint16_t* HWY_RESTRICT out = static_cast<uint16_t*>(output);
  const hn::ScalableTag<uint16_t> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto v = hn::LoadU(d, a + i);
    hn::StoreU(hn::Xor(v, hn::ShiftRight<1>(v)), d, out + i);
  }
  for (; i < n; ++i) out[i] = static_cast<uint16_t>(a[i] ^ (a[i] >> 1));
}

void XorU16(int64_t n, const void* const* inputs, void* output) {
  const uint16_t* HWY_RESTRICT a = static_cast<const uint16_t*>(inputs[0]);
  const uint16_t* HWY_RESTRICT b = static_cast<const uint16_t*>(inputs[1]);
  uint16_t* HWY_RESTRICT out = static_cast<uint16_t*>(output);
  const hn::ScalableTag<uint16_t> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(hn::Xor(hn::LoadU(d, a + i), hn::LoadU(d, b + i)), d, out + i);
  for (; i < n; ++i) out[i] = static_cast<uint16_t>(a[i] ^ b[i]);
}

// The conversion floor of an exact fp16 kernel (issue 17): the least any fp16 kernel that
// computes in fp32 must do — widen both inputs, one fp32 operation, narrow to nearest-even — with
// the hardware conversions (F16C on x86) the real kernels use. What a kernel costs beyond this is
// its arithmetic; what this costs beyond XorU16 is the conversions.
void ConvertF16(int64_t n, const void* const* inputs, void* output) {
  const hwy::float16_t* HWY_RESTRICT a = static_cast<const hwy::float16_t*>(inputs[0]);
  const hwy::float16_t* HWY_RESTRICT b = static_cast<const hwy::float16_t*>(inputs[1]);
  hwy::float16_t* HWY_RESTRICT out = static_cast<hwy::float16_t*>(output);
  const hn::ScalableTag<float> df;
  const hn::Rebind<hwy::float16_t, decltype(df)> df16;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto sum = hn::Add(hn::PromoteTo(df, hn::LoadU(df16, a + i)), hn::PromoteTo(df, hn::LoadU(df16, b + i)));
    hn::StoreU(hn::DemoteTo(df16, sum), df16, out + i);
  }
  const hn::CappedTag<float, 1> d1;
  const hn::Rebind<hwy::float16_t, decltype(d1)> d1f16;
  for (; i < n; ++i) {
    const auto sum = hn::Add(hn::PromoteTo(d1, hn::LoadU(d1f16, a + i)), hn::PromoteTo(d1, hn::LoadU(d1f16, b + i)));
    hn::StoreU(hn::DemoteTo(d1f16, sum), d1f16, out + i);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace bench
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace bench {
HWY_EXPORT(MulF32);
HWY_EXPORT(XorU16);
HWY_EXPORT(MulF32Streaming);
HWY_EXPORT(SquareF32);
HWY_EXPORT(ShiftXorU16);
HWY_EXPORT(ConvertF16);

aclnn_host::DenseKernel ConversionFloorKernelF16() {
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  return HWY_DYNAMIC_DISPATCH(ConvertF16);
}

aclnn_host::DenseKernel UnaryRooflineKernel(size_t element_size) {
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  return element_size == 4 ? HWY_DYNAMIC_DISPATCH(SquareF32) : HWY_DYNAMIC_DISPATCH(ShiftXorU16);
}

aclnn_host::DenseKernel StreamingRooflineKernel() {
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  return HWY_DYNAMIC_DISPATCH(MulF32Streaming);
}

aclnn_host::DenseKernel RooflineKernel(size_t element_size) {
  // Resolve the target first, so the pointer is the kernel itself and not Highway's chooser.
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  return element_size == 4 ? HWY_DYNAMIC_DISPATCH(MulF32) : HWY_DYNAMIC_DISPATCH(XorU16);
}
}  // namespace bench
#endif
