// extern "C" entry points of the lifecycle callbacks: aclInit/aclFinalize callbacks, device and
// stream state callbacks (lifecycle_callbacks.h has the rules and when each runs) and a model's
// destroy callbacks (capture.h). Checks, their order and codes follow hicann/runtime (commit
// 681ef761): src/acl/aclrt_impl/callback_api.cpp, src/acl/aclrt_impl/callback.cpp, model_ri.cpp and
// the runtime's api_error.cc.
#include "acl/acl.h"
#include "runtime/capture.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/lifecycle_callbacks.h"

using aclnn_host::CaptureGraph;
using aclnn_host::CaptureRegistry;
using aclnn_host::Fail;
using aclnn_host::LifecycleCallbacks;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

// The runtime layer's checks of the model calls: a NULL or dead handle and a NULL function are
// ACL_ERROR_RT_PARAM_INVALID there (the acl layer checks nothing).
aclError FindModelForCallback(const char* api, aclmdlRI handle, aclrtCallback func,
                              std::shared_ptr<CaptureGraph>* graph) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "modelRI is nullptr.");
  *graph = CaptureRegistry::Get().Find(handle);
  if (*graph == nullptr) {
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live model (destroyed, or never captured).", handle);
  }
  if (func == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "func is nullptr.");
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc, void* userData) {
  const char* api = "aclInitCallbackRegister";
  return Run(api, [&] { return LifecycleCallbacks::Get().RegisterInit(api, type, cbFunc, userData); });
}

aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc) {
  const char* api = "aclInitCallbackUnRegister";
  return Run(api, [&] { return LifecycleCallbacks::Get().UnregisterInit(api, type, cbFunc); });
}

aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc, void* userData) {
  const char* api = "aclFinalizeCallbackRegister";
  return Run(api, [&] { return LifecycleCallbacks::Get().RegisterFinalize(api, type, cbFunc, userData); });
}

aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc) {
  const char* api = "aclFinalizeCallbackUnRegister";
  return Run(api, [&] { return LifecycleCallbacks::Get().UnregisterFinalize(api, type, cbFunc); });
}

aclError aclrtRegDeviceStateCallback(const char* regName, aclrtDeviceStateCallback callback, void* args) {
  const char* api = "aclrtRegDeviceStateCallback";
  return Run(api, [&] { return LifecycleCallbacks::Get().RegisterDeviceState(api, regName, callback, args); });
}

aclError aclrtRegStreamStateCallback(const char* regName, aclrtStreamStateCallback callback, void* args) {
  const char* api = "aclrtRegStreamStateCallback";
  return Run(api, [&] { return LifecycleCallbacks::Get().RegisterStreamState(api, regName, callback, args); });
}

aclError aclmdlRIDestroyRegisterCallback(aclmdlRI modelRI, aclrtCallback func, void* userData) {
  const char* api = "aclmdlRIDestroyRegisterCallback";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    const aclError status = FindModelForCallback(api, modelRI, func, &graph);
    if (status != ACL_SUCCESS) return status;
    if (graph->is_branch()) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "sub ACL Graph does not support registering destroy callback.");
    }
    if (!graph->AddDestroyCallback(func, userData)) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                  "the callback function %p is registered on this model already and cannot be registered again.",
                  reinterpret_cast<void*>(func));
    }
    return ACL_SUCCESS;
  });
}

aclError aclmdlRIDestroyUnregisterCallback(aclmdlRI modelRI, aclrtCallback func) {
  const char* api = "aclmdlRIDestroyUnregisterCallback";
  return Run(api, [&] {
    std::shared_ptr<CaptureGraph> graph;
    const aclError status = FindModelForCallback(api, modelRI, func, &graph);
    if (status != ACL_SUCCESS) return status;
    if (graph->is_branch()) {
      return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  "sub ACL Graph does not support unregistering destroy callback.");
    }
    if (!graph->RemoveDestroyCallback(func)) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "the callback function %p is not registered on this model.",
                  reinterpret_cast<void*>(func));
    }
    return ACL_SUCCESS;
  });
}

}  // extern "C"
