// The whole AscendCL runtime surface (acl_base_rt.h, acl_rt.h, acl_rt_allocator.h): the functions
// aclnn-host does not support fail with 207000 and a message that names them and says why, leaving
// their outputs untouched; the base functions with a host meaning (data buffers, CANN attributes,
// exception-info readers) behave as CANN's.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <thread>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;
using test::TakeErrorMessage;

constexpr uintptr_t kSentinel = 0x5a5a5a5a;

TEST(AclRtUnsupported, ReturnsFeatureNotSupportedWithTheReasonAndLeavesOutputsUntouched) {
  void* address = reinterpret_cast<void*>(kSentinel);
  EXPECT_TRUE(
      FailsWith(aclrtReserveMemAddressNoUCMemory(&address, 4096, 0, nullptr, 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "aclrtReserveMemAddressNoUCMemory",
                {"aclrtReserveMemAddressNoUCMemory is not supported by aclnn-host: these variants of virtual"}));
  EXPECT_EQ(address, reinterpret_cast<void*>(kSentinel));

  EXPECT_TRUE(FailsWith(aclrtIpcMemClose("key"), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtIpcMemClose",
                        {"inter-process sharing"}));

  aclrtMbuf buffer = reinterpret_cast<aclrtMbuf>(kSentinel);
  EXPECT_TRUE(FailsWith(aclrtAllocBuf(&buffer, 64), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtAllocBuf", {"mbuf"}));
  EXPECT_EQ(buffer, reinterpret_cast<aclrtMbuf>(kSentinel));

  aclrtLabel label = reinterpret_cast<aclrtLabel>(kSentinel);
  EXPECT_TRUE(FailsWith(aclrtCreateLabel(&label), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtCreateLabel", {"labels"}));
  EXPECT_EQ(label, reinterpret_cast<aclrtLabel>(kSentinel));
}

TEST(AclRtUnsupported, HandleReturningFunctionsReturnNullWithAMessage) {
  const char bytes[4] = {1, 2, 3, 4};
  EXPECT_EQ(aclrtCreateBinary(bytes, sizeof(bytes)), nullptr);
  std::string message = TakeErrorMessage();
  EXPECT_NE(message.find("[aclrtCreateBinary]"), std::string::npos) << message;
  EXPECT_NE(message.find("no device kernel binaries"), std::string::npos) << message;
}

TEST(AclRtUnsupported, NeedNoInitialisation) {
  // A not-supported answer does not depend on the runtime's state.
  EXPECT_TRUE(FailsWith(aclrtSnapShotProcessLock(1, nullptr), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtSnapShotProcessLock", {"snapshots"}));
}

TEST(AclDataBuffer, DescribesCallerMemory) {
  int storage[4] = {};
  aclDataBuffer* buffer = aclCreateDataBuffer(storage, sizeof(storage));
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(aclGetDataBufferAddr(buffer), storage);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), sizeof(storage));
  EXPECT_EQ(aclGetDataBufferSize(buffer), static_cast<uint32_t>(sizeof(storage)));

  int other[2] = {};
  EXPECT_TRUE(Succeeds(aclUpdateDataBuffer(buffer, other, sizeof(other))));
  EXPECT_EQ(aclGetDataBufferAddr(buffer), other);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), sizeof(other));
  EXPECT_TRUE(Succeeds(aclDestroyDataBuffer(buffer)));
}

TEST(AclDataBuffer, NullIsRejectedOrEmpty) {
  EXPECT_TRUE(
      FailsWith(aclDestroyDataBuffer(nullptr), ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer", {"dataBuffer"}));
  EXPECT_TRUE(FailsWith(aclUpdateDataBuffer(nullptr, nullptr, 0), ACL_ERROR_INVALID_PARAM, "aclUpdateDataBuffer"));
  EXPECT_EQ(aclGetDataBufferAddr(nullptr), nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(nullptr), 0u);
  EXPECT_EQ(aclGetDataBufferSize(nullptr), 0u);
}

TEST(AclDataBuffer, DeprecatedSizeTruncatesTo32Bits) {
  const size_t size = (size_t{1} << 32) + 7;
  aclDataBuffer* buffer = aclCreateDataBuffer(nullptr, size);
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(aclGetDataBufferSize(buffer), 7u);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), size);
  EXPECT_TRUE(Succeeds(aclDestroyDataBuffer(buffer)));
}

TEST(AclCannAttribute, FollowsTheSocProfile) {
  int32_t value = -1;
  EXPECT_TRUE(
      FailsWith(aclGetCannAttribute(ACL_CANN_ATTR_BF16, &value), ACL_ERROR_UNINITIALIZE, "aclGetCannAttribute"));
  {
    test::RuntimeSession session("Ascend910B3");
    EXPECT_TRUE(Succeeds(aclGetCannAttribute(ACL_CANN_ATTR_BF16, &value)));
    EXPECT_EQ(value, 1);
    EXPECT_TRUE(Succeeds(aclGetCannAttribute(ACL_CANN_ATTR_INF_NAN, &value)));
    EXPECT_EQ(value, 1);
    EXPECT_TRUE(Succeeds(aclGetCannAttribute(ACL_CANN_ATTR_JIT_COMPILE, &value)));
    EXPECT_EQ(value, 0);
    const aclCannAttr* list = nullptr;
    size_t count = 0;
    EXPECT_TRUE(Succeeds(aclGetCannAttributeList(&list, &count)));
    ASSERT_EQ(count, 2u);
    EXPECT_EQ(list[0], ACL_CANN_ATTR_INF_NAN);
    EXPECT_EQ(list[1], ACL_CANN_ATTR_BF16);
    EXPECT_TRUE(FailsWith(aclGetCannAttribute(ACL_CANN_ATTR_UNDEFINED, &value), ACL_ERROR_INVALID_PARAM,
                          "aclGetCannAttribute"));
    EXPECT_TRUE(
        FailsWith(aclGetCannAttribute(ACL_CANN_ATTR_BF16, nullptr), ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute"));
    EXPECT_TRUE(
        FailsWith(aclGetCannAttributeList(nullptr, &count), ACL_ERROR_INVALID_PARAM, "aclGetCannAttributeList"));
  }
  {
    test::RuntimeSession session("Ascend910A");  // saturation only, no bf16
    EXPECT_TRUE(Succeeds(aclGetCannAttribute(ACL_CANN_ATTR_INF_NAN, &value)));
    EXPECT_EQ(value, 0);
    EXPECT_TRUE(Succeeds(aclGetCannAttribute(ACL_CANN_ATTR_BF16, &value)));
    EXPECT_EQ(value, 0);
    const aclCannAttr* list = nullptr;
    size_t count = 9;
    EXPECT_TRUE(Succeeds(aclGetCannAttributeList(&list, &count)));
    EXPECT_EQ(count, 0u);
  }
}

TEST(AclExceptionInfo, ReadersOfNullReturnAllOnes) {
  EXPECT_EQ(aclrtGetTaskIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetStreamIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetThreadIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetDeviceIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetErrorCodeFromExceptionInfo(nullptr), 0xFFFFFFFFu);
}

TEST(AclRtHeaders, EventRecordedStatusHasCannsValues) {
  EXPECT_EQ(static_cast<int>(ACL_EVENT_RECORDED_STATUS_NOT_READY), 0);
  EXPECT_EQ(static_cast<int>(ACL_EVENT_RECORDED_STATUS_COMPLETE), 1);
  EXPECT_EQ(ACL_MAJOR_VERSION, 1);
  EXPECT_EQ(ACL_MINOR_VERSION, 17);
  EXPECT_EQ(ACL_PKG_VERSION_MAX_SIZE, 128);
}

}  // namespace

namespace {

TEST(AclLastError, ReportsTheLatestRuntimeFailureOfTheThread) {
  aclrtGetLastError(ACL_RT_THREAD_LEVEL);  // whatever earlier tests of this process left
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  int32_t device = 0;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_UNINITIALIZE);
  EXPECT_EQ(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE);
  EXPECT_EQ(aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);  // the latest
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);  // peeking keeps it
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);  // getting cleared it
  EXPECT_EQ(aclrtGetLastError(static_cast<aclrtLastErrLevel>(1)), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);  // asking does not count
  std::string message = TakeErrorMessage();
  EXPECT_NE(message.find("[aclrtGetLastError]"), std::string::npos) << message;
  // Per thread: another thread's failure is not this one's.
  std::thread other([] { EXPECT_EQ(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE); });
  other.join();
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
}

}  // namespace
