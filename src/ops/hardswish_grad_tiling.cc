#include "ops/hardswish_grad_tiling.h"

#include <algorithm>
#include <initializer_list>

#include "base/tensor.h"

namespace aclnn_host {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

constexpr size_t kMaxRank = 8;

void SetFields(OpTiling* tiling, std::initializer_list<TilingField> fields) {
  tiling->field_count = 0;
  for (const TilingField& field : fields) tiling->fields[tiling->field_count++] = field;
}

}  // namespace

OpTiling TilingArch22(int64_t element_count, const SocProfile& profile) {
  OpTiling tiling;
  tiling.arch = TilingArch::kArch22;
  tiling.has_tiling_key = true;
  tiling.tiling_key = 0;
  tiling.workspace = profile.library_workspace;
  // Five fp32 buffers, ping-ponged: UB / 10 / sizeof(float), rounded down to 256 elements.
  const int64_t each = static_cast<int64_t>(profile.ub_size / 10 / 4 / 256 * 256);
  const int64_t total_chunks = CeilDiv(element_count, each);
  const int64_t cores = std::max<int64_t>(1, std::min<int64_t>(total_chunks, profile.vector_core_count));
  tiling.block_dim = static_cast<uint32_t>(cores);
  SetFields(&tiling, {{"elementNum", element_count},
                      {"needCoreNum", cores},
                      {"ubSize", static_cast<int64_t>(profile.ub_size)},
                      {"elementNumEachCore", each}});

  // The kernel's split: every core takes total / cores chunks, the first total % cores one more;
  // cores after those shift by the remainder's elements. The short chunk (elementNum % each) ends
  // the range of core `last_core`, not necessarily the tensor.
  tiling.split.chunk = each;
  const int64_t base_loops = total_chunks / cores;
  const int64_t remainder_chunks = total_chunks % cores;
  const int64_t tail = element_count % each;
  const int64_t last_core = remainder_chunks != 0 ? remainder_chunks - 1 : cores - 1;
  for (int64_t core = 0; core < cores; ++core) {
    const int64_t loops = base_loops + (core < remainder_chunks ? 1 : 0);
    int64_t start = loops * core * each;
    if (remainder_chunks != 0 && core >= remainder_chunks) start += element_count % (each * cores);
    int64_t length = loops * each;
    if (core == last_core && tail != 0 && loops > 0) length -= each - tail;
    tiling.split.cores.push_back({start, start + length});
  }
  return tiling;
}

OpTiling TilingArch35(int64_t element_count, size_t element_size, const SocProfile& profile) {
  OpTiling tiling;
  tiling.arch = TilingArch::kArch35;
  tiling.workspace = 0;
  if (element_count == 0) {
    tiling.block_dim = 1;
    SetFields(&tiling, {{"totalNum", 0}, {"blockFactor", 0}, {"ubFactor", 0}});
    tiling.split.cores.push_back({0, 0});
    return tiling;
  }
  const int64_t cores = profile.vector_core_count;
  const int64_t block_factor = CeilDiv(element_count, cores);
  const int64_t used_cores = CeilDiv(element_count, block_factor);
  const bool double_buffer = element_count > 1024;
  const int64_t buffers = element_size == 4 ? (double_buffer ? 8 : 5) : (double_buffer ? 11 : 8);
  const int64_t ub_factor =
      static_cast<int64_t>(profile.ub_size) / static_cast<int64_t>(element_size) / buffers / 64 * 64;
  tiling.block_dim = static_cast<uint32_t>(used_cores);
  SetFields(&tiling, {{"totalNum", element_count}, {"blockFactor", block_factor}, {"ubFactor", ub_factor}});
  tiling.split.chunk = ub_factor;
  for (int64_t core = 0; core < used_cores; ++core) {
    tiling.split.cores.push_back({block_factor * core, std::min(block_factor * (core + 1), element_count)});
  }
  return tiling;
}

OpTiling HardswishTilingArch35(int64_t element_count, aclDataType dtype, const SocProfile& profile) {
  // GetUbBlockSize (32) is the alignment FloorAlign applies to the element count.
  constexpr int64_t kUbBlock = 32;
  OpTiling tiling;
  tiling.arch = TilingArch::kArch35;
  tiling.has_tiling_key = true;
  tiling.tiling_key = dtype == ACL_FLOAT ? 0 : dtype == ACL_FLOAT16 ? 1 : 2;  // HARDSWISH_TPL_SCH_MODE_*
  tiling.workspace = 0;                                                       // WS_SYS_SIZE
  const int64_t buffers = dtype == ACL_FLOAT ? 6 : 8;
  const int64_t ub_factor = static_cast<int64_t>(profile.ub_size) / 4 / buffers / kUbBlock * kUbBlock;
  if (element_count == 0) {  // aclnn returns before the tiling; shown for completeness
    tiling.block_dim = 1;
    SetFields(&tiling, {{"totalNum", 0}, {"blockFactor", 0}, {"ubFactor", ub_factor}});
    tiling.split.cores.push_back({0, 0});
    return tiling;
  }
  const int64_t block_factor = CeilDiv(element_count, profile.vector_core_count);
  const int64_t used_cores = CeilDiv(element_count, block_factor);
  tiling.block_dim = static_cast<uint32_t>(used_cores);
  SetFields(&tiling, {{"totalNum", element_count}, {"blockFactor", block_factor}, {"ubFactor", ub_factor}});
  tiling.split.chunk = ub_factor;
  for (int64_t core = 0; core < used_cores; ++core) {
    tiling.split.cores.push_back({block_factor * core, std::min(block_factor * (core + 1), element_count)});
  }
  return tiling;
}

OpTiling ElementwiseTiling(int64_t element_count, size_t element_size, const SocProfile& profile) {
  return profile.tiling_arch == TilingArch::kArch35 ? TilingArch35(element_count, element_size, profile)
                                                    : TilingArch22(element_count, profile);
}

bool ComputeHardswishGradTiling(const Dims& grad_shape, const Dims& self_shape, aclDataType dtype,
                                const SocProfile& profile, OpTiling* tiling, std::string* error) {
  if (dtype != ACL_FLOAT && dtype != ACL_FLOAT16 && dtype != ACL_BF16) {
    *error = "dtype " + DtypeName(dtype) + " has no HardSwishGradV2 kernel";
    return false;
  }
  if (grad_shape != self_shape) {
    *error = "gradOutput shape " + FormatDims(grad_shape) + " differs from self shape " + FormatDims(self_shape);
    return false;
  }
  if (self_shape.rank > kMaxRank) {
    *error = "shape " + FormatDims(self_shape) + " has more than 8 dims";
    return false;
  }
  int64_t count = 0;
  if (!ElementCount(self_shape, &count)) {
    *error = "shape " + FormatDims(self_shape) + " has a negative dim or too many elements";
    return false;
  }
  *tiling = ElementwiseTiling(count, aclDataTypeSize(dtype), profile);
  if (tiling->arch == TilingArch::kArch35) {
    // The template key of HardSwishGrad and HardSwishGradV2 (op_kernel/arch35/*_tiling_key.h):
    // D_T_X, ge's DataType value in the low 8 bits, then BUFFER_MODE's list index (double
    // buffering above 1024 elements; an empty tensor takes mode 0).
    const uint64_t ge_dtype = dtype == ACL_FLOAT ? 0 : dtype == ACL_FLOAT16 ? 1 : 27;  // DT_FLOAT, DT_FLOAT16, DT_BF16
    tiling->has_tiling_key = true;
    tiling->tiling_key = ge_dtype + (count > 1024 ? 256 : 0);
  }
  return true;
}

}  // namespace aclnn_host
