#ifndef ACLNN_HOST_BENCH_ROOFLINE_KERNELS_H_
#define ACLNN_HOST_BENCH_ROOFLINE_KERNELS_H_

#include <cstddef>

#include "base/elementwise.h"

namespace bench {

/// The roofline kernel for elements of `element_size` bytes (4: a * b; 2: a ^ b).
aclnn_host::DenseKernel RooflineKernel(size_t element_size);

/// The unary roofline (one read, one write) for the forward op.
aclnn_host::DenseKernel UnaryRooflineKernel(size_t element_size);

/// fp16's conversion floor: out = narrow(widen(a) + widen(b)), the hardware conversions alone.
aclnn_host::DenseKernel ConversionFloorKernelF16();

/// The fp32 roofline with non-temporal stores (to see whether streaming stores pay here).
aclnn_host::DenseKernel StreamingRooflineKernel();

}  // namespace bench

#endif  // ACLNN_HOST_BENCH_ROOFLINE_KERNELS_H_
