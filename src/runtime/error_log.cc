#include "runtime/error_log.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace aclnn_host {
namespace {

struct ThreadErrorLog {
  std::string pending;         // lines not yet handed out
  std::string returned;        // what the last aclGetRecentErrMsg returned (kept alive for the caller)
  int last_runtime_error = 0;  // the latest failure of an aclrt* call (aclrtGetLastError)
};

ThreadErrorLog& ThisThreadLog() {
  thread_local ThreadErrorLog log;
  return log;
}

// CANN tags messages with an error class; ours follow the same split between parameter errors
// (EZ1001 / EE1001) and internal or runtime failures (EZ9999 / EE9999).
const char* CategoryOf(int code) {
  switch (code) {
    case 161001:
    case 161002:
      return "AclNN_Parameter_Error(EZ1001)";
    case 361001:
      return "AclNN_Runtime_Error(EZ9903)";
    case 100000:
    case 107000:
    case 107001:
    case 107002:
    case 107003:
    case 107017:
      return "EE1001";
    default:
      return code >= 561000 && code < 562000 ? "AclNN_Inner_Error(EZ9999)" : "EE9999";
  }
}

}  // namespace

namespace {

std::string FormatStringV(const char* format, va_list args) {
  va_list copy;
  va_copy(copy, args);
  const int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string text;
  if (length > 0) {
    text.resize(static_cast<size_t>(length) + 1);
    std::vsnprintf(&text[0], text.size(), format, args);
    text.resize(static_cast<size_t>(length));
  }
  return text;
}

}  // namespace

std::string FormatString(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::string text = FormatStringV(format, args);
  va_end(args);
  return text;
}

int Fail(const char* api, int code, const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::string text = FormatStringV(format, args);
  va_end(args);
  AppendErrorMessage(api, code, text);
  return code;
}

void AppendErrorMessage(const char* api, int code, const std::string& text) {
  ThreadErrorLog& log = ThisThreadLog();
  // aclrtGetLastError / aclrtPeekAtLastError report the runtime's (aclrt*) failures but their own:
  // asking must not change the answer.
  if (std::strncmp(api, "aclrt", 5) == 0 && std::strcmp(api, "aclrtGetLastError") != 0 &&
      std::strcmp(api, "aclrtPeekAtLastError") != 0) {
    log.last_runtime_error = code;
  }
  if (!log.pending.empty()) log.pending += '\n';
  log.pending += '[';
  log.pending += api;
  log.pending += "] ";
  log.pending += CategoryOf(code);
  log.pending += ": ";
  log.pending += text;
  log.pending += " (error ";
  log.pending += std::to_string(code);
  log.pending += ')';
}

int LastRuntimeError(bool clear) {
  ThreadErrorLog& log = ThisThreadLog();
  const int code = log.last_runtime_error;
  if (clear) log.last_runtime_error = 0;
  return code;
}

const char* TakeRecentErrorMessage() {
  ThreadErrorLog& log = ThisThreadLog();
  if (log.pending.empty()) return nullptr;
  log.returned.swap(log.pending);
  log.pending.clear();
  return log.returned.c_str();
}

}  // namespace aclnn_host
