// Host stand-ins for ops-math's aclnnAdd and aclnnMul in the runtime-sample trial: each "executor"
// is a small record of the operands, and phase two queues the elementwise loop on the stream with
// aclnn-host's aclnnHostLaunchOperatorStandIn, so the runtime treats it as an operator run: ordered
// on the stream, captured and replayed as a kernel task, held by task groups and replaced by task
// updates (model_ri/1_model_update).
// fp32, contiguous, same shapes; enough for the samples, not an operator implementation.
#include <cstdint>
#include <cstring>

#include "acl/acl.h"
#include "aclnn_host/stand_in.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"
#include "base/tensor.h"

namespace {

struct StandIn {
  bool add;
  float alpha;
  const float* self;
  const float* other;
  float* out;
  int64_t count;
};

int64_t ElementCount(const aclTensor* tensor) {
  int64_t* dims = nullptr;
  uint64_t rank = 0;
  if (aclGetViewShape(tensor, &dims, &rank) != 0) return -1;
  int64_t count = 1;
  for (uint64_t i = 0; i < rank; ++i) count *= dims[i];
  delete[] dims;
  return count;
}

void* Address(const aclTensor* tensor) {
  void* address = nullptr;
  aclGetRawTensorAddr(tensor, &address);
  return address;
}

aclnnStatus Prepare(bool add, const aclTensor* self, const aclTensor* other, float alpha, aclTensor* out,
                    uint64_t* workspace_size, aclOpExecutor** executor) {
  if (self == nullptr || other == nullptr || out == nullptr || workspace_size == nullptr || executor == nullptr) {
    return 161001;  // ACLNN_ERR_PARAM_NULLPTR
  }
  auto* record = new StandIn{add,
                             alpha,
                             static_cast<const float*>(Address(self)),
                             static_cast<const float*>(Address(other)),
                             static_cast<float*>(Address(out)),
                             ElementCount(out)};
  *workspace_size = 0;
  *executor = reinterpret_cast<aclOpExecutor*>(record);
  return 0;
}

void RunOnStream(void* argument) {
  const StandIn& op = *static_cast<const StandIn*>(argument);
  for (int64_t i = 0; i < op.count; ++i) {
    op.out[i] = op.add ? op.self[i] + op.alpha * op.other[i] : op.self[i] * op.other[i];
  }
}

}  // namespace

extern "C" aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self, const aclTensor* other, const aclScalar* alpha,
                                                aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  float value = 1.0f;
  if (alpha != nullptr && alpha->dtype == ACL_FLOAT) std::memcpy(&value, alpha->value, sizeof(value));
  return Prepare(true, self, other, value, out, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                                uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Prepare(false, self, other, 1.0f, out, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAdd(void*, uint64_t, aclOpExecutor* executor, aclrtStream stream) {
  return aclnnHostLaunchOperatorStandIn(stream, "Add", RunOnStream, executor);
}

extern "C" aclnnStatus aclnnMul(void*, uint64_t, aclOpExecutor* executor, aclrtStream stream) {
  return aclnnHostLaunchOperatorStandIn(stream, "Mul", RunOnStream, executor);
}
