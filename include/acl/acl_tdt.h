/*
 * aclnn-host: AscendCL's tensor data transfer channels (CANN's acl/acl_tdt.h,
 * libacl_tdt_channel.so). Data items and datasets are implemented; so are the queue-backed channels
 * of acltdtCreateChannelWithCapacity, as in-process queues of the emulated device. The TDT-daemon
 * channels of acltdtCreateChannel need the NPU's data-transfer process and are not supported
 * (docs/api-coverage.md). C-compatible.
 */
#ifndef INC_EXTERNAL_ACL_ACL_TDT_H_
#define INC_EXTERNAL_ACL_ACL_TDT_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

enum acltdtTensorType {
  ACL_TENSOR_DATA_UNDEFINED = -1,
  ACL_TENSOR_DATA_TENSOR,
  ACL_TENSOR_DATA_END_OF_SEQUENCE,
  ACL_TENSOR_DATA_ABNORMAL,
  ACL_TENSOR_DATA_SLICE_TENSOR,
  ACL_TENSOR_DATA_END_TENSOR
};
/* CANN's header names the enum without a typedef (it compiles as C++ only); C needs one. */
typedef enum acltdtTensorType acltdtTensorType;

typedef struct acltdtDataItem acltdtDataItem;
typedef struct acltdtDataset acltdtDataset;
typedef struct acltdtChannelHandle acltdtChannelHandle;

/* The readers return ACL_TENSOR_DATA_UNDEFINED, ACL_DT_UNDEFINED, NULL or 0 for a NULL item. */
ACL_FUNC_VISIBILITY acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem, size_t* sliceNum,
                                                        size_t* sliceId);
ACL_FUNC_VISIBILITY aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum);
ACL_FUNC_VISIBILITY acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t* dims, size_t dimNum,
                                                         aclDataType dataType, void* data, size_t size);
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataItem(acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY acltdtDataset* acltdtCreateDataset(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataset(acltdtDataset* dataset);
ACL_FUNC_VISIBILITY acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index);
ACL_FUNC_VISIBILITY aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDatasetSize(const acltdtDataset* dataset);
ACL_FUNC_VISIBILITY const char* acltdtGetDatasetName(const acltdtDataset* dataset);
ACL_FUNC_VISIBILITY aclError acltdtStopChannel(acltdtChannelHandle* handle);
/** NULL here, with a message: TDT-daemon channels are not emulated. */
ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name);
ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId, const char* name,
                                                                         size_t capacity);
ACL_FUNC_VISIBILITY aclError acltdtDestroyChannel(acltdtChannelHandle* handle);
ACL_FUNC_VISIBILITY aclError acltdtCleanChannel(acltdtChannelHandle* handle);
ACL_FUNC_VISIBILITY aclError acltdtSendTensor(const acltdtChannelHandle* handle, const acltdtDataset* dataset,
                                              int32_t timeout);
ACL_FUNC_VISIBILITY aclError acltdtReceiveTensor(const acltdtChannelHandle* handle, acltdtDataset* dataset,
                                                 int32_t timeout);
ACL_FUNC_VISIBILITY aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_TDT_H_ */
