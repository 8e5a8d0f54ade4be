// The workspace phase one reports, as upstream's executor computes it (ops/upstream_workspace.h):
// opbase's MaxAllocator on the cases of its own unit test (tests/nnopbase/ut/composite_op/
// test_memory_allocator.cpp), and the graph of an elementwise call per layout and SoC, each
// expected size derived by hand from Align(n) = (n + 32) rounded up to 512.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "ops/upstream_workspace.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"

namespace {

using aclnn_host::GraphTensor;
using aclnn_host::MaxAllocatorWorkspace;

// {bytes, node (lifetime start), last reader (lifetime end), reader}
TEST(MaxAllocator, OpbasesOwnCases) {
  EXPECT_EQ(MaxAllocatorWorkspace({}), 0u);                                                   // Case3
  EXPECT_EQ(MaxAllocatorWorkspace({{18, 0, 0, -1}}), 512u);                                   // Case4: 18 + 32 <= 512
  EXPECT_EQ(MaxAllocatorWorkspace({{481, 0, 0, -1}}), 1024u);                                 // Case5: 481 + 32 > 512
  EXPECT_EQ(MaxAllocatorWorkspace({{80, 0, 2, -1}, {80, 1, 2, -1}}), 1024u);                  // Case0: overlapping
  EXPECT_EQ(MaxAllocatorWorkspace({{64, 0, 0, -1}, {80, 0, 2, -1}, {80, 1, 2, -1}}), 1024u);  // Case1
  // Case2: the third tensor reuses the first one's bucket, which grows to Align(1024) = 1536.
  EXPECT_EQ(MaxAllocatorWorkspace({{1024, 0, 0, -1}, {80, 0, 2, -1}, {80, 1, 2, -1}}), 2048u);
}

TEST(MaxAllocator, ATensorReadByANodeNeverSharesThatNodesBucket) {
  // Lifetimes [0, 0] and [1, 1] do not overlap, but the first is an input of node 1.
  EXPECT_EQ(MaxAllocatorWorkspace({{100, 0, 0, -1}, {100, 1, 1, -1}}), 512u);
  EXPECT_EQ(MaxAllocatorWorkspace({{100, 0, 0, 1}, {100, 1, 1, -1}}), 1024u);
}

constexpr uint64_t kSixteenMiB = 16ull * 1024 * 1024;
constexpr uint64_t kAlignedSixteenMiB = kSixteenMiB + 512;  // (16 MiB + 32) rounded up to 512

uint64_t V2Workspace(const char* soc, const test::Layout& grad, const test::Layout& self, const test::Layout& out) {
  test::RuntimeSession session(soc);
  test::Tensor g(grad, nullptr), x(self, nullptr), y(out, nullptr);
  const test::PhaseOneResult result = test::RunPhaseOne([&](uint64_t* size, aclOpExecutor** executor) {
    return aclnnHardswishBackwardV2GetWorkspaceSize(g.get(), x.get(), y.get(), size, executor);
  });
  EXPECT_EQ(result.status, ACLNN_SUCCESS) << result.message;
  test::Discard(result.executor);
  return result.workspace_size;
}

test::Layout Contiguous(std::vector<int64_t> view) {
  test::Layout layout;
  layout.view = std::move(view);
  return layout;
}

test::Layout Transposed64x32() {  // a [64, 32] view of a [32, 64] row-major storage
  test::Layout layout;
  layout.view = {64, 32};
  layout.strides = {1, 64};
  return layout;
}

TEST(UpstreamWorkspace, HardswishBackwardV2PerLayoutAndSoc) {
  const test::Layout plain = Contiguous({64, 32});
  // (a) contiguous on Atlas A2: the kernel's 16 MiB library workspace alone.
  EXPECT_EQ(V2Workspace("Ascend910B3", plain, plain, plain), kAlignedSixteenMiB);
  // (b) a transposed self: Contiguous's intermediate, 64 * 32 * 4 = 8192 bytes -> 8704.
  EXPECT_EQ(V2Workspace("Ascend910B3", plain, Transposed64x32(), plain), kAlignedSixteenMiB + 8704);
  // Both inputs transposed: two intermediates, both read by the kernel.
  EXPECT_EQ(V2Workspace("Ascend910B3", Transposed64x32(), Transposed64x32(), plain), kAlignedSixteenMiB + 2 * 8704);
  // (c) a transposed out: the kernel's output lives in the workspace until ViewCopy.
  EXPECT_EQ(V2Workspace("Ascend910B3", plain, plain, Transposed64x32()), kAlignedSixteenMiB + 8704);
  // Ascend 950: arch35 declares a workspace of 0 bytes, which still takes Align(0) = 512.
  EXPECT_EQ(V2Workspace("Ascend950PR", plain, plain, plain), 512u);
  // Ascend910 (no unaligned moves): ViewCopy cannot take over the kernel's output, which stays in
  // the workspace; the A1 library workspace is 2 MiB.
  EXPECT_EQ(V2Workspace("Ascend910A", plain, plain, plain), (2ull * 1024 * 1024 + 512) + 8704);
  // Size-1 dims do not make a view non-contiguous.
  test::Layout ones = Contiguous({64, 1, 32});
  ones.strides = {32, 7, 1};
  EXPECT_EQ(V2Workspace("Ascend910B3", ones, ones, ones), kAlignedSixteenMiB);
}

TEST(UpstreamWorkspace, TbeKernelsDeclareNone) {
  // The forward op runs the built-in TBE kernel on Atlas A2: nothing in the workspace when
  // every operand is contiguous; the transposed input's intermediate otherwise.
  test::RuntimeSession session("Ascend910B3");
  for (bool transposed : {false, true}) {
    test::Tensor x(transposed ? Transposed64x32() : Contiguous({64, 32}), nullptr), y(Contiguous({64, 32}), nullptr);
    const test::PhaseOneResult result = test::RunPhaseOne([&](uint64_t* size, aclOpExecutor** executor) {
      return aclnnHardswishGetWorkspaceSize(x.get(), y.get(), size, executor);
    });
    EXPECT_EQ(result.status, ACLNN_SUCCESS) << result.message;
    test::Discard(result.executor);
    EXPECT_EQ(result.workspace_size, transposed ? 8704u : 0u);
  }
}

}  // namespace
