#include "ops/elementwise_op.h"

#include <memory>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "base/executor.h"
#include "base/tensor.h"

namespace aclnn_host {
namespace {

TensorBinding BindingOf(const NamedTensor& t) {
  const TensorDesc& desc = DescOf(t.tensor);
  TensorBinding binding;
  binding.name = t.name;
  binding.address = desc.data;
  binding.element_size = aclDataTypeSize(desc.dtype);
  binding.offset = desc.offset;
  binding.byte_extent = ViewByteExtent(desc);
  return binding;
}

// The plan of a call with nothing to compute.
class NothingToRun : public LaunchPlan {
 public:
  bool empty() const override { return true; }
  TaskResult Execute(const LaunchArgs&) const override { return TaskResult(); }
};

}  // namespace

aclnnStatus FinishEmptyPhaseOne(const char* op_name, const NamedTensor* inputs, size_t num_inputs,
                                const NamedTensor& output, uint64_t* workspace_size, aclOpExecutor** executor) {
  return FinishPhaseOneWithPlan(op_name, inputs, num_inputs, output, std::make_shared<const NothingToRun>(), 0,
                                workspace_size, executor);
}

aclnnStatus FinishElementwisePhaseOne(const char* op_name, const NamedTensor* inputs, size_t num_inputs,
                                      const NamedTensor& output, const ElementwiseKernels& kernels, CoreSplit split,
                                      uint64_t kernel_workspace, uint64_t* workspace_size, aclOpExecutor** executor,
                                      const KernelScalars& scalars, const TensorDesc* const* views) {
  const TensorDesc* input_descs[kMaxElementwiseInputs];
  TensorBinding input_bindings[kMaxElementwiseInputs];
  for (size_t k = 0; k < num_inputs; ++k) {
    input_descs[k] = views != nullptr ? views[k] : &DescOf(inputs[k].tensor);
    input_bindings[k] = BindingOf(inputs[k]);
  }
  const TensorBinding output_binding = BindingOf(output);
  uint64_t workspace = 0;
  auto plan = std::make_shared<const ElementwisePlan>(input_descs, num_inputs, DescOf(output.tensor), kernels,
                                                      std::move(split), &workspace, scalars);
  const uint64_t total = kernel_workspace + workspace;
  *executor =
      CreateExecutor(op_name, std::move(plan), total, kernel_workspace, input_bindings, num_inputs, &output_binding, 1);
  *workspace_size = total;
  return ACLNN_SUCCESS;
}

aclnnStatus FinishPhaseOneWithPlan(const char* op_name, const NamedTensor* inputs, size_t num_inputs,
                                   const NamedTensor& output, std::shared_ptr<const LaunchPlan> plan,
                                   uint64_t kernel_workspace, uint64_t* workspace_size, aclOpExecutor** executor) {
  TensorBinding input_bindings[kMaxElementwiseInputs];
  for (size_t k = 0; k < num_inputs; ++k) input_bindings[k] = BindingOf(inputs[k]);
  const TensorBinding output_binding = BindingOf(output);
  *executor = CreateExecutor(op_name, std::move(plan), kernel_workspace, kernel_workspace, input_bindings, num_inputs,
                             &output_binding, 1);
  *workspace_size = kernel_workspace;
  return ACLNN_SUCCESS;
}

}  // namespace aclnn_host
