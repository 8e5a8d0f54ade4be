// aclnnHardswishBackwardV2: the checks of op-hardswish-backward.md §4-5, in upstream's order,
// then the shared elementwise plan with this op's tiling and kernels.
#include "aclnnop/aclnn_hardswish_backward_v2.h"

#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "base/executor.h"
#include "base/op_checks.h"
#include "base/tensor.h"
#include "kernels/hardswish_grad.h"
#include "kernels/isa.h"
#include "ops/elementwise_op.h"
#include "ops/hardswish_grad_tiling.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"

namespace aclnn_host {
namespace {

constexpr const char* kOpName = "aclnnHardswishBackwardV2";
constexpr const char* kPhaseOne = "aclnnHardswishBackwardV2GetWorkspaceSize";
constexpr size_t kMaxRank = 8;

// SoCs whose op package ships no HardSwishGradV2 binary: upstream's launcher returns null there.
bool HasKernel(const SocProfile& profile) {
  return profile.series != SocSeries::kAscend310P && profile.series != SocSeries::kAscend310B;
}

aclnnStatus PhaseOne(const aclTensor* gradOutput, const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  const char* api = kPhaseOne;
  if (workspaceSize == nullptr || executor == nullptr) {
    return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
  }
  const NamedTensor grad{gradOutput, "gradOutput"};
  const NamedTensor input{self, "self"};
  const NamedTensor output{out, "out"};
  AH_RETURN_IF_FAILED(CheckNotNull(api, grad));
  AH_RETURN_IF_FAILED(CheckNotNull(api, input));
  AH_RETURN_IF_FAILED(CheckNotNull(api, output));
  const NamedTensor all[3] = {grad, input, output};
  AH_RETURN_IF_FAILED(CheckAllLive(api, all, 3));

  aclnnStatus status = ACLNN_SUCCESS;
  const SocProfile* profile = RequireSocProfile(api, &status);
  if (profile == nullptr) return status;
  const DtypeList dtypes = FloatDtypesFor(*profile);
  AH_RETURN_IF_FAILED(CheckDtypeInList(api, grad, dtypes));
  AH_RETURN_IF_FAILED(CheckDtypeInList(api, input, dtypes));
  const aclDataType dtype = DescOf(self).dtype;
  AH_RETURN_IF_FAILED(CheckDtypeEqual(api, grad, dtype));
  AH_RETURN_IF_FAILED(CheckDtypeEqual(api, output, dtype));

  AH_RETURN_IF_FAILED(CheckMaxRank(api, grad, kMaxRank));
  AH_RETURN_IF_FAILED(CheckMaxRank(api, input, kMaxRank));
  AH_RETURN_IF_FAILED(CheckSameShape(api, grad, input));
  AH_RETURN_IF_FAILED(CheckSameShape(api, output, input));
  // Beyond upstream: layouts it would read or write out of bounds.
  AH_RETURN_IF_FAILED(CheckLayout(api, grad));
  AH_RETURN_IF_FAILED(CheckLayout(api, input));
  AH_RETURN_IF_FAILED(CheckLayout(api, output));

  const NamedTensor inputs[2] = {grad, input};
  if (HasZeroDim(DescOf(gradOutput).view) || HasZeroDim(DescOf(self).view)) {
    return FinishElementwisePhaseOne(kOpName, inputs, 2, output, ElementwiseKernels(), CoreSplit(), workspaceSize,
                                     executor);
  }
  // Upstream's plan: Contiguous(gradOutput), Contiguous(self), the kernel, ViewCopy(out).
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, grad));
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, input));
  if (!HasKernel(*profile)) {
    return Fail(api, ACLNN_ERR_INNER_NULLPTR, "HardSwishGradV2 has no kernel for SoC %s (%s).", profile->name,
                profile->series_name);
  }
  AH_RETURN_IF_FAILED(CheckViewInStorage(api, output));
  AH_RETURN_IF_FAILED(CheckOutputNotBroadcast(api, output));

  OpTiling tiling;
  std::string error;
  if (!ComputeHardswishGradTiling(DescOf(gradOutput).view, DescOf(self).view, dtype, *profile, &tiling, &error)) {
    return Fail(api, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: %s.", error.c_str());
  }
  kernels::Isa isa = kernels::Isa::kBaseline;
  if (!kernels::ActiveIsa(&isa, &error)) {
    return Fail(api, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "no kernel variant: %s.", error.c_str());
  }
  const ElementwiseKernels kernels = kernels::HardswishGradV2Kernels(isa, dtype, profile->flushes_subnormals);
  return FinishElementwisePhaseOne(kOpName, inputs, 2, output, kernels, std::move(tiling.split), workspaceSize,
                                   executor);
}

}  // namespace
}  // namespace aclnn_host

extern "C" {

aclnnStatus aclnnHardswishBackwardV2GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, aclTensor* out,
                                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::Guard(aclnn_host::kPhaseOne, ACLNN_ERR_INNER, ACLNN_ERR_INNER,
                           [&] { return aclnn_host::PhaseOne(gradOutput, self, out, workspaceSize, executor); });
}

aclnnStatus aclnnHardswishBackwardV2(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream) {
  return aclnn_host::RunExecutor("aclnnHardswishBackwardV2", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
