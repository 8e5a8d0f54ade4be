// The runtime's one persistent pool of host threads: it runs an operator's virtual AI cores.
#ifndef ACLNN_HOST_RUNTIME_THREAD_POOL_H_
#define ACLNN_HOST_RUNTIME_THREAD_POOL_H_

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "common/export.h"

namespace aclnn_host {

class AH_INTERNAL_API ThreadPool {
 public:
  /// A pool whose ParallelFor uses `threads` threads in all: the caller and threads - 1 workers.
  explicit ThreadPool(size_t threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  /// Threads a ParallelFor runs on, the caller included.
  size_t concurrency() const { return workers_.size() + 1; }

  /// Runs task(i) for every i in [0, count) and returns when all have finished. Items are
  /// claimed dynamically. If another ParallelFor holds the pool (a second stream launching at
  /// the same time), this one runs on the calling thread alone rather than wait. If a task
  /// throws, no further items are started and the first exception is rethrown to the caller
  /// once every thread has left the task.
  ///
  /// Workers spin for a short while after a job before they sleep, so back-to-back jobs do not
  /// pay a wake-up each; the caller spins for the workers to leave the job.
  void ParallelFor(size_t count, const std::function<void(size_t)>& task);

 private:
  void WorkerLoop();
  void RunClaims();
  uint64_t WaitForJob(uint64_t seen);

  std::vector<std::thread> workers_;
  std::mutex submit_mutex_;  // one ParallelFor at a time owns the workers
  std::mutex sleep_mutex_;   // guards only the sleep/wake hand-shake
  std::condition_variable work_ready_;
  std::atomic<uint64_t> generation_{0};  // bumped by every job; task_/count_ are set before
  std::atomic<size_t> sleepers_{0};
  std::atomic<size_t> busy_workers_{0};  // workers that have not yet left the current job
  std::atomic<bool> stopping_{false};
  const std::function<void(size_t)>* task_ = nullptr;
  size_t count_ = 0;
  std::atomic<size_t> next_{0};
  std::mutex error_mutex_;
  std::exception_ptr error_;  // the first exception of the current ParallelFor
};

/// The process-wide pool, created on first use with ACLNN_HOST_NUM_THREADS threads (default: the
/// host's hardware concurrency). It lives until the process exits.
AH_INTERNAL_API ThreadPool& HostThreadPool();

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_THREAD_POOL_H_
