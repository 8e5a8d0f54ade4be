// Counter notifies (Ascend 950): records set, add, OR and AND into a counter on their stream; waits
// hold their stream until the counter compares to a value, optionally clearing it; resets, ids,
// timeouts and CANN's checks.
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

aclrtCntNotifyRecordInfo Record(aclrtCntNotifyRecordMode mode, uint32_t value) {
  aclrtCntNotifyRecordInfo info{};
  info.mode = mode;
  info.value = value;
  return info;
}

aclrtCntNotifyWaitInfo Wait(aclrtCntNotifyWaitMode mode, uint32_t value, uint32_t timeout = 0, bool clear = false) {
  aclrtCntNotifyWaitInfo info{};
  info.mode = mode;
  info.value = value;
  info.timeout = timeout;
  info.isClear = clear ? 1 : 0;
  return info;
}

// Whether `stream` finishes its work within `ms` milliseconds.
bool FinishesWithin(aclrtStream stream, int32_t ms) {
  const bool finished = aclrtSynchronizeStreamWithTimeout(stream, ms) == ACL_SUCCESS;
  test::TakeErrorMessage();  // a timeout's message
  return finished;
}

TEST(AclCntNotify, WaitsHoldTheirStreamUntilTheRecordsMeetTheCondition) {
  test::RuntimeSession session("Ascend950PR");
  aclrtStream producer = session.stream();
  aclrtStream consumer = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&consumer)));
  aclrtCntNotify counter = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCntNotifyCreate(&counter, 0)));

  // The consumer waits for counter >= 3; two adds of 1 are not enough, a third is.
  aclrtCntNotifyWaitInfo at_least_three = Wait(ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE, 3, 0, true);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, consumer, &at_least_three)));
  aclrtCntNotifyRecordInfo add_one = Record(ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 1);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyRecord(counter, producer, &add_one)));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyRecord(counter, producer, &add_one)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(producer)));
  EXPECT_FALSE(FinishesWithin(consumer, 50));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyRecord(counter, producer, &add_one)));
  EXPECT_TRUE(FinishesWithin(consumer, 5000));

  // isClear reset the counter: EQUAL 0 is met at once; then OR and AND build a bitmask.
  aclrtCntNotifyWaitInfo zero = Wait(ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 0);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, consumer, &zero)));
  EXPECT_TRUE(FinishesWithin(consumer, 5000));
  aclrtCntNotifyRecordInfo or_bits = Record(ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE, 0b1011);
  aclrtCntNotifyRecordInfo and_bits = Record(ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE, 0b0110);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyRecord(counter, producer, &or_bits)));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyRecord(counter, producer, &and_bits)));  // 0b0010
  aclrtCntNotifyWaitInfo mask = Wait(ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE, 0b0010);
  aclrtCntNotifyWaitInfo less = Wait(ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE, 3);
  aclrtCntNotifyWaitInfo bigger = Wait(ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE, 1);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, consumer, &mask)));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, consumer, &less)));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, consumer, &bigger)));
  EXPECT_TRUE(FinishesWithin(consumer, 5000));

  // SET, then a reset (a record of 0) on the stream.
  aclrtCntNotifyRecordInfo set_nine = Record(ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE, 9);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyRecord(counter, producer, &set_nine)));
  aclrtCntNotifyWaitInfo nine = Wait(ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 9);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, consumer, &nine)));
  EXPECT_TRUE(FinishesWithin(consumer, 5000));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyReset(counter, producer)));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, consumer, &zero)));
  EXPECT_TRUE(FinishesWithin(consumer, 5000));

  EXPECT_TRUE(Succeeds(aclrtCntNotifyDestroy(counter)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(consumer)));
}

TEST(AclCntNotify, AWaitThatTimesOutFailsItsStreamAtSynchronisation) {
  test::RuntimeSession session("Ascend950DT");
  aclrtCntNotify counter = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCntNotifyCreate(&counter, 0)));
  aclrtCntNotifyWaitInfo never = Wait(ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE, 100, 1);
  ASSERT_TRUE(Succeeds(aclrtCntNotifyWaitWithTimeout(counter, session.stream(), &never)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_TASK_TIMEOUT, "aclrtSynchronizeStream",
                        {"within 1 s"}));
  EXPECT_TRUE(Succeeds(aclrtCntNotifyDestroy(counter)));
}

TEST(AclCntNotify, IdsAreTheSmallestFreeAndChecksFollowCann) {
  test::RuntimeSession session("Ascend950PR");
  aclrtCntNotify first = nullptr, second = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCntNotifyCreate(&first, 0)));
  ASSERT_TRUE(Succeeds(aclrtCntNotifyCreate(&second, 0)));
  uint32_t id = 99;
  EXPECT_TRUE(Succeeds(aclrtCntNotifyGetId(second, &id)));
  EXPECT_EQ(id, 1u);
  EXPECT_TRUE(Succeeds(aclrtCntNotifyDestroy(first)));
  // A destroyed counter is refused, never read.
  EXPECT_TRUE(FailsWith(aclrtCntNotifyGetId(first, &id), ACL_ERROR_RT_INVALID_HANDLE, "aclrtCntNotifyGetId"));
  EXPECT_TRUE(FailsWith(aclrtCntNotifyDestroy(first), ACL_ERROR_RT_INVALID_HANDLE, "aclrtCntNotifyDestroy"));
  aclrtCntNotify third = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCntNotifyCreate(&third, 0)));
  EXPECT_TRUE(Succeeds(aclrtCntNotifyGetId(third, &id)));
  EXPECT_EQ(id, 0u);

  aclrtCntNotify unused = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCntNotifyCreate(&unused, 1), ACL_ERROR_RT_PARAM_INVALID, "aclrtCntNotifyCreate"));
  EXPECT_TRUE(FailsWith(aclrtCntNotifyCreate(nullptr, 0), ACL_ERROR_RT_PARAM_INVALID, "aclrtCntNotifyCreate"));
  aclrtCntNotifyRecordInfo bad_mode = Record(static_cast<aclrtCntNotifyRecordMode>(3), 1);
  EXPECT_TRUE(FailsWith(aclrtCntNotifyRecord(third, session.stream(), &bad_mode), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtCntNotifyRecord", {"0, 1, 2 or 4"}));
  EXPECT_TRUE(FailsWith(aclrtCntNotifyRecord(third, session.stream(), nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtCntNotifyRecord"));
  aclrtCntNotifyWaitInfo bad_wait = Wait(static_cast<aclrtCntNotifyWaitMode>(5), 1);
  EXPECT_TRUE(FailsWith(aclrtCntNotifyWaitWithTimeout(third, session.stream(), &bad_wait), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtCntNotifyWaitWithTimeout"));
  EXPECT_TRUE(
      FailsWith(aclrtCntNotifyReset(nullptr, session.stream()), ACL_ERROR_RT_PARAM_INVALID, "aclrtCntNotifyReset"));
  EXPECT_TRUE(FailsWith(aclrtCntNotifyGetId(third, nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclrtCntNotifyGetId"));
  EXPECT_TRUE(Succeeds(aclrtCntNotifyDestroy(second)));
  EXPECT_TRUE(Succeeds(aclrtCntNotifyDestroy(third)));
}

TEST(AclCntNotify, IsAnAscend950Feature) {
  test::RuntimeSession session("Ascend910B3");
  aclrtCntNotify counter = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCntNotifyCreate(&counter, 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtCntNotifyCreate",
                        {"Ascend 950 only"}));
  EXPECT_EQ(counter, nullptr);
}

}  // namespace
