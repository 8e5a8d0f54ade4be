/* Generated once by tests/header_compat/generate_upstream_redeclarations.py from
 * hicann/runtime 681ef7610df13c8128982901142a2c869ddbb53e (see acl_side_functions.txt).
 * Compiled as C11 after our headers:
 * every upstream function must be declared by them, re-declare compatibly, and link. */
/* The upstream prototypes stay as upstream writes them. */
/* clang-format off */
#include <stdio.h>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"

typedef void (*AnyFunction)(void);

/* Named before the upstream prototypes: an undeclared name fails to compile. */
static const AnyFunction kDeclaredByOurHeaders[] = {
    (AnyFunction)acltdtGetTensorTypeFromItem,
    (AnyFunction)acltdtGetDataTypeFromItem,
    (AnyFunction)acltdtGetDataAddrFromItem,
    (AnyFunction)acltdtGetDataSizeFromItem,
    (AnyFunction)acltdtGetDimNumFromItem,
    (AnyFunction)acltdtGetSliceInfoFromItem,
    (AnyFunction)acltdtGetDimsFromItem,
    (AnyFunction)acltdtCreateDataItem,
    (AnyFunction)acltdtDestroyDataItem,
    (AnyFunction)acltdtCreateDataset,
    (AnyFunction)acltdtDestroyDataset,
    (AnyFunction)acltdtGetDataItem,
    (AnyFunction)acltdtAddDataItem,
    (AnyFunction)acltdtGetDatasetSize,
    (AnyFunction)acltdtGetDatasetName,
    (AnyFunction)acltdtStopChannel,
    (AnyFunction)acltdtCreateChannel,
    (AnyFunction)acltdtCreateChannelWithCapacity,
    (AnyFunction)acltdtDestroyChannel,
    (AnyFunction)acltdtCleanChannel,
    (AnyFunction)acltdtSendTensor,
    (AnyFunction)acltdtReceiveTensor,
    (AnyFunction)acltdtQueryChannelSize,
    (AnyFunction)acltdtCreateQueue,
    (AnyFunction)acltdtDestroyQueue,
    (AnyFunction)acltdtEnqueue,
    (AnyFunction)acltdtDequeue,
    (AnyFunction)acltdtEnqueueData,
    (AnyFunction)acltdtDequeueData,
    (AnyFunction)acltdtGrantQueue,
    (AnyFunction)acltdtAttachQueue,
    (AnyFunction)acltdtBindQueueRoutes,
    (AnyFunction)acltdtUnbindQueueRoutes,
    (AnyFunction)acltdtQueryQueueRoutes,
    (AnyFunction)acltdtAllocBuf,
    (AnyFunction)acltdtFreeBuf,
    (AnyFunction)acltdtGetBufData,
    (AnyFunction)acltdtSetBufDataLen,
    (AnyFunction)acltdtGetBufDataLen,
    (AnyFunction)acltdtAppendBufChain,
    (AnyFunction)acltdtGetBufChainNum,
    (AnyFunction)acltdtGetBufFromChain,
    (AnyFunction)acltdtGetBufUserData,
    (AnyFunction)acltdtSetBufUserData,
    (AnyFunction)acltdtCopyBufRef,
    (AnyFunction)acltdtCreateQueueAttr,
    (AnyFunction)acltdtDestroyQueueAttr,
    (AnyFunction)acltdtSetQueueAttr,
    (AnyFunction)acltdtGetQueueAttr,
    (AnyFunction)acltdtCreateQueueRoute,
    (AnyFunction)acltdtDestroyQueueRoute,
    (AnyFunction)acltdtGetQueueRouteParam,
    (AnyFunction)acltdtCreateQueueRouteList,
    (AnyFunction)acltdtDestroyQueueRouteList,
    (AnyFunction)acltdtAddQueueRoute,
    (AnyFunction)acltdtGetQueueRoute,
    (AnyFunction)acltdtGetQueueRouteNum,
    (AnyFunction)acltdtCreateQueueRouteQueryInfo,
    (AnyFunction)acltdtDestroyQueueRouteQueryInfo,
    (AnyFunction)acltdtSetQueueRouteQueryInfo,
    (AnyFunction)acldumpRegCallback,
    (AnyFunction)acldumpUnregCallback,
    (AnyFunction)aclopStartDumpArgs,
    (AnyFunction)aclopStopDumpArgs,
    (AnyFunction)acldumpGetPath,
    (AnyFunction)acldumpSaveExceptionInfo,
    (AnyFunction)acldumpGetExceptionInfoPath,
    (AnyFunction)aclprofInit,
    (AnyFunction)aclprofFinalize,
    (AnyFunction)aclprofStart,
    (AnyFunction)aclprofCreateConfig,
    (AnyFunction)aclprofDestroyConfig,
    (AnyFunction)aclprofStop,
    (AnyFunction)aclprofSetConfig,
    (AnyFunction)aclprofModelSubscribe,
    (AnyFunction)aclprofModelUnSubscribe,
    (AnyFunction)aclprofCreateSubscribeConfig,
    (AnyFunction)aclprofDestroySubscribeConfig,
    (AnyFunction)aclprofGetOpDescSize,
    (AnyFunction)aclprofGetOpNum,
    (AnyFunction)aclprofGetOpTypeLen,
    (AnyFunction)aclprofGetOpType,
    (AnyFunction)aclprofGetOpNameLen,
    (AnyFunction)aclprofGetOpName,
    (AnyFunction)aclprofGetOpStart,
    (AnyFunction)aclprofGetOpEnd,
    (AnyFunction)aclprofGetOpDuration,
    (AnyFunction)aclprofGetModelId,
    (AnyFunction)aclprofGetOpFlag,
    (AnyFunction)aclprofGetOpAttriValue,
    (AnyFunction)aclprofGetStepTimestamp,
    (AnyFunction)aclprofCreateStepInfo,
    (AnyFunction)aclprofDestroyStepInfo,
    (AnyFunction)aclprofCreateStamp,
    (AnyFunction)aclprofDestroyStamp,
    (AnyFunction)aclprofPush,
    (AnyFunction)aclprofPop,
    (AnyFunction)aclprofRangeStart,
    (AnyFunction)aclprofRangeStop,
    (AnyFunction)aclprofSetStampTraceMessage,
    (AnyFunction)aclprofMark,
    (AnyFunction)aclprofMarkEx,
    (AnyFunction)aclprofStr2Id,
    (AnyFunction)aclprofRangePushEx,
    (AnyFunction)aclprofRangePop,
};

/* The upstream prototypes, verbatim. */
acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem);
aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem);
void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem);
size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem);
size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem);
aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem, size_t* sliceNum, size_t* sliceId);
aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum);
acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t* dims, size_t dimNum, aclDataType dataType, void* data, size_t size);
aclError acltdtDestroyDataItem(acltdtDataItem* dataItem);
acltdtDataset* acltdtCreateDataset();
aclError acltdtDestroyDataset(acltdtDataset* dataset);
acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index);
aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem);
size_t acltdtGetDatasetSize(const acltdtDataset* dataset);
const char* acltdtGetDatasetName(const acltdtDataset* dataset);
aclError acltdtStopChannel(acltdtChannelHandle* handle);
acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name);
acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId, const char* name, size_t capacity);
aclError acltdtDestroyChannel(acltdtChannelHandle* handle);
aclError acltdtCleanChannel(acltdtChannelHandle* handle);
aclError acltdtSendTensor(const acltdtChannelHandle* handle, const acltdtDataset* dataset, int32_t timeout);
aclError acltdtReceiveTensor(const acltdtChannelHandle* handle, acltdtDataset* dataset, int32_t timeout);
aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size);
aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid);
aclError acltdtDestroyQueue(uint32_t qid);
aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout);
aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout);
aclError acltdtEnqueueData(uint32_t qid, const void* data, size_t dataSize, const void* userData, size_t userDataSize, int32_t timeout, uint32_t rsv);
aclError acltdtDequeueData(uint32_t qid, void* data, size_t dataSize, size_t* retDataSize, void* userData, size_t userDataSize, int32_t timeout);
aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout);
aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t* permission);
aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList);
aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList);
aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo, acltdtQueueRouteList* qRouteList);
aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf);
aclError acltdtFreeBuf(acltdtBuf buf);
aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size);
aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len);
aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len);
aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf);
aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num);
aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf* buf);
aclError acltdtGetBufUserData(const acltdtBuf buf, void* dataPtr, size_t size, size_t offset);
aclError acltdtSetBufUserData(acltdtBuf buf, const void* dataPtr, size_t size, size_t offset);
aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf);
acltdtQueueAttr* acltdtCreateQueueAttr();
aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr);
aclError acltdtSetQueueAttr(acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len, const void* param);
aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len, size_t* paramRetSize, void* param);
acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId);
aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route);
aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route, acltdtQueueRouteParamType type, size_t len, size_t* paramRetSize, void* param);
acltdtQueueRouteList* acltdtCreateQueueRouteList();
aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList);
aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList, const acltdtQueueRoute* route);
aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList, size_t index, acltdtQueueRoute* route);
size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList);
acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo();
aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info);
aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param, acltdtQueueRouteQueryInfoParamType type, size_t len, const void* value);
aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t), int32_t flag);
void acldumpUnregCallback();
aclError aclopStartDumpArgs(uint32_t dumpType, const char* path);
aclError aclopStopDumpArgs(uint32_t dumpType);
const char* acldumpGetPath(acldumpType dumpType);
aclError acldumpSaveExceptionInfo(const char* fileName, const char* userTag, const acldumpTensorInfo* tensors, size_t tensorCount);
aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen);
aclError aclprofInit(const char* profilerResultPath, size_t length);
aclError aclprofFinalize();
aclError aclprofStart(const aclprofConfig* profilerConfig);
aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums, aclprofAicoreMetrics aicoreMetrics, const aclprofAicoreEvents* aicoreEvents, uint64_t dataTypeConfig);
aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig);
aclError aclprofStop(const aclprofConfig* profilerConfig);
aclError aclprofSetConfig(aclprofConfigType configType, const char* config, size_t configLength);
aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig* profSubscribeConfig);
aclError aclprofModelUnSubscribe(uint32_t modelId);
aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch, aclprofAicoreMetrics aicoreMetrics, void* fd);
aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig);
aclError aclprofGetOpDescSize(size_t* opDescSize);
aclError aclprofGetOpNum(const void* opInfo, size_t opInfoLen, uint32_t* opNumber);
aclError aclprofGetOpTypeLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opTypeLen);
aclError aclprofGetOpType(const void* opInfo, size_t opInfoLen, uint32_t index, char* opType, size_t opTypeLen);
aclError aclprofGetOpNameLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opNameLen);
aclError aclprofGetOpName(const void* opInfo, size_t opInfoLen, uint32_t index, char* opName, size_t opNameLen);
uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index);
uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index);
uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index);
size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index);
aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index);
const char* aclprofGetOpAttriValue(const void* opInfo, size_t opInfoLen, uint32_t index, aclprofSubscribeOpAttri attri);
aclError aclprofGetStepTimestamp(aclprofStepInfo* stepInfo, aclprofStepTag tag, aclrtStream stream);
aclprofStepInfo* aclprofCreateStepInfo();
void aclprofDestroyStepInfo(aclprofStepInfo* stepinfo);
void* aclprofCreateStamp();
void aclprofDestroyStamp(void* stamp);
aclError aclprofPush(void* stamp);
aclError aclprofPop();
aclError aclprofRangeStart(void* stamp, uint32_t* rangeId);
aclError aclprofRangeStop(uint32_t rangeId);
aclError aclprofSetStampTraceMessage(void* stamp, const char* msg, uint32_t msgLen);
aclError aclprofMark(void* stamp);
aclError aclprofMarkEx(const char* msg, size_t msgLen, aclrtStream stream);
uint64_t aclprofStr2Id(const char* message);
aclError aclprofRangePushEx(aclprofEventAttributes* attr);
aclError aclprofRangePop();

int main(void) {
  size_t missing = 0;
  size_t i;
  for (i = 0; i < sizeof(kDeclaredByOurHeaders) / sizeof(kDeclaredByOurHeaders[0]); ++i) {
    if (kDeclaredByOurHeaders[i] == 0) ++missing;
  }
  printf("%zu upstream functions declared, re-declared and linked\n", i);
  return missing == 0 && i == 105 ? 0 : 1;
}
