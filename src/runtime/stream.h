// Streams and events. A stream owns a worker thread that runs its tasks one after another in
// issue order, asynchronously to the caller; events order work across streams.
#ifndef ACLNN_HOST_RUNTIME_STREAM_H_
#define ACLNN_HOST_RUNTIME_STREAM_H_

#include <atomic>
#include <cfenv>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "common/export.h"
#include "runtime/memory.h"

namespace aclnn_host {

class CaptureGraph;
struct CapturedTask;
struct TaskGroup;

/// What a stream does with the kernel tasks issued to it (aclmdlRICaptureTaskGrpBegin/End,
/// aclmdlRICaptureTaskUpdateBegin/End).
enum class TaskGroupMode {
  kNone,
  kRecording,  // the capture's tasks also go into a task group (kernel tasks only)
  kUpdating,   // kernel tasks replace a group's tasks, in stream order; nothing else is accepted
};

/// Why Stream::Enqueue or IssueOrCapture refused a task (FailNotIssued reports it).
enum class NotIssued {
  kStreamStopping,
  kNotKernelInGroup,
  kNotKernelInUpdate,
  kUpdateBeyondGroup,
  kModelRunInGroup,
  kModelRunInUpdate,
};

/// A model's aborts (aclmdlRIAbort) as its replay saw them when issued: the replay's tasks that
/// have not started when the count moves on are dropped, and a wait among them stops waiting.
struct ModelAbortToken {
  std::shared_ptr<const std::atomic<uint64_t>> aborts;
  uint64_t seen = 0;
  bool aborted() const { return aborts != nullptr && aborts->load(std::memory_order_acquire) != seen; }
};

/// What a task reports; a failure surfaces at the next synchronisation, like a device fault.
struct TaskResult {
  int code = 0;
  std::string message;
};

using StreamTask = std::function<TaskResult()>;

/// What a task is, for the models of stream capture (aclmdlRIDebugPrint, aclmdlRIDebugJsonPrint):
/// `type` in the NPU runtime's task-type names (KERNEL_AIVEC, MEMCPY_ASYNC, EVENT_RECORD...) and
/// `name`, the operator's for a kernel (else the type). Both live as long as the process (literals, or
/// interned names).
struct TaskLabel {
  const char* type = "HOSTFUNC_CALLBACK";
  const char* name = nullptr;
  // What aclmdlRITaskGetParams reports of an event or value task: the event handle or the address,
  // the value written or awaited, the event's creation flag and the call's flag.
  const void* object = nullptr;
  uint64_t value = 0;
  uint32_t object_flag = 0;
  uint32_t flag = 0;
};

class AH_INTERNAL_API Stream {
 public:
  /// `priority` and `flags` are what aclrtCreateStreamWithConfig was given; the host runs every
  /// stream alike and only reports them.
  explicit Stream(int32_t device, uint32_t priority = 0, uint32_t flags = 0);
  ~Stream();  // drains the queue first
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  int32_t device() const { return device_; }
  int32_t id() const { return id_; }  // unique in the process, from 0
  uint32_t priority() const { return priority_.load(std::memory_order_relaxed); }
  /// aclrtSetStreamAttribute(ACL_STREAM_ATTR_PRIORITY): the host runs every priority alike.
  void set_priority(uint32_t priority) { priority_.store(priority, std::memory_order_relaxed); }
  /// The attributes a program sets and reads back (aclrtSetStreamAttribute); they change nothing
  /// the host does (see docs/api-coverage.md).
  std::atomic<uint32_t> user_custom_tag{0};
  std::atomic<uint32_t> cache_op_info{0};
  /// aclrtSetStreamResLimit: the cores of each aclrtDevResLimitType the stream's work may use (-1: not
  /// limited, the device's limit applies).
  std::atomic<int64_t> core_limits[2] = {-1, -1};
  uint32_t flags() const { return flags_; }

  /// Queues `task` behind the work already issued. False once the stream is shutting down.
  /// `always_run`: the task runs even when ACL_STOP_ON_FAILURE skips the others (event records,
  /// whose waiters must not hang). While the stream captures (aclmdlRICaptureBegin), the task is
  /// recorded into the capture instead, to run at each replay.
  bool Enqueue(StreamTask task, bool always_run = false, TaskLabel label = TaskLabel());

  /// Enqueue for a task that touches device memory: `pins` (of `ranges`, checked for `device`)
  /// are held while the task is queued or running. A capture keeps the ranges, not the pins: each
  /// replay checks and pins them again, so freeing memory a graph uses never waits for the graph.
  bool Enqueue(StreamTask task, MemoryPins pins, const MemoryRange* ranges, size_t range_count, int32_t device,
               bool always_run = false, TaskLabel label = TaskLabel());

  /// For tasks decided when issued (event records and waits): one decision under the stream's
  /// lock — while the stream captures, `task` goes into the capture as it is (its issue function
  /// runs at each replay); otherwise `task.issue()` runs now and its task is queued. False once
  /// the stream is shutting down (nothing issued).
  bool IssueOrCapture(CapturedTask task, MemoryPins pins = MemoryPins());

  /// A model's replay (CaptureGraph::Replay): `tasks` with their `pins`, then `end` (always run),
  /// issued under one hold of the stream's lock, so a capture or a task-group mode that begins
  /// meanwhile takes all of them or none. While the stream captures, the tasks are recorded and
  /// `end` is not (*end_queued tells). False when refused (LastNotIssued says why).
  /// `holds[i]` (may be null) is kept until task i has run or been dropped. If queuing throws, the
  /// tasks already queued stay, and so does `end`, after them. Once `abort` reports an abort, the
  /// queued tasks (but always-run ones) are dropped when reached (not when recorded into a capture:
  /// the outer model's replays run them).
  bool IssueReplay(std::vector<CapturedTask>& tasks, std::vector<MemoryPins>& pins,
                   std::vector<std::shared_ptr<void>>& holds, CapturedTask end, const ModelAbortToken& abort,
                   bool* end_queued);

  /// Whether the model whose replay issued the calling thread's running task was aborted since
  /// (aclmdlRIAbort): a waiting task then stops waiting, as on aclrtStreamAbort.
  static bool RunningModelAborted();

  /// Why the calling thread's last refused Enqueue or IssueOrCapture was refused.
  static NotIssued LastNotIssued();

  /// The capture this stream records into, or nullptr.
  std::shared_ptr<CaptureGraph> capture();
  /// Starts recording into `graph`: nullptr, or the capture the stream already records into.
  std::shared_ptr<CaptureGraph> BeginCapture(std::shared_ptr<CaptureGraph> graph);
  /// Stops recording and returns what was recorded into (nullptr when not capturing). With
  /// `only`, stops only if the stream records into that graph.
  /// `*group_discarded`: a task group was still being recorded (it goes with the capture).
  std::shared_ptr<CaptureGraph> EndCapture(const CaptureGraph* only = nullptr, bool* group_discarded = nullptr);

  TaskGroupMode task_group_mode();
  /// aclmdlRICaptureTaskGrpBegin: the capture's kernel tasks go into `group` too. False (nothing
  /// changed) unless the stream captures and is in no task-group mode.
  bool BeginTaskGroup(std::shared_ptr<TaskGroup> group);
  /// aclmdlRICaptureTaskGrpEnd: the group being recorded (nullptr when none); the mode goes back.
  std::shared_ptr<TaskGroup> EndTaskGroup();
  /// aclmdlRICaptureTaskUpdateBegin: the stream's kernel tasks replace `group`'s, from its first.
  /// False (nothing changed) when the stream is in a task-group mode or another stream updates
  /// the group (`*group_taken` tells which).
  bool BeginTaskUpdate(std::shared_ptr<TaskGroup> group, bool* group_taken);
  /// aclmdlRICaptureTaskUpdateEnd: the group being updated (nullptr when none) and how many of
  /// its tasks were replaced; the mode goes back and the group can be updated again.
  std::shared_ptr<TaskGroup> EndTaskUpdate(size_t* replaced);

  /// The stream whose task the calling thread is running, or nullptr (for tasks that must watch
  /// their own stream's cancellations: the same task can run on another stream in a replay).
  static Stream* Running();
  /// The stream's cancellation count (aclrtStreamAbort, destruction) when the calling thread's
  /// task was taken off its queue: a waiting task compares cancellations() with it, so an abort
  /// between the hand-off and the task's first look is not missed.
  static uint64_t RunningEpoch();

  /// aclrtSetStreamFailureMode: with `stop`, once a task has failed the stream skips the tasks
  /// after it (but always-run ones) until the failure is consumed by a synchronisation.
  void set_stop_on_failure(bool stop);
  bool stop_on_failure();

  /// aclrtSetStreamOverflowSwitch on the chips that have the switch: whether kernels issued from
  /// now on record overflow (runtime/overflow_status.h). Tasks already issued keep their setting.
  void set_overflow_check(bool on) { overflow_check_.store(on, std::memory_order_relaxed); }
  bool overflow_check() const { return overflow_check_.load(std::memory_order_relaxed); }

  /// Runs `task` now, on the calling thread, if the stream has nothing queued or running — the
  /// order is then the same as queuing it, without the hand-off to the worker. The task runs in
  /// the IEEE floating-point environment and its failure is reported at the next
  /// synchronisation, as for queued work. False (and `task` not run) when the stream is busy.
  template <typename Task>
  bool RunNowIfIdle(Task&& task) {
    if (!BeginInlineTask()) return false;
    TaskResult result;
    {
      ScopedIeeeFloatingPoint ieee;
      Stream* const saved = SwapRunning(this);
      const uint64_t saved_epoch = SwapRunningEpoch(inline_epoch_);
      result = RunGuarded(task);
      SwapRunningEpoch(saved_epoch);
      SwapRunning(saved);
    }
    EndInlineTask(std::move(result));
    return true;
  }

  /// Waits until every task issued so far has run. Returns the first failure since the last
  /// synchronisation (and forgets it), or a success result.
  TaskResult Synchronize();

  /// Synchronize, giving up after `timeout` (then `*timed_out` is set and nothing is consumed);
  /// milliseconds::max() waits for ever.
  TaskResult SynchronizeFor(std::chrono::milliseconds timeout, bool* timed_out);

  /// Whether every task issued so far has run.
  bool Idle();

  /// aclrtStreamAbort: drops the tasks queued and not started (they count as done; the ones that
  /// must always run — event records — stay queued), and returns how many. The running task, if
  /// any, finishes: a host thread cannot be stopped mid-task. A halted stream (Stop) runs again.
  size_t Abort();

  /// aclrtStreamStop: the stream halts until Abort. The task running now is stopped: a waiting
  /// one stops waiting (as on Abort), a computing one finishes (a host thread cannot be stopped
  /// midway), and either fails with 507000, as the NPU's killed task. The tasks queued or issued
  /// later are not run, as the NPU's stopped queue runs none of them; they retire in order
  /// without running (as after a failure in ACL_STOP_ON_FAILURE mode), so that nothing waits for
  /// them for ever, and always-run ones (event records) still run, so that no waiter hangs.
  /// Synchronisations fail with 507000 until Abort.
  void Stop();

  /// Drains the queue and stops the worker; later Enqueue calls fail.
  void Shutdown();

  /// Marks a stream the program created (aclrtCreateStream*): its tasks' ids are what
  /// aclrtGetThreadLastTaskId reports; default streams' are not.
  void mark_user_created() { user_created_ = true; }

  /// The id of the last task the calling thread issued to a stream the program created (its
  /// sequence number on that stream), or 0xFFFFFFFF before any.
  static uint32_t ThreadLastTaskId();

  /// Bumped by Abort, Stop and Shutdown: a task that waits for something else (aclrtValueWait) reads it
  /// when it starts running and stops waiting when it changes or the stream shuts down, so that
  /// neither can hang on a condition nobody will meet. (A task queued behind an Abort was dropped.)
  uint64_t cancellations() const { return cancellations_.load(std::memory_order_acquire); }
  bool shutting_down() const { return shutting_down_.load(std::memory_order_acquire); }

 private:
  /// Tells the exception callbacks that task `task` (its sequence number) failed with `code`. The
  /// callbacks run on the thread that ran the task: upstream's docs forbid synchronising or
  /// destroying its stream from them (that would wait for the callback itself).
  void ReportException(uint64_t task, int code);

  /// Sets the calling thread's floating-point environment to IEEE defaults (round to nearest, no
  /// flush-to-zero, no denormals-are-zero) and restores the caller's on destruction.
  class ScopedIeeeFloatingPoint {
   public:
    ScopedIeeeFloatingPoint();
    ~ScopedIeeeFloatingPoint();

   private:
#if defined(__x86_64__) || defined(__i386__)
    uint32_t saved_;  // MXCSR: the kernels use SSE/AVX only, never x87
#else
    std::fenv_t saved_;
#endif
  };

  template <typename Task>
  static TaskResult RunGuarded(Task& task) {
    try {
      return task();
    } catch (const std::exception& error) {
      return TaskResult{507000, std::string("a stream task threw: ") + error.what()};  // ACL_ERROR_RT_INTERNAL_ERROR
    } catch (...) {
      return TaskResult{507000, "a stream task threw an unknown exception"};
    }
  }

  bool BeginInlineTask();
  /// Sets the stream Running() reports on this thread; returns the previous one.
  static Stream* SwapRunning(Stream* stream);
  static uint64_t SwapRunningEpoch(uint64_t epoch);
  bool EnqueueLocked(StreamTask task, bool always_run, MemoryPins pins, bool* wake);
  /// Records `task` into the capture (and the task group being recorded). False when the group
  /// cannot take it.
  bool CaptureLocked(CapturedTask task);
  /// In kUpdating mode: queues the replacement of the group's next task by `task`. False when
  /// `task` is no kernel or the group has no task left to replace.
  bool QueueTaskUpdateLocked(CapturedTask task, bool* wake);
  void EndInlineTask(TaskResult result);
  void WorkerLoop();
  /// Whether a task is running (on the worker or inline); the caller holds mutex_.
  bool TaskRunningLocked() const { return issued_ - completed_ > queue_.size(); }
  /// What a synchronisation returns once its tasks have completed: 507000 while the stream is
  /// stopped, else the first failure (consumed).
  TaskResult TakeSynchronizeResultLocked();
  /// Keeps `result` of task `task` as the first failure if there is none; a task that was running
  /// when the stream was stopped fails with 507000 (the NPU kills it).
  void RecordFailureLocked(TaskResult result, uint64_t task);

  const int32_t device_;
  const int32_t id_;
  std::atomic<uint32_t> priority_;
  const uint32_t flags_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable work_done_;
  struct QueuedTask {
    StreamTask run;
    bool always_run;
    MemoryPins pins;  // the memory the task uses, released once it has run
  };
  std::deque<QueuedTask> queue_;
  bool stop_on_failure_ = false;
  std::atomic<bool> overflow_check_{false};
  uint64_t issued_ = 0;
  uint64_t inline_index_ = 0;  // the sequence number of the task running inline
  uint64_t inline_epoch_ = 0;  // cancellations_ when the inline task began (RunningEpoch)
  uint64_t completed_ = 0;
  bool stopping_ = false;
  bool halted_ = false;                // aclrtStreamStop: nothing more runs until Abort
  bool stopped_task_running_ = false;  // the running task was stopped: it reports 507000
  uint64_t not_run_while_halted_ = 0;  // tasks skipped since the stop, for the message
  bool inline_running_ = false;        // a task runs on a caller's thread; the worker must wait
  bool worker_waiting_ = false;        // the worker sleeps on work_ready_
  size_t done_waiters_ = 0;            // threads sleeping on work_done_
  TaskResult first_failure_;
  std::thread worker_;  // started by the first Enqueue
  std::atomic<uint64_t> cancellations_{0};
  std::atomic<bool> shutting_down_{false};
  bool user_created_ = false;                             // set before the stream is shared
  std::shared_ptr<CaptureGraph> capture_;                 // guarded by mutex_
  TaskGroupMode task_group_mode_ = TaskGroupMode::kNone;  // guarded by mutex_
  std::shared_ptr<TaskGroup> task_group_;                 // guarded by mutex_: recorded or updated
};

/// An event counts its records; a wait targets the latest record at the time of the wait. Records
/// on different streams complete in any order, so each record's completion is tracked on its own:
/// a later record completing says nothing about an earlier one still queued elsewhere.
/// Which call made an event: it decides what aclrtResetEvent accepts (upstream's runtime treats
/// aclrtCreateEvent's events, flagged events and aclrtCreateEventExWithFlag's "new mode" ones apart).
enum class EventOrigin { kCreateEvent, kWithFlag, kExWithFlag };

class AH_INTERNAL_API Event {
 public:
  explicit Event(int32_t device, uint32_t flags = 0, EventOrigin origin = EventOrigin::kWithFlag);
  int32_t device() const { return device_; }
  uint32_t id() const { return id_; }        // unique in the process, from 0
  uint32_t flags() const { return flags_; }  // aclrtCreateEventWithFlag's
  EventOrigin origin() const { return origin_; }

  /// Starts a new record and returns its sequence number (1, 2, ...). Ends a reset.
  uint64_t BeginRecord();
  /// aclrtResetEvent, when issued: waits issued from now on wait for the next record (as the
  /// NPU's wait after a reset does), until that record is issued.
  void MarkReset();
  /// The record a wait issued now targets: the latest one, or after a reset the next one (0:
  /// never recorded and not reset, nothing to wait for).
  uint64_t WaitTarget();
  /// What a wait issued now waits for: WaitTarget(), or for an ACL_EVENT_EXTERNAL event a decision
  /// left to when the wait runs. RunWaitTarget turns it into the record to wait for (0: none).
  /// ACL_EVENT_EXTERNAL events are flags, looked at when the tasks run: a record's completion sets
  /// the flag, a reset that runs clears it (ClearFlag: the records completed so far are consumed),
  /// and a wait waits for the first record after them.
  uint64_t IssuedWaitTarget();
  /// Waits, when the wait task runs, for what IssuedWaitTarget() named (false: timed out). Like
  /// WaitFor, a wait run by a stream task also ends when that stream is aborted or shuts down.
  bool WaitIssued(uint64_t issued, std::chrono::milliseconds timeout);
  /// Whether a wait issued now would not block (aclrtQueryEventWaitStatus).
  bool WaitWouldPass();
  void ClearFlag();
  /// Marks record `sequence` complete.
  void Complete(uint64_t sequence);
  /// The latest record started (0: never recorded).
  uint64_t LatestRecord();
  /// Blocks until record `sequence` has completed.
  void WaitFor(uint64_t sequence);
  /// Whether record `sequence` has completed (record 0, "never recorded", always has).
  bool IsComplete(uint64_t sequence);
  /// WaitFor, giving up after `timeout` (milliseconds::max(): for ever); false when it timed out.
  /// A wait run by a stream task also ends (true) when that stream is aborted or shuts down: the
  /// record it waits for may never be issued (a wait after a reset).
  bool WaitFor(uint64_t sequence, std::chrono::milliseconds timeout);
  /// When record `sequence` completed, on the steady clock (the stream's timeline: the record
  /// completes when its stream reaches it). False when that record is not the latest completed
  /// one, or has not completed.
  bool CompletionTime(uint64_t sequence, std::chrono::steady_clock::time_point* when);

 private:
  bool IsCompleteLocked(uint64_t sequence) const;
  /// Waits (mutex_ taken) until done(); a stream task's wait also ends on its stream's abort, and on
  /// its shutdown when never_issued() (what it waits for may never come).
  template <typename Done, typename NeverIssued>
  bool WaitUntil(Done done, NeverIssued never_issued, std::chrono::milliseconds timeout);

  const int32_t device_;
  const uint32_t id_;
  const uint32_t flags_;
  const EventOrigin origin_;
  std::mutex mutex_;
  std::condition_variable completed_cv_;
  uint64_t recorded_ = 0;
  bool reset_ = false;                   // a reset was issued after the latest record
  uint64_t completed_through_ = 0;       // every record <= this has completed
  std::set<uint64_t> completed_beyond_;  // completed records > completed_through_
  uint64_t completions_ = 0;             // records completed, in any order
  uint64_t completions_at_clear_ = 0;    // ACL_EVENT_EXTERNAL: completions_ at the last ClearFlag
  uint64_t timed_sequence_ = 0;          // the highest completed record, and when it completed
  std::chrono::steady_clock::time_point timed_at_;
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_STREAM_H_
