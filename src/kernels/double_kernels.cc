// The DOUBLE kernels: what upstream runs on the AI CPU (a host CPU, IEEE double arithmetic) when an
// op's tensors are DOUBLE — aclnn's Cast to and from DOUBLE, and the DOUBLE LeakyReluGrad. Scalar
// loops: DOUBLE is a compatibility dtype, not a fast path.
#include <cmath>
#include <cstdint>

#include "kernels/activation.h"
#include "kernels/scalar_ops.h"

namespace aclnn_host {
namespace kernels {
namespace {

using scalar::Format;

template <Format kFormat>
uint32_t LoadRaw(const void* data, int64_t i) {
  if (kFormat == Format::kFp32) return static_cast<const uint32_t*>(data)[i];
  return static_cast<const uint16_t*>(data)[i];
}

// fp32/fp16/bf16 -> DOUBLE: exact (an input subnormal in its format reads as zero where the
// profile flushes, as every kernel of the profile reads it).
template <Format kIn, bool kFlush>
void WidenToDouble(int64_t n, const void* const* inputs, void* output) {
  double* out = static_cast<double*>(output);
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<double>(scalar::Widen(LoadRaw<kIn>(inputs[0], i), kIn, kFlush));
}

// DOUBLE -> fp32/fp16/bf16: one nearest-even rounding; in the saturation mode infinities and
// out-of-range values become the format's largest finite value and NaN +0, as the other Casts.
template <Format kOut, bool kSaturate, bool kFlush>
void NarrowFromDouble(int64_t n, const void* const* inputs, void* output) {
  const double* in = static_cast<const double*>(inputs[0]);
  const scalar::Mode mode{kSaturate, kFlush};
  for (int64_t i = 0; i < n; ++i) {
    const float value = kOut == Format::kFp32 ? static_cast<float>(in[i]) : RoundToOddFloat(in[i]);
    const uint32_t bits = scalar::Narrow(value, kOut, false, mode);
    if (kOut == Format::kFp32) {
      static_cast<uint32_t*>(output)[i] = bits;
    } else {
      static_cast<uint16_t*>(output)[i] = static_cast<uint16_t>(bits);
    }
  }
}

bool FormatOf(aclDataType dtype, Format* format) {
  switch (dtype) {
    case ACL_FLOAT:
      *format = Format::kFp32;
      return true;
    case ACL_FLOAT16:
      *format = Format::kFp16;
      return true;
    case ACL_BF16:
      *format = Format::kBf16;
      return true;
    default:
      return false;
  }
}

template <Format kIn>
ElementwiseKernels WidenKernels(bool flush) {
  const DenseKernel k = flush ? WidenToDouble<kIn, true> : WidenToDouble<kIn, false>;
  return {k, k, k, k, DeviceKernel{}};
}

template <Format kOut>
ElementwiseKernels NarrowKernels(bool flush) {
  const DenseKernel infnan = flush ? NarrowFromDouble<kOut, false, true> : NarrowFromDouble<kOut, false, false>;
  const DenseKernel saturation = flush ? NarrowFromDouble<kOut, true, true> : NarrowFromDouble<kOut, true, false>;
  return {infnan, saturation, infnan, saturation, DeviceKernel{}};
}

void CopyDouble(int64_t n, const void* const* inputs, void* output) {
  const double* in = static_cast<const double*>(inputs[0]);
  double* out = static_cast<double*>(output);
  for (int64_t i = 0; i < n; ++i) out[i] = in[i];
}

// LeakyReluGrad on DOUBLE (the AI CPU kernel, attribute alpha = the fp32 slope): gradOutput where
// self > 0, else gradOutput * slope in double (our reading: the kernel's source is not published).
void DoubleLeakyReluGradKernel(int64_t n, const void* const* inputs, void* output) {
  const double* g = static_cast<const double*>(inputs[0]);
  const double* x = static_cast<const double*>(inputs[1]);
  double* out = static_cast<double*>(output);
  const auto* scalars = static_cast<const KernelScalars*>(inputs[2]);
  const double slope = scalars != nullptr ? static_cast<double>(scalars->values[kNegativeSlope]) : 0.0;
  for (int64_t i = 0; i < n; ++i) out[i] = x[i] > 0.0 ? g[i] : g[i] * slope;
}

}  // namespace

ElementwiseKernels DoubleCastKernels(aclDataType in, aclDataType out, bool flush_subnormals) {
  Format format = Format::kFp32;
  if (in == ACL_DOUBLE && out == ACL_DOUBLE) return {CopyDouble, CopyDouble, CopyDouble, CopyDouble, DeviceKernel{}};
  if (out == ACL_DOUBLE && FormatOf(in, &format)) {
    switch (format) {
      case Format::kFp32:
        return WidenKernels<Format::kFp32>(flush_subnormals);
      case Format::kFp16:
        return WidenKernels<Format::kFp16>(flush_subnormals);
      case Format::kBf16:
        return WidenKernels<Format::kBf16>(flush_subnormals);
    }
  }
  if (in == ACL_DOUBLE && FormatOf(out, &format)) {
    switch (format) {
      case Format::kFp32:
        return NarrowKernels<Format::kFp32>(flush_subnormals);
      case Format::kFp16:
        return NarrowKernels<Format::kFp16>(flush_subnormals);
      case Format::kBf16:
        return NarrowKernels<Format::kBf16>(flush_subnormals);
    }
  }
  return {};
}

ElementwiseKernels DoubleLeakyReluGradKernels(aclDataType out) {
  if (out != ACL_DOUBLE) return {};
  const DenseKernel k = DoubleLeakyReluGradKernel;
  return {k, k, k, k, DeviceKernel{}};
}

}  // namespace kernels
}  // namespace aclnn_host
