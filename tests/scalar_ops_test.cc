// The scalar statement of each sequence (kernels/scalar_ops.h, what the CUDA kernels run) against
// the independent reference: every fp16 and bf16 value of self against a spread of gradients,
// 1M random fp32 pairs with specials, every forward format pair, in INF_NAN and saturation modes,
// with and without the 950's subnormal flush. Runs on every machine, GPU or not, so the GPU's
// arithmetic is pinned to the host's before any GPU test runs.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/scalar_ops.h"
#include "reference/hardswish_reference.h"

namespace {

namespace scalar = aclnn_host::scalar;

constexpr reference::Format kFormats[] = {reference::Format::kFp32, reference::Format::kFp16, reference::Format::kBf16};

scalar::Format ScalarFormat(reference::Format format) { return static_cast<scalar::Format>(static_cast<int>(format)); }

uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

/// Gradients (as raw bits of `format`) that exercise every branch: zeros, ones, specials, extremes.
std::vector<uint32_t> Gradients(reference::Format format) {
  if (format == reference::Format::kFp32) {
    std::vector<uint32_t> g;
    for (float f : {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 3.0e38f, -3.0e38f, 1.0e-40f, 1.17549435e-38f, 123.456f})
      g.push_back(FloatBits(f));
    for (uint32_t bits : {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x00000001u}) g.push_back(bits);
    return g;
  }
  const bool half = format == reference::Format::kFp16;
  return half ? std::vector<uint32_t>{0x0000, 0x8000, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x0001,
                                      0x03FF, 0x7C00, 0xFC00, 0x7E00, 0x3555, 0x5640}
              : std::vector<uint32_t>{0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F7F, 0xFF7F, 0x0001,
                                      0x007F, 0x7F80, 0xFF80, 0x7FC0, 0x3EAB, 0x42F6};
}

/// Self values: every 16-bit pattern, or 1M random fp32 patterns plus the boundaries and specials.
std::vector<uint32_t> Selves(reference::Format format) {
  std::vector<uint32_t> x;
  if (format != reference::Format::kFp32) {
    for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) x.push_back(bits);
    return x;
  }
  std::mt19937 rng(20261204);
  std::uniform_real_distribution<float> near(-4.0f, 4.0f);
  for (int i = 0; i < (1 << 19); ++i) x.push_back(FloatBits(near(rng)));
  for (int i = 0; i < (1 << 19); ++i) x.push_back(static_cast<uint32_t>(rng()));
  for (float f : {-3.0f, 3.0f, -2.99999976f, 2.99999976f, -3.00000024f, 3.00000024f, -1.5f, 0.0f, -0.0f})
    x.push_back(FloatBits(f));
  for (uint32_t bits : {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x00000001u, 0x80000001u})
    x.push_back(bits);
  return x;
}

struct ModeCase {
  bool saturate;
  bool flush;
};
constexpr ModeCase kModes[] = {{false, false}, {true, false}, {false, true}, {true, true}};

template <class Op>
void CheckBackward(bool v1) {
  for (reference::Format format : kFormats) {
    const std::vector<uint32_t> grads = Gradients(format);
    const std::vector<uint32_t> selves = Selves(format);
    for (ModeCase mode : kModes) {
      const reference::Numerics numerics{mode.saturate, mode.flush};
      size_t mismatches = 0;
      for (uint32_t g : grads) {
        for (uint32_t x : selves) {
          const uint32_t expected = reference::HardswishGradElement(g, x, format, v1, numerics);
          const uint32_t actual =
              scalar::BinaryElement<Op>(g, x, ScalarFormat(format), scalar::Mode{mode.saturate, mode.flush});
          if (!reference::SameResult(actual, expected, format) && mismatches++ < 5) {
            ADD_FAILURE() << "format " << static_cast<int>(format) << " saturate " << mode.saturate << " flush "
                          << mode.flush << " g 0x" << std::hex << g << " x 0x" << x << ": 0x" << actual
                          << " expected 0x" << expected;
          }
        }
      }
      EXPECT_EQ(mismatches, 0u);
    }
  }
}

TEST(ScalarOps, HardswishGradV2MatchesTheReference) { CheckBackward<scalar::HardswishGradV2Op>(false); }

TEST(ScalarOps, HardswishGradV1MatchesTheReference) { CheckBackward<scalar::HardswishGradV1Op>(true); }

TEST(ScalarOps, HardswishMatchesTheReferenceForEveryFormatPair) {
  for (reference::Format in : kFormats) {
    const std::vector<uint32_t> selves = Selves(in);
    for (reference::Format out : kFormats) {
      for (ModeCase mode : kModes) {
        const reference::Numerics numerics{mode.saturate, mode.flush};
        size_t mismatches = 0;
        for (uint32_t x : selves) {
          const uint32_t expected = reference::HardswishElement(x, in, out, numerics);
          const uint32_t actual = scalar::UnaryElement<scalar::HardswishOp>(x, ScalarFormat(in), ScalarFormat(out),
                                                                            scalar::Mode{mode.saturate, mode.flush});
          if (!reference::SameResult(actual, expected, out) && mismatches++ < 5) {
            ADD_FAILURE() << "in " << static_cast<int>(in) << " out " << static_cast<int>(out) << " saturate "
                          << mode.saturate << " flush " << mode.flush << " x 0x" << std::hex << x << ": 0x" << actual
                          << " expected 0x" << expected;
          }
        }
        EXPECT_EQ(mismatches, 0u);
      }
    }
  }
}

// The built-in TBE sequences (Ascend910/910B/910_93: no flush), INF_NAN and saturation.
TEST(ScalarOps, TbeSequencesMatchTheReference) {
  for (reference::Format format : kFormats) {
    const std::vector<uint32_t> grads = Gradients(format);
    const std::vector<uint32_t> selves = Selves(format);
    for (bool saturate : {false, true}) {
      const reference::Numerics numerics{saturate, false};
      const scalar::Mode mode{saturate, false};
      size_t mismatches = 0;
      for (uint32_t g : grads) {
        for (uint32_t x : selves) {
          const uint32_t expected = reference::HardswishGradTbeElement(g, x, format, numerics);
          const uint32_t actual =
              format == reference::Format::kFp16
                  ? scalar::BinaryElement<scalar::HardswishGradV1TbeOp<false>>(g, x, ScalarFormat(format), mode)
                  : scalar::BinaryElement<scalar::HardswishGradV1TbeOp<true>>(g, x, ScalarFormat(format), mode);
          if (!reference::SameResult(actual, expected, format) && mismatches++ < 5) {
            ADD_FAILURE() << "V1 TBE format " << static_cast<int>(format) << " g 0x" << std::hex << g << " x 0x" << x;
          }
        }
      }
      for (reference::Format out : kFormats) {
        for (uint32_t x : selves) {
          const uint32_t expected = reference::HardswishTbeElement(x, format, out, numerics);
          const uint32_t actual =
              scalar::UnaryElement<scalar::HardswishTbeOp>(x, ScalarFormat(format), ScalarFormat(out), mode);
          if (!reference::SameResult(actual, expected, out) && mismatches++ < 5) {
            ADD_FAILURE() << "forward TBE " << static_cast<int>(format) << "->" << static_cast<int>(out) << " x 0x"
                          << std::hex << x;
          }
        }
      }
      EXPECT_EQ(mismatches, 0u);
    }
  }
}

// The half-away narrowings on their own, at the edges where they differ from nearest-even.
TEST(ScalarOps, HalfAwayNarrowingRoundsTiesAwayFromZero) {
  EXPECT_EQ(scalar::NarrowToHalfHalfAway(1.00048828125f), 0x3C01);  // 1 + 2^-11: a tie, away
  EXPECT_EQ(aclnn_host::NarrowToHalf(1.00048828125f), 0x3C00);      // nearest-even keeps 1
  EXPECT_EQ(scalar::NarrowToHalfHalfAway(-1.00048828125f), 0xBC01);
  EXPECT_EQ(scalar::NarrowToHalfHalfAway(2.98023224e-08f), 0x0001);  // 2^-25: half the smallest subnormal
  EXPECT_EQ(scalar::NarrowToHalfHalfAway(65520.0f), 0x7C00);
  EXPECT_EQ(scalar::NarrowToHalfHalfAway(65519.996f), 0x7BFF);
  EXPECT_EQ(scalar::NarrowToBf16HalfAway(1.00390625f), 0x3F81);  // 1 + 2^-8: a tie, away
  EXPECT_EQ(aclnn_host::NarrowToBf16(1.00390625f), 0x3F80);
  EXPECT_EQ(scalar::NarrowToBf16HalfAway(-1.00390625f), 0xBF81);
}

}  // namespace
