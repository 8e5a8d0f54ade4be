// Broadcasting as upstream's op_api does it (torch rules, shapes aligned on the right), and the
// strided views that let the elementwise plan read a broadcast input without copying it.
#ifndef ACLNN_HOST_OPS_BROADCAST_H_
#define ACLNN_HOST_OPS_BROADCAST_H_

#include "base/tensor.h"
#include "common/dims.h"
#include "common/export.h"

namespace aclnn_host {

/// The shape `a` and `b` broadcast to, or false when a dim pair is neither equal nor has a 1.
AH_INTERNAL_API bool BroadcastShapes(const Dims& a, const Dims& b, Dims* result);

/// `desc` read as a tensor of `shape` (which it broadcasts to): dims it lacks or has as 1 get
/// stride 0.
AH_INTERNAL_API TensorDesc BroadcastView(const TensorDesc& desc, const Dims& shape);

/// A contiguous tensor of `shape` and `dtype` with no storage yet (a plan's temporary).
AH_INTERNAL_API TensorDesc ContiguousDesc(const Dims& shape, aclDataType dtype);

/// op::PromoteType for the float dtypes: equal ones stay; double with anything gives double; fp32
/// with fp16 or bf16, and fp16 with bf16, give fp32. ACL_DT_UNDEFINED for other pairs.
AH_INTERNAL_API aclDataType PromoteFloatTypes(aclDataType a, aclDataType b);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_BROADCAST_H_
