// The kernels of the piecewise-linear activation family of ops-nn (the HardSwish ops have theirs in
// hardswish.h and hardswish_grad.h). Each selector returns the kernels of one NPU sequence — the
// AscendC kernel that Ascend 950 registers, or the built-in TBE kernel other SoCs run — for an ISA,
// input and output dtype and subnormal behaviour.
#ifndef ACLNN_HOST_KERNELS_ACTIVATION_H_
#define ACLNN_HOST_KERNELS_ACTIVATION_H_

#include "acl/acl_base.h"
#include "common/export.h"
#include "kernels/isa.h"
#include "kernels/kernel.h"

namespace aclnn_host {
namespace kernels {

/// One dense kernel for every variant: integer kernels have no overflow mode and no streaming form.
inline ElementwiseKernels EveryVariant(DenseKernel kernel) { return {kernel, kernel, kernel, kernel, DeviceKernel{}}; }

inline bool IsIntegerDtype(aclDataType dtype) {
  return dtype == ACL_INT8 || dtype == ACL_UINT8 || dtype == ACL_INT16 || dtype == ACL_INT32 || dtype == ACL_INT64;
}

/// fp32 -> int32 truncating toward zero, saturating, NaN as 0 (the vector unit's conversion; an
/// int32 rounded to fp32 can reach 2^31).
inline int32_t TruncateToInt32(float value) {
  if (value != value) return 0;
  if (value >= 2147483648.0f) return INT32_MAX;
  if (value <= -2147483648.0f) return INT32_MIN;
  return static_cast<int32_t>(value);
}

/// aclnn's Cast between float dtypes (l0op::Cast): exact widening, nearest-even narrowing, with the
/// profile's saturation and subnormal flush. What a plan runs around a kernel whose dtype differs
/// from its inputs' (a promotion) or its output's.
AH_INTERNAL_API ElementwiseKernels CastKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// HardSigmoid's attribute alpha as aclnn passes it: 1.0f / 6.0f (0x3E2AAAAB), and beta.
constexpr float kHardsigmoidAlpha = 1.0f / 6.0f;
constexpr float kHardsigmoidBeta = 0.5f;

/// Where aclnnHardtanhBackward's converter puts min and max (fp32, aclScalar::ToFloat).
constexpr int kHardtanhMin = 0;
constexpr int kHardtanhMax = 1;

/// aclnnHardtanhBackward on Ascend 950 (AscendC hardtanh_grad_dag.h): gradOutput where
/// min < self < max (fp32 compares) or self is NaN, else +0. Binary: in == out.
AH_INTERNAL_API ElementwiseKernels HardtanhGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// The built-in TBE HardtanhGrad (after_v200: 910B, 910_93, 310P, 310B): gradOutput times the fp32
/// product of the two compares (-0 or NaN outside for negative or infinite gradOutput), gradOutput
/// for a NaN self.
AH_INTERNAL_API ElementwiseKernels HardtanhGradTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                          bool flush_subnormals);

/// The built-in TBE HardtanhGrad on Ascend910 (A1): the clamp-and-divide approximation
/// g * m / (m + 1e-10), m = (t - max) * (t - min), t = x clamped to [min, max].
AH_INTERNAL_API ElementwiseKernels HardtanhGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out,
                                                            bool flush_subnormals);

/// alpha as the TBE kernels hold it for fp16 input: fp16(1/6) = 0x3155.
constexpr float kHardsigmoidAlphaFp16 = 0.1666259765625f;

/// aclnnHardsigmoidBackward on Ascend 950 (AscendC hard_sigmoid_grad.h), in fp32: g * alpha where
/// 0 < x * alpha + beta < 1, else +0; fp16 narrowed nearest-even, bf16 half away. Binary: in == out.
AH_INTERNAL_API ElementwiseKernels HardsigmoidGradKernels(Isa isa, aclDataType in, aclDataType out,
                                                          bool flush_subnormals);

/// The built-in TBE HardSigmoidGrad: |x| < 3 ? g * alpha : 0 in the input's dtype (fp16 alpha for
/// fp16), bf16 through fp32.
AH_INTERNAL_API ElementwiseKernels HardsigmoidGradTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                             bool flush_subnormals);

/// aclnnHardsigmoid on Ascend 950 (AscendC, hard_sigmoid.cpp): min(max(x * alpha + beta, ...)) in
/// fp32, each step rounded; fp16 narrowed nearest-even and bf16 half-away before the clamp (the
/// same values: 0 and 1 are exact); INT32 converted to fp32 and truncated back.
AH_INTERNAL_API ElementwiseKernels HardsigmoidKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// aclnnHardsigmoid's built-in TBE kernel (910, 910B, 910_93, 310P, 310B): the same fp32 sequence
/// (max, then min), every narrowing nearest-even.
AH_INTERNAL_API ElementwiseKernels HardsigmoidTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                         bool flush_subnormals);

/// aclnnRelu (950's AscendC relu_apt; the built-in TBE Relu elsewhere computes the same values):
/// x > 0 ? x : +0 — -0 gives +0, NaN stays NaN (upstream's golden, np.maximum then -0 -> +0);
/// INT8/INT32/INT64 max(x, 0); UINT8 a copy. Exact in every dtype.
AH_INTERNAL_API ElementwiseKernels ReluKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// Where aclnnLeakyRelu's converter puts negativeSlope: fp32 (aclScalar::ToFloat), and rounded to
/// fp16 for the TBE kernel's fp16 input.
constexpr int kNegativeSlope = 0;
constexpr int kNegativeSlopeAsFp16 = 1;

/// Where aclnnThreshold's converter puts threshold and value: in `values` as fp32 holding them
/// rounded to a float self's dtype (or converted to an INT32 self's, for TBE's fp32 path); in
/// `integers` converted to an integer self's dtype, and to INT32 for the TBE kernel's INT16 input
/// (upstream's plan Casts INT16 self to INT32 first on those SoCs).
constexpr int kThreshold = 0;
constexpr int kThresholdValue = 1;
constexpr int kThresholdAsInt32 = 2;
constexpr int kThresholdValueAsInt32 = 3;

/// aclnnThreshold on Ascend 950 (AscendC threshold_dag.h, ThresholdV2): x <= threshold ? value : x,
/// a compare and a select in self's dtype (bf16 through fp32: the same values). -0 <= 0 takes value;
/// NaN stays. Exact; integers natively. Then a Cast to out's dtype (float dtypes only here).
AH_INTERNAL_API ElementwiseKernels ThresholdKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// The built-in TBE ThresholdV2: the same select, but INT32 is compared and selected in fp32 (x,
/// threshold and value rounded to fp32 beyond 2^24, the result truncated back, saturating), and
/// INT16 is Cast to INT32 first (scalars converted to INT32), then narrowed back by the output Cast
/// (the low 16 bits). INT8/UINT8 through fp32 are exact; INT64 native.
AH_INTERNAL_API ElementwiseKernels ThresholdTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// aclnnLeakyRelu on Ascend 950 (AscendC leaky_relu_dag.h): x > 0 ? x : x * slope in fp32 (a
/// Select), narrowed nearest-even; then a Cast to out's dtype. DOUBLE (the AI CPU kernel) in double.
AH_INTERNAL_API ElementwiseKernels LeakyReluKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// The built-in TBE LeakyRelu: the same with the slope in the input's dtype (fp16 input: slope
/// rounded to fp16, one fp16 product); bf16 through fp32; DOUBLE as above.
AH_INTERNAL_API ElementwiseKernels LeakyReluTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// aclnnLeakyReluBackward on Ascend 950 (AscendC leaky_relu_grad_dag.h): gradOutput where self > 0,
/// else gradOutput * slope in fp32 (a Select; NaN self takes the product), narrowed nearest-even.
/// DOUBLE: upstream's AI CPU kernel, in double. Binary: in == out (the plan Casts around it).
AH_INTERNAL_API ElementwiseKernels LeakyReluGradKernels(Isa isa, aclDataType in, aclDataType out,
                                                        bool flush_subnormals);

/// The built-in TBE LeakyReluGrad (after_v200: 910B, 910_93, 310P, 310B): the same Select with the
/// slope in the input's dtype (fp16: slope rounded to fp16, one fp16 product); bf16 as fp32.
AH_INTERNAL_API ElementwiseKernels LeakyReluGradTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                           bool flush_subnormals);

/// The built-in TBE LeakyReluGrad on Ascend910 (A1): gradOutput times a factor built by scaling
/// self — 1 above the smallest normal, the slope at or below 0, fractional for a subnormal self.
AH_INTERNAL_API ElementwiseKernels LeakyReluGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out,
                                                             bool flush_subnormals);

/// Where aclnnThresholdBackward's converter puts threshold: fp32 (aclScalar::ToFloat), and rounded
/// to fp16 for the TBE kernel's fp16 input.
constexpr int kGradThreshold = 0;
constexpr int kGradThresholdAsFp16 = 1;

/// ThresholdGradV2D on Ascend 950 (AscendC threshold_grad_v2_d_dag.h), in fp32 with the fp32
/// threshold: a Select of +0 where self <= threshold, else gradOutput (NaN self: gradOutput).
/// INT32 through fp32 (gradOutput beyond 2^24 rounds), INT8/UINT8 exact. Binary: in == out.
AH_INTERNAL_API ElementwiseKernels ThresholdGradKernels(Isa isa, aclDataType in, aclDataType out,
                                                        bool flush_subnormals);
/// The built-in TBE ThresholdGradV2D (910B, 910_93, 310P, 310B): the same, the threshold in an fp16
/// input's dtype.
AH_INTERNAL_API ElementwiseKernels ThresholdGradTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                           bool flush_subnormals);
/// The built-in TBE ThresholdGradV2D on Ascend910 (vcmpsel 'gt'): gradOutput where self > threshold,
/// so a NaN self gives +0.
AH_INTERNAL_API ElementwiseKernels ThresholdGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out,
                                                             bool flush_subnormals);

/// ReluGrad on Ascend 950 (AscendC relu_grad_dag.h): gradOutput * (self <= 0 ? 0 : 1), a product
/// (-0 for a negative gradOutput, NaN for an infinite one); integers exact. Binary: in == out.
AH_INTERNAL_API ElementwiseKernels ReluGradKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);
/// The built-in TBE ReluGrad with tik.vcopy: fp16/fp32 a Select of +0; bf16 (as fp32) gradOutput
/// times TBE's scaled step of self (a subnormal self gives a fractional factor).
AH_INTERNAL_API ElementwiseKernels ReluGradTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);
/// The built-in TBE ReluGrad on Ascend910: gradOutput times the scaled step for fp16 and fp32.
AH_INTERNAL_API ElementwiseKernels ReluGradTbeA1Kernels(Isa isa, aclDataType in, aclDataType out,
                                                        bool flush_subnormals);

/// Where aclnnAddRelu's converter puts alpha: as fp32 (aclScalar::ToFloat, Axpy's attribute), as
/// the integer compute dtype's value (ConvertToTensor, for Mul), and whether TBE's Axpy multiplies
/// and adds in two steps (its inputs' shapes differ on an axis other than the last).
constexpr int kAddReluAlpha = 0;
constexpr int kAddReluAlphaInteger = 0;
constexpr int kAddReluSeparateMulAdd = 1;

/// The "alpha is one" test of aclnnAddRelu's plan: !(a > 1 || a < 1), so NaN counts as one.
inline bool AddReluAlphaIsOne(float alpha) { return !(alpha > 1.0f || alpha < 1.0f); }

/// aclnnAddRelu on Ascend 950, in its compute dtype (in == out; the plan Casts around it): FLOAT
/// (every float input) Add where alpha is one, else Axpy's single vaxpy, taken as a fused
/// multiply-add fma(alpha, other, self), then Relu (-0 -> +0, NaN stays); INT32 the same Axpy in
/// fp32 (inputs rounded to fp32, the result truncated, saturating); INT8, UINT8, INT16, INT64
/// self + other * alpha wrapping in the dtype, then Relu (UINT8 none).
AH_INTERNAL_API ElementwiseKernels AddReluKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);
/// The same with the built-in TBE Axpy, which multiplies and adds in two roundings where the
/// inputs' shapes differ on an axis other than the last.
AH_INTERNAL_API ElementwiseKernels AddReluTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// aclnnAddRelu's integer kernels (AddReluKernels and AddReluTbeKernels select them).
AH_INTERNAL_API ElementwiseKernels IntegerAddReluKernels(aclDataType in, aclDataType out, bool tbe);

/// l0op::Cast from an integer dtype: to another integer the low bits (two's complement wrap), to a
/// float dtype one nearest-even rounding (INT64 beyond 2^53 first rounds to double). Empty where
/// the host has no such Cast.
AH_INTERNAL_API ElementwiseKernels IntegerCastKernels(aclDataType in, aclDataType out);

/// The DOUBLE kernels (upstream's AI CPU): Casts between DOUBLE and fp32/fp16/bf16 (widening exact,
/// narrowing one nearest-even rounding), and LeakyReluGrad in double.
AH_INTERNAL_API ElementwiseKernels DoubleCastKernels(aclDataType in, aclDataType out, bool flush_subnormals);
AH_INTERNAL_API ElementwiseKernels DoubleLeakyReluGradKernels(aclDataType out);

/// Where the shrink ops' converters put lambda in KernelScalars: as fp32, and rounded to fp16
/// (nearest-even) for the TBE kernels that hold it in an fp16 input's dtype.
constexpr int kLambda = 0;
constexpr int kLambdaAsFp16 = 1;
/// aclnnShrink's: lambda and bias as fp32, then both rounded to fp16.
constexpr int kShrinkLambda = 0;
constexpr int kShrinkBias = 1;
constexpr int kShrinkLambdaAsFp16 = 2;
constexpr int kShrinkBiasAsFp16 = 3;

/// aclnnHardshrink on Ascend 950 (AscendC hard_shrink.h): |x| <= lambda ? +0 : x in fp32, lambda
/// fp32; then a Cast to out's dtype.
AH_INTERNAL_API ElementwiseKernels HardshrinkKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// The built-in TBE HardShrink: the same compare with lambda in the input's dtype (fp16 input:
/// lambda rounded to fp16); bf16 computed as fp32.
AH_INTERNAL_API ElementwiseKernels HardshrinkTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                        bool flush_subnormals);

/// aclnnHardshrinkBackward on Ascend 950 (AscendC hard_shrink_grad.h): a Select, |self| <= lambda ?
/// +0 : gradOutput (the dead zone is +0 whatever gradOutput is). fp16 compares in fp16 (lambda
/// rounded to fp16), fp32 and bf16 in fp32. Binary: in == out (the plan Casts around it).
AH_INTERNAL_API ElementwiseKernels HardshrinkGradKernels(Isa isa, aclDataType in, aclDataType out,
                                                         bool flush_subnormals);

/// The built-in TBE HardShrinkGrad: gradOutput * (|self| <= lambda ? 0 : 1), lambda in the input's
/// dtype — a product, so the dead zone keeps gradOutput's sign (-0) and gives NaN for +-inf or NaN.
AH_INTERNAL_API ElementwiseKernels HardshrinkGradTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                            bool flush_subnormals);

/// aclnnSoftshrinkBackward on Ascend 950 (AscendC soft_shrink_grad.h, in fp32 with fp32 lambda):
/// gradOutput where |self| > lambda or self is NaN, else +0 (a Select). Binary: in == out.
AH_INTERNAL_API ElementwiseKernels SoftshrinkGradKernels(Isa isa, aclDataType in, aclDataType out,
                                                         bool flush_subnormals);

/// The built-in TBE SoftShrinkGrad: vcmpsel(|self| <= lambda, 0, gradOutput), then gradOutput for a
/// NaN self — the same values but for a NaN lambda, which passes gradOutput through.
AH_INTERNAL_API ElementwiseKernels SoftshrinkGradTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                            bool flush_subnormals);

/// aclnnSoftshrink on Ascend 950 (AscendC softshrink.h): x > l ? x - l : (x < -l ? x + l : +0) in
/// fp32 with fp32 lambda, narrowed nearest-even; NaN gives +0.
AH_INTERNAL_API ElementwiseKernels SoftshrinkKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// The built-in TBE SoftShrink (v200 chain): NaN scrubbed to 0, |x| <= l -> 0, then x - l above l,
/// x + l below -l; fp16 computed in fp16 with lambda rounded to fp16, bf16 as fp32.
AH_INTERNAL_API ElementwiseKernels SoftshrinkTbeKernels(Isa isa, aclDataType in, aclDataType out,
                                                        bool flush_subnormals);

/// aclnnShrink on Ascend 950 (AscendC shrink.h), in the input's dtype (fp16 scalars rounded to
/// fp16): x > l -> x - b, x < -l -> x + b, else +0 (NaN x too).
AH_INTERNAL_API ElementwiseKernels ShrinkKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

/// The built-in TBE Shrink, in fp32: sign(x) * (|x| <= l ? 0 : |x| - b), sign -1 for x <= 0 (the
/// dead zone below 0 gives -0; NaN stays NaN).
AH_INTERNAL_API ElementwiseKernels ShrinkTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals);

}  // namespace kernels
}  // namespace aclnn_host

#endif  // ACLNN_HOST_KERNELS_ACTIVATION_H_
