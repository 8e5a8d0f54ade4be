// Counter notifies (aclrtCntNotify*, Ascend 950 only): a 32-bit counter that stream tasks set, add
// to, OR or AND into (records) and that other stream tasks wait on until it compares to a value
// (waits), optionally clearing it once the wait is met. Facts from hicann/runtime
// (docs/zh/api_ref/09_cntNotify_management.md, 25-02_Enumerations.md, 25-04_Structs.md,
// src/acl/aclrt_impl/notify.cpp, src/runtime/api/api_david.cc, api_error_standard_soc.cc,
// api_impl_david.cc, commit 681ef761).
//
// Decisions where the sources are silent or disagree:
//   - ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE ANDs the value into the counter, as the documentation
//     says (the runtime's internal name, RECORD_CLEAR_BIT, suggests clearing the value's bits; the
//     hardware's choice is not published).
//   - A wait that times out (timeout in seconds, 0: for ever) fails its task with
//     ACL_ERROR_RT_TASK_TIMEOUT, reported at the stream's next synchronisation, as notify waits.
//   - Records run even after a failure in ACL_STOP_ON_FAILURE mode (their waiters must not hang).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "acl/acl.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/soc_profile.h"
#include "runtime/stream.h"

using aclnn_host::Fail;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

struct CntNotify {
  int32_t device;
  uint32_t id;  // the smallest id free on the device when created
  std::mutex mutex;
  std::condition_variable changed;
  uint32_t counter = 0;
};

struct CntNotifies {
  std::mutex mutex;
  std::unordered_map<const void*, std::shared_ptr<CntNotify>> live;
  std::unordered_map<int32_t, std::set<uint32_t>> ids;
};

CntNotifies& Registry() {
  static CntNotifies* registry = [] {
    auto* created = new CntNotifies();
    Runtime::Get().AddFinalizeHook([] {  // aclFinalize releases those still alive
      std::lock_guard<std::mutex> lock(Registry().mutex);
      Registry().live.clear();
      Registry().ids.clear();
    });
    return created;
  }();
  return *registry;
}

aclError Require950(const char* api) {
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  if (profile != nullptr && profile->series == aclnn_host::SocSeries::kAscend950) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "counter notifies are supported on Ascend 950 only, not on %s.",
              profile != nullptr ? profile->name : "an uninitialised runtime");
}

// The runtime's handle check (a non-NULL handle that is no live counter notify: 107017), then its
// NULL check (107000).
aclError FindCntNotify(const char* api, aclrtCntNotify handle, std::shared_ptr<CntNotify>* found) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "cntNotify is nullptr.");
  std::lock_guard<std::mutex> lock(Registry().mutex);
  auto it = Registry().live.find(handle);
  if (it == Registry().live.end()) {
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live counter notify (destroyed, or never created).",
                handle);
  }
  *found = it->second;
  return ACL_SUCCESS;
}

bool WaitMet(uint32_t counter, aclrtCntNotifyWaitMode mode, uint32_t value) {
  switch (mode) {
    case ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE:
      return counter < value;
    case ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE:
      return counter == value;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE:
      return counter > value;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE:
      return counter >= value;
    default:  // ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE
      return (counter & value) == value;
  }
}

// The stream (NULL: the default stream) a task of `target` goes to: one of the counter's device.
aclError FindStreamOf(const char* api, const CntNotify& target, aclrtStream stream,
                      std::shared_ptr<aclnn_host::Stream>* on) {
  const aclError status = Runtime::Get().FindStream(api, stream, on);
  if (status != ACL_SUCCESS) return status;
  if ((*on)->device() != target.device) {
    return Fail(api, ACL_ERROR_RT_STREAM_CONTEXT, "the counter notify belongs to device %d, the stream to device %d.",
                target.device, (*on)->device());
  }
  return ACL_SUCCESS;
}

// Queues the record {mode, value} of `target` on `stream` (NULL: the default stream).
aclError IssueRecord(const char* api, const std::shared_ptr<CntNotify>& target, aclrtStream stream,
                     aclrtCntNotifyRecordMode mode, uint32_t value) {
  std::shared_ptr<aclnn_host::Stream> on;
  const aclError status = FindStreamOf(api, *target, stream, &on);
  if (status != ACL_SUCCESS) return status;
  const bool queued = on->Enqueue(
      [target, mode, value] {
        {
          std::lock_guard<std::mutex> lock(target->mutex);
          switch (mode) {
            case ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE:
              target->counter = value;
              break;
            case ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE:
              target->counter += value;  // wraps modulo 2^32, as a 32-bit register
              break;
            case ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE:
              target->counter |= value;
              break;
            default:  // ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE
              target->counter &= value;
              break;
          }
        }
        target->changed.notify_all();
        return aclnn_host::TaskResult();
      },
      /*always_run=*/true, aclnn_host::TaskLabel{"NOTIFY_RECORD"});
  return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
}

}  // namespace

extern "C" {

aclError aclrtCntNotifyCreate(aclrtCntNotify* cntNotify, uint64_t flag) {
  const char* api = "aclrtCntNotifyCreate";
  return Run(api, [&] {
    if (flag != 0) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "flag %llu is invalid: expected 0.",
                  static_cast<unsigned long long>(flag));
    }
    int32_t device = -1;
    aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    if (cntNotify == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "cntNotify is nullptr.");
    status = Require950(api);
    if (status != ACL_SUCCESS) return status;
    auto created = std::make_shared<CntNotify>();
    created->device = device;
    std::lock_guard<std::mutex> lock(Registry().mutex);
    std::set<uint32_t>& used = Registry().ids[device];
    uint32_t id = 0;
    while (used.count(id) != 0) ++id;
    used.insert(id);
    created->id = id;
    Registry().live.emplace(created.get(), created);
    *cntNotify = created.get();
    return ACL_SUCCESS;
  });
}

aclError aclrtCntNotifyDestroy(aclrtCntNotify cntNotify) {
  const char* api = "aclrtCntNotifyDestroy";
  return Run(api, [&] {
    std::shared_ptr<CntNotify> target;
    aclError status = FindCntNotify(api, cntNotify, &target);
    if (status != ACL_SUCCESS) return status;
    status = Require950(api);
    if (status != ACL_SUCCESS) return status;
    // Queued tasks keep their own reference: they finish on the counter they were given.
    std::lock_guard<std::mutex> lock(Registry().mutex);
    if (Registry().live.erase(cntNotify) == 0) {  // another thread destroyed it since the lookup
      return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live counter notify (destroyed, or never created).",
                  cntNotify);
    }
    Registry().ids[target->device].erase(target->id);
    return ACL_SUCCESS;
  });
}

aclError aclrtCntNotifyRecord(aclrtCntNotify cntNotify, aclrtStream stream, aclrtCntNotifyRecordInfo* info) {
  const char* api = "aclrtCntNotifyRecord";
  if (info == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "info is nullptr.");
  return Run(api, [&] {
    std::shared_ptr<CntNotify> target;
    aclError status = FindCntNotify(api, cntNotify, &target);
    if (status != ACL_SUCCESS) return status;
    const int mode = static_cast<int>(info->mode);
    if (mode < 0 || mode >= 5 || mode == 3) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "record mode %d is invalid: expected 0, 1, 2 or 4.", mode);
    }
    status = Require950(api);
    if (status != ACL_SUCCESS) return status;
    return IssueRecord(api, target, stream, info->mode, info->value);
  });
}

aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cntNotify, aclrtStream stream, aclrtCntNotifyWaitInfo* info) {
  const char* api = "aclrtCntNotifyWaitWithTimeout";
  if (info == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "info is nullptr.");
  return Run(api, [&] {
    std::shared_ptr<CntNotify> target;
    aclError status = FindCntNotify(api, cntNotify, &target);
    if (status != ACL_SUCCESS) return status;
    const int mode = static_cast<int>(info->mode);
    if (mode < 0 || mode >= 5) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "wait mode %d is invalid: expected [0, 5).", mode);
    }
    status = Require950(api);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> on;
    status = FindStreamOf(api, *target, stream, &on);
    if (status != ACL_SUCCESS) return status;
    const aclrtCntNotifyWaitInfo wait = *info;
    const bool queued = on->Enqueue(
        [target, wait] {
          aclnn_host::Stream* const waiting = aclnn_host::Stream::Running();
          if (waiting == nullptr) return aclnn_host::TaskResult();
          const uint64_t epoch = aclnn_host::Stream::RunningEpoch();
          const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(wait.timeout);
          std::unique_lock<std::mutex> lock(target->mutex);
          while (!WaitMet(target->counter, wait.mode, wait.value)) {
            // aclrtStreamAbort and the stream's destruction end the wait (checked every 10 ms).
            if (waiting->shutting_down() || waiting->cancellations() != epoch ||
                aclnn_host::Stream::RunningModelAborted()) {
              return aclnn_host::TaskResult();
            }
            if (wait.timeout != 0 && std::chrono::steady_clock::now() >= deadline) {
              return aclnn_host::TaskResult{ACL_ERROR_RT_TASK_TIMEOUT,
                                            "aclrtCntNotifyWaitWithTimeout: the counter did not meet the wait within " +
                                                std::to_string(wait.timeout) + " s."};
            }
            target->changed.wait_for(lock, std::chrono::milliseconds(10));
          }
          if (wait.isClear != 0) target->counter = 0;
          return aclnn_host::TaskResult();
        },
        /*always_run=*/false, aclnn_host::TaskLabel{"NOTIFY_WAIT"});
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

// As CANN: a record of the value 0, ordered on the stream.
aclError aclrtCntNotifyReset(aclrtCntNotify cntNotify, aclrtStream stream) {
  const char* api = "aclrtCntNotifyReset";
  return Run(api, [&] {
    std::shared_ptr<CntNotify> target;
    aclError status = FindCntNotify(api, cntNotify, &target);
    if (status != ACL_SUCCESS) return status;
    status = Require950(api);
    if (status != ACL_SUCCESS) return status;
    return IssueRecord(api, target, stream, ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE, 0);
  });
}

aclError aclrtCntNotifyGetId(aclrtCntNotify cntNotify, uint32_t* notifyId) {
  const char* api = "aclrtCntNotifyGetId";
  return Run(api, [&] {
    std::shared_ptr<CntNotify> target;
    aclError status = FindCntNotify(api, cntNotify, &target);
    if (status != ACL_SUCCESS) return status;
    if (notifyId == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "notifyId is nullptr.");
    status = Require950(api);
    if (status != ACL_SUCCESS) return status;
    *notifyId = target->id;
    return ACL_SUCCESS;
  });
}

}  // extern "C"
