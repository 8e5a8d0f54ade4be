/*
 * aclnn-host: AscendCL's profiling interface (CANN's acl/acl_prof.h, libmsprofiler.so): profiling
 * sessions, subscriptions, step stamps and msproftx ranges. aclnn-host has no profiler; these
 * functions report ACL_ERROR_RT_FEATURE_NOT_SUPPORT (docs/api-coverage.md). C-compatible.
 */
#ifndef INC_EXTERNAL_ACL_PROF_H_
#define INC_EXTERNAL_ACL_PROF_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#define MSVP_PROF_API __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

/* dataTypeConfig bits of aclprofCreateConfig. */
#define ACL_PROF_ACL_API 0x0001ULL
#define ACL_PROF_TASK_TIME 0x0002ULL
#define ACL_PROF_AICORE_METRICS 0x0004ULL
#define ACL_PROF_AICPU 0x0008ULL
#define ACL_PROF_L2CACHE 0x0010ULL
#define ACL_PROF_HCCL_TRACE 0x0020ULL
#define ACL_PROF_TRAINING_TRACE 0x0040ULL
#define ACL_PROF_MSPROFTX 0x0080ULL
#define ACL_PROF_RUNTIME_API 0x0100ULL
#define ACL_PROF_GE_API_L0 0x0200ULL
#define ACL_PROF_TASK_TIME_L0 0x0800ULL
#define ACL_PROF_TASK_MEMORY 0x1000ULL
#define ACL_PROF_GE_API_L1 0x01000000ULL
#define ACL_PROF_TASK_TIME_L2 0x2000ULL
#define ACL_PROF_OP_ATTR 0x4000ULL
#define ACL_PROF_TASK_TIME_L3 0x8000ULL
#define ACL_PROF_API_STATS 0x400000000ULL
#define ACL_PROF_AICORE_SHAPE 0x800000000ULL

#define ACL_PROF_MAX_OP_NAME_LEN 257
#define ACL_PROF_MAX_OP_TYPE_LEN 65
#ifndef ACL_PROF_TENSOR_DATA_SHAPE_LEN
#define ACL_PROF_TENSOR_DATA_SHAPE_LEN 8
#endif

typedef enum {
  ACL_AICORE_ARITHMETIC_UTILIZATION = 0,
  ACL_AICORE_PIPE_UTILIZATION = 1,
  ACL_AICORE_MEMORY_BANDWIDTH = 2,
  ACL_AICORE_L0B_AND_WIDTH = 3,
  ACL_AICORE_RESOURCE_CONFLICT_RATIO = 4,
  ACL_AICORE_MEMORY_UB = 5,
  ACL_AICORE_L2_CACHE = 6,
  ACL_AICORE_PIPE_EXECUTE_UTILIZATION = 7,
  ACL_AICORE_MEMORY_ACCESS = 8,
  ACL_AICORE_NONE = 0xFF
} aclprofAicoreMetrics;

typedef enum { ACL_STEP_START = 0, ACL_STEP_END = 1 } aclprofStepTag;

typedef enum {
  ACL_SUBSCRIBE_OP = 0,
  ACL_SUBSCRIBE_SUBGRAPH = 1,
  ACL_SUBSCRIBE_OP_THREAD = 2,
  ACL_SUBSCRIBE_NONE = 0xFF
} aclprofSubscribeOpFlag;

typedef enum { ACL_SUBSCRIBE_ATTRI_THREADID = 0, ACL_SUBSCRIBE_ATTRI_NONE } aclprofSubscribeOpAttri;

typedef enum {
  ACL_PROF_ARGS_MIN = 0,
  ACL_PROF_STORAGE_LIMIT = 1,
  ACL_PROF_SYS_HARDWARE_MEM_FREQ = 3,
  ACL_PROF_LLC_MODE = 4,
  ACL_PROF_SYS_IO_FREQ = 5,
  ACL_PROF_SYS_INTERCONNECTION_FREQ = 6,
  ACL_PROF_DVPP_FREQ = 7,
  ACL_PROF_HOST_SYS = 8,
  ACL_PROF_HOST_SYS_USAGE = 9,
  ACL_PROF_HOST_SYS_USAGE_FREQ = 10,
  ACL_PROF_LOW_POWER_FREQ = 11,
  ACL_PROF_SYS_MEM_SERVICEFLOW = 12,
  ACL_PROF_SYS_CPU_FREQ = 13,
  ACL_PROF_OPTYPE = 14,
  ACL_PROF_NTS_METRICS = 15,
  ACL_PROF_PATH = 16,
  ACL_PROF_ARGS_MAX = 17
} aclprofConfigType;

typedef enum { ACL_PROF_MESSAGE_TYPE_TENSOR_INFO = 0 } aclprofMessageType;

typedef struct aclprofConfig aclprofConfig;
typedef struct aclprofStopConfig aclprofStopConfig;
typedef struct aclprofAicoreEvents aclprofAicoreEvents;
typedef struct aclprofSubscribeConfig aclprofSubscribeConfig;
typedef struct aclprofStepInfo aclprofStepInfo;

#ifndef ACL_PROF_TENSOR_INFO_DEFINED
#define ACL_PROF_TENSOR_INFO_DEFINED
#define ACL_PROF_EVENT_ATTR_VERSION 1
typedef struct aclprofTensor {
  uint32_t type;
  uint32_t format;
  uint32_t dataType;
  uint32_t shapeDim;
  uint32_t shape[ACL_PROF_TENSOR_DATA_SHAPE_LEN];
} aclprofTensor;

typedef struct aclprofTensorInfo {
  uint64_t opNameId;
  uint64_t opTypeId;
  uint32_t resv;
  uint32_t tensorNum;
  uint32_t kernelType;
  uint32_t blockNums;
  void* stream;
  aclprofTensor* tensors;
} aclprofTensorInfo;

typedef struct aclprofEventAttributes {
  uint16_t version;
  uint16_t size;
  uint32_t messageType;
  union Message {
    aclprofTensorInfo* tensorInfo;
  } message;
} aclprofEventAttributes;
#endif

ACL_FUNC_VISIBILITY aclError aclprofInit(const char* profilerResultPath, size_t length);
ACL_FUNC_VISIBILITY aclError aclprofFinalize(void);
ACL_FUNC_VISIBILITY aclError aclprofStart(const aclprofConfig* profilerConfig);
ACL_FUNC_VISIBILITY aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums,
                                                       aclprofAicoreMetrics aicoreMetrics,
                                                       const aclprofAicoreEvents* aicoreEvents,
                                                       uint64_t dataTypeConfig);
ACL_FUNC_VISIBILITY aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig);
ACL_FUNC_VISIBILITY aclError aclprofStop(const aclprofConfig* profilerConfig);
ACL_FUNC_VISIBILITY aclError aclprofSetConfig(aclprofConfigType configType, const char* config, size_t configLength);
ACL_FUNC_VISIBILITY aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig* profSubscribeConfig);
ACL_FUNC_VISIBILITY aclError aclprofModelUnSubscribe(uint32_t modelId);
ACL_FUNC_VISIBILITY aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch,
                                                                         aclprofAicoreMetrics aicoreMetrics, void* fd);
ACL_FUNC_VISIBILITY aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig);
ACL_FUNC_VISIBILITY aclError aclprofGetOpDescSize(size_t* opDescSize);
ACL_FUNC_VISIBILITY aclError aclprofGetOpNum(const void* opInfo, size_t opInfoLen, uint32_t* opNumber);
ACL_FUNC_VISIBILITY aclError aclprofGetOpTypeLen(const void* opInfo, size_t opInfoLen, uint32_t index,
                                                 size_t* opTypeLen);
ACL_FUNC_VISIBILITY aclError aclprofGetOpType(const void* opInfo, size_t opInfoLen, uint32_t index, char* opType,
                                              size_t opTypeLen);
ACL_FUNC_VISIBILITY aclError aclprofGetOpNameLen(const void* opInfo, size_t opInfoLen, uint32_t index,
                                                 size_t* opNameLen);
ACL_FUNC_VISIBILITY aclError aclprofGetOpName(const void* opInfo, size_t opInfoLen, uint32_t index, char* opName,
                                              size_t opNameLen);
/* The readers of subscription records: 0 (or ACL_SUBSCRIBE_NONE, NULL) here, with a message. */
ACL_FUNC_VISIBILITY uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index);
ACL_FUNC_VISIBILITY uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index);
ACL_FUNC_VISIBILITY uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index);
ACL_FUNC_VISIBILITY size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index);
ACL_FUNC_VISIBILITY aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index);
ACL_FUNC_VISIBILITY const char* aclprofGetOpAttriValue(const void* opInfo, size_t opInfoLen, uint32_t index,
                                                       aclprofSubscribeOpAttri attri);
ACL_FUNC_VISIBILITY aclError aclprofGetStepTimestamp(aclprofStepInfo* stepInfo, aclprofStepTag tag, aclrtStream stream);
ACL_FUNC_VISIBILITY aclprofStepInfo* aclprofCreateStepInfo(void);
ACL_FUNC_VISIBILITY void aclprofDestroyStepInfo(aclprofStepInfo* stepinfo);
ACL_FUNC_VISIBILITY void* aclprofCreateStamp(void);
ACL_FUNC_VISIBILITY void aclprofDestroyStamp(void* stamp);
ACL_FUNC_VISIBILITY aclError aclprofPush(void* stamp);
ACL_FUNC_VISIBILITY aclError aclprofPop(void);
ACL_FUNC_VISIBILITY aclError aclprofRangeStart(void* stamp, uint32_t* rangeId);
ACL_FUNC_VISIBILITY aclError aclprofRangeStop(uint32_t rangeId);
ACL_FUNC_VISIBILITY aclError aclprofSetStampTraceMessage(void* stamp, const char* msg, uint32_t msgLen);
ACL_FUNC_VISIBILITY aclError aclprofMark(void* stamp);
ACL_FUNC_VISIBILITY aclError aclprofMarkEx(const char* msg, size_t msgLen, aclrtStream stream);
ACL_FUNC_VISIBILITY uint64_t aclprofStr2Id(const char* message);
ACL_FUNC_VISIBILITY aclError aclprofRangePushEx(aclprofEventAttributes* attr);
ACL_FUNC_VISIBILITY aclError aclprofRangePop(void);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_PROF_H_ */
