// aclTensor and the other aclnn value handles, and what the layers above ask of a tensor.
#ifndef ACLNN_HOST_BASE_TENSOR_H_
#define ACLNN_HOST_BASE_TENSOR_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/dims.h"
#include "common/export.h"

namespace aclnn_host {

/// A tensor descriptor by value: what aclCreateTensor was given. Strides and offset count
/// elements; the first element lives at data + offset * element size.
struct TensorDesc {
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_ND;
  Dims view;
  Dims strides;
  Dims storage;
  int64_t offset = 0;
  void* data = nullptr;
};

/// Whether `tensor` is a live handle from aclCreateTensor.
AH_INTERNAL_API bool IsLiveTensor(const aclTensor* tensor);

/// The index of the first of `count` tensors that is not live, or `count` when all are.
AH_INTERNAL_API size_t FirstNotLiveTensor(const aclTensor* const* tensors, size_t count);

/// The descriptor of a live tensor.
AH_INTERNAL_API const TensorDesc& DescOf(const aclTensor* tensor);

/// "DT_FLOAT", "DT_BF16", ... as CANN prints dtypes; "DT_UNDEFINED(<n>)" for unknown values.
AH_INTERNAL_API std::string DtypeName(aclDataType dtype);
/// aclScalar::ToFloat: the value of any scalar dtype as a float (a double or a wide integer
/// rounded to nearest, fp16/bf16 widened, bool 0 or 1, a complex number's real part).
AH_INTERNAL_API float ScalarToFloat(const aclScalar* scalar);
/// aclScalar::ToDouble: the same in double (a wide integer rounded once, to double).
AH_INTERNAL_API double ScalarToDouble(const aclScalar* scalar);
/// aclScalar::To<T> for an integer dtype `to` (INT8, UINT8, INT16, INT32, INT64), as int64: an
/// integer or bool scalar wraps to `to`'s width (static_cast's modular conversion); a float scalar
/// truncates toward zero. Where upstream's static_cast of a float is undefined (out of range, NaN)
/// aclnn-host saturates to `to`'s range and reads NaN as 0 (what an aarch64 host's conversion gives
/// for 32- and 64-bit integers).
AH_INTERNAL_API int64_t ScalarToInteger(const aclScalar* scalar, aclDataType to);

/// GE's name of a format, as CANN's messages print it ("ND", "NCHW", "FRACTAL_NZ").
AH_INTERNAL_API std::string FormatName(aclFormat format);

/// The product of `dims`; false when a dim is negative or the product overflows int64.
AH_INTERNAL_API bool ElementCount(const Dims& dims, int64_t* count);

/// Whether any dim is zero (an empty tensor).
inline bool HasZeroDim(const Dims& dims) {
  for (int64_t d : dims) {
    if (d == 0) return true;
  }
  return false;
}

/// Bytes from a non-empty view's first element to one past its last, by its dims and strides
/// (which must be non-negative and not overflow: CheckLayout); 0 for an empty view.
AH_INTERNAL_API int64_t ViewByteExtent(const TensorDesc& desc);

/// Row-major strides of `dims`.
AH_INTERNAL_API Dims ContiguousStrides(const Dims& dims);

}  // namespace aclnn_host

struct aclTensor {
  aclnn_host::TensorDesc desc;
};

struct aclScalar {
  aclDataType dtype;
  alignas(16) unsigned char value[16];
};

// The values live in a plain array allocated with nothrow new: an allocation that fails must come
// back as a status, and under ASan a failing throwing new aborts instead of throwing.
struct aclIntArray {
  std::unique_ptr<int64_t[]> values;
  uint64_t size = 0;
};

#endif  // ACLNN_HOST_BASE_TENSOR_H_
