// The C boundary: every extern "C" entry point runs its body through Guard, which turns an escaping
// C++ exception into a status code with a message instead of letting it cross into C callers.
#ifndef ACLNN_HOST_RUNTIME_GUARD_H_
#define ACLNN_HOST_RUNTIME_GUARD_H_

#include <exception>
#include <new>

#include "acl/acl_base_rt.h"
#include "runtime/error_log.h"

namespace aclnn_host {

/// Runs `body` (returning a status); maps std::bad_alloc to `out_of_memory_code` and any other
/// exception to `internal_code`, recording a message under `api`.
template <typename Body>
int Guard(const char* api, int out_of_memory_code, int internal_code, Body&& body) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return Fail(api, out_of_memory_code, "out of host memory.");
  } catch (const std::exception& error) {
    return Fail(api, internal_code, std::string("internal error: ") + error.what());
  } catch (...) {
    return Fail(api, internal_code, "internal error: unknown exception.");
  }
}

/// Guard for the runtime's (acl*, aclrt*) entry points: ACL_ERROR_BAD_ALLOC when out of memory,
/// ACL_ERROR_INTERNAL_ERROR for anything else.
template <typename Body>
aclError RuntimeGuard(const char* api, Body&& body) {
  return Guard(api, ACL_ERROR_BAD_ALLOC, ACL_ERROR_INTERNAL_ERROR, body);
}

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_GUARD_H_
