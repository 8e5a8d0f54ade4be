// The per-element functions of the activation family (kernels/activation.h), compiled for every
// kernel variant (kernels/isa.h) by Highway's foreach_target. Each is its NPU kernel's fp32
// sequence, every operation rounded on its own (built with -ffp-contract=off, no MulAdd).
//
// NaN: upstream does not say what the vector unit's min and max make of a NaN; like the forward
// HardSwish, these kernels give NaN for a NaN input (docs/numerics.md).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/activation_kernels.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "kernels/activation.h"
#include "kernels/scalar_ops.h"
#include "kernels/simd/dispatch.h"
#include "kernels/simd/elementwise-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host {
namespace kernels {
namespace HWY_NAMESPACE {

/// HardSigmoid: clamp(x * alpha + beta, 0, 1), the product and the sum each rounded to fp32. The
/// value is never -0 (x * alpha = -beta sums to +0, negatives clamp to +0); +-inf give 1 and 0.
/// kNarrowing: how the kernel writes fp16/bf16 (the clamp's order, min or max first, only matters
/// for NaN, which stays NaN here).
template <Rounding kNarrowing>
struct HardsigmoidOp {
  static constexpr Rounding kRounding = kNarrowing;
  static constexpr bool kInt32 = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> x) {
    auto y = Round<kFlush>(d, hn::Mul(x, hn::Set(d, kHardsigmoidAlpha)));
    y = Round<kFlush>(d, hn::Add(y, hn::Set(d, kHardsigmoidBeta)));
    const auto clamped = hn::Max(hn::Min(y, hn::Set(d, 1.0f)), hn::Zero(d));
    return hn::IfThenElse(hn::IsNaN(y), y, clamped);
  }
};

/// HardShrink: +0 where |x| <= lambda (NaN x fails the compare and passes through), else x. The
/// result is x or zero, so no narrowing rounds. kLambdaFp16: lambda as the TBE kernel holds it for
/// fp16 input.
template <bool kLambdaFp16>
struct HardshrinkOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x) {
    const auto lambda = hn::Set(d, s.values[kLambdaFp16 ? kLambdaAsFp16 : kLambda]);
    return hn::IfThenZeroElse(hn::Le(hn::Abs(x), lambda), x);
  }
};

/// SoftShrink as the 950 kernel selects: Sub and Add rounded in fp32, x > l picks x - l, x < -l
/// picks x + l, everything else (the dead zone, NaN x, any x when l is NaN) is +0.
struct SoftshrinkOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x) {
    const auto lambda = hn::Set(d, s.values[kLambda]);
    const auto below = Round<kFlush>(d, hn::Sub(x, lambda));
    const auto above = Round<kFlush>(d, hn::Add(x, lambda));
    const auto result = hn::IfThenElseZero(hn::Gt(x, lambda), below);
    return hn::IfThenElse(hn::Lt(x, hn::Neg(lambda)), above, result);
  }
};

/// SoftShrink as TBE's v200 chain computes it: NaN x scrubbed to 0, the dead zone |x| <= l zeroed,
/// then x - l where above l and x + l where below -l (each one rounding: for fp16 the fp32 sum of
/// two fp16 values narrowed once is the fp16 sum). A NaN lambda fails every compare: x passes.
template <bool kLambdaFp16>
struct SoftshrinkTbeOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x) {
    const auto lambda = hn::Set(d, s.values[kLambdaFp16 ? kLambdaAsFp16 : kLambda]);
    const auto scrubbed = hn::IfThenZeroElse(hn::IsNaN(x), x);
    const auto outside = hn::IfThenZeroElse(hn::Le(hn::Abs(scrubbed), lambda), scrubbed);
    const auto shifted = hn::IfThenElse(hn::Gt(outside, lambda), Round<kFlush>(d, hn::Sub(outside, lambda)), outside);
    return hn::IfThenElse(hn::Lt(shifted, hn::Neg(lambda)), Round<kFlush>(d, hn::Add(shifted, lambda)), shifted);
  }
};

/// Shrink as the 950 kernel computes it in the input's dtype T: Compares against (T)l and (T)(-l),
/// Adds (T)(-b) and (T)b (one rounding to T each: the fp32 sum of two fp16 values narrowed once is
/// the fp16 sum), Selects with +0. kFp16Scalars: the scalars as fp16 (T = fp16).
template <bool kFp16Scalars>
struct ShrinkOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x) {
    const auto lambda = hn::Set(d, s.values[kFp16Scalars ? kShrinkLambdaAsFp16 : kShrinkLambda]);
    const auto bias = hn::Set(d, s.values[kFp16Scalars ? kShrinkBiasAsFp16 : kShrinkBias]);
    const auto above = Round<kFlush>(d, hn::Add(x, hn::Neg(bias)));
    const auto result = hn::IfThenElseZero(hn::Gt(x, lambda), above);
    return hn::IfThenElse(hn::Lt(x, hn::Neg(lambda)), Round<kFlush>(d, hn::Add(x, bias)), result);
  }
};

/// Shrink as TBE's shrink_compute does it in fp32: a = |x|; r = a <= l ? 0 : a + (-b); times -1
/// for x <= 0, else 1 (an exact product: the dead zone at or below 0 gives -0).
struct ShrinkTbeOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x) {
    const auto lambda = hn::Set(d, s.values[kShrinkLambda]);
    const auto magnitude = hn::Abs(x);
    const auto shifted = Round<kFlush>(d, hn::Add(magnitude, hn::Neg(hn::Set(d, s.values[kShrinkBias]))));
    const auto r = hn::IfThenZeroElse(hn::Le(magnitude, lambda), shifted);
    return hn::IfThenElse(hn::Le(x, hn::Zero(d)), hn::Neg(r), r);
  }
};

ElementwiseKernels ShrinkTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  if (in == ACL_FLOAT16) return UnaryKernels<ShrinkOp<true>>(in, out, flush_subnormals);
  return UnaryKernels<ShrinkOp<false>>(in, out, flush_subnormals);
}

ElementwiseKernels ShrinkTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<ShrinkTbeOp>(in, out, flush_subnormals);
}

/// The value itself, stored straight in the output format: a Cast (a widening saturates, in the
/// saturation mode, to the output format's range, not the input's).
struct CastOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kIsCast = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D, const KernelScalars&, hn::Vec<D> x) {
    return x;
  }
};

ElementwiseKernels CastTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<CastOp>(in, out, flush_subnormals);
}

/// Threshold: value where x <= threshold, else x (NaN x fails the compare and stays). The result is
/// x or value, both held exactly, so no narrowing rounds. kInt32Path: TBE's INT32 kernel, which
/// runs this in fp32 (Int32UnaryKernel converts and truncates around it).
template <bool kInt32Path>
struct ThresholdOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  static constexpr bool kInt32 = kInt32Path;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x) {
    return hn::IfThenElse(hn::Le(x, hn::Set(d, s.values[kThreshold])), hn::Set(d, s.values[kThresholdValue]), x);
  }
};

ElementwiseKernels ThresholdTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<ThresholdOp<false>>(in, out, flush_subnormals);
}

ElementwiseKernels ThresholdTbeInt32Table(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<ThresholdOp<true>>(in, out, flush_subnormals);
}

/// LeakyRelu as 950's leaky_relu_dag selects: x where x > 0, else x * slope rounded to fp32 (so
/// -0 gives -0 * slope, -inf with slope 0 gives NaN, NaN stays NaN). kFp16Slope: the TBE kernel's
/// slope in an fp16 input's dtype (the product of two fp16 values is exact in fp32 and rounds once
/// when stored: the fp16 multiply).
template <bool kFp16Slope>
struct LeakyReluOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  static constexpr bool kHasScalars = true;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars& s, hn::Vec<D> x) {
    const auto slope = hn::Set(d, s.values[kFp16Slope ? kNegativeSlopeAsFp16 : kNegativeSlope]);
    return hn::IfThenElse(hn::Gt(x, hn::Zero(d)), x, Round<kFlush>(d, hn::Mul(x, slope)));
  }
};

ElementwiseKernels LeakyReluTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<LeakyReluOp<false>>(in, out, flush_subnormals);
}

ElementwiseKernels LeakyReluTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  if (in == ACL_FLOAT16) return UnaryKernels<LeakyReluOp<true>>(in, out, flush_subnormals);
  return UnaryKernels<LeakyReluOp<false>>(in, out, flush_subnormals);
}

/// Relu on fp32 vectors: x where x > 0 or x is NaN, else +0.
struct ReluOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> x) {
    return hn::IfThenElseZero(hn::Or(hn::Gt(x, hn::Zero(d)), hn::IsNaN(x)), x);
  }
};

ElementwiseKernels ReluTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<ReluOp>(in, out, flush_subnormals);
}

ElementwiseKernels HardshrinkTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<HardshrinkOp<false>>(in, out, flush_subnormals);
}

ElementwiseKernels HardshrinkTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  if (in == ACL_FLOAT16) return UnaryKernels<HardshrinkOp<true>>(in, out, flush_subnormals);
  return UnaryKernels<HardshrinkOp<false>>(in, out, flush_subnormals);
}

ElementwiseKernels SoftshrinkTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<SoftshrinkOp>(in, out, flush_subnormals);
}

ElementwiseKernels SoftshrinkTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  if (in == ACL_FLOAT16) return UnaryKernels<SoftshrinkTbeOp<true>>(in, out, flush_subnormals);
  return UnaryKernels<SoftshrinkTbeOp<false>>(in, out, flush_subnormals);
}

ElementwiseKernels HardsigmoidTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  // The AscendC kernel narrows fp16 with CAST_RINT and bf16 with CAST_ROUND.
  if (in == ACL_BF16) return UnaryKernels<HardsigmoidOp<Rounding::kHalfAway>>(in, out, flush_subnormals);
  return UnaryKernels<HardsigmoidOp<Rounding::kNearestEven>>(in, out, flush_subnormals);
}

ElementwiseKernels HardsigmoidTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<HardsigmoidOp<Rounding::kNearestEven>>(in, out, flush_subnormals);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclnn_host {
namespace kernels {
namespace {

// ---- integer kernels: exact, one element at a time (the compiler vectorises the loops) ----------

/// out[i] = Op::Apply(x[i]) for an integer type T.
template <class Op, typename T>
void IntegerUnaryKernel(int64_t n, const void* const* inputs, void* output) {
  const T* x = static_cast<const T*>(inputs[0]);
  T* out = static_cast<T*>(output);
  for (int64_t i = 0; i < n; ++i) out[i] = Op::Apply(x[i]);
}

template <class Op, typename T>
ElementwiseKernels IntegerUnaryKernelsOf() {
  return EveryVariant(IntegerUnaryKernel<Op, T>);
}

/// Op's kernels for an integer dtype (in == out), or none.
template <class Op>
ElementwiseKernels IntegerUnaryKernels(aclDataType in, aclDataType out) {
  if (in != out) return {};
  switch (in) {
    case ACL_INT8:
      return IntegerUnaryKernelsOf<Op, int8_t>();
    case ACL_UINT8:
      return IntegerUnaryKernelsOf<Op, uint8_t>();
    case ACL_INT16:
      return IntegerUnaryKernelsOf<Op, int16_t>();
    case ACL_INT32:
      return IntegerUnaryKernelsOf<Op, int32_t>();
    case ACL_INT64:
      return IntegerUnaryKernelsOf<Op, int64_t>();
    default:
      return {};
  }
}

struct IntegerRelu {
  template <typename T>
  static T Apply(T x) {
    return x > 0 ? x : T{0};
  }
};

/// Threshold on an integer dtype T, natively: scalars converted to T.
template <typename T>
void IntegerThresholdKernel(int64_t n, const void* const* inputs, void* output) {
  const T* x = static_cast<const T*>(inputs[0]);
  T* out = static_cast<T*>(output);
  const auto& scalars = *static_cast<const KernelScalars*>(inputs[1]);
  const T threshold = static_cast<T>(scalars.integers[kThreshold]);
  const T value = static_cast<T>(scalars.integers[kThresholdValue]);
  for (int64_t i = 0; i < n; ++i) out[i] = x[i] <= threshold ? value : x[i];
}

/// TBE's INT16 Threshold: upstream's plan Casts self to INT32, TBE's INT32 kernel compares and
/// selects in fp32 with the INT32 scalars, and the output Cast keeps the low 16 bits (our reading
/// of l0op::Cast INT32 -> INT16; only a value outside INT16's range reaches it).
void TbeInt16ThresholdKernel(int64_t n, const void* const* inputs, void* output) {
  const int16_t* x = static_cast<const int16_t*>(inputs[0]);
  int16_t* out = static_cast<int16_t*>(output);
  const auto& scalars = *static_cast<const KernelScalars*>(inputs[1]);
  const float threshold = static_cast<float>(static_cast<int32_t>(scalars.integers[kThresholdAsInt32]));
  const float value = static_cast<float>(static_cast<int32_t>(scalars.integers[kThresholdValueAsInt32]));
  for (int64_t i = 0; i < n; ++i) {
    const float xf = static_cast<float>(x[i]);
    const int32_t wide = TruncateToInt32(xf <= threshold ? value : xf);
    out[i] = static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint32_t>(wide)));
  }
}

/// 950's native Threshold kernel for an integer dtype (in == out: no host Cast between integers).
ElementwiseKernels IntegerThresholdKernels(aclDataType in, aclDataType out) {
  if (in != out) return {};
  switch (in) {
    case ACL_INT8:
      return EveryVariant(IntegerThresholdKernel<int8_t>);
    case ACL_UINT8:
      return EveryVariant(IntegerThresholdKernel<uint8_t>);
    case ACL_INT16:
      return EveryVariant(IntegerThresholdKernel<int16_t>);
    case ACL_INT32:
      return EveryVariant(IntegerThresholdKernel<int32_t>);
    case ACL_INT64:
      return EveryVariant(IntegerThresholdKernel<int64_t>);
    default:
      return {};
  }
}

/// LeakyRelu on DOUBLE (upstream runs the AI CPU kernel): x > 0 ? x : x * slope in double, the
/// slope being the fp32 attribute (our reading; the AI CPU kernel's source is not published).
void DoubleLeakyReluKernel(int64_t n, const void* const* inputs, void* output) {
  const double* x = static_cast<const double*>(inputs[0]);
  double* out = static_cast<double*>(output);
  const auto* scalars = static_cast<const KernelScalars*>(inputs[1]);
  const double slope = scalars != nullptr ? static_cast<double>(scalars->values[kNegativeSlope]) : 0.0;
  for (int64_t i = 0; i < n; ++i) out[i] = x[i] > 0.0 ? x[i] : x[i] * slope;
}

ElementwiseKernels DoubleLeakyReluKernels(aclDataType out) {
  if (out != ACL_DOUBLE) return {};  // no host Cast from DOUBLE
  return {DoubleLeakyReluKernel, DoubleLeakyReluKernel, DoubleLeakyReluKernel, DoubleLeakyReluKernel, DeviceKernel{}};
}

}  // namespace

ElementwiseKernels CastKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerCastKernels(in, out);
  if (in == ACL_DOUBLE || out == ACL_DOUBLE) return DoubleCastKernels(in, out, flush_subnormals);
  AH_SELECT_BY_ISA(isa, CastTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ThresholdKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerThresholdKernels(in, out);
  AH_SELECT_BY_ISA(isa, ThresholdTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ThresholdTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in == ACL_INT32) {
    AH_SELECT_BY_ISA(isa, ThresholdTbeInt32Table, in, out, flush_subnormals);
    return {};
  }
  if (in == ACL_INT16) return in == out ? EveryVariant(TbeInt16ThresholdKernel) : ElementwiseKernels{};
  return ThresholdKernels(isa, in, out, flush_subnormals);  // the same values in every other dtype
}

ElementwiseKernels LeakyReluKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in == ACL_DOUBLE) return DoubleLeakyReluKernels(out);
  AH_SELECT_BY_ISA(isa, LeakyReluTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels LeakyReluTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (in == ACL_DOUBLE) return DoubleLeakyReluKernels(out);
  AH_SELECT_BY_ISA(isa, LeakyReluTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ReluKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  if (IsIntegerDtype(in)) return IntegerUnaryKernels<IntegerRelu>(in, out);
  AH_SELECT_BY_ISA(isa, ReluTable, in, out, flush_subnormals);
  return {};
}

// No device kernel yet: a device backend reports ACLNN_ERR_INNER_FIND_KERNEL_ERROR for these ops.
ElementwiseKernels HardsigmoidKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardsigmoidTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardsigmoidTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardsigmoidTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardshrinkKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardshrinkTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HardshrinkTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardshrinkTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels SoftshrinkKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, SoftshrinkTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels SoftshrinkTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, SoftshrinkTbeTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ShrinkKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, ShrinkTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels ShrinkTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, ShrinkTbeTable, in, out, flush_subnormals);
  return {};
}

}  // namespace kernels
}  // namespace aclnn_host
#endif  // HWY_ONCE
