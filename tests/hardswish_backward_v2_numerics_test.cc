// Bit-exactness of aclnnHardswishBackwardV2 against the independent reference
// (tests/reference/hardswish_reference.h): every fp16 and bf16 value of self against a spread of
// gradients, millions of fp32 pairs, the rows of op-hardswish-backward.md §3, the saturation mode
// and the Ascend 950 subnormal flush. All runs go through the public two-phase API.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"

namespace {

using reference::Format;

template <typename Raw>
aclDataType DtypeOf(Format format) {
  return format == Format::kFp32 ? ACL_FLOAT : format == Format::kFp16 ? ACL_FLOAT16 : ACL_BF16;
}

/// Runs the op on 1-D tensors of raw elements; returns the raw output.
template <typename Raw>
std::vector<Raw> RunRaw(Format format, const std::vector<Raw>& grads, const std::vector<Raw>& selfs,
                        aclrtStream stream) {
  const size_t n = selfs.size();
  test::DeviceBuffer grad_buffer(n * sizeof(Raw)), self_buffer(n * sizeof(Raw)), out_buffer(n * sizeof(Raw));
  grad_buffer.Upload(grads);
  self_buffer.Upload(selfs);
  test::Layout layout;
  layout.view = {static_cast<int64_t>(n)};
  layout.dtype = DtypeOf<Raw>(format);
  test::Tensor grad(layout, grad_buffer.get()), self(layout, self_buffer.get()), out(layout, out_buffer.get());
  EXPECT_EQ(test::RunHardswishBackwardV2(grad.get(), self.get(), out.get(), stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  return out_buffer.Download<Raw>(n);
}

template <typename Raw>
void ExpectMatchesReference(Format format, const std::vector<Raw>& grads, const std::vector<Raw>& selfs,
                            const std::vector<Raw>& outs, const reference::Numerics& numerics) {
  size_t mismatches = 0;
  for (size_t i = 0; i < selfs.size(); ++i) {
    const uint32_t expected = reference::HardswishGradElement(grads[i], selfs[i], format, /*v1=*/false, numerics);
    if (!reference::SameResult(outs[i], expected, format)) {
      if (++mismatches <= 10) {
        ADD_FAILURE() << std::hex << "g=0x" << static_cast<uint32_t>(grads[i]) << " x=0x"
                      << static_cast<uint32_t>(selfs[i]) << ": got 0x" << static_cast<uint32_t>(outs[i])
                      << ", expected 0x" << expected;
      }
    }
  }
  EXPECT_EQ(mismatches, 0u) << "of " << selfs.size() << " elements";
}

// Gradients that exercise every branch: signed zeros, ones, the largest finite values, values that
// overflow fp16 once multiplied by up to 1.5, infinities, NaN, subnormals and the smallest normal.
std::vector<uint16_t> HalfGradSpread() {
  return {0x0000, 0x8000,           0x3C00,       0xBC00,          0x3800, 0x7BFF, 0xFBFF, 0x7A1A /*50000*/,
          0xFA1A, 0x7800 /*32768*/, 0x7C00,       0xFC00,          0x7E00, 0xFE00, 0x0001, 0x8001,
          0x03FF, 0x0400,           0x4200 /*3*/, 0x3555 /*~1/3*/, 0x1400, 0x5640 /*100*/};
}

std::vector<uint16_t> Bf16GradSpread() {
  return {0x0000, 0x8000, 0x3F80, 0xBF80, 0x3F00, 0x7F7F, 0xFF7F,       0x7F00, 0x7F80,         0xFF80,
          0x7FC0, 0xFFC0, 0x0001, 0x8001, 0x007F, 0x0080, 0x4040 /*3*/, 0x3EAB, 0x42C8 /*100*/, 0x3400};
}

// Every 16-bit pattern of self against every gradient of the spread.
void ExhaustiveSixteenBit(Format format, const std::vector<uint16_t>& grad_spread, aclrtStream stream,
                          const reference::Numerics& numerics) {
  std::vector<uint16_t> grads, selfs;
  for (uint16_t g : grad_spread) {
    for (uint32_t x = 0; x <= 0xFFFF; ++x) {
      grads.push_back(g);
      selfs.push_back(static_cast<uint16_t>(x));
    }
  }
  const std::vector<uint16_t> outs = RunRaw(format, grads, selfs, stream);
  ExpectMatchesReference(format, grads, selfs, outs, numerics);
}

// Random fp32 pairs: half uniformly random bit patterns (NaNs, infinities, subnormals, huge and
// tiny values), half values in [-6, 6] x [-100, 100], where the linear branch and both boundaries live.
void RandomFp32(size_t count, uint32_t seed, aclrtStream stream, const reference::Numerics& numerics) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> x_dist(-6.0f, 6.0f), g_dist(-100.0f, 100.0f);
  std::vector<uint32_t> grads(count), selfs(count);
  for (size_t i = 0; i < count; ++i) {
    if (i % 2 == 0) {
      grads[i] = rng();
      selfs[i] = rng();
    } else {
      grads[i] = reference::Bits(g_dist(rng));
      selfs[i] = reference::Bits(x_dist(rng));
    }
  }
  const std::vector<uint32_t> outs = RunRaw(Format::kFp32, grads, selfs, stream);
  ExpectMatchesReference(Format::kFp32, grads, selfs, outs, numerics);
}

float RunOne(float g, float x, aclrtStream stream) {
  const std::vector<uint32_t> out = RunRaw(Format::kFp32, std::vector<uint32_t>{reference::Bits(g)},
                                           std::vector<uint32_t>{reference::Bits(x)}, stream);
  return reference::FromBits(out[0]);
}

uint32_t BitsOf(float f) { return reference::Bits(f); }

}  // namespace

// ---- the rows of op-hardswish-backward.md §3 (V2, fp32) ------------------------------------------

TEST(HardswishBackwardV2Numerics, SpecTableRows) {
  test::RuntimeSession session;
  const aclrtStream s = session.stream();
  const float inf = INFINITY;
  const float nan = NAN;
  // x = NaN: both compares false -> t = 0 then 1 -> r = g.
  EXPECT_EQ(BitsOf(RunOne(2.5f, nan, s)), BitsOf(2.5f));
  // x = +inf: r = g.
  EXPECT_EQ(BitsOf(RunOne(-7.0f, inf, s)), BitsOf(-7.0f));
  // x = -inf (and any x <= -3): r = g * 0, a zero with g's sign; NaN when g is inf or NaN.
  EXPECT_EQ(BitsOf(RunOne(5.0f, -inf, s)), BitsOf(0.0f));
  EXPECT_EQ(BitsOf(RunOne(-5.0f, -inf, s)), BitsOf(-0.0f));
  EXPECT_EQ(BitsOf(RunOne(-5.0f, -3.0f, s)), BitsOf(-0.0f));
  EXPECT_TRUE(std::isnan(RunOne(inf, -inf, s)));
  EXPECT_TRUE(std::isnan(RunOne(nan, -4.0f, s)));
  // x = -1.5: t is exactly 0 -> r = +-0; g = inf gives NaN.
  EXPECT_EQ(BitsOf(RunOne(3.0f, -1.5f, s)), BitsOf(0.0f));
  EXPECT_EQ(BitsOf(RunOne(-3.0f, -1.5f, s)), BitsOf(-0.0f));
  EXPECT_TRUE(std::isnan(RunOne(inf, -1.5f, s)));
  // x = -0.0: t = 0.5.
  EXPECT_EQ(BitsOf(RunOne(1.0f, -0.0f, s)), BitsOf(0.5f));
  // x = 1: t = 0.833333373 (fp32), not the correctly rounded 5/6.
  EXPECT_EQ(BitsOf(RunOne(1.0f, 1.0f, s)), 0x3F555556u);
  // x = 3 - 1 ulp: t = 1.5.
  EXPECT_EQ(BitsOf(RunOne(1.0f, std::nextafter(3.0f, 0.0f), s)), BitsOf(1.5f));
  // The boundaries themselves: V2 gives 0 at -3 and 1 at 3.
  EXPECT_EQ(BitsOf(RunOne(4.0f, 3.0f, s)), BitsOf(4.0f));
  EXPECT_EQ(BitsOf(RunOne(4.0f, -3.0f, s)), BitsOf(0.0f));
  EXPECT_EQ(BitsOf(RunOne(4.0f, std::nextafter(-3.0f, 0.0f), s)),
            BitsOf(4.0f * (std::nextafter(-3.0f, 0.0f) * 0.33333334f + 0.5f)));
  // g = NaN: r = NaN.
  EXPECT_TRUE(std::isnan(RunOne(nan, 1.0f, s)));
}

TEST(HardswishBackwardV2Numerics, MultiplyByOneThirdNotDivide) {
  // Pins the arithmetic: the result is x * 0.33333334f + 0.5f with two roundings, which differs
  // from x / 3 + 0.5 for some inputs; find such inputs and check the op follows the multiply.
  test::RuntimeSession session;
  std::vector<uint32_t> grads, selfs;
  for (float x = 0.0f; x < 3.0f && selfs.size() < 20000; x = std::nextafter(x, 3.0f) + 1e-4f) {
    const float by_multiply = (x * 0.33333334f) + 0.5f;
    volatile float third = x / 3.0f;  // volatile: keep the division a division
    const float by_division = third + 0.5f;
    if (by_multiply != by_division) {
      grads.push_back(BitsOf(1.0f));
      selfs.push_back(BitsOf(x));
    }
  }
  ASSERT_GT(selfs.size(), 10u) << "expected some inputs where the two formulas differ";
  const std::vector<uint32_t> outs = RunRaw(Format::kFp32, grads, selfs, session.stream());
  for (size_t i = 0; i < selfs.size(); ++i) {
    const float x = reference::FromBits(selfs[i]);
    const float expected = (x * 0.33333334f) + 0.5f;
    ASSERT_EQ(outs[i], BitsOf(expected)) << "x = " << x;
  }
}

// ---- exhaustive 16-bit and random fp32, INF_NAN mode (the A2 default) -------------------------

TEST(HardswishBackwardV2Numerics, EveryFp16Value) {
  test::RuntimeSession session;
  ExhaustiveSixteenBit(Format::kFp16, HalfGradSpread(), session.stream(), reference::Numerics());
}

TEST(HardswishBackwardV2Numerics, EveryBf16Value) {
  test::RuntimeSession session;
  ExhaustiveSixteenBit(Format::kBf16, Bf16GradSpread(), session.stream(), reference::Numerics());
}

TEST(HardswishBackwardV2Numerics, FourMillionRandomFp32Pairs) {
  test::RuntimeSession session;
  RandomFp32(size_t{4} << 20, 12345, session.stream(), reference::Numerics());
}

TEST(HardswishBackwardV2Numerics, Fp16OverflowAfterOnePointFive) {
  // 65504 * 1.5 = 98256 does not fit fp16: INF_NAN mode gives +inf, saturation mode gives 65504.
  test::RuntimeSession session;
  const uint16_t x = 0x41FF;  // 2.998046875, just below 3: t is about 1.4993
  const std::vector<uint16_t> outs =
      RunRaw(Format::kFp16, std::vector<uint16_t>{0x7BFF, 0xFBFF}, std::vector<uint16_t>{x, x}, session.stream());
  EXPECT_EQ(outs[0], 0x7C00);
  EXPECT_EQ(outs[1], 0xFC00);
}

// ---- saturation mode --------------------------------------------------------------------------

TEST(HardswishBackwardV2Numerics, SaturationModeEveryFp16Value) {
  test::RuntimeSession session;
  ASSERT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION), ACL_SUCCESS);
  reference::Numerics numerics;
  numerics.saturate = true;
  ExhaustiveSixteenBit(Format::kFp16, HalfGradSpread(), session.stream(), numerics);
}

TEST(HardswishBackwardV2Numerics, SaturationModeEveryBf16Value) {
  test::RuntimeSession session;
  ASSERT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION), ACL_SUCCESS);
  reference::Numerics numerics;
  numerics.saturate = true;
  ExhaustiveSixteenBit(Format::kBf16, Bf16GradSpread(), session.stream(), numerics);
}

TEST(HardswishBackwardV2Numerics, SaturationModeRandomFp32) {
  test::RuntimeSession session;
  ASSERT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION), ACL_SUCCESS);
  reference::Numerics numerics;
  numerics.saturate = true;
  RandomFp32(size_t{1} << 20, 777, session.stream(), numerics);
}

TEST(HardswishBackwardV2Numerics, SaturationModeEndpoints) {
  test::RuntimeSession session;
  ASSERT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION), ACL_SUCCESS);
  // fp16: an overflowing result becomes +-65504, a NaN result becomes 0.
  const uint16_t x = 0x41FF;
  const std::vector<uint16_t> half = RunRaw(Format::kFp16, std::vector<uint16_t>{0x7BFF, 0xFBFF, 0x7C00, 0x7E00},
                                            std::vector<uint16_t>{x, x, 0xC400 /*-4*/, 0x3C00}, session.stream());
  EXPECT_EQ(half[0], 0x7BFF);
  EXPECT_EQ(half[1], 0xFBFF);
  EXPECT_EQ(half[2], 0x0000);  // inf * 0 = NaN -> 0
  EXPECT_EQ(half[3], 0x0000);  // NaN gradient -> 0
  // fp32: inf -> FLT_MAX, NaN -> 0.
  EXPECT_EQ(BitsOf(RunOne(INFINITY, 5.0f, session.stream())), BitsOf(FLT_MAX));
  EXPECT_EQ(BitsOf(RunOne(-INFINITY, 5.0f, session.stream())), BitsOf(-FLT_MAX));
  EXPECT_EQ(BitsOf(RunOne(NAN, 5.0f, session.stream())), 0u);
  // Switching back restores IEEE behaviour for later launches.
  ASSERT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN), ACL_SUCCESS);
  EXPECT_TRUE(std::isinf(RunOne(INFINITY, 5.0f, session.stream())));
}

TEST(HardswishBackwardV2Numerics, Ascend910ProfileSaturatesByDefault) {
  // A1 parts support only saturation; fp32 and fp16 only.
  test::RuntimeSession session("Ascend910A");
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_INFNAN;
  ASSERT_EQ(aclrtGetDeviceSatMode(&mode), ACL_SUCCESS);
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_SATURATION);
  reference::Numerics numerics;
  numerics.saturate = true;
  ExhaustiveSixteenBit(Format::kFp16, HalfGradSpread(), session.stream(), numerics);
}

// ---- Ascend 950: subnormals flushed -----------------------------------------------------------

TEST(HardswishBackwardV2Numerics, Ascend950FlushesSubnormalsFp16) {
  test::RuntimeSession session("Ascend950PR");
  reference::Numerics numerics;
  numerics.flush_subnormals = true;
  ExhaustiveSixteenBit(Format::kFp16, HalfGradSpread(), session.stream(), numerics);
  // A subnormal result is visible: g = 2^-14 (smallest normal), x = 0 -> 2^-15, flushed to +0.
  const std::vector<uint16_t> outs = RunRaw(Format::kFp16, std::vector<uint16_t>{0x0400, 0x0001},
                                            std::vector<uint16_t>{0x0000, 0x4400 /*4*/}, session.stream());
  EXPECT_EQ(outs[0], 0x0000);
  EXPECT_EQ(outs[1], 0x0000);  // subnormal gradient read as zero
}

TEST(HardswishBackwardV2Numerics, Ascend950FlushesSubnormalsBf16AndFp32) {
  test::RuntimeSession session("Ascend950PR");
  reference::Numerics numerics;
  numerics.flush_subnormals = true;
  ExhaustiveSixteenBit(Format::kBf16, Bf16GradSpread(), session.stream(), numerics);
  RandomFp32(size_t{1} << 20, 99, session.stream(), numerics);
}

TEST(HardswishBackwardV2Numerics, Ascend910B3KeepsSubnormals) {
  test::RuntimeSession session;
  const std::vector<uint16_t> outs = RunRaw(Format::kFp16, std::vector<uint16_t>{0x0400, 0x0001},
                                            std::vector<uint16_t>{0x0000, 0x4400}, session.stream());
  EXPECT_EQ(outs[0], 0x0200);  // 2^-15, a subnormal
  EXPECT_EQ(outs[1], 0x0001);
}

// ---- the reference itself, against facts that do not depend on it ---------------------------

TEST(HardswishReference, NarrowingKnownValues) {
  EXPECT_EQ(reference::FloatToHalf(1.0f), 0x3C00);
  EXPECT_EQ(reference::FloatToHalf(65504.0f), 0x7BFF);
  EXPECT_EQ(reference::FloatToHalf(65519.996f), 0x7BFF);
  EXPECT_EQ(reference::FloatToHalf(65520.0f), 0x7C00);  // the tie rounds to even: infinity
  EXPECT_EQ(reference::FloatToHalf(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(reference::FloatToHalf(std::ldexp(1.0f, -25)), 0x0000);         // tie to even: 0
  EXPECT_EQ(reference::FloatToHalf(std::ldexp(3.0f, -25)), 0x0002);         // tie to even: 2
  EXPECT_EQ(reference::FloatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3C00);  // tie to even
  EXPECT_EQ(reference::FloatToHalf(1.0f + std::ldexp(3.0f, -11)), 0x3C02);  // tie to even
  EXPECT_EQ(reference::FloatToBf16(1.0f + std::ldexp(1.0f, -8)), 0x3F80);   // tie to even
  EXPECT_EQ(reference::FloatToBf16(1.0f + std::ldexp(3.0f, -8)), 0x3F82);
  EXPECT_EQ(reference::FloatToBf16(FLT_MAX), 0x7F80);                           // rounds up to inf
  EXPECT_EQ(reference::FloatToBf16(reference::FromBits(0x00000001u)), 0x0000);  // tiny subnormal
  EXPECT_EQ(reference::FloatToBf16(reference::FromBits(0x00008000u)), 0x0000);  // tie to even
  EXPECT_EQ(reference::FloatToBf16(reference::FromBits(0x00018000u)), 0x0002);
  EXPECT_EQ(reference::HalfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(reference::Bf16ToFloat(0x3F80), 1.0f);
}

#if defined(__x86_64__)
#include <xmmintrin.h>

TEST(HardswishBackwardV2Numerics, CallerFlushToZeroDoesNotLeakIntoKernels) {
  // A program built with -ffast-math runs with FTZ/DAZ set, and threads inherit it. The stream
  // and pool threads the runtime creates must still compute with IEEE subnormals. The op runs
  // (creating those threads) under FTZ/DAZ; the reference is computed after restoring the MXCSR.
  const unsigned int saved = _mm_getcsr();
  std::mt19937 rng(4242);
  std::vector<uint32_t> grads(size_t{1} << 18), selfs(grads.size());
  for (size_t i = 0; i < grads.size(); ++i) {
    grads[i] = rng() & 0x80FFFFFFu;  // small exponents: many subnormal inputs and results
    selfs[i] = rng();
  }
  std::vector<uint32_t> outs;
  {
    _mm_setcsr(saved | 0x8040);  // FTZ | DAZ
    test::RuntimeSession session;
    outs = RunRaw(Format::kFp32, grads, selfs, session.stream());
    _mm_setcsr(saved);
  }
  ExpectMatchesReference(Format::kFp32, grads, selfs, outs, reference::Numerics());
}
#endif
