// What a kernel is, for the layers above it: a dense 1-D function, its scalars, and the variants
// one plan may run. The kernel layer is a leaf: it includes this, common/ and Highway, nothing from
// base/ or runtime/ (base/elementwise.h maps strided views onto these kernels).
#ifndef ACLNN_HOST_KERNELS_KERNEL_H_
#define ACLNN_HOST_KERNELS_KERNEL_H_

#include <cstdint>

#include "common/device_ops.h"

namespace aclnn_host {

/// A dense 1-D kernel: output[i] = f(inputs[0][i], inputs[1][i], ...) for i in [0, n). After the
/// tensor inputs, `inputs` holds one more pointer: the op's KernelScalars (nullptr when it has none).
using DenseKernel = void (*)(int64_t n, const void* const* inputs, void* output);

/// An operator's scalar arguments as its kernel reads them (aclnnLeakyRelu's negativeSlope,
/// aclnnThreshold's threshold and value, ...), converted in phase one to the kernel's compute type.
/// Float ops read `values`; ops with integer kernels read the scalars converted to the integer
/// dtype in `integers`.
struct KernelScalars {
  float values[4] = {};
  int64_t integers[4] = {};
};

/// What a device backend runs for the same plan: the sequence, the operands' storage formats
/// (scalar::Format) and the profile's subnormal flush. op AH_DEVICE_OP_NONE: no device kernel.
struct DeviceKernel {
  int32_t op = AH_DEVICE_OP_NONE;
  int32_t input_format = 0;
  int32_t output_format = 0;
  bool flush = false;
};

/// The kernel variants one plan may run: by the device's overflow mode at launch, and with
/// non-temporal stores when the operands are too large for the cache (chosen in phase one); and
/// the device backend's kernel.
struct ElementwiseKernels {
  DenseKernel infnan = nullptr;
  DenseKernel saturation = nullptr;
  DenseKernel infnan_streaming = nullptr;  // optional
  DenseKernel saturation_streaming = nullptr;
  DeviceKernel device;
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_KERNEL_H_
