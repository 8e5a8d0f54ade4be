// aclnnHardsigmoid and aclnnInplaceHardsigmoid (docs/upstream/hardsigmoid-threshold-hardtanh.md §1):
// upstream's unit-test table, the checks and their messages, every fp16 and bf16 input on each
// kernel (Ascend 950's AscendC one, the TBE one elsewhere) against the independent reference,
// INT32, and the in-place form.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardsigmoid.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"

namespace {

using reference::Format;

constexpr const char* kPhaseOne = "aclnnHardsigmoidGetWorkspaceSize";
constexpr const char* kInplacePhaseOne = "aclnnInplaceHardsigmoidGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr,
                  aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, data);
}

test::PhaseOneResult PhaseOne(const aclTensor* self, aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnHardsigmoidGetWorkspaceSize(self, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(const aclTensor* self, aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  return test::Rejected(PhaseOne(self, out), kPhaseOne, code, phrase);
}

void ExpectAccepted(const aclTensor* self, aclTensor* out) {
  const test::PhaseOneResult result = PhaseOne(self, out);
  EXPECT_TRUE(test::Accepted(result));
  test::Discard(result.executor);
}

size_t SizeOf(aclDataType dtype) { return dtype == ACL_FLOAT || dtype == ACL_INT32 ? 4 : 2; }

/// Runs aclnnHardsigmoid (or the in-place form) on 1-D raw elements (as uint32) of `dtype`.
std::vector<uint32_t> RunHardsigmoid(aclDataType dtype, const std::vector<uint32_t>& selfs, aclrtStream stream,
                                     bool in_place = false) {
  const size_t n = selfs.size();
  const size_t size = SizeOf(dtype);
  std::vector<uint8_t> host(n * size);
  for (size_t i = 0; i < n; ++i) std::memcpy(&host[i * size], &selfs[i], size);
  test::DeviceBuffer x(host.size()), y(host.size());
  x.Upload(host);
  test::Tensor xt = Make({static_cast<int64_t>(n)}, dtype, x.get());
  test::Tensor yt = Make({static_cast<int64_t>(n)}, dtype, y.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  if (in_place) {
    EXPECT_EQ(aclnnInplaceHardsigmoidGetWorkspaceSize(xt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
    EXPECT_EQ(aclnnInplaceHardsigmoid(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  } else {
    EXPECT_EQ(aclnnHardsigmoidGetWorkspaceSize(xt.get(), yt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
    EXPECT_EQ(aclnnHardsigmoid(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  const std::vector<uint8_t> raw = (in_place ? x : y).Download<uint8_t>(host.size());
  std::vector<uint32_t> result(n, 0);
  for (size_t i = 0; i < n; ++i) std::memcpy(&result[i], &raw[i * size], size);
  return result;
}

}  // namespace

// ---- the upstream unit-test table (test_aclnn_hardsigmoid.cpp) ---------------------------------

TEST(HardsigmoidUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  test::Tensor i64 = Make({2, 3}, ACL_INT64), f23 = Make({2, 3});
  EXPECT_TRUE(RejectsWith(i64.get(), f23.get(), ACLNN_ERR_PARAM_INVALID,  // 001
                          "Tensor self not implemented for DT_INT64, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_INT32,DT_BF16,]."));
  test::Tensor f11 = Make({1, 1});
  EXPECT_TRUE(RejectsWith(f23.get(), f11.get(), ACLNN_ERR_PARAM_INVALID,  // 002
                          "Expected tensor for self to have same size as tensor for out, but [2, 3] does not equal "
                          "[1, 1]."));
  test::Tensor f236 = Make({2, 3, 6}), f231 = Make({2, 3, 1});
  EXPECT_TRUE(RejectsWith(f236.get(), f231.get(), ACLNN_ERR_PARAM_INVALID, "to have same size"));  // 003
  test::Tensor empty = Make({2, 0});
  ExpectAccepted(empty.get(), empty.get());  // 004
  for (auto [shape, dtype] :
       std::vector<std::pair<std::vector<int64_t>, aclDataType>>{{{2, 4}, ACL_FLOAT},    // 005
                                                                 {{2, 5}, ACL_FLOAT16},  // 006
                                                                 {{2, 4}, ACL_INT32},    // 007
                                                                 {{2, 5}, ACL_BF16},     // ascend910B2_008
                                                                 {{5, 2, 3, 4, 6, 1, 7, 9}, ACL_FLOAT},  // 012
                                                                 {{}, ACL_FLOAT}}) {                     // 013
    test::Tensor self = Make(shape, dtype), out = Make(shape, dtype);
    ExpectAccepted(self.get(), out.get());
  }
  for (aclDataType dtype : {ACL_INT8, ACL_INT16}) {  // 008, 009
    test::Tensor t = Make({2, 4}, dtype);
    EXPECT_TRUE(RejectsWith(t.get(), t.get(), ACLNN_ERR_PARAM_INVALID, "not implemented for DT_INT"));
  }
  test::Tensor f244 = Make({2, 4, 4}), f24 = Make({2, 4});
  EXPECT_TRUE(RejectsWith(f244.get(), f24.get(), ACLNN_ERR_PARAM_INVALID, "to have same size"));  // 010
  test::Tensor nine = Make({2, 4, 5, 2, 3, 4, 8, 1, 1});
  EXPECT_TRUE(RejectsWith(nine.get(), nine.get(), ACLNN_ERR_PARAM_INVALID,  // 011
                          "The self tensor cannot be larger than 8 dimensions."));
  test::Tensor nchw = Make({1, 16, 1, 1}, ACL_FLOAT, nullptr, ACL_FORMAT_NCHW);
  EXPECT_TRUE(RejectsWith(nullptr, nchw.get(), ACLNN_ERR_PARAM_NULLPTR,  // 014
                          "Expected a proper Tensor but got null for argument t0."));
}

// ---- checks beyond the table ------------------------------------------------------------------

TEST(HardsigmoidChecks, OrderAndMessages) {
  test::RuntimeSession session;
  test::Tensor f = Make({2, 3});
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnHardsigmoidGetWorkspaceSize(f.get(), f.get(), nullptr, &executor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                              "The workspaceSize or executor is nullptr."));
  EXPECT_TRUE(RejectsWith(f.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR, "argument t1."));
  // Only self's dtype is listed; out must then have the same one (no cast), and the same format.
  test::Tensor h = Make({2, 3}, ACL_FLOAT16), i64 = Make({2, 3}, ACL_INT64);
  EXPECT_TRUE(RejectsWith(f.get(), h.get(), ACLNN_ERR_PARAM_INVALID,
                          "Parameters self, out of aclnnHardsigmoid have incorrect dtypes DT_FLOAT, DT_FLOAT16. "
                          "Reason: the dtype of self and out must be the same."));
  EXPECT_TRUE(RejectsWith(f.get(), i64.get(), ACLNN_ERR_PARAM_INVALID, "incorrect dtypes DT_FLOAT, DT_INT64."));
  test::Tensor nchw = Make({2, 3}, ACL_FLOAT, nullptr, ACL_FORMAT_NCHW);
  EXPECT_TRUE(RejectsWith(f.get(), nchw.get(), ACLNN_ERR_PARAM_INVALID,
                          "Parameters self, out of aclnnHardsigmoid have incorrect formats ND, NCHW. "
                          "Reason: the format of self and out must be the same."));
  ExpectAccepted(nchw.get(), nchw.get());  // any format, as long as both have it
  // The shape is checked before the dtypes: a 9-D out of another shape reports the shape.
  test::Tensor h9 = Make({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(f.get(), h9.get(), ACLNN_ERR_PARAM_INVALID, "to have same size"));
  uint64_t workspace_size = 0;
  EXPECT_EQ(aclnnInplaceHardsigmoidGetWorkspaceSize(nullptr, &workspace_size, &executor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), kInplacePhaseOne, ACLNN_ERR_PARAM_NULLPTR, "argument t0."));
  test::Tensor i8 = Make({2, 3}, ACL_INT8);
  EXPECT_EQ(aclnnInplaceHardsigmoidGetWorkspaceSize(i8.get(), &workspace_size, &executor), ACLNN_ERR_PARAM_INVALID);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), kInplacePhaseOne, ACLNN_ERR_PARAM_INVALID,
                              "Tensor self not implemented for DT_INT8"));
}

TEST(HardsigmoidChecks, DtypeListsPerSoc) {
  {
    test::RuntimeSession session("Ascend910A");  // GetDtypeSupportListV2's second list: no BF16
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(RejectsWith(b.get(), b.get(), ACLNN_ERR_PARAM_INVALID,
                            "Tensor self not implemented for DT_BF16, should be in dtype support list "
                            "[DT_FLOAT,DT_FLOAT16,DT_INT32,]."));
  }
  {
    test::RuntimeSession session("Ascend950PR");
    test::Tensor b = Make({4}, ACL_BF16);
    ExpectAccepted(b.get(), b.get());
  }
  {
    // No platform check: the inference SoCs run the built-in TBE kernel.
    test::RuntimeSession session("Ascend310P3");
    test::Tensor f = Make({4}), b = Make({4}, ACL_BF16);
    ExpectAccepted(f.get(), f.get());
    EXPECT_TRUE(RejectsWith(b.get(), b.get(), ACLNN_ERR_PARAM_INVALID, "not implemented for DT_BF16"));
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(HardsigmoidValues, TheDocExample) {
  test::RuntimeSession session;
  const std::vector<float> x = {-4, -3, -2, 0, 1, 2, 4, 5};
  std::vector<uint32_t> raw;
  for (float v : x) raw.push_back(reference::Bits(v));
  const std::vector<uint32_t> y = RunHardsigmoid(ACL_FLOAT, raw, session.stream());
  // -2 / 6 + 0.5 = 0.16666666f, 1 -> 0.66666669f, 2 -> 0.83333337f in the fp32 sequence.
  const std::vector<float> expected = {0.0f, 0.0f, 0.16666666f, 0.5f, 0.66666669f, 0.83333337f, 1.0f, 1.0f};
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(y[i], reference::Bits(expected[i])) << "x = " << x[i];
}

TEST(HardsigmoidValues, SpecialsNeverGiveNegativeZero) {
  test::RuntimeSession session("Ascend950PR");
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> x = {-3.0f, -0.0f, 0.0f, 3.0f, inf, -inf, -1e30f, 1e30f, 1e-40f};
  std::vector<uint32_t> raw;
  for (float v : x) raw.push_back(reference::Bits(v));
  const std::vector<uint32_t> y = RunHardsigmoid(ACL_FLOAT, raw, session.stream());
  const std::vector<float> expected = {0.0f, 0.5f, 0.5f, 1.0f, 1.0f, 0.0f, 0.0f, 1.0f, 0.5f};
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(y[i], reference::Bits(expected[i])) << "x = " << x[i];
  const std::vector<uint32_t> nan = RunHardsigmoid(ACL_FLOAT, {0x7FC00001u}, session.stream());
  EXPECT_TRUE(reference::IsNan(nan[0], Format::kFp32));
}

struct SocCase {
  const char* soc;
  bool ascend950;
  reference::Numerics numerics;
  bool bf16;
};

class HardsigmoidEverySixteenBitValue : public ::testing::TestWithParam<SocCase> {};

TEST_P(HardsigmoidEverySixteenBitValue, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    if (dtype == ACL_BF16 && !soc.bf16) continue;
    const Format format = dtype == ACL_FLOAT16 ? Format::kFp16 : Format::kBf16;
    for (bool in_place : {false, true}) {
      const std::vector<uint32_t> y = RunHardsigmoid(dtype, all, session.stream(), in_place);
      int mismatches = 0;
      for (uint32_t i = 0; i < all.size() && mismatches < 5; ++i) {
        const uint32_t want = reference::HardsigmoidElement(i, format, soc.ascend950, soc.numerics);
        if (!reference::SameResult(y[i], want, format)) {
          ++mismatches;
          ADD_FAILURE() << soc.soc << " dtype " << dtype << " input 0x" << std::hex << i << ": got 0x" << y[i]
                        << ", want 0x" << want;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, HardsigmoidEverySixteenBitValue,
                         ::testing::Values(SocCase{"Ascend950PR", true, {false, true}, true},
                                           SocCase{"Ascend910B3", false, {false, false}, true},
                                           SocCase{"Ascend910A", false, {true, false}, false}),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });

TEST(HardsigmoidValues, Fp32RandomBitsOnBothKernels) {
  std::mt19937 rng(7);
  std::vector<uint32_t> x(1 << 16);
  for (uint32_t& v : x) v = rng();
  for (float v : {-3.0f, 3.0f, -2.9999998f, 2.9999998f, -3.0000002f, 3.0000002f}) x.push_back(reference::Bits(v));
  for (const SocCase& soc :
       {SocCase{"Ascend950PR", true, {false, true}, true}, SocCase{"Ascend910B3", false, {false, false}, true}}) {
    test::RuntimeSession session(soc.soc);
    const std::vector<uint32_t> y = RunHardsigmoid(ACL_FLOAT, x, session.stream());
    int mismatches = 0;
    for (size_t i = 0; i < x.size() && mismatches < 5; ++i) {
      const uint32_t want = reference::HardsigmoidElement(x[i], Format::kFp32, soc.ascend950, soc.numerics);
      if (!reference::SameResult(y[i], want, Format::kFp32)) {
        ++mismatches;
        ADD_FAILURE() << soc.soc << " input 0x" << std::hex << x[i] << ": got 0x" << y[i] << ", want 0x" << want;
      }
    }
  }
}

TEST(HardsigmoidValues, Bf16TiesRoundHalfAwayOn950AndToEvenElsewhere) {
  // bf16 0x3F2B (0.66796875): * 1/6 + 0.5 = 0.61132812 (fp32 0x3F1C8000), exactly between bf16
  // 0x3F1C and 0x3F1D: Ascend 950 rounds away (0x3F1D), the TBE kernel to even (0x3F1C).
  const uint32_t x = 0x3F2Bu;
  const float y = reference::Hardsigmoid(reference::Bf16ToFloat(0x3F2B), reference::Numerics());
  ASSERT_EQ(reference::Bits(y) & 0xFFFFu, 0x8000u) << "not a tie; pick another input";
  {
    test::RuntimeSession session("Ascend950PR");
    EXPECT_EQ(RunHardsigmoid(ACL_BF16, {x}, session.stream())[0], (reference::Bits(y) >> 16) + 1);
  }
  {
    test::RuntimeSession session("Ascend910B3");
    EXPECT_EQ(RunHardsigmoid(ACL_BF16, {x}, session.stream())[0], reference::Bits(y) >> 16);
  }
}

TEST(HardsigmoidValues, Int32IsOneFromThreeUp) {
  std::vector<int32_t> x = {INT_MIN, -16777217, -4, -3, -1, 0, 1, 2, 3, 4, 5, 16777217, INT_MAX};
  for (int32_t i = -100; i <= 100; ++i) x.push_back(i);
  std::vector<uint32_t> raw;
  for (int32_t v : x) raw.push_back(static_cast<uint32_t>(v));
  for (const char* soc : {"Ascend950PR", "Ascend910B3", "Ascend310P3"}) {
    test::RuntimeSession session(soc);
    for (bool in_place : {false, true}) {
      const std::vector<uint32_t> y = RunHardsigmoid(ACL_INT32, raw, session.stream(), in_place);
      for (size_t i = 0; i < x.size(); ++i) {
        EXPECT_EQ(static_cast<int32_t>(y[i]), x[i] >= 3 ? 1 : 0) << soc << " x = " << x[i];
        EXPECT_EQ(static_cast<int32_t>(y[i]), reference::HardsigmoidInt32(x[i])) << soc << " x = " << x[i];
      }
    }
  }
}

TEST(HardsigmoidValues, StridedSelfAndInPlaceView) {
  test::RuntimeSession session;
  test::Layout layout;
  layout.view = {3, 4};
  layout.strides = {1, 3};
  const std::vector<int64_t> storage = test::StorageOf(layout);
  std::vector<float> host(static_cast<size_t>(test::ElementCount(storage)));
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i) - 5.5f;
  test::DeviceBuffer x(host.size() * 4);
  x.Upload(host);
  test::Tensor xt(layout, x.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnInplaceHardsigmoidGetWorkspaceSize(xt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclnnInplaceHardsigmoid(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<float> actual = x.Download<float>(host.size());
  for (size_t i = 0; i < host.size(); ++i) {
    EXPECT_EQ(reference::Bits(actual[i]), reference::Bits(reference::Hardsigmoid(host[i], reference::Numerics())))
        << "element " << i;
  }
}
