// Assertions on a first phase's outcome: its status, and the one error line it leaves
// ("[api] CATEGORY: text (error N)").
#ifndef ACLNN_HOST_TESTS_SUPPORT_PHASE_ONE_H_
#define ACLNN_HOST_TESTS_SUPPORT_PHASE_ONE_H_

#include <gtest/gtest.h>

#include <string>

#include "support/acl_test_support.h"

namespace test {

/// The outcome of one phase-one call and the error text it left.
struct PhaseOneResult {
  aclnnStatus status = -1;
  uint64_t workspace_size = 12345;
  aclOpExecutor* executor = nullptr;
  std::string message;
};

/// Calls `phase_one(&workspace_size, &executor)` with a clean error log and records the outcome.
template <typename PhaseOne>
PhaseOneResult RunPhaseOne(PhaseOne&& phase_one) {
  PhaseOneResult result;
  TakeErrorMessage();
  result.status = phase_one(&result.workspace_size, &result.executor);
  result.message = TakeErrorMessage();
  return result;
}

/// Frees an executor a test does not run.
inline void Discard(aclOpExecutor* executor) {
  if (executor == nullptr) return;
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS) << TakeErrorMessage();
}

/// Succeeds when `message` is exactly one line tagged "[api]", ending in "(error <code>)" and
/// containing `phrase`.
inline ::testing::AssertionResult MessageIs(const std::string& message, const char* api, aclnnStatus code,
                                            const std::string& phrase) {
  const std::string tag = std::string("[") + api + "] ";
  const std::string suffix = " (error " + std::to_string(code) + ")";
  if (message.compare(0, tag.size(), tag) != 0) {
    return ::testing::AssertionFailure() << "message \"" << message << "\" does not start with \"" << tag << "\"";
  }
  if (message.size() < suffix.size() || message.compare(message.size() - suffix.size(), suffix.size(), suffix) != 0) {
    return ::testing::AssertionFailure() << "message \"" << message << "\" does not end with \"" << suffix << "\"";
  }
  if (message.find('\n') != std::string::npos) {
    return ::testing::AssertionFailure() << "more than one error line: \"" << message << "\"";
  }
  if (message.find(phrase) == std::string::npos) {
    return ::testing::AssertionFailure() << "message \"" << message << "\" lacks \"" << phrase << "\"";
  }
  return ::testing::AssertionSuccess();
}

/// Phase one of `api` was rejected with `code` and a message containing `phrase`.
inline ::testing::AssertionResult Rejected(const PhaseOneResult& result, const char* api, aclnnStatus code,
                                           const std::string& phrase) {
  if (result.status == ACLNN_SUCCESS) Discard(result.executor);
  if (result.status != code) {
    return ::testing::AssertionFailure() << "returned " << result.status << ", expected " << code << "; message: \""
                                         << result.message << "\"";
  }
  return MessageIs(result.message, api, code, phrase);
}

/// Phase one succeeded without error text and returned an executor.
inline ::testing::AssertionResult Accepted(const PhaseOneResult& result) {
  if (result.status != ACLNN_SUCCESS) {
    return ::testing::AssertionFailure() << "returned " << result.status << "; message: \"" << result.message << "\"";
  }
  if (!result.message.empty()) return ::testing::AssertionFailure() << "error text on success: " << result.message;
  if (result.executor == nullptr) return ::testing::AssertionFailure() << "no executor";
  return ::testing::AssertionSuccess();
}

}  // namespace test

#endif  // ACLNN_HOST_TESTS_SUPPORT_PHASE_ONE_H_
