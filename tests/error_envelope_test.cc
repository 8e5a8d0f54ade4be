// aclGetRecentErrMsg's text in CANN's ErrorManager envelope (hicann/runtime
// src/dfx/error_manager/error_manager.cc, GetErrorMessage and AssembleInnerErrorMessage), untagged:
// this executable does not link support/error_tags.cc, so it sees what a CANN program sees.
#include <gtest/gtest.h>
#include <unistd.h>

#include <regex>
#include <string>

#include "acl/acl.h"
#include "aclnnop/aclnn_relu.h"
#include "runtime/error_log.h"
#include "support/acl_test_support.h"

namespace {

std::string Take() {
  const char* text = aclGetRecentErrMsg();
  return text == nullptr ? std::string("<null>") : std::string(text);
}

// "[PID: <this process>] YYYY-MM-DD-HH:MM:SS.mmm.uuu "
std::string HeadPattern() {
  return "\\[PID: " + std::to_string(getpid()) + "\\] \\d{4}-\\d{2}-\\d{2}-\\d{2}:\\d{2}:\\d{2}\\.\\d{3}\\.\\d{3} ";
}

TEST(ErrorEnvelope, AParameterErrorIsTheHeadLine) {
  test::RuntimeSession session;
  test::Layout layout;
  layout.view = {4};
  test::Tensor out(layout, nullptr);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnReluGetWorkspaceSize(nullptr, out.get(), &workspace_size, &executor), ACLNN_ERR_PARAM_NULLPTR);
  const std::string text = Take();
  EXPECT_TRUE(std::regex_match(
      text,
      std::regex(HeadPattern() +
                 "AclNN_Parameter_Error\\(EZ1001\\): Expected a proper Tensor but got null for argument self\\.\\n")))
      << text;
  EXPECT_EQ(Take(), "<null>");  // cleared by the read
}

TEST(ErrorEnvelope, LaterErrorsFollowTheTraceBackLineAndRepeatsAreDropped) {
  test::RuntimeSession session;
  EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);  // the same again
  EXPECT_EQ(aclrtFree(reinterpret_cast<void*>(uintptr_t{64})), ACL_ERROR_RT_MEMORY_FREE);
  const std::string text = Take();
  EXPECT_TRUE(std::regex_match(
      text, std::regex(HeadPattern() + "Invalid_Argument\\(EE1001\\): devPtr is nullptr\\.\\n"
                                       "TraceBack \\(most recent call last\\):\\n"
                                       "        0x40 is not the start of a live aclrtMalloc allocation\\.\\n")))
      << text;
}

TEST(ErrorEnvelope, TheFirstNonInternalErrorHeadsEvenWhenAnInternalOneCameFirst) {
  aclnn_host::Fail("aclnnRelu", ACLNN_ERR_INNER, "an inner failure.");
  aclnn_host::Fail("aclnnRelu", ACLNN_ERR_PARAM_INVALID, "a parameter error.");
  const std::string text = Take();
  EXPECT_TRUE(
      std::regex_match(text, std::regex(HeadPattern() + "AclNN_Parameter_Error\\(EZ1001\\): a parameter error\\.\\n"
                                                        "TraceBack \\(most recent call last\\):\\n"
                                                        "        an inner failure\\.\\n"
                                                        "        a parameter error\\.\\n")))
      << text;
}

TEST(ErrorEnvelope, OnlyInternalErrorsTakeTheInternalLayout) {
  aclnn_host::Fail("aclnnRelu", ACLNN_ERR_INNER_NULLPTR, "first.");
  aclnn_host::Fail("aclrtSynchronizeStream", ACL_ERROR_RT_INTERNAL_ERROR, "second.");
  const std::string text = Take();
  EXPECT_TRUE(std::regex_match(text, std::regex("EZ9999: Internal error!\\n"
                                                "EZ9999" +
                                                HeadPattern() +
                                                "AclNN_Inner_Error\\(EZ9999\\):  first\\.\\n"
                                                "TraceBack \\(most recent call last\\):\\n"
                                                "       second\\.\\n")))
      << text;
}

TEST(ErrorEnvelope, StatusesMapToCannsErrorIds) {
  struct Case {
    int status;
    const char* head;
  };
  for (const Case& c : {Case{ACLNN_ERR_PARAM_NULLPTR, "AclNN_Parameter_Error(EZ1001): "},
                        Case{ACLNN_ERR_PARAM_INVALID, "AclNN_Parameter_Error(EZ1001): "},
                        Case{ACLNN_ERR_RUNTIME_ERROR, "AclNN_Runtime_Error(EZ9903): "},
                        Case{ACL_ERROR_RT_PARAM_INVALID, "Invalid_Argument(EE1001): "}}) {
    aclnn_host::Fail("api", c.status, "text.");
    const std::string text = Take();
    EXPECT_NE(text.find(std::string(c.head) + "text.\n"), std::string::npos) << c.status << ": " << text;
  }
  for (int status : {ACLNN_ERR_INNER, ACL_ERROR_RT_FEATURE_NOT_SUPPORT}) {
    aclnn_host::Fail("api", status, "text.");
    const std::string text = Take();
    EXPECT_EQ(text.find(": Internal error!\n"), 6u) << status << ": " << text;  // after the 6-character id
  }
}

}  // namespace
