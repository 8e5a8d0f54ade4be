// aclnnHardswish and aclnnInplaceHardswish (op-hardswish.md): the upstream cases, the checks,
// the special values (±3, ±inf — -inf must give a zero, not NaN — NaN, ±0), every fp16 and bf16
// input through the API against the independent reference, mixed output dtypes, and the strided
// and in-place layouts of upstream's test table.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardswish.h"
#include "base/op_checks.h"
#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"

namespace {

using reference::Format;

constexpr const char* kPhaseOne = "aclnnHardswishGetWorkspaceSize";
constexpr const char* kInplacePhaseOne = "aclnnInplaceHardswishGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr,
                  aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, data);
}

test::PhaseOneResult PhaseOne(const aclTensor* self, const aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnHardswishGetWorkspaceSize(self, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(const aclTensor* self, const aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  return test::Rejected(PhaseOne(self, out), kPhaseOne, code, phrase);
}

void ExpectAccepted(const aclTensor* self, const aclTensor* out) {
  const test::PhaseOneResult result = PhaseOne(self, out);
  EXPECT_TRUE(test::Accepted(result));
  test::Discard(result.executor);
}

Format FormatOf(aclDataType dtype) {
  return dtype == ACL_FLOAT ? Format::kFp32 : dtype == ACL_FLOAT16 ? Format::kFp16 : Format::kBf16;
}

size_t SizeOf(aclDataType dtype) { return dtype == ACL_FLOAT ? 4 : 2; }

/// Runs aclnnHardswish on 1-D raw elements (as uint32) from `in` to `out` dtype.
std::vector<uint32_t> RunForward(aclDataType in, aclDataType out, const std::vector<uint32_t>& selfs,
                                 aclrtStream stream) {
  const size_t n = selfs.size();
  std::vector<uint8_t> host(n * SizeOf(in));
  for (size_t i = 0; i < n; ++i) std::memcpy(&host[i * SizeOf(in)], &selfs[i], SizeOf(in));
  test::DeviceBuffer x(host.size()), y(n * SizeOf(out));
  x.Upload(host);
  test::Tensor xt = Make({static_cast<int64_t>(n)}, in, x.get());
  test::Tensor yt = Make({static_cast<int64_t>(n)}, out, y.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnHardswishGetWorkspaceSize(xt.get(), yt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclnnHardswish(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  const std::vector<uint8_t> raw = y.Download<uint8_t>(n * SizeOf(out));
  std::vector<uint32_t> result(n, 0);
  for (size_t i = 0; i < n; ++i) std::memcpy(&result[i], &raw[i * SizeOf(out)], SizeOf(out));
  return result;
}

float Forward(float x, aclrtStream stream) {
  return reference::FromBits(RunForward(ACL_FLOAT, ACL_FLOAT, {reference::Bits(x)}, stream)[0]);
}

}  // namespace

// ---- the upstream unit-test table -------------------------------------------------------------

TEST(HardswishUpstream, Cases) {
  test::RuntimeSession session;
  test::Tensor int64 = Make({2, 3}, ACL_INT64), int32 = Make({2, 3}, ACL_INT32), f23 = Make({2, 3});
  EXPECT_TRUE(RejectsWith(int64.get(), f23.get(), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_INT64"));
  EXPECT_TRUE(RejectsWith(int32.get(), f23.get(), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_INT32"));
  test::Tensor f235 = Make({2, 3, 5}), h23 = Make({2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(f235.get(), h23.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for self to have same size as tensor for out, but [2, 3, 5] does not equal "
                          "[2, 3]."));
  test::Tensor empty = Make({2, 0});
  const test::PhaseOneResult result = PhaseOne(empty.get(), empty.get());
  EXPECT_TRUE(test::Accepted(result));
  EXPECT_EQ(result.workspace_size, 0u);
  test::Discard(result.executor);
  for (auto [shape, dtype] :
       std::vector<std::pair<std::vector<int64_t>, aclDataType>>{{{2, 4}, ACL_FLOAT},
                                                                 {{2, 5}, ACL_FLOAT16},
                                                                 {{2, 4, 3, 1, 5}, ACL_FLOAT},
                                                                 {{2, 4, 1, 3, 4, 6, 5, 3, 7}, ACL_FLOAT},
                                                                 {{}, ACL_FLOAT},
                                                                 {{2, 4}, ACL_BF16}}) {
    test::Tensor t = Make(shape, dtype);
    ExpectAccepted(t.get(), t.get());
  }
  test::Tensor nchw24 = Make({2, 4}, ACL_FLOAT, nullptr, ACL_FORMAT_NCHW),
               nchw43 = Make({4, 3}, ACL_FLOAT, nullptr, ACL_FORMAT_NCHW);
  EXPECT_TRUE(
      RejectsWith(nchw24.get(), nchw43.get(), ACLNN_ERR_PARAM_INVALID, "Expected tensor for self to have same size"));
  for (aclFormat format : {ACL_FORMAT_NHWC, ACL_FORMAT_HWCN}) {
    test::Tensor t = Make({2, 4}, ACL_FLOAT, nullptr, format);
    ExpectAccepted(t.get(), t.get());
  }
}

TEST(HardswishUpstream, StridedAndInPlaceViewsCompute) {
  // The three layout rows of upstream's table, run on data and checked against the reference.
  test::RuntimeSession session;
  struct Case {
    test::Layout layout;
    bool in_place;
  };
  std::vector<Case> cases;
  test::Layout a;
  a.view = {2, 4};
  a.strides = {1, 2};
  cases.push_back({a, false});
  test::Layout b;
  b.view = {3, 5, 7, 6};
  b.strides = {210, 42, 1, 7};
  b.storage = {3, 5, 6, 7};
  cases.push_back({b, false});
  test::Layout c;
  c.view = {2, 2};
  c.strides = {4, 2};
  c.storage = {2, 4};
  cases.push_back({c, true});
  for (const Case& k : cases) {
    const std::vector<int64_t> storage = test::StorageOf(k.layout);
    const int64_t storage_elements = test::ElementCount(storage);
    std::vector<float> host(static_cast<size_t>(storage_elements));
    for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i % 17) * 0.75f - 6.0f;
    test::DeviceBuffer x(host.size() * 4), y(host.size() * 4);
    x.Upload(host);
    y.Upload(std::vector<float>(host.size(), -99.0f));
    test::Tensor xt(k.layout, x.get()), yt(k.layout, k.in_place ? x.get() : y.get());
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    if (k.in_place) {
      ASSERT_EQ(aclnnInplaceHardswishGetWorkspaceSize(xt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
          << test::TakeErrorMessage();
      ASSERT_EQ(
          aclnnInplaceHardswish(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
          ACLNN_SUCCESS);
    } else {
      ASSERT_EQ(aclnnHardswishGetWorkspaceSize(xt.get(), yt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
          << test::TakeErrorMessage();
      ASSERT_EQ(aclnnHardswish(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
                ACLNN_SUCCESS);
    }
    ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
    std::vector<float> expected = k.in_place ? host : std::vector<float>(host.size(), -99.0f);
    const int64_t count = test::ElementCount(k.layout.view);
    for (int64_t i = 0; i < count; ++i) {
      const int64_t at = test::StorageIndex(k.layout, i);
      expected[static_cast<size_t>(at)] = reference::HardswishTbe(host[static_cast<size_t>(at)]);  // Ascend910B3
    }
    const std::vector<float> actual = (k.in_place ? x : y).Download<float>(host.size());
    for (size_t i = 0; i < host.size(); ++i) {
      EXPECT_EQ(reference::Bits(actual[i]), reference::Bits(expected[i])) << "element " << i;
    }
  }
}

// ---- checks beyond the table ------------------------------------------------------------------

TEST(HardswishChecks, NullsOrderAndMessages) {
  test::RuntimeSession session;
  test::Tensor t = Make({2, 3});
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnHardswishGetWorkspaceSize(t.get(), t.get(), nullptr, &executor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                              "The workspaceSize or executor is nullptr."));
  EXPECT_TRUE(RejectsWith(nullptr, nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument self."));
  EXPECT_TRUE(RejectsWith(t.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument out."));
  uint64_t workspace_size = 0;
  EXPECT_EQ(aclnnInplaceHardswishGetWorkspaceSize(nullptr, &workspace_size, &executor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), kInplacePhaseOne, ACLNN_ERR_PARAM_NULLPTR, "argument self."));
}

TEST(HardswishChecks, OutDtypeIsCheckedAgainstTheListThenForACast) {
  test::RuntimeSession session;
  test::Tensor f = Make({2, 3}), i32 = Make({2, 3}, ACL_INT32);
  EXPECT_TRUE(RejectsWith(f.get(), i32.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out not implemented for DT_INT32, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_BF16,]."));
  test::Tensor h = Make({2, 3}, ACL_FLOAT16), b = Make({2, 3}, ACL_BF16);
  ExpectAccepted(f.get(), h.get());  // mixed float dtypes: compute, then cast
  ExpectAccepted(h.get(), b.get());
}

TEST(HardswishChecks, ResultDtypeCastTextIsUpstreams) {
  // OP_CHECK_RESULT_DTYPE_CAST_FAILED: unreachable through the API (every listed dtype is a float,
  // and floats cast to each other), so the shared check is called directly.
  test::RuntimeSession session;
  test::Tensor f = Make({2, 3}), b = Make({2, 3}, ACL_BOOL);
  EXPECT_EQ(aclnn_host::CheckCastable(kPhaseOne, {f.get(), "self"}, {b.get(), "out"}), ACLNN_ERR_PARAM_INVALID);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_INVALID,
                              "Result type DT_FLOAT can't be cast to the desired output type DT_BOOL."));
  EXPECT_EQ(aclnn_host::CheckCastable(kPhaseOne, {f.get(), "self"}, {f.get(), "out"}), ACLNN_SUCCESS);
}

TEST(HardswishChecks, BF16RejectedOnAscend910AndNoRankLimit) {
  {
    test::RuntimeSession session("Ascend910A");
    test::Tensor b = Make({2, 3}, ACL_BF16);
    EXPECT_TRUE(RejectsWith(b.get(), b.get(), ACLNN_ERR_PARAM_INVALID, "[DT_FLOAT,DT_FLOAT16,]."));
  }
  test::RuntimeSession session;
  test::Tensor ten = Make({1, 2, 1, 2, 1, 2, 1, 2, 1, 2});
  ExpectAccepted(ten.get(), ten.get());
}

TEST(HardswishChecks, LayoutChecksLikeTheBackwardOps) {
  test::RuntimeSession session;
  test::Tensor negative = Make({2, -3}), out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(negative.get(), negative.get(), ACLNN_ERR_PARAM_INVALID, "has a negative dim"));
  test::Layout outside;
  outside.view = {2, 3};
  outside.storage = {5};
  test::Tensor bad(outside, nullptr);
  EXPECT_TRUE(RejectsWith(bad.get(), out.get(), ACLNN_ERR_INNER_NULLPTR, "does not lie inside its storage shape [5]."));
  test::Layout broadcast;
  broadcast.view = {2, 3};
  broadcast.strides = {0, 1};
  broadcast.storage = {3};
  test::Tensor bout(broadcast, nullptr), self = Make({2, 3});
  EXPECT_TRUE(RejectsWith(self.get(), bout.get(), ACLNN_ERR_PARAM_INVALID, "has stride 0"));
}

// ---- numerics ---------------------------------------------------------------------------------

// Ascend910/910B/910_93 run the built-in TBE kernel, Ascend 950 the AscendC arch35 one
// (docs/numerics.md). The default profile (Ascend910B3) is a TBE one.

bool IsTbe(const char* soc) { return std::string(soc) != "Ascend950PR"; }

reference::Numerics NumericsOf(const char* soc) {
  reference::Numerics numerics;
  numerics.flush_subnormals = !IsTbe(soc);
  return numerics;
}

TEST(HardswishNumerics, TheSampleValues) {
  // op-hardswish.md's example: {0, 0, -0.333333, 0, 0.666667, 1.666667, 4, 5}; the first two are
  // -0.0 under both kernels' arithmetic (a negative x times a zero).
  for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    const std::vector<float> selfs = {-4, -3, -2, 0, 1, 2, 4, 5};
    std::vector<uint32_t> raw;
    for (float x : selfs) raw.push_back(reference::Bits(x));
    const std::vector<uint32_t> out = RunForward(ACL_FLOAT, ACL_FLOAT, raw, session.stream());
    const char* printed[] = {"-0.000000", "-0.000000", "-0.333333", "0.000000",
                             "0.666667",  "1.666667",  "4.000000",  "5.000000"};
    for (size_t i = 0; i < selfs.size(); ++i) {
      char text[32];
      std::snprintf(text, sizeof(text), "%f", reference::FromBits(out[i]));
      EXPECT_STREQ(text, printed[i]) << soc << " x = " << selfs[i];
    }
  }
}

TEST(HardswishNumerics, SpecialValues) {
  for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    const aclrtStream s = session.stream();
    EXPECT_EQ(reference::Bits(Forward(3.0f, s)), reference::Bits(3.0f));
    EXPECT_EQ(reference::Bits(Forward(-3.0f, s)), reference::Bits(-0.0f));
    EXPECT_EQ(reference::Bits(Forward(INFINITY, s)), reference::Bits(INFINITY));
    if (IsTbe(soc)) {
      EXPECT_TRUE(std::isnan(Forward(-INFINITY, s)));  // TBE: -inf * 0
    } else {
      EXPECT_EQ(reference::Bits(Forward(-INFINITY, s)), reference::Bits(-0.0f));  // arch35: max(x, -3) * 0
    }
    EXPECT_TRUE(std::isnan(Forward(NAN, s)));
    EXPECT_EQ(reference::Bits(Forward(0.0f, s)), reference::Bits(0.0f));
    EXPECT_EQ(reference::Bits(Forward(-0.0f, s)), reference::Bits(-0.0f));
    for (float x : {-3.0f, 3.0f, -1.0f, 0.3f}) {
      for (float neighbour : {std::nextafter(x, -INFINITY), x, std::nextafter(x, INFINITY)}) {
        const float expected =
            IsTbe(soc) ? reference::HardswishTbe(neighbour) : reference::Hardswish(neighbour, NumericsOf(soc));
        EXPECT_EQ(reference::Bits(Forward(neighbour, s)), reference::Bits(expected)) << soc << " " << neighbour;
      }
    }
    // Multiply by the rounded 1/6, not a division by 6: x = 1 gives 4 * 0.16666667f.
    EXPECT_EQ(reference::Bits(Forward(1.0f, s)), reference::Bits(4.0f * 0.16666667f));
  }
}

TEST(HardswishNumerics, EveryFp16AndBf16InputToEveryOutputDtype) {
  std::vector<uint32_t> all16(65536);
  for (uint32_t x = 0; x <= 0xFFFF; ++x) all16[x] = x;
  std::mt19937 rng(21);
  std::vector<uint32_t> fp32(size_t{1} << 20);
  for (size_t i = 0; i < fp32.size(); ++i) fp32[i] = rng();
  for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    for (aclDataType in : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      const std::vector<uint32_t>& selfs = in == ACL_FLOAT ? fp32 : all16;
      for (aclDataType out : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        const std::vector<uint32_t> outs = RunForward(in, out, selfs, session.stream());
        size_t mismatches = 0;
        for (size_t i = 0; i < selfs.size(); ++i) {
          const uint32_t expected =
              IsTbe(soc) ? reference::HardswishTbeElement(selfs[i], FormatOf(in), FormatOf(out), NumericsOf(soc))
                         : reference::HardswishElement(selfs[i], FormatOf(in), FormatOf(out), NumericsOf(soc));
          mismatches += !reference::SameResult(outs[i], expected, FormatOf(out));
        }
        EXPECT_EQ(mismatches, 0u) << soc << " in " << in << " out " << out;
      }
    }
  }
}

TEST(HardswishNumerics, RoundHalfAwayOn950AndToEvenOnTheTbeSocs) {
  // fp16 results that fall exactly halfway: the arch35 kernel rounds them away from zero
  // (CAST_ROUND), TBE's cast_to to nearest-even. Inputs are normal fp16 values, where both
  // kernels compute the same fp32 value.
  std::vector<uint32_t> selfs;
  for (uint32_t x = 0x0400; x < 0x7C00 && selfs.size() < 64; ++x) {
    for (uint32_t sign : {0u, 0x8000u}) {
      const float v = reference::HalfToFloat(static_cast<uint16_t>(x | sign));
      const float y = reference::Hardswish(v, {});
      if (reference::Bits(y) == reference::Bits(reference::HardswishTbe(v)) &&
          reference::FloatToHalfHalfAway(y) != reference::FloatToHalf(y)) {
        selfs.push_back(x | sign);
      }
    }
  }
  ASSERT_FALSE(selfs.empty());
  for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    const std::vector<uint32_t> outs = RunForward(ACL_FLOAT16, ACL_FLOAT16, selfs, session.stream());
    for (size_t i = 0; i < selfs.size(); ++i) {
      const float y = reference::Hardswish(reference::HalfToFloat(static_cast<uint16_t>(selfs[i])), {});
      const uint16_t expected = IsTbe(soc) ? reference::FloatToHalf(y) : reference::FloatToHalfHalfAway(y);
      EXPECT_EQ(outs[i], expected) << soc << " 0x" << std::hex << selfs[i];
    }
  }
}

TEST(HardswishNumerics, InPlaceOnALargeTensorMatchesOutOfPlace) {
  test::RuntimeSession session;
  const int64_t n = 300000;  // above the threading threshold and the inline-launch size
  std::vector<float> host(static_cast<size_t>(n));
  std::mt19937 rng(5);
  for (float& v : host) v = std::uniform_real_distribution<float>(-8.0f, 8.0f)(rng);
  test::DeviceBuffer x(host.size() * 4);
  x.Upload(host);
  test::Tensor xt = Make({n}, ACL_FLOAT, x.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnInplaceHardswishGetWorkspaceSize(xt.get(), &workspace_size, &executor), ACLNN_SUCCESS);
  EXPECT_EQ(workspace_size, 0u);
  ASSERT_EQ(aclnnInplaceHardswish(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> result = x.Download<float>(host.size());
  for (size_t i = 0; i < host.size(); ++i) {
    ASSERT_EQ(reference::Bits(result[i]), reference::Bits(reference::HardswishTbe(host[i]))) << i;
  }
}
