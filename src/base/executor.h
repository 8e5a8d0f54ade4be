// aclOpExecutor: what phase one decided, kept for phase two. Phase one stores a LaunchPlan and
// the tensors' addresses (bindings); phase two checks the executor's state and the workspace,
// then enqueues plan->Execute on the stream — nothing else.
#ifndef ACLNN_HOST_BASE_EXECUTOR_H_
#define ACLNN_HOST_BASE_EXECUTOR_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "acl/acl_rt.h"
#include "aclnn/aclnn_base.h"
#include "common/export.h"
#include "runtime/stream.h"

namespace aclnn_host {

constexpr size_t kMaxBindings = 4;

/// The addresses and device state one run of a plan sees.
struct LaunchArgs {
  void* inputs[kMaxBindings] = {};
  void* outputs[kMaxBindings] = {};
  void* workspace = nullptr;
  uint64_t workspace_size = 0;
  aclrtFloatOverflowMode overflow_mode = ACL_RT_OVERFLOW_MODE_INFNAN;
  int32_t device = 0;  // the stream's device (a device backend runs the work there)
  // The overflow flag the run raises when saturation changes a result (runtime/overflow_status.h);
  // nullptr: it records nothing.
  std::atomic<uint32_t>* overflow_status = nullptr;
};

/// The work an operator planned in phase one. Immutable once built, so a repeatable executor can
/// have several runs queued at once.
class LaunchPlan {
 public:
  virtual ~LaunchPlan() = default;
  /// True when running it does nothing (empty tensors); phase two then needs no data addresses.
  virtual bool empty() const = 0;
  /// Runs on the stream's worker thread (or on the launching thread, see runs_inline).
  virtual TaskResult Execute(const LaunchArgs& args) const = 0;
  /// Whether the work is small enough that handing it to the stream's worker would cost more
  /// than doing it: phase two then runs it on the calling thread when the stream is idle.
  virtual bool runs_inline() const { return false; }
};

/// One tensor argument of an executor: its name (for messages), storage address and the bytes
/// its view reaches (for the device-memory check).
struct TensorBinding {
  const char* name = "";
  void* address = nullptr;
  size_t element_size = 1;
  int64_t offset = 0;       // elements: the first element is at address + offset * element_size
  int64_t byte_extent = 0;  // from the first element to one past the last
};

/// Creates and registers an executor owning `plan`. `workspace_size` is what phase one reports;
/// its first `reserved_workspace` bytes are the NPU kernel's own workspace (the AscendC library
/// workspace), checked in phase two like any device buffer but never touched by the host; the
/// plan gets the rest.
AH_INTERNAL_API aclOpExecutor* CreateExecutor(const char* op_name, std::shared_ptr<const LaunchPlan> plan,
                                              uint64_t workspace_size, uint64_t reserved_workspace,
                                              const TensorBinding* inputs, size_t num_inputs,
                                              const TensorBinding* outputs, size_t num_outputs);

/// The workspace size phase one reported for a live executor; 0 for anything else.
AH_INTERNAL_API uint64_t ExecutorWorkspaceSize(const aclOpExecutor* executor);

/// The part of the executor's workspace the host's own work uses (a temporary), after the part
/// upstream's executor would report; 0 for a dead handle.
AH_INTERNAL_API uint64_t ExecutorHostWorkspaceSize(const aclOpExecutor* executor);

/// The common second phase of every operator.
AH_INTERNAL_API aclnnStatus RunExecutor(const char* api, void* workspace, uint64_t workspace_size,
                                        aclOpExecutor* executor, aclrtStream stream);

/// The plan of a live executor, or nullptr (for inspection, e.g. the tiling it runs).
AH_INTERNAL_API std::shared_ptr<const LaunchPlan> ExecutorPlan(const aclOpExecutor* executor);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_BASE_EXECUTOR_H_
