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

/// op::PromoteType (torch's promotion) over BOOL, the integers up to INT64 and the float dtypes:
/// equal dtypes stay; BOOL gives way to anything; between integers the wider wins, and UINT8 with
/// INT8 gives INT16; an integer with a float dtype gives the float one; fp16 with bf16 gives fp32;
/// DOUBLE wins over everything. ACL_DT_UNDEFINED for other dtypes (complex, unsigned wider than 8
/// bits).
AH_INTERNAL_API aclDataType PromoteTypes(aclDataType a, aclDataType b);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_BROADCAST_H_
