#include "runtime/thread_pool.h"

#include <cfenv>
#include <cstdlib>
#include <string>

namespace aclnn_host {

ThreadPool::ThreadPool(size_t threads) {
  for (size_t i = 1; i < threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::RunClaims() {
  try {
    for (size_t i = next_.fetch_add(1, std::memory_order_relaxed); i < count_;
         i = next_.fetch_add(1, std::memory_order_relaxed)) {
      (*task_)(i);
    }
  } catch (...) {
    // An exception must neither escape a worker (std::terminate) nor leave the caller before the
    // workers stop using the task: keep the first one for the caller and stop handing out items.
    next_.store(count_, std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(mutex_);
    if (!error_) error_ = std::current_exception();
  }
}

void ThreadPool::WorkerLoop() {
  std::fesetenv(FE_DFL_ENV);  // IEEE defaults, as on the stream workers (see stream.cc)
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_ready_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    RunClaims();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_workers_ == 0) work_done_.notify_one();
    }
  }
}

void ThreadPool::ParallelFor(size_t count, const std::function<void(size_t)>& task) {
  if (count == 0) return;
  std::unique_lock<std::mutex> owner(submit_mutex_, std::defer_lock);
  if (count == 1 || workers_.empty() || !owner.try_lock()) {
    for (size_t i = 0; i < count; ++i) task(i);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    count_ = count;
    next_.store(0, std::memory_order_relaxed);
    busy_workers_ = workers_.size();
    ++generation_;
  }
  work_ready_.notify_all();
  RunClaims();
  std::exception_ptr error;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    work_done_.wait(lock, [&] { return busy_workers_ == 0; });
    task_ = nullptr;
    error = std::move(error_);
    error_ = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

ThreadPool& HostThreadPool() {
  // Deliberately never destroyed: streams may still be running when static destructors start.
  static ThreadPool* pool = [] {
    size_t threads = std::thread::hardware_concurrency();
    if (const char* text = std::getenv("ACLNN_HOST_NUM_THREADS")) {
      char* end = nullptr;
      const long value = std::strtol(text, &end, 10);
      if (end != text && *end == '\0' && value >= 1 && value <= 1024) threads = static_cast<size_t>(value);
    }
    return new ThreadPool(threads == 0 ? 1 : threads);
  }();
  return *pool;
}

}  // namespace aclnn_host
