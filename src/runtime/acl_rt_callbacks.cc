// Host work on streams: aclrtLaunchCallback with the report thread that runs it
// (aclrtSubscribeReport / aclrtProcessReport / aclrtUnSubscribeReport), and aclrtLaunchHostFunc.
//
// A callback is a stream task: when the stream reaches it, it is handed to the thread subscribed to
// that stream, which runs it in aclrtProcessReport. ACL_CALLBACK_BLOCK holds the stream until the
// callback has run; ACL_CALLBACK_NO_BLOCK lets the stream go on at once. Threads are named as in
// CANN, by their pthread_t as a uint64_t. A host function runs on the stream's own worker.
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <future>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "acl/acl.h"
#include "aclnn_host/stand_in.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/exception_info.h"
#include "runtime/guard.h"
#include "runtime/kernel_task.h"

using aclnn_host::Fail;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

// Task labels keep a name for the process's life (models list it long after the call).
const char* InternedOperatorName(const char* name) {
  static std::mutex mutex;
  static std::set<std::string>* names = new std::set<std::string>();  // never destroyed: late readers are safe
  std::lock_guard<std::mutex> lock(mutex);
  return names->insert(name).first->c_str();
}

struct Report {
  aclrtCallback fn;
  void* user_data;
  std::shared_ptr<std::promise<void>> done;  // set once run; BLOCK callbacks' streams wait on it
};

/// The subscriptions (stream → thread) and each subscribed thread's pending reports.
class Reports {
 public:
  static Reports& Get() {
    static Reports* reports = new Reports();  // never destroyed: stream workers may still report
    return *reports;
  }

  aclError Subscribe(const char* api, uint64_t thread, aclrtStream stream) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = subscribers_.find(stream);
    if (it != subscribers_.end()) {
      return Fail(api, ACL_ERROR_REPEAT_SUBSCRIBE, "stream %p is already subscribed to thread %llu.", stream,
                  static_cast<unsigned long long>(it->second));
    }
    subscribers_[stream] = thread;
    ++subscriptions_of_[thread];
    return ACL_SUCCESS;
  }

  aclError Unsubscribe(const char* api, uint64_t thread, aclrtStream stream) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = subscribers_.find(stream);
    if (it == subscribers_.end() || it->second != thread) {
      return Fail(api, ACL_ERROR_STREAM_NOT_SUBSCRIBE, "stream %p is not subscribed to thread %llu.", stream,
                  static_cast<unsigned long long>(thread));
    }
    subscribers_.erase(it);
    if (--subscriptions_of_[thread] == 0) subscriptions_of_.erase(thread);
    return ACL_SUCCESS;
  }

  /// The thread subscribed to `stream`; false when none is.
  bool SubscriberOf(aclrtStream stream, uint64_t* thread) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = subscribers_.find(stream);
    if (it == subscribers_.end()) return false;
    *thread = it->second;
    return true;
  }

  void Post(uint64_t thread, Report report) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      pending_[thread].push_back(std::move(report));
    }
    posted_.notify_all();
  }

  aclError Process(const char* api, uint64_t thread, int32_t timeout) {
    std::deque<Report> due;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      if (subscriptions_of_.count(thread) == 0 && pending_[thread].empty()) {
        return Fail(api, ACL_ERROR_THREAD_NOT_SUBSCRIBE, "the calling thread is subscribed to no stream.");
      }
      auto ready = [&] { return !pending_[thread].empty(); };
      if (timeout == -1) {
        posted_.wait(lock, ready);
      } else if (!posted_.wait_for(lock, std::chrono::milliseconds(timeout), ready)) {
        return Fail(api, ACL_ERROR_WAIT_CALLBACK_TIMEOUT, "no callback was due within %d ms.", timeout);
      }
      due.swap(pending_[thread]);
    }
    for (Report& report : due) {
      report.fn(report.user_data);
      report.done->set_value();
    }
    return ACL_SUCCESS;
  }

 private:
  std::mutex mutex_;
  std::condition_variable posted_;
  std::unordered_map<aclrtStream, uint64_t> subscribers_;
  std::unordered_map<uint64_t, int> subscriptions_of_;
  std::unordered_map<uint64_t, std::deque<Report>> pending_;
};

uint64_t ThisThread() { return static_cast<uint64_t>(pthread_self()); }

}  // namespace

extern "C" {

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
  const char* api = "aclrtSubscribeReport";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    return Reports::Get().Subscribe(api, threadId, stream);
  });
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
  const char* api = "aclrtUnSubscribeReport";
  return Run(api, [&] { return Reports::Get().Unsubscribe(api, threadId, stream); });
}

aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType, aclrtStream stream) {
  const char* api = "aclrtLaunchCallback";
  return Run(api, [&] {
    if (fn == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "fn is nullptr.");
    if (blockType != ACL_CALLBACK_NO_BLOCK && blockType != ACL_CALLBACK_BLOCK) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "blockType %d is neither ACL_CALLBACK_NO_BLOCK nor ACL_CALLBACK_BLOCK.",
                  static_cast<int>(blockType));
    }
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    uint64_t thread = 0;
    if (!Reports::Get().SubscriberOf(stream, &thread)) {
      return Fail(api, ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                  "stream %p has no report thread: call aclrtSubscribeReport first.", stream);
    }
    const bool block = blockType == ACL_CALLBACK_BLOCK;
    const bool queued = target->Enqueue([fn, userData, thread, block] {
      Report report{fn, userData, std::make_shared<std::promise<void>>()};
      std::future<void> done = report.done->get_future();
      Reports::Get().Post(thread, std::move(report));
      if (!block) return aclnn_host::TaskResult();
      // Until the report thread has run it; aclrtStreamAbort and the destruction of the stream
      // running the task end the wait (the report thread may have gone: a capture replays the
      // callback to the thread subscribed when it was captured).
      aclnn_host::Stream* const running = aclnn_host::Stream::Running();
      const uint64_t epoch = running != nullptr ? aclnn_host::Stream::RunningEpoch() : 0;
      while (done.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready) {
        if (running != nullptr && (running->shutting_down() || running->cancellations() != epoch)) break;
      }
      return aclnn_host::TaskResult();
    });
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

aclError aclrtProcessReport(int32_t timeout) {
  const char* api = "aclrtProcessReport";
  return Run(api, [&] {
    if (timeout < -1 || timeout == 0) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "timeout %d is invalid: expected -1 (for ever) or more than 0 ms.",
                  timeout);
    }
    return Reports::Get().Process(api, ThisThread(), timeout);
  });
}

aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args) {
  const char* api = "aclrtLaunchHostFunc";
  return Run(api, [&] {
    if (fn == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "fn is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    const bool queued = target->Enqueue([fn, args] {
      fn(args);
      return aclnn_host::TaskResult();
    });
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

aclError aclnnHostLaunchOperatorStandIn(aclrtStream stream, const char* opType, aclrtHostFunc fn, void* args) {
  const char* api = "aclnnHostLaunchOperatorStandIn";
  return Run(api, [&] {
    if (opType == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "opType is nullptr.");
    if (fn == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "fn is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    const char* op_name = InternedOperatorName(opType);
    const int64_t timeout_ns = aclnn_host::OpExecuteTimeoutNsForIssue();
    const int32_t device = target->device();
    const bool queued = target->Enqueue(
        [fn, args, op_name, timeout_ns, device] {
          return aclnn_host::RunKernelTask(op_name, timeout_ns, device, [&] {
            fn(args);
            return aclnn_host::TaskResult();
          });
        },
        /*always_run=*/false, aclnn_host::TaskLabel{"KERNEL_AIVEC", op_name});
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

}  // extern "C"

// Exception callbacks (hicann/runtime docs/zh/api_ref/13_exception_handling.md, src/acl/aclrt_impl/
// callback.cpp): one set with the deprecated aclrtSetExceptionInfoCallback (the last one wins;
// NULL clears it) and any number registered, each once. A failed stream task is reported to all.
namespace {

struct ExceptionCallbacks {
  std::mutex mutex;
  aclrtExceptionInfoCallback set = nullptr;
  std::vector<aclrtExceptionInfoCallback> registered;
};

ExceptionCallbacks& Callbacks() {
  static ExceptionCallbacks* callbacks = new ExceptionCallbacks();  // threads may outlive static destructors
  return *callbacks;
}

}  // namespace

namespace aclnn_host {

void NotifyTaskException(uint32_t task_id, uint32_t stream_id, uint32_t device_id, uint32_t error_code) {
  std::vector<aclrtExceptionInfoCallback> calls;
  {
    ExceptionCallbacks& callbacks = Callbacks();
    std::lock_guard<std::mutex> lock(callbacks.mutex);
    if (callbacks.set != nullptr) calls.push_back(callbacks.set);
    calls.insert(calls.end(), callbacks.registered.begin(), callbacks.registered.end());
  }
  if (calls.empty()) return;
  rtExceptionInfo info{task_id, stream_id, static_cast<uint32_t>(syscall(SYS_gettid)), device_id, error_code};
  for (aclrtExceptionInfoCallback call : calls) call(&info);
}

}  // namespace aclnn_host

extern "C" {

aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback) {
  const char* api = "aclrtSetExceptionInfoCallback";
  return Run(api, [&] {
    ExceptionCallbacks& callbacks = Callbacks();
    std::lock_guard<std::mutex> lock(callbacks.mutex);
    callbacks.set = callback;
    return ACL_SUCCESS;
  });
}

aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback) {
  const char* api = "aclrtExceptionInfoCallbackRegister";
  return Run(api, [&] {
    if (callback == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "callback is nullptr.");
    ExceptionCallbacks& callbacks = Callbacks();
    std::lock_guard<std::mutex> lock(callbacks.mutex);
    if (std::find(callbacks.registered.begin(), callbacks.registered.end(), callback) == callbacks.registered.end()) {
      callbacks.registered.push_back(callback);
    }
    return ACL_SUCCESS;
  });
}

aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback) {
  const char* api = "aclrtExceptionInfoCallbackUnregister";
  return Run(api, [&] {
    if (callback == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "callback is nullptr.");
    ExceptionCallbacks& callbacks = Callbacks();
    std::lock_guard<std::mutex> lock(callbacks.mutex);
    callbacks.registered.erase(std::remove(callbacks.registered.begin(), callbacks.registered.end(), callback),
                               callbacks.registered.end());  // an unknown callback: nothing to do, success
    return ACL_SUCCESS;
  });
}

}  // extern "C"
