// The iteration layer shared by every elementwise operator (style.md §7): kernels are 1-D and
// dense; this layer maps any strided views onto them.
//
// Phase one builds an ElementwisePlan: the operands' dims are coalesced, and the op's tiling
// (CoreSplit: the element ranges of each virtual AI core) is stored with it. Phase two runs it on
// the stream: the host thread pool runs the virtual cores, each core walks its chunks, and each
// chunk is a range of the element index (in memory order, which is row-major whenever the output
// is) that RunRange maps onto the dense kernel — directly where every operand's innermost run is
// contiguous, through small stack buffers otherwise. Inputs are read in place (no contiguous copies); the output goes
// through a temporary only when it overlaps an input in a way that could change results, or may overlap itself.
#ifndef ACLNN_HOST_BASE_ELEMENTWISE_H_
#define ACLNN_HOST_BASE_ELEMENTWISE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/executor.h"
#include "base/tensor.h"
#include "common/export.h"
#include "kernels/kernel.h"
#include "runtime/device_backend.h"

namespace aclnn_host {

constexpr size_t kMaxElementwiseInputs = 3;
constexpr size_t kMaxElementwiseOperands = kMaxElementwiseInputs + 1;

struct ElementRange {
  int64_t begin = 0;
  int64_t end = 0;
};

/// How the NPU splits the work: virtual core c processes [cores[c].begin, cores[c].end) of the
/// row-major element index, in chunks of `chunk` elements (its last chunk may be short).
struct CoreSplit {
  int64_t chunk = 0;
  std::vector<ElementRange> cores;
};

/// Operands' dims after coalescing, with byte strides; inputs first, the output last.
struct IterationSpace {
  // Only the first `rank` dims and `num_operands` operands are set (no zero-filling: plans are
  // built on the small-tensor hot path).
  size_t rank = 0;
  size_t num_operands = 0;
  int64_t sizes[kMaxTensorRank];
  int64_t byte_strides[kMaxElementwiseOperands][kMaxTensorRank];
  size_t element_sizes[kMaxElementwiseOperands];
  bool dense = false;                      // one dim, every operand contiguous
  const KernelScalars* scalars = nullptr;  // passed to the kernel after the inputs
};

/// The order in which an iteration space enumerates elements.
enum class IterationOrder {
  kRowMajor,  // the view's logical order
  kMemory,    // dims sorted by the operands' strides (output first): transposed views run dense
};

/// Coalesces `shape` for operands with the given element strides and sizes. Dims of size 1 are
/// dropped, the dims are put in `order`, and neighbours that are contiguous for every operand are
/// merged. Element ranges of the space index elements in that order.
AH_INTERNAL_API IterationSpace BuildIterationSpace(const Dims& shape, const Dims* const* strides,
                                                   const size_t* element_sizes, size_t num_operands,
                                                   IterationOrder order);

/// Runs `kernel` over elements [begin, end) of `space`; bases[k] points at operand k's first element.
AH_INTERNAL_API void RunRange(const IterationSpace& space, char* const* bases, DenseKernel kernel, int64_t begin,
                              int64_t end);

/// Whether distinct elements of a view with these dims and (non-negative) strides may share an
/// address. Exact for the common cases, conservative (true) for exotic interleavings.
AH_INTERNAL_API bool MayOverlapItself(const Dims& dims, const Dims& strides);

class AH_INTERNAL_API ElementwisePlan : public LaunchPlan {
 public:
  /// Plans output = kernels(inputs...) for views of one shape that passed the layout checks.
  /// `*workspace_size` receives the bytes phase two should get (0 unless the output needs a
  /// temporary given the addresses known now).
  ElementwisePlan(const TensorDesc* const* inputs, size_t num_inputs, const TensorDesc& output,
                  const ElementwiseKernels& kernels, CoreSplit split, uint64_t* workspace_size,
                  const KernelScalars& scalars = KernelScalars());

  bool empty() const override { return element_count_ == 0; }
  TaskResult Execute(const LaunchArgs& args) const override;
  bool runs_inline() const override;

  const CoreSplit& split() const { return split_; }
  int64_t element_count() const { return element_count_; }

 private:
  int64_t BytesMoved() const;  // all operands' bytes: what the kernel reads and writes
  bool NeedsTemporary(char* const* input_bases, const char* output_base) const;
  // Whether temporary_bytes_ at `workspace` overlap any operand (inputs, then the output, in `operand_bases`).
  bool WorkspaceOverlapsOperand(char* const* operand_bases, const char* workspace) const;
  void RunCores(const IterationSpace& space, char* const* bases, DenseKernel kernel) const;
  TaskResult ExecuteThroughTemporary(const LaunchArgs& args, char** bases, DenseKernel kernel) const;
  /// Whether saturation can replace a value of the result: a floating output, and two variants.
  bool SaturationMayChangeResult() const;
  /// Execute with overflow detection (runtime/overflow_status.h) on the direct path: the run
  /// raises args.overflow_status when saturation replaced a value of its result.
  TaskResult ExecuteDetectingOverflow(const LaunchArgs& args, char** bases) const;
  /// For the temporary path: whether the IEEE variant's result, computed chunk by chunk before the
  /// run, holds an inf or a NaN (what saturation replaces). `bases`: the inputs'.
  bool SaturationChangesResult(char** bases, bool* out_of_memory) const;
  /// The temporary path's two iteration spaces: inputs -> contiguous temporary (row-major), and
  /// temporary -> output view.
  void BuildTemporarySpaces(IterationSpace* temporary_space, IterationSpace* copy_space) const;
  /// Execute on a device backend: one launch, or two through a device temporary.
  TaskResult ExecuteOnDevice(const AhDeviceBackend& backend, const LaunchArgs& args, char** bases,
                             bool needs_temporary) const;

  size_t num_inputs_ = 0;
  int64_t element_count_ = 0;
  aclDataType output_dtype_ = ACL_DT_UNDEFINED;
  ElementwiseKernels kernels_;
  DenseKernel detection_kernels_[2] = {};  // the IEEE and saturation variants without streaming stores
  KernelScalars scalars_;
  CoreSplit split_;
  int64_t byte_offsets_[kMaxElementwiseOperands] = {};
  int64_t byte_extents_[kMaxElementwiseOperands] = {};  // from the first element to one past the last
  bool same_layout_as_output_[kMaxElementwiseInputs] = {};
  bool output_may_overlap_itself_ = false;
  uint64_t temporary_bytes_ = 0;
  IterationSpace direct_space_;  // inputs -> output view
  // What the rare temporary path builds its iteration spaces from, at run time.
  Dims view_;
  Dims strides_[kMaxElementwiseOperands];
  size_t element_sizes_[kMaxElementwiseOperands];
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_BASE_ELEMENTWISE_H_
