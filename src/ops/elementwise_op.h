// What the elementwise operators share above the checks: the last step of phase one (plan +
// executor).
#ifndef ACLNN_HOST_OPS_ELEMENTWISE_OP_H_
#define ACLNN_HOST_OPS_ELEMENTWISE_OP_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "aclnn/aclnn_base.h"
#include "base/elementwise.h"
#include "base/op_checks.h"
#include "runtime/soc_profile.h"

namespace aclnn_host {

/// Plans `output = kernels(inputs...)` with the given work split and hands out the executor and
/// workspace size: the NPU kernel's own workspace (`kernel_workspace`, what its tiling asks for)
/// plus what the host plan needs. Inputs and output must have passed the op's checks.
/// `views`: how the plan reads each input (a broadcast view of the output's shape); nullptr: as
/// the tensors are.
aclnnStatus FinishElementwisePhaseOne(const char* op_name, const NamedTensor* inputs, size_t num_inputs,
                                      const NamedTensor& output, const ElementwiseKernels& kernels, CoreSplit split,
                                      uint64_t kernel_workspace, uint64_t* workspace_size, aclOpExecutor** executor,
                                      const KernelScalars& scalars = KernelScalars(),
                                      const TensorDesc* const* views = nullptr);

/// An executor that runs nothing (an empty input: upstream returns before planning any kernel).
aclnnStatus FinishEmptyPhaseOne(const char* op_name, const NamedTensor* inputs, size_t num_inputs,
                                const NamedTensor& output, uint64_t* workspace_size, aclOpExecutor** executor);

/// The same with a plan built by the caller (which needs no host workspace).
aclnnStatus FinishPhaseOneWithPlan(const char* op_name, const NamedTensor* inputs, size_t num_inputs,
                                   const NamedTensor& output, std::shared_ptr<const LaunchPlan> plan,
                                   uint64_t kernel_workspace, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_ELEMENTWISE_OP_H_
