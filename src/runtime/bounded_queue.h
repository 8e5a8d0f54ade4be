// A bounded FIFO with CANN's memory-queue waits: the emulated device's queues behind TDT channels
// (acl_tdt.h) and memory queues (acl_tdt_queue.h). Timeouts are in milliseconds: -1 waits for
// ever, 0 tries once, a positive value waits at most that long.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <utility>

namespace aclnn_host {

/// How a wait of a queue ended.
enum class QueueWait { kDone, kTimedOut, kClosed };

template <typename Message>
class BoundedQueue {
 public:
  explicit BoundedQueue(size_t depth) : depth_(depth) {}

  QueueWait Push(Message message, int32_t timeout_ms) {
    std::unique_lock<std::mutex> lock(mutex_);
    const QueueWait wait = WaitFor(lock, timeout_ms, [this] { return messages_.size() < depth_; });
    if (wait != QueueWait::kDone) return wait;
    messages_.push_back(std::move(message));
    changed_.notify_all();
    return QueueWait::kDone;
  }

  /// Calls `take(front)` for the oldest message once one is there, and removes it when `take`
  /// returns true (it may move the message out then).
  template <typename Take>
  QueueWait PopIf(Take&& take, int32_t timeout_ms) {
    std::unique_lock<std::mutex> lock(mutex_);
    const QueueWait wait = WaitFor(lock, timeout_ms, [this] { return !messages_.empty(); });
    if (wait != QueueWait::kDone) return wait;
    if (take(messages_.front())) {
      messages_.pop_front();
      changed_.notify_all();
    }
    return QueueWait::kDone;
  }

  /// Ends every wait, now and later, with kClosed: the queue is being destroyed.
  void Close() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return messages_.size();
  }

  size_t depth() const { return depth_; }

  void Clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    messages_.clear();
    changed_.notify_all();
  }

 private:
  template <typename Ready>
  QueueWait WaitFor(std::unique_lock<std::mutex>& lock, int32_t timeout_ms, Ready ready) {
    auto done = [this, &ready] { return closed_ || ready(); };
    if (timeout_ms < 0) {
      changed_.wait(lock, done);
    } else if (!changed_.wait_for(lock, std::chrono::milliseconds(timeout_ms), done)) {
      return QueueWait::kTimedOut;
    }
    return closed_ ? QueueWait::kClosed : QueueWait::kDone;
  }

  const size_t depth_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Message> messages_;
  bool closed_ = false;
};

}  // namespace aclnn_host
