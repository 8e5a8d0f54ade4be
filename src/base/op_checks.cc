#include "base/op_checks.h"

#include "aclnn/opdev/op_errno.h"
#include "base/tensor.h"
#include "runtime/context.h"
#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

// offset + sum((dim - 1) * stride): the index of the view's last element (dims > 0, strides >= 0).
bool LastElementIndex(const TensorDesc& desc, int64_t* last) {
  int64_t index = desc.offset;
  for (size_t i = 0; i < desc.view.rank; ++i) {
    int64_t step = 0;
    if (__builtin_mul_overflow(desc.view[i] - 1, desc.strides[i], &step)) return false;
    if (__builtin_add_overflow(index, step, &index)) return false;
  }
  *last = index;
  return true;
}

}  // namespace

std::string FormatDtypeList(const DtypeList& list) {
  std::string text = "[";
  for (size_t i = 0; i < list.count; ++i) text += DtypeName(list.values[i]) + ",";
  return text + "]";
}

aclnnStatus CheckNotNull(const char* api, const NamedTensor& t) {
  if (t.tensor != nullptr) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", t.name);
}

aclnnStatus CheckLive(const char* api, const NamedTensor& t) {
  if (IsLiveTensor(t.tensor)) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID, "Tensor %s (%p) is not a live aclTensor (destroyed, or never created).",
              t.name, static_cast<const void*>(t.tensor));
}

aclnnStatus CheckAllLive(const char* api, const NamedTensor* tensors, size_t count) {
  const aclTensor* handles[8];
  if (count > 8) return Fail(api, ACLNN_ERR_INNER, "too many tensors for one liveness check.");
  for (size_t i = 0; i < count; ++i) handles[i] = tensors[i].tensor;
  const size_t first = FirstNotLiveTensor(handles, count);
  return first == count ? ACLNN_SUCCESS : CheckLive(api, tensors[first]);
}

aclnnStatus CheckDtypeInList(const char* api, const NamedTensor& t, const DtypeList& list) {
  const aclDataType dtype = DescOf(t.tensor).dtype;
  if (list.Contains(dtype)) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
              t.name, DtypeName(dtype).c_str(), FormatDtypeList(list).c_str());
}

aclnnStatus CheckDtypeEqual(const char* api, const NamedTensor& t, aclDataType expected) {
  const aclDataType dtype = DescOf(t.tensor).dtype;
  if (dtype == expected) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", t.name,
              DtypeName(expected).c_str(), DtypeName(dtype).c_str());
}

namespace {

bool IsFloating(aclDataType t) {
  return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16 || t == ACL_DOUBLE || t == ACL_HIFLOAT8 ||
         t == ACL_FLOAT8_E5M2 || t == ACL_FLOAT8_E4M3FN || t == ACL_FLOAT8_E8M0;
}
bool IsComplex(aclDataType t) { return t == ACL_COMPLEX32 || t == ACL_COMPLEX64 || t == ACL_COMPLEX128; }

}  // namespace

bool CanCast(aclDataType a, aclDataType b) {
  return !(IsFloating(a) && !IsFloating(b) && !IsComplex(b)) && !(IsComplex(a) && !IsComplex(b)) &&
         !(a != ACL_BOOL && b == ACL_BOOL);
}

aclnnStatus CheckCastable(const char* api, const NamedTensor& from, const NamedTensor& to) {
  const aclDataType a = DescOf(from.tensor).dtype;
  const aclDataType b = DescOf(to.tensor).dtype;
  if (CanCast(a, b)) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
              DtypeName(a).c_str(), DtypeName(b).c_str());
}

aclnnStatus CheckMaxRank(const char* api, const NamedTensor& t, size_t max_rank) {
  if (DescOf(t.tensor).view.rank <= max_rank) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", t.name, max_rank);
}

aclnnStatus CheckSameShape(const char* api, const NamedTensor& t, const NamedTensor& other) {
  const Dims& shape = DescOf(t.tensor).view;
  const Dims& other_shape = DescOf(other.tensor).view;
  if (shape == other_shape) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID,
              "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", t.name,
              other.name, FormatDims(shape).c_str(), FormatDims(other_shape).c_str());
}

aclnnStatus CheckDtypesMatch(const char* api, const char* entity, const NamedTensor& a, const NamedTensor& b) {
  const aclDataType a_dtype = DescOf(a.tensor).dtype;
  const aclDataType b_dtype = DescOf(b.tensor).dtype;
  if (a_dtype == b_dtype) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID,
              "Parameters %s, %s of %s have incorrect dtypes %s, %s. Reason: the dtype of %s and %s must be the same.",
              a.name, b.name, entity, DtypeName(a_dtype).c_str(), DtypeName(b_dtype).c_str(), a.name, b.name);
}

aclnnStatus CheckFormatsMatch(const char* api, const char* entity, const NamedTensor& a, const NamedTensor& b) {
  const aclFormat a_format = DescOf(a.tensor).format;
  const aclFormat b_format = DescOf(b.tensor).format;
  if (a_format == b_format) return ACLNN_SUCCESS;
  return Fail(
      api, ACLNN_ERR_PARAM_INVALID,
      "Parameters %s, %s of %s have incorrect formats %s, %s. Reason: the format of %s and %s must be the same.",
      a.name, b.name, entity, FormatName(a_format).c_str(), FormatName(b_format).c_str(), a.name, b.name);
}

aclnnStatus CheckViewFormatsEqual(const char* api, const NamedTensor& a, const NamedTensor& b) {
  const aclFormat a_format = DescOf(a.tensor).format;
  const aclFormat b_format = DescOf(b.tensor).format;
  if (a_format == b_format) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, %s [%s], output [%s].", a.name,
              FormatName(a_format).c_str(), FormatName(b_format).c_str());
}

aclnnStatus CheckLayout(const char* api, const NamedTensor& t) {
  const TensorDesc& desc = DescOf(t.tensor);
  for (size_t i = 0; i < desc.view.rank; ++i) {
    if (desc.view[i] < 0) {
      return Fail(api, ACLNN_ERR_PARAM_INVALID, "Tensor %s has a negative dim: shape %s.", t.name,
                  FormatDims(desc.view).c_str());
    }
  }
  for (size_t i = 0; i < desc.view.rank; ++i) {
    if (desc.strides[i] < 0) {
      return Fail(api, ACLNN_ERR_PARAM_INVALID, "Tensor %s has a negative stride: strides %s.", t.name,
                  FormatDims(desc.strides).c_str());
    }
  }
  for (int64_t d : desc.storage) {
    if (d < 0) {
      return Fail(api, ACLNN_ERR_PARAM_INVALID, "Tensor %s has a negative storage dim: storage shape %s.", t.name,
                  FormatDims(desc.storage).c_str());
    }
  }
  int64_t view_count = 0;
  int64_t count = 0;
  if (!ElementCount(desc.view, &view_count)) {
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "The element count of tensor %s (shape %s) overflows int64.", t.name,
                FormatDims(desc.view).c_str());
  }
  if (!ElementCount(desc.storage, &count)) {
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "The element count of tensor %s's storage shape %s overflows int64.",
                t.name, FormatDims(desc.storage).c_str());
  }
  if (HasZeroDim(desc.view)) return ACLNN_SUCCESS;
  int64_t last = 0;
  int64_t bytes = 0;
  const int64_t element_size = static_cast<int64_t>(aclDataTypeSize(desc.dtype));
  // A view whose elements overlap (stride 0, or strides smaller than the dims below them) can
  // have a small byte extent and still more elements than int64 bytes can count; its result
  // (or a temporary for it) would be that large.
  if (__builtin_mul_overflow(view_count, element_size, &bytes)) {
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "The byte size of tensor %s (shape %s, %lld elements) overflows int64.",
                t.name, FormatDims(desc.view).c_str(), static_cast<long long>(view_count));
  }
  if (!LastElementIndex(desc, &last) || __builtin_add_overflow(last, 1, &last) ||
      __builtin_mul_overflow(last, element_size, &bytes)) {
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                "The byte extent of tensor %s (shape %s, strides %s, offset %lld) overflows int64.", t.name,
                FormatDims(desc.view).c_str(), FormatDims(desc.strides).c_str(), static_cast<long long>(desc.offset));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckViewInStorage(const char* api, const NamedTensor& t) {
  const TensorDesc& desc = DescOf(t.tensor);
  int64_t storage_count = 0;
  int64_t last = 0;
  ElementCount(desc.storage, &storage_count);
  if (desc.offset >= 0 && LastElementIndex(desc, &last) && last < storage_count) return ACLNN_SUCCESS;
  return Fail(api, ACLNN_ERR_INNER_NULLPTR,
              "The view of tensor %s (shape %s, strides %s, offset %lld) does not lie inside its storage shape %s.",
              t.name, FormatDims(desc.view).c_str(), FormatDims(desc.strides).c_str(),
              static_cast<long long>(desc.offset), FormatDims(desc.storage).c_str());
}

aclnnStatus CheckOutputNotBroadcast(const char* api, const NamedTensor& t) {
  const TensorDesc& desc = DescOf(t.tensor);
  for (size_t i = 0; i < desc.view.rank; ++i) {
    if (desc.view[i] > 1 && desc.strides[i] == 0) {
      return Fail(api, ACLNN_ERR_PARAM_INVALID,
                  "Output tensor %s has stride 0 in dim %zu of size %lld: several results would share one address.",
                  t.name, i, static_cast<long long>(desc.view[i]));
    }
  }
  return ACLNN_SUCCESS;
}

const SocProfile* RequireSocProfile(const char* api, aclnnStatus* status) {
  const SocProfile* profile = Runtime::Get().profile();
  if (profile == nullptr)
    *status = Fail(api, ACLNN_ERR_RUNTIME_ERROR, "aclInit has not been called.");
  else
    *status = ACLNN_SUCCESS;
  return profile;
}

}  // namespace aclnn_host
