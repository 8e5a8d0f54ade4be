// The bad-input catalogue's table-wide rows (docs/bad-input-catalogue.md, "Every operator of the
// table"): each test runs its misuse on every operator of aclnnHostOpCount(), through the generic
// entry points of aclnn_host/ops.h — which call each API's own aclnnXxxGetWorkspaceSize and aclnnXxx —
// so an operator added to the table is covered without a line here.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "bad_input_catalogue_support.h"

namespace catalogue {
namespace {

constexpr const char* kSocs[] = {"Ascend950PR", "Ascend910B3"};

std::vector<const aclnnHostOpInfo*> EveryOperator() {
  std::vector<const aclnnHostOpInfo*> ops;
  for (size_t i = 0; i < aclnnHostOpCount(); ++i) ops.push_back(aclnnHostOpGet(i));
  return ops;
}

/// Valid arguments for `op`: [2, 3] FLOAT tensors and FLOAT scalars of 0.5 (every operator of the
/// table accepts them: lambd >= 0, min <= max, alpha castable).
struct ValidCall {
  explicit ValidCall(const aclnnHostOpInfo& op) {
    for (uint32_t i = 0; i < op.numInputs; ++i) {
      tensors.push_back(Make({2, 3}));
      call.inputs[i] = tensors.back().get();
    }
    for (uint32_t i = 0; i < op.numScalars; ++i) {
      scalars.push_back(aclCreateScalar(&scalar_value, ACL_FLOAT));
      call.scalars[i] = scalars.back();
    }
    tensors.push_back(Make({2, 3}));
    call.output = op.inPlace ? nullptr : tensors.back().get();
  }
  ~ValidCall() {
    for (aclScalar* scalar : scalars) aclDestroyScalar(scalar);
  }
  ValidCall(const ValidCall&) = delete;
  ValidCall& operator=(const ValidCall&) = delete;

  float scalar_value = 0.5f;
  std::vector<Tensor> tensors;
  std::vector<aclScalar*> scalars;
  aclnnHostOpCall call{};
};

PhaseOneResult PhaseOne(const aclnnHostOpInfo& op, const aclnnHostOpCall& call) {
  return RunPhaseOne([&](uint64_t* size, aclOpExecutor** executor) {
    return aclnnHostOpGetWorkspaceSize(&op, &call, size, executor);
  });
}

/// The tensor arguments of `op` as (name, slot in the call): the inputs, then the output.
std::vector<std::pair<std::string, const aclTensor**>> TensorSlots(const aclnnHostOpInfo& op, aclnnHostOpCall* call) {
  std::vector<std::pair<std::string, const aclTensor**>> slots;
  for (uint32_t i = 0; i < op.numInputs; ++i) slots.emplace_back(op.inputNames[i], &call->inputs[i]);
  if (!op.inPlace) slots.emplace_back(op.outputName, &call->output);
  return slots;
}

/// Replaces the call's tensors by [2, 3] FLOAT tensors of ones in aclrtMalloc memory (phase two
/// reads and writes them).
struct DeviceOperands {
  DeviceOperands(const aclnnHostOpInfo& op, aclnnHostOpCall* call) {
    const auto slots = TensorSlots(op, call);
    buffers.reserve(slots.size());
    for (const auto& [name, slot] : slots) {
      buffers.emplace_back(6 * sizeof(float));
      buffers.back().Upload(std::vector<float>(6, 1.0f));
      Layout layout;
      layout.view = {2, 3};
      tensors.emplace_back(layout, buffers.back().get());
      *slot = tensors.back().get();
    }
  }
  std::vector<DeviceBuffer> buffers;
  std::vector<Tensor> tensors;
};

}  // namespace

TEST(Catalogue, OPS_01) {
  for (const char* soc : kSocs) {
    RuntimeSession session(soc);
    for (const aclnnHostOpInfo* op : EveryOperator()) {
      ValidCall valid(*op);
      aclOpExecutor* executor = nullptr;
      uint64_t size = 77;
      TakeErrorMessage();
      EXPECT_EQ(aclnnHostOpGetWorkspaceSize(op, &valid.call, nullptr, &executor), ACLNN_ERR_PARAM_NULLPTR) << op->api;
      EXPECT_TRUE(test::MessageIs(TakeErrorMessage(), op->phaseOneApi, ACLNN_ERR_PARAM_NULLPTR, "nullptr")) << op->api;
      EXPECT_EQ(aclnnHostOpGetWorkspaceSize(op, &valid.call, &size, nullptr), ACLNN_ERR_PARAM_NULLPTR) << op->api;
      EXPECT_TRUE(test::MessageIs(TakeErrorMessage(), op->phaseOneApi, ACLNN_ERR_PARAM_NULLPTR, "nullptr")) << op->api;
      EXPECT_EQ(executor, nullptr) << op->api;
    }
  }
}

TEST(Catalogue, OPS_02) {
  RuntimeSession session("Ascend950PR");
  for (const aclnnHostOpInfo* op : EveryOperator()) {
    ValidCall valid(*op);
    for (const auto& [name, slot] : TensorSlots(*op, &valid.call)) {
      const aclTensor* kept = *slot;
      *slot = nullptr;
      EXPECT_TRUE(Rejected(PhaseOne(*op, valid.call), op->phaseOneApi, ACLNN_ERR_PARAM_NULLPTR, ""))
          << op->api << " " << name;
      *slot = kept;
    }
    for (uint32_t i = 0; i < op->numScalars; ++i) {
      const aclScalar* kept = valid.call.scalars[i];
      valid.call.scalars[i] = nullptr;
      EXPECT_TRUE(Rejected(PhaseOne(*op, valid.call), op->phaseOneApi, ACLNN_ERR_PARAM_NULLPTR, ""))
          << op->api << " " << op->scalarNames[i];
      valid.call.scalars[i] = kept;
    }
    // The valid call itself is accepted: the rows above are refused for the null alone.
    const PhaseOneResult accepted = PhaseOne(*op, valid.call);
    EXPECT_EQ(accepted.status, ACLNN_SUCCESS) << op->api << ": " << TakeErrorMessage();
    test::Discard(accepted.executor);
  }
}

TEST(Catalogue, OPS_03) {
  RuntimeSession session("Ascend950PR");
  for (const aclnnHostOpInfo* op : EveryOperator()) {
    ValidCall valid(*op);
    for (const auto& [name, slot] : TensorSlots(*op, &valid.call)) {
      const aclTensor* kept = *slot;
      *slot = NotATensor();
      EXPECT_TRUE(Rejected(PhaseOne(*op, valid.call), op->phaseOneApi, ACLNN_ERR_PARAM_INVALID,
                           "is not a live aclTensor (destroyed, or never created)."))
          << op->api << " " << name;
      *slot = kept;
    }
  }
}

TEST(Catalogue, OPS_04) {
  for (const char* soc : kSocs) {
    RuntimeSession session(soc);
    for (const aclnnHostOpInfo* op : EveryOperator()) {
      ValidCall valid(*op);
      Tensor boolean = Make({2, 3}, ACL_BOOL);
      for (uint32_t i = 0; i < op->numInputs; ++i) {
        const aclTensor* kept = valid.call.inputs[i];
        valid.call.inputs[i] = boolean.get();
        EXPECT_TRUE(Rejected(PhaseOne(*op, valid.call), op->phaseOneApi, ACLNN_ERR_PARAM_INVALID, "DT_BOOL"))
            << soc << " " << op->api << " " << op->inputNames[i];
        valid.call.inputs[i] = kept;
      }
    }
  }
}

TEST(Catalogue, OPS_05) {
  for (const aclnnHostOpInfo* op : EveryOperator()) {
    ValidCall valid(*op);
    EXPECT_TRUE(
        Rejected(PhaseOne(*op, valid.call), op->phaseOneApi, ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called."))
        << op->api;
  }
}

TEST(Catalogue, OPS_06) {
  RuntimeSession session("Ascend950PR");
  for (const aclnnHostOpInfo* op : EveryOperator()) {
    TakeErrorMessage();
    EXPECT_EQ(aclnnHostOpRun(op, nullptr, 0, nullptr, session.stream()), ACLNN_ERR_PARAM_NULLPTR) << op->api;
    EXPECT_TRUE(test::MessageIs(TakeErrorMessage(), op->api, ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr."))
        << op->api;
  }
}

TEST(Catalogue, OPS_07) {
  RuntimeSession session("Ascend950PR");
  size_t with_workspace = 0;
  for (const aclnnHostOpInfo* op : EveryOperator()) {
    ValidCall valid(*op);
    DeviceOperands operands(*op, &valid.call);
    const PhaseOneResult result = PhaseOne(*op, valid.call);
    ASSERT_EQ(result.status, ACLNN_SUCCESS) << op->api << ": " << TakeErrorMessage();
    if (result.workspace_size == 0) {
      test::Discard(result.executor);
      continue;
    }
    ++with_workspace;
    DeviceBuffer workspace(static_cast<size_t>(result.workspace_size));
    TakeErrorMessage();
    EXPECT_EQ(aclnnHostOpRun(op, workspace.get(), result.workspace_size - 1, result.executor, session.stream()),
              ACLNN_ERR_PARAM_INVALID)
        << op->api;
    EXPECT_TRUE(test::MessageIs(TakeErrorMessage(), op->api, ACLNN_ERR_PARAM_INVALID,
                                "workspaceSize " + std::to_string(result.workspace_size - 1) + " is smaller than the " +
                                    std::to_string(result.workspace_size) + " bytes the first phase asked for."))
        << op->api;
    // The refused run leaves the executor alive: it runs with the workspace it asked for.
    EXPECT_EQ(aclnnHostOpRun(op, workspace.get(), result.workspace_size, result.executor, session.stream()),
              ACLNN_SUCCESS)
        << op->api << ": " << TakeErrorMessage();
    EXPECT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  }
  EXPECT_GT(with_workspace, 0u);  // on 950 most of the family asks for the 16 MiB system workspace
}

TEST(Catalogue, OPS_08) {
  RuntimeSession session("Ascend910B3");
  for (const aclnnHostOpInfo* op : EveryOperator()) {
    ValidCall valid(*op);
    DeviceOperands operands(*op, &valid.call);
    const PhaseOneResult result = PhaseOne(*op, valid.call);
    ASSERT_EQ(result.status, ACLNN_SUCCESS) << op->api << ": " << TakeErrorMessage();
    DeviceBuffer workspace(static_cast<size_t>(result.workspace_size));
    void* workspace_address = result.workspace_size > 0 ? workspace.get() : nullptr;
    EXPECT_EQ(aclnnHostOpRun(op, workspace_address, result.workspace_size, result.executor, session.stream()),
              ACLNN_SUCCESS)
        << op->api << ": " << TakeErrorMessage();
    TakeErrorMessage();
    EXPECT_EQ(aclnnHostOpRun(op, workspace_address, result.workspace_size, result.executor, session.stream()),
              ACLNN_ERR_PARAM_INVALID)
        << op->api;
    EXPECT_TRUE(test::MessageIs(TakeErrorMessage(), op->api, ACLNN_ERR_PARAM_INVALID, "was already run or destroyed"))
        << op->api;
    EXPECT_EQ(aclrtSynchronizeStream(session.stream()), ACL_SUCCESS);
  }
}

}  // namespace catalogue
