#include "ops/activation.h"

#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "base/op_checks.h"
#include "base/tensor.h"
#include "ops/elementwise_op.h"
#include "ops/hardswish_grad_tiling.h"
#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

constexpr size_t kBackwardMaxRank = 8;

aclnnStatus CheckOutputPointers(const char* api, const uint64_t* workspace_size, aclOpExecutor* const* executor) {
  if (workspace_size != nullptr && executor != nullptr) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
}

// SoCs with no HardSwish-family kernel (upstream's product tables: Atlas 310P/310B unsupported for
// all three operators): upstream's launcher returns null there, which phase one maps to 561103.
aclnnStatus CheckKernelAvailable(const char* api, const char* kernel, const SocProfile& profile) {
  if (profile.series != SocSeries::kAscend310P && profile.series != SocSeries::kAscend310B) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_INNER_NULLPTR, "%sAiCore ADD_TO_LAUNCHER_LIST_AICORE failed.", kernel);
}

// Whether the profile runs the op's built-in TBE kernel rather than its AscendC one: ops-nn
// registers the forward and V1 AscendC kernels for ascend950 only.
template <class Op>
bool RunsTbeKernel(const Op& op, const SocProfile& profile) {
  return op.tbe_kernels != nullptr && profile.series != SocSeries::kAscend950;
}

aclnnStatus ActiveIsaOrFail(const char* api, kernels::Isa* isa) {
  std::string error;
  if (kernels::ActiveIsa(isa, &error)) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "no kernel variant: %s.", error.c_str());
}

}  // namespace

aclnnStatus BackwardActivationPhaseOne(const BackwardActivation& op, const aclTensor* grad_output,
                                       const aclTensor* self, const aclTensor* out, uint64_t* workspace_size,
                                       aclOpExecutor** executor) {
  const char* api = op.phase_one_name;
  AH_RETURN_IF_FAILED(CheckOutputPointers(api, workspace_size, executor));
  const NamedTensor grad{grad_output, "gradOutput"};
  const NamedTensor input{self, "self"};
  const NamedTensor output{out, "out"};
  // Upstream's CheckNotNull3Tensor(t0, t1, t2) names the tensors by its parameters.
  AH_RETURN_IF_FAILED(CheckNotNull(api, NamedTensor{grad_output, "t0"}));
  AH_RETURN_IF_FAILED(CheckNotNull(api, NamedTensor{self, "t1"}));
  AH_RETURN_IF_FAILED(CheckNotNull(api, NamedTensor{out, "t2"}));
  const NamedTensor all[3] = {grad, input, output};
  AH_RETURN_IF_FAILED(CheckAllLive(api, all, 3));
  // The order in which the family checks (and makes contiguous) its two inputs.
  const NamedTensor& first = op.self_first ? input : grad;
  const NamedTensor& second = op.self_first ? grad : input;

  aclnnStatus status = ACLNN_SUCCESS;
  const SocProfile* profile = RequireSocProfile(api, &status);
  if (profile == nullptr) return status;
  const DtypeList dtypes = FloatDtypesFor(*profile);
  AH_RETURN_IF_FAILED(CheckDtypeInList(api, first, dtypes));
  AH_RETURN_IF_FAILED(CheckDtypeInList(api, second, dtypes));
  const aclDataType dtype = DescOf(self).dtype;
  AH_RETURN_IF_FAILED(CheckDtypeEqual(api, grad, dtype));
  AH_RETURN_IF_FAILED(CheckDtypeEqual(api, output, dtype));

  AH_RETURN_IF_FAILED(CheckMaxRank(api, grad, kBackwardMaxRank));
  AH_RETURN_IF_FAILED(CheckMaxRank(api, input, kBackwardMaxRank));
  AH_RETURN_IF_FAILED(CheckSameShape(api, grad, input));
  AH_RETURN_IF_FAILED(CheckSameShape(api, output, input));
  // Beyond upstream: layouts it would read or write out of bounds.
  for (const NamedTensor& t : all) AH_RETURN_IF_FAILED(CheckLayout(api, t));

  const NamedTensor inputs[2] = {grad, input};
  if (HasZeroDim(DescOf(grad_output).view) || HasZeroDim(DescOf(self).view)) {
    return FinishElementwisePhaseOne(op.op_name, inputs, 2, output, ElementwiseKernels(), CoreSplit(),
                                     /*kernel_workspace=*/0, workspace_size, executor);
  }
  // Upstream's plan: Contiguous(first), Contiguous(second), the kernel, ViewCopy(out).
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, first));
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, second));
  AH_RETURN_IF_FAILED(CheckKernelAvailable(api, op.kernel_name, *profile));
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, output));
  AH_RETURN_IF_FAILED(CheckOutputNotBroadcast(api, output));

  OpTiling tiling;
  std::string error;
  if (!ComputeHardswishGradTiling(DescOf(grad_output).view, DescOf(self).view, dtype, *profile, &tiling, &error)) {
    return Fail(api, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: %s.", error.c_str());
  }
  kernels::Isa isa = kernels::Isa::kBaseline;
  AH_RETURN_IF_FAILED(ActiveIsaOrFail(api, &isa));
  // The workspace upstream's executor reports: the arch22 AscendC tiling's library workspace; TBE
  // kernels and the arch35 tilings ask for none.
  const bool tbe = RunsTbeKernel(op, *profile);
  const auto kernels_of = tbe ? op.tbe_kernels : op.kernels;
  return FinishElementwisePhaseOne(op.op_name, inputs, 2, output, kernels_of(isa, dtype, profile->flushes_subnormals),
                                   std::move(tiling.split), tbe ? 0 : tiling.workspace, workspace_size, executor);
}

aclnnStatus ForwardActivationPhaseOne(const ForwardActivation& op, const aclTensor* self, const aclTensor* out,
                                      bool in_place, uint64_t* workspace_size, aclOpExecutor** executor) {
  const char* api = op.phase_one_name;
  AH_RETURN_IF_FAILED(CheckOutputPointers(api, workspace_size, executor));
  const NamedTensor input{self, "self"};
  const NamedTensor output{in_place ? self : out, in_place ? "self" : "out"};
  AH_RETURN_IF_FAILED(CheckNotNull(api, input));
  AH_RETURN_IF_FAILED(CheckNotNull(api, output));
  const NamedTensor all[2] = {input, output};
  AH_RETURN_IF_FAILED(CheckAllLive(api, all, 2));

  aclnnStatus status = ACLNN_SUCCESS;
  const SocProfile* profile = RequireSocProfile(api, &status);
  if (profile == nullptr) return status;
  const DtypeList dtypes = FloatDtypesFor(*profile);
  AH_RETURN_IF_FAILED(CheckDtypeInList(api, input, dtypes));
  AH_RETURN_IF_FAILED(CheckDtypeInList(api, output, dtypes));
  AH_RETURN_IF_FAILED(CheckCastable(api, input, output));
  AH_RETURN_IF_FAILED(CheckSameShape(api, input, output));  // self first, as upstream; no rank limit
  AH_RETURN_IF_FAILED(CheckLayout(api, input));
  AH_RETURN_IF_FAILED(CheckLayout(api, output));

  const NamedTensor inputs[1] = {input};
  if (HasZeroDim(DescOf(self).view)) {
    return FinishElementwisePhaseOne(op.op_name, inputs, 1, output, ElementwiseKernels(), CoreSplit(),
                                     /*kernel_workspace=*/0, workspace_size, executor);
  }
  // Upstream's plan: Contiguous(self), the kernel, Cast to out's dtype, ViewCopy(out).
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, input));
  AH_RETURN_IF_FAILED(CheckKernelAvailable(api, op.kernel_name, *profile));
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, output));
  AH_RETURN_IF_FAILED(CheckOutputNotBroadcast(api, output));

  const aclDataType in_dtype = DescOf(self).dtype;
  const aclDataType out_dtype = DescOf(output.tensor).dtype;
  int64_t count = 0;
  ElementCount(DescOf(self).view, &count);
  // Ascend 950 runs the AscendC kernel with its published arch35 tiling; the TBE kernels' tiling
  // (auto-scheduled) is not published: the family's arch22 elementwise tiling splits the work.
  OpTiling tiling = profile->tiling_arch == TilingArch::kArch35
                        ? HardswishTilingArch35(count, in_dtype, *profile)
                        : ElementwiseTiling(count, aclDataTypeSize(in_dtype), *profile);
  kernels::Isa isa = kernels::Isa::kBaseline;
  AH_RETURN_IF_FAILED(ActiveIsaOrFail(api, &isa));
  const auto kernels_of = RunsTbeKernel(op, *profile) ? op.tbe_kernels : op.kernels;
  return FinishElementwisePhaseOne(op.op_name, inputs, 1, output,
                                   kernels_of(isa, in_dtype, out_dtype, profile->flushes_subnormals),
                                   std::move(tiling.split), /*kernel_workspace=*/0, workspace_size, executor);
}

}  // namespace aclnn_host
