// Every kernel variant this host supports (kernels/isa.h), called directly, against the
// independent reference: every fp16 and bf16 value of self against a spread of gradients, random
// fp32 pairs, in INF_NAN and saturation modes, with and without the 950's subnormal flush; and
// lengths and alignments around the vector width, where the tail path takes over.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "common/hardswish_sequences.h"
#include "kernels/hardswish.h"
#include "kernels/hardswish_grad.h"
#include "kernels/isa.h"
#include "reference/hardswish_reference.h"

namespace {

using aclnn_host::kernels::Isa;
using reference::Format;

struct Mode {
  bool saturate;
  bool flush;
  bool streaming = false;  // the non-temporal-store kernels of large operands
};

aclDataType DtypeOf(Format format) {
  return format == Format::kFp32 ? ACL_FLOAT : format == Format::kFp16 ? ACL_FLOAT16 : ACL_BF16;
}

size_t SizeOf(Format format) { return format == Format::kFp32 ? 4 : 2; }

/// Runs the variant's kernel on raw elements (stored as uint32 for every format).
std::vector<uint32_t> RunKernel(Isa isa, Format format, Mode mode, const std::vector<uint32_t>& grads,
                                const std::vector<uint32_t>& selfs, size_t misalign = 0) {
  const aclnn_host::ElementwiseKernels kernels =
      aclnn_host::kernels::HardswishGradV2Kernels(isa, DtypeOf(format), mode.flush);
  const aclnn_host::DenseKernel kernel = mode.streaming
                                             ? (mode.saturate ? kernels.saturation_streaming : kernels.infnan_streaming)
                                             : (mode.saturate ? kernels.saturation : kernels.infnan);
  EXPECT_NE(kernel, nullptr);
  const size_t n = selfs.size();
  const size_t size = SizeOf(format);
  // Element buffers with `misalign` elements in front, so the kernel sees unaligned pointers.
  std::vector<uint8_t> g((n + misalign) * size + 64), x((n + misalign) * size + 64), out((n + misalign) * size + 64);
  for (size_t i = 0; i < n; ++i) {
    std::memcpy(&g[(i + misalign) * size], &grads[i], size);
    std::memcpy(&x[(i + misalign) * size], &selfs[i], size);
  }
  const void* inputs[2] = {&g[misalign * size], &x[misalign * size]};
  if (kernel != nullptr) kernel(static_cast<int64_t>(n), inputs, &out[misalign * size]);
  std::vector<uint32_t> result(n, 0);
  for (size_t i = 0; i < n; ++i) std::memcpy(&result[i], &out[(i + misalign) * size], size);
  return result;
}

::testing::AssertionResult MatchesReference(Format format, Mode mode, const std::vector<uint32_t>& grads,
                                            const std::vector<uint32_t>& selfs, const std::vector<uint32_t>& outs) {
  reference::Numerics numerics;
  numerics.saturate = mode.saturate;
  numerics.flush_subnormals = mode.flush;
  size_t mismatches = 0;
  std::string first;
  for (size_t i = 0; i < selfs.size(); ++i) {
    const uint32_t expected = reference::HardswishGradElement(grads[i], selfs[i], format, false, numerics);
    if (!reference::SameResult(outs[i], expected, format)) {
      if (mismatches++ == 0) {
        char text[160];
        std::snprintf(text, sizeof(text), "element %zu: g=0x%x x=0x%x got 0x%x expected 0x%x", i, grads[i], selfs[i],
                      outs[i], expected);
        first = text;
      }
    }
  }
  if (mismatches == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << mismatches << " of " << selfs.size() << " differ; first " << first;
}

std::vector<uint32_t> HalfGrads() {
  return {0x0000, 0x8000, 0x3C00, 0xBC00, 0x3800, 0x7BFF, 0xFBFF, 0x7A1A, 0x7C00, 0xFC00,
          0x7E00, 0x0001, 0x8001, 0x03FF, 0x0400, 0x4200, 0x3555, 0x1400, 0x0200, 0x5640};
}

std::vector<uint32_t> Bf16Grads() {
  return {0x0000, 0x8000, 0x3F80, 0xBF80, 0x3F00, 0x7F7F, 0xFF7F, 0x7F00, 0x7F80,
          0xFF80, 0x7FC0, 0x0001, 0x8001, 0x007F, 0x0080, 0x4040, 0x3EAB, 0x42C8};
}

class KernelVariant : public ::testing::TestWithParam<Isa> {
 protected:
  void SetUp() override {
    if (!aclnn_host::kernels::IsaSupported(GetParam())) GTEST_SKIP() << "this CPU cannot run it";
  }

  void ExhaustiveSixteenBit(Format format, const std::vector<uint32_t>& grad_spread, Mode mode) {
    std::vector<uint32_t> grads, selfs;
    for (uint32_t g : grad_spread) {
      for (uint32_t x = 0; x <= 0xFFFF; ++x) {
        grads.push_back(g);
        selfs.push_back(x);
      }
    }
    EXPECT_TRUE(MatchesReference(format, mode, grads, selfs, RunKernel(GetParam(), format, mode, grads, selfs)));
  }

  void RandomFp32(Mode mode, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> x_dist(-6.0f, 6.0f), g_dist(-1e5f, 1e5f);
    const size_t n = size_t{1} << 21;
    std::vector<uint32_t> grads(n), selfs(n);
    for (size_t i = 0; i < n; ++i) {
      const bool raw_bits = i % 2 == 0;
      grads[i] = raw_bits ? (i % 4 == 0 ? rng() & 0x80FFFFFFu : rng()) : reference::Bits(g_dist(rng));
      selfs[i] = raw_bits ? rng() : reference::Bits(x_dist(rng));
    }
    EXPECT_TRUE(
        MatchesReference(Format::kFp32, mode, grads, selfs, RunKernel(GetParam(), Format::kFp32, mode, grads, selfs)));
  }
};

constexpr Mode kInfNan{false, false};
constexpr Mode kSaturation{true, false};
constexpr Mode kFlush{false, true};
constexpr Mode kFlushSaturation{true, true};
constexpr Mode kInfNanStreaming{false, false, true};
constexpr Mode kSaturationStreaming{true, false, true};
constexpr Mode kFlushStreaming{false, true, true};

}  // namespace

TEST_P(KernelVariant, EveryFp16Value) {
  for (Mode mode : {kInfNan, kSaturation, kFlush, kFlushSaturation})
    ExhaustiveSixteenBit(Format::kFp16, HalfGrads(), mode);
}

TEST_P(KernelVariant, EveryBf16Value) {
  for (Mode mode : {kInfNan, kSaturation, kFlush, kFlushSaturation})
    ExhaustiveSixteenBit(Format::kBf16, Bf16Grads(), mode);
}

TEST_P(KernelVariant, RandomFp32) {
  RandomFp32(kInfNan, 1);
  RandomFp32(kSaturation, 2);
  RandomFp32(kFlush, 3);
  RandomFp32(kFlushSaturation, 4);
}

TEST_P(KernelVariant, LengthsAndAlignmentsAroundTheVectorWidth) {
  // 0 to 130 elements cover empty, shorter than one vector, exactly one or two (AVX-512 holds 16
  // floats), and every tail length; misaligned starts cover unaligned loads and stores.
  std::mt19937 rng(7);
  for (Format format : {Format::kFp32, Format::kFp16, Format::kBf16}) {
    for (size_t n = 0; n <= 130; ++n) {
      for (size_t misalign : {0, 1, 3, 17}) {
        std::vector<uint32_t> grads(n), selfs(n);
        for (size_t i = 0; i < n; ++i) {
          const float g = std::uniform_real_distribution<float>(-8.0f, 8.0f)(rng);
          const float x = std::uniform_real_distribution<float>(-5.0f, 5.0f)(rng);
          grads[i] = format == Format::kFp32   ? reference::Bits(g)
                     : format == Format::kFp16 ? reference::FloatToHalf(g)
                                               : reference::FloatToBf16(g);
          selfs[i] = format == Format::kFp32   ? reference::Bits(x)
                     : format == Format::kFp16 ? reference::FloatToHalf(x)
                                               : reference::FloatToBf16(x);
        }
        for (Mode mode : {kInfNan, kInfNanStreaming}) {  // streaming: an unaligned head before the vectors
          const std::vector<uint32_t> outs = RunKernel(GetParam(), format, mode, grads, selfs, misalign);
          ASSERT_TRUE(MatchesReference(format, mode, grads, selfs, outs))
              << "n=" << n << " misalign=" << misalign << " streaming=" << mode.streaming;
        }
      }
    }
  }
}

TEST_P(KernelVariant, WritesExactlyItsElements) {
  // The kernel must not write before or after its n outputs (tails are handled element-wise).
  for (size_t n : {1, 15, 16, 17, 33}) {
    std::vector<float> g(n + 32, 1.0f), x(n + 32, 1.0f), out(n + 32, -7.0f);
    const aclnn_host::ElementwiseKernels kernels =
        aclnn_host::kernels::HardswishGradV2Kernels(GetParam(), ACL_FLOAT, false);
    const void* inputs[2] = {&g[16], &x[16]};
    kernels.infnan_streaming(static_cast<int64_t>(n), inputs, &out[16]);  // the head/tail paths too
    kernels.infnan(static_cast<int64_t>(n), inputs, &out[16]);
    for (size_t i = 0; i < out.size(); ++i) {
      const bool inside = i >= 16 && i < 16 + n;
      EXPECT_EQ(out[i], inside ? 1.0f * (1.0f * 0.33333334f + 0.5f) : -7.0f) << "n=" << n << " i=" << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(CompiledIsas, KernelVariant, ::testing::ValuesIn(aclnn_host::kernels::CompiledIsas()),
                         [](const ::testing::TestParamInfo<Isa>& info) {
                           return std::string(aclnn_host::kernels::IsaName(info.param));
                         });

TEST(KernelIsa, BaselineIsAlwaysCompiledAndSupported) {
  const std::vector<Isa>& compiled = aclnn_host::kernels::CompiledIsas();
  ASSERT_FALSE(compiled.empty());
  EXPECT_EQ(compiled.back(), Isa::kBaseline);
  EXPECT_TRUE(aclnn_host::kernels::IsaSupported(Isa::kBaseline));
}

#if defined(__x86_64__) || defined(__i386__)
// The library's own CPU probe (kernels/isa.cc) agrees with the compiler's, feature by feature:
// a variant is supported exactly when every instruction set it is compiled for is usable.
TEST(KernelIsa, CpuProbeAgreesWithTheCompilersProbe) {
  __builtin_cpu_init();
  const bool sse4 = __builtin_cpu_supports("sse2") && __builtin_cpu_supports("ssse3") &&
                    __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("sse4.2") &&
                    __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("aes");
  const bool avx2 = sse4 && __builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") &&
                    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
  EXPECT_EQ(aclnn_host::kernels::IsaSupported(Isa::kSse4), sse4);
  EXPECT_EQ(aclnn_host::kernels::IsaSupported(Isa::kAvx2), avx2);  // F16C comes with AVX2 on every x86 CPU
  EXPECT_EQ(aclnn_host::kernels::IsaSupported(Isa::kAvx512), avx512);
  EXPECT_EQ(aclnn_host::kernels::IsaSupported(Isa::kAvx512Bf16), avx512 && __builtin_cpu_supports("avx512bf16"));
  EXPECT_FALSE(aclnn_host::kernels::IsaSupported(Isa::kNeon));
}
#endif

TEST(KernelIsa, ActiveIsaHonoursTheCap) {
  // ctest runs this binary with ACLNN_HOST_MAX_ISA set to each variant (see tests/CMakeLists.txt);
  // the chosen variant must be the best supported one that is not better than the cap.
  Isa active = Isa::kBaseline;
  std::string error;
  ASSERT_TRUE(aclnn_host::kernels::ActiveIsa(&active, &error)) << error;
  const std::vector<Isa> supported = aclnn_host::kernels::SupportedIsas();
  const char* cap = std::getenv("ACLNN_HOST_MAX_ISA");
  if (cap == nullptr || *cap == '\0') {
    EXPECT_EQ(active, supported.front());
    return;
  }
  const std::vector<Isa>& compiled = aclnn_host::kernels::CompiledIsas();
  size_t cap_rank = 0;
  while (std::string(aclnn_host::kernels::IsaName(compiled[cap_rank])) != cap) ++cap_rank;
  for (Isa isa : supported) {
    size_t rank = 0;
    while (compiled[rank] != isa) ++rank;
    if (rank >= cap_rank) {
      EXPECT_EQ(active, isa) << "cap " << cap;
      return;
    }
  }
}

// ---- the rest of the family: V1 and the forward op, every variant ------------------------------

namespace {

/// V1's kernels: the AscendC arch35 one (Ascend 950), or with `tbe` the built-in TBE one.
std::vector<uint32_t> RunV1(Isa isa, Format format, Mode mode, const std::vector<uint32_t>& grads,
                            const std::vector<uint32_t>& selfs, bool tbe = false) {
  const aclnn_host::ElementwiseKernels kernels =
      tbe ? aclnn_host::kernels::HardswishGradV1TbeKernels(isa, DtypeOf(format), mode.flush)
          : aclnn_host::kernels::HardswishGradV1Kernels(isa, DtypeOf(format), mode.flush);
  const size_t size = SizeOf(format);
  std::vector<uint8_t> g(selfs.size() * size), x(selfs.size() * size), out(selfs.size() * size);
  for (size_t i = 0; i < selfs.size(); ++i) {
    std::memcpy(&g[i * size], &grads[i], size);
    std::memcpy(&x[i * size], &selfs[i], size);
  }
  const void* inputs[2] = {g.data(), x.data()};
  (mode.streaming
       ? (mode.saturate ? kernels.saturation_streaming : kernels.infnan_streaming)
       : (mode.saturate ? kernels.saturation : kernels.infnan))(static_cast<int64_t>(selfs.size()), inputs, out.data());
  std::vector<uint32_t> result(selfs.size(), 0);
  for (size_t i = 0; i < selfs.size(); ++i) std::memcpy(&result[i], &out[i * size], size);
  return result;
}

std::vector<uint32_t> RunForward(Isa isa, Format in, Format out_format, Mode mode, const std::vector<uint32_t>& selfs,
                                 bool tbe = false) {
  const aclnn_host::ElementwiseKernels kernels =
      tbe ? aclnn_host::kernels::HardswishTbeKernels(isa, DtypeOf(in), DtypeOf(out_format), mode.flush)
          : aclnn_host::kernels::HardswishKernels(isa, DtypeOf(in), DtypeOf(out_format), mode.flush);
  const size_t in_size = SizeOf(in), out_size = SizeOf(out_format);
  std::vector<uint8_t> x(selfs.size() * in_size + 64), out(selfs.size() * out_size + 64);
  for (size_t i = 0; i < selfs.size(); ++i) std::memcpy(&x[i * in_size], &selfs[i], in_size);
  const void* inputs[1] = {x.data()};
  (mode.streaming
       ? (mode.saturate ? kernels.saturation_streaming : kernels.infnan_streaming)
       : (mode.saturate ? kernels.saturation : kernels.infnan))(static_cast<int64_t>(selfs.size()), inputs, out.data());
  std::vector<uint32_t> result(selfs.size(), 0);
  for (size_t i = 0; i < selfs.size(); ++i) std::memcpy(&result[i], &out[i * out_size], out_size);
  return result;
}

reference::Numerics NumericsOf(Mode mode) {
  reference::Numerics numerics;
  numerics.saturate = mode.saturate;
  numerics.flush_subnormals = mode.flush;
  return numerics;
}

}  // namespace

TEST_P(KernelVariant, V1EveryFp16AndBf16Value) {
  for (Format format : {Format::kFp16, Format::kBf16}) {
    for (Mode mode : {kInfNan, kSaturation, kFlush, kInfNanStreaming}) {
      std::vector<uint32_t> grads, selfs;
      for (uint32_t g : format == Format::kFp16 ? HalfGrads() : Bf16Grads()) {
        for (uint32_t x = 0; x <= 0xFFFF; ++x) {
          grads.push_back(g);
          selfs.push_back(x);
        }
      }
      const std::vector<uint32_t> outs = RunV1(GetParam(), format, mode, grads, selfs);
      size_t mismatches = 0;
      for (size_t i = 0; i < selfs.size(); ++i) {
        const uint32_t expected = reference::HardswishGradElement(grads[i], selfs[i], format, true, NumericsOf(mode));
        mismatches += !reference::SameResult(outs[i], expected, format);
      }
      EXPECT_EQ(mismatches, 0u) << "format " << static_cast<int>(format) << " saturate " << mode.saturate;
    }
  }
}

TEST_P(KernelVariant, ForwardEveryInputValueToEveryOutputDtype) {
  // Every fp16 and bf16 input, and 2^20 random fp32 ones, to each of the three output dtypes.
  std::mt19937 rng(11);
  std::vector<uint32_t> fp32_selfs(size_t{1} << 20);
  for (size_t i = 0; i < fp32_selfs.size(); ++i) {
    fp32_selfs[i] = i % 2 ? rng() : reference::Bits(std::uniform_real_distribution<float>(-8.0f, 8.0f)(rng));
  }
  std::vector<uint32_t> all16(65536);
  for (uint32_t x = 0; x <= 0xFFFF; ++x) all16[x] = x;
  for (Format in : {Format::kFp32, Format::kFp16, Format::kBf16}) {
    const std::vector<uint32_t>& selfs = in == Format::kFp32 ? fp32_selfs : all16;
    for (Format out : {Format::kFp32, Format::kFp16, Format::kBf16}) {
      for (Mode mode : {kInfNan, kSaturation, kFlush, kInfNanStreaming, kSaturationStreaming}) {
        const std::vector<uint32_t> outs = RunForward(GetParam(), in, out, mode, selfs);
        size_t mismatches = 0;
        std::string first;
        for (size_t i = 0; i < selfs.size(); ++i) {
          const uint32_t expected = reference::HardswishElement(selfs[i], in, out, NumericsOf(mode));
          if (!reference::SameResult(outs[i], expected, out) && mismatches++ == 0) {
            char text[120];
            std::snprintf(text, sizeof(text), "x=0x%x got 0x%x expected 0x%x", selfs[i], outs[i], expected);
            first = text;
          }
        }
        EXPECT_EQ(mismatches, 0u) << "in " << static_cast<int>(in) << " out " << static_cast<int>(out) << " saturate "
                                  << mode.saturate << " flush " << mode.flush << " streaming " << mode.streaming << ": "
                                  << first;
      }
    }
  }
}

// ---- the built-in TBE kernels (forward and V1 on Ascend910, 910B, 910_93) ----------------------

namespace {

/// 2^20 fp32 values: the specials (±0, ±subnormal, ±FLT_MIN, ±FLT_MAX, ±inf, NaN, ±3 and their
/// neighbours, -1.5), then random bit patterns and random values in (-6, 6), alternating.
std::vector<uint32_t> Fp32SelfsWithSpecials(uint32_t seed) {
  std::vector<uint32_t> selfs = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x00800000u,
                                 0x80800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                 0xFFC00000u, 0x7F800001u, 0x40400000u, 0xC0400000u, 0x403FFFFFu, 0x40400001u,
                                 0xC03FFFFFu, 0xC0400001u, 0xBFC00000u, 0x3F800000u};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> x_dist(-6.0f, 6.0f);
  while (selfs.size() < (size_t{1} << 20)) {
    selfs.push_back(selfs.size() % 2 ? rng() : reference::Bits(x_dist(rng)));
  }
  return selfs;
}

}  // namespace

TEST_P(KernelVariant, V1TbeEveryFp16AndBf16ValueAndRandomFp32) {
  for (Format format : {Format::kFp16, Format::kBf16, Format::kFp32}) {
    for (Mode mode : {kInfNan, kSaturation, kInfNanStreaming}) {
      std::vector<uint32_t> grads, selfs;
      if (format == Format::kFp32) {
        selfs = Fp32SelfsWithSpecials(5);
        std::mt19937 rng(6);
        std::uniform_real_distribution<float> g_dist(-1e5f, 1e5f);
        for (size_t i = 0; i < selfs.size(); ++i) grads.push_back(i % 3 == 0 ? rng() : reference::Bits(g_dist(rng)));
      } else {
        for (uint32_t g : format == Format::kFp16 ? HalfGrads() : Bf16Grads()) {
          for (uint32_t x = 0; x <= 0xFFFF; ++x) {
            grads.push_back(g);
            selfs.push_back(x);
          }
        }
      }
      const std::vector<uint32_t> outs = RunV1(GetParam(), format, mode, grads, selfs, /*tbe=*/true);
      size_t mismatches = 0;
      std::string first;
      for (size_t i = 0; i < selfs.size(); ++i) {
        const uint32_t expected = reference::HardswishGradTbeElement(grads[i], selfs[i], format, NumericsOf(mode));
        if (!reference::SameResult(outs[i], expected, format) && mismatches++ == 0) {
          char text[120];
          std::snprintf(text, sizeof(text), "g=0x%x x=0x%x got 0x%x expected 0x%x", grads[i], selfs[i], outs[i],
                        expected);
          first = text;
        }
      }
      EXPECT_EQ(mismatches, 0u) << "format " << static_cast<int>(format) << " saturate " << mode.saturate << ": "
                                << first;
    }
  }
}

TEST_P(KernelVariant, ForwardTbeEveryInputValueToEveryOutputDtype) {
  const std::vector<uint32_t> fp32_selfs = Fp32SelfsWithSpecials(12);
  std::vector<uint32_t> all16(65536);
  for (uint32_t x = 0; x <= 0xFFFF; ++x) all16[x] = x;
  for (Format in : {Format::kFp32, Format::kFp16, Format::kBf16}) {
    const std::vector<uint32_t>& selfs = in == Format::kFp32 ? fp32_selfs : all16;
    for (Format out : {Format::kFp32, Format::kFp16, Format::kBf16}) {
      for (Mode mode : {kInfNan, kSaturation, kInfNanStreaming, kSaturationStreaming}) {
        const std::vector<uint32_t> outs = RunForward(GetParam(), in, out, mode, selfs, /*tbe=*/true);
        size_t mismatches = 0;
        std::string first;
        for (size_t i = 0; i < selfs.size(); ++i) {
          const uint32_t expected = reference::HardswishTbeElement(selfs[i], in, out, NumericsOf(mode));
          if (!reference::SameResult(outs[i], expected, out) && mismatches++ == 0) {
            char text[120];
            std::snprintf(text, sizeof(text), "x=0x%x got 0x%x expected 0x%x", selfs[i], outs[i], expected);
            first = text;
          }
        }
        EXPECT_EQ(mismatches, 0u) << "in " << static_cast<int>(in) << " out " << static_cast<int>(out) << " saturate "
                                  << mode.saturate << " streaming " << mode.streaming << ": " << first;
      }
    }
  }
}

// ---- the scalar statements of the sequences (common/hardswish_sequences.h) ---------------------

TEST(ScalarSequences, MatchTheReferenceOnEveryFp16ValueAndRandomFp32) {
  namespace sc = aclnn_host::scalar;
  std::vector<float> xs;
  for (uint32_t h = 0; h <= 0xFFFF; ++h) xs.push_back(reference::HalfToFloat(static_cast<uint16_t>(h)));
  for (uint32_t bits : Fp32SelfsWithSpecials(21)) xs.push_back(reference::FromBits(bits));
  const float grads[] = {1.0f, -2.5f, 0.0f, -0.0f, INFINITY, -INFINITY, NAN, 3.0e38f, 1e-40f};
  const reference::Numerics exact;
  size_t mismatches = 0;
  for (float x : xs) {
    const auto same = [](float a, float b) {
      return (std::isnan(a) && std::isnan(b)) || reference::Bits(a) == reference::Bits(b);
    };
    mismatches += !same(sc::HardswishArch35(x), reference::Hardswish(x, exact));
    mismatches += !same(sc::HardswishTbe(x), reference::HardswishTbe(x));
    for (float g : grads) {
      mismatches += !same(sc::HardswishGradV2(g, x), reference::HardswishGrad(g, x, false, exact));
      mismatches += !same(sc::HardswishGradV1Arch35(g, x), reference::HardswishGrad(g, x, true, exact));
      mismatches += !same(sc::HardswishGradV1Tbe(g, x, true), reference::HardswishGradTbe(g, x, true));
      mismatches += !same(sc::HardswishGradV1Tbe(g, x, false), reference::HardswishGradTbe(g, x, false));
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST(ScalarSequences, WhereTheTbeAndAscendCSequencesDiffer) {
  namespace sc = aclnn_host::scalar;
  EXPECT_TRUE(std::isnan(sc::HardswishTbe(-INFINITY)));                                          // -inf * 0
  EXPECT_EQ(reference::Bits(sc::HardswishArch35(-INFINITY)), reference::Bits(-0.0f));            // max(x, -3) * 0
  EXPECT_TRUE(std::isnan(sc::HardswishGradV1Tbe(2.0f, NAN, /*nan_to_one=*/false)));              // fp16 path
  EXPECT_EQ(sc::HardswishGradV1Tbe(2.0f, NAN, /*nan_to_one=*/true), 1.0f);                       // fp32 fix-up
  EXPECT_EQ(sc::HardswishGradV1Arch35(2.0f, NAN), 2.0f);                                         // g * 1
  EXPECT_EQ(sc::HardswishGradV1Tbe(2.0f, -3.0f, true), sc::HardswishGradV1Arch35(2.0f, -3.0f));  // -1
  EXPECT_EQ(sc::HardswishGradV1Tbe(2.0f, 3.0f, true), sc::HardswishGradV1Arch35(2.0f, 3.0f));    // 3
  // The forward's two multiplication orders differ on a third of the inputs in (-3, 3).
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-3.0f, 3.0f);
  int differ = 0;
  for (int i = 0; i < 30000; ++i) {
    const float x = dist(rng);
    differ += reference::Bits(sc::HardswishTbe(x)) != reference::Bits(sc::HardswishArch35(x));
  }
  EXPECT_GT(differ, 5000);
  EXPECT_LT(differ, 15000);
}
