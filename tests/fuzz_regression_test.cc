// Regressions found by the fuzzers (fuzz/) and the sanitizer runs (scripts/sanitize.sh), each
// replayed through the public API.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::Succeeds;

constexpr int64_t kElements = 64;

// Output overlapping its inputs shifted by one element makes phase one ask for a workspace (the
// output goes through a temporary). A workspace that itself overlaps an operand must not serve as
// that temporary: writing the temporary would clobber inputs not yet read, or the output view.
// The workspace starts upstream's part (the arch35 kernel's empty workspace, aligned: 512 bytes,
// never touched) before the temporary: it is placed so that the temporary starts at
// `workspace_element` of the operands' storage, which starts 512 bytes into the block.
constexpr int64_t kUpstreamPartElements = 512 / sizeof(float);

void RunShiftedWithWorkspaceAt(int64_t workspace_element) {
  test::RuntimeSession session("Ascend950PR");  // no library workspace
  void* block = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&block, 8 * kElements * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST)));
  auto* data = static_cast<float*>(block) + kUpstreamPartElements;
  std::vector<float> seed(kElements);
  for (int64_t i = 0; i < kElements; ++i) seed[static_cast<size_t>(i)] = static_cast<float>(i % 9) - 4.0f;
  std::memcpy(data, seed.data(), seed.size() * sizeof(float));

  test::Layout in;
  in.view = {kElements};
  in.storage = {4 * kElements};
  test::Layout out = in;
  out.offset = 1;
  test::Tensor grad(in, data), self(in, data), result(out, data);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_TRUE(Succeeds(
      aclnnHardswishBackwardV2GetWorkspaceSize(grad.get(), self.get(), result.get(), &workspace_size, &executor)));
  ASSERT_EQ(workspace_size, test::AlignedWorkspace(0) + kElements * sizeof(float));
  float* workspace = data + workspace_element - kUpstreamPartElements;
  ASSERT_TRUE(Succeeds(aclnnHardswishBackwardV2(workspace, workspace_size, executor, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  for (int64_t i = 0; i < kElements; ++i) {
    const float x = seed[static_cast<size_t>(i)];
    const float expected = reference::HardswishGrad(x, x, /*v1=*/false, reference::Numerics());
    EXPECT_EQ(reference::Bits(data[1 + i]), reference::Bits(expected)) << "element " << i;
  }
  aclrtFree(block);
}

TEST(FuzzRegression, WorkspaceOverlappingTheOutputIsNotUsedAsTheTemporary) { RunShiftedWithWorkspaceAt(1); }

TEST(FuzzRegression, WorkspaceOverlappingAnInputIsNotUsedAsTheTemporary) { RunShiftedWithWorkspaceAt(0); }

TEST(FuzzRegression, DisjointWorkspaceStillServesAsTheTemporary) { RunShiftedWithWorkspaceAt(2 * kElements); }

}  // namespace
