// The per-thread error text behind aclGetRecentErrMsg, and the one place that formats it.
//
// Every failed acl/aclnn call reports one error (CANN's error id for its status, and the text) to
// the calling thread's log; aclGetRecentErrMsg hands them out in CANN's ErrorManager envelope
// ("[PID: p] time Title(EZ1001): text", then "TraceBack (most recent call last):" and the others)
// and clears them. ACLNN_HOST_ERROR_TAGS=1 adds "[api] " and " (error N)" to each text.
#ifndef ACLNN_HOST_RUNTIME_ERROR_LOG_H_
#define ACLNN_HOST_RUNTIME_ERROR_LOG_H_

#include <string>

#include "common/export.h"

namespace aclnn_host {

/// printf-style formatting into a std::string.
AH_INTERNAL_API std::string FormatString(const char* format, ...) __attribute__((format(printf, 1, 2)));

/// Appends one error line for a failed call of `api` that returned `code`.
AH_INTERNAL_API void AppendErrorMessage(const char* api, int code, const std::string& text);

/// The status of the calling thread's latest failed aclrt* call (0: none since the last clear);
/// `clear` resets it to 0 (aclrtGetLastError does, aclrtPeekAtLastError does not).
AH_INTERNAL_API int LastRuntimeError(bool clear);

/// Returns the calling thread's accumulated text and clears it; nullptr when there is none.
/// The pointer stays valid until the thread's next call.
AH_INTERNAL_API const char* TakeRecentErrorMessage();

/// Records the error and returns `code`, so failure paths read `return Fail(api, code, ...)`.
/// A C variadic rather than a template, so that the compiler checks every format against its
/// arguments.
AH_INTERNAL_API int Fail(const char* api, int code, const char* format, ...) __attribute__((format(printf, 3, 4)));

inline int Fail(const char* api, int code, const std::string& text) {
  AppendErrorMessage(api, code, text);
  return code;
}

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_ERROR_LOG_H_
