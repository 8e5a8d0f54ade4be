// Notifies: one-to-one signals between streams (a bit set by a record, awaited and cleared by a
// wait), with the codes upstream's runtime returns.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

aclrtStreamStatus StatusOf(aclrtStream stream) {
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  EXPECT_EQ(aclrtStreamQuery(stream, &status), ACL_SUCCESS);
  return status;
}

TEST(AclNotify, AWaitHoldsItsStreamUntilTheRecordAndConsumesIt) {
  test::RuntimeSession session;
  aclrtStream first = session.stream(), second = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&second)));
  aclrtNotify notify = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&notify, ACL_NOTIFY_DEFAULT)));
  test::DeviceBuffer data(8);
  ASSERT_TRUE(Succeeds(aclrtMemset(data.get(), 8, 0, 8)));
  // The wait is issued before the record (upstream's own example does this).
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(notify, second, 0)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(data.get(), 8, 1, 8, second)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(StatusOf(second), ACL_STREAM_STATUS_NOT_READY);
  ASSERT_TRUE(Succeeds(aclrtRecordNotify(notify, first)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(second)));
  EXPECT_EQ(data.Download<uint8_t>(8), std::vector<uint8_t>(8, 1));
  // Two records collapse into one bit: the first wait consumes it, the second waits again.
  ASSERT_TRUE(Succeeds(aclrtRecordNotify(notify, first)));
  ASSERT_TRUE(Succeeds(aclrtRecordNotify(notify, first)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(first)));
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(notify, second, 0)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(second)));
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(notify, second, 0)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(StatusOf(second), ACL_STREAM_STATUS_NOT_READY);
  ASSERT_TRUE(Succeeds(aclrtRecordNotify(notify, first)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(second)));
  EXPECT_TRUE(Succeeds(aclrtDestroyNotify(notify)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(second)));
}

TEST(AclNotify, AWaitThatTimesOutFailsItsStream) {
  test::RuntimeSession session;
  aclrtNotify notify = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&notify, ACL_NOTIFY_DEVICE_USE_ONLY)));
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(notify, session.stream(), 1)));  // seconds
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_TASK_TIMEOUT, "aclrtSynchronizeStream",
                        {"not recorded within 1 s"}));
  EXPECT_TRUE(Succeeds(aclrtDestroyNotify(notify)));
}

TEST(AclNotify, AnUnmetWaitDoesNotHangTheStreamsDestruction) {
  test::RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  aclrtNotify notify = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&notify, 0)));
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(notify, stream, 0)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  EXPECT_TRUE(Succeeds(aclrtDestroyNotify(notify)));
}

TEST(AclNotify, IdsChecksAndBatchReset) {
  test::RuntimeSession session;
  aclrtNotify a = nullptr, b = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&a, 0)));
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&b, 0)));
  uint32_t id_a = 9, id_b = 9;
  ASSERT_TRUE(Succeeds(aclrtGetNotifyId(a, &id_a)));
  ASSERT_TRUE(Succeeds(aclrtGetNotifyId(b, &id_b)));
  EXPECT_NE(id_a, id_b);
  EXPECT_TRUE(FailsWith(aclrtCreateNotify(nullptr, 0), ACL_ERROR_INVALID_PARAM, "aclrtCreateNotify"));
  aclrtNotify c = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateNotify(&c, 2), ACL_ERROR_RT_PARAM_INVALID, "aclrtCreateNotify", {"flag 0x2"}));
  EXPECT_TRUE(FailsWith(aclrtGetNotifyId(a, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetNotifyId"));
  EXPECT_TRUE(FailsWith(aclrtRecordNotify(nullptr, session.stream()), ACL_ERROR_INVALID_PARAM, "aclrtRecordNotify"));
  // A recorded notify, reset in a batch: a wait then has to wait for the next record.
  ASSERT_TRUE(Succeeds(aclrtRecordNotify(a, nullptr)));
  aclrtNotify both[] = {a, b};
  ASSERT_TRUE(Succeeds(aclrtNotifyBatchReset(both, 2)));
  EXPECT_TRUE(FailsWith(aclrtNotifyBatchReset(both, 0), ACL_ERROR_RT_PARAM_INVALID, "aclrtNotifyBatchReset"));
  EXPECT_TRUE(FailsWith(aclrtNotifyBatchReset(nullptr, 1), ACL_ERROR_INVALID_PARAM, "aclrtNotifyBatchReset"));
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(a, session.stream(), 0)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(StatusOf(session.stream()), ACL_STREAM_STATUS_NOT_READY);
  ASSERT_TRUE(Succeeds(aclrtRecordNotify(a, nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  // Destroyed: every call names the dead handle; its id is free again.
  ASSERT_TRUE(Succeeds(aclrtDestroyNotify(a)));
  EXPECT_TRUE(FailsWith(aclrtRecordNotify(a, session.stream()), ACL_ERROR_RT_INVALID_HANDLE, "aclrtRecordNotify",
                        {"is not a live notify"}));
  EXPECT_TRUE(FailsWith(aclrtDestroyNotify(a), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyNotify"));
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&c, 0)));
  uint32_t id_c = 9;
  ASSERT_TRUE(Succeeds(aclrtGetNotifyId(c, &id_c)));
  EXPECT_EQ(id_c, id_a);
  EXPECT_TRUE(Succeeds(aclrtDestroyNotify(b)));
  EXPECT_TRUE(Succeeds(aclrtDestroyNotify(c)));
}

TEST(AclNotify, ThePerDeviceLimitAndTheProductsOfBatchReset) {
  test::RuntimeSession session("Ascend910A");  // 1024 notifies per device
  std::vector<aclrtNotify> notifies(1024);
  for (aclrtNotify& notify : notifies) ASSERT_EQ(aclrtCreateNotify(&notify, 0), ACL_SUCCESS);
  aclrtNotify one_more = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateNotify(&one_more, 0), ACL_ERROR_RT_NO_NOTIFY_RESOURCE, "aclrtCreateNotify",
                        {"all of its 1024 notifies in use"}));
  EXPECT_TRUE(FailsWith(aclrtNotifyBatchReset(notifies.data(), 1), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtNotifyBatchReset", {"not on Ascend910A"}));
  // aclFinalize releases the rest.
}

}  // namespace
