// aclrtMemcpyBatch(Async)(V2): host<->device copies in one call, each entry's locations declared by
// an attribute; upstream's checks, their order and failIndex.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

aclrtMemcpyBatchAttr Attr(aclrtMemLocationType dst, aclrtMemLocationType src, uint32_t device = 0) {
  aclrtMemcpyBatchAttr attr;
  std::memset(&attr, 0, sizeof(attr));
  attr.dstLoc.type = dst;
  attr.dstLoc.id = dst == ACL_MEM_LOCATION_TYPE_DEVICE ? device : 0;
  attr.srcLoc.type = src;
  attr.srcLoc.id = src == ACL_MEM_LOCATION_TYPE_DEVICE ? device : 0;
  return attr;
}

TEST(AclMemcpyBatch, UploadsAndDownloadsUnderTheirAttributes) {
  test::RuntimeSession session;
  test::DeviceBuffer d0(16), d1(16);
  std::vector<uint8_t> h0(16), h1(16, 0), h2(16, 0);
  for (int i = 0; i < 16; ++i) h0[i] = static_cast<uint8_t>(i + 1);
  // Entries 0-1 upload (attribute 0), entry 2 downloads (attribute 1).
  void* dsts[] = {d0.get(), d1.get(), h1.data()};
  void* srcs[] = {h0.data(), h0.data(), d0.get()};
  size_t dest_maxs[] = {16, 16, 16}, sizes[] = {16, 8, 16};
  aclrtMemcpyBatchAttr attrs[] = {Attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_HOST),
                                  Attr(ACL_MEM_LOCATION_TYPE_HOST, ACL_MEM_LOCATION_TYPE_DEVICE)};
  size_t indexes[] = {0, 2};
  size_t fail = 7;
  ASSERT_TRUE(Succeeds(aclrtMemcpyBatch(dsts, dest_maxs, srcs, sizes, 3, attrs, indexes, 2, &fail)));
  EXPECT_EQ(fail, SIZE_MAX);
  EXPECT_EQ(h1, h0);
  EXPECT_EQ(d1.Download<uint8_t>(8), std::vector<uint8_t>(h0.begin(), h0.begin() + 8));
  // Async, on the stream: a pageable host buffer is copied before the call returns.
  void* back[] = {h2.data()};
  void* from[] = {d0.get()};
  size_t one_max[] = {16}, one_size[] = {16}, zero[] = {0};
  ASSERT_TRUE(
      Succeeds(aclrtMemcpyBatchAsync(back, one_max, from, one_size, 1, &attrs[1], zero, 1, &fail, session.stream())));
  EXPECT_EQ(h2, h0);
  ASSERT_TRUE(
      Succeeds(aclrtMemcpyBatchAsyncV2(back, one_max, from, one_size, 1, &attrs[1], zero, 1, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
}

TEST(AclMemcpyBatch, ChecksInUpstreamsOrderWithFailIndex) {
  test::RuntimeSession session;
  test::DeviceBuffer device(16);
  std::vector<uint8_t> host(16, 1);
  void* dsts[] = {device.get(), device.get()};
  void* srcs[] = {host.data(), host.data()};
  size_t maxs[] = {16, 16}, sizes[] = {16, 16}, zeros[] = {0, 0}, small[] = {16, 8};
  aclrtMemcpyBatchAttr up = Attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_HOST);
  size_t index0[] = {0}, fail = 0;
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, &up, index0, 1, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpyBatch", {"failIndex is nullptr."}));
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 0, &up, index0, 1, &fail), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpyBatch", {"numBatches is 0"}));
  // Every size 0: success before anything else is looked at (even null arrays).
  fail = 3;
  EXPECT_TRUE(Succeeds(aclrtMemcpyBatch(nullptr, nullptr, nullptr, zeros, 2, nullptr, nullptr, 0, &fail)));
  EXPECT_EQ(fail, SIZE_MAX);
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, small, srcs, sizes, 2, &up, index0, 1, &fail), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpyBatch", {"entry 1: size 16 exceeds destMax 8."}));
  aclrtMemcpyBatchAttr dirty = up;
  dirty.rsv[3] = 1;
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, &dirty, index0, 1, &fail), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpyBatch", {"rsv must be zero"}));
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, &up, index0, 0, &fail), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemcpyBatch", {"numAttrs 0"}));
  size_t index1[] = {1};
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, &up, index1, 1, &fail), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemcpyBatch", {"attrsIndexes must start at 0"}));
  // Entry 1 declares the host buffer as device memory: failIndex 1, nothing copied.
  aclrtMemcpyBatchAttr pair[] = {up, Attr(ACL_MEM_LOCATION_TYPE_HOST, ACL_MEM_LOCATION_TYPE_DEVICE)};
  size_t index01[] = {0, 1};
  ASSERT_TRUE(Succeeds(aclrtMemset(device.get(), 16, 0, 16)));
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, pair, index01, 2, &fail),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyBatch", {"entry 1"}));
  EXPECT_EQ(fail, 1u);
  EXPECT_EQ(device.Download<uint8_t>(16), std::vector<uint8_t>(16, 0));
  // Host to host is not a batched copy.
  aclrtMemcpyBatchAttr h2h = Attr(ACL_MEM_LOCATION_TYPE_HOST, ACL_MEM_LOCATION_TYPE_HOST);
  void* host_dsts[] = {host.data()};
  std::vector<uint8_t> other(16);
  void* host_srcs[] = {other.data()};
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(host_dsts, maxs, host_srcs, sizes, 1, &h2h, index0, 1, &fail),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyBatch",
                        {"from host to device or from device to host"}));
  EXPECT_EQ(fail, 0u);
  // Async: an empty entry among others fails at its index.
  size_t one_empty[] = {16, 0};
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatchAsync(dsts, maxs, srcs, one_empty, 2, &up, index0, 1, &fail, session.stream()),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyBatchAsync", {"entry 1: an empty copy"}));
  EXPECT_EQ(fail, 1u);
}

TEST(AclMemcpyBatch, OnlyTheProductsUpstreamLists) {
  test::RuntimeSession session("Ascend910A");
  test::DeviceBuffer device(16);
  std::vector<uint8_t> host(16);
  void* dsts[] = {device.get()};
  void* srcs[] = {host.data()};
  size_t maxs[] = {16}, sizes[] = {16}, index0[] = {0}, fail = 0;
  aclrtMemcpyBatchAttr up = Attr(ACL_MEM_LOCATION_TYPE_DEVICE, ACL_MEM_LOCATION_TYPE_HOST);
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 1, &up, index0, 1, &fail),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtMemcpyBatch", {"not on Ascend910A"}));
}

}  // namespace
