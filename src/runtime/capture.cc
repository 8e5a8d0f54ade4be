#include "runtime/capture.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>

#include "acl/error_codes/rt_error_codes.h"
#include "runtime/context.h"
#include "runtime/error_log.h"

namespace aclnn_host {

namespace {
std::atomic<uint32_t> next_model_id{0};
}  // namespace

CaptureGraph::CaptureGraph(int32_t device, aclmdlRICaptureMode mode, int32_t origin_stream)
    : id_(next_model_id.fetch_add(1)),
      device_(device),
      mode_(mode),
      origin_stream_(origin_stream),
      begin_thread_(std::this_thread::get_id()) {}

std::string CaptureGraph::DebugText() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::ostringstream text;
  text << "model_id=" << id_ << ", device_id=" << device_ << ", stream_id=" << origin_stream_
       << ", tasks=" << tasks_.size() << ".\n";
  for (size_t i = 0; i < tasks_.size(); ++i) {
    const TaskLabel& label = tasks_[i].label;
    text << "device_id=" << device_ << ", stream_id=" << origin_stream_ << ", task_id=" << i
         << ", task_type=" << label.type;
    if (label.name != nullptr) text << ", name=" << label.name;
    text << ".\n";
  }
  return text.str();
}

std::string CaptureGraph::DebugJson() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::ostringstream json;
  json << "[\n";
  uint32_t ts = 0;
  for (size_t i = 0; i < tasks_.size(); ++i) {
    const TaskLabel& label = tasks_[i].label;
    const std::string type = label.type;
    // Upstream's nominal durations (stream.hpp): the dump is a picture of the order, not a timing.
    double dur = 9.5;
    uint32_t step = 10;
    if (type.find("RECORD") != std::string::npos) {
      dur = 4.5;
      step = 5;
    } else if (type.find("WAIT") != std::string::npos) {
      dur = 14.5;
      step = 15;
    }
    json << "{\"name\":\"" << (label.name != nullptr ? label.name : label.type) << "\",\"pid\":\"" << getpid()
         << " aclGraph\",\"tid\":\"stream" << origin_stream_ << "\",\"ts\":" << ts << ",\"dur\":" << dur
         << ",\"ph\":\"X\",\"args\":{\"Model Id\":" << id_ << ",\"Stream Id\":" << origin_stream_
         << ",\"Task Id\":" << i << ",\"Task Type\":\"" << type << "\"}}" << (i + 1 < tasks_.size() ? "," : "") << "\n";
    ts += step;
  }
  json << "]";
  return json.str();
}

void CaptureGraph::Add(CapturedTask task) {
  std::lock_guard<std::mutex> lock(mutex_);
  tasks_.push_back(std::move(task));
}

void CaptureGraph::FailTaskGroups() {
  std::lock_guard<std::mutex> lock(mutex_);
  task_groups_failed_ = true;
  invalidated_ = true;
}

bool CaptureGraph::task_groups_failed() {
  std::lock_guard<std::mutex> lock(mutex_);
  return task_groups_failed_;
}

void CaptureGraph::Invalidate() {
  std::lock_guard<std::mutex> lock(mutex_);
  invalidated_ = true;
}

bool CaptureGraph::invalidated() {
  std::lock_guard<std::mutex> lock(mutex_);
  return invalidated_;
}

bool CaptureGraph::capturing() {
  std::lock_guard<std::mutex> lock(mutex_);
  return capturing_;
}

void CaptureGraph::StopCapturing() {
  std::lock_guard<std::mutex> lock(mutex_);
  capturing_ = false;
}

void CaptureGraph::set_name(std::string name) {
  std::lock_guard<std::mutex> lock(mutex_);
  name_ = std::move(name);
}

std::string CaptureGraph::name() {
  std::lock_guard<std::mutex> lock(mutex_);
  return name_;
}

void CaptureGraph::set_bound_stream(std::shared_ptr<Stream> stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  bound_stream_ = std::move(stream);
}

bool CaptureGraph::TryBind(std::shared_ptr<Stream> stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (bound_stream_ != nullptr) return false;
  bound_stream_ = std::move(stream);
  return true;
}

std::shared_ptr<Stream> CaptureGraph::bound_stream() {
  std::lock_guard<std::mutex> lock(mutex_);
  return bound_stream_;
}

std::shared_ptr<Stream> CaptureGraph::execute_stream() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (execute_stream_ == nullptr) execute_stream_ = std::make_shared<Stream>(device_);
  return execute_stream_;
}

size_t CaptureGraph::task_count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return tasks_.size();
}

aclError CaptureGraph::Replay(const char* api, const std::shared_ptr<Stream>& stream) {
  std::vector<CapturedTask> tasks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    tasks.reserve(tasks_.size());
    for (const CapturedTask& task : tasks_) {  // replays on several streams at once: each issues its own copy
      if (!task.disabled) tasks.push_back(task);
    }
  }
  // Conditions with a default get it at the start of each run (ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT).
  std::vector<CapturedTask> defaults = ConditionDefaultsTasks();
  tasks.insert(tasks.begin(), defaults.begin(), defaults.end());
  // Every task's memory is checked before any task is issued: a replay runs whole or not at all.
  // A task group's task is held by its slot, which keeps the memory of what it holds pinned (an
  // update may change that before the task runs; the run checks it again).
  std::vector<MemoryPins> pins(tasks.size());
  std::vector<std::shared_ptr<void>> holds(tasks.size());
  for (size_t i = 0; i < tasks.size(); ++i) {
    const CapturedTask& task = tasks[i];
    std::string problem;
    if (task.slot != nullptr) {
      holds[i] = task.slot->HoldForReplay(&problem);
      if (holds[i] == nullptr) {
        return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task %zu of the model cannot run: %s", i, problem.c_str());
      }
      continue;
    }
    if (task.memory.empty()) continue;
    if (!MemoryRegistry::Get().CheckAndPin(task.memory.data(), task.memory.size(), task.memory_device,
                                           Runtime::Get().strict(), &pins[i], &problem)) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task %zu of the model cannot run: %s", i, problem.c_str());
    }
  }
  // The branches of its conditional tasks run inside the replay: memory freed under them refuses
  // the replay whole. (Each conditional task pins its branches' memory when it is issued, until it
  // has run: PinBranchMemory.)
  for (const std::shared_ptr<CaptureGraph>& branch : Descendants()) {
    std::vector<MemoryPins> checked;
    std::string problem;
    if (!branch->PinTaskMemory(&checked, &problem)) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "a task of the branch model (model_id=%u) cannot run: %s",
                  branch->id(), problem.c_str());
    }
  }
  // The model runs until the replay's last task: edits wait for that. The count is handed to the
  // end task once it is queued; a replay refused or recorded into a capture gives it back.
  std::shared_ptr<std::atomic<int>> running = running_replays_;
  running->fetch_add(1, std::memory_order_acq_rel);
  const ModelAbortToken abort{aborts_, aborts_->load(std::memory_order_acquire)};
  CapturedTask end;
  end.always_run = true;
  end.label = TaskLabel{"MODEL_END"};
  const uint32_t model_id = id_;
  end.issue = [running, abort, model_id] {
    return StreamTask([running, abort, model_id] {
      running->fetch_sub(1, std::memory_order_acq_rel);
      if (!abort.aborted()) return TaskResult();
      // The NPU's stream reports the aborted model's run (TS_MODEL_ABORT_NORMAL).
      return TaskResult{ACL_ERROR_RT_MODEL_ABORT_NORMAL,
                        FormatString("model abort normal: the model (model_id=%u) was aborted (aclmdlRIAbort); "
                                     "its tasks that had not started were dropped.",
                                     model_id)};
    });
  };
  bool end_queued = false;
  struct GiveBack {
    const std::shared_ptr<std::atomic<int>>& running;
    const bool& handed;
    ~GiveBack() {
      if (!handed) running->fetch_sub(1, std::memory_order_acq_rel);
    }
  } give_back{running, end_queued};
  if (!stream->IssueReplay(tasks, pins, holds, std::move(end), abort, &end_queued)) return FailNotIssued(api);
  return ACL_SUCCESS;
}

void CaptureGraph::Abort(std::chrono::milliseconds bound) {
  aborts_->fetch_add(1, std::memory_order_acq_rel);
  const auto deadline = std::chrono::steady_clock::now() + bound;
  while (running() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

CaptureRegistry& CaptureRegistry::Get() {
  static CaptureRegistry* registry = new CaptureRegistry();  // never destroyed: late callers are safe
  return *registry;
}

aclmdlRI CaptureRegistry::Adopt(std::shared_ptr<CaptureGraph> graph) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Handles are opaque numbers, never reused, so a destroyed model's handle stays invalid.
  auto* handle = reinterpret_cast<aclmdlRI>(static_cast<uintptr_t>(0x4D52490000000000ull + 16 * next_handle_++));
  graph->handle_ = handle;
  models_.emplace_back(handle, std::move(graph));
  return handle;
}

std::shared_ptr<CaptureGraph> CaptureRegistry::Find(aclmdlRI handle) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& model : models_) {
    if (model.first == handle) return model.second;
  }
  return nullptr;
}

std::shared_ptr<CaptureGraph> CaptureRegistry::FindByStream(const void* stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& model : models_) {
    if (model.second->model_stream() == stream) return model.second;
    const std::shared_ptr<Stream> bound = model.second->bound_stream();
    if (bound != nullptr && bound.get() == stream) return model.second;
  }
  return nullptr;
}

std::shared_ptr<CaptureGraph> CaptureRegistry::FindByTask(aclmdlRITask task, size_t* index) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& model : models_) {
    const int64_t at = model.second->TaskIndex(task);
    if (at >= 0) {
      *index = static_cast<size_t>(at);
      return model.second;
    }
  }
  return nullptr;
}

// Introspection handles: the top bits tag them (no user-space address has them), the model's id and
// the task's position make the rest, so a handle outlives its model without ever naming another.
constexpr uint64_t kTaskHandleTag = uint64_t{0x8} << 60;
constexpr uint64_t kStreamHandleTag = uint64_t{0xC} << 60;
constexpr uint64_t kTaskGroupHandleTag = uint64_t{0xA} << 60;
constexpr uint64_t kCondHandleTag = uint64_t{0xB} << 60;
constexpr uint64_t kHandleTagMask = uint64_t{0xF} << 60;
constexpr int kTaskIndexBits = 24;

aclrtStream CaptureGraph::model_stream() const {
  return reinterpret_cast<aclrtStream>(static_cast<uintptr_t>(kStreamHandleTag | id_));
}

std::vector<aclmdlRITask> CaptureGraph::TaskHandles() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<aclmdlRITask> handles;
  const size_t count = std::min<size_t>(tasks_.size(), size_t{1} << kTaskIndexBits);
  handles.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    handles.push_back(
        reinterpret_cast<aclmdlRITask>(static_cast<uintptr_t>(kTaskHandleTag | (uint64_t{id_} << kTaskIndexBits) | i)));
  }
  return handles;
}

int64_t CaptureGraph::TaskIndex(aclmdlRITask task) {
  const uint64_t value = reinterpret_cast<uintptr_t>(task);
  if ((value & kHandleTagMask) != kTaskHandleTag || ((value & ~kHandleTagMask) >> kTaskIndexBits) != id_) return -1;
  const uint64_t index = value & ((uint64_t{1} << kTaskIndexBits) - 1);
  std::lock_guard<std::mutex> lock(mutex_);
  return index < tasks_.size() ? static_cast<int64_t>(index) : -1;
}

TaskLabel CaptureGraph::TaskLabelAt(size_t index) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto edit = edits_.find(index);
  if (edit != edits_.end() && edit->second != nullptr) return edit->second->label;  // seen before the update
  if (index >= tasks_.size()) return TaskLabel{""};
  return tasks_[index].slot != nullptr ? tasks_[index].slot->label() : tasks_[index].label;
}

void CaptureGraph::AddEdit(size_t index, std::shared_ptr<const CapturedTask> replacement) {
  std::lock_guard<std::mutex> lock(mutex_);
  edits_[index] = std::move(replacement);
  if (edit_state_ != EditState::kFault) edit_state_ = EditState::kUpdating;  // FAULT stays (upstream)
}

void CaptureGraph::MarkEditFailed() {
  std::lock_guard<std::mutex> lock(mutex_);
  edit_state_ = EditState::kFault;
}

CaptureGraph::EditState CaptureGraph::edit_state() {
  std::lock_guard<std::mutex> lock(mutex_);
  return edit_state_;
}

bool CaptureGraph::ApplyEdits() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (edit_state_ == EditState::kFault) return false;
  for (const auto& edit : edits_) {
    if (edit.first >= tasks_.size()) continue;
    CapturedTask& task = tasks_[edit.first];
    if (edit.second == nullptr) {
      task.disabled = true;
    } else if (task.slot != nullptr) {
      task.slot->Set(*edit.second);  // a group's task stays in its group: later updates still reach it
    } else {
      task = *edit.second;
    }
  }
  edits_.clear();
  edit_state_ = EditState::kReady;
  return true;
}

void CaptureGraph::AddTaskGroup(const std::shared_ptr<TaskGroup>& group) {
  std::lock_guard<std::mutex> lock(mutex_);
  group->handle = reinterpret_cast<aclrtTaskGrp>(
      static_cast<uintptr_t>(kTaskGroupHandleTag | (uint64_t{id_} << kTaskIndexBits) | task_groups_.size()));
  task_groups_.push_back(group);
}

std::shared_ptr<TaskGroup> CaptureGraph::FindTaskGroup(aclrtTaskGrp handle) {
  const uint64_t value = reinterpret_cast<uintptr_t>(handle);
  if ((value & kHandleTagMask) != kTaskGroupHandleTag || ((value & ~kHandleTagMask) >> kTaskIndexBits) != id_) {
    return nullptr;
  }
  const uint64_t index = value & ((uint64_t{1} << kTaskIndexBits) - 1);
  std::lock_guard<std::mutex> lock(mutex_);
  return index < task_groups_.size() ? task_groups_[index] : nullptr;
}

bool CaptureGraph::branch_captured() {
  std::lock_guard<std::mutex> lock(mutex_);
  return branch_captured_;
}

bool CaptureGraph::RestartCaptureAsBranch(aclmdlRICaptureMode mode) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!is_branch_ || branch_captured_) return false;
  branch_captured_ = true;
  mode_ = mode;
  begin_thread_ = std::this_thread::get_id();
  capturing_ = true;
  return true;
}

void CaptureGraph::AbandonBranchCapture() {
  std::lock_guard<std::mutex> lock(mutex_);
  branch_captured_ = false;
  capturing_ = false;
}

std::vector<std::shared_ptr<CaptureGraph>> CaptureGraph::Descendants() {
  std::vector<std::shared_ptr<CaptureGraph>> found;
  for (const std::shared_ptr<CondHandle>& cond : CondHandles()) {
    std::vector<std::shared_ptr<CaptureGraph>> branches;
    {
      std::lock_guard<std::mutex> lock(cond->mutex);
      branches = cond->branches;
    }
    for (const std::shared_ptr<CaptureGraph>& branch : branches) {
      found.push_back(branch);
      std::vector<std::shared_ptr<CaptureGraph>> below = branch->Descendants();
      found.insert(found.end(), below.begin(), below.end());
    }
  }
  return found;
}

bool CaptureGraph::PinTaskMemory(std::vector<MemoryPins>* pins, std::string* problem) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const CapturedTask& task : tasks_) {
    if (task.disabled || task.slot != nullptr || task.memory.empty()) continue;  // a slot checks at its run
    MemoryPins task_pins;
    if (!MemoryRegistry::Get().CheckAndPin(task.memory.data(), task.memory.size(), task.memory_device,
                                           Runtime::Get().strict(), &task_pins, problem)) {
      return false;
    }
    pins->push_back(std::move(task_pins));
  }
  return true;
}

void CaptureGraph::AddCondHandle(const std::shared_ptr<CondHandle>& cond) {
  std::lock_guard<std::mutex> lock(mutex_);
  cond->handle = reinterpret_cast<aclmdlRICondHandle>(
      static_cast<uintptr_t>(kCondHandleTag | (uint64_t{id_} << kTaskIndexBits) | cond_handles_.size()));
  cond_handles_.push_back(cond);
}

std::shared_ptr<CondHandle> CaptureGraph::FindCondHandle(aclmdlRICondHandle handle) {
  const uint64_t value = reinterpret_cast<uintptr_t>(handle);
  if ((value & kHandleTagMask) != kCondHandleTag || ((value & ~kHandleTagMask) >> kTaskIndexBits) != id_) {
    return nullptr;
  }
  const uint64_t index = value & ((uint64_t{1} << kTaskIndexBits) - 1);
  std::lock_guard<std::mutex> lock(mutex_);
  return index < cond_handles_.size() ? cond_handles_[index] : nullptr;
}

std::vector<std::shared_ptr<CondHandle>> CaptureGraph::CondHandles() {
  std::lock_guard<std::mutex> lock(mutex_);
  return cond_handles_;
}

std::vector<CapturedTask> CaptureGraph::ConditionDefaultsTasks() {
  std::vector<std::shared_ptr<CondHandle>> conds = CondHandles();
  for (const std::shared_ptr<CaptureGraph>& branch : Descendants()) {
    std::vector<std::shared_ptr<CondHandle>> more = branch->CondHandles();
    conds.insert(conds.end(), more.begin(), more.end());
  }
  std::vector<CapturedTask> tasks;
  std::vector<std::pair<uint64_t*, uint64_t>> writes;
  CapturedTask task;
  auto close = [&] {
    if (writes.empty()) return;
    task.issue = [writes] {
      return StreamTask([writes] {
        for (const auto& write : writes) __atomic_store_n(write.first, write.second, __ATOMIC_RELEASE);
        return TaskResult();
      });
    };
    task.memory_device = device_;
    task.label = TaskLabel{"MEM_WRITE_VALUE"};
    tasks.push_back(std::move(task));
    task = CapturedTask();
    writes.clear();
  };
  for (const std::shared_ptr<CondHandle>& cond : conds) {
    if (!cond->assign_default) continue;
    writes.emplace_back(static_cast<uint64_t*>(cond->word), cond->default_value);
    task.memory.push_back(MemoryRange{"condition", "", cond->word, sizeof(uint64_t), MemoryKind::kDevice});
    if (task.memory.size() == MemoryPins::kCapacity) close();  // a task pins at most kCapacity ranges
  }
  close();
  return tasks;
}

bool PinBranchMemory(const CondHandle& cond, std::vector<MemoryPins>* pins, std::string* problem) {
  std::vector<std::shared_ptr<CaptureGraph>> graphs;
  {
    std::lock_guard<std::mutex> lock(const_cast<std::mutex&>(cond.mutex));
    graphs = cond.branches;
  }
  const size_t direct = graphs.size();
  for (size_t i = 0; i < direct; ++i) {
    std::vector<std::shared_ptr<CaptureGraph>> below = graphs[i]->Descendants();
    graphs.insert(graphs.end(), below.begin(), below.end());
  }
  for (const std::shared_ptr<CaptureGraph>& graph : graphs) {
    if (!graph->PinTaskMemory(pins, problem)) {
      *problem = FormatString("a task of the branch model (model_id=%u) cannot run: %s", graph->id(), problem->c_str());
      return false;
    }
  }
  return true;
}

TaskResult CaptureGraph::RunInline() {
  std::vector<CapturedTask> tasks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (capturing_) {
      return TaskResult{
          ACL_ERROR_RT_MODEL_CAPTURED,
          FormatString("the branch model (model_id=%u) of a conditional task is still being captured.", id_)};
    }
    if (invalidated_) {
      return TaskResult{
          ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
          FormatString("the capture of the branch model (model_id=%u) of a conditional task failed.", id_)};
    }
    for (const CapturedTask& task : tasks_) {
      if (!task.disabled) tasks.push_back(task);
    }
  }
  // The memory of every task here was checked and pinned when the conditional task that runs the
  // branch was issued (PinBranchMemory): it is not checked again, so a model destroyed since, whose
  // condition words are freed when unpinned, still completes the runs it issued.
  TaskResult first_failure;
  for (const CapturedTask& task : tasks) {
    if (Stream::RunningModelAborted()) break;
    TaskResult result = task.issue()();
    if (result.code != 0 && first_failure.code == 0) first_failure = std::move(result);
  }
  return first_failure;
}

std::shared_ptr<CondHandle> CaptureRegistry::FindCondHandle(aclmdlRICondHandle handle,
                                                            std::shared_ptr<CaptureGraph>* owner) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& model : models_) {
    if (std::shared_ptr<CondHandle> cond = model.second->FindCondHandle(handle)) {
      if (owner != nullptr) *owner = model.second;
      return cond;
    }
  }
  return nullptr;
}

std::shared_ptr<TaskGroup> CaptureRegistry::FindTaskGroup(aclrtTaskGrp handle) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& model : models_) {
    if (std::shared_ptr<TaskGroup> group = model.second->FindTaskGroup(handle)) return group;
  }
  return nullptr;
}

bool IsKernelTask(const TaskLabel& label) {
  return label.type != nullptr && std::strncmp(label.type, "KERNEL_", 7) == 0;
}

void TaskSlot::Set(CapturedTask task) {
  std::lock_guard<std::mutex> lock(mutex_);
  task_ = std::move(task);
  if (holds_ == 0) return;
  MemoryPins pins;
  std::string problem;
  if (!task_.memory.empty() &&
      !MemoryRegistry::Get().CheckAndPin(task_.memory.data(), task_.memory.size(), task_.memory_device,
                                         Runtime::Get().strict(), &pins, &problem)) {
    pins = MemoryPins();  // the run checks again and reports it
  }
  pins_ = std::move(pins);  // the replaced task's memory is free to go
}

std::shared_ptr<void> TaskSlot::HoldForReplay(std::string* problem) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (holds_ == 0 && !task_.memory.empty()) {
    MemoryPins pins;
    if (!MemoryRegistry::Get().CheckAndPin(task_.memory.data(), task_.memory.size(), task_.memory_device,
                                           Runtime::Get().strict(), &pins, problem)) {
      return nullptr;
    }
    pins_ = std::move(pins);
  }
  ++holds_;
  std::shared_ptr<TaskSlot> self = shared_from_this();
  return std::shared_ptr<void>(self.get(), [self](void*) { self->ReleaseHold(); });
}

void TaskSlot::ReleaseHold() {
  MemoryPins released;  // unpinned outside the slot's lock
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (--holds_ == 0) released = std::move(pins_);
  }
}

TaskLabel TaskSlot::label() {
  std::lock_guard<std::mutex> lock(mutex_);
  return task_.label;
}

TaskResult TaskSlot::Run() {
  CapturedTask task;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task = task_;
  }
  MemoryPins pins;  // held while the task runs
  if (!task.memory.empty()) {
    std::string problem;
    if (!MemoryRegistry::Get().CheckAndPin(task.memory.data(), task.memory.size(), task.memory_device,
                                           Runtime::Get().strict(), &pins, &problem)) {
      return TaskResult{ACL_ERROR_RT_PARAM_INVALID, "a task of a task group cannot run: " + problem};
    }
  }
  return task.issue()();
}

aclError FailNotIssued(const char* api) {
  switch (Stream::LastNotIssued()) {
    case NotIssued::kNotKernelInGroup:
      return Fail(
          api, ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
          "Adding the task to the task group failed: only tasks running on Cube Core or Vector Core (operator "
          "runs) can be added to a task group; aclmdlRICaptureTaskGrpEnd will fail, and the capture is invalidated "
          "(aclmdlRICaptureEnd returns no model).");
    case NotIssued::kNotKernelInUpdate:
      return Fail(api, ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                  "Updating the task group failed: only tasks running on Cube Core or Vector Core (operator runs) "
                  "support task group update.");
    case NotIssued::kUpdateBeyondGroup:
      return Fail(api, ACL_ERROR_RT_INTERNAL_ERROR,
                  "The number of tasks cannot exceed the size of the task group being updated.");
    case NotIssued::kModelRunInGroup:
      return Fail(api, ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                  "Adding the task to the task group failed: a model run is not a task running on Cube Core or "
                  "Vector Core; only those can be added to a task group.");
    case NotIssued::kModelRunInUpdate:
      return Fail(api, ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                  "Updating the task group failed: a model run is not a task running on Cube Core or Vector Core; "
                  "only those support task group update.");
    case NotIssued::kStreamStopping:
      break;
  }
  return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "the stream is being destroyed.");
}

bool CaptureRegistry::Destroy(aclmdlRI handle) {
  std::shared_ptr<CaptureGraph> graph;  // its callbacks run, and it is destroyed, outside the lock
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = models_.begin(); it != models_.end(); ++it) {
      if (it->first == handle) {
        graph = std::move(it->second);
        models_.erase(it);
        break;
      }
    }
  }
  if (graph == nullptr) return false;
  graph->RunDestroyCallbacks();
  // The model's conditions go with it: their words (waiting for runs that use them) and branches.
  // Freeing a word does not wait: replays already issued keep it until they are done.
  for (const std::shared_ptr<CondHandle>& cond : graph->CondHandles()) {
    MemoryRegistry::Get().FreeDeviceWhenUnpinned(cond->word);
    std::vector<std::shared_ptr<CaptureGraph>> branches;
    {
      std::lock_guard<std::mutex> lock(cond->mutex);
      branches = cond->branches;
    }
    for (const std::shared_ptr<CaptureGraph>& branch : branches) {
      // A branch still being captured fails its capture's end (its model is gone).
      if (branch->capturing()) branch->Invalidate();
      Destroy(branch->handle());
    }
  }
  return true;
}

void CaptureRegistry::Clear() {
  std::vector<std::pair<aclmdlRI, std::shared_ptr<CaptureGraph>>> models;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    models.swap(models_);
    active_.clear();
  }
  for (auto& model : models) model.second->RunDestroyCallbacks();  // models never destroyed go now
}

bool CaptureGraph::AddDestroyCallback(aclrtCallback func, void* user_data) {
  std::lock_guard<std::mutex> lock(mutex_);
  return destroy_callbacks_.emplace(reinterpret_cast<uintptr_t>(func), std::make_pair(func, user_data)).second;
}

bool CaptureGraph::RemoveDestroyCallback(aclrtCallback func) {
  std::lock_guard<std::mutex> lock(mutex_);
  return destroy_callbacks_.erase(reinterpret_cast<uintptr_t>(func)) > 0;
}

void CaptureGraph::RunDestroyCallbacks() {
  std::map<uintptr_t, std::pair<aclrtCallback, void*>> callbacks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    callbacks.swap(destroy_callbacks_);
  }
  for (const auto& entry : callbacks) entry.second.first(entry.second.second);
}

void CaptureRegistry::CaptureStarted(const std::shared_ptr<CaptureGraph>& graph) {
  std::lock_guard<std::mutex> lock(mutex_);
  active_.push_back(graph);
}

void CaptureRegistry::CaptureStopped(const std::shared_ptr<CaptureGraph>& graph) {
  std::lock_guard<std::mutex> lock(mutex_);
  active_.erase(std::remove(active_.begin(), active_.end(), graph), active_.end());
}

namespace {

thread_local aclmdlRICaptureMode thread_exchange_mode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
constexpr int kNoCapture = 3;  // upstream's RT_STREAM_CAPTURE_MODE_MAX: no capture in progress

const char* ModeName(int mode) {
  switch (mode) {
    case ACL_MODEL_RI_CAPTURE_MODE_GLOBAL:
      return "GLOBAL";
    case ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL:
      return "THREAD_LOCAL";
    case ACL_MODEL_RI_CAPTURE_MODE_RELAXED:
      return "RELAXED";
    default:
      return "NONE";
  }
}

}  // namespace

aclmdlRICaptureMode CaptureRegistry::ExchangeThreadMode(aclmdlRICaptureMode mode) {
  const aclmdlRICaptureMode previous = thread_exchange_mode;
  thread_exchange_mode = mode;
  return previous;
}

bool CaptureRegistry::UnsafeCallAllowed(int32_t device) {
  int device_mode = kNoCapture;  // the strictest mode among the device's captures
  int thread_mode = kNoCapture;  // the strictest mode among the captures this thread began
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (active_.empty()) return true;
    for (const auto& graph : active_) {
      if (!graph->capturing()) continue;  // ended (a race with its registration): it forbids nothing
      if (graph->device() == device) device_mode = std::min<int>(device_mode, graph->mode());
      if (graph->begin_thread() == std::this_thread::get_id()) thread_mode = std::min<int>(thread_mode, graph->mode());
    }
  }
  if (device_mode == kNoCapture) return true;
  switch (thread_exchange_mode) {
    case ACL_MODEL_RI_CAPTURE_MODE_RELAXED:
      return true;
    case ACL_MODEL_RI_CAPTURE_MODE_GLOBAL:
      return device_mode != ACL_MODEL_RI_CAPTURE_MODE_GLOBAL && thread_mode != ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
    default:  // THREAD_LOCAL
      return thread_mode != ACL_MODEL_RI_CAPTURE_MODE_GLOBAL && thread_mode != ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
  }
}

aclError RefuseIfCapturing(const char* api, const char* what, Stream& stream) {
  if (stream.capture() == nullptr) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED, "%s: stream (stream_id=%d) during the capture stage is not supported.",
              what, stream.id());
}

void AbandonCapture(Stream& stream) {
  std::shared_ptr<CaptureGraph> graph = stream.EndCapture();
  if (graph == nullptr) return;
  graph->Invalidate();
  graph->StopCapturing();
  CaptureRegistry::Get().CaptureStopped(graph);
}

aclError RequireCaptureModeAllows(const char* api, const char* what, int32_t device) {
  CaptureRegistry& registry = CaptureRegistry::Get();
  if (registry.UnsafeCallAllowed(device)) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
              "%s: a stream capture is in progress and its mode does not allow this operation (it is allowed only "
              "in RELAXED mode, or after aclmdlRICaptureThreadExchangeMode sets this thread's mode to RELAXED); "
              "this thread's exchange mode is %s.",
              what, ModeName(thread_exchange_mode));
}

}  // namespace aclnn_host
