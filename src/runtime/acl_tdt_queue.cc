// Memory queues (acl/acl_tdt_queue.h) as CANN runs them for a host program (run mode ACL_HOST),
// with the checks and codes of hicann/runtime's src/acl/acl_tdt_queue (queue.cpp,
// queue_process.cpp, queue_process_host.cpp) and the runtime's rtMemQueue* at 681ef761:
// - queues of the emulated device hold copies of the data and user data of acltdtEnqueueData;
// - a bound route forwards what its source queue holds to its destination queue, as CANN's queue
//   scheduler does, whenever the destination has room (every destination, for a source bound
//   to several: each receives a copy);
// - buffers (acltdtEnqueue/Dequeue, acltdt*Buf*) and cross-process grants answer
//   ACL_ERROR_FEATURE_UNSUPPORTED, as CANN's host-mode queue processor does.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt_queue.h"
#include "runtime/bounded_queue.h"
#include "runtime/context.h"
#include "runtime/error_log.h"

using aclnn_host::Fail;

// CANN's queue attribute (the runtime's tagMemQueueAttr).
struct tagMemQueueAttr {
  char name[128];
  uint32_t depth;
  uint32_t workMode;
  uint32_t flowCtrlDropTime;
  bool flowCtrlFlag;
  bool overWriteFlag;
};

struct acltdtQueueRoute {
  uint32_t srcId;
  uint32_t dstId;
  int32_t status;
};

struct acltdtQueueRouteList {
  std::vector<acltdtQueueRoute> routes;
};

struct acltdtQueueRouteQueryInfo {
  int32_t mode = 0;
  uint32_t srcId = 0;
  uint32_t dstId = 0;
  bool mode_set = false;
  bool src_set = false;
  bool dst_set = false;
};

namespace {

constexpr size_t kMaxNameBytes = 128;   // RT_MQ_MAX_NAME_LEN, the NUL included
constexpr uint32_t kMinDepth = 2;       // RT_MQ_DEPTH_MIN
constexpr uint32_t kDefaultDepth = 8;   // acltdtCreateQueueAttr's depth
constexpr uint32_t kPushMode = 1;       // RT_MQ_MODE_PUSH, the default work mode
constexpr int32_t kRouteNotBound = -1;  // aclnn-host's status of a route that could not be bound

struct QueueData {
  std::vector<uint8_t> data;
  std::vector<uint8_t> user_data;
};

struct MemoryQueue {
  MemoryQueue(std::string queue_name, uint32_t depth, int32_t queue_device)
      : name(std::move(queue_name)), device(queue_device), fifo(depth) {}
  const std::string name;
  const int32_t device;
  aclnn_host::BoundedQueue<QueueData> fifo;
};

// The emulated device's queues and routes. Forwarding runs under `mutex`, one pass at a time.
struct QueueTable {
  std::mutex mutex;
  std::map<uint32_t, std::shared_ptr<MemoryQueue>> queues;
  std::vector<std::pair<uint32_t, uint32_t>> routes;  // (source, destination), bound
  uint32_t next_id = 0;
};

QueueTable& Table() {
  static auto* table = new QueueTable();  // outlives static destruction
  return *table;
}

std::shared_ptr<MemoryQueue> FindLocked(uint32_t qid) {
  const auto found = Table().queues.find(qid);
  return found == Table().queues.end() ? nullptr : found->second;
}

// Moves what `source` holds to its routes' destinations while every one has room; true when an
// entry moved.
bool ForwardLocked(uint32_t source) {
  std::shared_ptr<MemoryQueue> from = FindLocked(source);
  if (from == nullptr) return false;
  std::vector<std::shared_ptr<MemoryQueue>> destinations;
  for (const auto& route : Table().routes) {
    if (route.first != source) continue;
    std::shared_ptr<MemoryQueue> to = FindLocked(route.second);
    if (to != nullptr && to != from) destinations.push_back(to);
  }
  bool any = false;
  bool moved = !destinations.empty();
  while (moved && from->fifo.size() > 0) {
    moved = false;
    for (const auto& to : destinations) {
      if (to->fifo.size() >= to->fifo.depth()) return any;  // forwarded later, when it has room
    }
    // The entry leaves the source once a destination took it. A program enqueueing into a
    // destination itself may fill it between the check above and the push: the first destination
    // refusing keeps the entry queued; a later one of several misses that copy.
    from->fifo.PopIf(
        [&](QueueData& front) {
          for (const auto& to : destinations) {
            if (to->fifo.Push(front, 0) == aclnn_host::QueueWait::kDone) {
              moved = true;
            } else if (!moved) {
              return false;
            }
          }
          return moved;
        },
        0);
    any = any || moved;
  }
  return any;
}

// Forwards along every route until nothing moves, so entries travel whole chains (A -> B -> C).
// A pass per route is enough for any chain; a cycle of routes stops there too.
void ForwardAllLocked() {
  std::vector<uint32_t> sources;
  for (const auto& route : Table().routes) {
    if (std::find(sources.begin(), sources.end(), route.first) == sources.end()) sources.push_back(route.first);
  }
  for (size_t pass = 0; pass <= Table().routes.size(); ++pass) {
    bool moved = false;
    for (uint32_t source : sources) moved = ForwardLocked(source) || moved;
    if (!moved) return;
  }
}

// After a queue changed: entries may move along the routes.
void ForwardAround() {
  std::lock_guard<std::mutex> lock(Table().mutex);
  ForwardAllLocked();
}

aclError RequireDevice(const char* api) {
  int32_t device = -1;
  return aclnn_host::Runtime::Get().RequireContext(api, &device);
}

aclError FindQueue(const char* api, uint32_t qid, std::shared_ptr<MemoryQueue>* queue) {
  std::lock_guard<std::mutex> lock(Table().mutex);
  *queue = FindLocked(qid);
  if (*queue == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "queue %u does not exist.", qid);
  return ACL_SUCCESS;
}

bool CheckTimeout(const char* api, int32_t timeout, aclError* status) {
  if (timeout >= -1) return true;
  *status =
      Fail(api, ACL_ERROR_INVALID_PARAM, "timeout %d is invalid: expected -1 (for ever) or [0, INT_MAX] ms.", timeout);
  return false;
}

aclError HostModeUnsupported(const char* api) {
  return Fail(api, ACL_ERROR_FEATURE_UNSUPPORTED,
              "%s is not supported in host run mode (ACL_HOST): a host program moves data with acltdtEnqueueData and "
              "acltdtDequeueData; buffers and grants belong to device-side programs.",
              api);
}

// CANN's copy rule for the attribute and route parameters: `len` bytes into a field of `size`.
aclError CopyIn(const char* api, void* field, size_t size, const void* param, size_t len) {
  if (len > size)
    return Fail(api, ACL_ERROR_INVALID_PARAM, "len %zu is larger than the parameter's %zu bytes.", len, size);
  std::memcpy(field, param, len);
  return ACL_SUCCESS;
}

aclError CopyOut(const char* api, void* param, size_t len, const void* field, size_t size, size_t* written) {
  if (len < size)
    return Fail(api, ACL_ERROR_INVALID_PARAM, "len %zu is smaller than the parameter's %zu bytes.", len, size);
  std::memcpy(param, field, size);
  *written = size;
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

acltdtQueueAttr* acltdtCreateQueueAttr(void) {
  auto* attr = new (std::nothrow) tagMemQueueAttr();
  if (attr == nullptr) {
    Fail("acltdtCreateQueueAttr", ACL_ERROR_BAD_ALLOC, "allocating the attribute failed.");
    return nullptr;
  }
  attr->depth = kDefaultDepth;
  attr->workMode = kPushMode;
  return attr;
}

aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr) {
  if (attr == nullptr) return Fail("acltdtDestroyQueueAttr", ACL_ERROR_INVALID_PARAM, "attr is nullptr.");
  delete attr;
  return ACL_SUCCESS;
}

// ACL_TDT_QUEUE_NAME_PTR's param points at a `const char*`; ACL_TDT_QUEUE_DEPTH_UINT32's at a uint32_t.
aclError acltdtSetQueueAttr(acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len, const void* param) {
  const char* api = "acltdtSetQueueAttr";
  if (attr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "attr is nullptr.");
  if (param == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "param is nullptr.");
  switch (type) {
    case ACL_TDT_QUEUE_NAME_PTR: {
      // The whole pointer: CANN would copy fewer bytes of it and read through what they make.
      if (len != sizeof(const char*)) {
        return Fail(api, ACL_ERROR_INVALID_PARAM, "len %zu must be the size of a pointer, %zu.", len,
                    sizeof(const char*));
      }
      const char* name = nullptr;
      std::memcpy(&name, param, sizeof(name));
      if (name == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "the name param points at is nullptr.");
      const size_t bytes = strnlen(name, kMaxNameBytes) + 1;
      if (bytes > kMaxNameBytes) {
        return Fail(api, ACL_ERROR_INVALID_PARAM, "the name is longer than %zu characters.", kMaxNameBytes - 1);
      }
      std::memcpy(attr->name, name, bytes);
      return ACL_SUCCESS;
    }
    case ACL_TDT_QUEUE_DEPTH_UINT32:
      return CopyIn(api, &attr->depth, sizeof(attr->depth), param, len);
  }
  return Fail(api, ACL_ERROR_INVALID_PARAM, "type %d is not an acltdtQueueAttrType.", static_cast<int>(type));
}

aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len, size_t* paramRetSize,
                            void* param) {
  const char* api = "acltdtGetQueueAttr";
  if (attr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "attr is nullptr.");
  if (param == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "param is nullptr.");
  if (paramRetSize == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "paramRetSize is nullptr.");
  switch (type) {
    case ACL_TDT_QUEUE_NAME_PTR: {
      const char* name = attr->name;  // the attribute's own storage
      return CopyOut(api, param, len, &name, sizeof(name), paramRetSize);
    }
    case ACL_TDT_QUEUE_DEPTH_UINT32:
      return CopyOut(api, param, len, &attr->depth, sizeof(attr->depth), paramRetSize);
  }
  return Fail(api, ACL_ERROR_INVALID_PARAM, "type %d is not an acltdtQueueAttrType.", static_cast<int>(type));
}

// A NULL attr takes acltdtCreateQueueAttr's defaults. Names need not be unique (the sources are
// silent on it); ids are never reused.
aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid) {
  const char* api = "acltdtCreateQueue";
  if (qid == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "qid is nullptr.");
  int32_t device = -1;
  const aclError status = aclnn_host::Runtime::Get().RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  const uint32_t depth = attr == nullptr ? kDefaultDepth : attr->depth;
  if (depth < kMinDepth) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "depth %u is invalid: a queue holds at least %u entries.", depth,
                kMinDepth);
  }
  auto queue = std::make_shared<MemoryQueue>(attr == nullptr ? std::string() : std::string(attr->name), depth, device);
  std::lock_guard<std::mutex> lock(Table().mutex);
  *qid = Table().next_id++;
  Table().queues[*qid] = std::move(queue);
  return ACL_SUCCESS;
}

// Routes must be unbound first (ACL_ERROR_FAILURE otherwise, as CANN); waits on the queue end.
aclError acltdtDestroyQueue(uint32_t qid) {
  const char* api = "acltdtDestroyQueue";
  const aclError status = RequireDevice(api);
  if (status != ACL_SUCCESS) return status;
  std::shared_ptr<MemoryQueue> queue;
  {
    std::lock_guard<std::mutex> lock(Table().mutex);
    queue = FindLocked(qid);
    if (queue == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "queue %u does not exist.", qid);
    for (const auto& route : Table().routes) {
      if (route.first == qid || route.second == qid) {
        return Fail(api, ACL_ERROR_FAILURE, "queue %u is in the route %u -> %u: unbind its routes first.", qid,
                    route.first, route.second);
      }
    }
    Table().queues.erase(qid);
  }
  queue->fifo.Close();
  return ACL_SUCCESS;
}

aclError acltdtEnqueueData(uint32_t qid, const void* data, size_t dataSize, const void* userData, size_t userDataSize,
                           int32_t timeout, uint32_t rsv) {
  const char* api = "acltdtEnqueueData";
  (void)rsv;  // reserved: CANN only logs it
  if (data == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "data is nullptr.");
  if (dataSize == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataSize must be positive.");
  aclError status = RequireDevice(api);
  if (status != ACL_SUCCESS) return status;
  if (!CheckTimeout(api, timeout, &status)) return status;
  std::shared_ptr<MemoryQueue> queue;
  status = FindQueue(api, qid, &queue);
  if (status != ACL_SUCCESS) return status;
  QueueData entry;
  try {
    const auto* bytes = static_cast<const uint8_t*>(data);
    entry.data.assign(bytes, bytes + dataSize);
    if (userData != nullptr && userDataSize > 0) {
      const auto* user = static_cast<const uint8_t*>(userData);
      entry.user_data.assign(user, user + userDataSize);
    }
  } catch (const std::bad_alloc&) {
    return Fail(api, ACL_ERROR_BAD_ALLOC, "the host cannot copy %zu bytes into queue %u.", dataSize, qid);
  }
  const aclnn_host::QueueWait wait = queue->fifo.Push(std::move(entry), timeout);
  if (wait != aclnn_host::QueueWait::kDone) {
    return Fail(api, ACL_ERROR_RT_QUEUE_FULL, "queue %u %s.", qid,
                wait == aclnn_host::QueueWait::kClosed ? "was destroyed while the enqueue waited"
                                                       : "stayed full for the timeout");
  }
  ForwardAround();
  return ACL_SUCCESS;
}

// `*retDataSize` is the oldest entry's size; an entry larger than `dataSize` stays queued and
// gives 100000 (the sources leave it to the driver).
aclError acltdtDequeueData(uint32_t qid, void* data, size_t dataSize, size_t* retDataSize, void* userData,
                           size_t userDataSize, int32_t timeout) {
  const char* api = "acltdtDequeueData";
  if (data == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "data is nullptr.");
  if (retDataSize == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "retDataSize is nullptr.");
  if (dataSize == 0) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataSize must be positive.");
  aclError status = RequireDevice(api);
  if (status != ACL_SUCCESS) return status;
  if (!CheckTimeout(api, timeout, &status)) return status;
  std::shared_ptr<MemoryQueue> queue;
  status = FindQueue(api, qid, &queue);
  if (status != ACL_SUCCESS) return status;
  bool taken = false;
  const aclnn_host::QueueWait wait = queue->fifo.PopIf(
      [&](QueueData& front) {
        *retDataSize = front.data.size();
        if (front.data.size() > dataSize) return false;
        std::memcpy(data, front.data.data(), front.data.size());
        if (userData != nullptr && userDataSize > 0) {
          std::memset(userData, 0, userDataSize);
          std::memcpy(userData, front.user_data.data(), std::min(userDataSize, front.user_data.size()));
        }
        taken = true;
        return true;
      },
      timeout);
  if (wait != aclnn_host::QueueWait::kDone) {
    return Fail(api, ACL_ERROR_RT_QUEUE_EMPTY, "queue %u %s.", qid,
                wait == aclnn_host::QueueWait::kClosed ? "was destroyed while the dequeue waited"
                                                       : "stayed empty for the timeout");
  }
  if (!taken) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "the oldest entry of queue %u holds %zu bytes; data holds %zu.", qid,
                *retDataSize, dataSize);
  }
  ForwardAround();
  return ACL_SUCCESS;
}

aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout) {
  (void)qid, (void)buf, (void)timeout;
  return HostModeUnsupported("acltdtEnqueue");
}

aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout) {
  (void)qid, (void)buf, (void)timeout;
  return HostModeUnsupported("acltdtDequeue");
}

aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout) {
  (void)qid, (void)pid, (void)permission, (void)timeout;
  return HostModeUnsupported("acltdtGrantQueue");
}

aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t* permission) {
  (void)qid, (void)timeout, (void)permission;
  return HostModeUnsupported("acltdtAttachQueue");
}

aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf) {
  (void)size, (void)type, (void)buf;
  return HostModeUnsupported("acltdtAllocBuf");
}

aclError acltdtFreeBuf(acltdtBuf buf) {
  (void)buf;
  return HostModeUnsupported("acltdtFreeBuf");
}

aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size) {
  (void)buf, (void)dataPtr, (void)size;
  return HostModeUnsupported("acltdtGetBufData");
}

aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len) {
  (void)buf, (void)len;
  return HostModeUnsupported("acltdtSetBufDataLen");
}

aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len) {
  (void)buf, (void)len;
  return HostModeUnsupported("acltdtGetBufDataLen");
}

aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf) {
  (void)headBuf, (void)buf;
  return HostModeUnsupported("acltdtAppendBufChain");
}

aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num) {
  (void)headBuf, (void)num;
  return HostModeUnsupported("acltdtGetBufChainNum");
}

aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf* buf) {
  (void)headBuf, (void)index, (void)buf;
  return HostModeUnsupported("acltdtGetBufFromChain");
}

aclError acltdtGetBufUserData(const acltdtBuf buf, void* dataPtr, size_t size, size_t offset) {
  (void)buf, (void)dataPtr, (void)size, (void)offset;
  return HostModeUnsupported("acltdtGetBufUserData");
}

aclError acltdtSetBufUserData(acltdtBuf buf, const void* dataPtr, size_t size, size_t offset) {
  (void)buf, (void)dataPtr, (void)size, (void)offset;
  return HostModeUnsupported("acltdtSetBufUserData");
}

aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf) {
  (void)buf, (void)newBuf;
  return HostModeUnsupported("acltdtCopyBufRef");
}

acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId) {
  auto* route = new (std::nothrow) acltdtQueueRoute{srcId, dstId, 0};
  if (route == nullptr) Fail("acltdtCreateQueueRoute", ACL_ERROR_BAD_ALLOC, "allocating the route failed.");
  return route;
}

aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route) {
  if (route == nullptr) return Fail("acltdtDestroyQueueRoute", ACL_ERROR_INVALID_PARAM, "route is nullptr.");
  delete route;
  return ACL_SUCCESS;
}

aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route, acltdtQueueRouteParamType type, size_t len,
                                  size_t* paramRetSize, void* param) {
  const char* api = "acltdtGetQueueRouteParam";
  if (route == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "route is nullptr.");
  if (param == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "param is nullptr.");
  if (paramRetSize == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "paramRetSize is nullptr.");
  switch (type) {
    case ACL_TDT_QUEUE_ROUTE_SRC_UINT32:
      return CopyOut(api, param, len, &route->srcId, sizeof(route->srcId), paramRetSize);
    case ACL_TDT_QUEUE_ROUTE_DST_UINT32:
      return CopyOut(api, param, len, &route->dstId, sizeof(route->dstId), paramRetSize);
    case ACL_TDT_QUEUE_ROUTE_STATUS_INT32:
      return CopyOut(api, param, len, &route->status, sizeof(route->status), paramRetSize);
  }
  return Fail(api, ACL_ERROR_INVALID_PARAM, "type %d is not an acltdtQueueRouteParamType.", static_cast<int>(type));
}

acltdtQueueRouteList* acltdtCreateQueueRouteList(void) {
  auto* list = new (std::nothrow) acltdtQueueRouteList();
  if (list == nullptr) Fail("acltdtCreateQueueRouteList", ACL_ERROR_BAD_ALLOC, "allocating the route list failed.");
  return list;
}

aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList) {
  if (routeList == nullptr) {
    return Fail("acltdtDestroyQueueRouteList", ACL_ERROR_INVALID_PARAM, "routeList is nullptr.");
  }
  delete routeList;
  return ACL_SUCCESS;
}

aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList, const acltdtQueueRoute* route) {
  const char* api = "acltdtAddQueueRoute";
  if (routeList == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "routeList is nullptr.");
  if (route == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "route is nullptr.");
  routeList->routes.push_back(*route);
  return ACL_SUCCESS;
}

aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList, size_t index, acltdtQueueRoute* route) {
  const char* api = "acltdtGetQueueRoute";
  if (routeList == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "routeList is nullptr.");
  if (route == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "route is nullptr.");
  if (index >= routeList->routes.size()) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "index %zu is not below the list's %zu routes.", index,
                routeList->routes.size());
  }
  *route = routeList->routes[index];
  return ACL_SUCCESS;
}

size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList) {
  if (routeList == nullptr) {
    Fail("acltdtGetQueueRouteNum", ACL_ERROR_INVALID_PARAM, "routeList is nullptr.");
    return 0;
  }
  return routeList->routes.size();
}

acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo(void) {
  auto* info = new (std::nothrow) acltdtQueueRouteQueryInfo();
  if (info == nullptr) Fail("acltdtCreateQueueRouteQueryInfo", ACL_ERROR_BAD_ALLOC, "allocating the query failed.");
  return info;
}

aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info) {
  if (info == nullptr) return Fail("acltdtDestroyQueueRouteQueryInfo", ACL_ERROR_INVALID_PARAM, "info is nullptr.");
  delete info;
  return ACL_SUCCESS;
}

aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param, acltdtQueueRouteQueryInfoParamType type,
                                      size_t len, const void* value) {
  const char* api = "acltdtSetQueueRouteQueryInfo";
  if (param == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "param is nullptr.");
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  aclError status = ACL_ERROR_INVALID_PARAM;
  switch (type) {
    case ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM:
      status = CopyIn(api, &param->mode, sizeof(param->mode), value, len);
      if (status == ACL_SUCCESS) param->mode_set = true;
      return status;
    case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32:
      status = CopyIn(api, &param->srcId, sizeof(param->srcId), value, len);
      if (status == ACL_SUCCESS) param->src_set = true;
      return status;
    case ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32:
      status = CopyIn(api, &param->dstId, sizeof(param->dstId), value, len);
      if (status == ACL_SUCCESS) param->dst_set = true;
      return status;
  }
  return Fail(api, ACL_ERROR_INVALID_PARAM, "type %d is not an acltdtQueueRouteQueryInfoParamType.",
              static_cast<int>(type));
}

// Each route's status becomes 0 when bound (binding twice is fine); a route naming a queue that
// does not exist is not bound, gets status -1, and the call returns ACL_ERROR_FAILURE.
aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList) {
  const char* api = "acltdtBindQueueRoutes";
  if (qRouteList == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "qRouteList is nullptr.");
  const aclError status = RequireDevice(api);
  if (status != ACL_SUCCESS) return status;
  std::vector<uint32_t> sources;
  std::string missing;
  {
    std::lock_guard<std::mutex> lock(Table().mutex);
    for (acltdtQueueRoute& route : qRouteList->routes) {
      if (FindLocked(route.srcId) == nullptr || FindLocked(route.dstId) == nullptr) {
        route.status = kRouteNotBound;
        missing += (missing.empty() ? "" : ", ") + std::to_string(route.srcId) + " -> " + std::to_string(route.dstId);
        continue;
      }
      const std::pair<uint32_t, uint32_t> bound(route.srcId, route.dstId);
      bool known = false;
      for (const auto& existing : Table().routes) known = known || existing == bound;
      if (!known) Table().routes.push_back(bound);
      route.status = 0;
      sources.push_back(route.srcId);
    }
    if (!sources.empty()) ForwardAllLocked();
  }
  if (!missing.empty()) {
    return Fail(api, ACL_ERROR_FAILURE, "routes naming a queue that does not exist were not bound: %s.",
                missing.c_str());
  }
  return ACL_SUCCESS;
}

aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList) {
  const char* api = "acltdtUnbindQueueRoutes";
  if (qRouteList == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "qRouteList is nullptr.");
  const aclError status = RequireDevice(api);
  if (status != ACL_SUCCESS) return status;
  std::lock_guard<std::mutex> lock(Table().mutex);
  auto& routes = Table().routes;
  for (acltdtQueueRoute& route : qRouteList->routes) {
    const std::pair<uint32_t, uint32_t> bound(route.srcId, route.dstId);
    for (size_t i = 0; i < routes.size(); ++i) {
      if (routes[i] == bound) {
        routes.erase(routes.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
    route.status = 0;
  }
  return ACL_SUCCESS;
}

// The list is cleared, then receives the bound routes the query selects, with status
// ACL_TDT_QUEUE_ROUTE_BIND (no route here is ever abnormal).
aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo, acltdtQueueRouteList* qRouteList) {
  const char* api = "acltdtQueryQueueRoutes";
  if (qRouteList == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "qRouteList is nullptr.");
  if (queryInfo == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "queryInfo is nullptr.");
  qRouteList->routes.clear();
  if (!queryInfo->mode_set) return Fail(api, ACL_ERROR_INVALID_PARAM, "the query's mode is not set.");
  const int32_t mode = queryInfo->mode;
  const bool by_source = mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC || mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
  const bool by_destination = mode == ACL_TDT_QUEUE_ROUTE_QUERY_DST || mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
  if (!by_source && !by_destination && mode != ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "mode %d is not an acltdtQueueRouteQueryMode.", mode);
  }
  if (by_source && !queryInfo->src_set) return Fail(api, ACL_ERROR_INVALID_PARAM, "the query's source is not set.");
  if (by_destination && !queryInfo->dst_set) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "the query's destination is not set.");
  }
  const aclError status = RequireDevice(api);
  if (status != ACL_SUCCESS) return status;
  if (mode == ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL) return ACL_SUCCESS;
  std::lock_guard<std::mutex> lock(Table().mutex);
  for (const auto& route : Table().routes) {
    if (by_source && route.first != queryInfo->srcId) continue;
    if (by_destination && route.second != queryInfo->dstId) continue;
    qRouteList->routes.push_back(acltdtQueueRoute{route.first, route.second, ACL_TDT_QUEUE_ROUTE_BIND});
  }
  return ACL_SUCCESS;
}

}  // extern "C"
