// Notifies (aclrtCreateNotify, aclrtRecordNotify, aclrtWaitAndResetNotify...): one-to-one signals
// between streams. A notify holds one bit: a record sets it when its stream reaches the record,
// a wait holds its stream until the bit is set and then clears it (two records before a wait
// collapse into one). Facts from hicann/runtime (docs/zh/api_ref/08_notify_management.md,
// docs/zh/dev_guide/03-06_notify_management.md, src/acl/aclrt_impl/notify.cpp,
// src/runtime/api/api_c_event.cc, api_impl.cc, commit 681ef761); docs/api-coverage.md lists the
// decisions.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
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

struct Notify {
  int32_t device;
  uint32_t id;  // the device's notify id: the smallest free one
  std::mutex mutex;
  std::condition_variable recorded;
  bool set = false;
};

// The live notifies (handles are their addresses), and each device's ids in use.
struct Notifies {
  std::mutex mutex;
  std::unordered_map<const void*, std::shared_ptr<Notify>> live;
  std::unordered_map<int32_t, std::set<uint32_t>> ids;
};

Notifies& Registry() {
  static Notifies* registry = [] {
    auto* created = new Notifies();
    // aclFinalize releases every notify still alive, as it does events.
    Runtime::Get().AddFinalizeHook([] {
      std::lock_guard<std::mutex> lock(Registry().mutex);
      Registry().live.clear();
      Registry().ids.clear();
    });
    return created;
  }();
  return *registry;
}

// The per-device limit of upstream's product table.
uint32_t NotifyLimit(const aclnn_host::SocProfile& profile) {
  switch (profile.series) {
    case aclnn_host::SocSeries::kAscend950:
      return 65535;
    case aclnn_host::SocSeries::kAtlasA2:
    case aclnn_host::SocSeries::kAtlasA3:
      return 8192;
    case aclnn_host::SocSeries::kAscend310B:
      return 2048;
    default:  // Atlas training (A1) and inference (310P) series
      return 1024;
  }
}

aclError FindNotify(const char* api, aclrtNotify handle, std::shared_ptr<Notify>* notify) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "notify is nullptr.");
  Notifies& registry = Registry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.live.find(handle);
  if (it == registry.live.end()) {
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live notify (destroyed, or never created).", handle);
  }
  *notify = it->second;
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtCreateNotify(aclrtNotify* notify, uint64_t flag) {
  const char* api = "aclrtCreateNotify";
  return Run(api, [&] {
    if (notify == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "notify is nullptr.");
    if (flag != ACL_NOTIFY_DEFAULT && flag != ACL_NOTIFY_DEVICE_USE_ONLY) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "flag 0x%llx is neither ACL_NOTIFY_DEFAULT (0) nor ACL_NOTIFY_DEVICE_USE_ONLY (1).",
                  static_cast<unsigned long long>(flag));
    }
    int32_t device = -1;
    const aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    const uint32_t limit = NotifyLimit(*Runtime::Get().profile());
    Notifies& registry = Registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    std::set<uint32_t>& used = registry.ids[device];
    if (used.size() >= limit) {
      return Fail(api, ACL_ERROR_RT_NO_NOTIFY_RESOURCE, "device %d has all of its %u notifies in use.", device, limit);
    }
    uint32_t id = 0;
    while (used.count(id) != 0) ++id;
    auto created = std::make_shared<Notify>();
    created->device = device;
    created->id = id;
    used.insert(id);
    registry.live.emplace(created.get(), created);
    *notify = created.get();
    return ACL_SUCCESS;
  });
}

aclError aclrtDestroyNotify(aclrtNotify notify) {
  const char* api = "aclrtDestroyNotify";
  return Run(api, [&] {
    if (notify == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "notify is nullptr.");
    int32_t device = -1;
    const aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<Notify> dropped;  // queued records and waits keep theirs alive
    Notifies& registry = Registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    auto it = registry.live.find(notify);
    if (it == registry.live.end()) {
      return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live notify (destroyed, or never created).", notify);
    }
    dropped = it->second;
    registry.ids[dropped->device].erase(dropped->id);
    registry.live.erase(it);
    return ACL_SUCCESS;
  });
}

aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream) {
  const char* api = "aclrtRecordNotify";
  return Run(api, [&] {
    std::shared_ptr<Notify> target;
    aclError status = FindNotify(api, notify, &target);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> on;
    status = Runtime::Get().FindStream(api, stream, &on);
    if (status != ACL_SUCCESS) return status;
    const bool queued = on->Enqueue(
        [target] {
          {
            std::lock_guard<std::mutex> lock(target->mutex);
            target->set = true;
          }
          target->recorded.notify_all();
          return aclnn_host::TaskResult();
        },
        /*always_run=*/true, aclnn_host::TaskLabel{"NOTIFY_RECORD"});  // like an event record: its waiter must not hang
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

// `timeout` is in seconds, 0 waiting for ever (the API reference; the header's comment says
// milliseconds, the runtime's logs seconds). A wait that times out fails its stream with
// ACL_ERROR_RT_TASK_TIMEOUT at the next synchronisation, as a device task timeout does.
aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout) {
  const char* api = "aclrtWaitAndResetNotify";
  return Run(api, [&] {
    std::shared_ptr<Notify> target;
    aclError status = FindNotify(api, notify, &target);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> on;
    status = Runtime::Get().FindStream(api, stream, &on);
    if (status != ACL_SUCCESS) return status;
    const bool queued = on->Enqueue(
        [target, timeout] {
          // The stream running the wait (in a replay of a capture, not `on`) outlives the task.
          aclnn_host::Stream* const waiting = aclnn_host::Stream::Running();
          if (waiting == nullptr) return aclnn_host::TaskResult();  // not run by a stream: never happens
          const uint64_t epoch = aclnn_host::Stream::RunningEpoch();
          const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
          std::unique_lock<std::mutex> lock(target->mutex);
          while (!target->set) {
            // aclrtStreamAbort and the stream's destruction end the wait (checked every 10 ms).
            if (waiting->shutting_down() || waiting->cancellations() != epoch ||
                aclnn_host::Stream::RunningModelAborted()) {
              return aclnn_host::TaskResult();
            }
            if (timeout != 0 && std::chrono::steady_clock::now() >= deadline) {
              return aclnn_host::TaskResult{
                  ACL_ERROR_RT_TASK_TIMEOUT,
                  "aclrtWaitAndResetNotify: the notify was not recorded within " + std::to_string(timeout) + " s."};
            }
            target->recorded.wait_for(lock, std::chrono::milliseconds(10));
          }
          target->set = false;
          return aclnn_host::TaskResult();
        },
        /*always_run=*/false, aclnn_host::TaskLabel{"NOTIFY_WAIT"});
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t* notifyId) {
  const char* api = "aclrtGetNotifyId";
  return Run(api, [&] {
    if (notify == nullptr || notifyId == nullptr) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "notify or notifyId is nullptr.");
    }
    int32_t device = -1;
    aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<Notify> target;
    status = FindNotify(api, notify, &target);
    if (status != ACL_SUCCESS) return status;
    *notifyId = target->id;
    return ACL_SUCCESS;
  });
}

// Host-synchronous, as upstream: after the default stream's work, every notify's bit is cleared.
aclError aclrtNotifyBatchReset(aclrtNotify* notifies, size_t num) {
  const char* api = "aclrtNotifyBatchReset";
  return Run(api, [&] {
    if (notifies == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "notifies is nullptr.");
    if (num == 0) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "num must be greater than 0.");
    aclError status = aclnn_host::RequireA2A3Or950(api, "resetting notifies");
    if (status != ACL_SUCCESS) return status;
    status = Runtime::Get().SynchronizeStream(api, nullptr);
    if (status != ACL_SUCCESS) return status;
    for (size_t i = 0; i < num; ++i) {  // stops at the first bad handle, as upstream's loop
      std::shared_ptr<Notify> target;
      status = FindNotify(api, notifies[i], &target);
      if (status != ACL_SUCCESS) return status;
      std::lock_guard<std::mutex> lock(target->mutex);
      target->set = false;
    }
    return ACL_SUCCESS;
  });
}

}  // extern "C"
