// Stream capture and model run instances: aclmdlRICaptureBegin, aclmdlRICaptureGetInfo,
// aclmdlRICaptureEnd, aclmdlRICaptureThreadExchangeMode, aclmdlRIExecuteAsync, aclmdlRIExecute and
// aclmdlRIDestroy (capture.h has the model). Checks, their order and codes follow hicann/runtime
// (src/acl/aclrt_impl/model_ri.cpp, src/runtime/feature/aclgraph/*, commit 681ef761); where the
// runtime dereferences a pointer the acl layer did not check, aclnn-host reports
// ACL_ERROR_INVALID_PARAM instead. docs/api-coverage.md lists what is not captured.
#include <chrono>
#include <memory>

#include "acl/acl.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
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
  return Fail(api, ACL_ERROR_RT_MODEL_CAPTURED,
              "the model is still being captured on stream %d: call aclmdlRICaptureEnd first.", graph.origin_stream());
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
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    auto graph = std::make_shared<CaptureGraph>(target->device(), mode, target->id());
    const aclmdlRI handle = CaptureRegistry::Get().Adopt(graph);  // before the graph is shared
    if (!target->BeginCapture(graph)) {
      CaptureRegistry::Get().Destroy(handle);
      return Fail(api, ACL_ERROR_RT_STREAM_CAPTURED,
                  "Stream is already in capture status, device_id=%d, stream_id=%d, status=%s.", target->device(),
                  target->id(), target->capture()->invalidated() ? "invalidated" : "active");
    }
    CaptureRegistry::Get().CaptureStarted(graph);
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
    const std::shared_ptr<CaptureGraph> graph = target->capture();
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
    if (modelRI == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "modelRI is nullptr.");
    *modelRI = nullptr;
    std::shared_ptr<aclnn_host::Stream> target;
    const aclError found = Runtime::Get().FindStream(api, stream, &target);
    if (found != ACL_SUCCESS) return found;
    std::shared_ptr<CaptureGraph> graph = target->capture();
    if (graph == nullptr) {
      return Fail(api, ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                  "The stream (stream_id=%d) is not in capture status, call aclmdlRICaptureBegin to capture the "
                  "stream first.",
                  target->id());
    }
    const bool wrong_thread =
        graph->begin_thread() != std::this_thread::get_id() && graph->mode() != ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    target->EndCapture();
    graph->StopCapturing();
    CaptureRegistry::Get().CaptureStopped(graph);
    const aclmdlRI handle = graph->handle();
    if (wrong_thread || graph->invalidated()) {
      // Upstream clears the capture model in both cases: nothing is returned.
      CaptureRegistry::Get().Destroy(handle);
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
    *modelRI = handle;
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
    status = RequireCaptureEnded(api, *graph);
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
    status = RequireCaptureEnded(api, *graph);
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
    status = RequireCaptureEnded(api, *graph);
    if (status != ACL_SUCCESS) return status;
    // Replays already issued keep their own copies of the tasks: they run to completion.
    CaptureRegistry::Get().Destroy(modelRI);
    return ACL_SUCCESS;
  });
}

}  // extern "C"
