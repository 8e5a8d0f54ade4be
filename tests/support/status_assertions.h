// Assertions on an acl/aclnn call's status and the error line it leaves behind.
#ifndef ACLNN_HOST_TESTS_SUPPORT_STATUS_ASSERTIONS_H_
#define ACLNN_HOST_TESTS_SUPPORT_STATUS_ASSERTIONS_H_

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "support/acl_test_support.h"

namespace test {

/// Succeeds when `got` is `expected` and the thread's error text (read and cleared here) names
/// `api` as "[api]", carries "(error <expected>)" and contains every one of `phrases`.
inline ::testing::AssertionResult FailsWith(aclError got, aclError expected, const char* api,
                                            std::initializer_list<const char*> phrases = {}) {
  const std::string message = test::TakeErrorMessage();
  if (got != expected) {
    return ::testing::AssertionFailure() << "returned " << got << ", expected " << expected << "; message: \""
                                         << message << "\"";
  }
  const std::string tag = std::string("[") + api + "]";
  const std::string code = "(error " + std::to_string(expected) + ")";
  for (const std::string& needle : std::vector<std::string>{tag, code}) {
    if (message.find(needle) == std::string::npos) {
      return ::testing::AssertionFailure() << "message \"" << message << "\" lacks \"" << needle << "\"";
    }
  }
  for (const char* phrase : phrases) {
    if (message.find(phrase) == std::string::npos) {
      return ::testing::AssertionFailure() << "message \"" << message << "\" lacks \"" << phrase << "\"";
    }
  }
  return ::testing::AssertionSuccess();
}

/// Succeeds when `got` is ACL_SUCCESS and no error text was recorded.
inline ::testing::AssertionResult Succeeds(aclError got) {
  const std::string message = test::TakeErrorMessage();
  if (got != ACL_SUCCESS) return ::testing::AssertionFailure() << "returned " << got << ": " << message;
  if (!message.empty()) return ::testing::AssertionFailure() << "succeeded but left the message \"" << message << "\"";
  return ::testing::AssertionSuccess();
}

}  // namespace test

#endif  // ACLNN_HOST_TESTS_SUPPORT_STATUS_ASSERTIONS_H_
