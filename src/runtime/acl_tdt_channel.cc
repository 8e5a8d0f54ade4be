// Tensor data transfer (acl/acl_tdt.h): data items, datasets and the queue-backed channels of
// acltdtCreateChannelWithCapacity, with the checks and codes of hicann/runtime's
// src/acl/acl_tdt_channel/tensor_data_transfer.cpp at 681ef761.
//
// A channel is a queue of the emulated device (runtime/bounded_queue.h): a send copies the
// dataset's items (shape, types and bytes, from host or device memory) into one message, a receive
// takes the oldest message and makes its items the dataset's own, as CANN's receive does.
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "runtime/bounded_queue.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/memory.h"

using aclnn_host::Fail;

struct acltdtDataItem {
  acltdtTensorType type = ACL_TENSOR_DATA_UNDEFINED;
  std::vector<int64_t> dims;
  aclDataType data_type = ACL_DT_UNDEFINED;
  void* data = nullptr;  // the caller's bytes, or those of `received`
  size_t size = 0;
  std::shared_ptr<std::vector<uint8_t>> received;  // a received item's copy of the bytes
  size_t slice_num = 0;
  size_t slice_id = 0;
};

struct acltdtDataset {
  enum class Memory { kUnknown, kHost, kDevice };
  std::vector<acltdtDataItem*> items;
  bool owns_items = false;  // filled by a receive: its items are the dataset's, freed with it
  Memory memory = Memory::kUnknown;
  std::string name;
  ~acltdtDataset() {
    if (!owns_items) return;
    for (acltdtDataItem* item : items) delete item;
  }
};

namespace {

constexpr size_t kMaxDims = 128;            // CANN's MAX_DIM_CNT of a data item
constexpr size_t kMaxQueueNameBytes = 128;  // RT_MQ_MAX_NAME_LEN, the NUL included
constexpr size_t kMinQueueDepth = 2;        // RT_MQ_DEPTH_MIN

using ChannelMessage = std::vector<acltdtDataItem>;  // items holding `received` copies
// The queue of a channel, with the channel's name for messages (a handle may be destroyed while a
// send or receive still reports on its queue).
struct ChannelQueue : aclnn_host::BoundedQueue<ChannelMessage> {
  ChannelQueue(size_t depth, std::string channel_name)
      : aclnn_host::BoundedQueue<ChannelMessage>(depth), name(std::move(channel_name)) {}
  const std::string name;
};

}  // namespace

struct acltdtChannelHandle {
  uint32_t device;
  std::shared_ptr<ChannelQueue> queue;  // also held by the registry and by waiting sends/receives
};

namespace {

// Live channels: a destroyed or foreign handle is refused instead of dereferenced.
std::mutex channels_mutex;
std::unordered_map<const acltdtChannelHandle*, std::shared_ptr<ChannelQueue>>& Channels() {
  static auto* channels = new std::unordered_map<const acltdtChannelHandle*, std::shared_ptr<ChannelQueue>>();
  return *channels;
}

aclError FindChannel(const char* api, const acltdtChannelHandle* handle, std::shared_ptr<ChannelQueue>* queue) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  std::lock_guard<std::mutex> lock(channels_mutex);
  const auto found = Channels().find(handle);
  if (found == Channels().end()) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "handle is not a channel of acltdtCreateChannelWithCapacity (or was "
                "destroyed).");
  }
  *queue = found->second;
  return ACL_SUCCESS;
}

// CANN's waits: -1 for ever, 0 once, n > 0 at most n ms.
bool CheckTimeout(const char* api, int32_t timeout, aclError* status) {
  if (timeout >= -1) return true;
  *status =
      Fail(api, ACL_ERROR_INVALID_PARAM, "timeout %d is invalid: expected -1 (for ever) or [0, INT_MAX] ms.", timeout);
  return false;
}

acltdtDataset::Memory MemoryOf(const void* data) {
  if (data == nullptr) return acltdtDataset::Memory::kUnknown;
  aclnn_host::AllocationInfo info;
  bool host = true;
  if (aclnn_host::MemoryRegistry::Get().FindAllocation(data, &info, &host) && !host) {
    return acltdtDataset::Memory::kDevice;
  }
  return acltdtDataset::Memory::kHost;  // host allocations, registrations and unregistered memory
}

}  // namespace

extern "C" {

acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem) {
  if (dataItem == nullptr) {
    Fail("acltdtGetTensorTypeFromItem", ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
    return ACL_TENSOR_DATA_UNDEFINED;
  }
  return dataItem->type;
}

aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem) {
  if (dataItem == nullptr) {
    Fail("acltdtGetDataTypeFromItem", ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
    return ACL_DT_UNDEFINED;
  }
  return dataItem->data_type;
}

void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem) {
  if (dataItem == nullptr) {
    Fail("acltdtGetDataAddrFromItem", ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
    return nullptr;
  }
  return dataItem->data;
}

size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem) {
  if (dataItem == nullptr) {
    Fail("acltdtGetDataSizeFromItem", ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
    return 0;
  }
  return dataItem->size;
}

size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem) {
  if (dataItem == nullptr) {
    Fail("acltdtGetDimNumFromItem", ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
    return 0;
  }
  return dataItem->dims.size();
}

aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem, size_t* sliceNum, size_t* sliceId) {
  const char* api = "acltdtGetSliceInfoFromItem";
  if (dataItem == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
  if (sliceNum == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "sliceNum is nullptr.");
  if (sliceId == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "sliceId is nullptr.");
  *sliceNum = dataItem->slice_num;
  *sliceId = dataItem->slice_id;
  return ACL_SUCCESS;
}

aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum) {
  const char* api = "acltdtGetDimsFromItem";
  if (dataItem == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
  if (dims == nullptr && dimNum != 0) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "dims/dimNum nullptr/%zu: if dims is nullptr, dimNum should be 0.",
                dimNum);
  }
  if (dims != nullptr && dimNum == 0) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "dims/dimNum: if dims is not nullptr, dimNum should be greater than 0.");
  }
  if (dimNum < dataItem->dims.size()) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "dimNum %zu cannot be less than the size of dataItem's dims %zu.", dimNum,
                dataItem->dims.size());
  }
  if (!dataItem->dims.empty()) std::memcpy(dims, dataItem->dims.data(), dataItem->dims.size() * sizeof(int64_t));
  return ACL_SUCCESS;
}

// A tensor item borrows `data` (the caller keeps it alive); other kinds carry no shape or data.
acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t* dims, size_t dimNum, aclDataType dataType,
                                     void* data, size_t size) {
  const char* api = "acltdtCreateDataItem";
  if (dims == nullptr && dimNum != 0) {
    Fail(api, ACL_ERROR_INVALID_PARAM, "dims/dimNum nullptr/%zu: if dims is nullptr, dimNum should be 0.", dimNum);
    return nullptr;
  }
  if (dims != nullptr && dimNum == 0) {
    Fail(api, ACL_ERROR_INVALID_PARAM, "dims/dimNum: if dims is not nullptr, dimNum should be greater than 0.");
    return nullptr;
  }
  if (dimNum > kMaxDims) {
    Fail(api, ACL_ERROR_INVALID_PARAM, "dimNum %zu is invalid: expected less than or equal to %zu.", dimNum, kMaxDims);
    return nullptr;
  }
  auto* item = new (std::nothrow) acltdtDataItem();
  if (item == nullptr) {
    Fail(api, ACL_ERROR_BAD_ALLOC, "allocating the data item failed.");
    return nullptr;
  }
  item->type = tdtType;
  if (tdtType != ACL_TENSOR_DATA_TENSOR) {
    if (dims != nullptr) {
      delete item;
      Fail(api, ACL_ERROR_INVALID_PARAM, "dims must be nullptr when tdtType is %d (not ACL_TENSOR_DATA_TENSOR).",
           static_cast<int>(tdtType));
      return nullptr;
    }
    return item;  // no shape, ACL_DT_UNDEFINED, no data
  }
  if (dimNum > 0) item->dims.assign(dims, dims + dimNum);
  item->data_type = dataType;
  item->data = data;
  item->size = size;
  return item;
}

aclError acltdtDestroyDataItem(acltdtDataItem* dataItem) {
  if (dataItem == nullptr) return Fail("acltdtDestroyDataItem", ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
  delete dataItem;
  return ACL_SUCCESS;
}

acltdtDataset* acltdtCreateDataset(void) {
  auto* dataset = new (std::nothrow) acltdtDataset();
  if (dataset == nullptr) Fail("acltdtCreateDataset", ACL_ERROR_BAD_ALLOC, "allocating the dataset failed.");
  return dataset;
}

// The items a caller added stay the caller's; those a receive made are freed here.
aclError acltdtDestroyDataset(acltdtDataset* dataset) {
  if (dataset == nullptr) return Fail("acltdtDestroyDataset", ACL_ERROR_INVALID_PARAM, "dataset is nullptr.");
  delete dataset;
  return ACL_SUCCESS;
}

acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index) {
  const char* api = "acltdtGetDataItem";
  if (dataset == nullptr) {
    Fail(api, ACL_ERROR_INVALID_PARAM, "dataset is nullptr.");
    return nullptr;
  }
  if (index >= dataset->items.size()) {
    Fail(api, ACL_ERROR_INVALID_PARAM, "index %zu is greater than or equal to dataset size %zu.", index,
         dataset->items.size());
    return nullptr;
  }
  return dataset->items[index];
}

// A dataset's items are all in host memory or all in device memory, as CANN requires.
aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem) {
  const char* api = "acltdtAddDataItem";
  if (dataset == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataset is nullptr.");
  if (dataItem == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataItem is nullptr.");
  if (dataset->owns_items) {
    return Fail(api, ACL_ERROR_FEATURE_UNSUPPORTED,
                "item cannot be added because internal item already exists (the dataset holds received items).");
  }
  const acltdtDataset::Memory memory = MemoryOf(dataItem->data);
  if (dataset->memory == acltdtDataset::Memory::kUnknown) dataset->memory = memory;
  if (memory != acltdtDataset::Memory::kUnknown && dataset->memory != memory) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "The memTypes in the dataset must be all host-side or device-side address: the dataset's items are "
                "in %s memory, this one is not.",
                dataset->memory == acltdtDataset::Memory::kDevice ? "device" : "host");
  }
  dataset->items.push_back(dataItem);
  return ACL_SUCCESS;
}

size_t acltdtGetDatasetSize(const acltdtDataset* dataset) {
  if (dataset == nullptr) {
    Fail("acltdtGetDatasetSize", ACL_ERROR_INVALID_PARAM, "dataset is nullptr.");
    return 0;
  }
  return dataset->items.size();
}

const char* acltdtGetDatasetName(const acltdtDataset* dataset) {
  if (dataset == nullptr) {
    Fail("acltdtGetDatasetName", ACL_ERROR_INVALID_PARAM, "dataset is nullptr.");
    return nullptr;
  }
  return dataset->name.c_str();
}

// A queue of the emulated device named `name`, holding up to `capacity` datasets.
acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId, const char* name, size_t capacity) {
  const char* api = "acltdtCreateChannelWithCapacity";
  if (name == nullptr) {
    Fail(api, ACL_ERROR_INVALID_PARAM, "name is nullptr.");
    return nullptr;
  }
  if (strnlen(name, kMaxQueueNameBytes) + 1 > kMaxQueueNameBytes) {
    Fail(api, ACL_ERROR_INVALID_PARAM, "name [%.32s...] length %zu cannot be larger than %zu.", name,
         std::strlen(name) + 1, kMaxQueueNameBytes);
    return nullptr;
  }
  aclnn_host::Runtime& runtime = aclnn_host::Runtime::Get();
  if (runtime.profile() == nullptr) {
    Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    return nullptr;
  }
  if (deviceId >= runtime.device_count()) {
    Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "deviceId %u is invalid: the emulated devices are [0, %u).", deviceId,
         runtime.device_count());
    return nullptr;
  }
  const auto depth = static_cast<uint32_t>(capacity);  // CANN's queue attribute holds 32 bits
  if (depth < kMinQueueDepth) {
    Fail(api, ACL_ERROR_RT_PARAM_INVALID, "capacity %zu is invalid: a queue holds at least %zu datasets.", capacity,
         kMinQueueDepth);
    return nullptr;
  }
  auto* handle = new (std::nothrow) acltdtChannelHandle{deviceId, nullptr};
  if (handle != nullptr) handle->queue = std::make_shared<ChannelQueue>(depth, name);
  if (handle == nullptr) {
    Fail(api, ACL_ERROR_BAD_ALLOC, "allocating the channel failed.");
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(channels_mutex);
  Channels()[handle] = handle->queue;
  return handle;
}

// A queue channel has no TDT process to stop, as in CANN.
aclError acltdtStopChannel(acltdtChannelHandle* handle) {
  std::shared_ptr<ChannelQueue> queue;
  return FindChannel("acltdtStopChannel", handle, &queue);
}

// Sends and receives still waiting end with ACL_ERROR_RT_QUEUE_FULL / _EMPTY.
aclError acltdtDestroyChannel(acltdtChannelHandle* handle) {
  const char* api = "acltdtDestroyChannel";
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "handle is nullptr.");
  std::shared_ptr<ChannelQueue> queue;
  {
    std::lock_guard<std::mutex> lock(channels_mutex);  // found and removed at once: one destroy wins
    const auto found = Channels().find(handle);
    if (found == Channels().end()) {
      return Fail(api, ACL_ERROR_INVALID_PARAM,
                  "handle is not a channel of acltdtCreateChannelWithCapacity (or was destroyed).");
    }
    queue = found->second;
    Channels().erase(found);
  }
  queue->Close();
  delete handle;
  return ACL_SUCCESS;
}

aclError acltdtCleanChannel(acltdtChannelHandle* handle) {
  std::shared_ptr<ChannelQueue> queue;
  const aclError status = FindChannel("acltdtCleanChannel", handle, &queue);
  if (status == ACL_SUCCESS) queue->Clear();
  return status;
}

aclError acltdtSendTensor(const acltdtChannelHandle* handle, const acltdtDataset* dataset, int32_t timeout) {
  const char* api = "acltdtSendTensor";
  std::shared_ptr<ChannelQueue> queue;
  aclError status = FindChannel(api, handle, &queue);
  if (status != ACL_SUCCESS) return status;
  if (dataset == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataset is nullptr.");
  if (!CheckTimeout(api, timeout, &status)) return status;
  if (dataset->items.empty()) return Fail(api, ACL_ERROR_INVALID_PARAM, "the dataset holds no item to send.");
  ChannelMessage message;
  try {
    message.reserve(dataset->items.size());
    for (const acltdtDataItem* item : dataset->items) {
      if (item->size > 0 && item->data == nullptr) {
        return Fail(api, ACL_ERROR_INVALID_PARAM, "an item of %zu bytes has no data.", item->size);
      }
      acltdtDataItem copy = *item;
      copy.received = std::make_shared<std::vector<uint8_t>>(item->size);
      if (item->size > 0) std::memcpy(copy.received->data(), item->data, item->size);
      copy.data = copy.received->data();
      message.push_back(std::move(copy));
    }
  } catch (const std::bad_alloc&) {
    return Fail(api, ACL_ERROR_BAD_ALLOC, "the host cannot copy the dataset into the channel.");
  }
  switch (queue->Push(std::move(message), timeout)) {
    case aclnn_host::QueueWait::kDone:
      return ACL_SUCCESS;
    case aclnn_host::QueueWait::kTimedOut:
      return Fail(api, ACL_ERROR_RT_QUEUE_FULL, "the channel [%s] stayed full (%zu datasets) for %d ms.",
                  queue->name.c_str(), queue->depth(), timeout);
    case aclnn_host::QueueWait::kClosed:
      break;
  }
  return Fail(api, ACL_ERROR_RT_QUEUE_FULL, "the channel was destroyed while the send waited.");
}

// The dataset must be empty or hold received items (which are replaced); it then owns the items.
aclError acltdtReceiveTensor(const acltdtChannelHandle* handle, acltdtDataset* dataset, int32_t timeout) {
  const char* api = "acltdtReceiveTensor";
  std::shared_ptr<ChannelQueue> queue;
  aclError status = FindChannel(api, handle, &queue);
  if (status != ACL_SUCCESS) return status;
  if (dataset == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "dataset is nullptr.");
  if (!CheckTimeout(api, timeout, &status)) return status;
  if (!dataset->items.empty() && !dataset->owns_items) {
    return Fail(api, ACL_ERROR_INVALID_PARAM,
                "the dataset holds items added by acltdtAddDataItem: receive into an empty dataset.");
  }
  ChannelMessage message;
  const aclnn_host::QueueWait wait = queue->PopIf(
      [&message](ChannelMessage& front) {
        message = std::move(front);
        return true;
      },
      timeout);
  if (wait == aclnn_host::QueueWait::kTimedOut) {
    return Fail(api, ACL_ERROR_RT_QUEUE_EMPTY, "the channel [%s] stayed empty for %d ms.", queue->name.c_str(),
                timeout);
  }
  if (wait == aclnn_host::QueueWait::kClosed) {
    return Fail(api, ACL_ERROR_RT_QUEUE_EMPTY, "the channel was destroyed while the receive waited.");
  }
  std::vector<acltdtDataItem*> items;
  items.reserve(message.size());
  for (acltdtDataItem& item : message) {
    auto* owned = new (std::nothrow) acltdtDataItem(std::move(item));
    if (owned == nullptr) {
      for (acltdtDataItem* made : items) delete made;
      return Fail(api, ACL_ERROR_BAD_ALLOC, "allocating the received items failed.");
    }
    items.push_back(owned);
  }
  for (acltdtDataItem* old : dataset->items) delete old;
  dataset->items = std::move(items);
  dataset->owns_items = true;
  dataset->memory = acltdtDataset::Memory::kHost;
  return ACL_SUCCESS;
}

aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size) {
  const char* api = "acltdtQueryChannelSize";
  std::shared_ptr<ChannelQueue> queue;
  const aclError status = FindChannel(api, handle, &queue);
  if (status != ACL_SUCCESS) return status;
  if (size == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "size is nullptr.");
  *size = queue->size();
  return ACL_SUCCESS;
}

}  // extern "C"
