// libFuzzer target (a): tensor descriptors through the whole two-phase API of every operator.
//
// One input picks a SoC profile, an overflow mode and an operator of the table
// (aclnn_host/ops.h), then its scalars and flags, then describes each of the operator's tensors (rank, dims, strides,
// offset, storage shape, dtype, format and where its data pointer goes: into one shared device arena at some byte
// offset, host memory, null or freed device memory) and the workspace phase two gets. It runs aclCreateTensor, phase
// one, phase two and aclrtSynchronizeStream, and when phase two succeeds checks the whole arena against an oracle: the
// same operator on contiguous copies of the inputs, scattered into the output view in row-major order (last write
// wins), every other arena byte unchanged.
//
// Bounded: the arena is 16 KiB, and phase two only runs when the view has at most
// kMaxComputedElements elements (huge-but-valid shapes still go through aclCreateTensor and phase
// one, which must check them without executing anything).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn_host/ops.h"

namespace {

constexpr size_t kArenaBytes = 16 * 1024;
constexpr int64_t kMaxComputedElements = 4096;
constexpr size_t kMaxTensors = ACLNN_HOST_MAX_OP_INPUTS + 1;

const char* const kSocs[] = {"Ascend910B3",    "Ascend910A",  "Ascend950PR", "Ascend310P3",
                             "Ascend910_9391", "Ascend310B1", "Ascend950DT", "NotASoc"};

enum class Where { kArena, kHost, kNull, kFreed };

struct Spec {
  std::vector<int64_t> view, strides, storage;
  int64_t offset = 0;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  Where where = Where::kArena;
  size_t arena_byte = 0;  // where the data pointer points in the arena
};

[[noreturn]] void Die(const char* what) {
  std::fprintf(stderr, "fuzz_tensor: %s\n", what);
  std::abort();
}

int64_t FuzzedDim(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      return in.ConsumeIntegral<int64_t>();
    case 1:
      return in.ConsumeIntegralInRange<int64_t>(-2, 1 << 20);
    default:
      return in.ConsumeIntegralInRange<int64_t>(0, 6);
  }
}

aclDataType FuzzedDtype(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
      return static_cast<aclDataType>(in.ConsumeIntegralInRange<int>(-2, 40));
    case 1:
    case 2:
      return ACL_FLOAT16;
    case 3:
    case 4:
      return ACL_BF16;
    default:
      return ACL_FLOAT;
  }
}

Spec FuzzedSpec(FuzzedDataProvider& in, const Spec* like) {
  Spec spec;
  const int shape_mode = in.ConsumeIntegralInRange<int>(0, 3);
  if (like != nullptr && shape_mode != 0) {
    spec.view = like->view;  // most operands share the first one's view
  } else {
    const size_t rank =
        in.ConsumeBool() ? in.ConsumeIntegralInRange<size_t>(0, 4) : in.ConsumeIntegralInRange<size_t>(0, 30);
    for (size_t d = 0; d < rank; ++d) spec.view.push_back(FuzzedDim(in));
  }
  const size_t rank = spec.view.size();
  spec.strides.assign(rank, 1);
  switch (in.ConsumeIntegralInRange<int>(0, 4)) {
    case 0:  // arbitrary
      for (auto& s : spec.strides) s = in.ConsumeIntegral<int64_t>();
      break;
    case 1:  // small, possibly zero, negative or overlapping
      for (auto& s : spec.strides) s = in.ConsumeIntegralInRange<int64_t>(-2, 9);
      break;
    case 2:  // row-major, then two dims swapped (a transposed view)
    default: {
      for (size_t i = rank; i-- > 1;) {
        spec.strides[i - 1] = static_cast<int64_t>(static_cast<uint64_t>(spec.strides[i]) *
                                                   static_cast<uint64_t>(spec.view[i] > 0 ? spec.view[i] : 1));
      }
      if (rank >= 2 && in.ConsumeBool()) {
        const size_t a = in.ConsumeIntegralInRange<size_t>(0, rank - 1),
                     b = in.ConsumeIntegralInRange<size_t>(0, rank - 1);
        std::swap(spec.strides[a], spec.strides[b]);
      }
    }
  }
  spec.offset = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? in.ConsumeIntegral<int64_t>()
                                                          : in.ConsumeIntegralInRange<int64_t>(0, 16);
  spec.dtype = like != nullptr && in.ConsumeBool() ? like->dtype : FuzzedDtype(in);
  spec.format = in.ConsumeIntegralInRange<int>(0, 7) == 0
                    ? static_cast<aclFormat>(in.ConsumeIntegralInRange<int>(-2, 50))
                    : ACL_FORMAT_ND;
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: {  // arbitrary storage shape
      const size_t storage_rank = in.ConsumeIntegralInRange<size_t>(0, 5);
      for (size_t d = 0; d < storage_rank; ++d) spec.storage.push_back(FuzzedDim(in));
      break;
    }
    default: {  // the smallest 1-D storage that holds the view, maybe a little larger
      // Wraps (computed unsigned) for wild values: the library must cope with whatever results.
      uint64_t last = static_cast<uint64_t>(spec.offset);
      bool empty = false;
      for (size_t d = 0; d < rank; ++d) {
        if (spec.view[d] == 0) empty = true;
        last += (static_cast<uint64_t>(spec.view[d]) - 1) * static_cast<uint64_t>(spec.strides[d]);
      }
      last += 1 + in.ConsumeIntegralInRange<uint64_t>(0, 2);
      spec.storage.push_back(empty ? 0 : static_cast<int64_t>(last));
    }
  }
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      spec.where = Where::kHost;
      break;
    case 1:
      spec.where = Where::kNull;
      break;
    case 2:
      spec.where = Where::kFreed;
      break;
    default:
      spec.where = Where::kArena;
  }
  // Mostly aligned to 4 bytes (the library refuses data not aligned to its elements).
  spec.arena_byte = in.ConsumeIntegralInRange<size_t>(0, kArenaBytes);
  if (in.ConsumeIntegralInRange<int>(0, 7) != 0) spec.arena_byte &= ~size_t{3};
  return spec;
}

bool IsNaN(aclDataType dtype, const uint8_t* p) {
  if (dtype == ACL_FLOAT) {
    uint32_t bits = 0;
    std::memcpy(&bits, p, 4);
    return (bits & 0x7fffffffu) > 0x7f800000u;
  }
  uint16_t bits = 0;
  std::memcpy(&bits, p, 2);
  if (dtype == ACL_FLOAT16) return (bits & 0x7fffu) > 0x7c00u;
  if (dtype == ACL_BF16) return (bits & 0x7fffu) > 0x7f80u;
  return false;
}

bool BothNaN(aclDataType dtype, const uint8_t* a, const uint8_t* b) { return IsNaN(dtype, a) && IsNaN(dtype, b); }

void PrintSpec(size_t k, const Spec& spec) {
  std::fprintf(stderr, "  tensor %zu: dtype %d format %d at arena byte %zu offset %lld view", k,
               static_cast<int>(spec.dtype), static_cast<int>(spec.format), spec.arena_byte,
               static_cast<long long>(spec.offset));
  for (int64_t d : spec.view) std::fprintf(stderr, " %lld", static_cast<long long>(d));
  std::fprintf(stderr, " strides");
  for (int64_t s : spec.strides) std::fprintf(stderr, " %lld", static_cast<long long>(s));
  std::fprintf(stderr, "\n");
}

/// Element count of a view, or -1 when it is negative or over the cap.
int64_t BoundedCount(const std::vector<int64_t>& view) {
  // A zero dim anywhere makes the view empty, even after dims whose product passes the cap.
  for (int64_t d : view) {
    if (d < 0) return -1;
  }
  for (int64_t d : view) {
    if (d == 0) return 0;
  }
  int64_t count = 1;
  for (int64_t d : view) {
    if (__builtin_mul_overflow(count, d, &count) || count > kMaxComputedElements) return -1;
  }
  return count;
}

/// Storage element index of row-major element `linear`, or false when it overflows.
bool IndexOf(const Spec& spec, int64_t linear, int64_t* index) {
  int64_t at = spec.offset;
  for (size_t d = spec.view.size(); d-- > 0;) {
    int64_t term = 0;
    if (__builtin_mul_overflow(linear % spec.view[d], spec.strides[d], &term) ||
        __builtin_add_overflow(at, term, &at)) {
      return false;
    }
    linear /= spec.view[d];
  }
  *index = at;
  return true;
}

struct Runtime {
  aclrtStream stream = nullptr;
  bool up = false;
};

// One call's arguments: the tensors (inputs, then the output unless in place), scalars and flags.
struct Call {
  const aclnnHostOpInfo* op = nullptr;
  aclScalar* scalars[ACLNN_HOST_MAX_OP_SCALARS] = {};
  int flags[ACLNN_HOST_MAX_OP_FLAGS] = {};
};

aclnnStatus PhaseOne(const Call& call, aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
  aclnnHostOpCall args{};
  for (uint32_t i = 0; i < call.op->numInputs; ++i) args.inputs[i] = t[i];
  for (uint32_t i = 0; i < call.op->numScalars; ++i) args.scalars[i] = call.scalars[i];
  for (uint32_t i = 0; i < call.op->numFlags; ++i) args.flags[i] = call.flags[i];
  args.output = call.op->inPlace ? t[0] : t[call.op->numInputs];
  return aclnnHostOpGetWorkspaceSize(call.op, &args, ws, ex);
}

aclnnStatus PhaseTwo(const Call& call, void* ws, uint64_t size, aclOpExecutor* ex, aclrtStream stream) {
  return aclnnHostOpRun(call.op, ws, size, ex, stream);
}

size_t TensorCount(const Call& call) { return call.op->numInputs + (call.op->inPlace ? 0 : 1); }
size_t InputCount(const Call& call) { return call.op->numInputs; }
/// The tensor the operator writes: the first input in place (aclnnInplaceAddRelu has a second
/// input after it), else the one after the inputs.
size_t OutputIndex(const Call& call) { return call.op->inPlace ? 0 : call.op->numInputs; }

/// A fuzzed scalar: CANN's scalar dtypes, values around the kink points or raw bits.
aclScalar* FuzzedScalar(FuzzedDataProvider& in) {
  static const aclDataType kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT32,
                                        ACL_INT64, ACL_INT8,    ACL_BOOL, ACL_UINT8,  ACL_COMPLEX64};
  const aclDataType dtype = kDtypes[in.ConsumeIntegralInRange<size_t>(0, sizeof(kDtypes) / sizeof(kDtypes[0]) - 1)];
  uint8_t bytes[16] = {};
  if (in.ConsumeBool()) {
    const double value = static_cast<double>(in.ConsumeIntegralInRange<int>(-64, 64)) / 8.0;
    const float single = static_cast<float>(value);
    const int32_t i32 = static_cast<int32_t>(value);
    const int64_t i64 = i32;
    switch (dtype) {
      case ACL_FLOAT:
      case ACL_COMPLEX64:
        std::memcpy(bytes, &single, 4);
        break;
      case ACL_DOUBLE:
        std::memcpy(bytes, &value, 8);
        break;
      case ACL_INT32:
        std::memcpy(bytes, &i32, 4);
        break;
      case ACL_INT64:
        std::memcpy(bytes, &i64, 8);
        break;
      default:
        bytes[0] = static_cast<uint8_t>(i32);
        break;
    }
  } else {
    const std::vector<uint8_t> raw = in.ConsumeBytes<uint8_t>(sizeof(bytes));
    if (!raw.empty()) std::memcpy(bytes, raw.data(), raw.size());  // an exhausted input gives none
  }
  return in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : aclCreateScalar(bytes, dtype);
}

void* DeviceAlloc(size_t bytes) {
  void* p = nullptr;
  if (aclrtMalloc(&p, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) Die("aclrtMalloc failed");
  return p;
}

/// The oracle's result: the operator on contiguous copies of the inputs (gathered from `before`),
/// in row-major order, as raw output elements.
std::vector<uint8_t> Reference(const Call& op, const Spec* specs, const uint8_t* before, int64_t count,
                               aclrtStream stream) {
  const size_t tensors = TensorCount(op);
  const size_t out_index = OutputIndex(op);
  std::vector<void*> buffers(tensors);
  std::vector<aclTensor*> contiguous(tensors);
  for (size_t k = 0; k < tensors; ++k) {
    const Spec& spec = specs[k];
    const size_t size = aclDataTypeSize(spec.dtype);
    buffers[k] = DeviceAlloc(static_cast<size_t>(count) * size);
    std::vector<int64_t> strides(spec.view.size(), 1);
    for (size_t i = spec.view.size(); i-- > 1;) strides[i - 1] = strides[i] * spec.view[i];
    const int64_t storage = count;
    contiguous[k] = aclCreateTensor(spec.view.data(), spec.view.size(), spec.dtype, strides.data(), 0, spec.format,
                                    &storage, 1, buffers[k]);
    if (contiguous[k] == nullptr) Die("the oracle's contiguous tensor was refused");
    if (k < InputCount(op)) {
      for (int64_t i = 0; i < count; ++i) {
        int64_t index = 0;
        IndexOf(spec, i, &index);
        std::memcpy(static_cast<uint8_t*>(buffers[k]) + i * static_cast<int64_t>(size),
                    before + spec.arena_byte + index * static_cast<int64_t>(size), size);
      }
    }
  }
  uint64_t ws_size = 0;
  aclOpExecutor* executor = nullptr;
  if (PhaseOne(op, contiguous.data(), &ws_size, &executor) != ACLNN_SUCCESS) Die("the oracle's phase one failed");
  void* ws = ws_size > 0 ? DeviceAlloc(ws_size) : nullptr;
  if (PhaseTwo(op, ws, ws_size, executor, stream) != ACLNN_SUCCESS) Die("the oracle's phase two failed");
  if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) Die("the oracle's synchronize failed");
  const size_t out_size = aclDataTypeSize(specs[out_index].dtype);
  std::vector<uint8_t> result(static_cast<size_t>(count) * out_size);
  std::memcpy(result.data(), buffers[out_index], result.size());
  if (ws != nullptr) aclrtFree(ws);
  for (size_t k = 0; k < tensors; ++k) {
    aclDestroyTensor(contiguous[k]);
    aclrtFree(buffers[k]);
  }
  return result;
}

/// [first, last] bytes of the arena a view touches (count > 0, every index computed).
bool ByteRange(const Spec& spec, int64_t count, int64_t* first, int64_t* last) {
  const int64_t size = static_cast<int64_t>(aclDataTypeSize(spec.dtype));
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (int64_t i = 0; i < count; ++i) {
    int64_t index = 0;
    if (!IndexOf(spec, i, &index)) return false;
    lo = std::min(lo, index);
    hi = std::max(hi, index);
  }
  *first = static_cast<int64_t>(spec.arena_byte) + lo * size;
  *last = static_cast<int64_t>(spec.arena_byte) + hi * size + size - 1;
  return true;
}

/// Arena contents from a seed: small values around the kink points mixed with raw bit patterns
/// (NaNs, infinities, subnormals), as fp32 words (fp16/bf16 views see their halves).
void FillArena(uint8_t* arena, uint32_t seed) {
  uint32_t x = seed | 1;
  for (size_t i = 0; i + 4 <= kArenaBytes; i += 4) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    uint32_t word = x;
    if ((x & 3) != 0) {
      const float value = static_cast<float>(static_cast<int32_t>(x >> 8) % 1024) / 128.0f;
      std::memcpy(&word, &value, 4);
    }
    std::memcpy(arena + i, &word, 4);
  }
}

void RunOne(FuzzedDataProvider& in) {
  setenv("ACLNN_HOST_SOC", kSocs[in.ConsumeIntegralInRange<size_t>(0, sizeof(kSocs) / sizeof(kSocs[0]) - 1)], 1);
  if (aclInit(nullptr) != ACL_SUCCESS) return;  // an unknown SoC name fails here
  aclrtStream stream = nullptr;
  if (aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) Die("runtime set-up failed");
  const int mode = in.ConsumeIntegralInRange<int>(-1, 2);
  aclrtSetDeviceSatMode(static_cast<aclrtFloatOverflowMode>(mode));  // -1 and 2 must be refused

  auto* arena = static_cast<uint8_t*>(DeviceAlloc(kArenaBytes));
  FillArena(arena, in.ConsumeIntegral<uint32_t>());
  std::vector<uint8_t> host(kArenaBytes);
  void* freed = DeviceAlloc(256);
  aclrtFree(freed);

  Call op;
  op.op = aclnnHostOpGet(in.ConsumeIntegralInRange<size_t>(0, aclnnHostOpCount() - 1));
  for (uint32_t i = 0; i < op.op->numScalars; ++i) op.scalars[i] = FuzzedScalar(in);
  for (uint32_t i = 0; i < op.op->numFlags; ++i) op.flags[i] = in.ConsumeBool() ? 1 : 0;
  const size_t tensors = TensorCount(op);
  Spec specs[kMaxTensors];
  aclTensor* handles[kMaxTensors] = {};
  bool created = true;
  for (size_t k = 0; k < tensors; ++k) {
    specs[k] = FuzzedSpec(in, k == 0 ? nullptr : &specs[0]);
    Spec& s = specs[k];
    void* data = nullptr;
    switch (s.where) {
      case Where::kArena:
        data = arena + s.arena_byte;
        break;
      case Where::kHost:
        data = host.data() + s.arena_byte % kArenaBytes;
        break;
      case Where::kNull:
        data = nullptr;
        break;
      case Where::kFreed:
        data = freed;
        break;
    }
    handles[k] =
        aclCreateTensor(s.view.data(), s.view.size(), s.dtype, s.strides.empty() ? nullptr : s.strides.data(), s.offset,
                        s.format, s.storage.empty() ? nullptr : s.storage.data(), s.storage.size(), data);
    created = created && handles[k] != nullptr;
  }

  uint64_t ws_size = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus planned = created ? PhaseOne(op, handles, &ws_size, &executor) : ACLNN_ERR_PARAM_NULLPTR;
  if (planned == ACLNN_SUCCESS) {
    if (executor == nullptr) Die("phase one succeeded without an executor");
    const int64_t count = BoundedCount(specs[OutputIndex(op)].view);
    bool all_in_arena = true;
    // The oracle gathers every tensor element for element: broadcast inputs are only run.
    bool same_views = true;
    for (size_t k = 0; k < tensors; ++k) {
      all_in_arena = all_in_arena && specs[k].where == Where::kArena;
      same_views = same_views && specs[k].view == specs[0].view;
    }
    if (count < 0) {
      aclDestroyAclOpExecutor(executor);  // checked, not executed
    } else {
      // The workspace: its own allocation, none, inside the arena, or host memory.
      void* ws = nullptr;
      void* ws_alloc = nullptr;
      uint64_t ws_given = ws_size;
      const int ws_mode = in.ConsumeIntegralInRange<int>(0, 7);
      size_t ws_arena_byte = 0;
      bool ws_in_arena = false;
      if (ws_mode == 1) {
        ws_given = in.ConsumeBool() ? 0 : ws_size;
      } else if (ws_mode == 2 && ws_size <= kArenaBytes) {
        ws_arena_byte = in.ConsumeIntegralInRange<size_t>(0, kArenaBytes - ws_size) & ~size_t{63};
        ws = arena + ws_arena_byte;
        ws_in_arena = ws_size > 0;
      } else if (ws_mode == 3) {
        ws = host.data();
        ws_given = std::min<uint64_t>(ws_size, kArenaBytes);
      } else if (ws_size > 0) {
        ws = ws_alloc = DeviceAlloc(ws_size);
        if (ws_mode == 4) ws_given = ws_size + in.ConsumeIntegralInRange<uint64_t>(0, 64);
      }
      const std::vector<uint8_t> before(arena, arena + kArenaBytes);
      const aclnnStatus launched = PhaseTwo(op, ws, ws_given, executor, stream);
      const aclError synced = aclrtSynchronizeStream(stream);
      if (launched == ACLNN_SUCCESS && synced != ACL_SUCCESS) Die("synchronize failed after a successful launch");
      // Host memory and null data are refused in strict mode (freed memory too, unless a later
      // allocation reused its address) — when there is work: an empty input ends some ops' first
      // phase whatever the output's shape (aclnnHardshrinkBackward's empty exit precedes its
      // shape checks), and then nothing is read or written.
      bool any_empty = false;
      for (size_t k = 0; k < tensors; ++k) any_empty = any_empty || BoundedCount(specs[k].view) == 0;
      for (size_t k = 0; k < tensors && launched == ACLNN_SUCCESS && count > 0 && !any_empty; ++k) {
        if (specs[k].where == Where::kHost || specs[k].where == Where::kNull) Die("phase two ran on host or null data");
      }
      if (launched != ACLNN_SUCCESS) aclDestroyAclOpExecutor(executor);
      if (launched == ACLNN_SUCCESS && count > 0 && all_in_arena && same_views) {
        // The oracle.
        const size_t out_index = OutputIndex(op);
        const Spec& out = specs[out_index];
        const std::vector<uint8_t> result = Reference(op, specs, before.data(), count, stream);
        std::vector<uint8_t> expected = before;
        const size_t out_size = aclDataTypeSize(out.dtype);
        // Where each output element starts, for the NaN rule below.
        std::vector<int32_t> element_start(kArenaBytes, -1);
        for (int64_t i = 0; i < count; ++i) {
          int64_t index = 0;
          IndexOf(out, i, &index);
          const int64_t start = static_cast<int64_t>(out.arena_byte) + index * static_cast<int64_t>(out_size);
          std::memcpy(expected.data() + start, result.data() + i * static_cast<int64_t>(out_size), out_size);
          for (size_t b = 0; b < out_size; ++b)
            element_start[static_cast<size_t>(start) + b] = static_cast<int32_t>(start);
        }
        // Workspace bytes in the arena outside every operand's byte range are scratch: their bytes
        // may change (the library uses the part after upstream's, when that part overlaps no
        // operand). Bytes an operand covers must end as the oracle says.
        std::vector<bool> scratch(kArenaBytes, false);
        if (ws_in_arena) {
          for (size_t i = ws_arena_byte; i < ws_arena_byte + ws_size && i < kArenaBytes; ++i) scratch[i] = true;
          for (size_t k = 0; k < tensors; ++k) {
            int64_t first = 0, last = static_cast<int64_t>(kArenaBytes) - 1;  // unknown: all of it
            if (!ByteRange(specs[k], count, &first, &last)) first = 0, last = static_cast<int64_t>(kArenaBytes) - 1;
            for (int64_t i = std::max<int64_t>(first, 0); i <= last && i < static_cast<int64_t>(kArenaBytes); ++i) {
              scratch[static_cast<size_t>(i)] = false;
            }
          }
        }
        for (size_t i = 0; i < kArenaBytes; ++i) {
          if (scratch[i]) continue;
          // NaN payloads and signs are not specified (numerics-and-socs.md: compare NaN results
          // by isnan), and the kernels' vector and tail paths may differ in them.
          if (arena[i] != expected[i] && element_start[i] >= 0 &&
              BothNaN(out.dtype, arena + element_start[i], expected.data() + element_start[i])) {
            continue;
          }
          if (arena[i] != expected[i]) {
            std::fprintf(stderr, "fuzz_tensor: arena byte %zu is %02x, expected %02x (%s)\n", i, arena[i], expected[i],
                         op.op->api);
            for (size_t k = 0; k < tensors; ++k) PrintSpec(k, specs[k]);
            std::fprintf(stderr, "  workspace %llu bytes, in arena %d at %zu, given %llu\n",
                         static_cast<unsigned long long>(ws_size), ws_in_arena ? 1 : 0, ws_arena_byte,
                         static_cast<unsigned long long>(ws_given));
            Die("result differs from the oracle");
          }
        }
      }
      if (ws_alloc != nullptr) aclrtFree(ws_alloc);
    }
  }
  for (size_t k = 0; k < tensors; ++k) {
    if (handles[k] != nullptr) aclDestroyTensor(handles[k]);
  }
  for (aclScalar* scalar : op.scalars) {
    if (scalar != nullptr) aclDestroyScalar(scalar);
  }
  aclrtFree(arena);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  if (aclFinalize() != ACL_SUCCESS) Die("aclFinalize failed");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  unsetenv("ACLNN_HOST_STRICT");  // strict device-memory checks (the default)
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  RunOne(in);
  aclGetRecentErrMsg();  // clears the thread's error text
  return 0;
}
