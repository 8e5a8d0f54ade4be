// aclnnLeakyRelu and aclnnInplaceLeakyRelu (docs/upstream/relu-leakyrelu-addrelu.md §2): upstream's
// unit-test tables, the checks (out only castable from self; its shape message names out first),
// the BF16 gate, 950's system workspace, and values against the independent reference — every
// 16-bit value on both kernels (TBE's fp16 slope), the Cast to another out dtype, DOUBLE, in place.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_leaky_relu.h"
#include "reference/activation_reference.h"
#include "support/acl_test_support.h"
#include "support/binary_op.h"
#include "support/phase_one.h"
#include "support/scalar.h"

namespace {

using reference::Format;
using test::FormatOf;
using test::kSocs;
using test::SocCase;

test::Tensor Make(std::vector<int64_t> view, aclDataType dtype = ACL_FLOAT, void* data = nullptr,
                  aclFormat format = ACL_FORMAT_ND) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.dtype = dtype;
  layout.format = format;
  return test::Tensor(layout, data);
}

using test::Scalar;

test::PhaseOneResult PhaseOne(const aclTensor* self, const aclScalar* slope, aclTensor* out) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnLeakyReluGetWorkspaceSize(self, slope, out, workspace_size, executor);
  });
}

test::PhaseOneResult InplacePhaseOne(aclTensor* self, const aclScalar* slope) {
  return test::RunPhaseOne([&](uint64_t* workspace_size, aclOpExecutor** executor) {
    return aclnnInplaceLeakyReluGetWorkspaceSize(self, slope, workspace_size, executor);
  });
}

::testing::AssertionResult AcceptedAndFreed(const test::PhaseOneResult& result) {
  test::Discard(result.executor);
  return test::Accepted(result);
}

/// Runs aclnnLeakyRelu on 1-D raw elements (as uint32) from `in` to `out` dtype.
std::vector<uint32_t> RunLeakyRelu(aclDataType in, aclDataType out, const std::vector<uint32_t>& xs, float slope,
                                   aclrtStream stream) {
  const size_t n = xs.size();
  const std::vector<uint8_t> host = test::Pack(xs, in);
  test::DeviceBuffer x(host.size()), y(n * test::SizeOf(out));
  x.Upload(host);
  test::Tensor xt = Make({static_cast<int64_t>(n)}, in, x.get());
  test::Tensor yt = Make({static_cast<int64_t>(n)}, out, y.get());
  Scalar s(slope);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnLeakyReluGetWorkspaceSize(xt.get(), s.get(), yt.get(), &workspace_size, &executor), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  test::DeviceBuffer workspace(static_cast<size_t>(workspace_size));
  EXPECT_EQ(aclnnLeakyRelu(workspace_size > 0 ? workspace.get() : nullptr, workspace_size, executor, stream),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  const std::vector<uint8_t> raw = y.Download<uint8_t>(n * test::SizeOf(out));
  std::vector<uint32_t> result(n, 0);
  for (size_t i = 0; i < n; ++i) std::memcpy(&result[i], &raw[i * test::SizeOf(out)], test::SizeOf(out));
  return result;
}

}  // namespace

// ---- upstream's unit-test tables (test_aclnn_leaky_relu.cpp; self and out one desc) ----------------

TEST(LeakyReluUpstream, Cases) {
  test::RuntimeSession session;  // Ascend910B3
  Scalar slope(0.01), slope16(0.01, ACL_FLOAT16), slope64(0.01, ACL_DOUBLE), one(1.0, ACL_INT32);
  struct Case {
    std::vector<int64_t> view;
    aclDataType dtype;
    aclFormat format;
    const aclScalar* slope;
  };
  for (const Case& c : std::vector<Case>{{{0}, ACL_FLOAT, ACL_FORMAT_ND, slope.get()},
                                         {{4}, ACL_FLOAT, ACL_FORMAT_ND, slope.get()},
                                         {{2, 2}, ACL_FLOAT16, ACL_FORMAT_NCHW, slope16.get()},
                                         {{2, 2, 2}, ACL_DOUBLE, ACL_FORMAT_NHWC, slope64.get()},
                                         {{2, 2, 2, 2}, ACL_DOUBLE, ACL_FORMAT_HWCN, slope64.get()},
                                         {{2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_NDHWC, slope.get()},
                                         {{2, 2, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_NC1HWC0, slope16.get()},
                                         {{2, 2, 2, 2, 2, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_ND, slope16.get()},
                                         {{2, 2}, ACL_BF16, ACL_FORMAT_NCHW, slope.get()},
                                         {{}, ACL_FLOAT, ACL_FORMAT_ND, slope.get()},
                                         {{1024, 1024}, ACL_FLOAT, ACL_FORMAT_ND, slope.get()}}) {
    test::Tensor t = Make(c.view, c.dtype, nullptr, c.format);
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(t.get(), c.slope, t.get()))) << c.dtype;
    test::Tensor u = Make(c.view, c.dtype, nullptr, c.format);
    EXPECT_TRUE(AcceptedAndFreed(InplacePhaseOne(u.get(), c.slope))) << c.dtype;
  }
  test::Tensor f = Make({1});
  EXPECT_TRUE(test::Rejected(PhaseOne(nullptr, slope.get(), f.get()), "aclnnLeakyReluGetWorkspaceSize",
                             ACLNN_ERR_PARAM_NULLPTR, "argument self."));
  EXPECT_TRUE(
      test::Rejected(PhaseOne(f.get(), nullptr, f.get()), "aclnnLeakyReluGetWorkspaceSize", ACLNN_ERR_PARAM_NULLPTR,
                     "Expected a value of type number for argument negativeSlope but instead found type null."));
  EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), slope.get(), nullptr), "aclnnLeakyReluGetWorkspaceSize",
                             ACLNN_ERR_PARAM_NULLPTR, "argument out."));
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(nullptr, slope.get()), "aclnnInplaceLeakyReluGetWorkspaceSize",
                             ACLNN_ERR_PARAM_NULLPTR, "argument self."));
  test::Tensor u32 = Make({2, 2, 2}, ACL_UINT32);
  EXPECT_TRUE(test::Rejected(PhaseOne(u32.get(), one.get(), u32.get()), "aclnnLeakyReluGetWorkspaceSize",
                             ACLNN_ERR_PARAM_INVALID,
                             "Tensor self not implemented for DT_UINT32, should be in dtype support list "
                             "[DT_FLOAT,DT_FLOAT16,DT_DOUBLE,DT_BF16,]."));
  EXPECT_TRUE(test::Rejected(InplacePhaseOne(u32.get(), one.get()), "aclnnInplaceLeakyReluGetWorkspaceSize",
                             ACLNN_ERR_PARAM_INVALID, "DT_UINT32"));
  test::Tensor nine = Make({2, 2, 2, 2, 2, 2, 2, 2, 2});
  EXPECT_TRUE(test::Rejected(PhaseOne(nine.get(), slope.get(), nine.get()), "aclnnLeakyReluGetWorkspaceSize",
                             ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions."));
  test::Layout strided;  // case_not_contiguous
  strided.view = {3, 5, 6};
  strided.strides = {30, 1, 5};
  strided.storage = {3, 6, 5};
  test::Tensor s(strided, nullptr);
  EXPECT_TRUE(AcceptedAndFreed(PhaseOne(s.get(), slope.get(), s.get())));
}

// ---- checks beyond the tables -----------------------------------------------------------------

TEST(LeakyReluChecks, OutCastsBf16AndWorkspace) {
  Scalar slope(0.5);
  {
    test::RuntimeSession session;
    test::Tensor f = Make({2, 3}), h = Make({2, 3}, ACL_FLOAT16), d = Make({2, 3}, ACL_DOUBLE);
    test::Tensor i32 = Make({2, 3}, ACL_INT32), wide = Make({3, 2});
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f.get(), slope.get(), h.get())));  // out: any dtype self casts to
    EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), slope.get(), i32.get()), "aclnnLeakyReluGetWorkspaceSize",
                               ACLNN_ERR_PARAM_INVALID,
                               "Result type DT_FLOAT can't be cast to the desired output type DT_INT32."));
    EXPECT_TRUE(test::Rejected(
        PhaseOne(f.get(), slope.get(), wide.get()), "aclnnLeakyReluGetWorkspaceSize", ACLNN_ERR_PARAM_INVALID,
        "Expected tensor for out to have same size as tensor for self, but [3, 2] does not equal "
        "[2, 3]."));
    // Casts to and from DOUBLE (upstream's run on the AI CPU) follow the kernel; a Cast the host does
    // not have (to complex) is "not supported".
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(f.get(), slope.get(), d.get())));
    EXPECT_TRUE(AcceptedAndFreed(PhaseOne(d.get(), slope.get(), f.get())));
    test::Tensor c = Make({2, 3}, ACL_COMPLEX64);
    EXPECT_TRUE(test::Rejected(PhaseOne(f.get(), slope.get(), c.get()), "aclnnLeakyReluGetWorkspaceSize",
                               ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                               "LeakyRelu has no host kernel from DT_FLOAT to DT_COMPLEX64."));
  }
  for (const char* soc : {"Ascend910A", "Ascend310P3", "Ascend310B1"}) {
    test::RuntimeSession other(soc);
    test::Tensor b = Make({4}, ACL_BF16);
    EXPECT_TRUE(test::Rejected(PhaseOne(b.get(), slope.get(), b.get()), "aclnnLeakyReluGetWorkspaceSize",
                               ACLNN_ERR_PARAM_INVALID, "[DT_FLOAT,DT_FLOAT16,DT_DOUBLE,]."))
        << soc;
  }
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession other(soc.soc);
    test::Tensor f = Make({2, 3});
    const test::PhaseOneResult result = PhaseOne(f.get(), slope.get(), f.get());
    EXPECT_TRUE(AcceptedAndFreed(result));
    EXPECT_EQ(result.workspace_size, test::ContiguousCallWorkspace(soc.soc, !soc.tbe, test::kA2LibraryWorkspace, 24))
        << soc.soc;
  }
}

// ---- values -------------------------------------------------------------------------------------

TEST(LeakyReluValues, TheDocExampleAndSpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const SocCase& soc : kSocs) {
    test::RuntimeSession session(soc.soc);
    std::vector<uint32_t> x;
    for (float v : {1.0f, 2.0f, 3.0f, 4.0f}) x.push_back(reference::Bits(v));
    EXPECT_EQ(RunLeakyRelu(ACL_FLOAT, ACL_FLOAT, x, 0.01f, session.stream()), x) << soc.soc;
    // -0 * 0.5 = -0; -inf * 0 = NaN (a Select of the product, not max + slope * min); +0 stays +0.
    const std::vector<uint32_t> y =
        RunLeakyRelu(ACL_FLOAT, ACL_FLOAT, {reference::Bits(-0.0f), reference::Bits(-inf), reference::Bits(0.0f)}, 0.0f,
                     session.stream());
    EXPECT_EQ(y[0], reference::Bits(-0.0f)) << soc.soc;
    if (!soc.numerics.saturate) {
      EXPECT_TRUE(reference::IsNan(y[1], Format::kFp32)) << soc.soc;
    }
    EXPECT_EQ(y[2], 0u) << soc.soc;
    EXPECT_TRUE(reference::IsNan(RunLeakyRelu(ACL_FLOAT, ACL_FLOAT, {reference::Bits(nan)}, 0.5f, session.stream())[0],
                                 Format::kFp32) ||
                soc.numerics.saturate);
  }
}

TEST(LeakyReluValues, DoubleAndInPlace) {
  test::RuntimeSession session;
  const std::vector<double> x = {-2.0, -0.0, 0.5, 1e300, -1e300};
  test::DeviceBuffer buffer(x.size() * sizeof(double));
  buffer.Upload(x);
  test::Tensor t = Make({5}, ACL_DOUBLE, buffer.get());
  Scalar slope(0.1);  // fp32 0.1f
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnInplaceLeakyReluGetWorkspaceSize(t.get(), slope.get(), &workspace_size, &executor), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclnnInplaceLeakyRelu(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  const std::vector<double> y = buffer.Download<double>(5);
  const double s = static_cast<double>(0.1f);
  EXPECT_EQ(y[0], -2.0 * s);
  EXPECT_TRUE(std::signbit(y[1]) && y[1] == 0.0);
  EXPECT_EQ(y[2], 0.5);
  EXPECT_EQ(y[3], 1e300);
  EXPECT_EQ(y[4], -1e300 * s);
}

class LeakyReluEverySixteenBitValue : public ::testing::TestWithParam<SocCase> {};

TEST_P(LeakyReluEverySixteenBitValue, MatchesTheReference) {
  const SocCase& soc = GetParam();
  test::RuntimeSession session(soc.soc);
  std::vector<uint32_t> all(65536);
  for (uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  for (aclDataType in : {ACL_FLOAT16, ACL_BF16}) {
    if (in == ACL_BF16 && !soc.bf16) continue;
    for (aclDataType out : {in, ACL_FLOAT}) {
      for (float slope : {0.01f, 0.3f, -1.5f, 0.0f, 3e5f}) {
        const std::vector<uint32_t> y = RunLeakyRelu(in, out, all, slope, session.stream());
        int mismatches = 0;
        for (uint32_t i = 0; i < all.size() && mismatches < 3; ++i) {
          const uint32_t want =
              reference::LeakyReluElement(i, FormatOf(in), FormatOf(out), slope, soc.tbe, soc.numerics);
          if (!reference::SameResult(y[i], want, FormatOf(out))) {
            ++mismatches;
            ADD_FAILURE() << soc.soc << " " << in << " -> " << out << " slope " << slope << " input 0x" << std::hex << i
                          << ": got 0x" << y[i] << ", want 0x" << want;
          }
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Socs, LeakyReluEverySixteenBitValue, ::testing::ValuesIn(kSocs),
                         [](const ::testing::TestParamInfo<SocCase>& info) { return std::string(info.param.soc); });
