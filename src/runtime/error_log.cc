#include "runtime/error_log.h"

#include <unistd.h>

#include <chrono>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

namespace aclnn_host {
namespace {

// One reported error, as CANN's ErrorManager keeps it (hicann/runtime
// src/dfx/error_manager/error_manager.cc): its error id, the id's title, the text and the time.
struct ErrorEntry {
  const char* id;
  const char* title;
  std::string text;
  std::string time;
};

struct ThreadErrorLog {
  std::vector<ErrorEntry> pending;  // errors not yet handed out, oldest first
  std::string returned;             // what the last aclGetRecentErrMsg returned (kept alive for the caller)
  int last_runtime_error = 0;       // the latest failure of an aclrt* call (aclrtGetLastError)
};

ThreadErrorLog& ThisThreadLog() {
  thread_local ThreadErrorLog log;
  return log;
}

// CANN's error ids by status (opbase's OP_LOGE maps an aclnn status by its first digit: 1 → EZ1001,
// 3 → EZ9903, else EZ9999, with the titles opbase registers; the runtime reports invalid arguments
// as EE1001 and its internal failures as EE9999).
void ErrorIdOf(int code, const char** id, const char** title) {
  if (code >= 100000 && code < 200000 && code / 10000 == 16) {
    *id = "EZ1001";
    *title = "AclNN_Parameter_Error";
  } else if (code >= 300000 && code < 400000 && code / 10000 == 36) {
    *id = "EZ9903";
    *title = "AclNN_Runtime_Error";
  } else if (code >= 561000 && code < 562000) {
    *id = "EZ9999";
    *title = "AclNN_Inner_Error";
  } else if (code == 100000 || (code >= 107000 && code <= 107003) || code == 107017) {
    *id = "EE1001";
    *title = "Invalid_Argument";
  } else {
    *id = "EE9999";
    *title = "";  // the runtime reports its internal errors without a title
  }
}

// ErrorManager::IsInnerErrorCode: an id whose digits are 9999 (internal) or 8888 (parameter check).
bool IsInnerId(const char* id) { return std::strcmp(id + 2, "9999") == 0 || std::strcmp(id + 2, "8888") == 0; }

// ErrorManager's report time, in local time: 2026-12-06-22:55:00.123.456.
std::string ReportTime() {
  const auto now = std::chrono::system_clock::now();
  const int64_t micros = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  std::tm local{};
  if (localtime_r(&seconds, &local) == nullptr) return "";
  char text[64];
  std::snprintf(text, sizeof(text), "%04d-%02d-%02d-%02d:%02d:%02d.%03lld.%03lld", local.tm_year + 1900,
                local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec,
                static_cast<long long>(micros / 1000 % 1000), static_cast<long long>(micros % 1000));
  return text;
}

// ACLNN_HOST_ERROR_TAGS=1: each text starts with "[api] " and ends with " (error N)" (read once).
bool TagsEnabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("ACLNN_HOST_ERROR_TAGS");
    return value != nullptr && std::strcmp(value, "1") == 0;
  }();
  return enabled;
}

// ErrorManager::GetErrorMessage: the first error with a non-internal id heads the text with its
// process id, time, title and id; the others follow under "TraceBack (most recent call last):".
// When every id is internal, AssembleInnerErrorMessage's layout.
std::string FormatEnvelope(const std::vector<ErrorEntry>& entries) {
  const std::string pid = std::to_string(static_cast<long long>(getpid()));
  std::string out;
  const ErrorEntry* head = nullptr;
  for (const ErrorEntry& entry : entries) {
    if (!IsInnerId(entry.id)) {
      head = &entry;
      break;
    }
  }
  if (head != nullptr) {
    out += "[PID: " + pid + "] " + head->time + " " + head->title + "(" + head->id + "): " + head->text + "\n";
    bool traceback = false;
    for (const ErrorEntry& entry : entries) {
      // Upstream skips the entries equal to the first one reported (not necessarily the head).
      if (std::strcmp(entry.id, head->id) == 0 && entry.text == entries.front().text) continue;
      if (!traceback) out += "TraceBack (most recent call last):\n";
      traceback = true;
      out += "        " + entry.text + "\n";
    }
    return out;
  }
  out += std::string(entries.front().id) + ": Internal error!\n";
  bool first = true;
  for (const ErrorEntry& entry : entries) {
    if (first) {
      out += std::string(entries.front().id) + "[PID: " + pid + "] " + entry.time + " " + entry.title + "(" + entry.id +
             "):  " + entry.text + "\nTraceBack (most recent call last):\n";
      first = false;
    } else {
      out += "       " + entry.text + "\n";
    }
  }
  return out;
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
  // A thread that fails often and never reads its errors keeps the first ones, as ErrorManager's
  // bounded store does.
  constexpr size_t kMaxPendingErrors = 1000;
  if (log.pending.size() >= kMaxPendingErrors) return;
  ErrorEntry entry;
  ErrorIdOf(code, &entry.id, &entry.title);
  entry.text = TagsEnabled() ? "[" + std::string(api) + "] " + text + " (error " + std::to_string(code) + ")" : text;
  // As ErrorManager: an error already pending (same id, same text) is not kept twice.
  for (const ErrorEntry& pending : log.pending) {
    if (std::strcmp(pending.id, entry.id) == 0 && pending.text == entry.text) return;
  }
  entry.time = ReportTime();
  log.pending.push_back(std::move(entry));
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
  log.returned = FormatEnvelope(log.pending);
  log.pending.clear();
  return log.returned.c_str();
}

}  // namespace aclnn_host
