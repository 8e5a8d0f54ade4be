#include "runtime/thread_pool.h"

#include <cfenv>
#include <chrono>
#include <cstdlib>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace aclnn_host {
namespace {

// How long an idle worker spins before it sleeps: long enough to cover the gap between the
// kernels of consecutive launches, short enough not to burn a core in an idle process.
constexpr std::chrono::microseconds kSpinBeforeSleep{200};

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace

ThreadPool::ThreadPool(size_t threads) {
  for (size_t i = 1; i < threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  stopping_.store(true);
  { std::lock_guard<std::mutex> lock(sleep_mutex_); }
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
    std::lock_guard<std::mutex> lock(error_mutex_);
    if (!error_) error_ = std::current_exception();
  }
}

uint64_t ThreadPool::WaitForJob(uint64_t seen) {
  const auto spin_until = std::chrono::steady_clock::now() + kSpinBeforeSleep;
  for (unsigned spins = 0;; ++spins) {
    const uint64_t generation = generation_.load(std::memory_order_acquire);
    if (generation != seen || stopping_.load(std::memory_order_relaxed)) return generation;
    if ((spins & 63) != 63 || std::chrono::steady_clock::now() < spin_until) {
      CpuRelax();
      continue;
    }
    // Sleep. sleepers_ is raised before the last look at generation_, and the submitter bumps
    // generation_ before it looks at sleepers_: one of the two sees the other (seq_cst).
    std::unique_lock<std::mutex> lock(sleep_mutex_);
    sleepers_.fetch_add(1);
    work_ready_.wait(lock, [&] { return generation_.load() != seen || stopping_.load(); });
    sleepers_.fetch_sub(1);
    return generation_.load(std::memory_order_acquire);
  }
}

void ThreadPool::WorkerLoop() {
  std::fesetenv(FE_DFL_ENV);  // IEEE defaults, as on the stream workers (see stream.cc)
  uint64_t seen = 0;
  for (;;) {
    seen = WaitForJob(seen);
    if (stopping_.load()) return;
    RunClaims();
    busy_workers_.fetch_sub(1, std::memory_order_release);
  }
}

void ThreadPool::ParallelFor(size_t count, const std::function<void(size_t)>& task) {
  if (count == 0) return;
  std::unique_lock<std::mutex> owner(submit_mutex_, std::defer_lock);
  if (count == 1 || workers_.empty() || !owner.try_lock()) {
    for (size_t i = 0; i < count; ++i) task(i);
    return;
  }
  task_ = &task;
  count_ = count;
  next_.store(0, std::memory_order_relaxed);
  busy_workers_.store(workers_.size(), std::memory_order_relaxed);
  generation_.fetch_add(1);  // publishes task_, count_ and next_ (seq_cst)
  if (sleepers_.load() > 0) {
    { std::lock_guard<std::mutex> lock(sleep_mutex_); }
    work_ready_.notify_all();
  }
  RunClaims();
  for (unsigned spins = 0; busy_workers_.load(std::memory_order_acquire) != 0; ++spins) {
    if ((spins & 1023) == 1023)
      std::this_thread::yield();  // a worker may be descheduled
    else
      CpuRelax();
  }
  task_ = nullptr;
  std::exception_ptr error;
  {
    std::lock_guard<std::mutex> lock(error_mutex_);
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
