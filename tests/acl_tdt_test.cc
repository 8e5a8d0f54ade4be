// Tensor data transfer (acl_tdt.h) and memory queues (acl_tdt_queue.h): data items and datasets,
// queue-backed channels, queues, routes, with the checks and codes of hicann/runtime's acl_tdt_*
// sources.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

TEST(AclTdtItems, ItemsAndDatasetsFollowCannsRules) {
  float values[4] = {1, 2, 3, 4};
  const int64_t dims[2] = {2, 2};
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, values, sizeof(values));
  ASSERT_NE(item, nullptr);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(item), ACL_TENSOR_DATA_TENSOR);
  EXPECT_EQ(acltdtGetDataTypeFromItem(item), ACL_FLOAT);
  EXPECT_EQ(acltdtGetDataAddrFromItem(item), values);  // borrowed, not copied
  EXPECT_EQ(acltdtGetDataSizeFromItem(item), sizeof(values));
  ASSERT_EQ(acltdtGetDimNumFromItem(item), 2u);
  int64_t read[3] = {0, 0, 0};
  ASSERT_TRUE(Succeeds(acltdtGetDimsFromItem(item, read, 3)));
  EXPECT_EQ(read[0], 2);
  EXPECT_EQ(read[1], 2);
  const char* dims_api = "acltdtGetDimsFromItem";
  EXPECT_TRUE(FailsWith(acltdtGetDimsFromItem(item, read, 1), ACL_ERROR_INVALID_PARAM, dims_api, {"less than"}));
  EXPECT_TRUE(FailsWith(acltdtGetDimsFromItem(item, nullptr, 2), ACL_ERROR_INVALID_PARAM, dims_api));
  EXPECT_TRUE(FailsWith(acltdtGetDimsFromItem(item, read, 0), ACL_ERROR_INVALID_PARAM, dims_api));

  // Items that are not tensors carry no shape.
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, dims, 2, ACL_FLOAT, nullptr, 0), nullptr);
  acltdtDataItem* end = acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_FLOAT, values, 4);
  ASSERT_NE(end, nullptr);
  EXPECT_EQ(acltdtGetDataTypeFromItem(end), ACL_DT_UNDEFINED);
  EXPECT_EQ(acltdtGetDataAddrFromItem(end), nullptr);
  std::vector<int64_t> many(129, 1);
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, many.data(), many.size(), ACL_FLOAT, values, 16), nullptr);
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 1, ACL_FLOAT, values, 16), nullptr);
  const std::string refusals = test::TakeErrorMessage();
  EXPECT_NE(refusals.find("dims must be nullptr"), std::string::npos) << refusals;
  EXPECT_NE(refusals.find("dimNum 129 is invalid"), std::string::npos) << refusals;
  EXPECT_NE(refusals.find("dimNum should be 0"), std::string::npos) << refusals;

  acltdtDataset* dataset = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtAddDataItem(dataset, item)));
  ASSERT_TRUE(Succeeds(acltdtAddDataItem(dataset, end)));
  EXPECT_EQ(acltdtGetDatasetSize(dataset), 2u);
  EXPECT_EQ(acltdtGetDataItem(dataset, 1), end);
  EXPECT_EQ(acltdtGetDataItem(dataset, 2), nullptr);
  EXPECT_STREQ(acltdtGetDatasetName(dataset), "");
  EXPECT_EQ(acltdtGetDatasetSize(nullptr), 0u);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(nullptr), ACL_TENSOR_DATA_UNDEFINED);
  EXPECT_NE(test::TakeErrorMessage().find("(error 100000)"), std::string::npos);
  ASSERT_TRUE(Succeeds(acltdtDestroyDataset(dataset)));  // added items stay the caller's
  EXPECT_TRUE(Succeeds(acltdtDestroyDataItem(item)));
  EXPECT_TRUE(Succeeds(acltdtDestroyDataItem(end)));
  EXPECT_TRUE(FailsWith(acltdtDestroyDataItem(nullptr), ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataItem"));
}

TEST(AclTdtItems, ADatasetIsAllHostOrAllDeviceMemory) {
  test::RuntimeSession session;
  test::DeviceBuffer device(16);
  float host[4] = {};
  acltdtDataItem* on_device = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, device.get(), 16);
  acltdtDataItem* on_host = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, host, 16);
  acltdtDataset* dataset = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtAddDataItem(dataset, on_device)));
  EXPECT_TRUE(FailsWith(acltdtAddDataItem(dataset, on_host), ACL_ERROR_INVALID_PARAM, "acltdtAddDataItem",
                        {"host-side or device-side"}));
  acltdtDestroyDataset(dataset);
  acltdtDestroyDataItem(on_device);
  acltdtDestroyDataItem(on_host);
}

// A send copies the dataset; a receive gives the dataset items of its own.
TEST(AclTdtChannel, ASentDatasetIsReceivedInOrderAndOwnedByTheReceivingDataset) {
  test::RuntimeSession session;
  acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "test_channel", 2);
  ASSERT_NE(channel, nullptr);
  std::vector<float> first = {1, 2, 3}, second = {7};
  const int64_t dims[1] = {3};
  acltdtDataItem* a = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, first.data(), 12);
  acltdtDataItem* b = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, second.data(), 4);
  acltdtDataset* send = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtAddDataItem(send, a)));
  ASSERT_TRUE(Succeeds(acltdtSendTensor(channel, send, 0)));
  first[0] = 100;  // the channel holds a copy
  acltdtDataset* other = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtAddDataItem(other, b)));
  ASSERT_TRUE(Succeeds(acltdtSendTensor(channel, other, -1)));
  size_t size = 0;
  ASSERT_TRUE(Succeeds(acltdtQueryChannelSize(channel, &size)));
  EXPECT_EQ(size, 2u);
  EXPECT_TRUE(FailsWith(acltdtSendTensor(channel, send, 5), ACL_ERROR_RT_QUEUE_FULL, "acltdtSendTensor"));

  acltdtDataset* received = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtReceiveTensor(channel, received, 0)));
  ASSERT_EQ(acltdtGetDatasetSize(received), 1u);
  acltdtDataItem* item = acltdtGetDataItem(received, 0);
  EXPECT_EQ(acltdtGetDimNumFromItem(item), 1u);
  EXPECT_EQ(acltdtGetDataSizeFromItem(item), 12u);
  EXPECT_EQ(static_cast<float*>(acltdtGetDataAddrFromItem(item))[0], 1.0f);
  EXPECT_TRUE(FailsWith(acltdtAddDataItem(received, b), ACL_ERROR_FEATURE_UNSUPPORTED, "acltdtAddDataItem"));
  ASSERT_TRUE(Succeeds(acltdtReceiveTensor(channel, received, 0)));  // replaces the received items
  EXPECT_EQ(static_cast<float*>(acltdtGetDataAddrFromItem(acltdtGetDataItem(received, 0)))[0], 7.0f);
  EXPECT_TRUE(FailsWith(acltdtReceiveTensor(channel, received, 0), ACL_ERROR_RT_QUEUE_EMPTY, "acltdtReceiveTensor"));
  EXPECT_TRUE(FailsWith(acltdtReceiveTensor(channel, send, 0), ACL_ERROR_INVALID_PARAM, "acltdtReceiveTensor",
                        {"acltdtAddDataItem"}));

  ASSERT_TRUE(Succeeds(acltdtSendTensor(channel, send, 0)));
  ASSERT_TRUE(Succeeds(acltdtCleanChannel(channel)));
  ASSERT_TRUE(Succeeds(acltdtQueryChannelSize(channel, &size)));
  EXPECT_EQ(size, 0u);
  EXPECT_TRUE(Succeeds(acltdtStopChannel(channel)));
  EXPECT_TRUE(Succeeds(acltdtDestroyChannel(channel)));
  EXPECT_TRUE(FailsWith(acltdtQueryChannelSize(channel, &size), ACL_ERROR_INVALID_PARAM, "acltdtQueryChannelSize",
                        {"destroyed"}));
  acltdtDestroyDataset(received);  // frees its received items
  acltdtDestroyDataset(send);
  acltdtDestroyDataset(other);
  acltdtDestroyDataItem(a);
  acltdtDestroyDataItem(b);
}

TEST(AclTdtChannel, AReceiveWaitsForASendAndEndsWithTheChannel) {
  test::RuntimeSession session;
  acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "waiting", 2);
  ASSERT_NE(channel, nullptr);
  int32_t value = 42;
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_INT32, &value, 4);
  acltdtDataset* send = acltdtCreateDataset();
  acltdtAddDataItem(send, item);
  std::thread sender([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(acltdtSendTensor(channel, send, -1), ACL_SUCCESS);
  });
  acltdtDataset* received = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtReceiveTensor(channel, received, -1)));
  sender.join();
  EXPECT_EQ(*static_cast<int32_t*>(acltdtGetDataAddrFromItem(acltdtGetDataItem(received, 0))), 42);

  std::atomic<aclError> ended{ACL_SUCCESS};
  std::thread waiter([&] { ended = acltdtReceiveTensor(channel, received, -1); });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(Succeeds(acltdtDestroyChannel(channel)));
  waiter.join();
  EXPECT_EQ(ended.load(), ACL_ERROR_RT_QUEUE_EMPTY);
  test::TakeErrorMessage();
  acltdtDestroyDataset(received);
  acltdtDestroyDataset(send);
  acltdtDestroyDataItem(item);
}

TEST(AclTdtChannel, CreationChecksNameCapacityAndDevice) {
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "early", 4), nullptr);  // before aclInit
  EXPECT_NE(test::TakeErrorMessage().find("aclInit"), std::string::npos);
  test::RuntimeSession session;
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, nullptr, 4), nullptr);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, std::string(128, 'n').c_str(), 4), nullptr);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "small", 1), nullptr);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(999, "device", 4), nullptr);
  const std::string refusals = test::TakeErrorMessage();
  for (const char* phrase : {"name is nullptr", "cannot be larger than 128", "at least 2", "(error 107001)"}) {
    EXPECT_NE(refusals.find(phrase), std::string::npos) << phrase << " in " << refusals;
  }
  acltdtChannelHandle* longest = acltdtCreateChannelWithCapacity(0, std::string(127, 'n').c_str(), 2);
  EXPECT_NE(longest, nullptr);
  EXPECT_TRUE(Succeeds(acltdtDestroyChannel(longest)));
  // TDT-daemon channels are not emulated.
  EXPECT_EQ(acltdtCreateChannel(0, "daemon"), nullptr);
  EXPECT_NE(test::TakeErrorMessage().find("(error 207000)"), std::string::npos);
  acltdtDataset* dataset = acltdtCreateDataset();
  acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "checks", 2);
  EXPECT_TRUE(
      FailsWith(acltdtSendTensor(channel, dataset, 0), ACL_ERROR_INVALID_PARAM, "acltdtSendTensor", {"no item"}));
  EXPECT_TRUE(FailsWith(acltdtSendTensor(channel, dataset, -2), ACL_ERROR_INVALID_PARAM, "acltdtSendTensor"));
  EXPECT_TRUE(FailsWith(acltdtSendTensor(nullptr, dataset, 0), ACL_ERROR_INVALID_PARAM, "acltdtSendTensor"));
  acltdtDestroyChannel(channel);
  acltdtDestroyDataset(dataset);
}

uint32_t CreateQueue(const char* name, uint32_t depth) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  EXPECT_TRUE(Succeeds(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name)));
  EXPECT_TRUE(Succeeds(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth)));
  uint32_t qid = 0;
  EXPECT_TRUE(Succeeds(acltdtCreateQueue(attr, &qid)));
  acltdtDestroyQueueAttr(attr);
  return qid;
}

TEST(AclTdtQueue, AttributesFollowCannsCopyRules) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  ASSERT_NE(attr, nullptr);
  uint32_t depth = 0;
  size_t written = 0;
  ASSERT_TRUE(Succeeds(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &written, &depth)));
  EXPECT_EQ(depth, 8u);  // the default
  EXPECT_EQ(written, 4u);
  const char* name = "queue_name";
  ASSERT_TRUE(Succeeds(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name)));
  const char* read = nullptr;
  ASSERT_TRUE(Succeeds(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(read), &written, &read)));
  EXPECT_STREQ(read, "queue_name");
  EXPECT_EQ(written, sizeof(read));
  const char* api = "acltdtSetQueueAttr";
  EXPECT_TRUE(FailsWith(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 8, &depth), ACL_ERROR_INVALID_PARAM, api));
  const std::string long_name(128, 'q');
  const char* too_long = long_name.c_str();
  EXPECT_TRUE(FailsWith(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(too_long), &too_long),
                        ACL_ERROR_INVALID_PARAM, api, {"127"}));
  EXPECT_TRUE(FailsWith(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 2, &written, &depth),
                        ACL_ERROR_INVALID_PARAM, "acltdtGetQueueAttr"));
  EXPECT_TRUE(FailsWith(acltdtSetQueueAttr(attr, static_cast<acltdtQueueAttrType>(5), 4, &depth),
                        ACL_ERROR_INVALID_PARAM, api));
  EXPECT_TRUE(Succeeds(acltdtDestroyQueueAttr(attr)));
}

TEST(AclTdtQueue, EntriesKeepTheirDataAndUserDataInOrder) {
  uint32_t qid = 0;
  EXPECT_TRUE(FailsWith(acltdtCreateQueue(nullptr, &qid), ACL_ERROR_UNINITIALIZE, "acltdtCreateQueue"));
  test::RuntimeSession session;
  qid = CreateQueue("entries", 2);
  const char first[] = "first", second[] = "second entry";
  const uint64_t tag = 0x1234;
  ASSERT_TRUE(Succeeds(acltdtEnqueueData(qid, first, sizeof(first), &tag, sizeof(tag), 0, 0)));
  ASSERT_TRUE(Succeeds(acltdtEnqueueData(qid, second, sizeof(second), nullptr, 0, 0, 0)));
  EXPECT_TRUE(FailsWith(acltdtEnqueueData(qid, first, sizeof(first), nullptr, 0, 0, 0), ACL_ERROR_RT_QUEUE_FULL,
                        "acltdtEnqueueData"));
  char buffer[32] = {};
  size_t size = 0;
  uint64_t user = 0;
  // Too small a buffer leaves the entry queued and says how large it is.
  EXPECT_TRUE(
      FailsWith(acltdtDequeueData(qid, buffer, 2, &size, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM, "acltdtDequeueData"));
  EXPECT_EQ(size, sizeof(first));
  ASSERT_TRUE(Succeeds(acltdtDequeueData(qid, buffer, sizeof(buffer), &size, &user, sizeof(user), 0)));
  EXPECT_STREQ(buffer, "first");
  EXPECT_EQ(user, tag);
  ASSERT_TRUE(Succeeds(acltdtDequeueData(qid, buffer, sizeof(buffer), &size, nullptr, 0, -1)));
  EXPECT_STREQ(buffer, "second entry");
  EXPECT_EQ(size, sizeof(second));
  EXPECT_TRUE(FailsWith(acltdtDequeueData(qid, buffer, sizeof(buffer), &size, nullptr, 0, 10), ACL_ERROR_RT_QUEUE_EMPTY,
                        "acltdtDequeueData"));
  EXPECT_TRUE(
      FailsWith(acltdtEnqueueData(qid, nullptr, 4, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM, "acltdtEnqueueData"));
  EXPECT_TRUE(
      FailsWith(acltdtEnqueueData(qid, first, 0, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM, "acltdtEnqueueData"));
  ASSERT_TRUE(Succeeds(acltdtDestroyQueue(qid)));
  EXPECT_TRUE(FailsWith(acltdtEnqueueData(qid, first, sizeof(first), nullptr, 0, 0, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "acltdtEnqueueData", {"does not exist"}));
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  const uint32_t one = 1;
  acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(one), &one);
  EXPECT_TRUE(FailsWith(acltdtCreateQueue(attr, &qid), ACL_ERROR_RT_PARAM_INVALID, "acltdtCreateQueue", {"depth"}));
  acltdtDestroyQueueAttr(attr);
  // Buffers and grants belong to device-side programs, as in CANN's host mode.
  acltdtBuf buf = nullptr;
  EXPECT_TRUE(FailsWith(acltdtAllocBuf(16, ACL_TDT_NORMAL_MEM, &buf), ACL_ERROR_FEATURE_UNSUPPORTED, "acltdtAllocBuf"));
  EXPECT_TRUE(FailsWith(acltdtEnqueue(0, buf, 0), ACL_ERROR_FEATURE_UNSUPPORTED, "acltdtEnqueue"));
  EXPECT_TRUE(FailsWith(acltdtGrantQueue(0, 1, ACL_TDT_QUEUE_PERMISSION_ENQUEUE, 0), ACL_ERROR_FEATURE_UNSUPPORTED,
                        "acltdtGrantQueue"));
}

// A bound route forwards its source's entries to its destination, now and as they come.
TEST(AclTdtQueue, ABoundRouteForwardsEntriesUntilUnbound) {
  test::RuntimeSession session;
  const uint32_t src = CreateQueue("src", 4), dst = CreateQueue("dst", 2);
  const int32_t early = 1;
  ASSERT_TRUE(Succeeds(acltdtEnqueueData(src, &early, sizeof(early), nullptr, 0, 0, 0)));
  acltdtQueueRoute* route = acltdtCreateQueueRoute(src, dst);
  acltdtQueueRouteList* routes = acltdtCreateQueueRouteList();
  ASSERT_TRUE(Succeeds(acltdtAddQueueRoute(routes, route)));
  ASSERT_TRUE(Succeeds(acltdtBindQueueRoutes(routes)));
  for (int32_t value = 2; value <= 4; ++value) {
    ASSERT_TRUE(Succeeds(acltdtEnqueueData(src, &value, sizeof(value), nullptr, 0, 0, 0)));
  }
  // dst holds 2; the other two wait in src and follow as dst empties.
  for (int32_t expected = 1; expected <= 4; ++expected) {
    int32_t got = 0;
    size_t size = 0;
    ASSERT_TRUE(Succeeds(acltdtDequeueData(dst, &got, sizeof(got), &size, nullptr, 0, 0)));
    EXPECT_EQ(got, expected);
  }
  EXPECT_TRUE(FailsWith(acltdtDestroyQueue(src), ACL_ERROR_FAILURE, "acltdtDestroyQueue", {"unbind"}));

  acltdtQueueRouteQueryInfo* query = acltdtCreateQueueRouteQueryInfo();
  acltdtQueueRouteList* found = acltdtCreateQueueRouteList();
  EXPECT_TRUE(
      FailsWith(acltdtQueryQueueRoutes(query, found), ACL_ERROR_INVALID_PARAM, "acltdtQueryQueueRoutes", {"mode"}));
  const int32_t mode = ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
  ASSERT_TRUE(Succeeds(acltdtSetQueueRouteQueryInfo(query, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof(mode), &mode)));
  EXPECT_TRUE(
      FailsWith(acltdtQueryQueueRoutes(query, found), ACL_ERROR_INVALID_PARAM, "acltdtQueryQueueRoutes", {"source"}));
  ASSERT_TRUE(Succeeds(acltdtSetQueueRouteQueryInfo(query, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, 4, &src)));
  ASSERT_TRUE(Succeeds(acltdtSetQueueRouteQueryInfo(query, ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32, 4, &dst)));
  ASSERT_TRUE(Succeeds(acltdtQueryQueueRoutes(query, found)));
  ASSERT_EQ(acltdtGetQueueRouteNum(found), 1u);
  acltdtQueueRoute* view = acltdtCreateQueueRoute(0, 0);
  ASSERT_TRUE(Succeeds(acltdtGetQueueRoute(found, 0, view)));
  int32_t status = -5;
  uint32_t id = 0;
  size_t written = 0;
  ASSERT_TRUE(Succeeds(acltdtGetQueueRouteParam(view, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, 4, &written, &status)));
  EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_BIND);
  ASSERT_TRUE(Succeeds(acltdtGetQueueRouteParam(view, ACL_TDT_QUEUE_ROUTE_DST_UINT32, 4, &written, &id)));
  EXPECT_EQ(id, dst);
  EXPECT_TRUE(FailsWith(acltdtGetQueueRoute(found, 1, view), ACL_ERROR_INVALID_PARAM, "acltdtGetQueueRoute"));

  ASSERT_TRUE(Succeeds(acltdtUnbindQueueRoutes(routes)));
  const int32_t after = 9;
  ASSERT_TRUE(Succeeds(acltdtEnqueueData(src, &after, sizeof(after), nullptr, 0, 0, 0)));
  int32_t got = 0;
  size_t size = 0;
  EXPECT_TRUE(FailsWith(acltdtDequeueData(dst, &got, sizeof(got), &size, nullptr, 0, 0), ACL_ERROR_RT_QUEUE_EMPTY,
                        "acltdtDequeueData"));
  ASSERT_TRUE(Succeeds(acltdtQueryQueueRoutes(query, found)));
  EXPECT_EQ(acltdtGetQueueRouteNum(found), 0u);

  // A route naming a missing queue is not bound.
  acltdtQueueRoute* dangling = acltdtCreateQueueRoute(src, 9999);
  acltdtQueueRouteList* bad = acltdtCreateQueueRouteList();
  acltdtAddQueueRoute(bad, dangling);
  EXPECT_TRUE(FailsWith(acltdtBindQueueRoutes(bad), ACL_ERROR_FAILURE, "acltdtBindQueueRoutes", {"9999"}));

  EXPECT_TRUE(Succeeds(acltdtDestroyQueue(src)));
  EXPECT_TRUE(Succeeds(acltdtDestroyQueue(dst)));
  for (const acltdtQueueRoute* r : {route, view, dangling}) acltdtDestroyQueueRoute(r);
  for (const acltdtQueueRouteList* l : {routes, found, bad}) acltdtDestroyQueueRouteList(l);
  acltdtDestroyQueueRouteQueryInfo(query);
}

}  // namespace

namespace {

TEST(AclTdtReview, AnItemWithoutDataIsRefusedBeforeAnythingIsAllocated) {
  test::RuntimeSession session;
  acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "huge", 2);
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, nullptr, 1ull << 62);
  acltdtDataset* dataset = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtAddDataItem(dataset, item)));
  EXPECT_TRUE(
      FailsWith(acltdtSendTensor(channel, dataset, 0), ACL_ERROR_INVALID_PARAM, "acltdtSendTensor", {"has no data"}));
  acltdtDestroyDataset(dataset);
  acltdtDestroyDataItem(item);
  acltdtDestroyChannel(channel);
}

TEST(AclTdtReview, OneOfConcurrentDestroysOfAChannelWins) {
  test::RuntimeSession session;
  for (int round = 0; round < 20; ++round) {
    acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "raced", 2);
    ASSERT_NE(channel, nullptr);
    std::atomic<int> successes{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 6; ++t) {
      threads.emplace_back([&] {
        if (acltdtDestroyChannel(channel) == ACL_SUCCESS) ++successes;
      });
    }
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(successes.load(), 1);
  }
  test::TakeErrorMessage();
}

TEST(AclTdtReview, EntriesTravelAChainOfRoutes) {
  test::RuntimeSession session;
  uint32_t queues[3] = {};
  for (uint32_t& qid : queues) ASSERT_TRUE(Succeeds(acltdtCreateQueue(nullptr, &qid)));
  acltdtQueueRouteList* routes = acltdtCreateQueueRouteList();
  acltdtQueueRoute* ab = acltdtCreateQueueRoute(queues[0], queues[1]);
  acltdtQueueRoute* bc = acltdtCreateQueueRoute(queues[1], queues[2]);
  acltdtAddQueueRoute(routes, ab);
  acltdtAddQueueRoute(routes, bc);
  ASSERT_TRUE(Succeeds(acltdtBindQueueRoutes(routes)));
  const int32_t value = 42;
  ASSERT_TRUE(Succeeds(acltdtEnqueueData(queues[0], &value, sizeof(value), nullptr, 0, 0, 0)));
  int32_t got = 0;
  size_t size = 0;
  ASSERT_TRUE(Succeeds(acltdtDequeueData(queues[2], &got, sizeof(got), &size, nullptr, 0, 0)));
  EXPECT_EQ(got, 42);
  ASSERT_TRUE(Succeeds(acltdtUnbindQueueRoutes(routes)));
  for (uint32_t qid : queues) EXPECT_TRUE(Succeeds(acltdtDestroyQueue(qid)));
  acltdtDestroyQueueRoute(ab);
  acltdtDestroyQueueRoute(bc);
  acltdtDestroyQueueRouteList(routes);
}

TEST(AclTdtReview, AQueueNameIsAWholePointer) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  const char* name = "partial";
  EXPECT_TRUE(FailsWith(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, 4, &name), ACL_ERROR_INVALID_PARAM,
                        "acltdtSetQueueAttr", {"size of a pointer"}));
  acltdtDestroyQueueAttr(attr);
}

}  // namespace
