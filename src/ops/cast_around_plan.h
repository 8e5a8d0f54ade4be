// Upstream's plan for an op whose kernel dtype differs from its tensors': Cast the inputs to the
// kernel's dtype (a promotion), run the kernel, Cast its result to the output's dtype. Each stage
// is an ElementwisePlan over the output's shape; the casts go through host temporaries. Only
// calls that mix dtypes take this path — same-dtype calls run the kernel plan alone.
#ifndef ACLNN_HOST_OPS_CAST_AROUND_PLAN_H_
#define ACLNN_HOST_OPS_CAST_AROUND_PLAN_H_

#include <cstddef>
#include <memory>
#include <vector>

#include "base/elementwise.h"
#include "base/executor.h"
#include "base/tensor.h"
#include "kernels/isa.h"

namespace aclnn_host {

class CastAroundPlan : public LaunchPlan {
 public:
  /// `inputs`: views of the output's shape (broadcast already); `kernel`: the op's kernels from and
  /// to `kernel_dtype`; `split`: the kernel's work split (the casts reuse it).
  CastAroundPlan(const TensorDesc* const* inputs, size_t num_inputs, const TensorDesc& output, aclDataType kernel_dtype,
                 const ElementwiseKernels& kernel, const CoreSplit& split, const KernelScalars& scalars,
                 kernels::Isa isa, bool flush_subnormals);

  bool empty() const override { return element_count_ == 0; }
  /// Whether every stage has a kernel (a Cast between some dtypes has none on the host).
  bool complete() const { return complete_; }
  TaskResult Execute(const LaunchArgs& args) const override;

 private:
  size_t num_inputs_ = 0;
  bool complete_ = true;
  int64_t element_count_ = 0;
  size_t kernel_element_size_ = 0;
  std::unique_ptr<ElementwisePlan> input_casts_[kMaxElementwiseInputs];  // null: the input is read as is
  std::unique_ptr<ElementwisePlan> kernel_;
  std::unique_ptr<ElementwisePlan> output_cast_;  // null: the kernel writes the output
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_CAST_AROUND_PLAN_H_
