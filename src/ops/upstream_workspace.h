// The workspace size upstream's first phase reports (opbase aclOpExecutor::GetWorkspaceSize): the
// tensors of the executor's kernel graph that live in the workspace — each kernel's declared
// workspace and every intermediate output — placed by opbase's MaxAllocator. docs/design.md
// ("Workspace sizes") says which parts of upstream's graph are modelled.
#ifndef ACLNN_HOST_OPS_UPSTREAM_WORKSPACE_H_
#define ACLNN_HOST_OPS_UPSTREAM_WORKSPACE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "common/export.h"
#include "runtime/soc_profile.h"

namespace aclnn_host {

/// One tensor of the kernel graph that lives in the workspace, in the graph's order (node by
/// node: the node's workspaces, then its outputs).
struct GraphTensor {
  uint64_t bytes;
  int64_t node;         // the node that declares it (a workspace) or writes it (an output)
  int64_t last_reader;  // the last node reading it; `node` when none does
  int64_t reader;       // a node reading it as an input, -1 when none (opbase's IsInputOf)
};

/// opbase's MaxAllocator (src/nnopbase/composite_op/mem_mgr/memory_allocator.cpp): each tensor
/// joins the last bucket whose latest tensor's lifetime ends before it starts (and is not one of
/// its node's inputs), or opens a bucket; a bucket is as large as its largest tensor, each tensor
/// counting (bytes + 32) rounded up to 512; the workspace is the sum of the buckets.
AH_INTERNAL_API uint64_t MaxAllocatorWorkspace(const std::vector<GraphTensor>& tensors);

/// One operand of the call as the graph sees it.
struct GraphOperand {
  int64_t elements;
  aclDataType dtype;
  bool contiguous;  // opbase's IsContiguous (dims of size 1 ignored; 0 or 1 element is contiguous)
};

/// The graph of upstream's elementwise first phase, modelled: each input (in the plan's order)
/// made contiguous (one intermediate of its elements, when it is not) and cast to `compute`
/// (one intermediate, when its dtype differs); the kernel, with its declared workspace
/// (`kernel_workspace`, when the kernel is an AscendC one) and its output; a Cast to the output's
/// dtype; ViewCopy into `out`, which takes over the last intermediate's storage when `out` is
/// contiguous and the SoC moves unaligned data (not Ascend910 or 310P).
AH_INTERNAL_API uint64_t UpstreamWorkspace(const GraphOperand* inputs, size_t count, const GraphOperand& out,
                                           aclDataType compute, bool declares_workspace, uint64_t kernel_workspace,
                                           const SocProfile& profile);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_OPS_UPSTREAM_WORKSPACE_H_
