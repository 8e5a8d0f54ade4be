// How phase two hands work to a stream: small work on an idle stream runs on the launching
// thread (no hand-off), small work behind queued work waits its turn, and inline work computes in
// the IEEE floating-point environment whatever the caller's is.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"
#include "support/stream_gate.h"

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace {

struct SmallOp {
  explicit SmallOp(int64_t n) : n(n), grad(n * 4), self(n * 4), out(n * 4) {
    std::vector<float> values(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) values[static_cast<size_t>(i)] = static_cast<float>(i % 13) - 6.0f;
    grad.Upload(values);
    self.Upload(values);
    out.Upload(std::vector<float>(static_cast<size_t>(n), -99.0f));
    test::Layout layout;
    layout.view = {n};
    grad_tensor = test::Tensor(layout, grad.get());
    self_tensor = test::Tensor(layout, self.get());
    out_tensor = test::Tensor(layout, out.get());
  }
  aclnnStatus Launch(aclrtStream stream) {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus status = aclnnHardswishBackwardV2GetWorkspaceSize(grad_tensor.get(), self_tensor.get(),
                                                                  out_tensor.get(), &workspace_size, &executor);
    if (status != ACLNN_SUCCESS) return status;
    return test::RunV2(executor, stream);
  }
  // Reads out's memory directly (device memory is host memory), without synchronising.
  float OutAt(int64_t i) const { return static_cast<const float*>(out.get())[i]; }
  float Expected(int64_t i) const {
    const float v = static_cast<float>(i % 13) - 6.0f;
    return reference::HardswishGrad(v, v, false, reference::Numerics());
  }
  int64_t n;
  test::DeviceBuffer grad, self, out;
  test::Tensor grad_tensor, self_tensor, out_tensor;
};

}  // namespace

TEST(Launch, SmallWorkOnAnIdleStreamIsDoneWhenPhaseTwoReturns) {
  test::RuntimeSession session;
  SmallOp op(1000);
  ASSERT_EQ(op.Launch(session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  for (int64_t i = 0; i < op.n; ++i) ASSERT_EQ(op.OutAt(i), op.Expected(i)) << i;
  aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
  ASSERT_EQ(aclrtStreamQuery(session.stream(), &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
}

TEST(Launch, SmallWorkBehindQueuedWorkWaitsForIt) {
  test::RuntimeSession session;
  SmallOp op(1000);
  test::StreamGate gate(session.stream());
  ASSERT_EQ(op.Launch(session.stream()), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_EQ(op.OutAt(0), -99.0f);  // not run: the gate holds the stream
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_EQ(aclrtStreamQuery(session.stream(), &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  gate.Release();
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  for (int64_t i = 0; i < op.n; ++i) ASSERT_EQ(op.OutAt(i), op.Expected(i)) << i;
}

TEST(Launch, WorkQueuedWhileInlineWorkRunsKeepsItsOrder) {
  // Two launches and a memset from two threads on one stream: the final contents must be the
  // memset's or the op's, never a mix, and every call succeeds.
  test::RuntimeSession session;
  SmallOp op(100000);  // 1.2 MB: inline on an idle stream
  ASSERT_EQ(op.Launch(session.stream()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(op.out.get(), op.out.bytes(), 0, op.out.bytes(), session.stream()), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  for (int64_t i = 0; i < op.n; ++i) ASSERT_EQ(op.OutAt(i), 0.0f) << i;  // the memset came last
}

#if defined(__x86_64__)
TEST(Launch, InlineWorkIgnoresTheCallersFlushToZero) {
  test::RuntimeSession session;
  test::DeviceBuffer grad(64 * 4), self(64 * 4), out(64 * 4);
  const float tiny = std::ldexp(1.0f, -140);  // subnormal
  grad.Upload(std::vector<float>(64, tiny));
  self.Upload(std::vector<float>(64, 0.0f));
  test::Layout layout;
  layout.view = {64};
  test::Tensor g(layout, grad.get()), x(layout, self.get()), o(layout, out.get());
  const unsigned int saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040);  // FTZ | DAZ on the launching thread
  const aclnnStatus status = test::RunHardswishBackwardV2(g.get(), x.get(), o.get(), session.stream());
  _mm_setcsr(saved);
  ASSERT_EQ(status, ACLNN_SUCCESS);
  EXPECT_EQ(_mm_getcsr(), saved);
  const std::vector<float> result = out.Download<float>(64);
  for (float v : result) EXPECT_EQ(v, std::ldexp(1.0f, -141));  // tiny * 0.5, still subnormal
}
#endif
