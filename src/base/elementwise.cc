#include "base/elementwise.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include <unistd.h>
#include <limits>
#include <memory>
#include <new>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "runtime/backend.h"
#include "runtime/error_log.h"
#include "runtime/thread_pool.h"

namespace aclnn_host {
namespace {

// Elements a strided row is processed in, through per-operand stack buffers.
constexpr int64_t kBlockElements = 256;
constexpr size_t kMaxElementSize = 8;
// Below this many elements the virtual cores run one after another on one thread: handing work
// to the pool costs more than it saves (measured with bench/aclnn_host_bench, see the README).
// ACLNN_HOST_PARALLEL_THRESHOLD overrides it, for such measurements.
int64_t ParallelThreshold() {
  static const int64_t threshold = [] {
    if (const char* text = std::getenv("ACLNN_HOST_PARALLEL_THRESHOLD")) {
      char* end = nullptr;
      const long long value = std::strtoll(text, &end, 10);
      if (end != text && *end == '\0' && value >= 0) return static_cast<int64_t>(value);
    }
    return int64_t{16384};  // the crossover measured on the 2-core development machine, warm pool
  }();
  return threshold;
}
// Operands moving more bytes than the last-level cache holds are written with non-temporal
// stores (measured: 1.3x to 1.4x the throughput of plain stores at 2^23 and 2^26 fp32 elements,
// slower when the data fits in the cache). ACLNN_HOST_STREAMING_BYTES overrides the threshold.
int64_t StreamingThresholdBytes() {
  static const int64_t threshold = [] {
    if (const char* text = std::getenv("ACLNN_HOST_STREAMING_BYTES")) {
      char* end = nullptr;
      const long long value = std::strtoll(text, &end, 10);
      if (end != text && *end == '\0' && value >= 0) return static_cast<int64_t>(value);
    }
    const long cache = sysconf(_SC_LEVEL3_CACHE_SIZE);
    return cache > 0 ? static_cast<int64_t>(cache) : int64_t{32} << 20;
  }();
  return threshold;
}

// Work that moves at most this many bytes runs on the launching thread when its stream is idle:
// a hand-off to the stream's worker and back costs tens of microseconds (two wake-ups), which is
// significant against work of up to ~100 us (measured: 2^20 fp32 end to end 0.65x -> 0.9x of the
// kernel alone on the 2-core development machine).
constexpr int64_t kInlineBytes = int64_t{16} << 20;

template <size_t kSize>
void GatherElements(const char* source, int64_t byte_stride, int64_t count, char* destination) {
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(destination + i * static_cast<int64_t>(kSize), source + i * byte_stride, kSize);
}

void Gather(const char* source, int64_t byte_stride, int64_t count, size_t element_size, char* destination) {
  switch (element_size) {
    case 1:
      GatherElements<1>(source, byte_stride, count, destination);
      break;
    case 2:
      GatherElements<2>(source, byte_stride, count, destination);
      break;
    case 4:
      GatherElements<4>(source, byte_stride, count, destination);
      break;
    default:
      GatherElements<8>(source, byte_stride, count, destination);
      break;
  }
}

template <size_t kSize>
void ScatterElements(const char* source, int64_t count, char* destination, int64_t byte_stride) {
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(destination + i * byte_stride, source + i * static_cast<int64_t>(kSize), kSize);
}

void Scatter(const char* source, int64_t count, size_t element_size, char* destination, int64_t byte_stride) {
  switch (element_size) {
    case 1:
      ScatterElements<1>(source, count, destination, byte_stride);
      break;
    case 2:
      ScatterElements<2>(source, count, destination, byte_stride);
      break;
    case 4:
      ScatterElements<4>(source, count, destination, byte_stride);
      break;
    default:
      ScatterElements<8>(source, count, destination, byte_stride);
      break;
  }
}

// The copy "kernel" of the temporary -> output step, one per element size.
template <size_t kSize>
void CopyKernel(int64_t n, const void* const* inputs, void* output) {
  std::memcpy(output, inputs[0], static_cast<size_t>(n) * kSize);
}

DenseKernel CopyKernelFor(size_t element_size) {
  switch (element_size) {
    case 1:
      return CopyKernel<1>;
    case 2:
      return CopyKernel<2>;
    case 4:
      return CopyKernel<4>;
    default:
      return CopyKernel<8>;
  }
}

}  // namespace

namespace {

// Whether dim `a` should be iterated outside dim `b`: the operand strides decide, the output's
// first, ignoring broadcast (stride 0) dims; undecided pairs keep their order. (The comparison is
// not a strict weak order, hence the insertion sort below.)
bool IterateOutside(size_t a, size_t b, const Dims* const* strides, size_t num_operands) {
  for (size_t j = num_operands; j-- > 0;) {  // the output is the last operand
    const int64_t sa = (*strides[j])[a];
    const int64_t sb = (*strides[j])[b];
    if (sa == 0 || sb == 0 || sa == sb) continue;
    return sa > sb;
  }
  return a < b;
}

}  // namespace

IterationSpace BuildIterationSpace(const Dims& shape, const Dims* const* strides, const size_t* element_sizes,
                                   size_t num_operands, IterationOrder order) {
  IterationSpace space;
  space.num_operands = num_operands;
  for (size_t k = 0; k < num_operands; ++k) space.element_sizes[k] = element_sizes[k];
  // The dims that move (size > 1), outermost first: in row-major order, or sorted by the operands'
  // strides so that the innermost dim is the one with the smallest output stride.
  size_t dims[kMaxTensorRank];
  size_t count = 0;
  for (size_t i = 0; i < shape.rank; ++i) {
    if (shape[i] != 1) dims[count++] = i;
  }
  if (order == IterationOrder::kMemory) {
    for (size_t i = 1; i < count; ++i) {
      for (size_t j = i; j > 0 && !IterateOutside(dims[j - 1], dims[j], strides, num_operands) &&
                         IterateOutside(dims[j], dims[j - 1], strides, num_operands);
           --j) {
        std::swap(dims[j - 1], dims[j]);
      }
    }
  }
  // Walk from the innermost dim outwards, merging into the current innermost-so-far dim when every
  // operand's stride makes the pair one contiguous run. Built inner-first, reversed at the end.
  int64_t sizes[kMaxTensorRank];
  int64_t byte_strides[kMaxElementwiseOperands][kMaxTensorRank];
  size_t rank = 0;
  for (size_t n = count; n-- > 0;) {
    const size_t i = dims[n];
    const int64_t size = shape[i];
    bool merge = rank > 0;
    for (size_t k = 0; merge && k < num_operands; ++k) {
      const int64_t stride = (*strides[k])[i] * static_cast<int64_t>(element_sizes[k]);
      int64_t span = 0;
      merge = !__builtin_mul_overflow(byte_strides[k][rank - 1], sizes[rank - 1], &span) && span == stride;
    }
    if (merge) {
      sizes[rank - 1] *= size;
      continue;
    }
    sizes[rank] = size;
    for (size_t k = 0; k < num_operands; ++k) {
      byte_strides[k][rank] = (*strides[k])[i] * static_cast<int64_t>(element_sizes[k]);
    }
    ++rank;
  }
  if (rank == 0) {  // rank 0, or every dim of size 1: a single element
    sizes[0] = 1;
    for (size_t k = 0; k < num_operands; ++k) byte_strides[k][0] = static_cast<int64_t>(element_sizes[k]);
    rank = 1;
  }
  space.rank = rank;
  for (size_t d = 0; d < rank; ++d) {
    space.sizes[d] = sizes[rank - 1 - d];
    for (size_t k = 0; k < num_operands; ++k) space.byte_strides[k][d] = byte_strides[k][rank - 1 - d];
  }
  space.dense = rank == 1;
  for (size_t k = 0; k < num_operands; ++k) {
    if (space.byte_strides[k][0] != static_cast<int64_t>(element_sizes[k]) && space.sizes[0] > 1) space.dense = false;
  }
  return space;
}

void RunRange(const IterationSpace& space, char* const* bases, DenseKernel kernel, int64_t begin, int64_t end) {
  const size_t operands = space.num_operands;
  const size_t inputs = operands - 1;
  if (begin >= end) return;
  if (space.dense) {
    const void* in[kMaxElementwiseInputs + 1];
    for (size_t k = 0; k < inputs; ++k) in[k] = bases[k] + begin * static_cast<int64_t>(space.element_sizes[k]);
    in[inputs] = space.scalars;
    kernel(end - begin, in, bases[inputs] + begin * static_cast<int64_t>(space.element_sizes[inputs]));
    return;
  }
  const size_t inner = space.rank - 1;
  int64_t index[kMaxTensorRank];
  int64_t remainder = begin;
  for (size_t d = space.rank; d-- > 0;) {
    index[d] = remainder % space.sizes[d];
    remainder /= space.sizes[d];
  }
  bool inner_contiguous[kMaxElementwiseOperands];
  for (size_t k = 0; k < operands; ++k) {
    inner_contiguous[k] = space.byte_strides[k][inner] == static_cast<int64_t>(space.element_sizes[k]);
  }
  alignas(64) char buffers[kMaxElementwiseOperands][kBlockElements * kMaxElementSize];
  int64_t position = begin;
  while (position < end) {
    const int64_t run = std::min(end - position, space.sizes[inner] - index[inner]);
    char* row[kMaxElementwiseOperands];
    for (size_t k = 0; k < operands; ++k) {
      int64_t offset = 0;
      for (size_t d = 0; d < space.rank; ++d) offset += index[d] * space.byte_strides[k][d];
      row[k] = bases[k] + offset;
    }
    for (int64_t done = 0; done < run; done += kBlockElements) {
      const int64_t count = std::min(kBlockElements, run - done);
      const void* in[kMaxElementwiseInputs + 1];
      in[inputs] = space.scalars;
      for (size_t k = 0; k < inputs; ++k) {
        const char* source = row[k] + done * space.byte_strides[k][inner];
        if (inner_contiguous[k]) {
          in[k] = source;
        } else {
          Gather(source, space.byte_strides[k][inner], count, space.element_sizes[k], buffers[k]);
          in[k] = buffers[k];
        }
      }
      char* destination = row[inputs] + done * space.byte_strides[inputs][inner];
      if (inner_contiguous[inputs]) {
        kernel(count, in, destination);
      } else {
        kernel(count, in, buffers[inputs]);
        Scatter(buffers[inputs], count, space.element_sizes[inputs], destination, space.byte_strides[inputs][inner]);
      }
    }
    position += run;
    index[inner] += run;
    for (size_t d = inner; d > 0 && index[d] == space.sizes[d]; --d) {
      index[d] = 0;
      ++index[d - 1];
    }
  }
}

bool MayOverlapItself(const Dims& dims, const Dims& strides) {
  std::pair<int64_t, int64_t> used[kMaxTensorRank];  // (stride, size) of dims with size > 1
  size_t count = 0;
  for (size_t i = 0; i < dims.rank; ++i) {
    if (dims[i] > 1) used[count++] = {strides[i], dims[i]};
  }
  std::sort(used, used + count);
  // Distinct elements cannot collide if each stride exceeds the largest offset reachable with
  // the smaller strides alone.
  int64_t reach = 0;
  for (size_t i = 0; i < count; ++i) {
    if (used[i].first <= reach) return true;
    reach += (used[i].second - 1) * used[i].first;
  }
  return false;
}

ElementwisePlan::ElementwisePlan(const TensorDesc* const* inputs, size_t num_inputs, const TensorDesc& output,
                                 const ElementwiseKernels& kernels, CoreSplit split, uint64_t* workspace_size,
                                 const KernelScalars& scalars)
    : num_inputs_(num_inputs),
      output_dtype_(output.dtype),
      kernels_(kernels),
      scalars_(scalars),
      split_(std::move(split)) {
  ElementCount(output.view, &element_count_);
  *workspace_size = 0;
  if (element_count_ == 0) return;

  const Dims* strides[kMaxElementwiseOperands];
  view_ = output.view;
  for (size_t k = 0; k <= num_inputs; ++k) {
    const TensorDesc& desc = k < num_inputs ? *inputs[k] : output;
    strides_[k] = desc.strides;
    strides[k] = &strides_[k];
    element_sizes_[k] = aclDataTypeSize(desc.dtype);
    byte_offsets_[k] = desc.offset * static_cast<int64_t>(element_sizes_[k]);
    byte_extents_[k] = ViewByteExtent(desc);
  }
  direct_space_ = BuildIterationSpace(output.view, strides, element_sizes_, num_inputs + 1, IterationOrder::kMemory);
  direct_space_.scalars = &scalars_;
  detection_kernels_[0] = kernels_.infnan;  // cache-resident chunks: regular stores
  detection_kernels_[1] = kernels_.saturation;
  if (BytesMoved() > StreamingThresholdBytes() && kernels_.infnan_streaming != nullptr &&
      kernels_.saturation_streaming != nullptr) {
    kernels_.infnan = kernels_.infnan_streaming;
    kernels_.saturation = kernels_.saturation_streaming;
  }
  temporary_bytes_ = static_cast<uint64_t>(element_count_) * element_sizes_[num_inputs];

  // An input laid out exactly like the output is safe to overwrite in place: every element is
  // read before the same element is written, by the same thread.
  for (size_t k = 0; k < num_inputs; ++k) {
    bool same = element_sizes_[k] == element_sizes_[num_inputs];
    for (size_t d = 0; same && d < direct_space_.rank; ++d) {
      same = direct_space_.byte_strides[k][d] == direct_space_.byte_strides[num_inputs][d];
    }
    same_layout_as_output_[k] = same;
  }
  output_may_overlap_itself_ = MayOverlapItself(output.view, output.strides);

  char* input_bases[kMaxElementwiseInputs] = {};
  bool addresses_known = output.data != nullptr;
  for (size_t k = 0; k < num_inputs; ++k) {
    addresses_known = addresses_known && inputs[k]->data != nullptr;
    if (inputs[k]->data != nullptr) input_bases[k] = static_cast<char*>(inputs[k]->data) + byte_offsets_[k];
  }
  const char* output_base =
      output.data == nullptr ? nullptr : static_cast<char*>(output.data) + byte_offsets_[num_inputs];
  if (output_may_overlap_itself_ || (addresses_known && NeedsTemporary(input_bases, output_base))) {
    *workspace_size = temporary_bytes_;
  }
}

int64_t ElementwisePlan::BytesMoved() const {
  int64_t bytes_per_element = 0;
  for (size_t k = 0; k <= num_inputs_; ++k) bytes_per_element += static_cast<int64_t>(element_sizes_[k]);
  // Saturates: overlapping views may hold more elements than int64 bytes can count.
  int64_t bytes = 0;
  if (__builtin_mul_overflow(element_count_, bytes_per_element, &bytes)) return INT64_MAX;
  return bytes;
}

// On a device backend the calling thread only launches and waits: the hand-off to the stream's
// worker would add a thread wake-up (measured 15-20 us on an H200, docs/gpu.md) and save nothing.
bool ElementwisePlan::runs_inline() const { return ActiveDeviceBackend() != nullptr || BytesMoved() <= kInlineBytes; }

bool ElementwisePlan::NeedsTemporary(char* const* input_bases, const char* output_base) const {
  if (output_may_overlap_itself_) return true;
  const uintptr_t out_begin = reinterpret_cast<uintptr_t>(output_base);
  const uintptr_t out_end = out_begin + static_cast<uintptr_t>(byte_extents_[num_inputs_]);
  for (size_t k = 0; k < num_inputs_; ++k) {
    const uintptr_t in_begin = reinterpret_cast<uintptr_t>(input_bases[k]);
    const uintptr_t in_end = in_begin + static_cast<uintptr_t>(byte_extents_[k]);
    const bool overlap = in_begin < out_end && out_begin < in_end;
    if (overlap && !(same_layout_as_output_[k] && in_begin == out_begin)) return true;
  }
  return false;
}

bool ElementwisePlan::WorkspaceOverlapsOperand(char* const* operand_bases, const char* workspace) const {
  const uintptr_t begin = reinterpret_cast<uintptr_t>(workspace);
  const uintptr_t end = begin + temporary_bytes_;
  for (size_t k = 0; k <= num_inputs_; ++k) {
    const uintptr_t operand_begin = reinterpret_cast<uintptr_t>(operand_bases[k]);
    const uintptr_t operand_end = operand_begin + static_cast<uintptr_t>(byte_extents_[k]);
    if (begin < operand_end && operand_begin < end) return true;
  }
  return false;
}

void ElementwisePlan::RunCores(const IterationSpace& space, char* const* bases, DenseKernel kernel) const {
  const int64_t chunk = split_.chunk > 0 ? split_.chunk : element_count_;
  auto run_core = [&](size_t core) {
    const ElementRange range = split_.cores[core];
    for (int64_t begin = range.begin; begin < range.end; begin += chunk) {
      RunRange(space, bases, kernel, begin, std::min(range.end, begin + chunk));
    }
  };
  const size_t cores = split_.cores.size();
  if (element_count_ < ParallelThreshold() || cores == 1) {
    for (size_t core = 0; core < cores; ++core) run_core(core);
    return;
  }
  // Each host thread takes a contiguous group of virtual cores (the cores' ranges are contiguous
  // and nearly equal): every thread streams through one region of memory, which measured 10-20 %
  // faster at 2^17..2^20 elements than handing out cores one by one.
  // Groups are balanced by elements: group g starts at the first core that begins at or after
  // g/groups of the tensor.
  ThreadPool& pool = HostThreadPool();
  const size_t groups = std::min(pool.concurrency(), cores);
  auto first_core_of = [&](size_t group) {
    const int64_t target = element_count_ * static_cast<int64_t>(group) / static_cast<int64_t>(groups);
    const auto it = std::lower_bound(split_.cores.begin(), split_.cores.end(), target,
                                     [](const ElementRange& range, int64_t value) { return range.begin < value; });
    return static_cast<size_t>(it - split_.cores.begin());
  };
  pool.ParallelFor(groups, [&](size_t group) {
    const size_t end = group + 1 == groups ? cores : first_core_of(group + 1);
    for (size_t core = first_core_of(group); core < end; ++core) run_core(core);
  });
}

TaskResult ElementwisePlan::Execute(const LaunchArgs& args) const {
  if (element_count_ == 0) return TaskResult();
  const DenseKernel kernel =
      args.overflow_mode == ACL_RT_OVERFLOW_MODE_SATURATION ? kernels_.saturation : kernels_.infnan;
  char* bases[kMaxElementwiseOperands];
  for (size_t k = 0; k < num_inputs_; ++k) bases[k] = static_cast<char*>(args.inputs[k]) + byte_offsets_[k];
  char* const output_base = static_cast<char*>(args.outputs[0]) + byte_offsets_[num_inputs_];
  bases[num_inputs_] = output_base;
  if (const AhDeviceBackend* backend = ActiveDeviceBackend()) {
    return ExecuteOnDevice(*backend, args, bases, NeedsTemporary(bases, output_base));
  }
  const bool needs_temporary = NeedsTemporary(bases, output_base);
  // Detection is for saturation mode only (runtime/overflow_status.h): its path writes saturated bits.
  if (args.overflow_status != nullptr && args.overflow_mode == ACL_RT_OVERFLOW_MODE_SATURATION &&
      SaturationMayChangeResult()) {
    if (!needs_temporary) return ExecuteDetectingOverflow(args, bases);
    bool out_of_memory = false;
    if (SaturationChangesResult(bases, &out_of_memory)) args.overflow_status->store(1, std::memory_order_relaxed);
    if (out_of_memory) return TaskResult{ACLNN_ERR_INNER, "out of host memory for the overflow check"};
  }
  if (needs_temporary) return ExecuteThroughTemporary(args, bases, kernel);
  RunCores(direct_space_, bases, kernel);
  return TaskResult();
}

namespace {

template <typename Bits>
bool AnyAllOnesExponent(const void* data, int64_t count, Bits exponent_mask) {
  // An inf or a NaN is a magnitude (the bits but the sign) of at least the exponent mask. The
  // largest magnitude is kept per lane of a cache line, a shape the compiler vectorises at -O2.
  const Bits* values = static_cast<const Bits*>(data);
  const Bits magnitude = static_cast<Bits>(std::numeric_limits<Bits>::max() >> 1);  // no promotion to int
  constexpr size_t kLanes = 64 / sizeof(Bits);
  Bits largest[kLanes] = {};
  int64_t i = 0;
  for (; i + static_cast<int64_t>(kLanes) <= count; i += static_cast<int64_t>(kLanes)) {
    for (size_t lane = 0; lane < kLanes; ++lane) {
      const Bits value = values[i + static_cast<int64_t>(lane)] & magnitude;
      largest[lane] = largest[lane] > value ? largest[lane] : value;
    }
  }
  Bits result = 0;
  for (size_t lane = 0; lane < kLanes; ++lane) result = result > largest[lane] ? result : largest[lane];
  for (; i < count; ++i) result = result > (values[i] & magnitude) ? result : (values[i] & magnitude);
  return result >= exponent_mask;
}

// Whether any of `count` values of `dtype` is an inf or a NaN (all exponent bits set).
bool AnyNonFinite(const void* data, int64_t count, aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT:
      return AnyAllOnesExponent<uint32_t>(data, count, 0x7F800000u);
    case ACL_FLOAT16:
      return AnyAllOnesExponent<uint16_t>(data, count, 0x7C00u);
    case ACL_BF16:
      return AnyAllOnesExponent<uint16_t>(data, count, 0x7F80u);
    case ACL_DOUBLE:
      return AnyAllOnesExponent<uint64_t>(data, count, 0x7FF0000000000000ull);
    default:
      return false;
  }
}

}  // namespace

bool ElementwisePlan::SaturationMayChangeResult() const {
  return kernels_.infnan != kernels_.saturation && (output_dtype_ == ACL_FLOAT || output_dtype_ == ACL_FLOAT16 ||
                                                    output_dtype_ == ACL_BF16 || output_dtype_ == ACL_DOUBLE);
}

namespace {

// Runs body(chunk, first, last) over [0, count) in ranges of at most kDetectionChunkElements: each
// thread over its share (as RunCores splits), with its own cache-resident buffer of that many
// elements; body returns false to end its thread's share early. False when a buffer could not be
// allocated.
constexpr int64_t kDetectionChunkElements = 4096;

template <typename Body>
bool RunInChunks(int64_t count, size_t element_size, const Body& body) {
  std::atomic<bool> failed{false};
  auto run = [&](int64_t begin, int64_t end) {
    std::unique_ptr<char[]> chunk(new (std::nothrow) char[kDetectionChunkElements * element_size]);
    if (!chunk) {
      failed.store(true, std::memory_order_relaxed);
      return;
    }
    for (int64_t first = begin; first < end; first += kDetectionChunkElements) {
      if (!body(chunk.get(), first, std::min(end, first + kDetectionChunkElements))) return;
    }
  };
  ThreadPool& pool = HostThreadPool();
  if (count < ParallelThreshold() || pool.concurrency() == 1) {
    run(0, count);
  } else {
    const size_t pieces = pool.concurrency();
    pool.ParallelFor(pieces, [&](size_t piece) {
      run(count * static_cast<int64_t>(piece) / static_cast<int64_t>(pieces),
          count * static_cast<int64_t>(piece + 1) / static_cast<int64_t>(pieces));
    });
  }
  return !failed.load(std::memory_order_relaxed);
}

// RunRange puts element i of a contiguous operand at base + i * size: the base that lands element
// `first` at the start of `chunk` (integer arithmetic; only [first, last) is ever touched).
char* BaseLandingInChunk(char* chunk, int64_t first, size_t element_size) {
  return reinterpret_cast<char*>(reinterpret_cast<uintptr_t>(chunk) - static_cast<uintptr_t>(first) * element_size);
}

}  // namespace

TaskResult ElementwisePlan::ExecuteDetectingOverflow(const LaunchArgs& args, char** bases) const {
  // Chunk by chunk of the direct space: the IEEE variant into a cache-resident buffer, a scan; a
  // chunk holding an inf or a NaN is computed again by the saturation variant (its inputs are
  // intact: the output, at most an input itself element for element, is written only after);
  // then the chunk is copied into the output. Bits are the saturation kernel's either way.
  const size_t out = num_inputs_;
  const size_t result_size = element_sizes_[out];
  IterationSpace compute = direct_space_;  // the output becomes a buffer contiguous in this order
  IterationSpace copy;                     // that buffer -> the output view, in the same order
  copy.rank = compute.rank;
  copy.num_operands = 2;
  copy.element_sizes[0] = copy.element_sizes[1] = result_size;
  copy.dense = compute.dense;
  int64_t stride = static_cast<int64_t>(result_size);
  for (size_t d = compute.rank; d-- > 0;) {
    copy.sizes[d] = compute.sizes[d];
    copy.byte_strides[1][d] = compute.byte_strides[out][d];
    copy.byte_strides[0][d] = compute.byte_strides[out][d] = stride;
    stride *= compute.sizes[d];
  }
  const DenseKernel copy_kernel = CopyKernelFor(result_size);
  std::atomic<bool> found{false};
  const bool allocated = RunInChunks(element_count_, result_size, [&](char* chunk, int64_t first, int64_t last) {
    char* compute_bases[kMaxElementwiseOperands];
    for (size_t k = 0; k < num_inputs_; ++k) compute_bases[k] = bases[k];
    compute_bases[out] = BaseLandingInChunk(chunk, first, result_size);
    RunRange(compute, compute_bases, detection_kernels_[0], first, last);
    if (AnyNonFinite(chunk, last - first, output_dtype_)) {
      found.store(true, std::memory_order_relaxed);
      RunRange(compute, compute_bases, detection_kernels_[1], first, last);
    }
    char* copy_bases[2] = {compute_bases[out], bases[out]};
    RunRange(copy, copy_bases, copy_kernel, first, last);
    return true;
  });
  if (found.load(std::memory_order_relaxed)) args.overflow_status->store(1, std::memory_order_relaxed);
  if (!allocated) return TaskResult{ACLNN_ERR_INNER, "out of host memory for the overflow check"};
  return TaskResult();
}

bool ElementwisePlan::SaturationChangesResult(char** bases, bool* out_of_memory) const {
  // The IEEE result is computed a chunk at a time into a cache-resident buffer and scanned there,
  // each thread over its share, stopping at the first inf or NaN: no output-sized buffer, and the
  // extra cost stays a fraction of the kernel's.
  IterationSpace result_space, unused;
  BuildTemporarySpaces(&result_space, &unused);
  const size_t result_size = element_sizes_[num_inputs_];
  std::atomic<bool> found{false};
  const bool allocated = RunInChunks(element_count_, result_size, [&](char* chunk, int64_t first, int64_t last) {
    char* chunk_bases[kMaxElementwiseOperands];
    for (size_t k = 0; k < num_inputs_; ++k) chunk_bases[k] = bases[k];
    chunk_bases[num_inputs_] = BaseLandingInChunk(chunk, first, result_size);
    RunRange(result_space, chunk_bases, detection_kernels_[0], first, last);
    if (AnyNonFinite(chunk, last - first, output_dtype_)) found.store(true, std::memory_order_relaxed);
    return !found.load(std::memory_order_relaxed);
  });
  *out_of_memory = !allocated && !found.load(std::memory_order_relaxed);
  return found.load(std::memory_order_relaxed);
}

void ElementwisePlan::BuildTemporarySpaces(IterationSpace* temporary_space, IterationSpace* copy_space) const {
  const Dims contiguous = ContiguousStrides(view_);
  const Dims* strides[kMaxElementwiseOperands];
  for (size_t k = 0; k < num_inputs_; ++k) strides[k] = &strides_[k];
  strides[num_inputs_] = &contiguous;
  *temporary_space = BuildIterationSpace(view_, strides, element_sizes_, num_inputs_ + 1, IterationOrder::kRowMajor);
  temporary_space->scalars = &scalars_;
  const Dims* copy_strides[2] = {&contiguous, &strides_[num_inputs_]};
  const size_t copy_sizes[2] = {element_sizes_[num_inputs_], element_sizes_[num_inputs_]};
  // Row-major, so that outputs that overlap themselves see the last write of that order; otherwise
  // in memory order, where every element has its own address and order does not matter.
  *copy_space = BuildIterationSpace(view_, copy_strides, copy_sizes, 2,
                                    output_may_overlap_itself_ ? IterationOrder::kRowMajor : IterationOrder::kMemory);
}

TaskResult ElementwisePlan::ExecuteThroughTemporary(const LaunchArgs& args, char** bases, DenseKernel kernel) const {
  // The result lands in a temporary first (the workspace when phase one asked for it, else a
  // private buffer), then is copied into the output view, as upstream's ViewCopy does. A workspace
  // that overlaps an operand is not used: writing the temporary would clobber inputs not yet read.
  std::unique_ptr<char[]> private_buffer;
  char* temporary = static_cast<char*>(args.workspace);
  if (temporary == nullptr || args.workspace_size < temporary_bytes_ || WorkspaceOverlapsOperand(bases, temporary)) {
    private_buffer.reset(new (std::nothrow) char[temporary_bytes_]);
    if (!private_buffer) return TaskResult{ACLNN_ERR_INNER, "out of host memory for the output's temporary"};
    temporary = private_buffer.get();
  }
  char* const output_base = static_cast<char*>(args.outputs[0]) + byte_offsets_[num_inputs_];
  IterationSpace temporary_space, copy_space;
  BuildTemporarySpaces(&temporary_space, &copy_space);
  bases[num_inputs_] = temporary;
  RunCores(temporary_space, bases, kernel);

  char* copy_bases[2] = {temporary, output_base};
  const DenseKernel copy = CopyKernelFor(element_sizes_[num_inputs_]);
  if (output_may_overlap_itself_ || element_count_ < ParallelThreshold()) {
    // Overlapping output elements are written in row-major order, so the last write wins.
    RunRange(copy_space, copy_bases, copy, 0, element_count_);
    return TaskResult();
  }
  const size_t pieces = HostThreadPool().concurrency();
  HostThreadPool().ParallelFor(pieces, [&](size_t piece) {
    const int64_t begin = element_count_ * static_cast<int64_t>(piece) / static_cast<int64_t>(pieces);
    const int64_t end = element_count_ * static_cast<int64_t>(piece + 1) / static_cast<int64_t>(pieces);
    RunRange(copy_space, copy_bases, copy, begin, end);
  });
  return TaskResult();
}

namespace {

// One launch of `space` (coalesced dims, byte strides) over `bases`, for a device backend.
AhElementwiseLaunch DeviceLaunch(const IterationSpace& space, char* const* bases, int32_t op, const int32_t* formats,
                                 bool saturate, bool flush, bool serial, int64_t count) {
  AhElementwiseLaunch launch{};
  launch.op = op;
  launch.num_inputs = static_cast<int32_t>(space.num_operands - 1);
  launch.saturate = saturate ? 1 : 0;
  launch.flush = flush ? 1 : 0;
  launch.serial = serial ? 1 : 0;
  launch.rank = static_cast<int32_t>(space.rank);
  launch.count = count;
  for (size_t d = 0; d < space.rank; ++d) launch.sizes[d] = space.sizes[d];
  for (size_t k = 0; k < space.num_operands; ++k) {
    launch.formats[k] = formats[k];
    launch.bases[k] = bases[k];
    for (size_t d = 0; d < space.rank; ++d) launch.byte_strides[k][d] = space.byte_strides[k][d];
  }
  return launch;
}

}  // namespace

TaskResult ElementwisePlan::ExecuteOnDevice(const AhDeviceBackend& backend, const LaunchArgs& args, char** bases,
                                            bool needs_temporary) const {
  const DeviceKernel& device_kernel = kernels_.device;
  if (device_kernel.op == AH_DEVICE_OP_NONE) {
    return TaskResult{ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                      FormatString("backend %s has no kernel for this operator", backend.name)};
  }
  const bool saturate = args.overflow_mode == ACL_RT_OVERFLOW_MODE_SATURATION;
  int32_t formats[kMaxElementwiseOperands];
  for (size_t k = 0; k < num_inputs_; ++k) formats[k] = device_kernel.input_format;
  formats[num_inputs_] = device_kernel.output_format;
  char error[512] = "";
  if (!needs_temporary) {
    const AhElementwiseLaunch launch = DeviceLaunch(direct_space_, bases, device_kernel.op, formats, saturate,
                                                    device_kernel.flush, false, element_count_);
    if (backend.launch_elementwise(args.device, &launch, error, sizeof(error)) == 0) return TaskResult();
    return TaskResult{ACLNN_ERR_RUNTIME_ERROR, FormatString("the device kernel failed: %s", error)};
  }
  // As on the host: the result lands in a contiguous temporary (the workspace when it is large
  // enough and overlaps no operand, else private device memory), then is copied into the view —
  // in row-major order on one thread when the output overlaps itself, so the last write wins.
  char* const output_base = bases[num_inputs_];
  void* private_buffer = nullptr;
  char* temporary = static_cast<char*>(args.workspace);
  if (temporary == nullptr || args.workspace_size < temporary_bytes_ || WorkspaceOverlapsOperand(bases, temporary)) {
    if (backend.malloc_device(args.device, temporary_bytes_, &private_buffer, error, sizeof(error)) != 0) {
      return TaskResult{ACLNN_ERR_INNER, FormatString("no device memory for the output's temporary: %s", error)};
    }
    temporary = static_cast<char*>(private_buffer);
  }
  IterationSpace temporary_space, copy_space;
  BuildTemporarySpaces(&temporary_space, &copy_space);
  bases[num_inputs_] = temporary;
  AhElementwiseLaunch launch = DeviceLaunch(temporary_space, bases, device_kernel.op, formats, saturate,
                                            device_kernel.flush, false, element_count_);
  int status = backend.launch_elementwise(args.device, &launch, error, sizeof(error));
  if (status == 0) {
    char* copy_bases[2] = {temporary, output_base};
    const int32_t copy_formats[2] = {formats[num_inputs_], formats[num_inputs_]};
    launch = DeviceLaunch(copy_space, copy_bases, AH_DEVICE_OP_COPY, copy_formats, false, false,
                          output_may_overlap_itself_, element_count_);
    status = backend.launch_elementwise(args.device, &launch, error, sizeof(error));
  }
  if (private_buffer != nullptr) {
    char ignored[64];
    backend.free_device(args.device, private_buffer, ignored, sizeof(ignored));
  }
  if (status == 0) return TaskResult();
  return TaskResult{ACLNN_ERR_RUNTIME_ERROR, FormatString("the device kernel failed: %s", error)};
}

}  // namespace aclnn_host
