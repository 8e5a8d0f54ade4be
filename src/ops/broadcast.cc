#include "ops/broadcast.h"

#include <algorithm>

namespace aclnn_host {

bool BroadcastShapes(const Dims& a, const Dims& b, Dims* result) {
  const size_t rank = std::max(a.rank, b.rank);
  if (rank > kMaxTensorRank) return false;
  Dims shape;
  shape.rank = rank;
  for (size_t i = 0; i < rank; ++i) {
    // Aligned on the right: dim i of the result is dim (i - (rank - r)) of an input of rank r.
    const int64_t x = i + a.rank >= rank ? a[i + a.rank - rank] : 1;
    const int64_t y = i + b.rank >= rank ? b[i + b.rank - rank] : 1;
    if (x != y && x != 1 && y != 1) return false;
    shape[i] = x == 1 ? y : x;
  }
  *result = shape;
  return true;
}

TensorDesc BroadcastView(const TensorDesc& desc, const Dims& shape) {
  TensorDesc view = desc;
  view.view = shape;
  view.strides.rank = shape.rank;
  for (size_t i = 0; i < shape.rank; ++i) {
    const bool has_dim = i + desc.view.rank >= shape.rank;
    const size_t source = i + desc.view.rank - shape.rank;
    view.strides[i] = has_dim && desc.view[source] == shape[i] ? desc.strides[source] : 0;
  }
  return view;
}

TensorDesc ContiguousDesc(const Dims& shape, aclDataType dtype) {
  TensorDesc desc;
  desc.dtype = dtype;
  desc.view = shape;
  desc.strides = ContiguousStrides(shape);
  desc.storage = shape;
  return desc;
}

aclDataType PromoteFloatTypes(aclDataType a, aclDataType b) {
  const auto is_float = [](aclDataType t) {
    return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16 || t == ACL_DOUBLE;
  };
  if (!is_float(a) || !is_float(b)) return a == b ? a : ACL_DT_UNDEFINED;
  if (a == b) return a;
  return a == ACL_DOUBLE || b == ACL_DOUBLE ? ACL_DOUBLE : ACL_FLOAT;
}

}  // namespace aclnn_host
