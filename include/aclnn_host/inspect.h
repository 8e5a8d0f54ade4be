/*
 * aclnn-host extension (not part of CANN): what the library emulates and how it would tile a call,
 * for tools that report it — the aclnn-host CLI (`info`, `tiling`), the Python package
 * (aclnn_host.tiling, aclnn_host.socs), test harnesses. With aclnn_host/ops.h it is everything the
 * tools read from the library: they include no internal header.
 */
#ifndef ACLNN_HOST_INSPECT_H_
#define ACLNN_HOST_INSPECT_H_

#include <stddef.h>
#include <stdint.h>

#include "aclnn/aclnn_base.h"
#include "aclnn_host/ops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One emulated SoC (docs/configuration.md lists them; ACLNN_HOST_SOC picks one). */
typedef struct aclnnHostSocInfo {
  const char* name;           /* "Ascend910B3": what aclrtGetSocName reports */
  const char* series;         /* "Atlas A2 training series" */
  uint32_t vectorCoreCount;   /* the AI (vector) cores a tiling may use */
  uint64_t ubSize;            /* unified-buffer bytes seen by the tiling */
  uint64_t libraryWorkspace;  /* the AscendC library workspace of the arch22 tilings */
  int supportsBf16;           /* BF16 in the operators' dtype lists */
  int saturationOnly;         /* the overflow mode cannot be switched to INF_NAN */
  int flushesSubnormals;      /* the vector unit flushes subnormal inputs and results */
  const char* tilingArch;     /* "arch22" or "arch35" */
  uint64_t deviceMemoryBytes; /* what aclrtGetMemInfo reports */
} aclnnHostSocInfo;

/* The profiles, in table order; the index-th, or nullptr past the end. */
ACLNN_API size_t aclnnHostSocCount(void);
ACLNN_API const aclnnHostSocInfo* aclnnHostSocGet(size_t index);
/* The profile called `name` (exact), or nullptr. */
ACLNN_API const aclnnHostSocInfo* aclnnHostSocFind(const char* name);
/* The profile used when neither ACLNN_HOST_SOC nor the aclInit config names one. */
ACLNN_API const char* aclnnHostDefaultSocName(void);

#define ACLNN_HOST_MAX_TILING_FIELDS 4

typedef struct aclnnHostTilingField {
  const char* name; /* the tiling data's field name upstream, "elementNumEachCore" */
  int64_t value;
} aclnnHostTilingField;

/* The NPU tiling of one call, as the library computes it in phase one. */
typedef struct aclnnHostTiling {
  const char* arch; /* "arch22" or "arch35" */
  int hasTilingKey;
  uint64_t tilingKey;
  uint32_t blockDim;  /* AI cores used */
  uint64_t workspace; /* what the kernel's tiling asks for (0 for the built-in TBE kernels) */
  int64_t chunk;      /* elements per chunk of a core's range */
  int published;      /* an AscendC kernel's published tiling (else the elementwise split) */
  size_t fieldCount;
  aclnnHostTilingField fields[ACLNN_HOST_MAX_TILING_FIELDS];
  size_t coreCount; /* ranges in the split (the first min(coreCount, capacity) are written) */
} aclnnHostTiling;

/* The tiling of `op` on a tensor of `shape` (`rank` dims, <= 8) and `dtype` on the profile `soc`.
 * `coreRanges` (may be nullptr with `coreCapacity` 0) receives [begin, end) pairs of element
 * indices, one per core. On failure `error` (`errorSize` bytes, NUL-terminated) says why:
 * ACLNN_ERR_PARAM_NULLPTR for a null op, shape (with rank > 0), tiling or soc, ACLNN_ERR_PARAM_INVALID
 * for an unknown SoC, a rank over 8, a negative dim or a tiling that fails, ACLNN_ERR_INNER_NULLPTR
 * where the op has no kernel on the SoC (the HardSwish operators on 310P/310B). */
ACLNN_API aclnnStatus aclnnHostGetTiling(const aclnnHostOpInfo* op, const int64_t* shape, uint64_t rank,
                                         aclDataType dtype, const char* soc, aclnnHostTiling* tiling,
                                         int64_t* coreRanges, size_t coreCapacity, char* error, size_t errorSize);

/* The kernel variants (ISAs: "avx512", "avx2", ... "baseline"): compiled into the library, and those
 * this CPU runs. Each writes up to `capacity` names and returns how many there are. */
ACLNN_API size_t aclnnHostCompiledIsas(const char** names, size_t capacity);
ACLNN_API size_t aclnnHostSupportedIsas(const char** names, size_t capacity);
/* The variant the kernels use (the best supported one, capped by ACLNN_HOST_MAX_ISA), or nullptr
 * with the reason in `error` where ACLNN_HOST_MAX_ISA names none. */
ACLNN_API const char* aclnnHostActiveIsa(char* error, size_t errorSize);
/* Threads of the host pool that runs the virtual AI cores (ACLNN_HOST_THREADS, else the CPUs). */
ACLNN_API uint32_t aclnnHostThreadCount(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_HOST_INSPECT_H_ */
