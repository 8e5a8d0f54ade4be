// Executors: registry, the shared second phase, and the executor C API (repeatable executors,
// re-pointing tensors).
#include "base/executor.h"

#include <cstring>
#include <new>
#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "base/handle_registry.h"
#include "base/op_checks.h"
#include "base/tensor.h"
#include "runtime/backend.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/kernel_task.h"
#include "runtime/memory.h"
#include "runtime/overflow_status.h"

struct aclOpExecutor {
  const char* op_name;
  std::shared_ptr<const aclnn_host::LaunchPlan> plan;
  uint64_t workspace_size;
  uint64_t reserved_workspace;  // the front of the workspace, the NPU kernel's: never touched here
  aclnn_host::TensorBinding inputs[aclnn_host::kMaxBindings];
  aclnn_host::TensorBinding outputs[aclnn_host::kMaxBindings];
  size_t num_inputs;
  size_t num_outputs;
  bool repeatable;
};

namespace aclnn_host {
namespace {

HandleRegistry<aclOpExecutor>& Executors() {
  static auto* registry = new HandleRegistry<aclOpExecutor>();
  return *registry;
}

// aclFinalize releases the executors still alive (after every stream has drained).
void DestroyAllExecutors() {
  for (const aclOpExecutor* executor : Executors().TakeAll()) delete executor;
}

// Retires a single-use executor after its run (or a failed run that upstream also frees).
void Consume(aclOpExecutor* executor) {
  if (Executors().Remove(executor, /*remember=*/true)) delete executor;
}

std::string NotLiveMessage(const aclOpExecutor* executor) {
  if (Executors().WasRetired(executor)) {
    return FormatString(
        "executor %p was already run or destroyed: a single-use executor runs once "
        "(call aclSetAclOpExecutorRepeatable after the first phase to run it again).",
        static_cast<const void*>(executor));
  }
  return FormatString("%p is not an executor returned by a first phase.", static_cast<const void*>(executor));
}

aclnnStatus CheckBindings(const char* api, const TensorBinding* bindings, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const TensorBinding& binding = bindings[i];
    if (binding.address == nullptr) {
      return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "the data address of tensor %s is nullptr.", binding.name);
    }
    const uintptr_t first =
        reinterpret_cast<uintptr_t>(binding.address) + static_cast<uintptr_t>(binding.offset) * binding.element_size;
    if (first % binding.element_size != 0) {
      return Fail(api, ACLNN_ERR_PARAM_INVALID, "the data of tensor %s (%p) is not aligned to its %zu-byte elements.",
                  binding.name, binding.address, binding.element_size);
    }
  }
  return ACLNN_SUCCESS;
}

// Device memory as the NPU sees it: every tensor's bytes and the workspace must lie inside live
// aclrtMalloc allocations of the stream's device (in strict mode), and those allocations stay
// alive until the run is done.
// `ranges` (room for kMaxRanges) and `*count` receive what was checked: a stream capture keeps them.
constexpr size_t kMaxRanges = 2 * kMaxBindings + 1;
aclnnStatus CheckAndPinMemory(const char* api, const aclOpExecutor& executor, void* workspace, uint64_t workspace_size,
                              int32_t device, MemoryPins* pins, MemoryRange* ranges, size_t* range_count) {
  size_t& count = *range_count;
  count = 0;
  auto add_bindings = [&](const TensorBinding* bindings, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      const TensorBinding& b = bindings[i];
      const char* first = static_cast<const char*>(b.address) + b.offset * static_cast<int64_t>(b.element_size);
      ranges[count++] = MemoryRange{"tensor", b.name, first, static_cast<uint64_t>(b.byte_extent), MemoryKind::kKernel};
    }
  };
  add_bindings(executor.inputs, executor.num_inputs);
  add_bindings(executor.outputs, executor.num_outputs);
  if (workspace_size > 0)
    ranges[count++] = MemoryRange{"workspace", "", workspace, workspace_size, MemoryKind::kKernel};
  std::string problem;
  if (MemoryRegistry::Get().CheckAndPin(ranges, count, device, Runtime::Get().strict(), pins, &problem)) {
    return ACLNN_SUCCESS;
  }
  return Fail(api, ACLNN_ERR_PARAM_INVALID, "%s %s", problem.c_str(), DeviceMemoryHint());
}

aclnnStatus RunExecutorChecked(const char* api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                               aclrtStream stream) {
  if (executor == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr.");
  if (!Executors().Contains(executor)) return Fail(api, ACLNN_ERR_PARAM_INVALID, NotLiveMessage(executor));
  if (workspace_size > 0 && workspace == nullptr) {
    if (!executor->repeatable) Consume(executor);  // upstream frees the executor here too
    return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "workspace is nullptr.");
  }
  const bool has_work = !executor->plan->empty();
  if (has_work) {
    aclnnStatus status = CheckBindings(api, executor->inputs, executor->num_inputs);
    if (status != ACLNN_SUCCESS) return status;
    status = CheckBindings(api, executor->outputs, executor->num_outputs);
    if (status != ACLNN_SUCCESS) return status;
  }
  std::shared_ptr<Stream> target;
  aclrtFloatOverflowMode overflow_mode = ACL_RT_OVERFLOW_MODE_INFNAN;
  if (Runtime::Get().FindStream(api, stream, &target, &overflow_mode) != ACL_SUCCESS) {
    // The runtime's line carries its own acl code; this one carries the code phase two returns.
    return Fail(api, ACLNN_ERR_RUNTIME_ERROR, "there is no stream to run on (see the runtime error above).");
  }
  if (has_work) {
    MemoryPins pins;
    MemoryRange ranges[kMaxRanges];
    size_t range_count = 0;
    AH_RETURN_IF_FAILED(
        CheckAndPinMemory(api, *executor, workspace, workspace_size, target->device(), &pins, ranges, &range_count));
    // Beyond upstream (which does not compare the sizes), and after its checks: the NPU kernel
    // would run past a smaller workspace.
    if (workspace_size < executor->workspace_size) {
      return Fail(
          api, ACLNN_ERR_PARAM_INVALID, "workspaceSize %llu is smaller than the %llu bytes the first phase asked for.",
          static_cast<unsigned long long>(workspace_size), static_cast<unsigned long long>(executor->workspace_size));
    }
    LaunchArgs args;
    for (size_t i = 0; i < executor->num_inputs; ++i) args.inputs[i] = executor->inputs[i].address;
    for (size_t i = 0; i < executor->num_outputs; ++i) args.outputs[i] = executor->outputs[i].address;
    // The plan's part of the workspace follows the NPU kernel's (workspace_size >= reserved here).
    args.workspace = workspace == nullptr ? nullptr : static_cast<char*>(workspace) + executor->reserved_workspace;
    args.workspace_size = workspace_size - executor->reserved_workspace;
    args.overflow_mode = overflow_mode;
    args.device = target->device();
    args.overflow_status = OverflowStatusWordForIssue(*target, overflow_mode);  // the stream's switch now
    const LaunchPlan& plan = *executor->plan;
    const char* op_name = executor->op_name;
    const int64_t timeout_ns = OpExecuteTimeoutNsForIssue();  // the task's timeout is the one set now
    const bool done_inline = plan.runs_inline() && target->RunNowIfIdle([&] {
      return RunKernelTask(op_name, timeout_ns, args.device, [&] { return plan.Execute(args); });
    });
    if (!done_inline) {
      // The queued run keeps the plan and the memory it uses alive (aclrtFree waits for it).
      std::shared_ptr<const LaunchPlan> shared_plan = executor->plan;
      const bool queued = target->Enqueue(
          [shared_plan, args, op_name, timeout_ns] {
            return RunKernelTask(op_name, timeout_ns, args.device, [&] { return shared_plan->Execute(args); });
          },
          std::move(pins), ranges, range_count, target->device(), /*always_run=*/false,
          TaskLabel{"KERNEL_AIVEC", executor->op_name});
      if (!queued) {
        aclnn_host::FailNotIssued(api);                // the runtime's line, with its acl code
        if (!executor->repeatable) Consume(executor);  // a single-use executor goes, as after a run
        return Fail(api, ACLNN_ERR_RUNTIME_ERROR, "the run was not issued (see the runtime error above).");
      }
    }
  }
  if (!executor->repeatable) Consume(executor);
  return ACLNN_SUCCESS;
}

template <typename Body>
aclnnStatus Run(const char* api, Body&& body) {
  return Guard(api, ACLNN_ERR_INNER, ACLNN_ERR_INNER, body);
}

aclnnStatus SetBindingAddress(const char* api, aclOpExecutor* executor, size_t index, aclTensor* tensor, void* addr,
                              bool output) {
  if (executor == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr.");
  if (!Executors().Contains(executor)) return Fail(api, ACLNN_ERR_PARAM_INVALID, NotLiveMessage(executor));
  const size_t count = output ? executor->num_outputs : executor->num_inputs;
  if (index >= count) {
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "index %zu is out of range: the executor has %zu %s.", index, count,
                output ? "outputs" : "inputs");
  }
  if (tensor != nullptr) {
    if (!IsLiveTensor(tensor)) {
      return Fail(api, ACLNN_ERR_PARAM_INVALID, "%p is not a live aclTensor.", static_cast<void*>(tensor));
    }
    tensor->desc.data = addr;
  }
  (output ? executor->outputs : executor->inputs)[index].address = addr;
  return ACLNN_SUCCESS;
}

}  // namespace

aclOpExecutor* CreateExecutor(const char* op_name, std::shared_ptr<const LaunchPlan> plan, uint64_t workspace_size,
                              uint64_t reserved_workspace, const TensorBinding* inputs, size_t num_inputs,
                              const TensorBinding* outputs, size_t num_outputs) {
  static const bool finalize_hook_added = (Runtime::Get().AddFinalizeHook(DestroyAllExecutors), true);
  (void)finalize_hook_added;
  auto* executor = new aclOpExecutor();
  executor->op_name = op_name;
  executor->plan = std::move(plan);
  executor->workspace_size = workspace_size;
  executor->reserved_workspace = reserved_workspace;
  executor->num_inputs = num_inputs;
  executor->num_outputs = num_outputs;
  for (size_t i = 0; i < num_inputs; ++i) executor->inputs[i] = inputs[i];
  for (size_t i = 0; i < num_outputs; ++i) executor->outputs[i] = outputs[i];
  executor->repeatable = false;
  try {
    Executors().Add(executor);
  } catch (...) {
    delete executor;
    throw;
  }
  return executor;
}

uint64_t ExecutorWorkspaceSize(const aclOpExecutor* executor) {
  if (executor == nullptr || !Executors().Contains(const_cast<aclOpExecutor*>(executor))) return 0;
  return executor->workspace_size;
}

uint64_t ExecutorHostWorkspaceSize(const aclOpExecutor* executor) {
  if (executor == nullptr || !Executors().Contains(const_cast<aclOpExecutor*>(executor))) return 0;
  return executor->workspace_size - executor->reserved_workspace;
}

aclnnStatus RunExecutor(const char* api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                        aclrtStream stream) {
  return Run(api, [&] { return RunExecutorChecked(api, workspace, workspace_size, executor, stream); });
}

std::shared_ptr<const LaunchPlan> ExecutorPlan(const aclOpExecutor* executor) {
  if (!Executors().Contains(executor)) return nullptr;
  return executor->plan;
}

}  // namespace aclnn_host

using aclnn_host::Fail;

extern "C" {

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  const char* api = "aclSetAclOpExecutorRepeatable";
  if (executor == nullptr) return Fail(api, ACLNN_ERR_INNER_NULLPTR, "executor is nullptr.");
  if (!aclnn_host::Executors().Contains(executor)) {
    return Fail(api, ACLNN_ERR_INNER, aclnn_host::NotLiveMessage(executor));
  }
  executor->repeatable = true;
  return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  const char* api = "aclDestroyAclOpExecutor";
  if (executor == nullptr) return Fail(api, ACLNN_ERR_INNER_NULLPTR, "executor is nullptr.");
  if (!aclnn_host::Executors().Remove(executor, /*remember=*/true)) {
    return Fail(api, ACLNN_ERR_INNER, aclnn_host::NotLiveMessage(executor));
  }
  delete executor;  // queued runs keep the plan alive on their own
  return ACLNN_SUCCESS;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
  const char* api = "aclSetInputTensorAddr";
  return aclnn_host::Run(api, [&] { return aclnn_host::SetBindingAddress(api, executor, index, tensor, addr, false); });
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
  const char* api = "aclSetOutputTensorAddr";
  return aclnn_host::Run(api, [&] { return aclnn_host::SetBindingAddress(api, executor, index, tensor, addr, true); });
}

aclnnStatus aclnnInit(const char* /*configPath*/) {
  // CANN loads operator binaries here; aclnn-host's kernels are linked in, so there is nothing to do.
  return ACLNN_SUCCESS;
}

aclnnStatus aclnnFinalize() { return ACLNN_SUCCESS; }

}  // extern "C"
