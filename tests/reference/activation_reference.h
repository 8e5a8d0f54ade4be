// Independent scalar references for the activation family, stated from upstream's published
// kernel sequences (docs/upstream/) with the widening/narrowing of hardswish_reference.h (ldexp,
// nearbyint / round in double), not with the library's numerics.
#ifndef ACLNN_HOST_TESTS_REFERENCE_ACTIVATION_REFERENCE_H_
#define ACLNN_HOST_TESTS_REFERENCE_ACTIVATION_REFERENCE_H_

#include <cmath>
#include <cstdint>

#include "reference/hardswish_reference.h"

namespace reference {

/// HardSigmoid's fp32 sequence (hard_sigmoid.cpp on 950: Muls alpha, Adds beta, Mins 1, Maxs 0;
/// TBE: vmuls, vadds, vmaxs 0, vmins 1). alpha = 1.0f / 6 (0x3E2AAAAB). NaN stays NaN
/// (aclnn-host's choice; upstream does not define it).
inline float Hardsigmoid(float x, const Numerics& n) {
  const float alpha = FromBits(0x3E2AAAABu);
  const float y = Add(Mul(x, alpha, n), 0.5f, n);
  if (std::isnan(y)) return y;
  return y > 1.0f ? 1.0f : (y < 0.0f ? 0.0f : y);
}

/// One element of aclnnHardsigmoid: widen, compute, narrow to the same format — half away for bf16
/// on Ascend 950 (CAST_ROUND), nearest-even otherwise (CAST_RINT, TBE's cast_to and round).
inline uint32_t HardsigmoidElement(uint32_t x, Format format, bool ascend950, const Numerics& n) {
  const float y = Hardsigmoid(Widen(x, format, n), n);
  return NarrowWith(y, format, /*half_away=*/ascend950 && format == Format::kBf16, n);
}

/// INT32: converted to fp32 (nearest-even), the same sequence, truncated: 1 for x >= 3, else 0.
inline int32_t HardsigmoidInt32(int32_t x) {
  const float y = Hardsigmoid(static_cast<float>(x), Numerics());
  return static_cast<int32_t>(std::trunc(y));
}

}  // namespace reference

#endif  // ACLNN_HOST_TESTS_REFERENCE_ACTIVATION_REFERENCE_H_
