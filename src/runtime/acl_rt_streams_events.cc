// Streams and events beyond the basics of acl_api.cc: creation with a configuration, identity,
// priority and flags, synchronisation with timeouts, event flags, ids, timing and status queries.
//
// Timeouts are in milliseconds: -1 waits for ever, 0 only checks, and anything below -1 is
// ACL_ERROR_RT_PARAM_INVALID, as in CANN. Event times are taken when the record completes on its
// stream's worker, i.e. on the stream's timeline, from the steady clock.
#include <chrono>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

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

// Stream priorities run from 0 (the greatest) to 7 (the least); the host runs all streams alike.
constexpr int32_t kGreatestStreamPriority = 0;
constexpr int32_t kLeastStreamPriority = 7;
constexpr uint32_t kEventFlags = ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE |
                                 ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_EXTERNAL | ACL_EVENT_IPC;

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

/// Queues (or captures) a wait of `stream` for `event`'s latest record, given up after `bound`.
aclError IssueEventWait(const char* api, aclrtStream stream, aclrtEvent event, std::chrono::milliseconds bound,
                        int32_t timeout, uint32_t wait_flag = ACL_EVENT_WAIT_DEFAULT);
/// ACL_ERROR_RT_STREAM_NOT_CAPTURED or ..._FEATURE_NOT_SUPPORT unless an external event may be used.
aclError RequireExternalEventCapture(const char* api, aclrtStream stream);

/// Checks a CANN timeout and turns it into a wait bound (-1: for ever).
bool TimeoutOf(const char* api, int32_t timeout, std::chrono::milliseconds* bound, aclError* status) {
  if (timeout < -1) {
    *status = Fail(api, ACL_ERROR_RT_PARAM_INVALID, "timeout %d is invalid: expected -1 (for ever) or [0, INT_MAX] ms.",
                   timeout);
    return false;
  }
  *bound = timeout == -1 ? std::chrono::milliseconds::max() : std::chrono::milliseconds(timeout);
  return true;
}

aclError CreateStreamChecked(const char* api, aclrtStream* stream, uint32_t priority, uint32_t flags) {
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  if (priority > static_cast<uint32_t>(kLeastStreamPriority)) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "priority %u is outside [%d, %d].", priority, kGreatestStreamPriority,
                kLeastStreamPriority);
  }
  return Runtime::Get().CreateStream(api, stream, priority, flags);
}

aclError CreateEventChecked(const char* api, aclrtEvent* event, uint32_t flag, aclnn_host::EventOrigin origin) {
  if (event == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "event is nullptr.");
  if ((flag & ~kEventFlags) != 0) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "flag 0x%x has bits that are no ACL_EVENT_* flag.", flag);
  }
  if ((flag & ACL_EVENT_IPC) != 0) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "ACL_EVENT_IPC is not supported by aclnn-host: events live in one process.");
  }
  return Runtime::Get().CreateEvent(api, event, flag, origin);
}

/// The completion time of `event`'s latest record; ACL_ERROR_RT_EVENT_NOT_COMPLETE when it has
/// not been recorded or has not completed.
aclError LatestCompletion(const char* api, aclrtEvent event, std::chrono::steady_clock::time_point* when) {
  std::shared_ptr<aclnn_host::Event> target;
  const aclError result = Runtime::Get().FindEvent(api, event, &target);
  if (result != ACL_SUCCESS) return result;
  const uint64_t latest = target->LatestRecord();
  if (latest == 0) return Fail(api, ACL_ERROR_RT_EVENT_NOT_COMPLETE, "event %p has never been recorded.", event);
  if (!target->CompletionTime(latest, when)) {
    return Fail(api, ACL_ERROR_RT_EVENT_NOT_COMPLETE, "event %p's latest record has not completed.", event);
  }
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclrtStreamConfigHandle* aclrtCreateStreamConfigHandle(void) {
  return new (std::nothrow) aclrtStreamConfigHandle{nullptr, 0, 0, 0};
}

aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle* handle) {
  if (handle == nullptr) return Fail("aclrtDestroyStreamConfigHandle", ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  delete handle;
  return ACL_SUCCESS;
}

aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle* handle, aclrtStreamConfigAttr attr, const void* attrValue,
                                 size_t valueSize) {
  const char* api = "aclrtSetStreamConfigOpt";
  if (handle == nullptr || attrValue == nullptr)
    return Fail(api, ACL_ERROR_INVALID_PARAM, "handle or attrValue is nullptr.");
  switch (attr) {
    case ACL_RT_STREAM_WORK_ADDR_PTR:
      if (valueSize != sizeof(void*)) break;
      handle->workptr = *static_cast<void* const*>(attrValue);
      return ACL_SUCCESS;
    case ACL_RT_STREAM_WORK_SIZE:
      if (valueSize != sizeof(size_t)) break;
      handle->workSize = *static_cast<const size_t*>(attrValue);
      return ACL_SUCCESS;
    case ACL_RT_STREAM_FLAG:
      if (valueSize != sizeof(uint32_t)) break;
      handle->flag = *static_cast<const uint32_t*>(attrValue);
      return ACL_SUCCESS;
    case ACL_RT_STREAM_PRIORITY:
      if (valueSize != sizeof(uint32_t)) break;
      handle->priority = *static_cast<const uint32_t*>(attrValue);
      return ACL_SUCCESS;
    default:
      return Fail(api, ACL_ERROR_INVALID_PARAM, "attr %d is not an aclrtStreamConfigAttr.", static_cast<int>(attr));
  }
  return Fail(api, ACL_ERROR_INVALID_PARAM, "valueSize %zu does not match attr %d.", valueSize, static_cast<int>(attr));
}

aclError aclrtCreateStreamV2(aclrtStream* stream, const aclrtStreamConfigHandle* handle) {
  const char* api = "aclrtCreateStreamV2";
  return Run(api, [&] {
    if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
    return CreateStreamChecked(api, stream, handle->priority, static_cast<uint32_t>(handle->flag));
  });
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
  const char* api = "aclrtCreateStreamWithConfig";
  return Run(api, [&] { return CreateStreamChecked(api, stream, priority, flag); });
}

aclError aclrtDeviceGetStreamPriorityRange(int32_t* leastPriority, int32_t* greatestPriority) {
  if (leastPriority == nullptr || greatestPriority == nullptr) {
    return Fail("aclrtDeviceGetStreamPriorityRange", ACL_ERROR_INVALID_PARAM, "an output is nullptr.");
  }
  *leastPriority = kLeastStreamPriority;
  *greatestPriority = kGreatestStreamPriority;
  return ACL_SUCCESS;
}

// Drops what is queued and not started; the running task finishes (a host thread cannot be stopped
// mid-task) and event records stay, so that waiters on other streams do not hang. A later
// synchronisation succeeds unless a task that did run failed.
aclError aclrtStreamAbort(aclrtStream stream) {
  const char* api = "aclrtStreamAbort";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError result = Runtime::Get().FindStream(api, stream, &target);
    if (result != ACL_SUCCESS) return result;
    const std::shared_ptr<aclnn_host::CaptureGraph> model =
        aclnn_host::CaptureRegistry::Get().FindByStream(target.get());
    if (model != nullptr && model->bound_stream() == target) {  // upstream's Context::StreamAbort
      return Fail(api, ACL_ERROR_RT_INTERNAL_ERROR,
                  "Aborting tasks in a stream: Aborting stream (stream_id=%d) that is already bound to a model "
                  "(model_id=%u) is not supported.",
                  target->id(), model->id());
    }
    target->Abort();
    return ACL_SUCCESS;
  });
}

// aclrtStreamStop (upstream's ApiImpl::StreamClear(STOP) on Atlas A2/A3, ApiImplDavid::StreamStop on
// Ascend 950): the stream halts (Stream::Stop: its tasks are not run); a synchronisation then fails
// with 507000, as the runtime's sample shows, until aclrtStreamAbort resumes it. Checks in upstream's order; where the
// requirement of Atlas A2/A3 for a stream made with ACL_STREAM_DEVICE_USE_ONLY is enforced by the task scheduler's
// firmware, whose answer is not published, aclnn-host refuses other streams with 107000 (its decision).
aclError aclrtStreamStop(aclrtStream stream) {
  const char* api = "aclrtStreamStop";
  return Run(api, [&] {
    if (stream == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "Stopping the running tasks in a stream: stream is NULL (the default stream cannot be stopped).");
    }
    int32_t device = 0;
    aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    status = aclnn_host::RequireA2A3Or950(api, "Stopping the running tasks in a stream");
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    const std::shared_ptr<aclnn_host::CaptureGraph> model =
        aclnn_host::CaptureRegistry::Get().FindByStream(target.get());
    if (model != nullptr && model->bound_stream() == target) {
      return Fail(api, ACL_ERROR_RT_INTERNAL_ERROR,
                  "Stopping the running tasks in a stream: stream %d is bound to a model; stopping a model stream "
                  "is not supported.",
                  target->id());
    }
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    if (profile->series != aclnn_host::SocSeries::kAscend950 && (target->flags() & ACL_STREAM_DEVICE_USE_ONLY) == 0) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "Stopping the running tasks in a stream: on %s the stream must be created with "
                  "aclrtCreateStreamWithConfig(..., ACL_STREAM_DEVICE_USE_ONLY); stream %d was not.",
                  profile->series_name, target->id());
    }
    target->Stop();
    return ACL_SUCCESS;
  });
}

aclError aclrtStreamGetId(aclrtStream stream, int32_t* streamId) {
  const char* api = "aclrtStreamGetId";
  return Run(api, [&] {
    if (streamId == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "streamId is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError result = Runtime::Get().FindStream(api, stream, &target);
    if (result != ACL_SUCCESS) return result;
    *streamId = target->id();
    return ACL_SUCCESS;
  });
}

aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t* priority) {
  const char* api = "aclrtStreamGetPriority";
  return Run(api, [&] {
    if (priority == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "priority is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError result = Runtime::Get().FindStream(api, stream, &target);
    if (result != ACL_SUCCESS) return result;
    *priority = target->priority();
    return ACL_SUCCESS;
  });
}

aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t* flags) {
  const char* api = "aclrtStreamGetFlags";
  return Run(api, [&] {
    if (flags == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "flags is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError result = Runtime::Get().FindStream(api, stream, &target);
    if (result != ACL_SUCCESS) return result;
    *flags = target->flags();
    return ACL_SUCCESS;
  });
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  const char* api = "aclrtSynchronizeStreamWithTimeout";
  return Run(api, [&] {
    std::chrono::milliseconds bound;
    aclError status = ACL_SUCCESS;
    if (!TimeoutOf(api, timeout, &bound, &status)) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    status = aclnn_host::RefuseIfCapturing(api, "Synchronizing a stream", *target);
    if (status != ACL_SUCCESS) return status;
    bool timed_out = false;
    const aclnn_host::TaskResult result = target->SynchronizeFor(bound, &timed_out);
    if (timed_out) {
      return Fail(api, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "the stream's work did not finish within %d ms.", timeout);
    }
    return result.code != 0 ? Fail(api, result.code, result.message) : ACL_SUCCESS;
  });
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout) {
  const char* api = "aclrtSynchronizeDeviceWithTimeout";
  return Run(api, [&] {
    std::chrono::milliseconds bound;
    aclError status = ACL_SUCCESS;
    if (!TimeoutOf(api, timeout, &bound, &status)) return status;
    std::vector<std::shared_ptr<aclnn_host::Stream>> streams;
    status = Runtime::Get().StreamsOfCurrentDevice(api, &streams);
    if (status != ACL_SUCCESS) return status;
    for (auto& each : streams) {
      status = aclnn_host::RefuseIfCapturing(api, "Synchronizing a device", *each);
      if (status != ACL_SUCCESS) return status;
    }
    const auto start = std::chrono::steady_clock::now();
    aclnn_host::TaskResult first_failure;
    for (auto& stream : streams) {
      std::chrono::milliseconds left = bound;
      if (bound != std::chrono::milliseconds::max()) {
        const auto spent =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        left = spent >= bound ? std::chrono::milliseconds(0) : bound - spent;
      }
      bool timed_out = false;
      aclnn_host::TaskResult result = stream->SynchronizeFor(left, &timed_out);
      if (timed_out) {
        return Fail(api, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "the device's work did not finish within %d ms.", timeout);
      }
      if (result.code != 0 && first_failure.code == 0) first_failure = std::move(result);
    }
    return first_failure.code != 0 ? Fail(api, first_failure.code, first_failure.message) : ACL_SUCCESS;
  });
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
  const char* api = "aclrtCreateEventWithFlag";
  return Run(api, [&] { return CreateEventChecked(api, event, flag, aclnn_host::EventOrigin::kWithFlag); });
}

aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) {
  const char* api = "aclrtCreateEventExWithFlag";
  return Run(api, [&] { return CreateEventChecked(api, event, flag, aclnn_host::EventOrigin::kExWithFlag); });
}

aclError aclrtGetEventId(aclrtEvent event, uint32_t* eventId) {
  const char* api = "aclrtGetEventId";
  return Run(api, [&] {
    if (eventId == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "eventId is nullptr.");
    std::shared_ptr<aclnn_host::Event> target;
    const aclError result = Runtime::Get().FindEvent(api, event, &target);
    if (result != ACL_SUCCESS) return result;
    *eventId = target->id();
    return ACL_SUCCESS;
  });
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  const char* api = "aclrtQueryEvent";
  return Run(api, [&] {
    if (status == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "status is nullptr.");
    std::shared_ptr<aclnn_host::Event> target;
    const aclError result = Runtime::Get().FindEvent(api, event, &target);
    if (result != ACL_SUCCESS) return result;
    *status = target->IsComplete(target->LatestRecord()) ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
    return ACL_SUCCESS;
  });
}

// A wait on the event is satisfied once the record a wait would target (the latest, or after a
// reset the next) completed.
aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) {
  const char* api = "aclrtQueryEventWaitStatus";
  return Run(api, [&] {
    if (status == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "status is nullptr.");
    std::shared_ptr<aclnn_host::Event> target;
    const aclError result = Runtime::Get().FindEvent(api, event, &target);
    if (result != ACL_SUCCESS) return result;
    *status = target->WaitWouldPass() ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
    return ACL_SUCCESS;
  });
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) {
  const char* api = "aclrtSynchronizeEventWithTimeout";
  return Run(api, [&] {
    std::chrono::milliseconds bound;
    aclError status = ACL_SUCCESS;
    if (!TimeoutOf(api, timeout, &bound, &status)) return status;
    std::shared_ptr<aclnn_host::Event> target;
    status = Runtime::Get().FindEvent(api, event, &target);
    if (status != ACL_SUCCESS) return status;
    if (!target->WaitFor(target->LatestRecord(), bound)) {
      return Fail(api, ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "the event's latest record did not complete within %d ms.",
                  timeout);
    }
    return ACL_SUCCESS;
  });
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  const char* api = "aclrtEventElapsedTime";
  return Run(api, [&] {
    if (ms == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ms is nullptr.");
    std::chrono::steady_clock::time_point start, end;
    aclError status = LatestCompletion(api, startEvent, &start);
    if (status != ACL_SUCCESS) return status;
    status = LatestCompletion(api, endEvent, &end);
    if (status != ACL_SUCCESS) return status;
    *ms = std::chrono::duration<float, std::milli>(end - start).count();
    return ACL_SUCCESS;
  });
}

aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
  const char* api = "aclrtEventGetTimestamp";
  return Run(api, [&] {
    if (timestamp == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "timestamp is nullptr.");
    std::chrono::steady_clock::time_point when;
    const aclError status = LatestCompletion(api, event, &when);
    if (status != ACL_SUCCESS) return status;
    // Microseconds of the steady clock: comparable between events, not a wall-clock date.
    *timestamp =
        static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count());
    return ACL_SUCCESS;
  });
}

}  // extern "C"

extern "C" {}  // extern "C"

extern "C" {

// ACL_EVENT_RECORD_DEFAULT is aclrtRecordEvent. ACL_EVENT_RECORD_EXTERNAL records, from inside a
// captured model, an event that streams and models outside it wait for: each replay records it
// anew (every captured record does that here), so it needs only upstream's checks.
aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag) {
  const char* api = "aclrtRecordEventWithFlag";
  if (event == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "event is nullptr.");
  if (flag != ACL_EVENT_RECORD_DEFAULT && flag != ACL_EVENT_RECORD_EXTERNAL) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "flag %u is invalid: expected ACL_EVENT_RECORD_DEFAULT or ACL_EVENT_RECORD_EXTERNAL.", flag);
  }
  return Run(api, [&] {
    if (flag == ACL_EVENT_RECORD_EXTERNAL) {
      const aclError status = RequireExternalEventCapture(api, stream);
      if (status != ACL_SUCCESS) return status;
    }
    return Runtime::Get().RecordEvent(api, event, stream, flag);
  });
}

// The wait is a task of `stream`: when it gives up, the stream's next synchronisation reports
// ACL_ERROR_RT_EVENT_SYNC_TIMEOUT and the work after it runs.
aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout) {
  const char* api = "aclrtStreamWaitEventWithTimeout";
  return Run(api, [&] {
    std::chrono::milliseconds bound;
    aclError status = ACL_SUCCESS;
    if (!TimeoutOf(api, timeout, &bound, &status)) return status;
    return IssueEventWait(api, stream, event, bound, timeout);
  });
}

// ACL_EVENT_WAIT_DEFAULT waits as aclrtStreamWaitEventWithTimeout, 0 meaning no bound (upstream's
// default wait) and the bound applying on the chips whose stream waits take one (Atlas A2, A3,
// Ascend 950 and 310B; Ascend910 and 310P ignore it). ACL_EVENT_WAIT_EXTERNAL waits, inside a
// captured model, for a record made outside it: the latest one when the replay is issued, which is
// what every captured wait does here.
aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout, uint32_t flag) {
  const char* api = "aclrtStreamWaitEventWithFlag";
  if (event == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "event is nullptr.");
  if (flag != ACL_EVENT_WAIT_DEFAULT && flag != ACL_EVENT_WAIT_EXTERNAL) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "flag %u is invalid: expected ACL_EVENT_WAIT_DEFAULT or ACL_EVENT_WAIT_EXTERNAL.", flag);
  }
  if (flag == ACL_EVENT_WAIT_EXTERNAL && timeout != 0) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "timeout %u is invalid: only 0 is supported with ACL_EVENT_WAIT_EXTERNAL.", timeout);
  }
  return Run(api, [&] {
    if (flag == ACL_EVENT_WAIT_EXTERNAL) {
      const aclError status = RequireExternalEventCapture(api, stream);
      if (status != ACL_SUCCESS) return status;
    }
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    const bool bounded = timeout != 0 && timeout <= static_cast<uint32_t>(INT32_MAX) && profile != nullptr &&
                         profile->series != aclnn_host::SocSeries::kAscend910A1 &&
                         profile->series != aclnn_host::SocSeries::kAscend310P;
    const int32_t milliseconds = bounded ? static_cast<int32_t>(timeout) : -1;
    return IssueEventWait(api, stream, event,
                          bounded ? std::chrono::milliseconds(milliseconds) : std::chrono::milliseconds::max(),
                          milliseconds, flag);
  });
}

}  // extern "C"

namespace {

aclError IssueEventWait(const char* api, aclrtStream stream, aclrtEvent event, std::chrono::milliseconds bound,
                        int32_t timeout, uint32_t wait_flag) {
  std::shared_ptr<aclnn_host::Event> target_event;
  aclError status = Runtime::Get().FindEvent(api, event, &target_event);
  if (status != ACL_SUCCESS) return status;
  std::shared_ptr<aclnn_host::Stream> target_stream;
  status = Runtime::Get().FindStream(api, stream, &target_stream);
  if (status != ACL_SUCCESS) return status;
  // The wait targets the event's latest record when it is issued (at each replay, for a capture),
  // or after aclrtResetEvent the next one.
  // An ACL_EVENT_EXTERNAL event is a flag instead (the task-update pattern of CANN's guide: a
  // model waits for it, then resets it): the wait looks when it runs (Event::IssuedWaitTarget).
  auto issue = [target_event, bound, timeout, api] {
    const uint64_t issued_target = target_event->IssuedWaitTarget();
    return aclnn_host::StreamTask([target_event, issued_target, bound, timeout, api] {
      if (target_event->WaitIssued(issued_target, bound)) return aclnn_host::TaskResult();
      return aclnn_host::TaskResult{
          ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
          aclnn_host::FormatString("%s: the event's record did not complete within %d ms.", api, timeout)};
    });
  };
  aclnn_host::CapturedTask wait;
  wait.issue = issue;
  wait.label = aclnn_host::TaskLabel{"EVENT_WAIT", nullptr, event, 0, target_event->flags(), wait_flag};
  const bool queued = target_stream->IssueOrCapture(std::move(wait));
  return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
}

// External event records and waits exist only inside a capture, and only where upstream's capture
// models have software queues (the Atlas A2/A3 and Ascend 950 configurations).
aclError RequireExternalEventCapture(const char* api, aclrtStream stream) {
  std::shared_ptr<aclnn_host::Stream> target;
  const aclError found = Runtime::Get().FindStream(api, stream, &target);
  if (found != ACL_SUCCESS) return found;
  const std::shared_ptr<aclnn_host::CaptureGraph> graph = target->capture();
  if (graph == nullptr || graph->origin_stream() < 0) {
    return Fail(api, ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                "Stream %d is not in the capture stage: external event records and waits belong to a captured "
                "model.",
                target->id());
  }
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  if (profile->series != aclnn_host::SocSeries::kAtlasA2 && profile->series != aclnn_host::SocSeries::kAtlasA3 &&
      profile->series != aclnn_host::SocSeries::kAscend950) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "external events of captured models are supported on Atlas A2, Atlas A3 and Ascend 950 only, not "
                "on %s.",
                profile->name);
  }
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

// The id of the last task the calling thread issued to a stream the program created: its sequence
// number on that stream (upstream packs a flip count and a 16-bit id the same way), 0xFFFFFFFF
// before any. No context is needed, as upstream.
aclError aclrtGetThreadLastTaskId(uint32_t* taskId) {
  const char* api = "aclrtGetThreadLastTaskId";
  return Run(api, [&] {
    if (taskId == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "taskId is nullptr.");
    *taskId = aclnn_host::Stream::ThreadLastTaskId();
    return ACL_SUCCESS;
  });
}

}  // extern "C"

// aclrtResetEvent: upstream's checks (src/runtime/api/impl/api_error.cc EventReset, api_impl.cc
// EventReset, commit 681ef761) over the flags upstream's events carry — aclrtCreateEvent's are
// RT_EVENT_DEFAULT (DDSYNC | TIME_LINE | STREAM_MARK), the flagged ones what the program passed.
// The reset takes effect when issued, as upstream's HasReset does: waits issued after it wait for
// the event's next record. An ACL_EVENT_EXTERNAL event's reset clears its flag when it runs. The stream gets an
// EVENT_RESET task (in issue order, for task ids and captures; it has nothing left to do when it runs).
extern "C" {

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
  const char* api = "aclrtResetEvent";
  return Run(api, [&] {
    if (event == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "event is nullptr.");
    std::shared_ptr<aclnn_host::Event> target_event;
    aclError status = Runtime::Get().FindEvent(api, event, &target_event);
    if (status != ACL_SUCCESS) return status;
    constexpr uint32_t kRtEventDdsync = 0x04u;  // in aclrtCreateEvent's RT_EVENT_DEFAULT
    const uint32_t flags = target_event->origin() == aclnn_host::EventOrigin::kCreateEvent
                               ? kRtEventDdsync | ACL_EVENT_TIME_LINE | ACL_EVENT_CAPTURE_STREAM_PROGRESS
                               : target_event->flags();
    if ((flags & ACL_EVENT_DEVICE_USE_ONLY) != 0) {
      return Fail(
          api, ACL_ERROR_RT_PARAM_INVALID,
          "Event reset: parameter evt.eventFlag_ value %u: device-only events can be called only on the device.",
          flags);
    }
    if ((flags & (ACL_EVENT_SYNC | kRtEventDdsync | ACL_EVENT_EXTERNAL)) == 0) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "flag=%u is not supported, and there is no need to reset the event (only ACL_EVENT_SYNC, "
                  "ACL_EVENT_EXTERNAL and aclrtCreateEvent's events are reset).",
                  flags);
    }
    std::shared_ptr<aclnn_host::Stream> target_stream;
    status = Runtime::Get().FindStream(api, stream, &target_stream);
    if (status != ACL_SUCCESS) return status;
    const bool model_stream = (target_stream->flags() & ACL_STREAM_PERSISTENT) != 0;
    if (target_event->origin() == aclnn_host::EventOrigin::kExWithFlag ||
        (target_event->origin() == aclnn_host::EventOrigin::kCreateEvent && model_stream)) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "Current mode does not support resetting this event on this stream (events of "
                  "aclrtCreateEventExWithFlag, and aclrtCreateEvent's events on a model stream, need no reset).");
    }
    auto issue = [target_event] {
      if ((target_event->flags() & ACL_EVENT_EXTERNAL) != 0) {  // a flag: cleared when the reset runs
        return aclnn_host::StreamTask([target_event] {
          target_event->ClearFlag();
          return aclnn_host::TaskResult();
        });
      }
      target_event->MarkReset();
      return aclnn_host::StreamTask([] { return aclnn_host::TaskResult(); });
    };
    aclnn_host::CapturedTask reset;
    reset.issue = issue;
    reset.label = aclnn_host::TaskLabel{"EVENT_RESET", nullptr, event, 0, target_event->flags(), 0};
    const bool queued = target_stream->IssueOrCapture(std::move(reset));
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

}  // extern "C"
