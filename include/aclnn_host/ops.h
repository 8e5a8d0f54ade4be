/*
 * aclnn-host extension (not part of CANN): the operator table, for tools that handle every
 * operator alike — the aclnn-host CLI, its benchmark and fuzzers, the Python package, test
 * harnesses. Each entry describes one aclnn API; aclnnHostOpGetWorkspaceSize calls that API's
 * own aclnnXxxGetWorkspaceSize with the arguments of an aclnnHostOpCall, and aclnnHostOpRun its
 * second phase, so a generic caller sees exactly what a CANN program sees.
 */
#ifndef ACLNN_HOST_OPS_H_
#define ACLNN_HOST_OPS_H_

#include <stddef.h>
#include <stdint.h>

#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACLNN_HOST_MAX_OP_INPUTS 2
#define ACLNN_HOST_MAX_OP_SCALARS 2
#define ACLNN_HOST_MAX_OP_FLAGS 1

typedef struct aclnnHostOpInfo {
  const char* api;         /* "aclnnHardswishBackwardV2"; also the second phase's name */
  const char* phaseOneApi; /* "aclnnHardswishBackwardV2GetWorkspaceSize" */
  const char* name;        /* "hardswish_backward_v2": the CLI's and the benchmark's name */
  const char* pythonName;  /* the Python function ("hardswish_" for aclnnInplaceHardswish) */
  const char* kernelType;  /* the NPU op type, "HardSwishGradV2" */
  uint32_t numInputs;      /* tensors read, in the C signature's order */
  const char* inputNames[ACLNN_HOST_MAX_OP_INPUTS];
  uint32_t numScalars; /* aclScalar arguments, in order */
  const char* scalarNames[ACLNN_HOST_MAX_OP_SCALARS];
  uint32_t numFlags; /* bool arguments, in order */
  const char* flagNames[ACLNN_HOST_MAX_OP_FLAGS];
  const char* outputName; /* "out", "gradInput"; in place: the first input's name */
  int inPlace;            /* the first input is also the output (no output argument) */
  int outputCasts;        /* the output may have another dtype than the input */
} aclnnHostOpInfo;

/* The arguments of one call; unused entries are ignored. In place: `output` is ignored. */
typedef struct aclnnHostOpCall {
  const aclTensor* inputs[ACLNN_HOST_MAX_OP_INPUTS];
  const aclScalar* scalars[ACLNN_HOST_MAX_OP_SCALARS];
  int flags[ACLNN_HOST_MAX_OP_FLAGS];
  const aclTensor* output;
} aclnnHostOpCall;

/* The number of operators, and the index-th (nullptr past the end). Entries live as long as the
 * library is loaded. */
ACLNN_API size_t aclnnHostOpCount(void);
ACLNN_API const aclnnHostOpInfo* aclnnHostOpGet(size_t index);

/* The entry whose name or api is `name` (exact match), or nullptr. */
ACLNN_API const aclnnHostOpInfo* aclnnHostOpFind(const char* name);

/* The op's aclnnXxxGetWorkspaceSize with `call`'s arguments (its status and messages). A null
 * or foreign `op`, or a null `call`: ACLNN_ERR_PARAM_NULLPTR. */
ACLNN_API aclnnStatus aclnnHostOpGetWorkspaceSize(const aclnnHostOpInfo* op, const aclnnHostOpCall* call,
                                                  uint64_t* workspaceSize, aclOpExecutor** executor);

/* The op's second phase, aclnnXxx. */
ACLNN_API aclnnStatus aclnnHostOpRun(const aclnnHostOpInfo* op, void* workspace, uint64_t workspaceSize,
                                     aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_HOST_OPS_H_ */
