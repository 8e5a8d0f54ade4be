// Stream capture (aclmdlRICaptureBegin ... aclmdlRICaptureEnd, aclmdlRIExecuteAsync): the tasks
// issued to a capturing stream are recorded instead of run, and a replay issues them again, in
// order, to the stream it is given — the way graph mode turns a sequence of launches into one.
//
// What a replay re-decides is what the NPU's model re-decides when it runs: an event record starts
// a new record of its event, an event wait waits for the event's latest record when the replay is
// issued, and the memory each task uses is checked and pinned again. The rest (operator plans,
// addresses, copy sizes) is fixed at capture time, as in a captured model.
#ifndef ACLNN_HOST_RUNTIME_CAPTURE_H_
#define ACLNN_HOST_RUNTIME_CAPTURE_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl_rt.h"
#include "common/export.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

namespace aclnn_host {

class TaskSlot;

/// One recorded task. `issue` makes the task to queue, at each replay.
struct CapturedTask {
  std::function<StreamTask()> issue;
  bool always_run = false;
  std::vector<MemoryRange> memory;  // checked and pinned again at each replay
  int32_t memory_device = -1;       // the device `memory` must belong to (-1: any)
  TaskLabel label;
  bool disabled = false;           // aclmdlRITaskDisable, applied by aclmdlRIUpdate: replays skip it
  std::shared_ptr<TaskSlot> slot;  // a task group's task: `issue` runs what the slot holds then
};

/// The tasks of aclrtValueWrite and aclrtValueWait (the 64-bit word at `address` of `device`), as
/// issued and as aclmdlRITaskSetParams re-targets them.
AH_INTERNAL_API CapturedTask ValueWriteTask(void* address, uint64_t value, int32_t device);
AH_INTERNAL_API CapturedTask ValueWaitTask(void* address, uint64_t value, uint32_t flag, int32_t device);

/// Whether a task runs on the vector or cube cores (an operator run): the only kind a task group
/// holds, and the only kind a task update may replace (upstream's rule).
AH_INTERNAL_API bool IsKernelTask(const TaskLabel& label);

/// One task of a task group. The model's task reads it when it runs, not when the replay is issued,
/// so an update (aclmdlRICaptureTaskUpdateBegin/End) reaches the replays already issued that have
/// not reached the task yet — as the NPU's rewritten task does (the model waits for the update's
/// event, then runs the new task).
class AH_INTERNAL_API TaskSlot : public std::enable_shared_from_this<TaskSlot> {
 public:
  explicit TaskSlot(CapturedTask task) : task_(std::move(task)) {}
  /// Puts `task` in the slot (an update or an edit). While replays are pending, the new task's
  /// memory is pinned instead of the old one's (if it is not valid, nothing is: the run reports it).
  void Set(CapturedTask task);
  TaskLabel label();
  /// A replay that will run the slot's task is queued: while any is, the memory of the task the
  /// slot holds is pinned, so freeing it waits for the run and freeing memory an update replaced
  /// does not. The hold ends (the returned object goes) when the queued task has run or is dropped.
  /// nullptr, and `*problem`, when that memory is not valid: the replay is refused.
  std::shared_ptr<void> HoldForReplay(std::string* problem);
  /// Runs the task the slot holds now, with its memory checked and pinned now.
  TaskResult Run();

 private:
  void ReleaseHold();

  std::mutex mutex_;
  CapturedTask task_;
  size_t holds_ = 0;  // replays queued that will run the slot's task
  MemoryPins pins_;   // the task's memory, while holds_ > 0
};

/// A task group (aclmdlRICaptureTaskGrpBegin ... End): the kernel tasks captured in between, in
/// order, which an update replaces one for one.
struct TaskGroup {
  aclrtTaskGrp handle = nullptr;  // set once, when the group ends (CaptureGraph::AddTaskGroup)
  std::mutex mutex;
  std::vector<std::shared_ptr<TaskSlot>> slots;  // guarded by mutex
  bool failed = false;                           // a task the group cannot hold was issued: the group's end fails
  bool updating = false;                         // a stream is between aclmdlRICaptureTaskUpdateBegin and End
  size_t next_update = 0;                        // the slot the update's next task replaces
};

class CaptureGraph;

/// A condition of a captured model (aclmdlRICondHandleCreate): a 64-bit word of device memory
/// that the model's conditional task reads when it runs, and the branches it picks from
/// (aclmdlRIAddCondTask), each a sub-model captured with aclmdlRICaptureToModelRIBegin.
struct CondHandle {
  aclmdlRICondHandle handle = nullptr;
  void* word = nullptr;         // device memory of the model's device, freed with the model
  uint64_t default_value = 0;   // written at the start of each run of the model...
  bool assign_default = false;  // ...with ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT
  std::mutex mutex;
  bool used = false;  // a conditional task took it (guarded by mutex)
  aclmdlRICondTaskType type = ACL_MODEL_RI_COND_TYPE_IF;
  std::vector<std::shared_ptr<CaptureGraph>> branches;  // set once, when used
};

class AH_INTERNAL_API CaptureGraph {
 public:
  CaptureGraph(int32_t device, aclmdlRICaptureMode mode, int32_t origin_stream);

  uint32_t id() const { return id_; }  // unique in the process, from 0 (the "Model Id" of the dumps)
  int32_t device() const { return device_; }
  /// The capture's mode and the thread that began it: set at construction, and for a branch when
  /// its capture begins (RestartCaptureAsBranch), before the capture is registered.
  aclmdlRICaptureMode mode() const { return mode_; }
  int32_t origin_stream() const { return origin_stream_; }
  std::thread::id begin_thread() const { return begin_thread_; }
  /// The aclmdlRI handle (CaptureRegistry::Adopt sets it before the graph is shared).
  aclmdlRI handle() const { return handle_; }

  void Add(CapturedTask task);
  /// A task a task group cannot hold was issued into one (upstream's task-group error of the
  /// model): every later aclmdlRICaptureTaskGrpEnd fails, and the capture is invalidated.
  void FailTaskGroups();
  bool task_groups_failed();
  /// Marks the capture failed (a task could not be recorded): aclmdlRICaptureEnd then reports
  /// ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED and returns no model.
  void Invalidate();
  bool invalidated();
  size_t task_count();
  /// Whether the capture is still in progress (a model cannot run or go before it ends).
  bool capturing();
  void StopCapturing();

  void set_name(std::string name);
  std::string name();
  /// The stream a built model (aclmdlRIBindStream) records from, or nullptr.
  void set_bound_stream(std::shared_ptr<Stream> stream);
  /// Binds `stream` unless a stream is bound already (then false).
  bool TryBind(std::shared_ptr<Stream> stream);
  std::shared_ptr<Stream> bound_stream();
  /// Whether aclmdlRIEndTask marked the bound stream's tasks complete.
  void set_end_task() { end_task_.store(true); }
  bool end_task() const { return end_task_.load(); }

  /// The stream aclmdlRIExecute runs the model on (made on first use).
  std::shared_ptr<Stream> execute_stream();

  /// Issues every recorded task to `stream` (after checking and pinning the memory of all of
  /// them: a replay that would touch freed memory issues nothing). ACL_SUCCESS, or the failure
  /// reported under `api`.
  aclError Replay(const char* api, const std::shared_ptr<Stream>& stream);

  /// Keeps a task group that ended without error, and gives it its handle (never reused, never an
  /// address: a destroyed model's handles name nothing).
  void AddTaskGroup(const std::shared_ptr<TaskGroup>& group);
  /// The group behind `handle`, or nullptr.
  std::shared_ptr<TaskGroup> FindTaskGroup(aclrtTaskGrp handle);

  /// Edits of a captured model's tasks (aclmdlRITaskDisable, aclmdlRITaskSetParams) wait in the
  /// model until aclmdlRIUpdate applies them, as CANN's task descriptors do; the introspection
  /// functions see them at once. The model's state follows CANN's: each edit makes it UPDATING,
  /// a failed edit FAULT, and an update READY.
  enum class EditState { kReady, kUpdating, kFault };
  /// Records an edit of the task at `index`: its replacement, or (nullptr) its disabling.
  void AddEdit(size_t index, std::shared_ptr<const CapturedTask> replacement);
  void MarkEditFailed();
  EditState edit_state();
  /// Applies the edits and makes the model READY; false (nothing applied) when it is FAULT.
  bool ApplyEdits();
  /// Whether a replay is issued and not finished (upstream's RUNNING: no edit then).
  bool running() const { return running_replays_->load(std::memory_order_acquire) > 0; }
  /// A branch of a conditional task (a sub-model): it runs only inside its root model's runs; it
  /// cannot be run, aborted or destroyed on its own, and goes with the model that owns the task.
  bool is_branch() const { return is_branch_; }
  void mark_branch() { is_branch_ = true; }
  /// Whether a branch's capture (aclmdlRICaptureToModelRIBegin) has begun; it may begin once.
  bool branch_captured();
  /// Begins a branch's capture (it was made not capturing): false when it has begun already.
  bool RestartCaptureAsBranch(aclmdlRICaptureMode mode);
  /// Undoes RestartCaptureAsBranch when the stream refused the capture.
  void AbandonBranchCapture();
  /// The branches of the model's conditional tasks, and theirs, depth first.
  std::vector<std::shared_ptr<CaptureGraph>> Descendants();
  /// Checks and pins the memory of the model's tasks (a replay of the root pins its branches'
  /// this way, so freeing what a branch uses waits for the run). False, and `*problem`, when some
  /// memory is not valid.
  bool PinTaskMemory(std::vector<MemoryPins>* pins, std::string* problem);
  /// aclmdlRICondHandleCreate: keeps the condition and gives it its handle.
  void AddCondHandle(const std::shared_ptr<CondHandle>& cond);
  std::shared_ptr<CondHandle> FindCondHandle(aclmdlRICondHandle handle);
  /// The conditions and branches the model owns (they go when it goes).
  std::vector<std::shared_ptr<CondHandle>> CondHandles();
  /// Runs the model's tasks now, one after another on the calling thread (a conditional task's
  /// branch, inside a run of the root model): memory checked and pinned per task. Stops early when
  /// the run is aborted; reports the first failure.
  TaskResult RunInline();
  /// The tasks that write the defaults of the conditions that have one, the model's and its
  /// descendants' (upstream writes them all once at the start of each run of the root); none when
  /// no condition has a default.
  std::vector<CapturedTask> ConditionDefaultsTasks();

  /// aclmdlRIAbort: the tasks of the replays issued so far that have not started are dropped, a
  /// wait among them stops waiting, and each such replay's end fails its stream with
  /// ACL_ERROR_RT_MODEL_ABORT_NORMAL. Replays issued afterwards run. Returns once no replay runs,
  /// or after `bound` (a task before the model's on its stream may hold it).
  void Abort(std::chrono::milliseconds bound);

  /// aclmdlRIDestroyRegisterCallback: false when `func` is registered already (CANN keys the
  /// callbacks by function alone).
  bool AddDestroyCallback(aclrtCallback func, void* user_data);
  /// aclmdlRIDestroyUnregisterCallback: false when `func` is not registered.
  bool RemoveDestroyCallback(aclrtCallback func);
  /// Calls the destroy callbacks once each, in ascending function address (CANN's order), and
  /// forgets them. The registry calls it when the model goes (aclmdlRIDestroy or aclFinalize).
  void RunDestroyCallbacks();

  /// aclmdlRIGetStreams' handle of the model's stream: a model here has one task list, so one
  /// stream; the handle names the model (aclmdlRIGetTasksByStream), it is no stream to issue to.
  /// Like the task handles, it is made of the model's id, never reused, and never an address: a
  /// handle of a destroyed model names nothing, whatever is allocated since.
  aclrtStream model_stream() const;
  /// The handles of the tasks (aclmdlRIGetTasksByStream), in recording order.
  std::vector<aclmdlRITask> TaskHandles();
  /// The position of `task` among the model's tasks, or -1 when it is not one of them.
  int64_t TaskIndex(aclmdlRITask task);
  /// The label of the task at `index` (its type name and what aclmdlRITaskGetParams reports).
  TaskLabel TaskLabelAt(size_t index);

  /// aclmdlRIDebugPrint's lines: one per task, as the NPU runtime logs a model's tasks
  /// ("device_id=0, stream_id=3, task_id=0, task_type=KERNEL_AIVEC, name=HardSwish.").
  std::string DebugText();
  /// aclmdlRIDebugJsonPrint's document: upstream's trace-event array (name, pid "<pid> aclGraph",
  /// tid "stream<N>", ts, dur, ph "X", args with Model Id, Stream Id, Task Id and Task Type), with
  /// upstream's nominal durations (records 4.5, waits 14.5, other tasks 9.5 µs).
  std::string DebugJson();

 private:
  const uint32_t id_;
  const int32_t device_;
  aclmdlRICaptureMode mode_;
  const int32_t origin_stream_;
  std::thread::id begin_thread_;
  bool is_branch_ = false;                                 // set before the graph is shared
  bool branch_captured_ = false;                           // guarded by mutex_
  std::vector<std::shared_ptr<CondHandle>> cond_handles_;  // guarded by mutex_
  aclmdlRI handle_ = nullptr;
  friend class CaptureRegistry;
  std::mutex mutex_;
  std::vector<CapturedTask> tasks_;
  bool invalidated_ = false;
  bool task_groups_failed_ = false;
  bool capturing_ = true;
  std::string name_;
  std::shared_ptr<Stream> bound_stream_;
  std::atomic<bool> end_task_{false};
  std::shared_ptr<Stream> execute_stream_;
  std::map<uintptr_t, std::pair<aclrtCallback, void*>> destroy_callbacks_;  // guarded by mutex_
  std::vector<std::shared_ptr<TaskGroup>> task_groups_;                     // guarded by mutex_
  std::map<size_t, std::shared_ptr<const CapturedTask>> edits_;             // guarded by mutex_
  EditState edit_state_ = EditState::kReady;                                // guarded by mutex_
  // Replays issued and not finished; shared with each replay's last task, which may outlive us.
  std::shared_ptr<std::atomic<int>> running_replays_ = std::make_shared<std::atomic<int>>(0);
  // aclmdlRIAbort calls; shared with the replays' tasks, which may outlive us.
  std::shared_ptr<std::atomic<uint64_t>> aborts_ = std::make_shared<std::atomic<uint64_t>>(0);
};

/// The live models (aclmdlRI handles) and the captures in progress, process-wide.
/// Checks and pins the memory of every task of `cond`'s branches and of theirs (a conditional task
/// does this when it is issued, and holds the pins until it has run). False, and `*problem`, when
/// some memory is not valid.
AH_INTERNAL_API bool PinBranchMemory(const CondHandle& cond, std::vector<MemoryPins>* pins, std::string* problem);

class AH_INTERNAL_API CaptureRegistry {
 public:
  static CaptureRegistry& Get();

  /// A new handle for `graph`.
  aclmdlRI Adopt(std::shared_ptr<CaptureGraph> graph);
  /// The graph of a live handle; nullptr when `handle` is not one.
  std::shared_ptr<CaptureGraph> Find(aclmdlRI handle);
  /// The live model whose model_stream() or bound stream is `stream`, or nullptr.
  std::shared_ptr<CaptureGraph> FindByStream(const void* stream);
  /// The live model `task` belongs to (and its index there), or nullptr.
  std::shared_ptr<CaptureGraph> FindByTask(aclmdlRITask task, size_t* index);
  /// The task group of a live model behind `handle`, or nullptr.
  std::shared_ptr<TaskGroup> FindTaskGroup(aclrtTaskGrp handle);
  /// The condition behind `handle` and the live model that owns it (nullptr: none).
  std::shared_ptr<CondHandle> FindCondHandle(aclmdlRICondHandle handle, std::shared_ptr<CaptureGraph>* owner);
  /// Forgets a handle; false when it is not live.
  bool Destroy(aclmdlRI handle);
  /// Drops every model (aclFinalize).
  void Clear();

  /// A capture starts or stops (for the capture-mode checks of synchronous calls).
  void CaptureStarted(const std::shared_ptr<CaptureGraph>& graph);
  void CaptureStopped(const std::shared_ptr<CaptureGraph>& graph);

  /// Whether the calling thread may make a call that is unsafe during a capture (a synchronous
  /// copy or fill): upstream's rule over the captures of `device` in progress, the modes the
  /// calling thread began captures with, and its aclmdlRICaptureThreadExchangeMode mode.
  bool UnsafeCallAllowed(int32_t device);
  /// aclmdlRICaptureThreadExchangeMode: swaps the calling thread's mode.
  static aclmdlRICaptureMode ExchangeThreadMode(aclmdlRICaptureMode mode);

 private:
  std::mutex mutex_;
  std::vector<std::pair<aclmdlRI, std::shared_ptr<CaptureGraph>>> models_;
  std::vector<std::shared_ptr<CaptureGraph>> active_;
  uint64_t next_handle_ = 1;
};

/// Reports why Stream::Enqueue or IssueOrCapture just refused the calling thread's task
/// (Stream::LastNotIssued): the stream is going (ACL_ERROR_RT_INVALID_HANDLE), or a task group
/// cannot take the task (upstream's codes and words).
AH_INTERNAL_API aclError FailNotIssued(const char* api);

/// Fails with ACL_ERROR_RT_STREAM_CAPTURED (107027) when `stream` captures: `what` ("Synchronizing
/// a stream") cannot be done to a stream during its capture.
AH_INTERNAL_API aclError RefuseIfCapturing(const char* api, const char* what, Stream& stream);

/// Ends the capture of a stream that goes away (destroyed by a device reset or aclFinalize): the
/// capture is invalidated, and its model can only be destroyed.
AH_INTERNAL_API void AbandonCapture(Stream& stream);

/// Fails with ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT (107030) and upstream's explanation when a
/// capture in progress forbids the synchronous call `what` ("Synchronous memory copy") here.
AH_INTERNAL_API aclError RequireCaptureModeAllows(const char* api, const char* what, int32_t device);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_CAPTURE_H_
