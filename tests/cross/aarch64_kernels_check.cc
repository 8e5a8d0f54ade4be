// The kernel variants of an aarch64 build (NEON and the baseline) against the independent
// reference. Built with a cross compiler and run under qemu-aarch64 by run_aarch64_check.sh;
// a standalone program (no GoogleTest, no runtime) so that it needs only the kernels.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/hardswish.h"
#include "kernels/hardswish_grad.h"
#include "reference/hardswish_reference.h"

namespace {

using aclnn_host::kernels::Isa;
using reference::Format;

size_t failures = 0;

void Check(Isa isa, Format format, bool saturate, bool flush, const std::vector<uint32_t>& grads,
           const std::vector<uint32_t>& selfs) {
  const aclDataType dtype = format == Format::kFp32 ? ACL_FLOAT : format == Format::kFp16 ? ACL_FLOAT16 : ACL_BF16;
  const aclnn_host::ElementwiseKernels kernels = aclnn_host::kernels::HardswishGradV2Kernels(isa, dtype, flush);
  const aclnn_host::DenseKernel kernel = saturate ? kernels.saturation : kernels.infnan;
  const char* name = aclnn_host::kernels::IsaName(isa);
  if (kernel == nullptr) {
    std::printf("FAIL %s: no kernel\n", name);
    ++failures;
    return;
  }
  const size_t size = format == Format::kFp32 ? 4 : 2;
  const size_t n = selfs.size();
  std::vector<uint8_t> g(n * size), x(n * size), out(n * size);
  for (size_t i = 0; i < n; ++i) {
    std::memcpy(&g[i * size], &grads[i], size);
    std::memcpy(&x[i * size], &selfs[i], size);
  }
  const void* inputs[2] = {g.data(), x.data()};
  kernel(static_cast<int64_t>(n), inputs, out.data());
  reference::Numerics numerics;
  numerics.saturate = saturate;
  numerics.flush_subnormals = flush;
  size_t mismatches = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t actual = 0;
    std::memcpy(&actual, &out[i * size], size);
    const uint32_t expected = reference::HardswishGradElement(grads[i], selfs[i], format, false, numerics);
    if (!reference::SameResult(actual, expected, format) && mismatches++ < 3) {
      std::printf("  %s: g=0x%x x=0x%x got 0x%x expected 0x%x\n", name, grads[i], selfs[i], actual, expected);
    }
  }
  std::printf("%s %s format=%d saturate=%d flush=%d: %zu elements, %zu mismatches\n", mismatches ? "FAIL" : "ok  ",
              name, static_cast<int>(format), saturate, flush, n, mismatches);
  failures += mismatches != 0;
}

// V1 and the forward op (their AscendC and TBE kernels) on every fp16 / bf16 value (the forward also
// to every output dtype).
void CheckFamily(Isa isa) {
  const char* name = aclnn_host::kernels::IsaName(isa);
  for (Format format : {Format::kFp16, Format::kBf16}) {
    const aclDataType dtype = format == Format::kFp16 ? ACL_FLOAT16 : ACL_BF16;
    std::vector<uint16_t> g(65536, format == Format::kFp16 ? 0x3C00 : 0x3F80), x(65536), out(65536);
    for (uint32_t v = 0; v <= 0xFFFF; ++v) x[v] = static_cast<uint16_t>(v);
    const void* inputs[2] = {g.data(), x.data()};
    aclnn_host::kernels::HardswishGradV1Kernels(isa, dtype, false).infnan(65536, inputs, out.data());
    size_t mismatches = 0;
    for (uint32_t v = 0; v <= 0xFFFF; ++v) {
      mismatches += !reference::SameResult(out[v], reference::HardswishGradElement(g[v], v, format, true, {}), format);
    }
    aclnn_host::kernels::HardswishGradV1TbeKernels(isa, dtype, false).infnan(65536, inputs, out.data());
    for (uint32_t v = 0; v <= 0xFFFF; ++v) {
      mismatches += !reference::SameResult(out[v], reference::HardswishGradTbeElement(g[v], v, format, {}), format);
    }
    for (Format to : {Format::kFp32, Format::kFp16, Format::kBf16}) {
      const aclDataType out_dtype = to == Format::kFp32 ? ACL_FLOAT : to == Format::kFp16 ? ACL_FLOAT16 : ACL_BF16;
      std::vector<uint32_t> y(65536);
      const void* forward_inputs[1] = {x.data()};
      aclnn_host::kernels::HardswishKernels(isa, dtype, out_dtype, false).infnan(65536, forward_inputs, y.data());
      const size_t size = to == Format::kFp32 ? 4 : 2;
      for (uint32_t v = 0; v <= 0xFFFF; ++v) {
        uint32_t actual = 0;
        std::memcpy(&actual, reinterpret_cast<const uint8_t*>(y.data()) + v * size, size);
        mismatches += !reference::SameResult(actual, reference::HardswishElement(v, format, to, {}), to);
      }
      aclnn_host::kernels::HardswishTbeKernels(isa, dtype, out_dtype, false).infnan(65536, forward_inputs, y.data());
      for (uint32_t v = 0; v <= 0xFFFF; ++v) {
        uint32_t actual = 0;
        std::memcpy(&actual, reinterpret_cast<const uint8_t*>(y.data()) + v * size, size);
        mismatches += !reference::SameResult(actual, reference::HardswishTbeElement(v, format, to, {}), to);
      }
    }
    std::printf("%s %s V1 and forward format=%d: %zu mismatches\n", mismatches ? "FAIL" : "ok  ", name,
                static_cast<int>(format), mismatches);
    failures += mismatches != 0;
  }
}

}  // namespace

int main() {
  const std::vector<uint32_t> half_grads = {0x0000, 0x8000, 0x3C00, 0xBC00, 0x7BFF,
                                            0x7A1A, 0x7C00, 0x7E00, 0x0001, 0x0400};
  const std::vector<uint32_t> bf16_grads = {0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F7F, 0x7F80, 0x7FC0, 0x0001, 0x0080};
  std::mt19937 rng(5);
  std::vector<uint32_t> fp32_grads(1 << 18), fp32_selfs(1 << 18);
  for (size_t i = 0; i < fp32_grads.size(); ++i) {
    fp32_grads[i] = i % 2 ? rng() : reference::Bits(std::uniform_real_distribution<float>(-100.0f, 100.0f)(rng));
    fp32_selfs[i] = i % 2 ? rng() : reference::Bits(std::uniform_real_distribution<float>(-6.0f, 6.0f)(rng));
  }
  // The variant list and the CPU probe of an aarch64 build: NEON, then the baseline, both runnable.
  const std::vector<Isa> expected = {Isa::kNeon, Isa::kBaseline};
  if (aclnn_host::kernels::CompiledIsas() != expected || aclnn_host::kernels::SupportedIsas() != expected) {
    std::printf("the aarch64 build should compile and support exactly neon and baseline\n");
    ++failures;
  }
  for (Isa isa : aclnn_host::kernels::CompiledIsas()) {
    CheckFamily(isa);
    for (int mode = 0; mode < 4; ++mode) {
      const bool saturate = (mode & 1) != 0;
      const bool flush = (mode & 2) != 0;
      for (Format format : {Format::kFp16, Format::kBf16}) {
        std::vector<uint32_t> grads, selfs;
        for (uint32_t g : format == Format::kFp16 ? half_grads : bf16_grads) {
          for (uint32_t x = 0; x <= 0xFFFF; ++x) {
            grads.push_back(g);
            selfs.push_back(x);
          }
        }
        Check(isa, format, saturate, flush, grads, selfs);
      }
      Check(isa, Format::kFp32, saturate, flush, fp32_grads, fp32_selfs);
    }
  }
  std::printf("%s\n", failures == 0 ? "all variants match the reference" : "MISMATCHES");
  return failures == 0 ? 0 : 1;
}
