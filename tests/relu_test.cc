// aclnnRelu and aclnnInplaceRelu (docs/upstream/relu-leakyrelu-addrelu.md §1): upstream's unit-test
// table, the checks with aclnnRelu's own dtype message, every fp16 and bf16 input per SoC against
// the reference (-0 gives +0, NaN stays NaN, 950 flushes subnormals), every INT8 and UINT8 value,
// INT32/INT64 edges, and the in-place form.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_relu.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"

namespace {

using reference::Format;

constexpr const char* kPhaseOne = "aclnnReluGetWorkspaceSize";

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
    return aclnnReluGetWorkspaceSize(self, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(const aclTensor* self, const aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  return test::Rejected(PhaseOne(self, out), kPhaseOne, code, phrase);
}

::testing::AssertionResult Accepts(const aclTensor* self, const aclTensor* out) {
  const test::PhaseOneResult result = PhaseOne(self, out);
  test::Discard(result.executor);
  return test::Accepted(result);
}

/// Runs aclnnRelu (or aclnnInplaceRelu) on 1-D raw elements of `dtype` (`size` bytes each).
std::vector<uint8_t> RunRelu(aclDataType dtype, const std::vector<uint8_t>& host, aclrtStream stream, bool in_place) {
  const int64_t n = static_cast<int64_t>(host.size() / aclDataTypeSize(dtype));
  test::DeviceBuffer x(host.size()), y(host.size());
  x.Upload(host);
  test::Tensor xt = Make({n}, dtype, x.get()), yt = Make({n}, dtype, y.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  if (in_place) {
    EXPECT_EQ(aclnnInplaceReluGetWorkspaceSize(xt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  } else {
    EXPECT_EQ(aclnnReluGetWorkspaceSize(xt.get(), yt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  }
  // 950's relu_apt tiling asks for the 16 MiB system workspace; UINT8 runs no kernel there; the
  // TBE kernels declare none.
  const std::string soc = aclrtGetSocName();
  const bool ascend950 = soc.rfind("Ascend950", 0) == 0;
  EXPECT_EQ(workspace_size,
            test::ContiguousCallWorkspace(soc, ascend950 && dtype != ACL_UINT8, test::kA2LibraryWorkspace, host.size()))
      << soc;
  test::DeviceBuffer workspace(static_cast<size_t>(workspace_size));
  void* workspace_address = workspace_size > 0 ? workspace.get() : nullptr;
  EXPECT_EQ(in_place ? aclnnInplaceRelu(workspace_address, workspace_size, executor, stream)
                     : aclnnRelu(workspace_address, workspace_size, executor, stream),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  return (in_place ? x : y).Download<uint8_t>(host.size());
}

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

template <typename T>
std::vector<T> Values(const std::vector<uint8_t>& bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), bytes.size());
  return values;
}

}  // namespace

// ---- the upstream unit-test table (test_aclnn_relu.cpp) --------------------------------------------

TEST(ReluUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  test::Tensor b23 = Make({2, 3}, ACL_BOOL), f23 = Make({2, 3}), h23 = Make({2, 3}, ACL_FLOAT16);
  EXPECT_TRUE(RejectsWith(b23.get(), f23.get(), ACLNN_ERR_PARAM_INVALID,  // 001
                          "Self dtype DT_BOOL should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_INT8,DT_UINT8,DT_INT32,DT_INT64,DT_BF16,]."));
  EXPECT_TRUE(RejectsWith(f23.get(), b23.get(), ACLNN_ERR_PARAM_INVALID,  // 002
                          "Tensor self expected dtype is DT_BOOL but found DT_FLOAT."));
  EXPECT_TRUE(RejectsWith(f23.get(), h23.get(), ACLNN_ERR_PARAM_INVALID, "expected dtype is DT_FLOAT16"));  // 003
  test::Tensor empty = Make({2, 0});
  EXPECT_TRUE(Accepts(empty.get(), empty.get()));  // 004
  for (auto [shape, dtype] :
       std::vector<std::pair<std::vector<int64_t>, aclDataType>>{{{2, 4}, ACL_FLOAT},                    // 005
                                                                 {{2, 4}, ACL_UINT8},                    // 006
                                                                 {{2, 4}, ACL_FLOAT16},                  // 010
                                                                 {{1, 2, 3, 4, 5, 6, 7, 8}, ACL_FLOAT},  // 011
                                                                 {{}, ACL_FLOAT},                        // 012
                                                                 {{1024, 1024}, ACL_FLOAT}}) {           // 013
    test::Tensor self = Make(shape, dtype), out = Make(shape, dtype);
    EXPECT_TRUE(Accepts(self.get(), out.get())) << dtype;
  }
  test::Tensor u24 = Make({2, 4}, ACL_UINT8);
  EXPECT_TRUE(RejectsWith(nullptr, u24.get(), ACLNN_ERR_PARAM_NULLPTR,  // 007
                          "Expected a proper Tensor but got null for argument self."));
  test::Tensor nine = Make({1, 2, 3, 4, 5, 6, 7, 8, 9}, ACL_INT8), eight = Make({1, 2, 3, 4, 5, 6, 7, 8}, ACL_INT8);
  EXPECT_TRUE(RejectsWith(nine.get(), nine.get(), ACLNN_ERR_PARAM_INVALID,  // 008
                          "The self tensor cannot be larger than 8 dimensions."));
  EXPECT_TRUE(RejectsWith(nine.get(), eight.get(), ACLNN_ERR_PARAM_INVALID, "cannot be larger than 8"));  // 009
  test::Tensor nchw = Make({2, 64, 112, 112}, ACL_FLOAT16, nullptr, ACL_FORMAT_NCHW),
               nchw_out = Make({2, 64, 112, 112}, ACL_FLOAT16, nullptr, ACL_FORMAT_NCHW);
  EXPECT_TRUE(Accepts(nchw.get(), nchw_out.get()));  // 014
  test::Layout transposed;                           // 015
  transposed.view = {5, 4};
  transposed.strides = {1, 5};
  transposed.storage = {4, 5};
  test::Tensor t(transposed, nullptr), t_out = Make({5, 4});
  EXPECT_TRUE(Accepts(t.get(), t_out.get()));
}

TEST(ReluChecks, TheListPerSocAndTheOutRankAndShape) {
  {
    test::RuntimeSession session("Ascend910A");
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(RejectsWith(b.get(), b.get(), ACLNN_ERR_PARAM_INVALID,
                            "Self dtype DT_BF16 should be in dtype support list "
                            "[DT_FLOAT,DT_FLOAT16,DT_INT8,DT_UINT8,DT_INT32,DT_INT64,]."));
  }
  test::RuntimeSession session("Ascend310P3");  // no platform check
  test::Tensor f = Make({2, 3}), g = Make({3, 2}), i16 = Make({2, 3}, ACL_INT16);
  EXPECT_TRUE(Accepts(f.get(), f.get()));
  EXPECT_TRUE(RejectsWith(f.get(), g.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for self to have same size as tensor for out, but [2, 3] does not equal "
                          "[3, 2]."));
  EXPECT_TRUE(RejectsWith(i16.get(), i16.get(), ACLNN_ERR_PARAM_INVALID, "Self dtype DT_INT16 should be in"));
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnInplaceReluGetWorkspaceSize(nullptr, &workspace_size, &executor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), "aclnnInplaceReluGetWorkspaceSize", ACLNN_ERR_PARAM_NULLPTR,
                              "argument self."));
}

// ---- values -------------------------------------------------------------------------------------

namespace {

struct SocCase {
  const char* soc;
  reference::Numerics numerics;
  bool bf16;
};

/// Relu of one element: x > 0 or NaN keeps x (flushed as the SoC reads it), else +0.
uint32_t ReluElement(uint32_t raw, Format format, const reference::Numerics& n) {
  const float x = reference::Widen(raw, format, n);
  return reference::Narrow(x > 0.0f || std::isnan(x) ? x : 0.0f, format, n);
}

class ReluEverySixteenBitValue : public ::testing::TestWithParam<SocCase> {};

}  // namespace

TEST_P(ReluEverySixteenBitValue, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::vector<uint16_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    if (dtype == ACL_BF16 && !soc.bf16) continue;
    const Format format = dtype == ACL_FLOAT16 ? Format::kFp16 : Format::kBf16;
    for (bool in_place : {false, true}) {
      const std::vector<uint16_t> y = Values<uint16_t>(RunRelu(dtype, Bytes(all), session.stream(), in_place));
      int mismatches = 0;
      for (uint32_t i = 0; i < all.size() && mismatches < 5; ++i) {
        const uint32_t want = ReluElement(i, format, soc.numerics);
        if (!reference::SameResult(y[i], want, format)) {
          ++mismatches;
          ADD_FAILURE() << soc.soc << " dtype " << dtype << " input 0x" << std::hex << i << ": got 0x" << y[i]
                        << ", want 0x" << want;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, ReluEverySixteenBitValue,
                         ::testing::Values(SocCase{"Ascend950PR", {false, true}, true},
                                           SocCase{"Ascend910B3", {false, false}, true},
                                           SocCase{"Ascend910A", {true, false}, false}),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });

TEST(ReluValues, SignedZeroNaNAndFp32) {
  test::RuntimeSession session;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> x = {-0.0f,
                                0.0f,
                                -1.0f,
                                1e-40f,
                                -1e-40f,
                                nan,
                                -std::numeric_limits<float>::infinity(),
                                std::numeric_limits<float>::infinity(),
                                3.5f};
  const std::vector<float> y = Values<float>(RunRelu(ACL_FLOAT, Bytes(x), session.stream(), false));
  const std::vector<uint32_t> want = {0u,
                                      0u,
                                      0u,
                                      reference::Bits(1e-40f),
                                      0u,
                                      0u,
                                      0u,
                                      reference::Bits(std::numeric_limits<float>::infinity()),
                                      reference::Bits(3.5f)};
  for (size_t i = 0; i < x.size(); ++i) {
    if (std::isnan(x[i])) {
      EXPECT_TRUE(std::isnan(y[i]));
    } else {
      EXPECT_EQ(reference::Bits(y[i]), want[i]) << "x = " << x[i];
    }
  }
}

TEST(ReluValues, EveryInt8AndUint8ValueAndWideIntegerEdges) {
  test::RuntimeSession session("Ascend950PR");
  std::vector<int8_t> i8(256);
  std::vector<uint8_t> u8(256);
  for (int i = 0; i < 256; ++i) {
    i8[static_cast<size_t>(i)] = static_cast<int8_t>(i - 128);
    u8[static_cast<size_t>(i)] = static_cast<uint8_t>(i);
  }
  for (bool in_place : {false, true}) {
    const std::vector<int8_t> y8 = Values<int8_t>(RunRelu(ACL_INT8, Bytes(i8), session.stream(), in_place));
    for (size_t i = 0; i < i8.size(); ++i) EXPECT_EQ(y8[i], i8[i] > 0 ? i8[i] : 0);
    EXPECT_EQ(Values<uint8_t>(RunRelu(ACL_UINT8, Bytes(u8), session.stream(), in_place)), u8);
  }
  const std::vector<int32_t> i32 = {std::numeric_limits<int32_t>::min(), -16777217, -1, 0, 1, 16777217,
                                    std::numeric_limits<int32_t>::max()};
  const std::vector<int32_t> y32 = Values<int32_t>(RunRelu(ACL_INT32, Bytes(i32), session.stream(), false));
  EXPECT_EQ(y32, (std::vector<int32_t>{0, 0, 0, 0, 1, 16777217, std::numeric_limits<int32_t>::max()}));
  const std::vector<int64_t> i64 = {std::numeric_limits<int64_t>::min(), -1, 0, (int64_t{1} << 53) + 1,
                                    std::numeric_limits<int64_t>::max()};
  const std::vector<int64_t> y64 = Values<int64_t>(RunRelu(ACL_INT64, Bytes(i64), session.stream(), true));
  EXPECT_EQ(y64, (std::vector<int64_t>{0, 0, 0, (int64_t{1} << 53) + 1, std::numeric_limits<int64_t>::max()}));
}
