/*
 * aclnn-host: aclnn's tensor and array handles and their API. C++ only, as upstream.
 */
#ifndef OP_API_INC_ACL_META_H_
#define OP_API_INC_ACL_META_H_

#include <cstddef>
#include <cstdint>

#include "acl/acl_base.h"

typedef int32_t aclnnStatus;

#ifndef ACLNN_META
#define ACLNN_META
constexpr aclnnStatus OK = 0;
#endif

typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;

#ifdef __cplusplus
extern "C" {
#endif

/// Creates a tensor descriptor. Strides and offset count elements; a NULL `stride` means the
/// row-major strides of the view. Returns NULL when a dims pointer is NULL with a non-zero count.
ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                               const int64_t* stride, int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData);
/// Destroys a tensor descriptor (not its data). NULL is accepted.
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor);
/// The view dims, in a new int64_t[] the caller frees with delete[].
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum);
/// The storage dims, in a new int64_t[] the caller frees with delete[].
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                                                   uint64_t* storageDimsNum);
/// The view strides (elements), in a new int64_t[] the caller frees with delete[].
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                                                  uint64_t* stridesNum);
/// The view offset (elements).
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset);
/// The view format.
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format);
/// The element type.
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType);
/// Re-points the tensor's storage at `addr`.
ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr);
/// The tensor's storage address.
ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr);

/// Creates a scalar holding a copy of `*value`. NULL `value` gives NULL.
ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType);
/// Destroys a scalar. NULL is accepted.
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar* scalar);
/// Creates an array holding a copy of `value[0..size)`.
ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
/// Destroys an int array. NULL is accepted.
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_ACL_META_H_
