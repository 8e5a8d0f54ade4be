// The host tiling of HardSwishGradV2 as the NPU computes it (op-hardswish-backward.md §6): the
// tiling data, block dim and workspace, and the element ranges of every AI core. Execution uses
// the same ranges, and the CLI shows them.
#ifndef ACLNN_HOST_OPS_HARDSWISH_GRAD_TILING_H_
#define ACLNN_HOST_OPS_HARDSWISH_GRAD_TILING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "base/elementwise.h"
#include "common/dims.h"
#include "common/export.h"
#include "runtime/soc_profile.h"

namespace aclnn_host {

/// One field of the tiling data, in the order the kernel's tiling struct declares them.
struct TilingField {
  const char* name;
  int64_t value;
};

struct OpTiling {
  TilingArch arch = TilingArch::kArch22;
  bool has_tiling_key = false;
  uint64_t tiling_key = 0;
  uint32_t block_dim = 1;
  uint64_t workspace = 0;      // what the NPU tiling reports (the system workspace)
  TilingField fields[4] = {};  // the tiling data, in declaration order
  size_t field_count = 0;
  CoreSplit split;  // each core's element range and its chunk size
};

/// Arch22 (Ascend910, 910B, 910_93): elementNum, needCoreNum, ubSize, elementNumEachCore.
AH_INTERNAL_API OpTiling TilingArch22(int64_t element_count, const SocProfile& profile);

/// Arch35 (Ascend950): totalNum, blockFactor, ubFactor. `element_size` is 4 (fp32) or 2.
AH_INTERNAL_API OpTiling TilingArch35(int64_t element_count, size_t element_size, const SocProfile& profile);

/// The forward HardSwish's arch35 tiling (Ascend 950; ops-nn
/// activation/hard_swish/op_host/arch35/hard_swish_tiling.cpp): totalNum, blockFactor =
/// CeilDiv(totalNum, cores), ubFactor = FloorAlign(FloorDiv(UB / 4, buffers), 32) with 6 buffers
/// for fp32 and 8 for fp16/bf16 (both computed in fp32), tiling key 0/1/2 for fp32/fp16/bf16,
/// workspace 0.
AH_INTERNAL_API OpTiling HardswishTilingArch35(int64_t element_count, aclDataType dtype, const SocProfile& profile);

/// The profile's arch's tiling of `element_count` elements of `element_size` bytes, without the
/// op-level checks (for ops whose own tiling is not published: see docs/design.md).
AH_INTERNAL_API OpTiling ElementwiseTiling(int64_t element_count, size_t element_size, const SocProfile& profile);

/// The tiling the profile's arch computes for gradOutput/self shapes and a dtype (HardSwishGrad
/// and HardSwishGradV2 share it; on arch35 with their template tiling key: 0/1/27 for
/// fp32/fp16/bf16, plus 256 with double buffering). Fails, with
/// `*error` set, where upstream's tiling fails: a dtype other than fp32/fp16/bf16, shapes that
/// differ, more than 8 dims, or a negative dim.
AH_INTERNAL_API bool ComputeHardswishGradTiling(const Dims& grad_shape, const Dims& self_shape, aclDataType dtype,
                                                const SocProfile& profile, OpTiling* tiling, std::string* error);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_HARDSWISH_GRAD_TILING_H_
