// The first phase of every operator of the table: the row's checks in upstream's order, then
// what every elementwise op shares — layouts, the empty fast path, upstream's plan order (views
// inside their storage, the kernel's availability, the output), the tiling, the kernel variant
// and the executor.
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "base/op_checks.h"
#include "base/tensor.h"
#include "ops/broadcast.h"
#include "ops/cast_around_plan.h"
#include "ops/elementwise_op.h"
#include "ops/hardswish_grad_tiling.h"
#include "ops/op_spec.h"
#include "ops/upstream_workspace.h"
#include "runtime/context.h"
#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

// An operand as upstream's kernel graph sees it (ops/upstream_workspace.h).
GraphOperand GraphOperandOf(const NamedTensor& operand) {
  const TensorDesc& desc = DescOf(operand.tensor);
  int64_t elements = 1;
  for (size_t d = 0; d < desc.view.rank; ++d) elements *= desc.view.v[d];
  // opbase's IsContiguous: dims of size 1 do not count, nor does the offset.
  bool contiguous = true;
  int64_t expected = 1;
  for (size_t d = desc.view.rank; d-- > 0;) {
    if (desc.view.v[d] == 1) continue;
    contiguous = contiguous && desc.strides.v[d] == expected;
    expected *= desc.view.v[d];
  }
  return GraphOperand{elements, desc.dtype, contiguous || elements <= 1};
}

aclnnStatus CheckOutputPointers(const char* api, const uint64_t* workspace_size, aclOpExecutor* const* executor) {
  if (workspace_size != nullptr && executor != nullptr) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
}

// SoCs with no kernel for the op: upstream's launcher returns null there, which phase one maps to
// 561103.
aclnnStatus CheckKernelAvailable(const OpSpec& op, const SocProfile& profile) {
  const bool is_310 = profile.series == SocSeries::kAscend310P || profile.series == SocSeries::kAscend310B;
  if (op.products == ProductSupport::kEverywhere || !is_310) return ACLNN_SUCCESS;
  return Fail(op.phase_one_api, ACLNN_ERR_INNER_NULLPTR, "%sAiCore ADD_TO_LAUNCHER_LIST_AICORE failed.",
              op.kernel_type);
}

aclnnStatus ActiveIsaOrFail(const char* api, kernels::Isa* isa) {
  std::string error;
  if (kernels::ActiveIsa(isa, &error)) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "no kernel variant: %s.", error.c_str());
}

class PhaseOne {
 public:
  PhaseOne(const OpSpec& op, const OpCall& call) : op_(op), call_(call), api_(op.phase_one_api) {}

  NamedTensor Operand(int8_t index, const char* name = nullptr) const {
    if (index == kOut) return {call_.output, name != nullptr ? name : op_.output_name};
    return {call_.inputs[index], name != nullptr ? name : op_.input_names[index]};
  }

  aclnnStatus RunChecks() {
    for (const CheckStep& step : op_.checks) {
      if (step.check == Check::kEnd || empty_exit_) break;
      AH_RETURN_IF_FAILED(RunCheck(step));
    }
    return ACLNN_SUCCESS;
  }

  aclnnStatus RunCheck(const CheckStep& step) {
    switch (step.check) {
      case Check::kEnd:
        return ACLNN_SUCCESS;
      case Check::kNotNull:
        return CheckNotNull(api_, Operand(step.a, step.name));
      case Check::kScalarNotNull:
        if (call_.scalars[step.a] != nullptr) return ACLNN_SUCCESS;
        return Fail(api_, ACLNN_ERR_PARAM_NULLPTR,
                    "Expected a value of type number for argument %s but instead found type null.",
                    op_.scalar_names[step.a]);
      case Check::kAllLive: {
        NamedTensor all[kMaxOpInputs + 1];
        size_t count = 0;
        for (int8_t i = 0; i < op_.num_inputs; ++i) all[count++] = Operand(i);
        if (!op_.in_place) all[count++] = Operand(kOut);
        return CheckAllLive(api_, all, count);
      }
      case Check::kProfile: {
        aclnnStatus status = ACLNN_SUCCESS;
        profile_ = RequireSocProfile(api_, &status);
        return status;
      }
      case Check::kDtypeInList:
        return CheckDtypeInList(api_, Operand(step.a, step.name), OpDtypes());
      case Check::kDtypeInListAs: {
        const aclDataType dtype = DescOf(Operand(step.a).tensor).dtype;
        const DtypeList list = OpDtypes();
        if (list.Contains(dtype)) return ACLNN_SUCCESS;
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, step.name, DtypeName(dtype).c_str(), FormatDtypeList(list).c_str());
      }
      case Check::kDtypeEqual:
        return CheckDtypeEqual(api_, Operand(step.a), DescOf(Operand(step.b).tensor).dtype);
      case Check::kCastable:
        return CheckCastable(api_, Operand(step.a), Operand(step.b));
      case Check::kCastableBefore950:
        if (profile_->series == SocSeries::kAscend950) return ACLNN_SUCCESS;
        return CheckCastable(api_, Operand(step.a), Operand(step.b));
      case Check::kMaxRank:
        return CheckMaxRank(api_, Operand(step.a), static_cast<size_t>(step.arg));
      case Check::kSameShape:
        return CheckSameShape(api_, Operand(step.a), Operand(step.b));
      case Check::kDtypesMatch:
        return CheckDtypesMatch(api_, step.name, Operand(step.a), Operand(step.b));
      case Check::kFormatsMatch:
        return CheckFormatsMatch(api_, step.name, Operand(step.a), Operand(step.b));
      case Check::kViewFormatsEqual:
        return CheckViewFormatsEqual(api_, Operand(step.a), Operand(step.b));
      case Check::kScalarNotNegative: {
        const float value = ScalarToFloat(call_.scalars[step.a]);
        if (!(value < 0.0f)) return ACLNN_SUCCESS;  // NaN passes, as upstream's `< 0.0f`
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, "%s should be greater or equal to 0, but found to be [%f].",
                    op_.scalar_names[step.a], static_cast<double>(value));
      }
      case Check::kPromotable: {
        const aclDataType a = DescOf(Operand(step.a).tensor).dtype;
        const aclDataType b = DescOf(Operand(step.b).tensor).dtype;
        const aclDataType promoted = PromoteTypes(a, b);
        if (promoted == ACL_DT_UNDEFINED) {
          const char* format =
              step.name != nullptr ? step.name : "GradOutput dtype %s and self dtype %s can not promote dtype.";
          return Fail(api_, ACLNN_ERR_PARAM_INVALID, format, DtypeName(a).c_str(), DtypeName(b).c_str());
        }
        const DtypeList list = OpDtypes();
        if (list.Contains(promoted)) return ACLNN_SUCCESS;
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, "promote dtype %s should be in dtype support list [%s].",
                    DtypeName(promoted).c_str(), FormatDtypeList(list).c_str());
      }
      case Check::kPromotedCastable: {
        const aclDataType promoted = KernelDtype();
        const NamedTensor to = Operand(step.a);
        const aclDataType dtype = DescOf(to.tensor).dtype;
        if (CanCast(promoted, dtype)) return ACLNN_SUCCESS;
        const char* format =
            step.name != nullptr ? step.name : "Result type %s can't be cast to the desired output type %s.";
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, format, DtypeName(promoted).c_str(), DtypeName(dtype).c_str());
      }
      case Check::kScalarCastable: {
        const aclDataType dtype = call_.scalars[step.a]->dtype;
        if (CanCast(dtype, KernelDtype())) return ACLNN_SUCCESS;
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, step.name, DtypeName(dtype).c_str(),
                    DtypeName(KernelDtype()).c_str());
      }
      case Check::kOutputPointers:
        return CheckOutputPointers(api_, workspace_size_, executor_);
      case Check::kEmptyExits:
        for (int8_t i = 0; i < op_.num_inputs; ++i)
          empty_exit_ = empty_exit_ || HasZeroDim(DescOf(call_.inputs[i]).view);
        return ACLNN_SUCCESS;
      case Check::kBroadcast: {
        const NamedTensor a = Operand(step.a);
        const NamedTensor b = Operand(step.b);
        Dims shape;
        if (BroadcastShapes(DescOf(a.tensor).view, DescOf(b.tensor).view, &shape)) return ACLNN_SUCCESS;
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, "The size of tensor %s %s must match the size of tensor %s %s.",
                    a.name, FormatDims(DescOf(a.tensor).view).c_str(), b.name,
                    FormatDims(DescOf(b.tensor).view).c_str());
      }
      case Check::kBroadcastShape: {
        Dims shape = DescOf(call_.inputs[0]).view;
        for (int8_t i = 1; i < op_.num_inputs; ++i) BroadcastShapes(shape, DescOf(call_.inputs[i]).view, &shape);
        const NamedTensor t = Operand(step.a);
        if (DescOf(t.tensor).view == shape) return ACLNN_SUCCESS;
        if (step.name != nullptr) {
          return Fail(api_, ACLNN_ERR_PARAM_INVALID, step.name, FormatDims(shape).c_str(),
                      FormatDims(DescOf(t.tensor).view).c_str());
        }
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.",
                    t.name, FormatDims(shape).c_str(), FormatDims(DescOf(t.tensor).view).c_str());
      }
      case Check::kResultDtypeIs: {
        const NamedTensor t = Operand(step.a);
        const aclDataType dtype = DescOf(t.tensor).dtype;
        if (dtype == KernelDtype()) return ACLNN_SUCCESS;
        return Fail(api_, ACLNN_ERR_PARAM_INVALID,
                    "%s dtype %s is not the result dtype %s: the result is copied into %s without a Cast (upstream "
                    "gives no defined outcome for another dtype).",
                    t.name, DtypeName(dtype).c_str(), DtypeName(KernelDtype()).c_str(), t.name);
      }
      case Check::kScalarDtypeInList: {
        const aclDataType dtype = call_.scalars[step.a]->dtype;
        const DtypeList list = DtypesFor(op_.scalar_dtypes, *profile_);
        if (list.Contains(dtype)) return ACLNN_SUCCESS;
        return Fail(api_, ACLNN_ERR_PARAM_INVALID,
                    "Tensor %s not implemented for %s, should be in dtype support list %s.", op_.scalar_names[step.a],
                    DtypeName(dtype).c_str(), FormatDtypeList(list).c_str());
      }
      case Check::kFlagForbidsNegative: {
        const double value = ScalarToDouble(call_.scalars[step.b]);
        if (!call_.flags[step.a] || !(value < 0.0)) return ACLNN_SUCCESS;  // -0 and NaN pass, as upstream's `< 0.0`
        return Fail(api_, ACLNN_ERR_PARAM_INVALID, step.name, value, 1);
      }
      case Check::kBf16OnSoc: {
        const aclDataType a = DescOf(Operand(step.a).tensor).dtype;
        const aclDataType b = DescOf(Operand(step.b).tensor).dtype;
        if (Bf16GateOpens(static_cast<Bf16Gate>(step.arg), *profile_) || (a != ACL_BF16 && b != ACL_BF16)) {
          return ACLNN_SUCCESS;
        }
        return Fail(api_, ACLNN_ERR_PARAM_INVALID,
                    "bfloat16 dtype is unsupported by the current SOC version [%s], %s dtype is %s and %s dtype is %s",
                    SocVersionName(*profile_), Operand(step.a).name, DtypeName(a).c_str(), Operand(step.b).name,
                    DtypeName(b).c_str());
      }
    }
    return ACLNN_SUCCESS;
  }

  aclnnStatus Run(uint64_t* workspace_size, aclOpExecutor** executor) {
    workspace_size_ = workspace_size;
    executor_ = executor;
    bool pointers_checked_later = false;
    for (const CheckStep& step : op_.checks) pointers_checked_later |= step.check == Check::kOutputPointers;
    if (!pointers_checked_later) AH_RETURN_IF_FAILED(CheckOutputPointers(api_, workspace_size, executor));
    AH_RETURN_IF_FAILED(RunChecks());
    if (profile_ == nullptr) {  // a row without a Profile() step
      aclnnStatus status = ACLNN_SUCCESS;
      profile_ = RequireSocProfile(api_, &status);
      if (profile_ == nullptr) return status;
    }
    NamedTensor inputs[kMaxOpInputs];
    for (int8_t i = 0; i < op_.num_inputs; ++i) inputs[i] = Operand(i);
    const NamedTensor output = Operand(kOut);
    // Beyond upstream: layouts it would read or write out of bounds.
    for (int8_t i = 0; i < op_.num_inputs; ++i) AH_RETURN_IF_FAILED(CheckLayout(api_, inputs[i]));
    AH_RETURN_IF_FAILED(CheckLayout(api_, output));

    bool empty = empty_exit_;
    for (int8_t i = 0; i < op_.num_inputs; ++i) empty = empty || HasZeroDim(DescOf(inputs[i].tensor).view);
    if (empty) return FinishEmptyPhaseOne(op_.api, inputs, op_.num_inputs, output, workspace_size, executor);
    // Upstream's plan: the inputs made contiguous (in its order), the kernel, a Cast, ViewCopy(out).
    for (int8_t i = 0; i < op_.num_inputs; ++i)
      AH_RETURN_IF_FAILED(CheckViewInStorage(api_, inputs[op_.plan_order[i]]));
    AH_RETURN_IF_FAILED(CheckKernelAvailable(op_, *profile_));
    AH_RETURN_IF_FAILED(CheckViewInStorage(api_, output));
    AH_RETURN_IF_FAILED(CheckOutputNotBroadcast(api_, output));

    const aclDataType in_dtype = ComputeDtype();
    const aclDataType out_dtype = DescOf(output.tensor).dtype;
    KernelScalars scalars;
    if (op_.scalars != nullptr) AH_RETURN_IF_FAILED(op_.scalars(api_, call_, in_dtype, &scalars));

    OpTiling tiling;
    AH_RETURN_IF_FAILED(Tile(inputs, in_dtype, &tiling));
    kernels::Isa isa = kernels::Isa::kBaseline;
    AH_RETURN_IF_FAILED(ActiveIsaOrFail(api_, &isa));
    const bool tbe = RunsTbeKernel(op_, *profile_);
    const bool a1 = profile_->series == SocSeries::kAscend910A1 && op_.tbe_a1_kernels != nullptr;
    KernelSelector select = !tbe ? op_.kernels : a1 ? op_.tbe_a1_kernels : op_.tbe_kernels;
    if (ZeroScalarPath()) {
      const ZeroScalarOp& zero = *op_.zero_scalar_op;
      select = !tbe ? zero.kernels : a1 ? zero.tbe_a1_kernels : zero.tbe_kernels;
      kernel_type_ = zero.kernel_type;
    }
    // The workspace upstream's executor reports (ops/upstream_workspace.h): the AscendC kernel's
    // declared workspace (TBE and AI CPU kernels declare none here) and the intermediates of its
    // Contiguous, Cast and ViewCopy steps. The host never touches it; what the host needs follows.
    GraphOperand graph_inputs[kMaxOpInputs];
    for (int8_t i = 0; i < op_.num_inputs; ++i) graph_inputs[i] = GraphOperandOf(inputs[op_.plan_order[i]]);
    const uint64_t kernel_workspace =
        UpstreamWorkspace(graph_inputs, static_cast<size_t>(op_.num_inputs), GraphOperandOf(output), in_dtype,
                          !tbe && AscendKernelRuns(op_, in_dtype), tiling.workspace, *profile_);
    if (!op_.broadcasts && !op_.promotes) {
      const ElementwiseKernels kernels = select(isa, in_dtype, out_dtype, profile_->flushes_subnormals);
      // A kernel that writes out's dtype itself (the Cast fused), unless it has none for this pair
      // (DOUBLE): then, below, the kernel in the input's dtype and a separate Cast, as upstream's plan.
      const bool separate_cast = kernels.infnan == nullptr && op_.output_casts && out_dtype != in_dtype;
      if (!separate_cast) {
        AH_RETURN_IF_FAILED(RequireKernels(kernels.infnan != nullptr, in_dtype, out_dtype));
        return FinishElementwisePhaseOne(op_.api, inputs, op_.num_inputs, output, kernels, std::move(tiling.split),
                                         kernel_workspace, workspace_size, executor, scalars);
      }
    }
    // The inputs read as views of the output's shape (BroadcastTo without a copy; the identity
    // where the shapes are equal).
    TensorDesc views[kMaxOpInputs];
    const TensorDesc* view_pointers[kMaxOpInputs];
    bool mixed = out_dtype != in_dtype;
    for (int8_t i = 0; i < op_.num_inputs; ++i) {
      views[i] = BroadcastView(DescOf(inputs[i].tensor), DescOf(output.tensor).view);
      view_pointers[i] = &views[i];
      mixed = mixed || views[i].dtype != in_dtype;
    }
    const ElementwiseKernels kernels = select(isa, in_dtype, in_dtype, profile_->flushes_subnormals);
    AH_RETURN_IF_FAILED(RequireKernels(kernels.infnan != nullptr, in_dtype, in_dtype));
    if (!mixed) {
      return FinishElementwisePhaseOne(op_.api, inputs, op_.num_inputs, output, kernels, std::move(tiling.split),
                                       kernel_workspace, workspace_size, executor, scalars, view_pointers);
    }
    auto plan =
        std::make_shared<const CastAroundPlan>(view_pointers, op_.num_inputs, DescOf(output.tensor), in_dtype, kernels,
                                               tiling.split, scalars, isa, profile_->flushes_subnormals);
    AH_RETURN_IF_FAILED(RequireKernels(plan->complete(), in_dtype, out_dtype));
    return FinishPhaseOneWithPlan(op_.api, inputs, op_.num_inputs, output, std::move(plan), kernel_workspace,
                                  workspace_size, executor);
  }

 private:
  // The checks admit only dtypes with kernels, but for a Cast to an output dtype the list does not
  // hold (upstream's Cast would run on AI CPU): no kernel here is "not supported", never a crash.
  aclnnStatus RequireKernels(bool found, aclDataType in, aclDataType out) const {
    if (found) return ACLNN_SUCCESS;
    return Fail(api_, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "%s has no host kernel from %s to %s.", kernel_type_,
                DtypeName(in).c_str(), DtypeName(out).c_str());
  }

  // The dtype the kernels run in: the promoted one, or FLOAT for a promoted fp16 or bf16 where the
  // row computes floats in fp32.
  aclDataType ComputeDtype() const {
    const aclDataType dtype = KernelDtype();
    const bool narrow_float = dtype == ACL_FLOAT16 || dtype == ACL_BF16;
    return op_.floats_compute_in_fp32 && narrow_float ? ACL_FLOAT : dtype;
  }

  // Whether the row's scalar 0 selects its ZeroScalarOp (upstream's IsFloatEqual(ToFloat(), 0)).
  bool ZeroScalarPath() const {
    return op_.zero_scalar_op != nullptr && std::fabs(ScalarToFloat(call_.scalars[0])) <= FLT_EPSILON;
  }

  // The op's dtype list on the profile (with the ZeroScalarOp's extra dtype on 950).
  DtypeList OpDtypes() const {
    DtypeList list = DtypesFor(op_.dtypes, *profile_);
    if (ZeroScalarPath() && profile_->series == SocSeries::kAscend950) {
      list.values[list.count++] = op_.zero_scalar_op->extra_950_dtype;
    }
    return list;
  }

  // The dtype the kernel computes in: the inputs' promoted one, or the first input's.
  aclDataType KernelDtype() const {
    const aclDataType first = DescOf(call_.inputs[0]).dtype;
    return op_.promotes ? PromoteTypes(first, DescOf(call_.inputs[1]).dtype) : first;
  }

  aclnnStatus Tile(const NamedTensor* inputs, aclDataType dtype, OpTiling* tiling) const {
    std::string error;
    // A broadcasting op's work is the output's shape.
    const Dims& first = op_.broadcasts ? DescOf(call_.output).view : DescOf(inputs[0].tensor).view;
    const Dims& second = op_.broadcasts ? first : DescOf(inputs[op_.num_inputs > 1 ? 1 : 0].tensor).view;
    // As upstream's opbase (InitL2Phase1Context), the tiling is for the cores the calling thread
    // may use: the limits of aclrtSetDeviceResLimit / aclrtSetStreamResLimit.
    SocProfile limited = *profile_;
    limited.vector_core_count = aclnn_host::Runtime::Get().TilingVectorCores(*profile_);
    if (ComputeOpTiling(op_, first, second, dtype, limited, tiling, &error)) {
      return ACLNN_SUCCESS;
    }
    return Fail(api_, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: %s.", error.c_str());
  }

  const OpSpec& op_;
  const OpCall& call_;
  const char* api_;
  const char* kernel_type_ = op_.kernel_type;  // the NPU op the plan runs
  const SocProfile* profile_ = nullptr;
  uint64_t* workspace_size_ = nullptr;
  aclOpExecutor** executor_ = nullptr;
  bool empty_exit_ = false;  // an EmptyExits step found an empty input
};

}  // namespace

bool ComputeOpTiling(const OpSpec& op, const Dims& first, const Dims& second, aclDataType dtype,
                     const SocProfile& profile, OpTiling* tiling, std::string* error) {
  int64_t count = 0;
  if (!ElementCount(first, &count)) {
    *error = "the element count overflows int64";
    return false;
  }
  switch (op.tiling) {
    case TilingRule::kHardswishGrad:
      return ComputeHardswishGradTiling(first, second, dtype, profile, tiling, error);
    case TilingRule::kHardswishForward:
      // Ascend 950 runs the AscendC kernel with its published arch35 tiling; the TBE kernels'
      // tiling (auto-scheduled) is not published: the elementwise split divides the work.
      *tiling = profile.tiling_arch == TilingArch::kArch35 ? HardswishTilingArch35(count, dtype, profile)
                                                           : ElementwiseTiling(count, aclDataTypeSize(dtype), profile);
      tiling->workspace = 0;
      return true;
    case TilingRule::kElementwise:
      *tiling = ElementwiseTiling(count, aclDataTypeSize(dtype), profile);
      tiling->workspace = 0;
      return true;
    case TilingRule::kElementwiseAscendWorkspace:
    case TilingRule::kReluAscendWorkspace: {
      *tiling = ElementwiseTiling(count, aclDataTypeSize(dtype), profile);
      tiling->workspace =
          profile.tiling_arch == TilingArch::kArch35 && AscendKernelRuns(op, dtype) ? kAscendSystemWorkspace : 0;
      return true;
    }
  }
  *error = "no tiling rule";
  return false;
}

bool TilingIsPublished(const OpSpec& op, const SocProfile& profile) {
  return (op.tiling == TilingRule::kHardswishGrad || op.tiling == TilingRule::kHardswishForward) &&
         !RunsTbeKernel(op, profile) &&
         (op.tiling == TilingRule::kHardswishGrad || profile.tiling_arch == TilingArch::kArch35);
}

bool Bf16GateOpens(Bf16Gate gate, const SocProfile& profile) {
  switch (gate) {
    case Bf16Gate::kNone:
      return true;
    case Bf16Gate::kArch2201Or3510:
      return profile.supports_bf16;
    case Bf16Gate::kNot910Or310P:
      return profile.series != SocSeries::kAscend910A1 && profile.series != SocSeries::kAscend310P;
  }
  return false;
}

DtypeList DtypesFor(const DtypeRule& rule, const SocProfile& profile) {
  const bool bf16 = Bf16GateOpens(rule.bf16, profile);
  DtypeList list{{}, 0};
  for (size_t i = 0; i < rule.count; ++i) {
    if (rule.base[i] != ACL_BF16 || bf16) list.values[list.count++] = rule.base[i];
  }
  return list;
}

bool AscendKernelRuns(const OpSpec& op, aclDataType dtype) {
  // DOUBLE runs upstream's AI CPU kernel, which has no AscendC tiling; UINT8 Relu runs no kernel.
  return dtype != ACL_DOUBLE && !(op.tiling == TilingRule::kReluAscendWorkspace && dtype == ACL_UINT8);
}

bool RunsTbeKernel(const OpSpec& op, const SocProfile& profile) {
  return op.registration == KernelRegistration::kAscendC950Only && profile.series != SocSeries::kAscend950;
}

aclnnStatus RunPhaseOne(const OpSpec& op, const OpCall& call, uint64_t* workspace_size, aclOpExecutor** executor) {
  return PhaseOne(op, call).Run(workspace_size, executor);
}

}  // namespace aclnn_host
