// The per-element sequences of the HardSwish family's NPU kernels as plain scalar C++, one function
// per distinct sequence of docs/numerics.md's per-SoC table. The Highway functors of
// src/kernels/hardswish_kernels.cc compute the same operations in the same order; these are the
// readable statement of them, for backends that run one element per thread: the CUDA backend's
// kernels run them (kernels/scalar_ops.h), so they are host/device functions.
//
// Every operation is one fp32 operation rounded on its own: compile with -ffp-contract=off (an FMA
// would change results) and without fast-math. kFlush: the Ascend 950 vector unit's flush of
// subnormal operands and results (inputs are flushed by the caller's widening).
#ifndef ACLNN_HOST_COMMON_HARDSWISH_SEQUENCES_H_
#define ACLNN_HOST_COMMON_HARDSWISH_SEQUENCES_H_

#include "common/numerics.h"

namespace aclnn_host {
namespace scalar {

/// fp32 constants as the kernels hold them: products, never divisions.
constexpr float kOneThirdF = 0.33333334f;  // 1/3 rounded to fp32
constexpr float kOneSixthF = 0.16666667f;  // 1/6 rounded to fp32

template <bool kFlush>
AH_HOST_DEVICE inline float Rounded(float v) {
  return kFlush ? FlushSubnormalFloat(v) : v;
}

/// AscendC HardSwishGradV2 (arch22 and arch35): strict compares, which are false for NaN, so a
/// NaN self gives g * 1 = g.
template <bool kFlush = false>
AH_HOST_DEVICE inline float HardswishGradV2(float g, float x) {
  float t = Rounded<kFlush>(x * kOneThirdF);
  t = Rounded<kFlush>(t + 0.5f);
  t = (x > -3.0f) ? t : 0.0f;
  t = (x < 3.0f) ? t : 1.0f;
  return Rounded<kFlush>(g * t);
}

/// AscendC HardSwishGrad (V1, arch35, Ascend 950): inclusive compares (GE -3, LE 3); NaN self
/// gives g.
template <bool kFlush = false>
AH_HOST_DEVICE inline float HardswishGradV1Arch35(float g, float x) {
  float t = Rounded<kFlush>(x * kOneThirdF);
  t = Rounded<kFlush>(t + 0.5f);
  t = (x >= -3.0f) ? t : 0.0f;
  t = (x <= 3.0f) ? t : 1.0f;
  return Rounded<kFlush>(g * t);
}

/// Built-in TBE HardSwishGrad (V1 on Ascend910, 910B, 910_93): vcmpsel lt -3 -> 0, then gt 3 -> 1,
/// so a NaN self keeps x/3 + 1/2 = NaN and gives NaN. `nan_to_one`: the fp32 (and bf16, computed
/// as fp32) path's fix-up, vsel(x == x, r, 1), which makes a NaN self give 1.0 whatever g is.
AH_HOST_DEVICE inline float HardswishGradV1Tbe(float g, float x, bool nan_to_one) {
  float t = x * kOneThirdF;
  t = t + 0.5f;
  t = (x < -3.0f) ? 0.0f : t;
  t = (x > 3.0f) ? 1.0f : t;
  const float r = g * t;
  return (nan_to_one && x != x) ? 1.0f : r;
}

/// AscendC HardSwish (forward, arch35, Ascend 950): the six steps; max(x, -3) keeps -inf * 0 from
/// giving NaN (-inf gives -0). NaN in gives NaN out (the kernel's Mins/Maxs with NaN are not
/// published; aclnn-host's decision).
template <bool kFlush = false>
AH_HOST_DEVICE inline float HardswishArch35(float x) {
  if (x != x) return x;
  float t = Rounded<kFlush>(x + 3.0f);
  t = t < 6.0f ? t : 6.0f;
  t = t > 0.0f ? t : 0.0f;
  const float u = x > -3.0f ? x : -3.0f;
  const float y = Rounded<kFlush>(u * t);
  return Rounded<kFlush>(y * kOneSixthF);
}

/// Built-in TBE HardSwish (forward on Ascend910, 910B, 910_93): x * (min(max(x + 3, 0), 6) * 1/6).
/// x = -inf gives -inf * 0 = NaN; NaN gives NaN (x is a factor of the last product).
AH_HOST_DEVICE inline float HardswishTbe(float x) {
  float t = x + 3.0f;
  t = t > 0.0f ? t : 0.0f;
  t = t < 6.0f ? t : 6.0f;
  t = t * kOneSixthF;
  return x * t;
}

}  // namespace scalar
}  // namespace aclnn_host

#endif  // ACLNN_HOST_COMMON_HARDSWISH_SEQUENCES_H_
