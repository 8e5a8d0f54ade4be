// Stream capture and model run instances: aclmdlRICaptureBegin, aclmdlRICaptureGetInfo,
// aclmdlRICaptureEnd, aclmdlRICaptureThreadExchangeMode, aclmdlRIExecuteAsync, aclmdlRIExecute and
// aclmdlRIDestroy (capture.h has the model). Checks, their order and codes follow hicann/runtime
// (src/acl/aclrt_impl/model_ri.cpp, src/runtime/feature/aclgraph/*, commit 681ef761); where the
// runtime dereferences a pointer the acl layer did not check, aclnn-host reports
// ACL_ERROR_INVALID_PARAM instead. docs/api-coverage.md lists what is not captured.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>

#include "acl/acl.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/soc_profile.h"
#include "runtime/stream.h"

using aclnn_host::CaptureGraph;
using aclnn_host::CaptureRegistry;
using aclnn_host::Fail;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

// The model behind `handle`: ACL_ERROR_INVALID_PARAM for nullptr, ACL_ERROR_RT_PARAM_INVALID for a
// handle that is not a live model.
aclError FindModel(const char* api, aclmdlRI handle, std::shared_ptr<CaptureGraph>* graph) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRI is nullptr.");
  *graph = CaptureRegistry::Get().Find(handle);
  if (*graph == nullptr) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p is not a live model (destroyed, or never captured).", handle);
  }
  return ACL_SUCCESS;
}

// A model may not run or go while its capture is in progress.
aclError RequireCaptureEnded(const char* api, CaptureGraph& graph) {
  if (!graph.capturing()) return ACL_SUCCESS;
  if (graph.origin_stream() < 0) {
    return Fail(api, ACL_ERROR_RT_MODEL_CAPTURED, "the model is still being built: call aclmdlRIBuildEnd first.");
  }
  return Fail(api, ACL_ERROR_RT_MODEL_CAPTURED,
              "the model is still being captured on stream %d: call aclmdlRICaptureEnd first.", graph.origin_stream());
}

// A model runs only when complete: a built model whose stream went during the build is not.
aclError RequireRunnable(const char* api, CaptureGraph& graph) {
  if (graph.is_branch()) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "sub ACL Graph does not support executing model: a branch of a conditional task runs only inside its "
                "root model's runs.");
  }
  const aclError status = RequireCaptureEnded(api, graph);
  if (status != ACL_SUCCESS || !graph.invalidated()) return status;
  return Fail(api, ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
              "the model is incomplete: its stream was destroyed while the model was being built.");
}

// Stream capture and model building come with the Atlas A2, A3, Ascend 950 and Atlas inference
// (310P) parts (upstream's product table); Atlas training (Ascend910) and 200I/500 A2 (310B) lack them.
aclError RequireCaptureProduct(const char* api) {
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  if (profile == nullptr || (profile->series != aclnn_host::SocSeries::kAscend910A1 &&
                             profile->series != aclnn_host::SocSeries::kAscend310B)) {
    return ACL_SUCCESS;  // before aclInit the stream lookup reports that
  }
  return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              "model run instances are supported on Atlas A2, Atlas A3, Ascend 950 and Atlas inference products "
              "only, not on %s.",
              profile->name);
}

// The stream the task-group functions act on, after upstream's product check.
aclError FindTaskGroupStream(const char* api, aclrtStream stream, std::shared_ptr<aclnn_host::Stream>* target) {
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  const aclError status = RequireCaptureProduct(api);
  if (status != ACL_SUCCESS) return status;
  return Runtime::Get().FindStream(api, stream, target);
}

// Whether `stream` captures (a stream bound to a model being built does not: it is a model's).
bool Captures(aclnn_host::Stream& stream) {
  const std::shared_ptr<CaptureGraph> graph = stream.capture();
  return graph != nullptr && graph->origin_stream() >= 0;
}

// Task updates come from operator streams: not from a capturing stream, nor one that is a model's.
aclError RequireOperatorStream(const char* api, const char* what, aclnn_host::Stream& stream) {
  if (Captures(stream)) {
    return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED,
                "%s: stream (stream_id=%d) during the capture stage is not supported.", what, stream.id());
  }
  if (stream.capture() != nullptr || CaptureRegistry::Get().FindByStream(&stream) != nullptr) {
    return Fail(api, ACL_ERROR_RT_STREAM_MODEL,
                "%s: stream (stream_id=%d) is bound to a model; only single operator stream is supported.", what,
                stream.id());
  }
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode) {
  const char* api = "aclmdlRICaptureBegin";
  return Run(api, [&] {
    if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
    if (static_cast<int>(mode) < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL ||
        static_cast<int>(mode) > ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "mode %d is not valid: the range is [0, 3).",
                  static_cast<int>(mode));
    }
    aclError status = RequireCaptureProduct(api);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    auto graph = std::make_shared<CaptureGraph>(target->device(), mode, target->id());
    const aclmdlRI handle = CaptureRegistry::Get().Adopt(graph);  // before the graph is shared
    // Registered before the stream records into it, so that no end can come before the registration.
    CaptureRegistry::Get().CaptureStarted(graph);
    if (const std::shared_ptr<CaptureGraph> existing = target->BeginCapture(graph)) {
      CaptureRegistry::Get().CaptureStopped(graph);
      CaptureRegistry::Get().Destroy(handle);
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED,
                  "Stream is already in capture status, device_id=%d, stream_id=%d, status=%s.", target->device(),
                  target->id(), existing->invalidated() ? "invalidated" : "active");
    }
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus* status, aclmdlRI* modelRI) {
  const char* api = "aclmdlRICaptureGetInfo";
  return Run(api, [&] {
    if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
    if (status == nullptr && modelRI == nullptr) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "status and modelRI cannot both be nullptr.");
    }
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError found = Runtime::Get().FindStream(api, stream, &target);
    if (found != ACL_SUCCESS) return found;
    std::shared_ptr<CaptureGraph> graph = target->capture();
    if (graph != nullptr && graph->origin_stream() < 0) graph = nullptr;  // bound to a model being built
    if (status != nullptr) {
      *status = graph == nullptr       ? ACL_MODEL_RI_CAPTURE_STATUS_NONE
                : graph->invalidated() ? ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED
                                       : ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    }
    if (modelRI != nullptr) *modelRI = graph == nullptr ? nullptr : graph->handle();
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI) {
  const char* api = "aclmdlRICaptureEnd";
  return Run(api, [&] {
    if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError found = Runtime::Get().FindStream(api, stream, &target);
    if (found != ACL_SUCCESS) return found;
    std::shared_ptr<CaptureGraph> graph = target->capture();
    // Upstream's runtime (api_impl_aclgraph.cc StreamEndCapture) needs `modelRI` only to end a root
    // capture (the capture then goes on); a branch's end may pass NULL.
    const bool root = graph != nullptr && graph->origin_stream() >= 0 && !graph->is_branch();
    if (root && modelRI == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Ending the capture of a stream: modelRI is nullptr.");
    }
    if (root) *modelRI = nullptr;
    // A stream bound to a model being built is not capturing (aclmdlRIBuildEnd ends that); nor is
    // one whose capture another thread ended meanwhile.
    bool group_open = false;  // EndCapture discards a group left open: upstream then fails the end
    if (graph == nullptr || graph->origin_stream() < 0 || target->EndCapture(graph.get(), &group_open) == nullptr) {
      return Fail(api, ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                  "The stream (stream_id=%d) is not in capture status, call aclmdlRICaptureBegin to capture the "
                  "stream first.",
                  target->id());
    }
    const bool wrong_thread =
        graph->begin_thread() != std::this_thread::get_id() && graph->mode() != ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    const bool invalidated = graph->invalidated();
    graph->StopCapturing();
    CaptureRegistry::Get().CaptureStopped(graph);
    const aclmdlRI handle = graph->handle();
    if (wrong_thread || invalidated || group_open) {
      // Upstream clears the capture model in these cases: nothing is returned. A branch stays with
      // its conditional task, marked failed: the task fails when it picks it.
      if (graph->is_branch()) {
        graph->Invalidate();
      } else {
        CaptureRegistry::Get().Destroy(handle);
      }
      if (group_open && !wrong_thread && !invalidated) {
        return Fail(api, ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                    "A task group is not closed on stream %d (call aclmdlRICaptureTaskGrpEnd before "
                    "aclmdlRICaptureEnd); the capture is discarded.",
                    target->id());
      }
      if (wrong_thread) {
        return Fail(api, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD,
                    "end capture in the wrong thread: the capture of stream %d began on another thread and its mode "
                    "is not RELAXED; the capture is discarded.",
                    target->id());
      }
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                  "The current stream (stream_id=%d) is invalid because an error occurred during model capture.",
                  target->id());
    }
    if (modelRI != nullptr) *modelRI = handle;
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode) {
  const char* api = "aclmdlRICaptureThreadExchangeMode";
  return Run(api, [&] {
    if (mode == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "mode is nullptr.");
    if (static_cast<uint32_t>(*mode) > ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "mode %u is not valid: it must be less than 3.",
                  static_cast<uint32_t>(*mode));
    }
    *mode = CaptureRegistry::ExchangeThreadMode(*mode);
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream) {
  const char* api = "aclmdlRIExecuteAsync";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    status = RequireRunnable(api, *graph);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    return graph->Replay(api, target);
  });
}

// Runs the model on a stream of its own and waits: `timeout` in milliseconds, -1 for ever.
aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout) {
  const char* api = "aclmdlRIExecute";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (timeout < -1 || timeout == 0) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "timeout %d is not valid: -1 (for ever) or a positive number of ms.",
                  timeout);
    }
    status = RequireRunnable(api, *graph);
    if (status != ACL_SUCCESS) return status;
    int32_t device = -1;
    status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    const std::shared_ptr<aclnn_host::Stream> own = graph->execute_stream();
    status = graph->Replay(api, own);
    if (status != ACL_SUCCESS) return status;
    bool timed_out = false;
    const auto bound = timeout == -1 ? std::chrono::milliseconds::max() : std::chrono::milliseconds(timeout);
    const aclnn_host::TaskResult result = own->SynchronizeFor(bound, &timed_out);
    if (timed_out) {
      return Fail(api, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "the model did not finish within %d ms.", timeout);
    }
    return result.code != 0 ? Fail(api, result.code, result.message) : ACL_SUCCESS;
  });
}

aclError aclmdlRIDestroy(aclmdlRI modelRI) {
  const char* api = "aclmdlRIDestroy";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (graph->is_branch()) {  // upstream: "This model run instance does not support aclmdlRIDestroy"
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "sub ACL Graph does not support destroying model: a branch of a conditional task goes when the "
                  "model that owns the task goes.");
    }
    if (graph->origin_stream() < 0) {
      // A model being built may go (an error path's clean-up): its stream stops recording.
      if (const std::shared_ptr<aclnn_host::Stream> bound = graph->bound_stream()) bound->EndCapture(graph.get());
      graph->StopCapturing();
      graph->set_bound_stream(nullptr);
    } else {
      status = RequireCaptureEnded(api, *graph);
      if (status != ACL_SUCCESS) return status;
    }
    // Replays already issued keep their own copies of the tasks: they run to completion.
    CaptureRegistry::Get().Destroy(modelRI);
    return ACL_SUCCESS;
  });
}

}  // extern "C"

// ---- model building: aclmdlRIBuildBegin ... aclmdlRIBuildEnd -------------------------------------
//
// A built model records the tasks issued to the stream bound to it, as a capture does, until
// aclmdlRIBuildEnd; aclmdlRIExecute runs them. aclnn-host builds models of one head stream:
// streams activated inside a model (ACL_MODEL_STREAM_FLAG_DEFAULT, aclrtActiveStream) need the
// device's stream switching, which it does not emulate.

namespace {

constexpr uint32_t kModelStreamFlagHead = 0x00000000u;     // ACL_MODEL_STREAM_FLAG_HEAD (API reference)
constexpr uint32_t kModelStreamFlagDefault = 0x7FFFFFFFu;  // ACL_MODEL_STREAM_FLAG_DEFAULT

// The built (not captured) model behind `handle`, still being built.
aclError FindModelInBuild(const char* api, aclmdlRI handle, std::shared_ptr<CaptureGraph>* graph) {
  const aclError status = FindModel(api, handle, graph);
  if (status != ACL_SUCCESS) return status;
  if (!(*graph)->capturing()) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "the model %p is not being built (aclmdlRIBuildEnd was called).",
                handle);
  }
  return ACL_SUCCESS;
}

// The stream behind `stream`, which must be the one bound to `graph`.
aclError FindBoundStream(const char* api, CaptureGraph& graph, aclrtStream stream,
                         std::shared_ptr<aclnn_host::Stream>* target) {
  const aclError status = Runtime::Get().FindStream(api, stream, target);
  if (status != ACL_SUCCESS) return status;
  if (graph.bound_stream() == *target) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "stream %d is not bound to the model.", (*target)->id());
}

}  // namespace

extern "C" {

aclError aclmdlRIBuildBegin(aclmdlRI* modelRI, uint32_t flag) {
  const char* api = "aclmdlRIBuildBegin";
  return Run(api, [&] {
    if (modelRI == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRI is nullptr.");
    if (flag != 0) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "flag %u is reserved and must be 0.", flag);
    int32_t device = -1;
    aclError status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    status = RequireCaptureProduct(api);
    if (status != ACL_SUCCESS) return status;
    // RELAXED: building restricts no synchronous call, and the model is not a capture in progress.
    auto graph = std::make_shared<CaptureGraph>(device, ACL_MODEL_RI_CAPTURE_MODE_RELAXED, -1);
    *modelRI = CaptureRegistry::Get().Adopt(graph);
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag) {
  const char* api = "aclmdlRIBindStream";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindModelInBuild(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
    if (flag == kModelStreamFlagDefault) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "streams activated inside a model (ACL_MODEL_STREAM_FLAG_DEFAULT) are not supported by aclnn-host: "
                  "its models have one head stream.");
    }
    if (flag != kModelStreamFlagHead) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "flag %u is neither ACL_MODEL_STREAM_FLAG_HEAD (0) nor ACL_MODEL_STREAM_FLAG_DEFAULT (0x7FFFFFFF).",
                  flag);
    }
    std::shared_ptr<aclnn_host::Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    if ((target->flags() & ACL_STREAM_DEVICE_USE_ONLY) != 0) {  // upstream's error decorator refuses it
      return Fail(api, ACL_ERROR_RT_INTERNAL_ERROR,
                  "Binding a model running instance to a stream: Stream (stream_id=%d) with the flag "
                  "ACL_STREAM_DEVICE_USE_ONLY cannot be bound to a model.",
                  target->id());
    }
    if ((target->flags() & ACL_STREAM_PERSISTENT) == 0) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "stream %d was not created with ACL_STREAM_PERSISTENT (aclrtCreateStreamWithConfig): only "
                  "persistent streams can be bound to a model.",
                  target->id());
    }
    const std::shared_ptr<CaptureGraph> other = CaptureRegistry::Get().FindByStream(target.get());
    if (other != nullptr && other != graph) {  // a built model keeps its stream until aclmdlRIUnbindStream
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED,
                  "stream %d is already bound to a model or capturing: unbind it from its model first.", target->id());
    }
    if (!graph->TryBind(target)) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "the model already has its head stream: aclnn-host's models have one stream.");
    }
    if (target->BeginCapture(graph) != nullptr) {
      graph->set_bound_stream(nullptr);
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED, "stream %d is already bound to a model or capturing.",
                  target->id());
    }
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream) {
  const char* api = "aclmdlRIEndTask";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindModelInBuild(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = FindBoundStream(api, *graph, stream, &target);
    if (status != ACL_SUCCESS) return status;
    graph->set_end_task();
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void* reserve) {
  const char* api = "aclmdlRIBuildEnd";
  return Run(api, [&] {
    if (modelRI == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRI is nullptr.");
    if (reserve != nullptr) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "reserve is a reserved parameter and must be nullptr.");
    }
    std::shared_ptr<CaptureGraph> graph;
    const aclError status = FindModelInBuild(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    const std::shared_ptr<aclnn_host::Stream> bound = graph->bound_stream();
    if (bound == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "the model has no stream: call aclmdlRIBindStream first.");
    }
    if (!graph->end_task()) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "the end of the bound stream's tasks is not marked: call aclmdlRIEndTask first.");
    }
    bound->EndCapture(graph.get());  // the stream stays bound (until aclmdlRIUnbindStream) but runs its own work again
    graph->StopCapturing();
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream) {
  const char* api = "aclmdlRIUnbindStream";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = FindBoundStream(api, *graph, stream, &target);
    if (status != ACL_SUCCESS) return status;
    if (graph->capturing()) {
      target->EndCapture(graph.get());  // unbound before aclmdlRIBuildEnd: what it recorded stays in the model
      graph->StopCapturing();
    }
    graph->set_bound_stream(nullptr);
    return ACL_SUCCESS;
  });
}

aclError aclmdlRISetName(aclmdlRI modelRI, const char* name) {
  const char* api = "aclmdlRISetName";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    const aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (name == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "name is nullptr.");
    graph->set_name(name);
    return ACL_SUCCESS;
  });
}

// The name, cut to maxLen - 1 characters and terminated; a model never named gives "".
aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char* name) {
  const char* api = "aclmdlRIGetName";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    const aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (name == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "name is nullptr.");
    if (maxLen == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "maxLen is 0: there is no room for the name.");
    const std::string stored = graph->name();
    const size_t length = std::min<size_t>(stored.size(), maxLen - 1);
    std::memcpy(name, stored.data(), length);
    name[length] = '\0';
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIDebugPrint(aclmdlRI modelRI) {
  const char* api = "aclmdlRIDebugPrint";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    const aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    const std::string text = graph->DebugText();
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t flags) {
  const char* api = "aclmdlRIDebugJsonPrint";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    const aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (path == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "path is nullptr.");
    (void)flags;  // VERBOSE adds AI Core kernel arguments, which host kernels do not have
    std::ofstream file(path);
    if (!file.is_open()) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Failed to open the JSON file path %s.", path);
    }
    file << graph->DebugJson();
    file.close();
    if (!file) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Failed to write the JSON file %s.", path);
    return ACL_SUCCESS;
  });
}

}  // extern "C"

// Model introspection: ids, the model's stream and its tasks. Checks, their order and codes follow
// hicann/runtime (api_c_standard_soc.cc, api_c_task.cc, api_error.cc, api_impl.cc). A model here
// keeps one task list, so aclmdlRIGetStreams lists one stream: a handle naming the model (or the
// stream a built model is bound to), which aclmdlRIGetTasksByStream takes.
namespace {

bool SupportsAclGraph(const aclnn_host::SocProfile& profile) {
  return profile.series == aclnn_host::SocSeries::kAtlasA2 || profile.series == aclnn_host::SocSeries::kAtlasA3 ||
         profile.series == aclnn_host::SocSeries::kAscend950;
}

// The product table of the introspection calls: Atlas A2/A3 and Ascend 950 (aclmdlRIGetId also the
// Atlas inference series).
aclError RequireIntrospection(const char* api, bool inference_too) {
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (SupportsAclGraph(*profile) || (inference_too && profile->series == aclnn_host::SocSeries::kAscend310P)) {
    return ACL_SUCCESS;
  }
  return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "%s is not supported on %s (CANN's product table).", api,
              profile->name);
}

// The runtime's model-context check: a current context (107002) on the model's device (107004).
aclError RequireModelContext(const char* api, const CaptureGraph& graph, const char* what) {
  int32_t device = -1;
  const aclError status = Runtime::Get().RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  if (graph.device() == device) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_MODEL_CONTEXT, "%sthe model belongs to device %d, but the current device is %d.", what,
              graph.device(), device);
}

aclError FindLiveModel(const char* api, aclmdlRI handle, std::shared_ptr<CaptureGraph>* graph) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "modelRI is nullptr.");
  *graph = CaptureRegistry::Get().Find(handle);
  if (*graph == nullptr) {
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live model (destroyed, or never captured).", handle);
  }
  return ACL_SUCCESS;
}

aclError FindTask(const char* api, aclmdlRITask task, std::shared_ptr<CaptureGraph>* graph, size_t* index) {
  if (task == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task is nullptr.");
  *graph = CaptureRegistry::Get().FindByTask(task, index);
  if (*graph == nullptr) {
    // Beyond CANN, which dereferences the handle: a task of no live model is refused.
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p is not a task of a live model (aclmdlRIGetTasksByStream).", task);
  }
  return ACL_SUCCESS;
}

// CANN's mapping of the NPU runtime's task types (kernel_utils.cc ConvertTaskType); copies, fills,
// notifies, host functions and the EXTERNAL event records and waits of captures are
// ACL_MODEL_RI_TASK_DEFAULT.
aclmdlRITaskType TaskTypeOf(const aclnn_host::TaskLabel& label) {
  const std::string type = label.type;
  if (type == "KERNEL_AIVEC" || type == "KERNEL_AICORE") return ACL_MODEL_RI_TASK_KERNEL;
  if (type == "EVENT_RECORD") {
    return label.flag == ACL_EVENT_RECORD_EXTERNAL ? ACL_MODEL_RI_TASK_DEFAULT : ACL_MODEL_RI_TASK_EVENT_RECORD;
  }
  if (type == "EVENT_WAIT") {
    return label.flag == ACL_EVENT_WAIT_EXTERNAL ? ACL_MODEL_RI_TASK_DEFAULT : ACL_MODEL_RI_TASK_EVENT_WAIT;
  }
  if (type == "EVENT_RESET") return ACL_MODEL_RI_TASK_EVENT_RESET;
  if (type == "MEM_WRITE_VALUE") return ACL_MODEL_RI_TASK_VALUE_WRITE;
  if (type == "MEM_WAIT_VALUE") return ACL_MODEL_RI_TASK_VALUE_WAIT;
  return ACL_MODEL_RI_TASK_DEFAULT;
}

}  // namespace

extern "C" {

aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t* modelRIId) {
  const char* api = "aclmdlRIGetId";
  if (modelRI == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRI is nullptr.");
  if (modelRIId == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRIId is nullptr.");
  return Run(api, [&] {
    aclError status = RequireIntrospection(api, true);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<CaptureGraph> graph;
    status = FindLiveModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    *modelRIId = graph->id();
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream* streams, uint32_t* numStreams) {
  const char* api = "aclmdlRIGetStreams";
  return Run(api, [&] {
    aclError status = RequireIntrospection(api, false);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<CaptureGraph> graph;
    status = FindLiveModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (numStreams == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "numStreams is nullptr.");
    if (graph->is_branch()) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "sub ACL Graph does not support getting streams.");
    }
    status = RequireModelContext(api, *graph, "");
    if (status != ACL_SUCCESS) return status;
    const std::shared_ptr<aclnn_host::Stream> bound = graph->bound_stream();
    const aclrtStream stream = bound != nullptr ? static_cast<aclrtStream>(bound.get()) : graph->model_stream();
    if (streams == nullptr) {  // the count only
      *numStreams = 1;
      return ACL_SUCCESS;
    }
    if (*numStreams < 1) {  // as CANN: the array is left untouched
      return Fail(api, ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY, "numStreams %u is too small for the model's 1 stream.",
                  *numStreams);
    }
    streams[0] = stream;
    for (uint32_t i = 1; i < *numStreams; ++i) streams[i] = nullptr;
    *numStreams = 1;
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask* tasks, uint32_t* numTasks) {
  const char* api = "aclmdlRIGetTasksByStream";
  return Run(api, [&] {
    aclError status = RequireIntrospection(api, false);
    if (status != ACL_SUCCESS) return status;
    if (stream == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "stream is nullptr.");
    if (numTasks == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "numTasks is nullptr.");
    const std::shared_ptr<CaptureGraph> graph = CaptureRegistry::Get().FindByStream(stream);
    if (graph == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p is not a stream of a live model (aclmdlRIGetStreams).", stream);
    }
    status = RequireCaptureEnded(api, *graph);  // until then the task list may still change
    if (status != ACL_SUCCESS) return status;
    const std::vector<aclmdlRITask> handles = graph->TaskHandles();
    const uint32_t total = static_cast<uint32_t>(handles.size());
    if (tasks == nullptr) {
      *numTasks = total;
      return ACL_SUCCESS;
    }
    const uint32_t capacity = *numTasks;
    const uint32_t written = std::min(capacity, total);
    for (uint32_t i = 0; i < capacity; ++i) tasks[i] = i < written ? handles[i] : nullptr;
    *numTasks = written;
    if (capacity < total) {
      return Fail(api, ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY, "numTasks %u is too small for the stream's %u tasks.",
                  capacity, total);
    }
    return ACL_SUCCESS;
  });
}

aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType* type) {
  const char* api = "aclmdlRITaskGetType";
  return Run(api, [&] {
    aclError status = RequireIntrospection(api, false);
    if (status != ACL_SUCCESS) return status;
    if (task == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task is nullptr.");
    if (type == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "type is nullptr.");
    std::shared_ptr<CaptureGraph> graph;
    size_t index = 0;
    status = FindTask(api, task, &graph, &index);
    if (status != ACL_SUCCESS) return status;
    *type = TaskTypeOf(graph->TaskLabelAt(index));
    return ACL_SUCCESS;
  });
}

aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t* id) {
  const char* api = "aclmdlRITaskGetSeqId";
  return Run(api, [&] {
    const aclError supported = RequireIntrospection(api, false);
    if (supported != ACL_SUCCESS) return supported;
    if (task == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task is nullptr.");
    if (id == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "id is nullptr.");
    std::shared_ptr<CaptureGraph> graph;
    size_t index = 0;
    const aclError status = FindTask(api, task, &graph, &index);
    if (status != ACL_SUCCESS) return status;
    if (graph->origin_stream() < 0) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "task sequence ids belong to captured models (aclmdlRICaptureBegin), not to built ones.");
    }
    *id = static_cast<uint32_t>(index);  // the model's counter: 0, 1, ... in recording order
    return ACL_SUCCESS;
  });
}

// The parameters of an event or value task, from what its call recorded. Kernel tasks have none to
// give (operators are host code: no function handle, arguments or block count exist), nor have the
// DEFAULT tasks, as in CANN (107000).
aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams* params) {
  const char* api = "aclmdlRITaskGetParams";
  return Run(api, [&] {
    aclError status = RequireIntrospection(api, false);
    if (status != ACL_SUCCESS) return status;
    if (task == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task is nullptr.");
    if (params == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "params is nullptr.");
    std::shared_ptr<CaptureGraph> graph;
    size_t index = 0;
    status = FindTask(api, task, &graph, &index);
    if (status != ACL_SUCCESS) return status;
    const aclnn_host::TaskLabel label = graph->TaskLabelAt(index);
    const aclmdlRITaskType type = TaskTypeOf(label);
    if (type == ACL_MODEL_RI_TASK_DEFAULT) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task %p (%s) has no parameters to get.", task, label.type);
    }
    if (type == ACL_MODEL_RI_TASK_KERNEL) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "kernel task %p (%s) has no kernel parameters: aclnn-host's operators are host code, with no "
                  "function handle, arguments or block count.",
                  task, label.name != nullptr ? label.name : label.type);
    }
    std::memset(params, 0, sizeof(*params));
    params->type = type;
    aclrtEvent event = const_cast<void*>(label.object);
    switch (type) {
      case ACL_MODEL_RI_TASK_EVENT_RECORD:
        params->eventRecordTaskParams.event = event;
        params->eventRecordTaskParams.eventFlag = label.object_flag;
        params->eventRecordTaskParams.recordFlag = label.flag;
        break;
      case ACL_MODEL_RI_TASK_EVENT_WAIT:
        params->eventWaitTaskParams.event = event;
        params->eventWaitTaskParams.eventFlag = label.object_flag;
        params->eventWaitTaskParams.waitFlag = label.flag;
        break;
      case ACL_MODEL_RI_TASK_EVENT_RESET:
        params->eventResetTaskParams.event = event;
        params->eventResetTaskParams.eventFlag = label.object_flag;
        params->eventResetTaskParams.resetFlag = label.flag;
        break;
      case ACL_MODEL_RI_TASK_VALUE_WRITE:
        params->valueWriteTaskParams.devAddr = const_cast<void*>(label.object);
        params->valueWriteTaskParams.value = label.value;
        break;
      default:  // ACL_MODEL_RI_TASK_VALUE_WAIT
        params->valueWaitTaskParams.devAddr = const_cast<void*>(label.object);
        params->valueWaitTaskParams.value = label.value;
        params->valueWaitTaskParams.flag = label.flag;
        break;
    }
    return ACL_SUCCESS;
  });
}

// Model edits (hicann/runtime src/runtime/api/impl/api_impl.cc TaskSetParams, ModelTaskDisable and
// ModelUpdate; capture_model_utils.cc CheckCaptureModelForUpdate): an edit waits in the model until
// aclmdlRIUpdate applies it (CaptureGraph::AddEdit), as CANN's task descriptors do.
}  // extern "C"

namespace {

// CheckCaptureModelForUpdate: a captured model (not a built one), neither running nor capturing.
aclError RequireEditableModel(const char* api, CaptureGraph& graph) {
  if (graph.origin_stream() < 0) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "Checking whether the capture model is updatable: Non ACL Graph mode is not supported (the model was "
                "built with aclmdlRIBuildBegin, not captured).");
  }
  const bool capturing = graph.capturing();
  const bool fault = graph.edit_state() == CaptureGraph::EditState::kFault;
  if (capturing || fault || graph.running()) {
    return Fail(
        api, ACL_ERROR_RT_MODEL_UPDATE_FAILED,
        "Checking whether the capture model is updatable: ModelRI (model_id=%u) is in running or capture "
        "state, status=%s%s.",
        graph.id(),
        capturing ? "CAPTURING"
        : fault   ? "FAULT"
                  : "RUNNING",
        fault ? " (a task edit failed: the model cannot be edited any more)" : " (synchronise its replays first)");
  }
  return ACL_SUCCESS;
}

// The replacement aclmdlRITaskSetParams makes of a task (CANN converts any task but a DEFAULT one
// into a value write or wait), or the failure, reported under `api`.
aclError ReplacementFor(const char* api, CaptureGraph& graph, const aclnn_host::TaskLabel& current,
                        const aclmdlRITaskParams& params,
                        std::shared_ptr<const aclnn_host::CapturedTask>* replacement) {
  switch (params.type) {
    case ACL_MODEL_RI_TASK_VALUE_WRITE:
    case ACL_MODEL_RI_TASK_VALUE_WAIT:
      break;
    case ACL_MODEL_RI_TASK_KERNEL:
      return Fail(
          api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
          "Setting task parameters: kernel parameters cannot be set: aclnn-host's operators are host code, with no "
          "function handle, arguments or block count (a task group update replaces an operator run).");
    default:
      return Fail(
          api, ACL_ERROR_RT_PARAM_INVALID,
          "Setting task parameters: params->type %d is invalid: expected TASK_KERNEL(1) or TASK_VALUE_WRITE(5) or "
          "TASK_VALUE_WAIT(6).",
          static_cast<int>(params.type));
  }
  if (TaskTypeOf(current) == ACL_MODEL_RI_TASK_DEFAULT) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Setting task parameters: the current task type (%s) is invalid.",
                current.type);
  }
  if (params.taskGrp != nullptr || params.opInfoPtr != nullptr || params.opInfoSize != 0) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "Setting task parameters: taskGrp and opInfoPtr must be nullptr and opInfoSize 0.");
  }
  const bool write = params.type == ACL_MODEL_RI_TASK_VALUE_WRITE;
  void* address = write ? params.valueWriteTaskParams.devAddr : params.valueWaitTaskParams.devAddr;
  const uint32_t flag = write ? 0 : params.valueWaitTaskParams.flag;
  // Beyond CANN, aclrtValueWrite/aclrtValueWait's own checks: the word must be one a task can use.
  if (address == nullptr || reinterpret_cast<uintptr_t>(address) % sizeof(uint64_t) != 0) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "Setting task parameters: devAddr %p is not an 8-byte aligned address.", address);
  }
  if (flag > ACL_STREAM_WAIT_VALUE_NOR) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Setting task parameters: flag %u is not valid (0 to %u).", flag,
                ACL_STREAM_WAIT_VALUE_NOR);
  }
  *replacement = std::make_shared<const aclnn_host::CapturedTask>(
      write ? aclnn_host::ValueWriteTask(address, params.valueWriteTaskParams.value, graph.device())
            : aclnn_host::ValueWaitTask(address, params.valueWaitTaskParams.value, flag, graph.device()));
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams* params) {
  const char* api = "aclmdlRITaskSetParams";
  return Run(api, [&] {
    if (task == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "task is nullptr.");
    if (params == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "params is nullptr.");
    aclError status = RequireIntrospection(api, false);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<CaptureGraph> graph;
    size_t index = 0;
    status = FindTask(api, task, &graph, &index);
    if (status != ACL_SUCCESS) return status;
    status = RequireEditableModel(api, *graph);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<const aclnn_host::CapturedTask> replacement;
    status = ReplacementFor(api, *graph, graph->TaskLabelAt(index), *params, &replacement);
    if (status != ACL_SUCCESS) {
      graph->MarkEditFailed();  // CANN: the model is FAULT for good: no later edit or update
      return status;
    }
    graph->AddEdit(index, std::move(replacement));
    return ACL_SUCCESS;
  });
}

aclError aclmdlRITaskDisable(aclmdlRITask task) {
  const char* api = "aclmdlRITaskDisable";
  return Run(api, [&] {
    if (task == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "Setting the status of a specified task to disabled: task is nullptr.");
    }
    aclError status = RequireIntrospection(api, false);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<CaptureGraph> graph;
    size_t index = 0;
    status = FindTask(api, task, &graph, &index);
    if (status != ACL_SUCCESS) return status;
    status = RequireEditableModel(api, *graph);
    if (status != ACL_SUCCESS) return status;
    if (TaskTypeOf(graph->TaskLabelAt(index)) == ACL_MODEL_RI_TASK_DEFAULT) {
      graph->MarkEditFailed();
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "Setting the status of a specified task to disabled: current task type is RT_TASK_DEFAULT which "
                  "cannot be reset.");
    }
    graph->AddEdit(index, nullptr);
    return ACL_SUCCESS;
  });
}

// aclmdlRIAbort (hicann/runtime api_error.cc and api_impl.cc ModelAbort, model.cc
// Model::ModelAbort): the model's running replays stop, their tasks not yet started are dropped;
// upstream then synchronises the model's stream for at most 100 ms, and so does this.
aclError aclmdlRIAbort(aclmdlRI modelRI) {
  const char* api = "aclmdlRIAbort";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindLiveModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (graph->is_branch()) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "sub ACL Graph does not support aborting model.");
    }
    status = RequireModelContext(api, *graph, "Aborting the model running instance: ");
    if (status != ACL_SUCCESS) return status;
    graph->Abort(std::chrono::milliseconds(100));
    return ACL_SUCCESS;
  });
}

// Conditional tasks (hicann/runtime src/acl/aclrt_impl/model_ri.cpp; src/runtime/feature/aclgraph/
// api_error_aclgraph.cc, v100/api_impl_aclgraph.cc, context_aclgraph.cc; core/src/task/task_info/
// cond_op/aclgraph_cond_task.cc and stars_cond_isa_helper.cc for what the task computes). A
// condition is a 64-bit word of device memory; the task reads it when it runs: IF runs branch 0
// when it is not 0, else branch 1 if there is one; WHILE runs branch 0 while it is not 0; SWITCH
// runs branch `value` when there is one. A branch is a sub-model, captured with
// aclmdlRICaptureToModelRIBegin, and runs whole before the task's stream goes on.
namespace {

// CANN's product table: conditional tasks on Atlas A2/A3 and Ascend 950.
aclError RequireConditionProduct(const char* api) {
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (profile->series == aclnn_host::SocSeries::kAtlasA2 || profile->series == aclnn_host::SocSeries::kAtlasA3 ||
      profile->series == aclnn_host::SocSeries::kAscend950) {
    return ACL_SUCCESS;
  }
  return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              "conditional tasks of ACL Graph are not supported on %s (CANN's product table: Atlas A2, A3 and Ascend "
              "950).",
              profile->name);
}

aclError FindCondition(const char* api, aclmdlRICondHandle handle, std::shared_ptr<aclnn_host::CondHandle>* cond,
                       std::shared_ptr<CaptureGraph>* owner) {
  *cond = CaptureRegistry::Get().FindCondHandle(handle, owner);
  if (*cond == nullptr) {
    // Beyond CANN, which dereferences the handle: one of no live model is refused.
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%p is not a condition handle of a live model.", handle);
  }
  return ACL_SUCCESS;
}

// Branches run inline, so a branch that replays its own root (recorded with aclmdlRIExecuteAsync)
// would recurse without end: past this depth the conditional task fails instead.
constexpr int kMaxBranchDepth = 64;
thread_local int branch_depth = 0;

// What a conditional task does when its stream reaches it.
aclnn_host::TaskResult RunCondition(aclnn_host::CondHandle& cond) {
  if (branch_depth >= kMaxBranchDepth) {
    return aclnn_host::TaskResult{
        ACL_ERROR_RT_INTERNAL_ERROR,
        aclnn_host::FormatString("conditional tasks nested more than %d deep: a branch runs a "
                                 "model that runs the branch again.",
                                 kMaxBranchDepth)};
  }
  struct Depth {
    Depth() { ++branch_depth; }
    ~Depth() { --branch_depth; }
  } depth;
  std::vector<std::shared_ptr<CaptureGraph>> branches;
  aclmdlRICondTaskType type;
  {
    std::lock_guard<std::mutex> lock(cond.mutex);
    branches = cond.branches;
    type = cond.type;
  }
  aclnn_host::Stream* const running = aclnn_host::Stream::Running();
  const uint64_t epoch = aclnn_host::Stream::RunningEpoch();
  const auto* word = static_cast<const uint64_t*>(cond.word);
  for (;;) {
    const uint64_t value = __atomic_load_n(word, __ATOMIC_ACQUIRE);
    size_t branch = 0;
    if (type == ACL_MODEL_RI_COND_TYPE_IF) {
      if (value == 0 && branches.size() < 2) return aclnn_host::TaskResult();
      branch = value != 0 ? 0 : 1;
    } else if (type == ACL_MODEL_RI_COND_TYPE_WHILE) {
      if (value == 0) return aclnn_host::TaskResult();
    } else {
      // The NPU compares the index signed: from 2^63 up it would pick no valid branch; none runs here.
      if (value >= branches.size()) return aclnn_host::TaskResult();
      branch = static_cast<size_t>(value);
    }
    aclnn_host::TaskResult result = branches[branch]->RunInline();
    if (result.code != 0 || type != ACL_MODEL_RI_COND_TYPE_WHILE) return result;
    // A loop whose condition never turns 0 runs until its stream or its model is aborted.
    if (aclnn_host::Stream::RunningModelAborted()) return aclnn_host::TaskResult();
    if (running != nullptr && (running->cancellations() != epoch || running->shutting_down())) {
      return aclnn_host::TaskResult();
    }
  }
}

}  // namespace

aclError aclmdlRICondHandleCreate(aclmdlRI modelRI, uint32_t defaultLaunchValue, aclmdlRICondHandleFlag flag,
                                  aclmdlRICondHandle* handle) {
  const char* api = "aclmdlRICondHandleCreate";
  if (modelRI == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRI is nullptr.");
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (static_cast<uint32_t>(flag) > ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Conditional handle creation: flag %u is out of range [0, 1].",
                  static_cast<uint32_t>(flag));
    }
    if (graph->origin_stream() < 0) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "Conditional handle creation: the modelRI is not a ACL Graph (it was built, not captured).");
    }
    if (!graph->capturing()) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "Conditional handle creation: ModelRI (model_id=%u) is not in the "
                  "capture stage.",
                  graph->id());
    }
    status = RequireModelContext(api, *graph, "Conditional handle creation: ");
    if (status != ACL_SUCCESS) return status;
    const int32_t device = graph->device();
    status = RequireConditionProduct(api);
    if (status != ACL_SUCCESS) return status;
    auto cond = std::make_shared<aclnn_host::CondHandle>();
    status = aclnn_host::MemoryRegistry::Get().AllocateDevice(api, &cond->word, sizeof(uint64_t), device,
                                                              Runtime::Get().device_memory_capacity());
    if (status != ACL_SUCCESS) return status;
    std::memset(cond->word, 0, sizeof(uint64_t));  // as upstream's setup
    cond->default_value = defaultLaunchValue;
    cond->assign_default = flag == ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT;
    graph->AddCondHandle(cond);
    *handle = cond->handle;
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t** ptr) {
  const char* api = "aclmdlRICondHandleGetCondPtr";
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  if (ptr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "ptr is nullptr.");
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::CondHandle> cond;
    std::shared_ptr<CaptureGraph> owner;
    aclError status = FindCondition(api, handle, &cond, &owner);
    if (status != ACL_SUCCESS) return status;
    int32_t device = -1;
    status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    status = RequireConditionProduct(api);
    if (status != ACL_SUCCESS) return status;
    *ptr = static_cast<uint64_t*>(cond->word);
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream, uint32_t flags) {
  const char* api = "aclmdlRIAddCondTask";
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  return Run(api, [&] {
    const char* what = "Adding a conditional task to a stream";
    if (static_cast<uint32_t>(params.type) > ACL_MODEL_RI_COND_TYPE_SWITCH) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s: params.type %u is out of range [0, 2].", what,
                  static_cast<uint32_t>(params.type));
    }
    if (flags != 0) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s: flags is reserved parameter and must be 0.", what);
    }
    if (params.handle == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s: params.handle is nullptr.", what);
    if (params.modelRIArray == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s: params.modelRIArray is nullptr.", what);
    }
    std::shared_ptr<aclnn_host::CondHandle> cond;
    std::shared_ptr<CaptureGraph> owner;
    aclError status = FindCondition(api, params.handle, &cond, &owner);
    if (status != ACL_SUCCESS) return status;
    {
      std::lock_guard<std::mutex> lock(cond->mutex);
      if (cond->used) {
        return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                    "The handle has been launched with condition task, create a new handle before adding another "
                    "condition task.");
      }
    }
    int32_t device = -1;
    status = Runtime::Get().RequireContext(api, &device);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    const std::shared_ptr<CaptureGraph> capture = target->capture();
    if (capture == nullptr || capture->origin_stream() < 0) {
      return Fail(api, ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                  "Stream (stream_id=%d) must be in the capture stage before adding a condition task.", target->id());
    }
    status = RequireConditionProduct(api);
    if (status != ACL_SUCCESS) return status;
    if (capture != owner) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "model associated with the condition handle is inconsistent with that associated with the stream, "
                  "condhandle model_id=%u, capture stream model_id=%u.",
                  owner->id(), capture->id());
    }
    const uint32_t size = params.size;
    const bool size_ok = params.type == ACL_MODEL_RI_COND_TYPE_IF      ? (size == 1 || size == 2)
                         : params.type == ACL_MODEL_RI_COND_TYPE_WHILE ? size == 1
                                                                       : size > 0;
    if (!size_ok) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "Verifying the number of parameters of a conditional task: params.size %u must be %s.", size,
                  params.type == ACL_MODEL_RI_COND_TYPE_IF      ? "1 or 2"
                  : params.type == ACL_MODEL_RI_COND_TYPE_WHILE ? "1"
                                                                : "greater than 0");
    }
    // The branches: models of their own that are not capturing until aclmdlRICaptureToModelRIBegin.
    std::vector<std::shared_ptr<CaptureGraph>> branches;
    for (uint32_t i = 0; i < size; ++i) {
      auto branch = std::make_shared<CaptureGraph>(owner->device(), owner->mode(), owner->origin_stream());
      branch->mark_branch();
      branch->StopCapturing();
      CaptureRegistry::Get().Adopt(branch);
      branches.push_back(std::move(branch));
    }
    {
      std::lock_guard<std::mutex> lock(cond->mutex);
      if (cond->used) {  // another thread took it meanwhile
        for (const auto& branch : branches) CaptureRegistry::Get().Destroy(branch->handle());
        return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "The condHandle has already been used by aclmdlRIAddCondTask.");
      }
      cond->used = true;
      cond->type = params.type;
      cond->branches = branches;
    }
    aclnn_host::CapturedTask task;
    // Issued at each replay: the branches' memory is pinned then, until the task has run (a model
    // replayed into another capture pins it at each of the outer model's replays too).
    task.issue = [cond] {
      // Inside a branch's run the enclosing conditional task pinned all of it, this one's included.
      if (branch_depth > 0) return aclnn_host::StreamTask([cond] { return RunCondition(*cond); });
      auto pins = std::make_shared<std::vector<aclnn_host::MemoryPins>>();
      std::string problem;
      if (!aclnn_host::PinBranchMemory(*cond, pins.get(), &problem)) {
        return aclnn_host::StreamTask([problem] {
          return aclnn_host::TaskResult{ACL_ERROR_RT_PARAM_INVALID, problem};
        });
      }
      return aclnn_host::StreamTask([cond, pins] { return RunCondition(*cond); });
    };
    task.memory = {
        aclnn_host::MemoryRange{"condition", "", cond->word, sizeof(uint64_t), aclnn_host::MemoryKind::kDevice}};
    task.memory_device = owner->device();
    task.label = aclnn_host::TaskLabel{"CONDITION_OP"};
    if (!target->IssueOrCapture(std::move(task))) {
      const aclError refused = aclnn_host::FailNotIssued(api);
      {  // as upstream: the branches go and the handle can be used again
        std::lock_guard<std::mutex> lock(cond->mutex);
        cond->used = false;
        cond->branches.clear();
      }
      for (const auto& branch : branches) CaptureRegistry::Get().Destroy(branch->handle());
      return refused;
    }
    for (uint32_t i = 0; i < size; ++i) params.modelRIArray[i] = branches[i]->handle();
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI, aclmdlRICaptureMode mode) {
  const char* api = "aclmdlRICaptureToModelRIBegin";
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  if (modelRI == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRI is nullptr.");
  return Run(api, [&] {
    aclError status = RequireCaptureProduct(api);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<CaptureGraph> graph;
    status = FindModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    std::shared_ptr<aclnn_host::Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    if (static_cast<int>(mode) < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL ||
        static_cast<int>(mode) > ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "mode %d is not valid: the range is [0, 3).",
                  static_cast<int>(mode));
    }
    if (!graph->is_branch()) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "Stream begin capture: The modelRI is not a sub ACL Graph.");
    }
    if (graph->branch_captured()) {
      return Fail(api, ACL_ERROR_RT_MODEL_CAPTURED, "ModelRI (model_id=%u) is already captured.", graph->id());
    }
    if (const std::shared_ptr<CaptureGraph> existing = target->capture()) {
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED,
                  "Stream is already in capture status, device_id=%d, stream_id=%d, status=%s.", target->device(),
                  target->id(), existing->invalidated() ? "invalidated" : "active");
    }
    if (!graph->RestartCaptureAsBranch(mode)) {
      return Fail(api, ACL_ERROR_RT_MODEL_CAPTURED, "ModelRI (model_id=%u) is already captured.", graph->id());
    }
    CaptureRegistry::Get().CaptureStarted(graph);
    if (const std::shared_ptr<CaptureGraph> existing = target->BeginCapture(graph)) {
      graph->AbandonBranchCapture();  // the branch can be captured again
      CaptureRegistry::Get().CaptureStopped(graph);
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED,
                  "Stream is already in capture status, device_id=%d, stream_id=%d, status=%s.", target->device(),
                  target->id(), existing->invalidated() ? "invalidated" : "active");
    }
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIUpdate(aclmdlRI modelRI) {
  const char* api = "aclmdlRIUpdate";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    aclError status = FindLiveModel(api, modelRI, &graph);
    if (status != ACL_SUCCESS) return status;
    if (graph->origin_stream() < 0) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "Model update: Non ACL Graph mode is not supported (the model was built, not captured).");
    }
    if (graph->is_branch()) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "sub ACL Graph does not support updating model.");
    }
    status = RequireIntrospection(api, false);
    if (status != ACL_SUCCESS) return status;
    // Upstream's model is then CAPTURING or RUNNING, not UPDATING: no update (a replay issued
    // before it would otherwise run some old and some new tasks).
    if (graph->capturing() || graph->running()) {
      return Fail(api, ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                  "model is not ready for update, model_id=%u, current status=%s (synchronise its replays first).",
                  graph->id(), graph->capturing() ? "CAPTURING" : "RUNNING");
    }
    if (!graph->ApplyEdits()) {
      return Fail(api, ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                  "model is not ready for update, model_id=%u, current status=FAULT (the last task edit failed).",
                  graph->id());
    }
    return ACL_SUCCESS;
  });
}

// Task groups (hicann/runtime src/runtime/feature/aclgraph/context_aclgraph.cc): the kernel tasks a
// capture records between TaskGrpBegin and TaskGrpEnd can later be replaced, one for one, by the
// operator runs issued to another stream between TaskUpdateBegin and TaskUpdateEnd; the
// replacement takes effect in that stream's order.
aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream) {
  const char* api = "aclmdlRICaptureTaskGrpBegin";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = FindTaskGroupStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    if (!Captures(*target)) {
      return Fail(api, ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                  "Marking the start of a task group: stream (stream_id=%d) is not in the capture stage.",
                  target->id());
    }
    if (!target->BeginTaskGroup(std::make_shared<aclnn_host::TaskGroup>())) {
      return Fail(api, ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                  "Task group is repeatedly started, or a task group is being updated (stream_id=%d).", target->id());
    }
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp* handle) {
  const char* api = "aclmdlRICaptureTaskGrpEnd";
  return Run(api, [&] {
    if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
    if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = FindTaskGroupStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    const std::shared_ptr<CaptureGraph> graph = target->capture();
    if (graph == nullptr || graph->origin_stream() < 0) {  // not capturing (a build's stream is a model's)
      return Fail(api, ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                  "Marking the end of a task group: stream (stream_id=%d) is not in the capture stage.", target->id());
    }
    *handle = nullptr;
    const std::shared_ptr<aclnn_host::TaskGroup> group = target->EndTaskGroup();
    if (group == nullptr) {
      return Fail(api, ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                  "The end operation cannot be performed on a stream that has not started a task group "
                  "(stream_id=%d).",
                  target->id());
    }
    if (graph->task_groups_failed()) {
      return Fail(api, ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                  "Marks the end of the task group failed: stream (stream_id=%d): the ACL Graph associated with the "
                  "stream has errors (a task that is not an operator run was issued to the group). Handle the error "
                  "reported by the previous API first.",
                  target->id());
    }
    if (graph->invalidated()) {
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                  "Marks the end of the task group failed: stream (stream_id=%d): the ACL Graph capture associated "
                  "with the stream has been invalidated.",
                  target->id());
    }
    graph->AddTaskGroup(group);
    *handle = group->handle;
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle) {
  const char* api = "aclmdlRICaptureTaskUpdateBegin";
  const char* what = "Marking the start of the task to be updated";
  return Run(api, [&] {
    if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
    if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
    std::shared_ptr<aclnn_host::Stream> target;
    aclError status = FindTaskGroupStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    status = RequireOperatorStream(api, what, *target);
    if (status != ACL_SUCCESS) return status;
    // Beyond upstream (which dereferences the handle): a handle must name a task group of a live model.
    std::shared_ptr<aclnn_host::TaskGroup> group = CaptureRegistry::Get().FindTaskGroup(handle);
    if (group == nullptr) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "%p is not a task group of a live model (aclmdlRICaptureTaskGrpEnd gives them).", handle);
    }
    bool group_taken = false;
    if (!target->BeginTaskUpdate(std::move(group), &group_taken)) {
      if (group_taken) {
        return Fail(api, ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                    "The handle only can be updated by one stream: another stream is updating it.");
      }
      return Fail(api, ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                  "%s: the stream (stream_id=%d) is already in task update or sample mode.", what, target->id());
    }
    return ACL_SUCCESS;
  });
}

aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream) {
  const char* api = "aclmdlRICaptureTaskUpdateEnd";
  const char* what = "Marking the end of the task to be updated";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    aclError status = FindTaskGroupStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    status = RequireOperatorStream(api, what, *target);
    if (status != ACL_SUCCESS) return status;
    size_t replaced = 0;
    const std::shared_ptr<aclnn_host::TaskGroup> group = target->EndTaskUpdate(&replaced);
    if (group == nullptr) {
      return Fail(api, ACL_ERROR_STREAM_TASK_GROUP_STATUS, "%s: the stream (stream_id=%d) is not in task update mode.",
                  what, target->id());
    }
    size_t total = 0;
    {
      std::lock_guard<std::mutex> lock(group->mutex);
      total = group->slots.size();
    }
    if (replaced != total) {
      // As upstream, the stream has left update mode and the tasks already replaced stay replaced.
      return Fail(api, ACL_ERROR_RT_INTERNAL_ERROR,
                  "%s failed: stream (stream_id=%d): the task group under this stream contains unupdated tasks. "
                  "total_num=%zu, matched_num=%zu.",
                  what, target->id(), total, replaced);
    }
    return ACL_SUCCESS;
  });
}

}  // extern "C"
