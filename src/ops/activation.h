// The elementwise activations' shared first phase. An operator is its names, the few ways its
// checks differ from its family's, and its kernels: hardswish_backward_v2.cc, hardswish_backward.cc
// and hardswish.cc are each a spec and their extern "C" entry points. A new activation of either
// shape needs a kernel functor (src/kernels) and a spec here — nothing else.
#ifndef ACLNN_HOST_OPS_ACTIVATION_H_
#define ACLNN_HOST_OPS_ACTIVATION_H_

#include <cstdint>

#include "aclnn/aclnn_base.h"
#include "base/elementwise.h"
#include "kernels/isa.h"

namespace aclnn_host {

/// out = f(gradOutput, self), all three of one dtype and shape, rank <= 8 (the HardSwish
/// backward family, op-hardswish-backward.md §4).
struct BackwardActivation {
  const char* op_name;         // also phase two's API name
  const char* phase_one_name;  // the GetWorkspaceSize API name
  const char* kernel_name;     // for messages, e.g. "HardSwishGradV2"
  bool self_first;             // V1: self's dtype is checked (and self made contiguous) first
  ElementwiseKernels (*kernels)(kernels::Isa isa, aclDataType dtype, bool flush_subnormals);
  // The built-in TBE kernel Ascend910, 910B and 910_93 run when the AscendC kernel exists for
  // Ascend 950 only; nullptr when `kernels` runs on every SoC (docs/numerics.md, per-SoC table).
  ElementwiseKernels (*tbe_kernels)(kernels::Isa isa, aclDataType dtype, bool flush_subnormals);
};

aclnnStatus BackwardActivationPhaseOne(const BackwardActivation& op, const aclTensor* grad_output,
                                       const aclTensor* self, const aclTensor* out, uint64_t* workspace_size,
                                       aclOpExecutor** executor);

/// out = f(self), no rank limit, out of any float dtype self casts to (the forward HardSwish,
/// op-hardswish.md). In place when out is self.
struct ForwardActivation {
  const char* op_name;
  const char* phase_one_name;
  const char* kernel_name;
  ElementwiseKernels (*kernels)(kernels::Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);
  // As BackwardActivation::tbe_kernels.
  ElementwiseKernels (*tbe_kernels)(kernels::Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);
};

/// `in_place`: the Inplace API, whose only tensor argument is self (which is also the output).
aclnnStatus ForwardActivationPhaseOne(const ForwardActivation& op, const aclTensor* self, const aclTensor* out,
                                      bool in_place, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_ACTIVATION_H_
