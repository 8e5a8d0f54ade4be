// aclrtValueWrite / aclrtValueWait (streams signalling each other through 64-bit words of device
// memory) and aclrtGetDeviceCapability, with the codes upstream's runtime returns.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <thread>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

/// A device word's value, read back synchronously.
uint64_t ReadWord(void* word) {
  uint64_t value = 0;
  EXPECT_EQ(aclrtMemcpy(&value, sizeof(value), word, sizeof(value), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  return value;
}

TEST(AclValues, AWaitHoldsItsStreamUntilAnotherStreamWritesTheValue) {
  test::RuntimeSession session;
  aclrtStream waiter = session.stream(), writer = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&writer)));
  test::DeviceBuffer flag(8), data(8);
  ASSERT_TRUE(Succeeds(aclrtMemset(flag.get(), 8, 0, 8)));
  ASSERT_TRUE(Succeeds(aclrtMemset(data.get(), 8, 0, 8)));
  // The waiter's stream: wait for flag == 7, then copy flag into data.
  ASSERT_TRUE(Succeeds(aclrtValueWait(flag.get(), 7, ACL_STREAM_WAIT_VALUE_EQ, waiter)));
  ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(data.get(), 8, flag.get(), 8, ACL_MEMCPY_DEVICE_TO_DEVICE, waiter)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_TRUE(Succeeds(aclrtStreamQuery(waiter, &status)));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);  // still waiting
  EXPECT_EQ(ReadWord(data.get()), 0u);
  ASSERT_TRUE(Succeeds(aclrtValueWrite(flag.get(), 7, 0, writer)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(waiter)));
  EXPECT_EQ(ReadWord(data.get()), 7u);
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(writer)));
}

TEST(AclValues, EveryConditionAsTheNpuComparesIt) {
  test::RuntimeSession session;
  test::DeviceBuffer word(8);
  struct Case {
    uint64_t current, value;
    uint32_t flag;
    bool holds;
  };
  const Case cases[] = {
      {5, 5, ACL_STREAM_WAIT_VALUE_GEQ, true},
      {6, 5, ACL_STREAM_WAIT_VALUE_GEQ, true},
      {4, 5, ACL_STREAM_WAIT_VALUE_GEQ, false},
      {~uint64_t{0}, 1, ACL_STREAM_WAIT_VALUE_GEQ, false},  // signed: -1 < 1
      {1, ~uint64_t{0}, ACL_STREAM_WAIT_VALUE_GEQ, true},
      {9, 9, ACL_STREAM_WAIT_VALUE_EQ, true},
      {9, 8, ACL_STREAM_WAIT_VALUE_EQ, false},
      {0b1010, 0b0010, ACL_STREAM_WAIT_VALUE_AND, true},
      {0b1010, 0b0101, ACL_STREAM_WAIT_VALUE_AND, false},
      {~uint64_t{0} ^ 1, 0, ACL_STREAM_WAIT_VALUE_NOR, true},
      {~uint64_t{0} ^ 1, 1, ACL_STREAM_WAIT_VALUE_NOR, false},
  };
  for (const Case& c : cases) {
    ASSERT_TRUE(Succeeds(aclrtValueWrite(word.get(), c.current, 0, session.stream())));
    ASSERT_TRUE(Succeeds(aclrtValueWait(word.get(), c.value, c.flag, session.stream())));
    if (c.holds) {
      EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream()))) << c.current << " " << c.flag;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
      ASSERT_TRUE(Succeeds(aclrtStreamQuery(session.stream(), &status)));
      EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY) << c.current << " " << c.flag;
      ASSERT_TRUE(Succeeds(aclrtStreamAbort(session.stream())));  // ends the wait
      ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
    }
  }
}

TEST(AclValues, AnUnmetWaitDoesNotHangTheStreamsDestruction) {
  test::RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  test::DeviceBuffer word(8);
  ASSERT_TRUE(Succeeds(aclrtMemset(word.get(), 8, 0, 8)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(word.get(), 1, ACL_STREAM_WAIT_VALUE_EQ, stream)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
}

TEST(AclValues, ChecksGiveUpstreamsCodes) {
  test::RuntimeSession session;
  test::DeviceBuffer word(16);
  EXPECT_TRUE(FailsWith(aclrtValueWrite(nullptr, 1, 0, session.stream()), ACL_ERROR_INVALID_PARAM, "aclrtValueWrite",
                        {"devAddr is nullptr."}));
  EXPECT_TRUE(FailsWith(aclrtValueWrite(word.get(), 1, 1, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtValueWrite", {"flag 1 is not valid"}));
  EXPECT_TRUE(FailsWith(aclrtValueWait(word.get(), 1, 4, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtValueWait", {"flag 4 is not valid (0 to 3)."}));
  EXPECT_TRUE(FailsWith(aclrtValueWrite(static_cast<char*>(word.get()) + 4, 1, 0, session.stream()),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtValueWrite", {"not 8-byte aligned"}));
  uint64_t host = 0;
  EXPECT_TRUE(FailsWith(aclrtValueWrite(&host, 1, 0, session.stream()), ACL_ERROR_RT_PARAM_INVALID, "aclrtValueWrite",
                        {"devAddr", "is not device memory"}));
  EXPECT_TRUE(FailsWith(aclrtValueWait(static_cast<char*>(word.get()) + 16, 1, 0, session.stream()),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtValueWait", {"runs 8 bytes past the end"}));
  // The default stream (NULL) is a stream like any other.
  EXPECT_TRUE(Succeeds(aclrtValueWrite(word.get(), 3, 0, nullptr)));
  EXPECT_TRUE(Succeeds(aclrtValueWait(word.get(), 3, ACL_STREAM_WAIT_VALUE_EQ, nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(nullptr)));
}

TEST(AclValues, OnlyTheProductsUpstreamLists) {
  test::RuntimeSession session("Ascend910A");
  test::DeviceBuffer word(8);
  EXPECT_TRUE(FailsWith(aclrtValueWrite(word.get(), 1, 0, session.stream()), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtValueWrite", {"Atlas A2, Atlas A3 and Ascend 950 only, not on Ascend910A"}));
}

TEST(AclDeviceCapability, TaskUpdateOnTheTilingKeySinkChipsAndNoQueueEvents) {
  for (const char* soc : {"Ascend910B3", "Ascend910_9391", "Ascend950PR", "Ascend910A", "Ascend310P3"}) {
    test::RuntimeSession session(soc);
    const bool sink = std::string(soc).rfind("Ascend910A", 0) != 0 && std::string(soc).rfind("Ascend310", 0) != 0;
    int32_t value = 7;
    ASSERT_TRUE(Succeeds(aclrtGetDeviceCapability(0, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &value))) << soc;
    EXPECT_EQ(value, sink ? ACL_DEV_FEATURE_SUPPORT : ACL_DEV_FEATURE_NOT_SUPPORT) << soc;
    ASSERT_TRUE(Succeeds(aclrtGetDeviceCapability(0, ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV, &value))) << soc;
    EXPECT_EQ(value, ACL_DEV_FEATURE_NOT_SUPPORT) << soc;
  }
  test::RuntimeSession session;
  int32_t value = 0;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceCapability(0, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCapability", {"value is nullptr."}));
  EXPECT_TRUE(FailsWith(aclrtGetDeviceCapability(0, static_cast<aclrtDevFeatureType>(2), &value),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtGetDeviceCapability", {"devFeatureType 2"}));
  EXPECT_TRUE(FailsWith(aclrtGetDeviceCapability(5, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &value),
                        ACL_ERROR_RT_INVALID_DEVICEID, "aclrtGetDeviceCapability"));
  EXPECT_TRUE(FailsWith(aclrtGetDeviceCapability(0, static_cast<aclrtDevFeatureType>(20001), &value),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtGetDeviceCapability"));
}

}  // namespace
