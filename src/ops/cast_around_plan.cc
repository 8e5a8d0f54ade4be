#include "ops/cast_around_plan.h"

#include <new>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "kernels/activation.h"
#include "ops/broadcast.h"
#include "runtime/backend.h"

namespace aclnn_host {

CastAroundPlan::CastAroundPlan(const TensorDesc* const* inputs, size_t num_inputs, const TensorDesc& output,
                               aclDataType kernel_dtype, const ElementwiseKernels& kernel, const CoreSplit& split,
                               const KernelScalars& scalars, kernels::Isa isa, bool flush_subnormals)
    : num_inputs_(num_inputs), kernel_element_size_(aclDataTypeSize(kernel_dtype)) {
  ElementCount(output.view, &element_count_);
  const TensorDesc temporary = ContiguousDesc(output.view, kernel_dtype);
  const TensorDesc* kernel_inputs[kMaxElementwiseInputs];
  uint64_t unused = 0;
  for (size_t k = 0; k < num_inputs; ++k) {
    kernel_inputs[k] = inputs[k];
    if (inputs[k]->dtype == kernel_dtype) continue;
    const TensorDesc* source[1] = {inputs[k]};
    const ElementwiseKernels cast = kernels::CastKernels(isa, inputs[k]->dtype, kernel_dtype, flush_subnormals);
    complete_ = complete_ && cast.infnan != nullptr;
    input_casts_[k].reset(new ElementwisePlan(source, 1, temporary, cast, split, &unused));
    kernel_inputs[k] = &temporary;
  }
  const bool cast_output = output.dtype != kernel_dtype;
  complete_ = complete_ && kernel.infnan != nullptr;
  kernel_.reset(new ElementwisePlan(kernel_inputs, num_inputs, cast_output ? temporary : output, kernel, split, &unused,
                                    scalars));
  if (cast_output) {
    const TensorDesc* source[1] = {&temporary};
    const ElementwiseKernels cast = kernels::CastKernels(isa, kernel_dtype, output.dtype, flush_subnormals);
    complete_ = complete_ && cast.infnan != nullptr;
    output_cast_.reset(new ElementwisePlan(source, 1, output, cast, split, &unused));
  }
}

TaskResult CastAroundPlan::Execute(const LaunchArgs& args) const {
  if (element_count_ == 0) return TaskResult();
  if (ActiveDeviceBackend() != nullptr) {
    return TaskResult{ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                      "the device backend has no kernel for operands of different dtypes (a promotion or a Cast)"};
  }
  const size_t bytes = static_cast<size_t>(element_count_) * kernel_element_size_;
  std::unique_ptr<char[]> temporaries[kMaxElementwiseInputs + 1];
  auto allocate = [&](size_t slot) {
    temporaries[slot].reset(new (std::nothrow) char[bytes]);
    return temporaries[slot].get();
  };
  LaunchArgs kernel_args = args;
  for (size_t k = 0; k < num_inputs_; ++k) {
    if (!input_casts_[k]) continue;
    char* converted = allocate(k);
    if (converted == nullptr) return TaskResult{ACLNN_ERR_INNER, "out of host memory for a Cast's temporary"};
    LaunchArgs cast_args = args;
    cast_args.inputs[0] = args.inputs[k];
    cast_args.outputs[0] = converted;
    cast_args.workspace = nullptr;
    cast_args.workspace_size = 0;
    const TaskResult result = input_casts_[k]->Execute(cast_args);
    if (result.code != 0) return result;
    kernel_args.inputs[k] = converted;
  }
  kernel_args.workspace = nullptr;
  kernel_args.workspace_size = 0;
  if (!output_cast_) return kernel_->Execute(kernel_args);
  char* result_temporary = allocate(num_inputs_);
  if (result_temporary == nullptr) return TaskResult{ACLNN_ERR_INNER, "out of host memory for a Cast's temporary"};
  kernel_args.outputs[0] = result_temporary;
  const TaskResult result = kernel_->Execute(kernel_args);
  if (result.code != 0) return result;
  LaunchArgs cast_args = args;
  cast_args.inputs[0] = result_temporary;
  cast_args.workspace = nullptr;
  cast_args.workspace_size = 0;
  return output_cast_->Execute(cast_args);
}

}  // namespace aclnn_host
