#include "ops/upstream_workspace.h"

#include <algorithm>

namespace aclnn_host {
namespace {

constexpr uint64_t kExtraBytes = 32;   // EXTRA_SIZE_IN_BYTE
constexpr uint64_t kAlignBytes = 512;  // ALIGN_SIZE_IN_BYTE

uint64_t Aligned(uint64_t bytes) { return (bytes + kExtraBytes + kAlignBytes - 1) / kAlignBytes * kAlignBytes; }

// KernelTensor::IsLifeTimeNotOverLap: tensors of one node always overlap.
bool LifetimesApart(const GraphTensor& a, const GraphTensor& b) {
  if (a.node == b.node) return false;
  return a.node < b.node ? a.last_reader < b.node : b.last_reader < a.node;
}

bool ElementwiseOutputSharesStorage(const GraphOperand& out, const SocProfile& profile) {
  // ops-math Contiguous's SupportMoveAlign: false on Ascend910 and 310P.
  const bool move_align = profile.series != SocSeries::kAscend910A1 && profile.series != SocSeries::kAscend310P;
  return out.contiguous && move_align;
}

}  // namespace

uint64_t MaxAllocatorWorkspace(const std::vector<GraphTensor>& tensors) {
  struct Bucket {
    uint64_t size;
    size_t last;  // index of its latest tensor
  };
  std::vector<Bucket> buckets;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const GraphTensor& tensor = tensors[i];
    Bucket* fit = nullptr;
    for (Bucket& bucket : buckets) {  // GetBestFitBucket keeps the last reusable one
      const GraphTensor& latest = tensors[bucket.last];
      if (LifetimesApart(latest, tensor) && latest.reader != tensor.node) fit = &bucket;
    }
    if (fit == nullptr) {
      buckets.push_back(Bucket{0, i});
      fit = &buckets.back();
    }
    fit->size = std::max(fit->size, Aligned(tensor.bytes));
    fit->last = i;
  }
  uint64_t total = 0;
  for (const Bucket& bucket : buckets) total += bucket.size;
  return total;
}

uint64_t UpstreamWorkspace(const GraphOperand* inputs, size_t count, const GraphOperand& out, aclDataType compute,
                           bool declares_workspace, uint64_t kernel_workspace, const SocProfile& profile) {
  std::vector<GraphTensor> tensors;
  std::vector<size_t> kernel_inputs;  // the intermediates the kernel reads
  int64_t node = 0;
  for (size_t k = 0; k < count; ++k) {
    const GraphOperand& in = inputs[k];
    int64_t feeding = -1;  // the intermediate carrying this input so far
    if (!in.contiguous) {
      tensors.push_back(GraphTensor{static_cast<uint64_t>(in.elements) * aclDataTypeSize(in.dtype), node, node, -1});
      feeding = static_cast<int64_t>(tensors.size()) - 1;
      ++node;
    }
    if (in.dtype != compute) {
      if (feeding >= 0)
        tensors[static_cast<size_t>(feeding)].last_reader = tensors[static_cast<size_t>(feeding)].reader = node;
      tensors.push_back(GraphTensor{static_cast<uint64_t>(in.elements) * aclDataTypeSize(compute), node, node, -1});
      feeding = static_cast<int64_t>(tensors.size()) - 1;
      ++node;
    }
    if (feeding >= 0) kernel_inputs.push_back(static_cast<size_t>(feeding));
  }
  const int64_t kernel = node;
  for (size_t index : kernel_inputs) tensors[index].last_reader = tensors[index].reader = kernel;
  if (declares_workspace) tensors.push_back(GraphTensor{kernel_workspace, kernel, kernel, -1});
  const bool cast_output = out.dtype != compute;
  const bool shares = ElementwiseOutputSharesStorage(out, profile);
  const uint64_t out_elements = static_cast<uint64_t>(out.elements);
  if (cast_output) {
    // The kernel's output feeds the Cast; the Cast's output is ViewCopy's source.
    tensors.push_back(GraphTensor{out_elements * aclDataTypeSize(compute), kernel, kernel + 1, kernel + 1});
    if (!shares)
      tensors.push_back(GraphTensor{out_elements * aclDataTypeSize(out.dtype), kernel + 1, kernel + 2, kernel + 2});
  } else if (!shares) {
    tensors.push_back(GraphTensor{out_elements * aclDataTypeSize(out.dtype), kernel, kernel + 1, kernel + 1});
  }
  return MaxAllocatorWorkspace(tensors);
}

}  // namespace aclnn_host
