// The operator table (ops/op_table.inc) compiled three ways: the OpSpec array, the extern "C"
// entry points of every API, and the public op table (aclnn_host/ops.h) with its generic calls.
#include "aclnn_host/ops.h"

#include <cstring>

#include "aclnn/opdev/op_errno.h"
#include "base/executor.h"
#include "base/tensor.h"
#include "common/numerics.h"
#include "kernels/activation.h"
#include "kernels/hardswish.h"
#include "kernels/hardswish_grad.h"
#include "ops/op_spec.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"

// The first pass includes each row's public header at global scope (later passes see its guard).
#define AH_OPERATOR(...)
#include "ops/op_table.inc"
#undef AH_OPERATOR

namespace aclnn_host {
namespace {

// The backward HardSwish kernels take one dtype: out's is gradOutput's.
ElementwiseKernels HardswishGradV2(kernels::Isa isa, aclDataType in, aclDataType, bool flush) {
  return kernels::HardswishGradV2Kernels(isa, in, flush);
}
ElementwiseKernels HardswishGradV1(kernels::Isa isa, aclDataType in, aclDataType, bool flush) {
  return kernels::HardswishGradV1Kernels(isa, in, flush);
}
ElementwiseKernels HardswishGradV1Tbe(kernels::Isa isa, aclDataType in, aclDataType, bool flush) {
  return kernels::HardswishGradV1TbeKernels(isa, in, flush);
}

aclTensor* MutableTensor(const aclTensor* tensor) { return const_cast<aclTensor*>(tensor); }
aclScalar* MutableScalar(const aclScalar* scalar) { return const_cast<aclScalar*>(scalar); }

// A scalar as a kernel holds it in fp16 (nearest-even), widened back.
float AsFp16(float value) { return WidenHalf(NarrowToHalf(value)); }

// The shrink ops' lambda (aclScalar::ToFloat), as fp32 and as an fp16 input's TBE kernel holds it.
void PutLambda(float lambda, KernelScalars* scalars) {
  scalars->values[kernels::kLambda] = lambda;
  scalars->values[kernels::kLambdaAsFp16] = AsFp16(lambda);
}

// aclnnHardshrink clamps a negative lambd to 0 (NaN is not negative and stays).
aclnnStatus HardshrinkLambda(const char*, const OpCall& call, aclDataType, KernelScalars* scalars) {
  const float lambda = ScalarToFloat(call.scalars[0]);
  PutLambda(lambda < 0.0f ? 0.0f : lambda, scalars);
  return ACLNN_SUCCESS;
}

// aclnnShrink: lambd and bias (aclScalar::ToFloat), and both as fp16 for 950's fp16 kernel.
aclnnStatus ShrinkScalars(const char*, const OpCall& call, aclDataType, KernelScalars* scalars) {
  const float lambda = ScalarToFloat(call.scalars[0]);
  const float bias = ScalarToFloat(call.scalars[1]);
  scalars->values[kernels::kShrinkLambda] = lambda;
  scalars->values[kernels::kShrinkBias] = bias;
  scalars->values[kernels::kShrinkLambdaAsFp16] = AsFp16(lambda);
  scalars->values[kernels::kShrinkBiasAsFp16] = AsFp16(bias);
  return ACLNN_SUCCESS;
}

// aclnnSoftshrink has refused a negative lambd in its checks (ScalarNotNegative).
aclnnStatus SoftshrinkLambda(const char*, const OpCall& call, aclDataType, KernelScalars* scalars) {
  PutLambda(ScalarToFloat(call.scalars[0]), scalars);
  return ACLNN_SUCCESS;
}

// aclnnHardtanhBackward: min and max as fp32 (aclScalar::ToFloat); min > max is not checked.
aclnnStatus HardtanhBounds(const char*, const OpCall& call, aclDataType, KernelScalars* scalars) {
  scalars->values[kernels::kHardtanhMin] = ScalarToFloat(call.scalars[0]);
  scalars->values[kernels::kHardtanhMax] = ScalarToFloat(call.scalars[1]);
  return ACLNN_SUCCESS;
}

// aclnnLeakyRelu: negativeSlope as fp32 (any scalar dtype, unchecked), and as fp16.
aclnnStatus LeakyReluSlope(const char*, const OpCall& call, aclDataType, KernelScalars* scalars) {
  const float slope = ScalarToFloat(call.scalars[0]);
  scalars->values[kernels::kNegativeSlope] = slope;
  scalars->values[kernels::kNegativeSlopeAsFp16] = AsFp16(slope);
  return ACLNN_SUCCESS;
}

// aclnnThreshold: threshold and value converted to self's dtype (executor->ConvertToTensor, then
// aclScalar::To<T>): fp16 straight from the double (one rounding), bf16 through float (nearest-even
// twice, as static_cast<bfloat16>(To<float>())), integers by ScalarToInteger. For TBE's fp32 INT32
// path the INT32 values as fp32; for its INT16 input (Cast to INT32 first) the scalars as INT32.
aclnnStatus ThresholdScalars(const char*, const OpCall& call, aclDataType dtype, KernelScalars* scalars) {
  const int pairs[2][2] = {{kernels::kThreshold, kernels::kThresholdAsInt32},
                           {kernels::kThresholdValue, kernels::kThresholdValueAsInt32}};
  for (int i = 0; i < 2; ++i) {
    const aclScalar* scalar = call.scalars[i];
    float& as_float = scalars->values[pairs[i][0]];
    switch (dtype) {
      case ACL_FLOAT16:
        as_float = WidenHalf(NarrowToHalf(RoundToOddFloat(ScalarToDouble(scalar))));
        break;
      case ACL_BF16:
        as_float = WidenBf16(NarrowToBf16(ScalarToFloat(scalar)));
        break;
      case ACL_INT8:
      case ACL_UINT8:
      case ACL_INT16:
      case ACL_INT32:
      case ACL_INT64:
        scalars->integers[pairs[i][0]] = ScalarToInteger(scalar, dtype);
        scalars->integers[pairs[i][1]] = ScalarToInteger(scalar, ACL_INT32);
        as_float = static_cast<float>(static_cast<int32_t>(ScalarToInteger(scalar, ACL_INT32)));
        break;
      default:
        as_float = ScalarToFloat(scalar);
        break;
    }
  }
  return ACLNN_SUCCESS;
}

// aclnnThresholdBackward: threshold as fp32 (aclScalar::ToFloat) and as fp16 for TBE's fp16 input.
aclnnStatus ThresholdGradScalars(const char*, const OpCall& call, aclDataType, KernelScalars* scalars) {
  const float threshold = ScalarToFloat(call.scalars[0]);
  scalars->values[kernels::kGradThreshold] = threshold;
  scalars->values[kernels::kGradThresholdAsFp16] = AsFp16(threshold);
  return ACLNN_SUCCESS;
}

// TBE's Axpy multiplies and adds in two steps (vmuls, vadd) when its inputs' shapes, aligned on the
// right, differ on an axis other than the last (axpy_compute's neg_1_axis_flag).
bool DifferOnLeadingAxis(const Dims& a, const Dims& b) {
  if (a == b) return false;
  const size_t rank = a.rank > b.rank ? a.rank : b.rank;
  for (size_t i = 0; i + 1 < rank; ++i) {
    const int64_t x = i + a.rank >= rank ? a[i + a.rank - rank] : 1;
    const int64_t y = i + b.rank >= rank ? b[i + b.rank - rank] : 1;
    if (x != y) return true;
  }
  return false;
}

// aclnnAddRelu: alpha as fp32 (aclScalar::ToFloat, Axpy's attribute and the "is one" test), as the
// integer compute dtype's value (ConvertToTensor, for Mul), and TBE's two-step flag.
aclnnStatus AddReluScalars(const char*, const OpCall& call, aclDataType dtype, KernelScalars* scalars) {
  const aclScalar* alpha = call.scalars[0];
  scalars->values[kernels::kAddReluAlpha] = ScalarToFloat(alpha);
  if (kernels::IsIntegerDtype(dtype)) scalars->integers[kernels::kAddReluAlphaInteger] = ScalarToInteger(alpha, dtype);
  scalars->integers[kernels::kAddReluSeparateMulAdd] =
      DifferOnLeadingAxis(DescOf(call.inputs[0]).view, DescOf(call.inputs[1]).view) ? 1 : 0;
  return ACLNN_SUCCESS;
}

// aclnnThresholdBackward's ReluGrad, for a threshold within FLT_EPSILON of 0; 950 then takes INT64.
constexpr ZeroScalarOp kReluGradForZeroThreshold = {"ReluGrad", kernels::ReluGradKernels, kernels::ReluGradTbeKernels,
                                                    kernels::ReluGradTbeA1Kernels, ACL_INT64};

// aclnnLeakyReluBackward's refusal of selfIsResult with a negative slope (the slope, then the flag).
constexpr const char* kLeakyReluInPlaceSlopeMessage =
    "In-place leakyRelu backward calculation is triggered with a negativeSlope which is not supported, while "
    "negativeSlope: [%e], selfIsResult: [%d]. This is caused by calling in-place forward function with a negative "
    "slope, please call out-of-place version instead.";

// aclnnAddRelu's messages and dtypes (op_api/aclnn_add_relu.cpp).
constexpr const char* kAddReluPromoteMessage = "Self dtype %s and other dtype %s can not promote dtype.";
constexpr const char* kAddReluAlphaMessage = "Alpha dtype %s can't be cast to the promote dtype %s.";
constexpr const char* kAddReluOutMessage = "Promote dtype %s can't be cast to the desired output type %s.";
constexpr DtypeRule kAddReluDtypes =
    Dtypes({ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64},
           Bf16Gate::kArch2201Or3510);

enum OpIndex : size_t {
#define AH_OPERATOR(Api, Params, ToCall, FromCall, ...) kOp##Api,
#include "ops/op_table.inc"
#undef AH_OPERATOR
  kOpCount
};

const OpSpec kOpSpecs[] = {
#define AH_OPERATOR(Api, Params, ToCall, FromCall, ...) __VA_ARGS__,
#include "ops/op_table.inc"
#undef AH_OPERATOR
};
static_assert(sizeof(kOpSpecs) / sizeof(kOpSpecs[0]) == kOpCount, "one spec per row");

}  // namespace

const OpSpec* OpSpecs(size_t* count) {
  *count = kOpCount;
  return kOpSpecs;
}

const OpSpec* FindOpSpec(const char* name) {
  for (const OpSpec& op : kOpSpecs) {
    if (std::strcmp(op.name, name) == 0 || std::strcmp(op.api, name) == 0) return &op;
  }
  return nullptr;
}

}  // namespace aclnn_host

#define AH_UNPAREN(...) __VA_ARGS__

// Each row's two entry points, and the generic first phase that calls the first through the C
// signature (so the tools and tests exercise exactly what a CANN program calls).
#define AH_OPERATOR(Api, Params, ToCall, FromCall, ...)                                                                \
  extern "C" aclnnStatus aclnn##Api##GetWorkspaceSize(AH_UNPAREN Params, uint64_t* workspaceSize,                      \
                                                      aclOpExecutor** executor) {                                      \
    const aclnn_host::OpSpec& op = aclnn_host::kOpSpecs[aclnn_host::kOp##Api];                                         \
    return aclnn_host::Guard(op.phase_one_api, ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&] {                                 \
      const aclnn_host::OpCall call{AH_UNPAREN ToCall};                                                                \
      return aclnn_host::RunPhaseOne(op, call, workspaceSize, executor);                                               \
    });                                                                                                                \
  }                                                                                                                    \
  extern "C" aclnnStatus aclnn##Api(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,                  \
                                    aclrtStream stream) {                                                              \
    return aclnn_host::RunExecutor(aclnn_host::kOpSpecs[aclnn_host::kOp##Api].api, workspace, workspaceSize, executor, \
                                   stream);                                                                            \
  }                                                                                                                    \
  namespace aclnn_host {                                                                                               \
  namespace {                                                                                                          \
  aclnnStatus Call##Api(const OpCall& call, uint64_t* workspaceSize, aclOpExecutor** executor) {                       \
    return aclnn##Api##GetWorkspaceSize(AH_UNPAREN FromCall, workspaceSize, executor);                                 \
  }                                                                                                                    \
  }                                                                                                                    \
  }
#include "ops/op_table.inc"
#undef AH_OPERATOR

namespace aclnn_host {
namespace {

using PhaseOne = aclnnStatus (*)(const OpCall& call, uint64_t* workspace_size, aclOpExecutor** executor);
using PhaseTwo = aclnnStatus (*)(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream);

struct PublicOp {
  aclnnHostOpInfo info;
  PhaseOne phase_one;
  PhaseTwo phase_two;
};

aclnnHostOpInfo InfoOf(const OpSpec& spec) {
  aclnnHostOpInfo info{};
  info.api = spec.api;
  info.phaseOneApi = spec.phase_one_api;
  info.name = spec.name;
  info.pythonName = spec.python_name;
  info.kernelType = spec.kernel_type;
  info.numInputs = spec.num_inputs;
  info.numScalars = spec.num_scalars;
  info.numFlags = spec.num_flags;
  for (size_t i = 0; i < kMaxOpInputs; ++i) info.inputNames[i] = spec.input_names[i];
  for (size_t i = 0; i < kMaxOpScalars; ++i) info.scalarNames[i] = spec.scalar_names[i];
  for (size_t i = 0; i < kMaxOpFlags; ++i) info.flagNames[i] = spec.flag_names[i];
  info.outputName = spec.output_name;
  info.inPlace = spec.in_place ? 1 : 0;
  info.outputCasts = spec.output_casts ? 1 : 0;
  return info;
}

const PublicOp* PublicOps() {
  static const PublicOp ops[] = {
#define AH_OPERATOR(Api, Params, ToCall, FromCall, ...) {InfoOf(kOpSpecs[kOp##Api]), Call##Api, aclnn##Api},
#include "ops/op_table.inc"
#undef AH_OPERATOR
  };
  return ops;
}

const PublicOp* PublicOpOf(const aclnnHostOpInfo* info) {
  const PublicOp* ops = PublicOps();
  for (size_t i = 0; i < kOpCount; ++i) {
    if (&ops[i].info == info) return &ops[i];
  }
  return nullptr;
}

}  // namespace
}  // namespace aclnn_host

extern "C" {

size_t aclnnHostOpCount(void) { return aclnn_host::kOpCount; }

const aclnnHostOpInfo* aclnnHostOpGet(size_t index) {
  return index < aclnn_host::kOpCount ? &aclnn_host::PublicOps()[index].info : nullptr;
}

const aclnnHostOpInfo* aclnnHostOpFind(const char* name) {
  if (name == nullptr) return nullptr;
  for (size_t i = 0; i < aclnn_host::kOpCount; ++i) {
    const aclnnHostOpInfo& info = aclnn_host::PublicOps()[i].info;
    if (std::strcmp(name, info.name) == 0 || std::strcmp(name, info.api) == 0) return &info;
  }
  return nullptr;
}

aclnnStatus aclnnHostOpGetWorkspaceSize(const aclnnHostOpInfo* op, const aclnnHostOpCall* call, uint64_t* workspaceSize,
                                        aclOpExecutor** executor) {
  const aclnn_host::PublicOp* entry = aclnn_host::PublicOpOf(op);
  if (entry == nullptr || call == nullptr) {
    return aclnn_host::Fail("aclnnHostOpGetWorkspaceSize", ACLNN_ERR_PARAM_NULLPTR,
                            "op must be an entry of aclnnHostOpGet and call must not be null.");
  }
  aclnn_host::OpCall internal;
  for (size_t i = 0; i < aclnn_host::kMaxOpInputs; ++i) internal.inputs[i] = call->inputs[i];
  for (size_t i = 0; i < aclnn_host::kMaxOpScalars; ++i) internal.scalars[i] = call->scalars[i];
  for (size_t i = 0; i < aclnn_host::kMaxOpFlags; ++i) internal.flags[i] = call->flags[i] != 0;
  internal.output = op->inPlace ? call->inputs[0] : call->output;
  return entry->phase_one(internal, workspaceSize, executor);
}

aclnnStatus aclnnHostOpRun(const aclnnHostOpInfo* op, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream) {
  const aclnn_host::PublicOp* entry = aclnn_host::PublicOpOf(op);
  if (entry == nullptr) {
    return aclnn_host::Fail("aclnnHostOpRun", ACLNN_ERR_PARAM_NULLPTR, "op must be an entry of aclnnHostOpGet.");
  }
  return entry->phase_two(workspace, workspaceSize, executor, stream);
}

}  // extern "C"
