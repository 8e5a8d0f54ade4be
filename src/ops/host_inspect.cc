// aclnn_host/inspect.h: the SoC profiles, the tiling of a call, the kernel variants and the pool, for
// the tools layer (it includes no internal header).
#include "aclnn_host/inspect.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dims.h"
#include "kernels/isa.h"
#include "ops/hardswish_grad_tiling.h"
#include "ops/op_spec.h"
#include "runtime/soc_profile.h"
#include "runtime/thread_pool.h"

namespace aclnn_host {
namespace {

const char* ArchName(TilingArch arch) { return arch == TilingArch::kArch35 ? "arch35" : "arch22"; }

const std::vector<aclnnHostSocInfo>& PublicSocs() {
  static const std::vector<aclnnHostSocInfo> socs = [] {
    size_t count = 0;
    const SocProfile* profiles = SocProfiles(&count);
    std::vector<aclnnHostSocInfo> list;
    for (size_t i = 0; i < count; ++i) {
      const SocProfile& p = profiles[i];
      list.push_back({p.name, p.series_name, p.vector_core_count, p.ub_size, p.library_workspace,
                      p.supports_bf16 ? 1 : 0, p.saturation_only ? 1 : 0, p.flushes_subnormals ? 1 : 0,
                      ArchName(p.tiling_arch), p.device_memory_bytes});
    }
    return list;
  }();
  return socs;
}

aclnnStatus Refuse(char* error, size_t error_size, aclnnStatus status, const std::string& text) {
  if (error != nullptr && error_size > 0) std::snprintf(error, error_size, "%s", text.c_str());
  return status;
}

size_t WriteNames(const std::vector<kernels::Isa>& isas, const char** names, size_t capacity) {
  for (size_t i = 0; i < isas.size() && i < capacity && names != nullptr; ++i) names[i] = kernels::IsaName(isas[i]);
  return isas.size();
}

}  // namespace
}  // namespace aclnn_host

extern "C" {

size_t aclnnHostSocCount(void) { return aclnn_host::PublicSocs().size(); }

const aclnnHostSocInfo* aclnnHostSocGet(size_t index) {
  const auto& socs = aclnn_host::PublicSocs();
  return index < socs.size() ? &socs[index] : nullptr;
}

const aclnnHostSocInfo* aclnnHostSocFind(const char* name) {
  if (name == nullptr) return nullptr;
  for (const aclnnHostSocInfo& soc : aclnn_host::PublicSocs()) {
    if (std::strcmp(soc.name, name) == 0) return &soc;
  }
  return nullptr;
}

const char* aclnnHostDefaultSocName(void) { return aclnn_host::kDefaultSocName; }

aclnnStatus aclnnHostGetTiling(const aclnnHostOpInfo* op, const int64_t* shape, uint64_t rank, aclDataType dtype,
                               const char* soc, aclnnHostTiling* tiling, int64_t* coreRanges, size_t coreCapacity,
                               char* error, size_t errorSize) {
  using aclnn_host::Refuse;
  if (op == nullptr || aclnnHostOpFind(op->name) != op || tiling == nullptr || soc == nullptr ||
      (shape == nullptr && rank > 0) || (coreRanges == nullptr && coreCapacity > 0)) {
    return Refuse(error, errorSize, ACLNN_ERR_PARAM_NULLPTR,
                  "op must be an entry of aclnnHostOpGet; shape (for rank > 0), tiling, soc and coreRanges (for "
                  "coreCapacity > 0) must not be null");
  }
  const aclnn_host::SocProfile* profile = aclnn_host::FindSocProfile(soc);
  if (profile == nullptr) {
    return Refuse(error, errorSize, ACLNN_ERR_PARAM_INVALID,
                  std::string("unknown SoC \"") + soc + "\"; the SoC profiles are " + aclnn_host::SocProfileNames());
  }
  if (rank > aclnn_host::kMaxTensorRank) {
    return Refuse(error, errorSize, ACLNN_ERR_PARAM_INVALID,
                  "the shape has more than " + std::to_string(aclnn_host::kMaxTensorRank) + " dims");
  }
  aclnn_host::Dims dims;
  for (uint64_t i = 0; i < rank; ++i) {
    if (shape[i] < 0) return Refuse(error, errorSize, ACLNN_ERR_PARAM_INVALID, "the shape has a negative dim");
    dims.PushBack(shape[i]);
  }
  const aclnn_host::OpSpec& spec = *aclnn_host::FindOpSpec(op->name);
  const bool is_310 =
      profile->series == aclnn_host::SocSeries::kAscend310P || profile->series == aclnn_host::SocSeries::kAscend310B;
  if (spec.products == aclnn_host::ProductSupport::kNot310 && is_310) {
    return Refuse(
        error, errorSize, ACLNN_ERR_INNER_NULLPTR,
        std::string(op->kernelType) + " has no kernel for " + profile->name + " (" + profile->series_name + ")");
  }
  aclnn_host::OpTiling computed;
  std::string reason;
  if (!aclnn_host::ComputeOpTiling(spec, dims, dims, dtype, *profile, &computed, &reason)) {
    return Refuse(error, errorSize, ACLNN_ERR_PARAM_INVALID, "the tiling fails: " + reason);
  }
  if (aclnn_host::RunsTbeKernel(spec, *profile)) computed.workspace = 0;  // TBE kernels ask for none
  *tiling = aclnnHostTiling{};
  tiling->arch = aclnn_host::ArchName(computed.arch);
  tiling->hasTilingKey = computed.has_tiling_key ? 1 : 0;
  tiling->tilingKey = computed.tiling_key;
  tiling->blockDim = computed.block_dim;
  tiling->workspace = computed.workspace;
  tiling->chunk = computed.split.chunk;
  tiling->published = aclnn_host::TilingIsPublished(spec, *profile) ? 1 : 0;
  for (size_t i = 0; i < computed.field_count && i < ACLNN_HOST_MAX_TILING_FIELDS; ++i) {
    tiling->fields[i] = {computed.fields[i].name, computed.fields[i].value};
    tiling->fieldCount = i + 1;
  }
  tiling->coreCount = computed.split.cores.size();
  for (size_t i = 0; i < computed.split.cores.size() && i < coreCapacity; ++i) {
    coreRanges[2 * i] = computed.split.cores[i].begin;
    coreRanges[2 * i + 1] = computed.split.cores[i].end;
  }
  return ACLNN_SUCCESS;
}

size_t aclnnHostCompiledIsas(const char** names, size_t capacity) {
  return aclnn_host::WriteNames(aclnn_host::kernels::CompiledIsas(), names, capacity);
}

size_t aclnnHostSupportedIsas(const char** names, size_t capacity) {
  return aclnn_host::WriteNames(aclnn_host::kernels::SupportedIsas(), names, capacity);
}

const char* aclnnHostActiveIsa(char* error, size_t errorSize) {
  aclnn_host::kernels::Isa isa = aclnn_host::kernels::Isa::kBaseline;
  std::string reason;
  if (aclnn_host::kernels::ActiveIsa(&isa, &reason)) return aclnn_host::kernels::IsaName(isa);
  aclnn_host::Refuse(error, errorSize, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, reason);
  return nullptr;
}

uint32_t aclnnHostThreadCount(void) { return static_cast<uint32_t>(aclnn_host::HostThreadPool().concurrency()); }

}  // extern "C"
