// What the operator table (ops/op_table.inc) says of each API, and the one first phase that reads
// it. An operator is a row: its arguments, its checks in upstream's order, its dtype lists, which
// kernel each SoC runs, its tiling and its product support. The row also generates the API's
// extern "C" entry points (ops/op_table.cc) and its entry in the public op table
// (aclnn_host/ops.h) that the CLI, the benchmark, the fuzzers, the Python package and
// the tests iterate over.
#ifndef ACLNN_HOST_OPS_OP_SPEC_H_
#define ACLNN_HOST_OPS_OP_SPEC_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "aclnn/aclnn_base.h"
#include "base/elementwise.h"
#include "base/op_checks.h"
#include "kernels/isa.h"
#include "ops/hardswish_grad_tiling.h"
#include "runtime/soc_profile.h"

namespace aclnn_host {

constexpr size_t kMaxOpInputs = 2;
constexpr size_t kMaxOpScalars = 2;
constexpr size_t kMaxOpFlags = 1;
constexpr size_t kMaxCheckSteps = 20;

/// The arguments of one call, whatever the API's C signature: the generated entry point packs
/// its parameters into this, and the public generic call unpacks it into the API's parameters.
struct OpCall {
  const aclTensor* inputs[kMaxOpInputs] = {};
  const aclScalar* scalars[kMaxOpScalars] = {};
  bool flags[kMaxOpFlags] = {};
  const aclTensor* output = nullptr;  // in place: inputs[0]
};

/// Operand indices of check steps: the inputs by position, and the output.
constexpr int8_t kOut = 7;

enum class Check : uint8_t {
  kEnd,                // the end of the list
  kNotNull,            // operand a is not null; the message names it `name` (default: its argument name)
  kScalarNotNull,      // scalar a is not null
  kAllLive,            // every tensor argument is a live aclTensor
  kProfile,            // aclInit was called (the SoC profile is known)
  kDtypeInList,        // operand a's dtype is in the op's list for the SoC
  kDtypeInListAs,      // the same with the op's own message: `name` is its format (dtype, then list)
  kDtypeEqual,         // operand a's dtype equals operand b's
  kCastable,           // operand a's dtype can be cast to operand b's
  kMaxRank,            // operand a has at most `arg` dims
  kSameShape,          // operand a has operand b's shape ("Expected tensor for a to have same size as ... b")
  kDtypesMatch,        // operands a and b have one dtype ("Parameters a, b of `name` have incorrect dtypes ...")
  kFormatsMatch,       // operands a and b have one storage format (likewise, "... incorrect formats ...")
  kViewFormatsEqual,   // operands a and b have one view format ("Format of input and output should be equal, ...")
  kScalarNotNegative,  // scalar a, as a float, is not negative ("`name` should be greater or equal to 0, ...")
  kBf16OnSoc,          // BF16 in operand a or b only where Bf16Gate `arg` opens ("bfloat16 dtype is unsupported ...")
  kPromotable,         // inputs a and b promote to a dtype of the op's list ("promote dtype %s should be in ...")
  kPromotedCastable,   // the promoted dtype can be cast to operand a's ("Result type %s can't be cast to ...")
  kEmptyExits,         // an empty input ends phase one here, successfully (workspace 0, nothing to run)
  kBroadcast,          // operands a and b broadcast ("The size of tensor a [..] must match the size of tensor b [..].")
  kBroadcastShape,     // operand a has the inputs' broadcast shape ("Expected tensor for a to have same size as ...")
  kResultDtypeIs,      // operand a has the kernel's (promoted) dtype: upstream copies the result into it uncast
  kScalarDtypeInList,  // scalar a's dtype is in the op's scalar list for the SoC ("Tensor <name> not implemented ...")
  kFlagForbidsNegative,  // flag a set and scalar b (as a double) negative fail; `name` is the message's format
  kCastableBefore950,    // kCastable, on every SoC but Ascend 950 (upstream's NpuArch < DAV_3510)
  kScalarCastable,       // scalar a's dtype can be cast to the inputs' promoted dtype; `name`: the message
  kOutputPointers,       // workspaceSize and executor are not null (first, unless a row places it later)
};

/// Which SoCs keep BF16 in an op's dtype list (upstream's gates differ from API to API).
enum class Bf16Gate : uint8_t {
  kNone,            // no gate: BF16, where the list has it, on every SoC
  kArch2201Or3510,  // NpuArch DAV_2201 or DAV_3510 (GetDtypeSupportListV2): 910B, 910_93 and 950
  kNot910Or310P,    // SocVersion neither ASCEND910 nor ASCEND310P: 910B, 910_93, 950 and 310B
};

struct CheckStep {
  Check check = Check::kEnd;
  int8_t a = 0;
  int8_t b = 0;
  int32_t arg = 0;
  const char* name = nullptr;
};

constexpr CheckStep NotNull(int8_t operand, const char* name = nullptr) {
  return {Check::kNotNull, operand, 0, 0, name};
}
constexpr CheckStep ScalarNotNull(int8_t scalar) { return {Check::kScalarNotNull, scalar, 0, 0, nullptr}; }
constexpr CheckStep AllLive() { return {Check::kAllLive, 0, 0, 0, nullptr}; }
constexpr CheckStep Profile() { return {Check::kProfile, 0, 0, 0, nullptr}; }
/// `name`: what the message calls the operand, where it is not its argument name.
constexpr CheckStep DtypeInList(int8_t operand, const char* name = nullptr) {
  return {Check::kDtypeInList, operand, 0, 0, name};
}
constexpr CheckStep DtypeInListAs(int8_t operand, const char* format) {
  return {Check::kDtypeInListAs, operand, 0, 0, format};
}
constexpr CheckStep DtypeEqual(int8_t operand, int8_t like) { return {Check::kDtypeEqual, operand, like, 0, nullptr}; }
constexpr CheckStep Castable(int8_t from, int8_t to) { return {Check::kCastable, from, to, 0, nullptr}; }
/// aclnnThreshold's castability check, which upstream runs only below DAV_3510 (not on 950).
constexpr CheckStep CastableBefore950(int8_t from, int8_t to) {
  return {Check::kCastableBefore950, from, to, 0, nullptr};
}
constexpr CheckStep MaxRank(int8_t operand, int32_t rank) { return {Check::kMaxRank, operand, 0, rank, nullptr}; }
constexpr CheckStep SameShape(int8_t operand, int8_t like) { return {Check::kSameShape, operand, like, 0, nullptr}; }
/// `entity`: the API upstream's message names (an in-place form reports its out-of-place API's).
constexpr CheckStep DtypesMatch(int8_t a, int8_t b, const char* entity) {
  return {Check::kDtypesMatch, a, b, 0, entity};
}
constexpr CheckStep FormatsMatch(int8_t a, int8_t b, const char* entity) {
  return {Check::kFormatsMatch, a, b, 0, entity};
}
constexpr CheckStep ViewFormatsEqual(int8_t a, int8_t b) { return {Check::kViewFormatsEqual, a, b, 0, nullptr}; }
constexpr CheckStep ScalarNotNegative(int8_t scalar) { return {Check::kScalarNotNegative, scalar, 0, 0, nullptr}; }
/// `format`: upstream's message when no promotion exists (the two dtypes), or nullptr for the
/// family's usual one.
constexpr CheckStep Promotable(int8_t a, int8_t b, const char* format = nullptr) {
  return {Check::kPromotable, a, b, 0, format};
}
/// `format`: upstream's message (the promoted dtype, then operand's), or nullptr for the family's.
constexpr CheckStep PromotedCastable(int8_t to, const char* format = nullptr) {
  return {Check::kPromotedCastable, to, 0, 0, format};
}
/// aclnnAddRelu's alpha: its dtype must cast to the inputs' promoted one (`format`: the scalar's
/// dtype, then the promoted one).
constexpr CheckStep ScalarCastable(int8_t scalar, const char* format) {
  return {Check::kScalarCastable, scalar, 0, 0, format};
}
/// Where upstream checks workspaceSize and executor for null when it is not first (aclnnInplaceAddRelu
/// runs its CheckInplace before).
constexpr CheckStep OutputPointers() { return {Check::kOutputPointers, 0, 0, 0, nullptr}; }
constexpr CheckStep EmptyExits() { return {Check::kEmptyExits, 0, 0, 0, nullptr}; }
constexpr CheckStep Broadcast(int8_t a, int8_t b) { return {Check::kBroadcast, a, b, 0, nullptr}; }
/// `format`: upstream's own message (the broadcast shape, then the operand's), or nullptr for
/// "Expected tensor for <operand> to have same size as ...".
constexpr CheckStep BroadcastShape(int8_t operand, const char* format = nullptr) {
  return {Check::kBroadcastShape, operand, 0, 0, format};
}
constexpr CheckStep ScalarDtypeInList(int8_t scalar) { return {Check::kScalarDtypeInList, scalar, 0, 0, nullptr}; }
/// aclnnLeakyReluBackward's selfIsResult: a negative scalar is refused when the flag is set
/// (`format`: the scalar's value as %e, then the flag as %d).
constexpr CheckStep FlagForbidsNegative(int8_t flag, int8_t scalar, const char* format) {
  return {Check::kFlagForbidsNegative, flag, scalar, 0, format};
}
/// aclnn-host's own: where upstream's plan ViewCopies the kernel's result into the output without a
/// Cast, an output of another dtype has no defined outcome on the NPU; it is refused here.
constexpr CheckStep ResultDtypeIs(int8_t operand) { return {Check::kResultDtypeIs, operand, 0, 0, nullptr}; }
/// Softshrink's bf16flag: BF16 in a or b fails on the SoCs `gate` does not open.
constexpr CheckStep Bf16OnSoc(int8_t a, int8_t b, Bf16Gate gate) {
  return {Check::kBf16OnSoc, a, b, static_cast<int32_t>(gate), nullptr};
}

/// The dtypes an op accepts on a SoC (upstream's support list, in its order): `base`, less BF16
/// where the gate does not open.
struct DtypeRule {
  aclDataType base[12] = {};
  uint8_t count = 0;
  Bf16Gate bf16 = Bf16Gate::kNone;
};

template <size_t N>
constexpr DtypeRule Dtypes(const aclDataType (&base)[N], Bf16Gate bf16) {
  static_assert(N <= 12, "a list of at most 12 dtypes");
  DtypeRule rule;
  for (size_t i = 0; i < N; ++i) rule.base[i] = base[i];
  rule.count = static_cast<uint8_t>(N);
  rule.bf16 = bf16;
  return rule;
}

/// Which kernel each SoC runs (each op's *_def.cpp registers its AscendC kernels per SoC; a SoC
/// without one runs CANN's built-in TBE kernel of the same op type: docs/numerics.md).
enum class KernelRegistration : uint8_t {
  kAscendCEverywhere,  // the AscendC kernel on 910, 910B, 910_93 and 950
  kAscendC950Only,     // AscendC on 950; the built-in TBE kernel on 910, 910B and 910_93
};

/// Which SoCs have a kernel at all (the docs' product tables).
enum class ProductSupport : uint8_t {
  kNot310,      // every profile but Atlas 310P/310B (upstream's launcher fails there: 561103)
  kEverywhere,  // every profile (the built-in TBE kernel exists on every SoC; no platform check)
};

/// How phase one splits the work and what workspace the NPU tiling reports.
enum class TilingRule : uint8_t {
  kHardswishGrad,     // ops/hardswish_grad_tiling.h (published, arch22 and arch35; library workspace on arch22)
  kHardswishForward,  // the forward's published arch35 tiling on 950; the elementwise split elsewhere
  kElementwise,       // the family's elementwise split (no published tiling), no workspace
  kElementwiseAscendWorkspace,  // the elementwise split; on 950 the AscendC tiling asks for a 16 MiB system
                                // workspace (HardtanhGrad's ASCEND_WORKSPACE)
  kReluAscendWorkspace,         // kElementwiseAscendWorkspace, but none for UINT8: upstream's plan runs no Relu kernel
                                // for it (a copy, in place nothing)
};

/// The system workspace some AscendC tilings ask for on Ascend 950 (ASCEND_WORKSPACE, 16 MiB).
constexpr uint64_t kAscendSystemWorkspace = 16u * 1024 * 1024;

/// The kernels of one op for an ISA, input and output dtype and subnormal behaviour.
using KernelSelector = ElementwiseKernels (*)(kernels::Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// Converts the call's scalars to what the kernel reads (nullptr: the op has none).
using ScalarConverter = aclnnStatus (*)(const char* api, const OpCall& call, aclDataType dtype, KernelScalars* scalars);

/// Another NPU op that a scalar's value selects: aclnnThresholdBackward runs ReluGrad instead of
/// ThresholdGradV2D when its threshold is within FLT_EPSILON of 0 (op::IsFloatEqual), and then
/// Ascend 950's dtype list has one more dtype.
struct ZeroScalarOp {
  const char* kernel_type;
  KernelSelector kernels;         // AscendC (950)
  KernelSelector tbe_kernels;     // built-in TBE
  KernelSelector tbe_a1_kernels;  // built-in TBE on Ascend910
  aclDataType extra_950_dtype;
};

struct OpSpec {
  // Names
  const char* api;            // "aclnnHardswishBackwardV2", also phase two's
  const char* phase_one_api;  // "aclnnHardswishBackwardV2GetWorkspaceSize"
  const char* name;           // "hardswish_backward_v2": the CLI's, the benchmark's, the tests'
  const char* python_name;    // the Python function ("hardswish_" for the in-place op, as torch)
  const char* kernel_type;    // the NPU op type, "HardSwishGradV2"
  // Arguments
  uint8_t num_inputs;
  const char* input_names[kMaxOpInputs];  // as upstream's header names them
  uint8_t num_scalars;
  const char* scalar_names[kMaxOpScalars];
  uint8_t num_flags;
  const char* flag_names[kMaxOpFlags];
  const char* output_name;  // "out", "gradInput"; in place: the first input's name
  bool in_place;            // the output is inputs[0]
  bool output_casts;        // the output may have another dtype than the input (a Cast follows the kernel)
  // Phase one
  CheckStep checks[kMaxCheckSteps];  // upstream's order, up to kEnd
  int8_t plan_order[kMaxOpInputs];   // the order upstream's plan makes the inputs contiguous
  DtypeRule dtypes;
  ProductSupport products;
  KernelRegistration registration;
  KernelSelector kernels;      // the AscendC kernel's sequence
  KernelSelector tbe_kernels;  // the built-in TBE kernel's (kAscendC950Only)
  ScalarConverter scalars;
  TilingRule tiling;
  // Binary ops (rows that leave these out have false)
  bool broadcasts = false;  // the inputs broadcast to the output's shape (upstream's BroadcastTo)
  bool promotes = false;    // the kernel runs in the inputs' promoted dtype, Casts around it
  // The built-in TBE kernel's sequence on Ascend910 (A1), where it differs (TBE's after_v200()
  // branches: A1 lacks tik.vcopy); nullptr: tbe_kernels there too.
  KernelSelector tbe_a1_kernels = nullptr;
  // The dtypes a ScalarDtypeInList step accepts.
  DtypeRule scalar_dtypes = {};
  // What scalar 0 within FLT_EPSILON of zero runs instead (nullptr: the row's kernels always).
  const ZeroScalarOp* zero_scalar_op = nullptr;
  // The kernels compute a promoted fp16 or bf16 in fp32 (aclnnAddRelu Casts its float inputs to
  // FLOAT whatever they promote to); the checks still see the promoted dtype.
  bool floats_compute_in_fp32 = false;
};

/// The operator table, in `aclnn-host --help` order.
AH_INTERNAL_API const OpSpec* OpSpecs(size_t* count);

/// The first phase of any op of the table.
AH_INTERNAL_API aclnnStatus RunPhaseOne(const OpSpec& op, const OpCall& call, uint64_t* workspace_size,
                                        aclOpExecutor** executor);

/// The tiling phase one computes for `op` on inputs of these shapes (`second`: the second input's,
/// or the first's) and dtype; false with `*error` where upstream's tiling fails.
AH_INTERNAL_API bool ComputeOpTiling(const OpSpec& op, const Dims& first, const Dims& second, aclDataType dtype,
                                     const SocProfile& profile, OpTiling* tiling, std::string* error);

/// Whether upstream publishes the tiling the profile runs for `op` (an AscendC kernel's own
/// tiling); otherwise ComputeOpTiling is the family's elementwise split (docs/design.md).
AH_INTERNAL_API bool TilingIsPublished(const OpSpec& op, const SocProfile& profile);

/// The row of the table called `name` (tool name or aclnn API name), or nullptr.
AH_INTERNAL_API const OpSpec* FindOpSpec(const char* name);

/// The dtypes `rule` lists on `profile`.
AH_INTERNAL_API DtypeList DtypesFor(const DtypeRule& rule, const SocProfile& profile);

/// Whether `gate` lets `profile` have BF16.
AH_INTERNAL_API bool Bf16GateOpens(Bf16Gate gate, const SocProfile& profile);

/// Whether `profile` runs the op's built-in TBE kernel rather than its AscendC one.
AH_INTERNAL_API bool RunsTbeKernel(const OpSpec& op, const SocProfile& profile);

/// Whether an AscendC kernel computes `dtype` (not upstream's AI CPU kernel for DOUBLE, nor the
/// UINT8 Relu, which runs no kernel): only then the tiling's workspace is declared.
AH_INTERNAL_API bool AscendKernelRuns(const OpSpec& op, aclDataType dtype);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_OP_SPEC_H_
