// extern "C" entry points of explicit contexts and forced teardown (the behaviour: context.cc).
//
// Forced teardown drains: aclrtResetDeviceForce and aclrtDestroyStreamForce let every task already
// queued run to completion before the streams go. A host thread cannot be pre-empted mid-task, and
// dropping queued tasks would leave the events they record never completing and the memory they
// pin pinned; draining keeps both consistent. What "force" adds: aclrtResetDeviceForce releases the
// device whatever its reference count (every aclrtSetDevice and every explicit context on it).
#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"

using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::Guard(api, ACL_ERROR_BAD_ALLOC, ACL_ERROR_INTERNAL_ERROR, body);
}

}  // namespace

extern "C" {

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  const char* api = "aclrtCreateContext";
  return Run(api, [&] { return Runtime::Get().CreateContext(api, context, deviceId); });
}

aclError aclrtDestroyContext(aclrtContext context) {
  const char* api = "aclrtDestroyContext";
  return Run(api, [&] { return Runtime::Get().DestroyContext(api, context); });
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  const char* api = "aclrtSetCurrentContext";
  return Run(api, [&] { return Runtime::Get().SetCurrentContext(api, context); });
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  const char* api = "aclrtGetCurrentContext";
  return Run(api, [&] { return Runtime::Get().GetCurrentContext(api, context); });
}

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) {
  const char* api = "aclrtCtxGetCurrentDefaultStream";
  return Run(api, [&] { return Runtime::Get().GetCurrentDefaultStream(api, stream); });
}

aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t* flags, int32_t* active) {
  const char* api = "aclrtGetPrimaryCtxState";
  return Run(api, [&] { return Runtime::Get().GetPrimaryContextState(api, deviceId, flags, active); });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  const char* api = "aclrtResetDeviceForce";
  return Run(api, [&] { return Runtime::Get().ResetDeviceForce(api, deviceId); });
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  const char* api = "aclrtDestroyStreamForce";
  return Run(api, [&] { return Runtime::Get().DestroyStream(api, stream); });
}

}  // extern "C"
