// The saturation-mode overflow status: aclrtGetOverflowStatus / aclrtResetOverflowStatus (and the
// float-overflow aliases) with the stream overflow switch. A kernel issued in saturation mode with
// detection on raises the flag when saturation replaced a result (an inf or a NaN); the expected
// flags here follow from IEEE arithmetic on the inputs, not from our kernels.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

constexpr size_t kStatusBytes = 64;

// aclnnHardswishBackwardV2 on 1-D tensors of raw elements of `dtype`; returns the raw output.
template <typename Raw>
std::vector<Raw> RunGrad(aclDataType dtype, const std::vector<Raw>& grads, const std::vector<Raw>& selfs,
                         aclrtStream stream) {
  const size_t n = selfs.size();
  test::DeviceBuffer grad_buffer(n * sizeof(Raw)), self_buffer(n * sizeof(Raw)), out_buffer(n * sizeof(Raw));
  grad_buffer.Upload(grads);
  self_buffer.Upload(selfs);
  test::Layout layout;
  layout.view = {static_cast<int64_t>(n)};
  layout.dtype = dtype;
  test::Tensor grad(layout, grad_buffer.get()), self(layout, self_buffer.get()), out(layout, out_buffer.get());
  EXPECT_EQ(test::RunHardswishBackwardV2(grad.get(), self.get(), out.get(), stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  return out_buffer.Download<Raw>(n);
}

float RunFp32(float grad, float self, aclrtStream stream) {
  return RunGrad<float>(ACL_FLOAT, {grad}, {self}, stream)[0];
}

// The 64 bytes a status read writes, after the stream has run it.
std::vector<uint8_t> ReadStatusBytes(aclrtStream stream) {
  test::DeviceBuffer status(kStatusBytes);
  std::vector<uint8_t> fill(kStatusBytes, 0xAB);
  status.Upload(fill);
  EXPECT_TRUE(Succeeds(aclrtGetOverflowStatus(status.get(), kStatusBytes, stream)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  return status.Download<uint8_t>(kStatusBytes);
}

uint32_t ReadFlag(aclrtStream stream) {
  const std::vector<uint8_t> bytes = ReadStatusBytes(stream);
  uint32_t flag = 0;
  std::memcpy(&flag, bytes.data(), sizeof(flag));
  return flag;
}

void ResetStatus(aclrtStream stream) {
  ASSERT_TRUE(Succeeds(aclrtResetOverflowStatus(stream)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
}

// x = 2.875 lies inside (-3, 3): the derivative is x/3 + 1/2 ~ 1.458, so a gradient of 3e38 gives
// 4.4e38, past FLT_MAX: +inf in IEEE arithmetic, FLT_MAX in saturation mode.
constexpr float kInside = 2.875f;
constexpr float kHugeGrad = 3e38f;

class OverflowStatus : public ::testing::Test {
 protected:
  // The default profile (Ascend910B3, Atlas A2) in saturation mode, the switch on for the stream.
  void SaturateAndDetect() {
    ASSERT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
    ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(session_.stream(), 1)));
  }
  aclrtStream stream() const { return session_.stream(); }

  test::RuntimeSession session_;
};

TEST_F(OverflowStatus, AFreshStatusIsZeroAndTheReadWritesSixtyFourBytes) {
  const std::vector<uint8_t> bytes = ReadStatusBytes(stream());
  EXPECT_EQ(bytes, std::vector<uint8_t>(kStatusBytes, 0));  // the flag word, then zeros
}

TEST_F(OverflowStatus, TheSwitchIsOffByDefaultOnAtlasA2AndReadsBack) {
  uint32_t flag = 7;
  ASSERT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(stream(), &flag)));
  EXPECT_EQ(flag, 0u);
  ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(stream(), 1)));
  ASSERT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(stream(), &flag)));
  EXPECT_EQ(flag, 1u);
  aclrtStreamAttrValue value{};
  ASSERT_TRUE(Succeeds(aclrtGetStreamAttribute(stream(), ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value)));
  EXPECT_EQ(value.overflowSwitch, 1u);
  value.overflowSwitch = 0;
  ASSERT_TRUE(Succeeds(aclrtSetStreamAttribute(stream(), ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value)));
  ASSERT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(stream(), &flag)));
  EXPECT_EQ(flag, 0u);
}

TEST_F(OverflowStatus, ASaturatedResultRaisesTheFlagAndAResetClearsIt) {
  SaturateAndDetect();
  EXPECT_EQ(RunFp32(kHugeGrad, kInside, stream()), FLT_MAX);  // saturated
  EXPECT_EQ(ReadFlag(stream()), 1u);
  EXPECT_EQ(ReadFlag(stream()), 1u);  // reading does not clear it
  ResetStatus(stream());
  EXPECT_EQ(ReadFlag(stream()), 0u);
}

TEST_F(OverflowStatus, FiniteResultsLeaveTheFlagDownEvenAtTheLargestValue) {
  SaturateAndDetect();
  // x >= 3: the derivative is 1, so FLT_MAX passes unchanged; no value is replaced.
  EXPECT_EQ(RunFp32(FLT_MAX, 5.0f, stream()), FLT_MAX);
  EXPECT_TRUE(std::isfinite(RunFp32(-FLT_MAX, 1.0f, stream())));  // -FLT_MAX * 0.83: in range
  EXPECT_EQ(ReadFlag(stream()), 0u);
}

TEST_F(OverflowStatus, NegativeAndSubnormalFiniteResultsLeaveTheFlagDownInEveryDtype) {
  SaturateAndDetect();
  // Results of both signs, large and tiny, all finite: -65504 * 1 stays -65504 in fp16.
  const std::vector<uint16_t> half_grads = {0xBC00 /*-1*/, 0xFBFF /*-65504*/, 0x8001 /*-subnormal*/, 0x3C00};
  const std::vector<uint16_t> half_selfs = {0x41C0 /*2.875*/, 0x4500 /*5*/, 0x4500, 0xC000 /*-2*/};
  RunGrad<uint16_t>(ACL_FLOAT16, half_grads, half_selfs, stream());
  EXPECT_EQ(ReadFlag(stream()), 0u);
  const std::vector<uint16_t> bf16_grads = {0xBF80 /*-1*/, 0xFF7F /*-max*/, 0x8001, 0x3F80};
  const std::vector<uint16_t> bf16_selfs = {0x4038 /*2.875*/, 0x40A0 /*5*/, 0x40A0, 0xC000 /*-2*/};
  RunGrad<uint16_t>(ACL_BF16, bf16_grads, bf16_selfs, stream());
  EXPECT_EQ(ReadFlag(stream()), 0u);
  RunGrad<float>(ACL_FLOAT, {-1.0f, -FLT_MAX, -1e-40f}, {2.875f, 5.0f, 5.0f}, stream());
  EXPECT_EQ(ReadFlag(stream()), 0u);
  // And one negative overflow among them does raise it: -65504 * 1.458 is -inf in IEEE.
  RunGrad<uint16_t>(ACL_FLOAT16, {0xBC00, 0xFBFF}, {0x41C0, 0x41C0}, stream());
  EXPECT_EQ(ReadFlag(stream()), 1u);
}

TEST_F(OverflowStatus, ANaNResultRaisesTheFlag) {
  SaturateAndDetect();
  EXPECT_EQ(RunFp32(NAN, 1.0f, stream()), 0.0f);  // a NaN result becomes 0
  EXPECT_EQ(ReadFlag(stream()), 1u);
}

TEST_F(OverflowStatus, OneOverflowingElementAmongManyRaisesTheFlag) {
  SaturateAndDetect();
  std::vector<float> grads(1 << 16, 1.0f), selfs(1 << 16, 1.0f);
  grads[54321] = kHugeGrad;
  selfs[54321] = kInside;
  const std::vector<float> outs = RunGrad<float>(ACL_FLOAT, grads, selfs, stream());
  EXPECT_EQ(outs[54321], FLT_MAX);
  EXPECT_EQ(ReadFlag(stream()), 1u);
}

TEST_F(OverflowStatus, AFp16ResultPastTheLargestHalfRaisesTheFlag) {
  SaturateAndDetect();
  // 65504 * (2.875/3 + 0.5) ~ 95527, past fp16's range: +inf in IEEE, 65504 (0x7BFF) saturated.
  const std::vector<uint16_t> out = RunGrad<uint16_t>(ACL_FLOAT16, {0x7BFF}, {0x41C0 /*2.875*/}, stream());
  EXPECT_EQ(out[0], 0x7BFF);
  EXPECT_EQ(ReadFlag(stream()), 1u);
  ResetStatus(stream());
  RunGrad<uint16_t>(ACL_FLOAT16, {0x3C00 /*1*/}, {0x41C0}, stream());
  EXPECT_EQ(ReadFlag(stream()), 0u);
}

// The detecting runs (a chunked path, and an IEEE pass before the temporary path) must give the
// saturation kernel's bits: each run here is compared with the same run, switch off.
template <typename Raw>
std::vector<Raw> RunLayouts(aclDataType dtype, const std::vector<Raw>& storage, const test::Layout& grad_layout,
                            const test::Layout& self_layout, const test::Layout& out_layout, bool out_is_grad,
                            aclrtStream stream) {
  test::DeviceBuffer grad(storage.size() * sizeof(Raw)), self(storage.size() * sizeof(Raw)),
      out(storage.size() * sizeof(Raw));
  grad.Upload(storage);
  self.Upload(storage);
  out.Upload(std::vector<Raw>(storage.size(), Raw{0x55}));
  test::Layout g = grad_layout, x = self_layout, y = out_layout;
  g.dtype = x.dtype = y.dtype = dtype;
  test::Tensor gt(g, grad.get()), xt(x, self.get()), yt(y, out_is_grad ? grad.get() : out.get());
  EXPECT_EQ(test::RunHardswishBackwardV2(gt.get(), xt.get(), yt.get(), stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  return (out_is_grad ? grad : out).template Download<Raw>(storage.size());
}

TEST_F(OverflowStatus, DetectingRunsGiveTheSaturationKernelsBits) {
  ASSERT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
  constexpr int64_t kRows = 384, kCols = 512;  // 196608 elements: past the parallel threshold
  std::vector<uint16_t> storage(static_cast<size_t>(kRows * kCols));
  uint32_t state = 12345;
  for (uint16_t& bits : storage) {  // every fp16 pattern: infs, NaNs, subnormals, huge values
    state = state * 1664525u + 1013904223u;
    bits = static_cast<uint16_t>(state >> 16);
  }
  test::Layout row_major;
  row_major.view = {kRows, kCols};
  test::Layout transposed;  // the output written column by column: a non-dense space
  transposed.view = {kRows, kCols};
  transposed.strides = {1, kRows};
  struct Case {
    const char* name;
    test::Layout out;
    bool out_is_grad;
  };
  // In place over the gradient (the chunked path reads each element before writing it), then a
  // transposed output over the gradient: a partial overlap, through the temporary path.
  for (const Case& c : {Case{"contiguous", row_major, false}, Case{"transposed", transposed, false},
                        Case{"in place", row_major, true}, Case{"overlapping", transposed, true}}) {
    SCOPED_TRACE(c.name);
    ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(stream(), 0)));
    const std::vector<uint16_t> plain =
        RunLayouts<uint16_t>(ACL_FLOAT16, storage, row_major, row_major, c.out, c.out_is_grad, stream());
    ResetStatus(stream());
    ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(stream(), 1)));
    const std::vector<uint16_t> detecting =
        RunLayouts<uint16_t>(ACL_FLOAT16, storage, row_major, row_major, c.out, c.out_is_grad, stream());
    EXPECT_EQ(plain, detecting);
    EXPECT_EQ(ReadFlag(stream()), 1u);  // the random patterns hold infs and NaNs
    ResetStatus(stream());
  }
}

TEST_F(OverflowStatus, NothingIsRecordedWithTheSwitchOff) {
  ASSERT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
  EXPECT_EQ(RunFp32(kHugeGrad, kInside, stream()), FLT_MAX);
  EXPECT_EQ(ReadFlag(stream()), 0u);
}

TEST_F(OverflowStatus, NothingIsRecordedInInfNanMode) {
  ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(stream(), 1)));
  EXPECT_TRUE(std::isinf(RunFp32(kHugeGrad, kInside, stream())));  // the result carries its inf
  EXPECT_EQ(ReadFlag(stream()), 0u);
}

TEST_F(OverflowStatus, TheStatusIsTheProcesssOnAtlasA2AcrossStreams) {
  SaturateAndDetect();
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  RunFp32(kHugeGrad, kInside, stream());
  EXPECT_EQ(ReadFlag(other), 1u);  // read on another stream: every stream's tasks count
  ResetStatus(other);
  EXPECT_EQ(ReadFlag(stream()), 0u);
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST_F(OverflowStatus, TheReadIsOrderedOnItsStreamAfterTheKernel) {
  SaturateAndDetect();
  test::DeviceBuffer grad(sizeof(float)), self(sizeof(float)), out(sizeof(float)), status(kStatusBytes);
  grad.Upload(std::vector<float>{kHugeGrad});
  self.Upload(std::vector<float>{kInside});
  test::Layout layout;
  layout.view = {1};
  layout.dtype = ACL_FLOAT;
  test::Tensor g(layout, grad.get()), x(layout, self.get()), y(layout, out.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(g.get(), x.get(), y.get(), &workspace_size, &executor),
            ACLNN_SUCCESS);
  ASSERT_EQ(test::RunV2(executor, stream()), ACLNN_SUCCESS);
  // No synchronisation in between: the status task runs after the kernel on the same stream.
  ASSERT_TRUE(Succeeds(aclrtGetFloatOverflowStatus(status.get(), kStatusBytes, stream())));
  ASSERT_TRUE(Succeeds(aclrtResetFloatOverflowStatus(stream())));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream())));
  EXPECT_EQ(status.Download<uint32_t>(1)[0], 1u);
  EXPECT_EQ(ReadFlag(stream()), 0u);
}

TEST_F(OverflowStatus, BadArgumentsAreRefusedWithUpstreamsCodes) {
  test::DeviceBuffer status(kStatusBytes);
  EXPECT_TRUE(FailsWith(aclrtGetOverflowStatus(nullptr, kStatusBytes, stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtGetOverflowStatus", {"outputAddr"}));
  EXPECT_TRUE(FailsWith(aclrtGetOverflowStatus(status.get(), 32, stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtGetOverflowStatus", {"Only 64 bytes"}));
  EXPECT_TRUE(FailsWith(aclrtGetFloatOverflowStatus(status.get(), 65, stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtGetFloatOverflowStatus"));
  std::vector<uint8_t> host(kStatusBytes, 0xCD);
  EXPECT_TRUE(FailsWith(aclrtGetOverflowStatus(host.data(), kStatusBytes, stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtGetOverflowStatus"));
  EXPECT_EQ(host, std::vector<uint8_t>(kStatusBytes, 0xCD));  // nothing written
  // A block too small for the 64 bytes is not written past its end.
  test::DeviceBuffer small(16);
  EXPECT_TRUE(FailsWith(aclrtGetOverflowStatus(small.get(), kStatusBytes, stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtGetOverflowStatus"));
}

TEST_F(OverflowStatus, ACapturingStreamIsRefused) {
  test::DeviceBuffer status(kStatusBytes);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(FailsWith(aclrtGetOverflowStatus(status.get(), kStatusBytes, stream()), ACL_ERROR_RT_STREAM_CAPTURED,
                        "aclrtGetOverflowStatus", {"capture"}));
  EXPECT_TRUE(FailsWith(aclrtResetOverflowStatus(stream()), ACL_ERROR_RT_STREAM_CAPTURED, "aclrtResetOverflowStatus",
                        {"capture"}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream(), &model)));
  ASSERT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST_F(OverflowStatus, StreamsRaiseReadAndClearTheFlagConcurrently) {
  ASSERT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
  constexpr int kThreads = 4;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t] {
      ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
      aclrtStream own = nullptr;
      ASSERT_EQ(aclrtCreateStream(&own), ACL_SUCCESS);
      test::DeviceBuffer status(kStatusBytes);
      for (int round = 0; round < 20; ++round) {
        ASSERT_EQ(aclrtSetStreamOverflowSwitch(own, (round + t) % 2), ACL_SUCCESS);
        RunFp32(kHugeGrad, kInside, own);
        if (t == 0) {
          ASSERT_EQ(aclrtResetOverflowStatus(own), ACL_SUCCESS);
        }
        ASSERT_EQ(aclrtGetOverflowStatus(status.get(), kStatusBytes, own), ACL_SUCCESS);
      }
      ASSERT_EQ(aclrtSynchronizeStream(own), ACL_SUCCESS);
      ASSERT_EQ(aclrtDestroyStream(own), ACL_SUCCESS);
      ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    });
  }
  for (std::thread& thread : threads) thread.join();
  test::TakeErrorMessage();
  // After every thread: one more overflow with the switch on is seen, and a reset clears it.
  ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(stream(), 1)));
  RunFp32(kHugeGrad, kInside, stream());
  EXPECT_EQ(ReadFlag(stream()), 1u);
  ResetStatus(stream());
  EXPECT_EQ(ReadFlag(stream()), 0u);
}

TEST(OverflowStatusSoc, Ascend910DetectsAlwaysAndItsSwitchReportsOn) {
  test::RuntimeSession session("Ascend910A");  // saturation only; CANN has no switch there
  uint32_t flag = 0;
  ASSERT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(session.stream(), &flag)));
  EXPECT_EQ(flag, 1u);
  ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(session.stream(), 0)));  // no effect
  ASSERT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(session.stream(), &flag)));
  EXPECT_EQ(flag, 1u);
  EXPECT_EQ(ReadFlag(session.stream()), 0u);
  EXPECT_EQ(RunFp32(kHugeGrad, kInside, session.stream()), FLT_MAX);
  EXPECT_EQ(ReadFlag(session.stream()), 1u);
  ResetStatus(session.stream());
  EXPECT_EQ(ReadFlag(session.stream()), 0u);
}

TEST(OverflowStatusSoc, BeforeAclInitTheCallsFail) {
  std::vector<uint8_t> host(kStatusBytes, 0);
  EXPECT_NE(aclrtGetOverflowStatus(host.data(), kStatusBytes, nullptr), ACL_SUCCESS);
  EXPECT_NE(aclrtResetOverflowStatus(nullptr), ACL_SUCCESS);
  test::TakeErrorMessage();
}

TEST(OverflowStatusSoc, ANewRuntimeStartsWithoutOverflow) {
  {
    test::RuntimeSession session;
    ASSERT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
    ASSERT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(session.stream(), 1)));
    RunFp32(kHugeGrad, kInside, session.stream());
    EXPECT_EQ(ReadFlag(session.stream()), 1u);
  }
  test::RuntimeSession session;
  EXPECT_EQ(ReadFlag(session.stream()), 0u);
}

}  // namespace
