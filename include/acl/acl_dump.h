/*
 * aclnn-host: AscendCL's dump interface (CANN's acl/acl_dump.h, libascend_dump.so): dump callbacks,
 * operator-argument dumps and exception-info files. aclnn-host dumps nothing; these functions
 * report ACL_ERROR_RT_FEATURE_NOT_SUPPORT (docs/api-coverage.md). C-compatible.
 */
#ifndef INC_EXTERNAL_ACL_DUMP_H_
#define INC_EXTERNAL_ACL_DUMP_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#define ACL_DUMP_API __attribute__((visibility("default")))
#define ACL_DUMP_WEAK __attribute__((weak))

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_DUMP_MAX_FILE_PATH_LENGTH 4096
#define ACL_OP_DUMP_OP_AICORE_ARGS 0x00000001U
#define ACL_DUMP_MAX_SHAPE_NUM 25

/* One chunk of a dump file handed to a registered callback. */
typedef struct acldumpChunk {
  char fileName[ACL_DUMP_MAX_FILE_PATH_LENGTH];
  uint32_t bufLen;
  uint32_t isLastChunk;
  int64_t offset; /* -1: append */
  int32_t flag;
  __extension__ uint8_t dataBuf[0]; /* the chunk's bytes (CANN's zero-length trailing array) */
} acldumpChunk;

typedef enum acldumpType {
  AIC_ERR_BRIEF_DUMP = 1,
  AIC_ERR_NORM_DUMP = 2,
  AIC_ERR_DETAIL_DUMP = 3,
  DATA_DUMP = 4,
  OVERFLOW_DUMP = 5
} acldumpType;

typedef enum acldumpTensorType {
  ACL_DUMP_TENSOR_INPUT = 0,
  ACL_DUMP_TENSOR_OUTPUT,
  ACL_DUMP_TENSOR_WORKSPACE
} acldumpTensorType;

typedef enum acldumpTensorAddressType {
  ACL_DUMP_ADDR_PTR = 0,
  ACL_DUMP_ADDR_PTR_PTR,
  ACL_DUMP_ADDR_RAW
} acldumpTensorAddressType;

typedef enum acldumpTensorPlacement {
  ACL_DUMP_PLACEMENT_DEVICE = 0,
  ACL_DUMP_PLACEMENT_HOST,
  ACL_DUMP_PLACEMENT_END
} acldumpTensorPlacement;

typedef struct acldumpTensorInfo {
  acldumpTensorType type;
  size_t tensorSize;
  int32_t format;
  int32_t dataType;
  int64_t* tensorAddr;
  acldumpTensorAddressType addrType;
  acldumpTensorPlacement placement;
  uint32_t argsOffset;
  uint32_t shapeNum;
  uint32_t originShapeNum;
  uint64_t shape[ACL_DUMP_MAX_SHAPE_NUM];
  uint64_t originShape[ACL_DUMP_MAX_SHAPE_NUM];
} acldumpTensorInfo;

ACL_FUNC_VISIBILITY aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t),
                                                int32_t flag);
ACL_FUNC_VISIBILITY void acldumpUnregCallback(void);
ACL_FUNC_VISIBILITY aclError aclopStartDumpArgs(uint32_t dumpType, const char* path);
ACL_FUNC_VISIBILITY aclError aclopStopDumpArgs(uint32_t dumpType);
/** NULL here: nothing is dumped, so there is no dump path. */
ACL_FUNC_VISIBILITY const char* acldumpGetPath(acldumpType dumpType);
/* Weak, as CANN declares them: a program links even where no dump library provides them. */
ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpSaveExceptionInfo(const char* fileName, const char* userTag,
                                                                    const acldumpTensorInfo* tensors,
                                                                    size_t tensorCount);
ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_DUMP_H_ */
