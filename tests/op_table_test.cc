// Every row of the operator table (ops/op_table.inc), swept alike: each kernel the row can select
// (AscendC and TBE sequences, every ISA this host runs, every dtype pair, INF_NAN and saturation,
// with and without subnormal flushing, streaming stores) at lengths 0–130 from misaligned starts
// must give, element for element, what the same sequence gives one element at a time on the
// baseline ISA (its scalar tail), and write nothing outside its elements. Each op's own test then
// checks that sequence against the independent reference; this one checks that no vector path,
// tail or alignment changes a bit. It also holds the public table (aclnn_host/ops.h) equal to the
// internal one.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn_host/ops.h"
#include "kernels/isa.h"
#include "ops/op_spec.h"
#include "runtime/soc_profile.h"

namespace {

using aclnn_host::OpSpec;
using aclnn_host::kernels::Isa;

constexpr aclDataType kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64};
constexpr size_t kGuard = 64;  // bytes checked after the last element
constexpr uint8_t kPoison = 0xA5;

std::vector<const OpSpec*> AllOps() {
  size_t count = 0;
  const OpSpec* specs = aclnn_host::OpSpecs(&count);
  std::vector<const OpSpec*> result;
  for (size_t i = 0; i < count; ++i) result.push_back(&specs[i]);
  return result;
}

/// Inputs: small values around every op's kink points (multiples of 1/8 in [-8, 8]) mixed with raw
/// bit patterns (NaN, infinities, subnormals), as bytes of `dtype`.
std::vector<uint8_t> Values(aclDataType dtype, size_t count, uint32_t seed) {
  const size_t size = aclDataTypeSize(dtype);
  std::vector<uint8_t> bytes(count * size);
  std::mt19937 rng(seed);
  for (size_t i = 0; i < count; ++i) {
    uint64_t raw = (static_cast<uint64_t>(rng()) << 32) | rng();
    if (rng() % 4 != 0) {
      const float value = static_cast<float>(static_cast<int>(rng() % 129) - 64) / 8.0f;
      uint32_t bits = 0;
      std::memcpy(&bits, &value, 4);
      if (dtype == ACL_FLOAT) raw = bits;
      if (dtype == ACL_BF16) raw = bits >> 16;  // exact: the values have few mantissa bits
      if (dtype == ACL_FLOAT16) raw = aclFloatToFloat16(value);
      if (dtype == ACL_INT8 || dtype == ACL_UINT8 || dtype == ACL_INT32 || dtype == ACL_INT64) {
        raw = static_cast<uint64_t>(static_cast<int64_t>(value * 8.0f) / 4);
      }
    }
    std::memcpy(&bytes[i * size], &raw, size);
  }
  return bytes;
}

/// Whether element bytes are a NaN of `dtype` (NaN payloads and signs are not specified:
/// numerics-and-socs.md; vector and tail paths may differ in them).
bool IsNaN(const uint8_t* p, aclDataType dtype) {
  uint32_t bits = 0;
  if (dtype == ACL_FLOAT) {
    std::memcpy(&bits, p, 4);
    return (bits & 0x7FFFFFFFu) > 0x7F800000u;
  }
  if (dtype == ACL_FLOAT16 || dtype == ACL_BF16) {
    std::memcpy(&bits, p, 2);
    return dtype == ACL_FLOAT16 ? (bits & 0x7FFFu) > 0x7C00u : (bits & 0x7FFFu) > 0x7F80u;
  }
  return false;
}

/// The first element where `got` and `want` differ (both NaN counts as equal), or -1.
int64_t FirstDifference(const uint8_t* got, const uint8_t* want, size_t length, aclDataType dtype) {
  const size_t size = aclDataTypeSize(dtype);
  for (size_t i = 0; i < length; ++i) {
    if (std::memcmp(got + i * size, want + i * size, size) == 0) continue;
    if (IsNaN(got + i * size, dtype) && IsNaN(want + i * size, dtype)) continue;
    return static_cast<int64_t>(i);
  }
  return -1;
}

struct Variant {
  const OpSpec* op;
  Isa isa;
  aclDataType in, out;
  bool tbe, flush;
};

std::string Name(const Variant& v) {
  return std::string(v.op->name) + (v.tbe ? " (TBE)" : " (AscendC)") + " on " + aclnn_host::kernels::IsaName(v.isa) +
         ", dtype " + std::to_string(v.in) + " -> " + std::to_string(v.out) + (v.flush ? ", flushing" : "");
}

/// Every kernel selection the table allows on this host.
std::vector<Variant> Variants() {
  std::vector<Variant> result;
  for (const OpSpec* op : AllOps()) {
    for (Isa isa : aclnn_host::kernels::SupportedIsas()) {
      for (bool tbe : {false, true}) {
        const aclnn_host::KernelSelector select = tbe ? op->tbe_kernels : op->kernels;
        if (select == nullptr) continue;
        for (aclDataType in : kDtypes) {
          for (aclDataType out : kDtypes) {
            if (out != in && !op->output_casts) continue;
            for (bool flush : {false, true}) {
              if (select(isa, in, out, flush).infnan != nullptr) result.push_back({op, isa, in, out, tbe, flush});
            }
          }
        }
      }
    }
  }
  return result;
}

TEST(OpTable, EveryRowHasKernelsForAFloatDtype) {
  for (const OpSpec* op : AllOps()) {
    SCOPED_TRACE(op->api);
    ASSERT_NE(op->kernels, nullptr);
    EXPECT_NE(op->kernels(Isa::kBaseline, ACL_FLOAT, ACL_FLOAT, false).infnan, nullptr);
    EXPECT_NE(op->kernels(Isa::kBaseline, ACL_FLOAT, ACL_FLOAT, false).saturation, nullptr);
    EXPECT_EQ(op->scalars == nullptr, op->num_scalars == 0);
  }
}

TEST(OpTable, ThePublicTableIsTheInternalOne) {
  const std::vector<const OpSpec*> ops = AllOps();
  ASSERT_EQ(aclnnHostOpCount(), ops.size());
  EXPECT_EQ(aclnnHostOpGet(ops.size()), nullptr);
  for (size_t i = 0; i < ops.size(); ++i) {
    const aclnnHostOpInfo* info = aclnnHostOpGet(i);
    ASSERT_NE(info, nullptr);
    EXPECT_STREQ(info->api, ops[i]->api);
    EXPECT_STREQ(info->name, ops[i]->name);
    EXPECT_EQ(info->numInputs, ops[i]->num_inputs);
    EXPECT_EQ(info->numScalars, ops[i]->num_scalars);
    EXPECT_EQ(info->numFlags, ops[i]->num_flags);
    EXPECT_EQ(info->inPlace != 0, ops[i]->in_place);
    EXPECT_EQ(aclnnHostOpFind(ops[i]->api), info);
    EXPECT_EQ(aclnnHostOpFind(ops[i]->name), info);
    EXPECT_EQ(aclnn_host::FindOpSpec(ops[i]->name), ops[i]);
  }
  EXPECT_EQ(aclnnHostOpFind("aclnnNoSuchOp"), nullptr);
  EXPECT_EQ(aclnnHostOpFind(nullptr), nullptr);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnHostOpGetWorkspaceSize(nullptr, nullptr, &size, &executor), ACLNN_ERR_PARAM_NULLPTR);
}

// A check that reads a tensor's descriptor (shape, dtype) must not see a pointer that is not a live
// aclTensor: before AllLive a row may only test pointers for null (catalogue row OPS-03 runs it).
TEST(OpTable, OnlyNullChecksComeBeforeTheLivenessCheck) {
  for (const OpSpec* op : AllOps()) {
    bool live = false;
    for (const aclnn_host::CheckStep& step : op->checks) {
      if (step.check == aclnn_host::Check::kEnd) break;
      if (step.check == aclnn_host::Check::kAllLive) live = true;
      const bool pointer_only = step.check == aclnn_host::Check::kNotNull ||
                                step.check == aclnn_host::Check::kScalarNotNull ||
                                step.check == aclnn_host::Check::kOutputPointers ||
                                step.check == aclnn_host::Check::kProfile || step.check == aclnn_host::Check::kAllLive;
      EXPECT_TRUE(live || pointer_only) << op->api << ": check " << static_cast<int>(step.check)
                                        << " reads a tensor before AllLive";
    }
    EXPECT_TRUE(live) << op->api << " has no AllLive step";
  }
}

TEST(OpTable, NamesAreUnique) {
  const std::vector<const OpSpec*> ops = AllOps();
  for (size_t i = 0; i < ops.size(); ++i) {
    for (size_t j = i + 1; j < ops.size(); ++j) {
      EXPECT_STRNE(ops[i]->api, ops[j]->api);
      EXPECT_STRNE(ops[i]->name, ops[j]->name);
    }
  }
}

TEST(OpTable, EveryKernelIsTheSameAtEveryLengthAlignmentAndIsa) {
  const aclnn_host::KernelScalars scalars{{0.25f, 1.5f, -0.5f, 2.0f}};
  size_t checked = 0;
  for (const Variant& v : Variants()) {
    SCOPED_TRACE(Name(v));
    const aclnn_host::KernelSelector select = v.tbe ? v.op->tbe_kernels : v.op->kernels;
    const aclnn_host::ElementwiseKernels kernels = select(v.isa, v.in, v.out, v.flush);
    const aclnn_host::ElementwiseKernels reference = select(Isa::kBaseline, v.in, v.out, v.flush);
    const size_t in_size = aclDataTypeSize(v.in), out_size = aclDataTypeSize(v.out);
    constexpr size_t kMaxLength = 130;
    std::vector<std::vector<uint8_t>> inputs;
    for (size_t k = 0; k < v.op->num_inputs; ++k) inputs.push_back(Values(v.in, kMaxLength + 4, 7 + k));
    struct Mode {
      aclnn_host::DenseKernel kernel, one;
    };
    const Mode modes[] = {{kernels.infnan, reference.infnan},
                          {kernels.saturation, reference.saturation},
                          {kernels.infnan_streaming, reference.infnan},
                          {kernels.saturation_streaming, reference.saturation}};
    for (const Mode& mode : modes) {
      if (mode.kernel == nullptr) continue;
      ASSERT_NE(mode.one, nullptr);
      // The expected bytes: the baseline kernel one element at a time.
      std::vector<uint8_t> expected((kMaxLength + 4) * out_size);
      for (size_t i = 0; i < kMaxLength + 4; ++i) {
        const void* args[aclnn_host::kMaxOpInputs + 1] = {};
        for (size_t k = 0; k < inputs.size(); ++k) args[k] = &inputs[k][i * in_size];
        args[inputs.size()] = &scalars;
        mode.one(1, args, &expected[i * out_size]);
      }
      for (size_t misalign = 0; misalign < 4; ++misalign) {
        for (size_t length = 0; length <= kMaxLength; ++length) {
          std::vector<uint8_t> out((misalign + length) * out_size + kGuard, kPoison);
          const void* args[aclnn_host::kMaxOpInputs + 1] = {};
          for (size_t k = 0; k < inputs.size(); ++k) args[k] = &inputs[k][misalign * in_size];
          args[inputs.size()] = &scalars;
          mode.kernel(static_cast<int64_t>(length), args, &out[misalign * out_size]);
          for (size_t b = 0; b < misalign * out_size; ++b) ASSERT_EQ(out[b], kPoison) << "wrote before its start";
          for (size_t b = (misalign + length) * out_size; b < out.size(); ++b) {
            ASSERT_EQ(out[b], kPoison) << "wrote past its end at length " << length;
          }
          ASSERT_EQ(FirstDifference(&out[misalign * out_size], &expected[misalign * out_size], length, v.out), -1)
              << "length " << length << ", misaligned by " << misalign;
        }
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u);
}

}  // namespace
