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

namespace {

// A dtype's place in the promotion order (0: not promotable), and whether it is a float.
int PromotionRank(aclDataType t) {
  switch (t) {
    case ACL_BOOL:
      return 1;
    case ACL_UINT8:
    case ACL_INT8:
      return 2;
    case ACL_INT16:
      return 3;
    case ACL_INT32:
      return 4;
    case ACL_INT64:
      return 5;
    case ACL_FLOAT16:
    case ACL_BF16:
      return 6;
    case ACL_FLOAT:
      return 7;
    case ACL_DOUBLE:
      return 8;
    default:
      return 0;
  }
}

}  // namespace

aclDataType PromoteTypes(aclDataType a, aclDataType b) {
  if (a == b) return a;
  const int ra = PromotionRank(a);
  const int rb = PromotionRank(b);
  if (ra == 0 || rb == 0) return ACL_DT_UNDEFINED;
  if (ra == rb) return ra == 2 ? ACL_INT16 : ACL_FLOAT;  // UINT8 with INT8; fp16 with bf16
  return ra > rb ? a : b;
}

}  // namespace aclnn_host
