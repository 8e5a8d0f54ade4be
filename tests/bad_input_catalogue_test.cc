// The bad-input catalogue, operator rows (docs/bad-input-catalogue.md): V2-*, V1-*, FW-*, IP-*.
// One test per row, named after its ID; each asserts the status, the message and, where the call
// could write, that nothing was written.
#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

#include "bad_input_catalogue_support.h"

namespace catalogue {
namespace {

Layout WithStorage(std::vector<int64_t> view, std::vector<int64_t> strides, int64_t offset,
                   std::vector<int64_t> storage, aclDataType dtype = ACL_FLOAT) {
  Layout layout;
  layout.view = std::move(view);
  layout.strides = std::move(strides);
  layout.offset = offset;
  layout.storage = std::move(storage);
  layout.dtype = dtype;
  return layout;
}

// The layout rows, shared by the four operators: `phase_one` runs with the bad tensor in the
// argument named `name`.
template <typename PhaseOne>
void ExpectLayoutRejected(PhaseOne&& phase_one, const char* api, const Layout& bad, aclnnStatus code,
                          const std::string& phrase) {
  Tensor tensor = Make(bad);
  EXPECT_TRUE(Rejected(phase_one(tensor.get()), api, code, phrase));
}

const Layout kNegativeDim = WithStorage({2, -3}, {3, 1}, 0, {6});
const Layout kNegativeStride = WithStorage({2, 3}, {-3, 1}, 3, {6});
const Layout kNegativeStorage = WithStorage({2, 3}, {3, 1}, 0, {-6});
const Layout kCountOverflow = WithStorage({int64_t{1} << 32, int64_t{1} << 32}, {0, 0}, 0, {1});
const Layout kStorageOverflow = WithStorage({2, 3}, {3, 1}, 0, {int64_t{1} << 32, int64_t{1} << 32});
// 2^31 * 2^31 = 2^62 elements with strides {1, 0}: extent 2^31 elements, 2^64 bytes of result.
const Layout kByteSizeOverflow = WithStorage({int64_t{1} << 31, int64_t{1} << 31}, {1, 0}, 0, {int64_t{1} << 31});
const Layout kExtentOverflow = WithStorage({2, 2}, {int64_t{1} << 62, 1}, 0, {4});
const Layout kOutsideStorage = WithStorage({2, 3}, {3, 1}, 1, {6});
const Layout kNegativeOffset = WithStorage({2, 3}, {3, 1}, -1, {6});
const Layout kBroadcastOut = WithStorage({2, 3}, {0, 1}, 0, {3});

// ---- aclnnHardswishBackwardV2GetWorkspaceSize ----

TEST(Catalogue, V2_01) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  aclOpExecutor* executor = nullptr;
  TakeErrorMessage();
  const aclnnStatus status = aclnnHardswishBackwardV2GetWorkspaceSize(t.get(), t.get(), t.get(), nullptr, &executor);
  EXPECT_EQ(status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(
      test::MessageIs(TakeErrorMessage(), kV2, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr."));
  EXPECT_EQ(executor, nullptr);
}

TEST(Catalogue, V2_02) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  uint64_t size = 77;
  TakeErrorMessage();
  const aclnnStatus status = aclnnHardswishBackwardV2GetWorkspaceSize(t.get(), t.get(), t.get(), &size, nullptr);
  EXPECT_EQ(status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(
      test::MessageIs(TakeErrorMessage(), kV2, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr."));
  EXPECT_EQ(size, 77u);
}

TEST(Catalogue, V2_03) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(nullptr, t.get(), t.get()), kV2, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument t0."));
}

TEST(Catalogue, V2_04) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), nullptr, t.get()), kV2, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument t1."));
}

TEST(Catalogue, V2_05) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), nullptr), kV2, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument t2."));
}

TEST(Catalogue, V2_06) {
  RuntimeSession session;
  Tensor bad = Make({2, 3}, ACL_INT64);
  EXPECT_TRUE(Rejected(V2(bad.get(), nullptr, nullptr), kV2, ACLNN_ERR_PARAM_NULLPTR, "argument t1."));
}

TEST(Catalogue, V2_07) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(NotATensor(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "is not a live aclTensor (destroyed, or never created)."));
}

TEST(Catalogue, V2_08) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  aclTensor* destroyed = aclCreateTensor(std::vector<int64_t>{2, 3}.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                                         std::vector<int64_t>{6}.data(), 1, DummyData());
  ASSERT_EQ(aclDestroyTensor(destroyed), ACLNN_SUCCESS);
  EXPECT_TRUE(Rejected(V2(t.get(), destroyed, t.get()), kV2, ACLNN_ERR_PARAM_INVALID, "Tensor self ("));
}

TEST(Catalogue, V2_09) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), NotATensor()), kV2, ACLNN_ERR_PARAM_INVALID, "Tensor out ("));
}

TEST(Catalogue, V2_10) {
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called."));
}

TEST(Catalogue, V2_11) {
  RuntimeSession session;
  Tensor bad = Make({2, 3}, ACL_INT64), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(bad.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput not implemented for DT_INT64, should be in dtype support list "
                       "[DT_FLOAT,DT_FLOAT16,DT_BF16,]."));
}

TEST(Catalogue, V2_12) {
  RuntimeSession session;
  Tensor bad = Make({2, 3}, ACL_INT32), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), bad.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor self not implemented for DT_INT32"));
}

TEST(Catalogue, V2_13) {
  RuntimeSession session;
  Tensor a = Make({2, 3}, ACL_INT64), b = Make({2, 3}, ACL_DOUBLE);
  EXPECT_TRUE(Rejected(V2(a.get(), b.get(), b.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput not implemented for DT_INT64"));
}

TEST(Catalogue, V2_14) {
  RuntimeSession session("Ascend910A");
  Tensor t = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput not implemented for DT_BF16, should be in dtype support list "
                       "[DT_FLOAT,DT_FLOAT16,]."));
}

TEST(Catalogue, V2_15) {
  RuntimeSession session("Ascend910B");
  Tensor t = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "not implemented for DT_BF16, should be in dtype support list [DT_FLOAT,DT_FLOAT16,]."));
}

TEST(Catalogue, V2_16) {
  RuntimeSession session;
  Tensor g = Make({2, 3}, ACL_FLOAT16), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(g.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16."));
}

TEST(Catalogue, V2_17) {
  RuntimeSession session;
  Tensor o = Make({2, 3}, ACL_BF16), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), o.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor out expected dtype is DT_FLOAT but found DT_BF16."));
}

TEST(Catalogue, V2_18) {
  RuntimeSession session;
  Tensor o = Make({2, 3}, ACL_INT32), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), o.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor out expected dtype is DT_FLOAT but found DT_INT32."));
}

TEST(Catalogue, V2_19) {
  RuntimeSession session;
  Tensor g = Make({1, 1, 1, 1, 1, 1, 1, 1, 1}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(g.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "The gradOutput tensor cannot be larger than 8 dimensions."));
}

TEST(Catalogue, V2_20) {
  RuntimeSession session;
  Tensor s = Make({1, 1, 1, 1, 1, 1, 1, 1, 1}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), s.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "The self tensor cannot be larger than 8 dimensions."));
}

TEST(Catalogue, V2_21) {
  RuntimeSession session;
  Tensor g = Make({3, 2}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(g.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Expected tensor for gradOutput to have same size as tensor for self, but [3, 2] does not "
                       "equal [2, 3]."));
}

TEST(Catalogue, V2_22) {
  RuntimeSession session;
  Tensor o = Make({6}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), o.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Expected tensor for out to have same size as tensor for self, but [6] does not equal [2, 3]."));
}

TEST(Catalogue, V2_23) {
  RuntimeSession session;
  Tensor g = Make({1, 3}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(g.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID, "[1, 3] does not equal [2, 3]."));
}

TEST(Catalogue, V2_24) {
  RuntimeSession session;
  Tensor g = Make({0, 3}, ACL_INT64), t = Make({0, 3});
  EXPECT_TRUE(Rejected(V2(g.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID, "DT_INT64"));
}

TEST(Catalogue, V2_25) {
  RuntimeSession session;
  Tensor g = Make({0, 3}), t = Make({0, 4});
  EXPECT_TRUE(Rejected(V2(g.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID, "[0, 3] does not equal [0, 4]."));
}

TEST(Catalogue, V2_26) {
  RuntimeSession session;
  Tensor t = Make(kNegativeDim);
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput has a negative dim: shape [2, -3]."));
}

TEST(Catalogue, V2_27) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), bad, t.get()); }, kV2, kNegativeStride,
                       ACLNN_ERR_PARAM_INVALID, "Tensor self has a negative stride: strides [-3, 1].");
}

TEST(Catalogue, V2_28) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), t.get(), bad); }, kV2, kNegativeStorage,
                       ACLNN_ERR_PARAM_INVALID, "Tensor out has a negative storage dim: storage shape [-6].");
}

TEST(Catalogue, V2_29) {
  RuntimeSession session;
  Tensor t = Make(kCountOverflow);
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "The element count of tensor gradOutput (shape [4294967296, 4294967296]) overflows int64."));
}

TEST(Catalogue, V2_30) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), bad, t.get()); }, kV2, kStorageOverflow,
                       ACLNN_ERR_PARAM_INVALID,
                       "The element count of tensor self's storage shape [4294967296, 4294967296] overflows int64.");
}

TEST(Catalogue, V2_31) {
  RuntimeSession session;
  Tensor t = Make(kByteSizeOverflow);
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_PARAM_INVALID,
                       "The byte size of tensor gradOutput (shape [2147483648, 2147483648], 4611686018427387904 "
                       "elements) overflows int64."));
}

TEST(Catalogue, V2_32) {
  RuntimeSession session;
  Tensor t = Make({2, 2});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), t.get(), bad); }, kV2, kExtentOverflow,
                       ACLNN_ERR_PARAM_INVALID,
                       "The byte extent of tensor out (shape [2, 2], strides "
                       "[4611686018427387904, 1], offset 0) overflows int64.");
}

TEST(Catalogue, V2_33) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(bad, t.get(), t.get()); }, kV2, kOutsideStorage,
                       ACLNN_ERR_INNER_NULLPTR,
                       "The view of tensor gradOutput (shape [2, 3], strides [3, 1], offset 1) does not lie inside "
                       "its storage shape [6].");
}

TEST(Catalogue, V2_34) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), bad, t.get()); }, kV2, kOutsideStorage,
                       ACLNN_ERR_INNER_NULLPTR, "The view of tensor self");
}

TEST(Catalogue, V2_35) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), t.get(), bad); }, kV2, kOutsideStorage,
                       ACLNN_ERR_INNER_NULLPTR, "The view of tensor out");
}

TEST(Catalogue, V2_36) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), bad, t.get()); }, kV2, kNegativeOffset,
                       ACLNN_ERR_INNER_NULLPTR, "offset -1) does not lie inside its storage shape [6].");
}

TEST(Catalogue, V2_37) {
  RuntimeSession session("Ascend310P3");
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_INNER_NULLPTR,
                       "HardSwishGradV2AiCore ADD_TO_LAUNCHER_LIST_AICORE failed."));
}

TEST(Catalogue, V2_38) {
  RuntimeSession session("Ascend310B1");
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_INNER_NULLPTR,
                       "HardSwishGradV2AiCore ADD_TO_LAUNCHER_LIST_AICORE failed."));
}

TEST(Catalogue, V2_39) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V2(t.get(), t.get(), bad); }, kV2, kBroadcastOut,
                       ACLNN_ERR_PARAM_INVALID,
                       "Output tensor out has stride 0 in dim 0 of size 2: several results would share one address.");
}

TEST(Catalogue, V2_40) {
  // An empty view outside its storage is accepted: nothing is read or written.
  RuntimeSession session;
  Tensor e = Make(WithStorage({0, 3}, {3, 1}, 100, {1}));
  const PhaseOneResult result = V2(e.get(), e.get(), e.get());
  EXPECT_TRUE(test::Accepted(result));
  EXPECT_EQ(result.workspace_size, 0u);
  test::Discard(result.executor);
}

// ---- aclnnHardswishBackwardV2 (phase two), shared with the other three operators ----

void NullExecutorRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, nullptr, session.stream()), ACLNN_ERR_PARAM_NULLPTR, ops.api(),
                        {"executor is nullptr."}));
  EXPECT_TRUE(ops.OutUntouched());
}

void NullWorkspaceRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 64, executor, session.stream()), ACLNN_ERR_PARAM_NULLPTR, ops.api(),
                        {"workspace is nullptr."}));
  // Upstream frees the single-use executor here too.
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"was already run or destroyed"}));
  EXPECT_TRUE(ops.OutUntouched());
}

void RunTwiceRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  void* workspace = test::WorkspaceOfSize(size);  // V2: the library workspace; the others: none
  EXPECT_TRUE(Succeeds(ops.PhaseTwo(workspace, size, executor, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(
      FailsWith(ops.PhaseTwo(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_INVALID, ops.api(),
                {"was already run or destroyed: a single-use executor runs once", "aclSetAclOpExecutorRepeatable"}));
}

void UnknownExecutorRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  int64_t bogus[8] = {};
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, reinterpret_cast<aclOpExecutor*>(bogus), session.stream()),
                        ACLNN_ERR_PARAM_INVALID, ops.api(), {"is not an executor returned by a first phase."}));
  EXPECT_TRUE(ops.OutUntouched());
}

void DestroyedExecutorRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ASSERT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"was already run or destroyed"}));
  EXPECT_TRUE(ops.OutUntouched());
}

void DestroyedStreamRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(
      ops.PhaseTwo(nullptr, 0, executor, stream), ACLNN_ERR_RUNTIME_ERROR, ops.api(),
      {"is not a live stream (destroyed, or never created). (error 107017)", "there is no stream to run on"}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);  // a refused run does not consume the executor
}

void NoContextRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] {
    outcome = FailsWith(ops.PhaseTwo(nullptr, 0, executor, nullptr), ACLNN_ERR_RUNTIME_ERROR, ops.api(),
                        {"the current thread has no context: call aclrtSetDevice on this thread first. (error 107002)",
                         "there is no stream to run on"});
  });
  other.join();
  EXPECT_TRUE(outcome);
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

void HostTensorRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  std::vector<float> host(ops.count, 1.0f);
  aclTensor* input = op == Op::kInplace ? ops.out.get() : ops.self.get();
  ASSERT_EQ(aclSetRawTensorAddr(input, host.data()), ACLNN_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"is not device memory: it lies in no live aclrtMalloc allocation (host memory, or freed).",
                         "(ACLNN_HOST_STRICT=0 lets host memory through.)"}));
  EXPECT_TRUE(ops.OutUntouched());
  if (op == Op::kInplace) {
    EXPECT_EQ(host, std::vector<float>(ops.count, 1.0f));
  }
  test::Discard(executor);
}

void NullDataRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  aclTensor* input = op == Op::kInplace ? ops.out.get() : ops.self.get();
  ASSERT_EQ(aclSetRawTensorAddr(input, nullptr), ACLNN_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_NULLPTR, ops.api(),
                        {"the data address of tensor self is nullptr."}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

void WorkspaceHostMemoryRow(Op op) {
  RuntimeSession session;
  Operands ops(op);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  std::vector<char> host(64);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(host.data(), host.size(), executor, session.stream()), ACLNN_ERR_PARAM_INVALID,
                        ops.api(), {"workspace (", "64 bytes) is not device memory"}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

TEST(Catalogue, V2_41) { NullExecutorRow(Op::kV2); }
TEST(Catalogue, V2_42) { NullWorkspaceRow(Op::kV2); }
TEST(Catalogue, V2_43) { RunTwiceRow(Op::kV2); }
TEST(Catalogue, V2_44) { UnknownExecutorRow(Op::kV2); }
TEST(Catalogue, V2_45) { DestroyedExecutorRow(Op::kV2); }
TEST(Catalogue, V2_46) { DestroyedStreamRow(Op::kV2); }
TEST(Catalogue, V2_47) { NoContextRow(Op::kV2); }
TEST(Catalogue, V2_48) { HostTensorRow(Op::kV2); }
TEST(Catalogue, V2_49) { NullDataRow(Op::kV2); }
TEST(Catalogue, V2_50) { WorkspaceHostMemoryRow(Op::kV2); }

// out aliases self through a transposed view: the result needs a temporary (the workspace).
TEST(Catalogue, V2_51) {
  // 950: upstream's part is the arch35 kernel's empty workspace and the kernel's output (out is
  // transposed), 512 bytes each; then the temporary's 64 bytes.
  RuntimeSession session("Ascend950PR");
  DeviceBuffer data(16 * sizeof(float));
  data.Upload(std::vector<float>(16, 1.0f));
  DeviceBuffer grad(16 * sizeof(float));
  grad.Upload(std::vector<float>(16, 1.0f));
  Tensor g(WithStorage({4, 4}, {4, 1}, 0, {16}), grad.get());
  Tensor s(WithStorage({4, 4}, {4, 1}, 0, {16}), data.get());
  Tensor o(WithStorage({4, 4}, {1, 4}, 0, {16}), data.get());
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(g.get(), s.get(), o.get(), &size, &executor), ACLNN_SUCCESS);
  ASSERT_EQ(size, 1088u);
  DeviceBuffer workspace(1088);
  EXPECT_TRUE(FailsWith(aclnnHardswishBackwardV2(workspace.get(), 1087, executor, session.stream()),
                        ACLNN_ERR_PARAM_INVALID, "aclnnHardswishBackwardV2",
                        {"workspaceSize 1087 is smaller than the 1088 bytes the first phase asked for."}));
  EXPECT_EQ(data.Download<float>(16), std::vector<float>(16, 1.0f));
  test::Discard(executor);
}

TEST(Catalogue, V2_52) {
  RuntimeSession session;
  Operands ops(Op::kV2);
  // One byte into the buffer: every fp32 element is misaligned.
  ASSERT_EQ(aclSetRawTensorAddr(ops.grad.get(), static_cast<char*>(ops.grad_buffer.get()) + 1), ACLNN_SUCCESS);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"the data of tensor gradOutput", "is not aligned to its 4-byte elements."}));
  EXPECT_TRUE(ops.OutUntouched());
  test::Discard(executor);
}

TEST(Catalogue, V2_53) {
  // The ISA cap is read once per process: the row runs in a child process (gtest death test).
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        setenv("ACLNN_HOST_MAX_ISA", "pentium", 1);
        RuntimeSession session;
        Tensor t = Make({2, 3});
        const bool ok = Rejected(V2(t.get(), t.get(), t.get()), kV2, ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                                 "no kernel variant: ACLNN_HOST_MAX_ISA=\"pentium\" is not one of: ");
        std::exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(Catalogue, V2_54) {
  // Tensors destroyed between the phases: the executor holds its own copy of their layouts.
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ops.grad = Tensor();
  ops.self = Tensor();
  ops.out = Tensor();
  EXPECT_TRUE(Succeeds(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(ops.out_buffer.Download<float>(ops.count), std::vector<float>(ops.count, 1.0f / 3.0f + 0.5f));
}

TEST(Catalogue, V2_55) {
  // out's elements overlap each other (strides [1, 1]): the result goes through a temporary, so
  // phase one asks for a workspace, and running without it is refused (on the 950, where that is
  // the whole workspace).
  RuntimeSession session("Ascend950PR");
  DeviceBuffer in(9 * sizeof(float)), out(5 * sizeof(float));
  in.Upload(std::vector<float>(9, 1.0f));
  out.Upload(std::vector<float>(5, kSentinel));
  Tensor g(WithStorage({3, 3}, {3, 1}, 0, {9}), in.get());
  Tensor o(WithStorage({3, 3}, {1, 1}, 0, {5}), out.get());
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(g.get(), g.get(), o.get(), &size, &executor), ACLNN_SUCCESS);
  EXPECT_EQ(size, 1060u);  // 512 (the kernel's empty workspace) + 512 (its output) + the 36-byte temporary
  EXPECT_TRUE(FailsWith(aclnnHardswishBackwardV2(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_INVALID,
                        "aclnnHardswishBackwardV2",
                        {"workspaceSize 0 is smaller than the 1060 bytes the first phase asked for."}));
  EXPECT_EQ(out.Download<float>(5), std::vector<float>(5, kSentinel));
  test::Discard(executor);
}

TEST(Catalogue, V2_56) {
  // The arch22 tiling's library workspace (GetLibApiWorkSpaceSize(): 16 MiB on A2) is part of what
  // phase one asks for; phase two refuses less, and a null workspace with a size as upstream does.
  RuntimeSession session;
  Operands ops(Op::kV2);
  uint64_t size = 0;
  aclOpExecutor* executor = ops.PhaseOne(&size);
  ASSERT_EQ(size, test::kAlignedLibraryWorkspace);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, 0, executor, session.stream()), ACLNN_ERR_PARAM_INVALID, ops.api(),
                        {"workspaceSize 0 is smaller than the 16777728 bytes the first phase asked for."}));
  EXPECT_TRUE(FailsWith(ops.PhaseTwo(nullptr, size, executor, session.stream()), ACLNN_ERR_PARAM_NULLPTR, ops.api(),
                        {"workspace is nullptr."}));
  EXPECT_TRUE(ops.OutUntouched());
  EXPECT_TRUE(Succeeds(ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_FALSE(ops.OutUntouched());
  test::Discard(executor);
}

// ---- aclnnHardswishBackwardGetWorkspaceSize (V1): same checks, self's dtype first ----

TEST(Catalogue, V1_01) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  aclOpExecutor* executor = nullptr;
  TakeErrorMessage();
  EXPECT_EQ(aclnnHardswishBackwardGetWorkspaceSize(t.get(), t.get(), t.get(), nullptr, &executor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(
      test::MessageIs(TakeErrorMessage(), kV1, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr."));
}

TEST(Catalogue, V1_02) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(nullptr, t.get(), t.get()), kV1, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument t0."));
}

TEST(Catalogue, V1_03) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(t.get(), nullptr, t.get()), kV1, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument t1."));
}

TEST(Catalogue, V1_04) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(t.get(), t.get(), nullptr), kV1, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument t2."));
}

TEST(Catalogue, V1_05) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(t.get(), NotATensor(), t.get()), kV1, ACLNN_ERR_PARAM_INVALID, "Tensor self ("));
}

TEST(Catalogue, V1_06) {
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(t.get(), t.get(), t.get()), kV1, ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called."));
}

TEST(Catalogue, V1_07) {
  RuntimeSession session;
  Tensor a = Make({2, 3}, ACL_INT64), b = Make({2, 3}, ACL_INT32);
  EXPECT_TRUE(Rejected(V1(a.get(), b.get(), b.get()), kV1, ACLNN_ERR_PARAM_INVALID,
                       "Tensor self not implemented for DT_INT32"));
}

TEST(Catalogue, V1_08) {
  RuntimeSession session;
  Tensor a = Make({2, 3}, ACL_INT64), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(a.get(), t.get(), t.get()), kV1, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput not implemented for DT_INT64"));
}

TEST(Catalogue, V1_09) {
  RuntimeSession session("Ascend910ProB");
  Tensor t = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(
      Rejected(V1(t.get(), t.get(), t.get()), kV1, ACLNN_ERR_PARAM_INVALID,
               "Tensor self not implemented for DT_BF16, should be in dtype support list [DT_FLOAT,DT_FLOAT16,]."));
}

TEST(Catalogue, V1_10) {
  RuntimeSession session;
  Tensor g = Make({2, 3}, ACL_FLOAT16), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(g.get(), t.get(), t.get()), kV1, ACLNN_ERR_PARAM_INVALID,
                       "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16."));
}

TEST(Catalogue, V1_11) {
  RuntimeSession session;
  Tensor o = Make({2, 3}, ACL_FLOAT16), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(t.get(), t.get(), o.get()), kV1, ACLNN_ERR_PARAM_INVALID,
                       "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16."));
}

TEST(Catalogue, V1_12) {
  RuntimeSession session;
  Tensor g = Make({1, 1, 1, 1, 1, 1, 1, 1, 1}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(g.get(), t.get(), t.get()), kV1, ACLNN_ERR_PARAM_INVALID,
                       "The gradOutput tensor cannot be larger than 8 dimensions."));
}

TEST(Catalogue, V1_13) {
  RuntimeSession session;
  Tensor g = Make({3, 2}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(g.get(), t.get(), t.get()), kV1, ACLNN_ERR_PARAM_INVALID,
                       "Expected tensor for gradOutput to have same size as tensor for self"));
}

TEST(Catalogue, V1_14) {
  RuntimeSession session;
  Tensor o = Make({3, 2}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(t.get(), t.get(), o.get()), kV1, ACLNN_ERR_PARAM_INVALID,
                       "Expected tensor for out to have same size as tensor for self"));
}

TEST(Catalogue, V1_15) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V1(t.get(), bad, t.get()); }, kV1, kNegativeStride,
                       ACLNN_ERR_PARAM_INVALID, "Tensor self has a negative stride");
}

TEST(Catalogue, V1_16) {
  RuntimeSession session;
  Tensor t = Make(kByteSizeOverflow);
  EXPECT_TRUE(
      Rejected(V1(t.get(), t.get(), t.get()), kV1, ACLNN_ERR_PARAM_INVALID, "The byte size of tensor gradOutput"));
}

TEST(Catalogue, V1_17) {
  // Both inputs outside their storage: V1 makes self contiguous first, so self is named.
  RuntimeSession session;
  Tensor bad = Make(kOutsideStorage), t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(bad.get(), bad.get(), t.get()), kV1, ACLNN_ERR_INNER_NULLPTR, "The view of tensor self"));
}

TEST(Catalogue, V1_18) {
  RuntimeSession session("Ascend310P3");
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(V1(t.get(), t.get(), t.get()), kV1, ACLNN_ERR_INNER_NULLPTR,
                       "HardSwishGradAiCore ADD_TO_LAUNCHER_LIST_AICORE failed."));
}

TEST(Catalogue, V1_19) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return V1(t.get(), t.get(), bad); }, kV1, kBroadcastOut,
                       ACLNN_ERR_PARAM_INVALID, "Output tensor out has stride 0 in dim 0 of size 2");
}

TEST(Catalogue, V1_20) { NullExecutorRow(Op::kV1); }
TEST(Catalogue, V1_21) { NullWorkspaceRow(Op::kV1); }
TEST(Catalogue, V1_22) { RunTwiceRow(Op::kV1); }
TEST(Catalogue, V1_23) { UnknownExecutorRow(Op::kV1); }
TEST(Catalogue, V1_24) { DestroyedStreamRow(Op::kV1); }
TEST(Catalogue, V1_25) { HostTensorRow(Op::kV1); }

// ---- aclnnHardswishGetWorkspaceSize ----

TEST(Catalogue, FW_01) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  aclOpExecutor* executor = nullptr;
  TakeErrorMessage();
  EXPECT_EQ(aclnnHardswishGetWorkspaceSize(t.get(), t.get(), nullptr, &executor), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(
      test::MessageIs(TakeErrorMessage(), kFw, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr."));
}

TEST(Catalogue, FW_02) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(Fw(nullptr, t.get()), kFw, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument self."));
}

TEST(Catalogue, FW_03) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(Fw(t.get(), nullptr), kFw, ACLNN_ERR_PARAM_NULLPTR,
                       "Expected a proper Tensor but got null for argument out."));
}

TEST(Catalogue, FW_04) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(Fw(t.get(), NotATensor()), kFw, ACLNN_ERR_PARAM_INVALID, "Tensor out ("));
}

TEST(Catalogue, FW_05) {
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(Fw(t.get(), t.get()), kFw, ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called."));
}

TEST(Catalogue, FW_06) {
  RuntimeSession session;
  Tensor s = Make({2, 3}, ACL_INT32), t = Make({2, 3});
  EXPECT_TRUE(Rejected(Fw(s.get(), t.get()), kFw, ACLNN_ERR_PARAM_INVALID,
                       "Tensor self not implemented for DT_INT32, should be in dtype support list "
                       "[DT_FLOAT,DT_FLOAT16,DT_BF16,]."));
}

TEST(Catalogue, FW_07) {
  RuntimeSession session;
  Tensor o = Make({2, 3}, ACL_INT32), t = Make({2, 3});
  EXPECT_TRUE(Rejected(Fw(t.get(), o.get()), kFw, ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_INT32"));
}

TEST(Catalogue, FW_08) {
  RuntimeSession session("Ascend910PremiumA");
  Tensor t = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(
      Rejected(Fw(t.get(), t.get()), kFw, ACLNN_ERR_PARAM_INVALID,
               "Tensor self not implemented for DT_BF16, should be in dtype support list [DT_FLOAT,DT_FLOAT16,]."));
}

TEST(Catalogue, FW_09) {
  RuntimeSession session;
  Tensor o = Make({3, 2}), t = Make({2, 3});
  EXPECT_TRUE(Rejected(Fw(t.get(), o.get()), kFw, ACLNN_ERR_PARAM_INVALID,
                       "Expected tensor for self to have same size as tensor for out, but [2, 3] does not equal "
                       "[3, 2]."));
}

TEST(Catalogue, FW_10) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return Fw(bad, t.get()); }, kFw, WithStorage({2, 3}, {3, -1}, 2, {6}),
                       ACLNN_ERR_PARAM_INVALID, "Tensor self has a negative stride");
}

TEST(Catalogue, FW_11) {
  RuntimeSession session;
  Tensor t = Make(kCountOverflow);
  EXPECT_TRUE(Rejected(Fw(t.get(), t.get()), kFw, ACLNN_ERR_PARAM_INVALID, "The element count of tensor self"));
}

TEST(Catalogue, FW_12) {
  RuntimeSession session;
  Tensor t = Make(kByteSizeOverflow);
  EXPECT_TRUE(Rejected(Fw(t.get(), t.get()), kFw, ACLNN_ERR_PARAM_INVALID, "The byte size of tensor self"));
}

TEST(Catalogue, FW_13) {
  RuntimeSession session;
  Tensor t = Make({2, 2});
  ExpectLayoutRejected([&](aclTensor* bad) { return Fw(t.get(), bad); }, kFw, kExtentOverflow, ACLNN_ERR_PARAM_INVALID,
                       "The byte extent of tensor out");
}

TEST(Catalogue, FW_14) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return Fw(bad, t.get()); }, kFw, kOutsideStorage, ACLNN_ERR_INNER_NULLPTR,
                       "The view of tensor self");
}

TEST(Catalogue, FW_15) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return Fw(t.get(), bad); }, kFw, kOutsideStorage, ACLNN_ERR_INNER_NULLPTR,
                       "The view of tensor out");
}

TEST(Catalogue, FW_16) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  ExpectLayoutRejected([&](aclTensor* bad) { return Fw(t.get(), bad); }, kFw, kBroadcastOut, ACLNN_ERR_PARAM_INVALID,
                       "Output tensor out has stride 0 in dim 0 of size 2");
}

TEST(Catalogue, FW_17) {
  // No rank limit, but no kernel on the 310 parts (upstream's product table), as for V1 and V2.
  {
    RuntimeSession session;
    Tensor t = Make({1, 1, 1, 1, 1, 1, 1, 2, 3});
    const PhaseOneResult result = Fw(t.get(), t.get());
    EXPECT_TRUE(test::Accepted(result));
    test::Discard(result.executor);
  }
  for (const char* soc : {"Ascend310P3", "Ascend310B1"}) {
    RuntimeSession session(soc);
    Tensor t = Make({1, 1, 1, 1, 1, 1, 1, 2, 3});
    EXPECT_TRUE(Rejected(Fw(t.get(), t.get()), kFw, ACLNN_ERR_INNER_NULLPTR,
                         "HardSwishAiCore ADD_TO_LAUNCHER_LIST_AICORE failed."))
        << soc;
  }
}

TEST(Catalogue, FW_18) { NullExecutorRow(Op::kForward); }
TEST(Catalogue, FW_19) { NullWorkspaceRow(Op::kForward); }
TEST(Catalogue, FW_20) { RunTwiceRow(Op::kForward); }
TEST(Catalogue, FW_21) { UnknownExecutorRow(Op::kForward); }
TEST(Catalogue, FW_22) { DestroyedExecutorRow(Op::kForward); }
TEST(Catalogue, FW_23) { NoContextRow(Op::kForward); }
TEST(Catalogue, FW_24) { HostTensorRow(Op::kForward); }
TEST(Catalogue, FW_25) { NullDataRow(Op::kForward); }

// ---- aclnnInplaceHardswishGetWorkspaceSize ----

TEST(Catalogue, IP_01) {
  RuntimeSession session;
  Tensor t = Make({2, 3});
  uint64_t size = 0;
  TakeErrorMessage();
  EXPECT_EQ(aclnnInplaceHardswishGetWorkspaceSize(t.get(), &size, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(
      test::MessageIs(TakeErrorMessage(), kIp, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr."));
}

TEST(Catalogue, IP_02) {
  RuntimeSession session;
  EXPECT_TRUE(
      Rejected(Ip(nullptr), kIp, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self."));
}

TEST(Catalogue, IP_03) {
  RuntimeSession session;
  EXPECT_TRUE(Rejected(Ip(NotATensor()), kIp, ACLNN_ERR_PARAM_INVALID, "Tensor self ("));
}

TEST(Catalogue, IP_04) {
  Tensor t = Make({2, 3});
  EXPECT_TRUE(Rejected(Ip(t.get()), kIp, ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called."));
}

TEST(Catalogue, IP_05) {
  RuntimeSession session;
  Tensor t = Make({2, 3}, ACL_INT8);
  EXPECT_TRUE(Rejected(Ip(t.get()), kIp, ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_INT8"));
}

TEST(Catalogue, IP_06) {
  RuntimeSession session("Ascend910A");
  Tensor t = Make({2, 3}, ACL_BF16);
  EXPECT_TRUE(
      Rejected(Ip(t.get()), kIp, ACLNN_ERR_PARAM_INVALID, "should be in dtype support list [DT_FLOAT,DT_FLOAT16,]."));
}

TEST(Catalogue, IP_07) {
  RuntimeSession session;
  Tensor t = Make(kNegativeDim);
  EXPECT_TRUE(Rejected(Ip(t.get()), kIp, ACLNN_ERR_PARAM_INVALID, "Tensor self has a negative dim"));
}

TEST(Catalogue, IP_08) {
  RuntimeSession session;
  Tensor t = Make(kOutsideStorage);
  EXPECT_TRUE(Rejected(Ip(t.get()), kIp, ACLNN_ERR_INNER_NULLPTR, "The view of tensor self"));
}

TEST(Catalogue, IP_09) {
  RuntimeSession session;
  Tensor t = Make(kBroadcastOut);
  EXPECT_TRUE(Rejected(Ip(t.get()), kIp, ACLNN_ERR_PARAM_INVALID, "Output tensor self has stride 0 in dim 0"));
}

TEST(Catalogue, IP_10) {
  RuntimeSession session;
  Tensor t = Make(kByteSizeOverflow);
  EXPECT_TRUE(Rejected(Ip(t.get()), kIp, ACLNN_ERR_PARAM_INVALID, "The byte size of tensor self"));
}

TEST(Catalogue, IP_11) { NullExecutorRow(Op::kInplace); }
TEST(Catalogue, IP_12) { NullWorkspaceRow(Op::kInplace); }
TEST(Catalogue, IP_13) { RunTwiceRow(Op::kInplace); }
TEST(Catalogue, IP_14) { UnknownExecutorRow(Op::kInplace); }
TEST(Catalogue, IP_15) { HostTensorRow(Op::kInplace); }
TEST(Catalogue, IP_16) { WorkspaceHostMemoryRow(Op::kInplace); }

}  // namespace
}  // namespace catalogue
