// aclTensor, aclScalar and aclIntArray: creation, getters, destruction (extern "C"), and the
// tensor helpers the operators use.
#include "base/tensor.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>

#include "aclnn/opdev/op_errno.h"
#include "base/handle_registry.h"
#include "common/numerics.h"
#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

HandleRegistry<aclTensor>& Tensors() {
  static auto* registry = new HandleRegistry<aclTensor>();
  return *registry;
}

HandleRegistry<aclScalar>& Scalars() {
  static auto* registry = new HandleRegistry<aclScalar>();
  return *registry;
}

HandleRegistry<aclIntArray>& IntArrays() {
  static auto* registry = new HandleRegistry<aclIntArray>();
  return *registry;
}

bool CopyDims(const char* api, const char* what, const int64_t* values, uint64_t count, Dims* dims) {
  if (values == nullptr && count > 0) {
    AppendErrorMessage(
        api, ACLNN_ERR_PARAM_NULLPTR,
        FormatString("%s is nullptr but its count is %llu.", what, static_cast<unsigned long long>(count)));
    return false;
  }
  if (count > kMaxTensorRank) {
    AppendErrorMessage(api, ACLNN_ERR_PARAM_INVALID,
                       FormatString("%s has %llu dims; an aclTensor holds at most %zu.", what,
                                    static_cast<unsigned long long>(count), kMaxTensorRank));
    return false;
  }
  dims->rank = static_cast<size_t>(count);
  for (size_t i = 0; i < dims->rank; ++i) dims->v[i] = values[i];
  return true;
}

// The shared shape of the three array getters: a new[] copy the caller deletes.
aclnnStatus CopyOut(const char* api, const aclTensor* tensor, const Dims TensorDesc::*member, int64_t** values,
                    uint64_t* count) {
  if (tensor == nullptr || values == nullptr || count == nullptr) {
    return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "an argument is nullptr.");
  }
  if (!IsLiveTensor(tensor))
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "%p is not a live aclTensor.", static_cast<const void*>(tensor));
  const Dims& dims = tensor->desc.*member;
  int64_t* copy = new (std::nothrow) int64_t[dims.rank == 0 ? 1 : dims.rank];
  if (copy == nullptr) return Fail(api, ACLNN_ERR_INNER, "out of host memory.");
  for (size_t i = 0; i < dims.rank; ++i) copy[i] = dims[i];
  *values = copy;
  *count = dims.rank;
  return ACLNN_SUCCESS;
}

// Checks a getter's arguments: both pointers set, the tensor live.
aclnnStatus CheckGetter(const char* api, const aclTensor* tensor, const void* result) {
  if (tensor == nullptr || result == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "an argument is nullptr.");
  if (!IsLiveTensor(tensor))
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "%p is not a live aclTensor.", static_cast<const void*>(tensor));
  return ACLNN_SUCCESS;
}

}  // namespace

bool IsLiveTensor(const aclTensor* tensor) { return Tensors().Contains(tensor); }

size_t FirstNotLiveTensor(const aclTensor* const* tensors, size_t count) {
  return Tensors().FirstNotLive(tensors, count);
}

const TensorDesc& DescOf(const aclTensor* tensor) { return tensor->desc; }

std::string DtypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT:
      return "DT_FLOAT";
    case ACL_FLOAT16:
      return "DT_FLOAT16";
    case ACL_INT8:
      return "DT_INT8";
    case ACL_INT32:
      return "DT_INT32";
    case ACL_UINT8:
      return "DT_UINT8";
    case ACL_INT16:
      return "DT_INT16";
    case ACL_UINT16:
      return "DT_UINT16";
    case ACL_UINT32:
      return "DT_UINT32";
    case ACL_INT64:
      return "DT_INT64";
    case ACL_UINT64:
      return "DT_UINT64";
    case ACL_DOUBLE:
      return "DT_DOUBLE";
    case ACL_BOOL:
      return "DT_BOOL";
    case ACL_STRING:
      return "DT_STRING";
    case ACL_COMPLEX64:
      return "DT_COMPLEX64";
    case ACL_COMPLEX128:
      return "DT_COMPLEX128";
    case ACL_BF16:
      return "DT_BF16";
    case ACL_INT4:
      return "DT_INT4";
    case ACL_UINT1:
      return "DT_UINT1";
    case ACL_COMPLEX32:
      return "DT_COMPLEX32";
    case ACL_HIFLOAT8:
      return "DT_HIFLOAT8";
    case ACL_FLOAT8_E5M2:
      return "DT_FLOAT8_E5M2";
    case ACL_FLOAT8_E4M3FN:
      return "DT_FLOAT8_E4M3FN";
    case ACL_FLOAT8_E8M0:
      return "DT_FLOAT8_E8M0";
    case ACL_FLOAT6_E3M2:
      return "DT_FLOAT6_E3M2";
    case ACL_FLOAT6_E2M3:
      return "DT_FLOAT6_E2M3";
    case ACL_FLOAT4_E2M1:
      return "DT_FLOAT4_E2M1";
    case ACL_FLOAT4_E1M2:
      return "DT_FLOAT4_E1M2";
    case ACL_DT_UNDEFINED:
      return "DT_UNDEFINED";
  }
  return "DT_UNDEFINED(" + std::to_string(static_cast<int>(dtype)) + ")";
}

std::string FormatName(aclFormat format) {
  switch (format) {
    case ACL_FORMAT_UNDEFINED:
      return "UNDEFINED";
    case ACL_FORMAT_NCHW:
      return "NCHW";
    case ACL_FORMAT_NHWC:
      return "NHWC";
    case ACL_FORMAT_ND:
      return "ND";
    case ACL_FORMAT_NC1HWC0:
      return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z:
      return "FRACTAL_Z";
    case ACL_FORMAT_NC1HWC0_C04:
      return "NC1HWC0_C04";
    case ACL_FORMAT_HWCN:
      return "HWCN";
    case ACL_FORMAT_NDHWC:
      return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ:
      return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW:
      return "NCDHW";
    case ACL_FORMAT_NDC1HWC0:
      return "NDC1HWC0";
    case ACL_FORMAT_NC:
      return "NC";
    case ACL_FORMAT_NCL:
      return "NCL";
    default:
      return "FORMAT_" + std::to_string(static_cast<int>(format));
  }
}

bool ElementCount(const Dims& dims, int64_t* count) {
  // Every dim is looked at: a negative dim after a zero one still makes the shape invalid, and
  // a zero anywhere makes the count 0 even when the other dims' product would overflow.
  int64_t product = 1;
  bool overflow = false;
  bool empty = false;
  for (int64_t d : dims) {
    if (d < 0) return false;
    empty = empty || d == 0;
    overflow = overflow || __builtin_mul_overflow(product, d, &product);
  }
  if (empty) {
    *count = 0;
    return true;
  }
  if (overflow) return false;
  *count = product;
  return true;
}

int64_t ViewByteExtent(const TensorDesc& desc) {
  if (HasZeroDim(desc.view)) return 0;
  int64_t last = 0;
  for (size_t i = 0; i < desc.view.rank; ++i) last += (desc.view[i] - 1) * desc.strides[i];
  return (last + 1) * static_cast<int64_t>(aclDataTypeSize(desc.dtype));
}

Dims ContiguousStrides(const Dims& dims) {
  Dims strides;
  strides.rank = dims.rank;
  int64_t stride = 1;
  for (size_t i = dims.rank; i-- > 0;) {
    strides[i] = stride;
    // Wrap-around is harmless: a shape whose strides overflow fails the extent check anyway.
    stride = static_cast<int64_t>(static_cast<uint64_t>(stride) * static_cast<uint64_t>(dims[i] < 0 ? 0 : dims[i]));
  }
  return strides;
}

}  // namespace aclnn_host

using aclnn_host::Fail;

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData) {
  const char* api = "aclCreateTensor";
  aclnn_host::TensorDesc desc;
  if (!aclnn_host::CopyDims(api, "viewDims", viewDims, viewDimsNum, &desc.view)) return nullptr;
  if (!aclnn_host::CopyDims(api, "storageDims", storageDims, storageDimsNum, &desc.storage)) return nullptr;
  if (stride != nullptr) {
    if (!aclnn_host::CopyDims(api, "stride", stride, viewDimsNum, &desc.strides)) return nullptr;
  } else {
    desc.strides = aclnn_host::ContiguousStrides(desc.view);
  }
  desc.dtype = dataType;
  desc.format = format;
  desc.offset = offset;
  desc.data = tensorData;
  aclTensor* tensor = new (std::nothrow) aclTensor{desc};
  if (tensor == nullptr) {
    aclnn_host::AppendErrorMessage(api, ACLNN_ERR_INNER, "out of host memory.");
    return nullptr;
  }
  try {
    aclnn_host::Tensors().Add(tensor);
  } catch (...) {
    delete tensor;
    aclnn_host::AppendErrorMessage(api, ACLNN_ERR_INNER, "out of host memory.");
    return nullptr;
  }
  return tensor;
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  if (tensor == nullptr) return ACLNN_SUCCESS;
  if (!aclnn_host::Tensors().Remove(tensor)) {
    return Fail("aclDestroyTensor", ACLNN_ERR_PARAM_INVALID,
                "%p is not a live aclTensor (destroyed twice, or never created).", static_cast<const void*>(tensor));
  }
  delete tensor;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  return aclnn_host::CopyOut("aclGetViewShape", tensor, &aclnn_host::TensorDesc::view, viewDims, viewDimsNum);
}

aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum) {
  return aclnn_host::CopyOut("aclGetStorageShape", tensor, &aclnn_host::TensorDesc::storage, storageDims,
                             storageDimsNum);
}

aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum) {
  return aclnn_host::CopyOut("aclGetViewStrides", tensor, &aclnn_host::TensorDesc::strides, stridesValue, stridesNum);
}

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  const aclnnStatus status = aclnn_host::CheckGetter("aclGetViewOffset", tensor, offset);
  if (status == ACLNN_SUCCESS) *offset = tensor->desc.offset;
  return status;
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  const aclnnStatus status = aclnn_host::CheckGetter("aclGetFormat", tensor, format);
  if (status == ACLNN_SUCCESS) *format = tensor->desc.format;
  return status;
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  const aclnnStatus status = aclnn_host::CheckGetter("aclGetDataType", tensor, dataType);
  if (status == ACLNN_SUCCESS) *dataType = tensor->desc.dtype;
  return status;
}

aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
  const char* api = "aclSetRawTensorAddr";
  if (tensor == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "tensor is nullptr.");
  if (!aclnn_host::IsLiveTensor(tensor))
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "%p is not a live aclTensor.", static_cast<void*>(tensor));
  tensor->desc.data = addr;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
  const aclnnStatus status = aclnn_host::CheckGetter("aclGetRawTensorAddr", tensor, addr);
  if (status == ACLNN_SUCCESS) *addr = tensor->desc.data;
  return status;
}

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  const char* api = "aclCreateScalar";
  if (value == nullptr) {
    aclnn_host::AppendErrorMessage(api, ACLNN_ERR_PARAM_NULLPTR, "value is nullptr.");
    return nullptr;
  }
  const size_t size = aclDataTypeSize(dataType);
  if (size == 0 || size > sizeof(aclScalar::value)) {
    aclnn_host::AppendErrorMessage(api, ACLNN_ERR_PARAM_INVALID,
                                   "a scalar cannot hold " + aclnn_host::DtypeName(dataType) + ".");
    return nullptr;
  }
  aclScalar* scalar = new (std::nothrow) aclScalar();
  if (scalar == nullptr) return nullptr;
  scalar->dtype = dataType;
  std::memcpy(scalar->value, value, size);
  try {
    aclnn_host::Scalars().Add(scalar);
  } catch (...) {
    delete scalar;
    return nullptr;
  }
  return scalar;
}

aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
  if (scalar == nullptr) return ACLNN_SUCCESS;
  if (!aclnn_host::Scalars().Remove(scalar)) {
    return Fail("aclDestroyScalar", ACLNN_ERR_PARAM_INVALID, "%p is not a live aclScalar.",
                static_cast<const void*>(scalar));
  }
  delete scalar;
  return ACLNN_SUCCESS;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  const char* api = "aclCreateIntArray";
  if (value == nullptr && size > 0) {
    aclnn_host::AppendErrorMessage(api, ACLNN_ERR_PARAM_NULLPTR, "value is nullptr but size is not 0.");
    return nullptr;
  }
  // More bytes than the address space holds: value + size would wrap.
  if (size > std::numeric_limits<size_t>::max() / sizeof(int64_t)) {
    aclnn_host::AppendErrorMessage(
        api, ACLNN_ERR_PARAM_INVALID,
        aclnn_host::FormatString("size %llu is larger than any array can be.", static_cast<unsigned long long>(size)));
    return nullptr;
  }
  try {
    std::unique_ptr<aclIntArray> array(new (std::nothrow) aclIntArray());
    if (array != nullptr && size > 0) array->values.reset(new (std::nothrow) int64_t[size]);
    if (array == nullptr || (size > 0 && array->values == nullptr)) {
      aclnn_host::AppendErrorMessage(api, ACLNN_ERR_INNER, "out of host memory.");
      return nullptr;
    }
    if (size > 0) std::copy(value, value + size, array->values.get());
    array->size = size;
    aclnn_host::IntArrays().Add(array.get());
    return array.release();
  } catch (const std::bad_alloc&) {
    aclnn_host::AppendErrorMessage(api, ACLNN_ERR_INNER, "out of host memory.");
    return nullptr;
  }
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  if (array == nullptr) return ACLNN_SUCCESS;
  if (!aclnn_host::IntArrays().Remove(array)) {
    return Fail("aclDestroyIntArray", ACLNN_ERR_PARAM_INVALID, "%p is not a live aclIntArray.",
                static_cast<const void*>(array));
  }
  delete array;
  return ACLNN_SUCCESS;
}

}  // extern "C"

namespace aclnn_host {

namespace {

template <typename T>
T ScalarValueAs(const aclScalar* scalar) {
  T value;
  std::memcpy(&value, scalar->value, sizeof(T));
  return value;
}

// aclScalar::ToFloat and ToDouble: each value converted once, straight to T.
template <typename T>
T ScalarTo(const aclScalar* scalar) {
  switch (scalar->dtype) {
    case ACL_FLOAT:
    case ACL_COMPLEX64:
      return static_cast<T>(ScalarValueAs<float>(scalar));
    case ACL_DOUBLE:
    case ACL_COMPLEX128:
      return static_cast<T>(ScalarValueAs<double>(scalar));
    case ACL_FLOAT16:
    case ACL_COMPLEX32:
      return static_cast<T>(WidenHalf(ScalarValueAs<uint16_t>(scalar)));
    case ACL_BF16:
      return static_cast<T>(WidenBf16(ScalarValueAs<uint16_t>(scalar)));
    case ACL_INT8:
      return static_cast<T>(ScalarValueAs<int8_t>(scalar));
    case ACL_UINT8:
      return static_cast<T>(ScalarValueAs<uint8_t>(scalar));
    case ACL_INT16:
      return static_cast<T>(ScalarValueAs<int16_t>(scalar));
    case ACL_UINT16:
      return static_cast<T>(ScalarValueAs<uint16_t>(scalar));
    case ACL_INT32:
      return static_cast<T>(ScalarValueAs<int32_t>(scalar));
    case ACL_UINT32:
      return static_cast<T>(ScalarValueAs<uint32_t>(scalar));
    case ACL_INT64:
      return static_cast<T>(ScalarValueAs<int64_t>(scalar));
    case ACL_UINT64:
      return static_cast<T>(ScalarValueAs<uint64_t>(scalar));
    case ACL_BOOL:
      return ScalarValueAs<uint8_t>(scalar) != 0 ? T(1) : T(0);  // any byte: a bool read of 2..255 is UB
    default:
      return T(0);  // the 8- and 4-bit float formats: aclScalar::ToFloat has no conversion for them
  }
}

}  // namespace

float ScalarToFloat(const aclScalar* scalar) { return ScalarTo<float>(scalar); }

double ScalarToDouble(const aclScalar* scalar) { return ScalarTo<double>(scalar); }

int64_t ScalarToInteger(const aclScalar* scalar, aclDataType to) {
  int64_t low = INT64_MIN;
  int64_t high = INT64_MAX;
  int bits = 64;
  switch (to) {
    case ACL_INT8:
      low = INT8_MIN, high = INT8_MAX, bits = 8;
      break;
    case ACL_UINT8:
      low = 0, high = UINT8_MAX, bits = 8;
      break;
    case ACL_INT16:
      low = INT16_MIN, high = INT16_MAX, bits = 16;
      break;
    case ACL_INT32:
      low = INT32_MIN, high = INT32_MAX, bits = 32;
      break;
    default:
      break;
  }
  uint64_t pattern = 0;  // an integer scalar's value, two's complement
  switch (scalar->dtype) {
    case ACL_FLOAT:
    case ACL_DOUBLE:
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_COMPLEX64:
    case ACL_COMPLEX128:
    case ACL_COMPLEX32: {
      const double value = std::trunc(ScalarToDouble(scalar));
      if (value != value) return 0;
      // Both bounds are powers of two or one less; compare against exact doubles.
      if (value <= static_cast<double>(low)) return low;
      if (value >= static_cast<double>(high) + 1.0) return high;
      return static_cast<int64_t>(value);
    }
    case ACL_INT8:
      pattern = static_cast<uint64_t>(static_cast<int64_t>(ScalarValueAs<int8_t>(scalar)));
      break;
    case ACL_UINT8:
      pattern = ScalarValueAs<uint8_t>(scalar);
      break;
    case ACL_INT16:
      pattern = static_cast<uint64_t>(static_cast<int64_t>(ScalarValueAs<int16_t>(scalar)));
      break;
    case ACL_UINT16:
      pattern = ScalarValueAs<uint16_t>(scalar);
      break;
    case ACL_INT32:
      pattern = static_cast<uint64_t>(static_cast<int64_t>(ScalarValueAs<int32_t>(scalar)));
      break;
    case ACL_UINT32:
      pattern = ScalarValueAs<uint32_t>(scalar);
      break;
    case ACL_INT64:
      pattern = static_cast<uint64_t>(ScalarValueAs<int64_t>(scalar));
      break;
    case ACL_UINT64:
      pattern = ScalarValueAs<uint64_t>(scalar);
      break;
    case ACL_BOOL:
      pattern = ScalarValueAs<uint8_t>(scalar) != 0 ? 1 : 0;
      break;
    default:
      return 0;  // the 8- and 4-bit float formats (as ScalarToFloat)
  }
  if (bits == 64) return static_cast<int64_t>(pattern);
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const uint64_t kept = pattern & mask;
  // Sign-extend for the signed dtypes; UINT8 keeps its low byte.
  if (low < 0 && (kept >> (bits - 1)) != 0) return static_cast<int64_t>(kept | ~mask);
  return static_cast<int64_t>(kept);
}

}  // namespace aclnn_host
