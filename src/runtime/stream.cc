#include "runtime/stream.h"

#include "acl/acl_rt.h"
#include "runtime/capture.h"
#include "runtime/exception_info.h"

#include <cfenv>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif
#include <atomic>
#include <exception>
#include <utility>

namespace aclnn_host {
namespace {

std::atomic<int32_t> next_stream_id{0};
std::atomic<uint32_t> next_event_id{0};

}  // namespace

Stream::Stream(int32_t device, uint32_t priority, uint32_t flags)
    : device_(device), id_(next_stream_id.fetch_add(1)), priority_(priority), flags_(flags) {}

Stream::~Stream() { Shutdown(); }

namespace {

uint32_t& LastTaskIdOfThisThread() {
  thread_local uint32_t id = 0xFFFFFFFFu;
  return id;
}

}  // namespace

uint32_t Stream::ThreadLastTaskId() { return LastTaskIdOfThisThread(); }

namespace {

NotIssued& LastNotIssuedOfThisThread() {
  thread_local NotIssued reason = NotIssued::kStreamStopping;
  return reason;
}

// Records why the calling thread's task was refused; returns false, for the refusing return.
bool Refuse(NotIssued reason) {
  LastNotIssuedOfThisThread() = reason;
  return false;
}

}  // namespace

NotIssued Stream::LastNotIssued() { return LastNotIssuedOfThisThread(); }

bool Stream::EnqueueLocked(StreamTask task, bool always_run, MemoryPins pins, bool* wake) {
  if (stopping_) return false;
  if (!worker_.joinable()) worker_ = std::thread([this] { WorkerLoop(); });
  queue_.push_back(QueuedTask{std::move(task), always_run, std::move(pins)});
  ++issued_;
  if (user_created_) LastTaskIdOfThisThread() = static_cast<uint32_t>(issued_ - 1);
  *wake = worker_waiting_;  // otherwise the worker will see the task without a wake-up
  return true;
}

bool Stream::Enqueue(StreamTask task, bool always_run, TaskLabel label) {
  return Enqueue(std::move(task), MemoryPins(), nullptr, 0, -1, always_run, label);
}

bool Stream::Enqueue(StreamTask task, MemoryPins pins, const MemoryRange* ranges, size_t range_count, int32_t device,
                     bool always_run, TaskLabel label) {
  bool wake = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return Refuse(NotIssued::kStreamStopping);
    if (capture_ != nullptr || task_group_mode_ == TaskGroupMode::kUpdating) {
      // Recorded, not run: the pins go (a replay takes its own), the ranges stay.
      CapturedTask captured;
      captured.issue = [task] { return task; };
      captured.always_run = always_run;
      captured.memory.assign(ranges, ranges + range_count);
      captured.memory_device = device;
      captured.label = label;
      // An update comes first, as upstream's AllocTask decides (a capture begun on an updating stream).
      if (task_group_mode_ != TaskGroupMode::kUpdating) return CaptureLocked(std::move(captured));
      if (!QueueTaskUpdateLocked(std::move(captured), &wake)) return false;
    } else if (!EnqueueLocked(std::move(task), always_run, std::move(pins), &wake)) {
      return Refuse(NotIssued::kStreamStopping);
    }
  }
  if (wake) work_ready_.notify_one();
  return true;
}

bool Stream::IssueOrCapture(CapturedTask task, MemoryPins pins) {
  bool wake = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return Refuse(NotIssued::kStreamStopping);
    if (task_group_mode_ == TaskGroupMode::kUpdating) {
      if (!QueueTaskUpdateLocked(std::move(task), &wake)) return false;
    } else if (capture_ != nullptr) {
      return CaptureLocked(std::move(task));
    } else {
      StreamTask run = task.issue();
      try {
        EnqueueLocked(run, task.always_run, std::move(pins), &wake);
      } catch (...) {
        if (task.always_run) run();  // a record already begun must complete, or its waiters hang
        throw;
      }
    }
  }
  if (wake) work_ready_.notify_one();
  return true;
}

bool Stream::CaptureLocked(CapturedTask task) {
  if (task_group_mode_ == TaskGroupMode::kRecording) {
    std::lock_guard<std::mutex> group_lock(task_group_->mutex);  // lock order: Stream, then TaskGroup
    if (!IsKernelTask(task.label)) {
      // As upstream: the model's task-group error is set (every later group end fails) and the
      // capture is invalidated (aclmdlRICaptureEnd returns no model).
      capture_->FailTaskGroups();
      return Refuse(NotIssued::kNotKernelInGroup);
    }
    // The model's task runs whatever the slot holds when the replay reaches it.
    auto slot = std::make_shared<TaskSlot>(task);
    task_group_->slots.push_back(slot);
    CapturedTask placeholder;
    placeholder.label = task.label;
    placeholder.slot = slot;
    placeholder.issue = [slot] { return StreamTask([slot] { return slot->Run(); }); };
    task = std::move(placeholder);
  }
  capture_->Add(std::move(task));  // lock order: Stream, then CaptureGraph
  return true;
}

bool Stream::QueueTaskUpdateLocked(CapturedTask task, bool* wake) {
  if (!IsKernelTask(task.label)) return Refuse(NotIssued::kNotKernelInUpdate);
  std::shared_ptr<TaskSlot> slot;
  {
    std::lock_guard<std::mutex> group_lock(task_group_->mutex);
    if (task_group_->next_update >= task_group_->slots.size()) return Refuse(NotIssued::kUpdateBeyondGroup);
    slot = task_group_->slots[task_group_->next_update++];
  }
  // The replacement takes effect in this stream's order, as the NPU's task-rewrite task does.
  auto replacement = std::make_shared<CapturedTask>(std::move(task));
  if (!EnqueueLocked(
          [slot, replacement] {
            slot->Set(*replacement);
            return TaskResult();
          },
          /*always_run=*/false, MemoryPins(), wake)) {
    return Refuse(NotIssued::kStreamStopping);
  }
  return true;
}

namespace {

// The abort token of the model replay whose task the thread runs (null: none).
thread_local const ModelAbortToken* running_model_abort = nullptr;

// A replay's task that is dropped once its model is aborted, and whose waits watch for that.
StreamTask AbortableModelTask(StreamTask run, const ModelAbortToken& abort) {
  return [run = std::move(run), abort] {
    if (abort.aborted()) return TaskResult();  // dropped: counts as done
    const ModelAbortToken* const saved = running_model_abort;
    running_model_abort = &abort;
    struct Restore {
      const ModelAbortToken* saved;
      ~Restore() { running_model_abort = saved; }
    } restore{saved};
    return run();
  };
}

}  // namespace

bool Stream::IssueReplay(std::vector<CapturedTask>& tasks, std::vector<MemoryPins>& pins,
                         std::vector<std::shared_ptr<void>>& holds, CapturedTask end, const ModelAbortToken& abort,
                         bool* end_queued) {
  *end_queued = false;
  bool wake = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return Refuse(NotIssued::kStreamStopping);
    // A model run is one task, and not an operator run: a task group or an update refuses it whole.
    if (task_group_mode_ == TaskGroupMode::kUpdating) return Refuse(NotIssued::kModelRunInUpdate);
    if (task_group_mode_ == TaskGroupMode::kRecording) {
      capture_->FailTaskGroups();
      return Refuse(NotIssued::kModelRunInGroup);
    }
    if (capture_ != nullptr) {
      // Recorded as they are: their issue decisions are made at each replay of the outer model. A
      // group's task stays the inner model's: the outer model runs whatever the inner group holds,
      // and its own edits replace its copy, never the inner task.
      for (CapturedTask& task : tasks) {
        task.slot = nullptr;
        capture_->Add(std::move(task));
      }
      return true;
    }
    StreamTask end_run = end.issue();
    try {
      for (size_t i = 0; i < tasks.size(); ++i) {
        StreamTask run = tasks[i].issue();
        if (!tasks[i].always_run) run = AbortableModelTask(std::move(run), abort);
        if (holds[i] != nullptr) {  // kept until the task has run or is dropped
          run = [run, hold = holds[i]] { return run(); };
        }
        try {
          EnqueueLocked(run, tasks[i].always_run, std::move(pins[i]), &wake);
        } catch (...) {
          if (tasks[i].always_run) run();  // a record already begun must complete, or its waiters hang
          throw;
        }
      }
    } catch (...) {
      // The tasks queued so far still run: so does the end of the model's run, after them.
      try {
        EnqueueLocked(end_run, /*always_run=*/true, MemoryPins(), &wake);
        *end_queued = true;
      } catch (...) {
      }
      throw;
    }
    EnqueueLocked(end_run, /*always_run=*/true, MemoryPins(), &wake);
    *end_queued = true;
  }
  if (wake) work_ready_.notify_one();
  return true;
}

TaskGroupMode Stream::task_group_mode() {
  std::lock_guard<std::mutex> lock(mutex_);
  return task_group_mode_;
}

bool Stream::BeginTaskGroup(std::shared_ptr<TaskGroup> group) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (capture_ == nullptr || task_group_mode_ != TaskGroupMode::kNone) return false;
  task_group_mode_ = TaskGroupMode::kRecording;
  task_group_ = std::move(group);
  return true;
}

std::shared_ptr<TaskGroup> Stream::EndTaskGroup() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (task_group_mode_ != TaskGroupMode::kRecording) return nullptr;
  task_group_mode_ = TaskGroupMode::kNone;
  return std::move(task_group_);
}

bool Stream::BeginTaskUpdate(std::shared_ptr<TaskGroup> group, bool* group_taken) {
  *group_taken = false;
  std::lock_guard<std::mutex> lock(mutex_);
  if (task_group_mode_ != TaskGroupMode::kNone) return false;
  {
    std::lock_guard<std::mutex> group_lock(group->mutex);
    if (group->updating) {
      *group_taken = true;
      return false;
    }
    group->updating = true;
    group->next_update = 0;
  }
  task_group_mode_ = TaskGroupMode::kUpdating;
  task_group_ = std::move(group);
  return true;
}

std::shared_ptr<TaskGroup> Stream::EndTaskUpdate(size_t* replaced) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (task_group_mode_ != TaskGroupMode::kUpdating) return nullptr;
  task_group_mode_ = TaskGroupMode::kNone;
  {
    std::lock_guard<std::mutex> group_lock(task_group_->mutex);
    *replaced = task_group_->next_update;
    task_group_->updating = false;
    task_group_->next_update = 0;
  }
  return std::move(task_group_);
}

std::shared_ptr<CaptureGraph> Stream::capture() {
  std::lock_guard<std::mutex> lock(mutex_);
  return capture_;
}

std::shared_ptr<CaptureGraph> Stream::BeginCapture(std::shared_ptr<CaptureGraph> graph) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (capture_ != nullptr) return capture_;
  capture_ = std::move(graph);
  return nullptr;
}

std::shared_ptr<CaptureGraph> Stream::EndCapture(const CaptureGraph* only, bool* group_discarded) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (group_discarded != nullptr) *group_discarded = false;
  if (only != nullptr && capture_.get() != only) return nullptr;
  if (task_group_mode_ == TaskGroupMode::kRecording) {  // a group left open is discarded with it
    task_group_mode_ = TaskGroupMode::kNone;
    task_group_ = nullptr;
    if (group_discarded != nullptr) *group_discarded = true;
  }
  return std::move(capture_);
}

namespace {
// initial-exec: the inline path reads it twice per launch; no __tls_get_addr call.
__attribute__((tls_model("initial-exec"))) thread_local Stream* running_stream = nullptr;
__attribute__((tls_model("initial-exec"))) thread_local uint64_t running_epoch = 0;

// Marks the calling thread as running a task of `stream`, taken off its queue at `epoch`, for the scope.
class RunningScope {
 public:
  RunningScope(Stream* stream, uint64_t epoch) : saved_(running_stream), saved_epoch_(running_epoch) {
    running_stream = stream;
    running_epoch = epoch;
  }
  ~RunningScope() {
    running_stream = saved_;
    running_epoch = saved_epoch_;
  }

 private:
  Stream* saved_;
  uint64_t saved_epoch_;
};
}  // namespace

Stream* Stream::Running() { return running_stream; }

uint64_t Stream::RunningEpoch() { return running_epoch; }

bool Stream::RunningModelAborted() { return running_model_abort != nullptr && running_model_abort->aborted(); }

uint64_t Stream::SwapRunningEpoch(uint64_t epoch) {
  const uint64_t saved = running_epoch;
  running_epoch = epoch;
  return saved;
}

Stream* Stream::SwapRunning(Stream* stream) {
  Stream* previous = running_stream;
  running_stream = stream;
  return previous;
}

#if defined(__x86_64__) || defined(__i386__)
// MXCSR: all exceptions masked, round to nearest, FTZ and DAZ off.
Stream::ScopedIeeeFloatingPoint::ScopedIeeeFloatingPoint() : saved_(_mm_getcsr()) { _mm_setcsr(0x1F80u); }
Stream::ScopedIeeeFloatingPoint::~ScopedIeeeFloatingPoint() { _mm_setcsr(saved_); }
#else
Stream::ScopedIeeeFloatingPoint::ScopedIeeeFloatingPoint() {
  std::fegetenv(&saved_);
  std::fesetenv(FE_DFL_ENV);
}
Stream::ScopedIeeeFloatingPoint::~ScopedIeeeFloatingPoint() { std::fesetenv(&saved_); }
#endif

bool Stream::BeginInlineTask() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_ || halted_ || inline_running_ || completed_ != issued_ || capture_ != nullptr) return false;
  if (task_group_mode_ == TaskGroupMode::kUpdating) return false;  // the task is an update, not a run
  if (stop_on_failure_ && first_failure_.code != 0) return false;  // the worker decides to skip it
  inline_running_ = true;
  inline_index_ = issued_;
  inline_epoch_ = cancellations_.load(std::memory_order_acquire);
  ++issued_;
  if (user_created_) LastTaskIdOfThisThread() = static_cast<uint32_t>(issued_ - 1);
  return true;
}

void Stream::ReportException(uint64_t task, int code) {
  NotifyTaskException(static_cast<uint32_t>(task), static_cast<uint32_t>(id_), static_cast<uint32_t>(device_),
                      static_cast<uint32_t>(code));
}

void Stream::EndInlineTask(TaskResult result) {
  if (result.code != 0) ReportException(inline_index_, result.code);
  bool wake_worker = false;
  bool wake_waiters = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    RecordFailureLocked(std::move(result), inline_index_);
    ++completed_;
    inline_running_ = false;
    // Wake-ups cost a system call and, on a small machine, a context switch: only when needed.
    wake_worker = worker_waiting_ && !queue_.empty();  // work queued meanwhile may start now
    wake_waiters = done_waiters_ > 0;
  }
  if (wake_worker) work_ready_.notify_one();
  if (wake_waiters) work_done_.notify_all();
}

void Stream::WorkerLoop() {
  // A new thread inherits its creator's floating-point environment; the kernels need IEEE
  // defaults (round to nearest, no flush-to-zero or denormals-are-zero) whatever the caller set.
  std::fesetenv(FE_DFL_ENV);
  for (;;) {
    StreamTask task;
    MemoryPins pins;
    uint64_t index = 0;
    uint64_t epoch = 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      worker_waiting_ = true;
      work_ready_.wait(lock, [&] { return !inline_running_ && (stopping_ || !queue_.empty()); });
      worker_waiting_ = false;
      if (queue_.empty()) return;  // stopping, and everything has run
      // A stopped stream (aclrtStreamStop) runs nothing; one stopping on failure, nothing after it.
      const bool skip = (halted_ || (stop_on_failure_ && first_failure_.code != 0)) && !queue_.front().always_run;
      if (skip && halted_) ++not_run_while_halted_;
      task = skip ? StreamTask() : std::move(queue_.front().run);
      pins = std::move(queue_.front().pins);
      queue_.pop_front();
      index = completed_;  // tasks complete in issue order: this one's sequence number
      epoch = cancellations_.load(std::memory_order_acquire);  // Abort counts under this lock
    }
    TaskResult result;
    if (task) {  // a skipped task: not run
      RunningScope running(this, epoch);
      result = RunGuarded(task);
    }
    task = nullptr;  // release what the task captured before reporting completion
    pins.Release();
    if (result.code != 0) ReportException(index, result.code);
    bool wake_waiters = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      RecordFailureLocked(std::move(result), index);
      ++completed_;
      wake_waiters = done_waiters_ > 0;
    }
    if (wake_waiters) work_done_.notify_all();
  }
}

void Stream::RecordFailureLocked(TaskResult result, uint64_t task) {
  if (stopped_task_running_) {  // the task aclrtStreamStop stopped: on the NPU, a killed task
    stopped_task_running_ = false;
    if (result.code == 0) {
      result = TaskResult{507000, "task " + std::to_string(task) + " of stream " + std::to_string(id_) +
                                      " was stopped by aclrtStreamStop while it ran."};
    }
  }
  if (result.code != 0 && first_failure_.code == 0) first_failure_ = std::move(result);
}

TaskResult Stream::TakeSynchronizeResultLocked() {
  if (halted_) {               // kept until aclrtStreamAbort: every synchronisation of a stopped stream says so
    return TaskResult{507000,  // ACL_ERROR_RT_INTERNAL_ERROR, what CANN's sample reads after a stop
                      "stream " + std::to_string(id_) +
                          " is stopped (aclrtStreamStop): " + std::to_string(not_run_while_halted_) +
                          " of its tasks issued before or since were not run; aclrtStreamAbort resumes it."};
  }
  TaskResult result = std::move(first_failure_);
  first_failure_ = TaskResult();
  return result;
}

TaskResult Stream::Synchronize() {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = issued_;
  if (completed_ < target) {
    ++done_waiters_;
    work_done_.wait(lock, [&] { return completed_ >= target; });
    --done_waiters_;
  }
  return TakeSynchronizeResultLocked();
}

TaskResult Stream::SynchronizeFor(std::chrono::milliseconds timeout, bool* timed_out) {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = issued_;
  *timed_out = false;
  if (completed_ < target) {
    ++done_waiters_;
    bool done = true;
    if (timeout == std::chrono::milliseconds::max()) {  // for ever: now + max would overflow
      work_done_.wait(lock, [&] { return completed_ >= target; });
    } else {
      done = work_done_.wait_for(lock, timeout, [&] { return completed_ >= target; });
    }
    --done_waiters_;
    if (!done) {
      *timed_out = true;
      return TaskResult();
    }
  }
  return TakeSynchronizeResultLocked();
}

void Stream::set_stop_on_failure(bool stop) {
  std::lock_guard<std::mutex> lock(mutex_);
  stop_on_failure_ = stop;
}

bool Stream::stop_on_failure() {
  std::lock_guard<std::mutex> lock(mutex_);
  return stop_on_failure_;
}

size_t Stream::Abort() {
  std::deque<QueuedTask> dropped;  // destroyed outside the lock: a task's captures unpin memory
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // Counted under the lock: a task taken off the queue before sees the change, one after is dropped.
    cancellations_.fetch_add(1, std::memory_order_acq_rel);
    std::deque<QueuedTask> kept;
    for (QueuedTask& task : queue_) (task.always_run ? kept : dropped).push_back(std::move(task));
    queue_ = std::move(kept);
    completed_ += dropped.size();
    halted_ = false;  // a stopped stream runs again
  }
  work_done_.notify_all();
  return dropped.size();
}

void Stream::Stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  cancellations_.fetch_add(1, std::memory_order_acq_rel);  // a waiting task stops waiting
  if (!halted_) not_run_while_halted_ = 0;
  halted_ = true;
  if (TaskRunningLocked()) stopped_task_running_ = true;
}

bool Stream::Idle() {
  std::lock_guard<std::mutex> lock(mutex_);
  return completed_ == issued_;
}

void Stream::Shutdown() {
  AbandonCapture(*this);
  shutting_down_.store(true, std::memory_order_release);  // a waiting task started before this ends
  cancellations_.fetch_add(1, std::memory_order_acq_rel);
  std::thread worker;
  std::shared_ptr<TaskGroup> updated_group;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    worker = std::move(worker_);
    if (task_group_mode_ == TaskGroupMode::kUpdating) updated_group = std::move(task_group_);
    task_group_mode_ = TaskGroupMode::kNone;
    task_group_ = nullptr;
  }
  work_ready_.notify_all();
  if (worker.joinable()) worker.join();
  if (updated_group != nullptr) {  // its queued replacements have run: another stream may update it now
    std::lock_guard<std::mutex> group_lock(updated_group->mutex);
    updated_group->updating = false;
  }
  // A task running inline on another thread finishes too (that thread keeps the stream alive).
  std::unique_lock<std::mutex> lock(mutex_);
  ++done_waiters_;
  work_done_.wait(lock, [&] { return !inline_running_; });
  --done_waiters_;
}

Event::Event(int32_t device, uint32_t flags, EventOrigin origin)
    : device_(device), id_(next_event_id.fetch_add(1)), flags_(flags), origin_(origin) {}

uint64_t Event::BeginRecord() {
  std::lock_guard<std::mutex> lock(mutex_);
  reset_ = false;
  return ++recorded_;
}

void Event::ClearFlag() {
  std::lock_guard<std::mutex> lock(mutex_);
  completions_at_clear_ = completions_;
}

namespace {
constexpr uint64_t kTargetDecidedAtRun = ~uint64_t{0};
}  // namespace

uint64_t Event::IssuedWaitTarget() { return (flags_ & ACL_EVENT_EXTERNAL) != 0 ? kTargetDecidedAtRun : WaitTarget(); }

void Event::MarkReset() {
  std::lock_guard<std::mutex> lock(mutex_);
  reset_ = true;
}

uint64_t Event::WaitTarget() {
  std::lock_guard<std::mutex> lock(mutex_);
  return reset_ ? recorded_ + 1 : recorded_;
}

void Event::Complete(uint64_t sequence) {
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (sequence <= completed_through_ || completed_beyond_.count(sequence) != 0) return;
    ++completions_;
    if (sequence > timed_sequence_) {
      timed_sequence_ = sequence;
      timed_at_ = now;
    }
    completed_beyond_.insert(sequence);
    // Fold the records that are now contiguous into the watermark, so the set stays small.
    while (!completed_beyond_.empty() && *completed_beyond_.begin() == completed_through_ + 1) {
      completed_beyond_.erase(completed_beyond_.begin());
      ++completed_through_;
    }
  }
  completed_cv_.notify_all();
}

uint64_t Event::LatestRecord() {
  std::lock_guard<std::mutex> lock(mutex_);
  return recorded_;
}

bool Event::IsCompleteLocked(uint64_t sequence) const {
  return sequence <= completed_through_ || completed_beyond_.count(sequence) != 0;
}

void Event::WaitFor(uint64_t sequence) { WaitFor(sequence, std::chrono::milliseconds::max()); }

bool Event::WaitFor(uint64_t sequence, std::chrono::milliseconds timeout) {
  return WaitUntil([this, sequence] { return IsCompleteLocked(sequence); },
                   [this, sequence] { return sequence > recorded_; }, timeout);
}

template <typename Done, typename NeverIssued>
bool Event::WaitUntil(Done done, NeverIssued never_issued, std::chrono::milliseconds timeout) {
  Stream* const running = Stream::Running();
  const uint64_t epoch = running != nullptr ? Stream::RunningEpoch() : 0;
  const bool forever = timeout == std::chrono::milliseconds::max();  // now + max would overflow
  const auto deadline =
      forever ? std::chrono::steady_clock::time_point::max() : std::chrono::steady_clock::now() + timeout;
  std::unique_lock<std::mutex> lock(mutex_);
  while (!done()) {
    // aclrtStreamAbort and aclrtStreamStop end the wait (the tasks behind it are dropped, or not
    // run). The stream's shutdown drains: it ends only a wait for a record not yet issued (after a
    // reset), which might never come; a record already issued completes, so the order of the work
    // after the wait holds.
    if (running != nullptr) {
      const bool aborted =
          (running->cancellations() != epoch && !running->shutting_down()) || Stream::RunningModelAborted();
      if (aborted || (running->shutting_down() && never_issued())) return true;
    }
    if (!forever && std::chrono::steady_clock::now() >= deadline) return false;
    // A completion wakes the wait at once; the slices only bound how late a cancellation is seen.
    auto slice = std::chrono::steady_clock::now() + std::chrono::milliseconds(10);
    if (!forever && slice > deadline) slice = deadline;
    completed_cv_.wait_until(lock, slice);
  }
  return true;
}

bool Event::WaitIssued(uint64_t issued, std::chrono::milliseconds timeout) {
  if (issued == 0) return true;  // never recorded: nothing to wait for
  if (issued != kTargetDecidedAtRun) return WaitFor(issued, timeout);
  // The flag: set by any record that completes after the last clear (in whatever order records on
  // several streams complete); once every record issued has completed, none can still set it.
  return WaitUntil([this] { return completions_ > completions_at_clear_; },
                   [this] { return completions_ == recorded_; }, timeout);
}

bool Event::WaitWouldPass() {
  std::lock_guard<std::mutex> lock(mutex_);
  if ((flags_ & ACL_EVENT_EXTERNAL) != 0) return completions_ > completions_at_clear_;
  return IsCompleteLocked(reset_ ? recorded_ + 1 : recorded_);
}

bool Event::CompletionTime(uint64_t sequence, std::chrono::steady_clock::time_point* when) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (sequence == 0 || sequence != timed_sequence_) return false;
  *when = timed_at_;
  return true;
}

bool Event::IsComplete(uint64_t sequence) {
  std::lock_guard<std::mutex> lock(mutex_);
  return IsCompleteLocked(sequence);
}

}  // namespace aclnn_host
