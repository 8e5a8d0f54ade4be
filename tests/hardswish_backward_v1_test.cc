// aclnnHardswishBackward (V1), op-hardswish-backward.md: its check order (self's dtype before
// gradOutput's; self made contiguous first), the upstream cases, the inclusive boundaries at ±3
// and their neighbours, and V1 against V2 — equal everywhere but at ±3, over every fp16 and bf16
// value and random fp32.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardswish_backward.h"
#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"

namespace {

constexpr const char* kPhaseOne = "aclnnHardswishBackwardGetWorkspaceSize";

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr,
                  aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, data);
}

test::PhaseOneResult PhaseOne(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnHardswishBackwardGetWorkspaceSize(grad, self, out, workspace_size, executor);
  });
}

::testing::AssertionResult RejectsWith(const aclTensor* grad, const aclTensor* self, aclTensor* out, aclnnStatus code,
                                       const std::string& phrase) {
  return test::Rejected(PhaseOne(grad, self, out), kPhaseOne, code, phrase);
}

void ExpectAccepted(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  const test::PhaseOneResult result = PhaseOne(grad, self, out);
  EXPECT_TRUE(test::Accepted(result));
  test::Discard(result.executor);
}

/// Runs V1 (or V2) on 1-D raw elements and returns the raw output.
template <typename Raw>
std::vector<Raw> RunBackward(bool v1, aclDataType dtype, const std::vector<Raw>& grads, const std::vector<Raw>& selfs,
                             aclrtStream stream) {
  const size_t n = selfs.size();
  test::DeviceBuffer g(n * sizeof(Raw)), x(n * sizeof(Raw)), out(n * sizeof(Raw));
  g.Upload(grads);
  x.Upload(selfs);
  test::Tensor gt = Make({static_cast<int64_t>(n)}, dtype, g.get());
  test::Tensor xt = Make({static_cast<int64_t>(n)}, dtype, x.get());
  test::Tensor ot = Make({static_cast<int64_t>(n)}, dtype, out.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  if (v1) {
    EXPECT_EQ(aclnnHardswishBackwardGetWorkspaceSize(gt.get(), xt.get(), ot.get(), &workspace_size, &executor),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
    EXPECT_EQ(aclnnHardswishBackward(test::WorkspaceOfSize(workspace_size), workspace_size, executor, stream),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
  } else {
    EXPECT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(gt.get(), xt.get(), ot.get(), &workspace_size, &executor),
              ACLNN_SUCCESS)
        << test::TakeErrorMessage();
    EXPECT_EQ(test::RunV2(executor, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  return out.Download<Raw>(n);
}

float RunOneV1(float g, float x, aclrtStream stream) {
  return RunBackward<float>(true, ACL_FLOAT, {g}, {x}, stream)[0];
}

}  // namespace

// ---- checks: V1's order ----------------------------------------------------------------------

TEST(HardswishBackwardV1Checks, SelfsDtypeIsCheckedBeforeGradOutputs) {
  test::RuntimeSession session;
  test::Tensor int_grad = Make({2, 3}, ACL_INT64), int_self = Make({2, 3}, ACL_INT64), f = Make({2, 3});
  // Both bad: V1 names self (V2 would name gradOutput).
  EXPECT_TRUE(RejectsWith(int_grad.get(), int_self.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_INT64, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,DT_BF16,]."));
  EXPECT_TRUE(RejectsWith(int_grad.get(), f.get(), f.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput not implemented for DT_INT64"));
}

TEST(HardswishBackwardV1Checks, NullsWorkspaceAndShapes) {
  test::RuntimeSession session;
  test::Tensor t = Make({2, 3});
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnHardswishBackwardGetWorkspaceSize(t.get(), t.get(), t.get(), nullptr, &executor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(test::MessageIs(test::TakeErrorMessage(), kPhaseOne, ACLNN_ERR_PARAM_NULLPTR,
                              "The workspaceSize or executor is nullptr."));
  EXPECT_TRUE(RejectsWith(nullptr, t.get(), t.get(), ACLNN_ERR_PARAM_NULLPTR,
                          "Expected a proper Tensor but got null for argument t0."));
  EXPECT_TRUE(RejectsWith(t.get(), nullptr, t.get(), ACLNN_ERR_PARAM_NULLPTR, "argument t1."));
  EXPECT_TRUE(RejectsWith(t.get(), t.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR, "argument t2."));
  test::Tensor half = Make({2, 3}, ACL_FLOAT16), small = Make({1, 3});
  EXPECT_TRUE(RejectsWith(half.get(), t.get(), t.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16."));
  EXPECT_TRUE(RejectsWith(t.get(), t.get(), half.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16."));
  EXPECT_TRUE(RejectsWith(small.get(), t.get(), t.get(), ACLNN_ERR_PARAM_INVALID,
                          "Expected tensor for gradOutput to have same size as tensor for self, but [1, 3] does not "
                          "equal [2, 3]."));
  test::Tensor nine = Make({7, 9, 11, 3, 4, 6, 9, 2, 2});
  EXPECT_TRUE(RejectsWith(nine.get(), nine.get(), nine.get(), ACLNN_ERR_PARAM_INVALID,
                          "The gradOutput tensor cannot be larger than 8 dimensions."));
}

TEST(HardswishBackwardV1Checks, UpstreamCasesWithNullData) {
  test::RuntimeSession session;
  for (aclFormat format :
       {ACL_FORMAT_ND, ACL_FORMAT_NHWC, ACL_FORMAT_NCHW, ACL_FORMAT_HWCN, ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC}) {
    test::Tensor t = Make({2, 3}, ACL_FLOAT, nullptr, format);
    ExpectAccepted(t.get(), t.get(), t.get());
  }
  test::Tensor empty = Make({0, 3});
  const test::PhaseOneResult result = PhaseOne(empty.get(), empty.get(), empty.get());
  EXPECT_TRUE(test::Accepted(result));
  EXPECT_EQ(result.workspace_size, 0u);
  test::Discard(result.executor);
  test::Tensor bf16 = Make({2, 3}, ACL_BF16);
  ExpectAccepted(bf16.get(), bf16.get(), bf16.get());
}

TEST(HardswishBackwardV1Checks, SelfIsMadeContiguousFirst) {
  // Both inputs' views lie outside their storage: V1 reports self's, V2 gradOutput's.
  test::RuntimeSession session;
  test::Layout outside;
  outside.view = {2, 3};
  outside.storage = {5};
  test::Tensor bad_grad(outside, nullptr), bad_self(outside, nullptr);
  test::Tensor out = Make({2, 3});
  EXPECT_TRUE(RejectsWith(bad_grad.get(), bad_self.get(), out.get(), ACLNN_ERR_INNER_NULLPTR,
                          "The view of tensor self (shape [2, 3], strides [3, 1], offset 0) does not lie inside its "
                          "storage shape [5]."));
}

TEST(HardswishBackwardV1Checks, BF16RejectedOnAscend910) {
  test::RuntimeSession session("Ascend910A");
  test::Tensor bf16 = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(RejectsWith(bf16.get(), bf16.get(), bf16.get(), ACLNN_ERR_PARAM_INVALID,
                          "Tensor self not implemented for DT_BF16, should be in dtype support list "
                          "[DT_FLOAT,DT_FLOAT16,]."));
}

// ---- numerics: the inclusive boundaries -------------------------------------------------------

// Ascend910/910B/910_93 run the built-in TBE kernel, Ascend 950 the AscendC arch35 one
// (docs/numerics.md): the same bits everywhere except for a NaN self.

TEST(HardswishBackwardV1Numerics, BoundariesAndTheirNeighbours) {
  for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    const aclrtStream s = session.stream();
    EXPECT_EQ(RunOneV1(2.0f, -3.0f, s), -1.0f) << soc;  // -0.5 * g
    EXPECT_EQ(RunOneV1(2.0f, 3.0f, s), 3.0f) << soc;    // 1.5 * g
    for (float x : {-3.0f, 3.0f}) {
      for (float neighbour : {std::nextafter(x, -INFINITY), std::nextafter(x, INFINITY)}) {
        const float expected = reference::HardswishGrad(2.0f, neighbour, /*v1=*/true, reference::Numerics());
        EXPECT_EQ(RunOneV1(2.0f, neighbour, s), expected) << neighbour;
      }
    }
    EXPECT_EQ(RunOneV1(2.0f, std::nextafter(-3.0f, -INFINITY), s), 0.0f);
    EXPECT_EQ(RunOneV1(2.0f, std::nextafter(3.0f, INFINITY), s), 2.0f);
    EXPECT_EQ(RunOneV1(2.0f, INFINITY, s), 2.0f);
    EXPECT_TRUE(std::isnan(RunOneV1(INFINITY, -5.0f, s)));  // inf * 0
  }
  {
    test::RuntimeSession session("Ascend950PR");
    EXPECT_EQ(RunOneV1(2.0f, NAN, session.stream()), 2.0f);  // both compares false: t = 1
  }
  test::RuntimeSession session("Ascend910B3");
  EXPECT_EQ(RunOneV1(2.0f, NAN, session.stream()), 1.0f);  // TBE's fp32 fix-up: vsel(x == x, r, 1)
  const uint16_t nan16 = 0x7E00, two16 = 0x4000;
  EXPECT_EQ(RunBackward<uint16_t>(true, ACL_FLOAT16, {two16}, {nan16}, session.stream())[0] & 0x7C00, 0x7C00);
  EXPECT_NE(RunBackward<uint16_t>(true, ACL_FLOAT16, {two16}, {nan16}, session.stream())[0] & 0x3FF, 0);  // NaN
  EXPECT_EQ(RunBackward<uint16_t>(true, ACL_BF16, {0x4000}, {0x7FC0}, session.stream())[0], 0x3F80);      // bf16: 1.0
}

TEST(HardswishBackwardV1Numerics, EveryFp16AndBf16ValueAgainstTheReference) {
  for (const char* soc : {"Ascend910B3", "Ascend950PR"}) {
    test::RuntimeSession session(soc);
    const bool tbe = std::string(soc) != "Ascend950PR";
    reference::Numerics numerics;
    numerics.flush_subnormals = !tbe;
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      const reference::Format format = dtype == ACL_FLOAT16 ? reference::Format::kFp16 : reference::Format::kBf16;
      std::vector<uint16_t> grads, selfs;
      for (uint16_t g : {0x3C00, 0xBC00, 0x0001, 0x7C00, 0x7E00}) {  // fp16 patterns; fine as bf16 too
        for (uint32_t x = 0; x <= 0xFFFF; ++x) {
          grads.push_back(g);
          selfs.push_back(static_cast<uint16_t>(x));
        }
      }
      const std::vector<uint16_t> outs = RunBackward<uint16_t>(true, dtype, grads, selfs, session.stream());
      size_t mismatches = 0;
      for (size_t i = 0; i < selfs.size(); ++i) {
        const uint32_t expected = tbe ? reference::HardswishGradTbeElement(grads[i], selfs[i], format, numerics)
                                      : reference::HardswishGradElement(grads[i], selfs[i], format, true, numerics);
        mismatches += !reference::SameResult(outs[i], expected, format);
      }
      EXPECT_EQ(mismatches, 0u) << soc << " dtype " << dtype;
    }
  }
}

// ---- V1 against V2: they differ exactly at ±3 -------------------------------------------------

TEST(HardswishBackwardV1VersusV2, DifferExactlyAtPlusMinusThree) {
  // On Ascend 950, where both are AscendC kernels (on the TBE SoCs a NaN self differs too).
  test::RuntimeSession session("Ascend950PR");
  // Every fp16 / bf16 self with gradient 1.0 (0x3C00 in fp16, 0x3F80 in bf16).
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    const uint16_t one = dtype == ACL_FLOAT16 ? 0x3C00 : 0x3F80;
    const uint16_t minus_three = dtype == ACL_FLOAT16 ? 0xC200 : 0xC040;
    const uint16_t plus_three = dtype == ACL_FLOAT16 ? 0x4200 : 0x4040;
    std::vector<uint16_t> grads(65536, one), selfs(65536);
    for (uint32_t x = 0; x <= 0xFFFF; ++x) selfs[x] = static_cast<uint16_t>(x);
    const std::vector<uint16_t> v1 = RunBackward<uint16_t>(true, dtype, grads, selfs, session.stream());
    const std::vector<uint16_t> v2 = RunBackward<uint16_t>(false, dtype, grads, selfs, session.stream());
    for (uint32_t x = 0; x <= 0xFFFF; ++x) {
      const bool boundary = x == minus_three || x == plus_three;
      const reference::Format format = dtype == ACL_FLOAT16 ? reference::Format::kFp16 : reference::Format::kBf16;
      if (boundary) {
        EXPECT_NE(v1[x], v2[x]) << std::hex << x;
      } else {
        ASSERT_TRUE(reference::SameResult(v1[x], v2[x], format)) << "dtype " << dtype << " x=0x" << std::hex << x;
      }
    }
  }
  // Random fp32 pairs, with ±3 planted.
  std::mt19937 rng(3);
  std::vector<float> grads(1 << 18), selfs(1 << 18);
  for (size_t i = 0; i < selfs.size(); ++i) {
    grads[i] = std::uniform_real_distribution<float>(-10.0f, 10.0f)(rng);
    selfs[i] = i % 97 == 0 ? (i % 2 ? 3.0f : -3.0f) : std::uniform_real_distribution<float>(-5.0f, 5.0f)(rng);
  }
  const std::vector<float> v1 = RunBackward<float>(true, ACL_FLOAT, grads, selfs, session.stream());
  const std::vector<float> v2 = RunBackward<float>(false, ACL_FLOAT, grads, selfs, session.stream());
  for (size_t i = 0; i < selfs.size(); ++i) {
    const bool boundary = selfs[i] == 3.0f || selfs[i] == -3.0f;
    if (boundary && grads[i] != 0.0f) {
      EXPECT_NE(v1[i], v2[i]) << selfs[i];
    } else if (!boundary) {
      ASSERT_EQ(reference::Bits(v1[i]), reference::Bits(v2[i])) << "x=" << selfs[i];
    }
  }
}
