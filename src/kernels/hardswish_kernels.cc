// The per-element functions of the HardSwish family, compiled for every kernel variant
// (kernels/isa.h) by Highway's foreach_target. Each is the NPU kernel's fp32 sequence, every
// operation rounded on its own (built with -ffp-contract=off, no MulAdd):
// - backward (op-hardswish-backward.md §3): a multiply by 0.33333334f, an add of 0.5f, two
//   compares that are false for NaN (strict for V2, inclusive for V1), a real multiply by g;
// - forward (op-hardswish.md): x + 3, min 6, max 0, max(x, -3) times that, times 0.16666667f,
//   narrowed with round-half-away (CAST_ROUND);
// - the built-in TBE kernels that Ascend910, 910B and 910_93 run for the forward op and V1
//   (docs/numerics.md, per-SoC table).
// src/common/hardswish_sequences.h states each sequence as plain scalar C++.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/hardswish_kernels.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "kernels/hardswish.h"
#include "kernels/hardswish_grad.h"
#include "kernels/scalar_ops.h"
#include "kernels/simd/dispatch.h"
#include "kernels/simd/elementwise-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host {
namespace kernels {
namespace HWY_NAMESPACE {

/// V2: g * d(x), d(x) = 0 for x <= -3, x/3 + 1/2 inside, 1 for x >= 3 (strict compares).
/// Where the upper compare fails (x >= 3, or NaN) the NPU multiplies g by 1.0f, which is g
/// itself (exact, and g is already flushed when subnormals flush): selecting g there saves an
/// instruction (AVX-512 folds the select into a merge-masked multiply). NaN results stay NaN.
struct HardswishGradV2Op {
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> grad, hn::Vec<D> x) {
    auto t = Round<kFlush>(d, hn::Mul(x, hn::Set(d, kOneThird)));
    t = Round<kFlush>(d, hn::Add(t, hn::Set(d, 0.5f)));
    t = hn::IfThenElseZero(hn::Gt(x, hn::Set(d, -3.0f)), t);
    // inf * 0 gives NaN, as on the NPU
    return hn::IfThenElse(hn::Lt(x, hn::Set(d, 3.0f)), Round<kFlush>(d, hn::Mul(grad, t)), grad);
  }
};

/// V1: the same with inclusive boundaries, so x = -3 gives -0.5 and x = 3 gives 1.5 (times g).
struct HardswishGradV1Op {
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> grad, hn::Vec<D> x) {
    auto t = Round<kFlush>(d, hn::Mul(x, hn::Set(d, kOneThird)));
    t = Round<kFlush>(d, hn::Add(t, hn::Set(d, 0.5f)));
    t = hn::IfThenElseZero(hn::Ge(x, hn::Set(d, -3.0f)), t);
    return hn::IfThenElse(hn::Le(x, hn::Set(d, 3.0f)), Round<kFlush>(d, hn::Mul(grad, t)), grad);
  }
};

/// Forward: x for x >= 3, 0 for x <= -3, x (x + 3) / 6 between. NaN in gives NaN out (upstream
/// leaves it undefined; min/max would otherwise turn it into a number). max(x, -3) keeps
/// -inf * 0 from making a NaN: -inf gives -0.
struct HardswishOp {
  static constexpr Rounding kRounding = Rounding::kHalfAway;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> x) {
    auto t = Round<kFlush>(d, hn::Add(x, hn::Set(d, 3.0f)));
    t = hn::Min(t, hn::Set(d, 6.0f));
    t = hn::Max(t, hn::Zero(d));
    const auto u = hn::Max(x, hn::Set(d, -3.0f));
    auto y = Round<kFlush>(d, hn::Mul(u, t));
    y = Round<kFlush>(d, hn::Mul(y, hn::Set(d, kOneSixth)));
    return hn::IfThenElse(hn::IsNaN(x), x, y);
  }
};

/// TBE V1 (hard_swish_grad_compute): x/3 + 1/2, then vcmpsel(x < -3 -> 0), vcmpsel(x > 3 -> 1),
/// times g. A NaN self keeps t = NaN. kNanToOne: the fp32 path's vsel(x == x, r, 1.0) fix-up (the
/// fp16 path returns before it).
template <bool kNanToOne>
struct HardswishGradV1TbeOp {
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> grad, hn::Vec<D> x) {
    auto t = Round<kFlush>(d, hn::Mul(x, hn::Set(d, kOneThird)));
    t = Round<kFlush>(d, hn::Add(t, hn::Set(d, 0.5f)));
    t = hn::IfThenZeroElse(hn::Lt(x, hn::Set(d, -3.0f)), t);
    t = hn::IfThenElse(hn::Gt(x, hn::Set(d, 3.0f)), hn::Set(d, 1.0f), t);
    const auto r = Round<kFlush>(d, hn::Mul(grad, t));
    if (!kNanToOne) return r;
    return hn::IfThenElse(hn::IsNaN(x), hn::Set(d, 1.0f), r);
  }
};

/// TBE forward (hard_swish_compute): x * (min(max(x + 3, 0), 6) * (1/6)), narrowed to nearest-even
/// (TBE's cast_to). x = -inf gives -inf * 0 = NaN; a NaN x is a factor of the last product.
struct HardswishTbeOp {
  static constexpr Rounding kRounding = Rounding::kNearestEven;
  template <bool kFlush, class D>
  static HWY_INLINE hn::Vec<D> Apply(D d, const KernelScalars&, hn::Vec<D> x) {
    auto t = Round<kFlush>(d, hn::Add(x, hn::Set(d, 3.0f)));
    t = hn::Max(t, hn::Zero(d));
    t = hn::Min(t, hn::Set(d, 6.0f));
    t = Round<kFlush>(d, hn::Mul(t, hn::Set(d, kOneSixth)));
    return Round<kFlush>(d, hn::Mul(x, t));
  }
};

ElementwiseKernels HardswishGradV2Table(Isa isa, aclDataType dtype, bool flush_subnormals) {
  return BinaryKernels<HardswishGradV2Op>(isa, dtype, flush_subnormals);
}

ElementwiseKernels HardswishGradV1Table(Isa isa, aclDataType dtype, bool flush_subnormals) {
  return BinaryKernels<HardswishGradV1Op>(isa, dtype, flush_subnormals);
}

ElementwiseKernels HardswishTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<HardswishOp>(in, out, flush_subnormals);
}

ElementwiseKernels HardswishGradV1TbeTable(Isa isa, aclDataType dtype, bool flush_subnormals) {
  // bf16 is computed as fp32 (register_operator_compute's support_bfp16), so it has the fix-up.
  if (dtype == ACL_FLOAT16) return BinaryKernels<HardswishGradV1TbeOp<false>>(isa, dtype, flush_subnormals);
  return BinaryKernels<HardswishGradV1TbeOp<true>>(isa, dtype, flush_subnormals);
}

ElementwiseKernels HardswishTbeTable(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  (void)isa;
  return UnaryKernels<HardswishTbeOp>(in, out, flush_subnormals);
}

}  // namespace HWY_NAMESPACE
}  // namespace kernels
}  // namespace aclnn_host
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclnn_host {
namespace kernels {
namespace {

// The device backend's format code of a float dtype (scalar::Format).
int32_t DeviceFormat(aclDataType dtype) {
  return static_cast<int32_t>(dtype == ACL_FLOAT16 ? scalar::Format::kFp16
                              : dtype == ACL_BF16  ? scalar::Format::kBf16
                                                   : scalar::Format::kFp32);
}

ElementwiseKernels WithDeviceKernel(ElementwiseKernels kernels, AhDeviceOp op, aclDataType in, aclDataType out,
                                    bool flush_subnormals) {
  kernels.device = DeviceKernel{op, DeviceFormat(in), DeviceFormat(out), flush_subnormals};
  return kernels;
}

ElementwiseKernels HostHardswishGradV2Kernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardswishGradV2Table, dtype, flush_subnormals);
  return {};
}

ElementwiseKernels HostHardswishGradV1Kernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardswishGradV1Table, dtype, flush_subnormals);
  return {};
}

ElementwiseKernels HostHardswishKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardswishTable, in, out, flush_subnormals);
  return {};
}

ElementwiseKernels HostHardswishGradV1TbeKernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardswishGradV1TbeTable, dtype, flush_subnormals);
  return {};
}

ElementwiseKernels HostHardswishTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  AH_SELECT_BY_ISA(isa, HardswishTbeTable, in, out, flush_subnormals);
  return {};
}

}  // namespace

ElementwiseKernels HardswishGradV2Kernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  return WithDeviceKernel(HostHardswishGradV2Kernels(isa, dtype, flush_subnormals), AH_DEVICE_OP_HARDSWISH_GRAD_V2,
                          dtype, dtype, flush_subnormals);
}

ElementwiseKernels HardswishGradV1Kernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  return WithDeviceKernel(HostHardswishGradV1Kernels(isa, dtype, flush_subnormals), AH_DEVICE_OP_HARDSWISH_GRAD_V1,
                          dtype, dtype, flush_subnormals);
}

ElementwiseKernels HardswishKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  return WithDeviceKernel(HostHardswishKernels(isa, in, out, flush_subnormals), AH_DEVICE_OP_HARDSWISH, in, out,
                          flush_subnormals);
}

ElementwiseKernels HardswishGradV1TbeKernels(Isa isa, aclDataType dtype, bool flush_subnormals) {
  return WithDeviceKernel(HostHardswishGradV1TbeKernels(isa, dtype, flush_subnormals),
                          AH_DEVICE_OP_HARDSWISH_GRAD_V1_TBE, dtype, dtype, flush_subnormals);
}

ElementwiseKernels HardswishTbeKernels(Isa isa, aclDataType in, aclDataType out, bool flush_subnormals) {
  return WithDeviceKernel(HostHardswishTbeKernels(isa, in, out, flush_subnormals), AH_DEVICE_OP_HARDSWISH_TBE, in, out,
                          flush_subnormals);
}

}  // namespace kernels
}  // namespace aclnn_host
#endif  // HWY_ONCE
