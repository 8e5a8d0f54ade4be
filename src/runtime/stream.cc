#include "runtime/stream.h"

#include <cfenv>
#include <exception>
#include <utility>

namespace aclnn_host {

Stream::Stream(int32_t device) : device_(device) {}

Stream::~Stream() { Shutdown(); }

bool Stream::Enqueue(StreamTask task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return false;
    if (!worker_.joinable()) worker_ = std::thread([this] { WorkerLoop(); });
    queue_.push_back(std::move(task));
    ++issued_;
  }
  work_ready_.notify_one();
  return true;
}

void Stream::WorkerLoop() {
  // A new thread inherits its creator's floating-point environment; the kernels need IEEE
  // defaults (round to nearest, no flush-to-zero or denormals-are-zero) whatever the caller set.
  std::fesetenv(FE_DFL_ENV);
  for (;;) {
    StreamTask task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything has run
      task = std::move(queue_.front());
      queue_.pop_front();
    }
    TaskResult result;
    try {
      result = task();
    } catch (const std::exception& error) {
      result.code = 507000;  // ACL_ERROR_RT_INTERNAL_ERROR
      result.message = std::string("a stream task threw: ") + error.what();
    } catch (...) {
      result.code = 507000;
      result.message = "a stream task threw an unknown exception";
    }
    task = nullptr;  // release what the task captured before reporting completion
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (result.code != 0 && first_failure_.code == 0) first_failure_ = std::move(result);
      ++completed_;
    }
    work_done_.notify_all();
  }
}

TaskResult Stream::Synchronize() {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = issued_;
  work_done_.wait(lock, [&] { return completed_ >= target; });
  TaskResult result = std::move(first_failure_);
  first_failure_ = TaskResult();
  return result;
}

bool Stream::Idle() {
  std::lock_guard<std::mutex> lock(mutex_);
  return completed_ == issued_;
}

void Stream::Shutdown() {
  std::thread worker;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    worker = std::move(worker_);
  }
  work_ready_.notify_all();
  if (worker.joinable()) worker.join();
}

uint64_t Event::BeginRecord() {
  std::lock_guard<std::mutex> lock(mutex_);
  return ++recorded_;
}

void Event::Complete(uint64_t sequence) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (sequence <= completed_through_) return;
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

void Event::WaitFor(uint64_t sequence) {
  std::unique_lock<std::mutex> lock(mutex_);
  completed_cv_.wait(lock, [&] { return IsCompleteLocked(sequence); });
}

bool Event::IsComplete(uint64_t sequence) {
  std::lock_guard<std::mutex> lock(mutex_);
  return IsCompleteLocked(sequence);
}

}  // namespace aclnn_host
