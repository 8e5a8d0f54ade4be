// SoC profiles: what aclrtGetSocName reports and what operators see of the (emulated) chip —
// dtype lists, core count, UB size, tiling arch, overflow and subnormal behaviour.
// All figures live in one table in soc_profile.cc (numerics-and-socs.md).
#ifndef ACLNN_HOST_RUNTIME_SOC_PROFILE_H_
#define ACLNN_HOST_RUNTIME_SOC_PROFILE_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/export.h"

namespace aclnn_host {

enum class SocSeries {
  kAscend910A1,  // Atlas training series (Ascend910A/ProA/PremiumA/ProB, and "Ascend910B")
  kAtlasA2,      // Ascend910B1..B4
  kAtlasA3,      // Ascend910_93xx
  kAscend950,    // Ascend950PR/DT
  kAscend310P,   // Atlas inference series
  kAscend310B,   // Atlas 200I/500 A2
};

/// How the host tiling of an elementwise op is computed (the NPU kernel's generation).
enum class TilingArch { kArch22, kArch35 };

struct SocProfile {
  const char* name;
  SocSeries series;
  const char* series_name;
  uint32_t vector_core_count;  // AIV cores (AI cores on A1) the tiling may use
  uint64_t ub_size;            // unified-buffer bytes seen by the tiling
  uint64_t library_workspace;  // the system workspace the NPU tiling reports
  bool supports_bf16;          // BF16 in the operators' dtype lists
  bool saturation_only;        // overflow mode cannot be switched to INF_NAN
  bool flushes_subnormals;     // the vector unit flushes subnormal inputs and results
  TilingArch tiling_arch;
  uint64_t device_memory_bytes;  // capacity reported by aclrtGetMemInfo
};

/// The profile called `name`, or nullptr.
AH_INTERNAL_API const SocProfile* FindSocProfile(const std::string& name);

/// All profiles, in table order.
AH_INTERNAL_API const SocProfile* SocProfiles(size_t* count);

/// "Ascend910B1, Ascend910B2, ..." for messages.
AH_INTERNAL_API std::string SocProfileNames();

/// The SocVersion name CANN's messages print for the profile's series (op::ToString(SocVersion)):
/// "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950", "Ascend310P", "Ascend310B".
AH_INTERNAL_API const char* SocVersionName(const SocProfile& profile);

/// The NpuArch of the [version] section of CANN's platform config `<name>.ini` (hicann/runtime
/// src/platform/platform_config/cann and cann-dev at 681ef761; "Ascend910" reads Ascend910A's),
/// or of a profile name that has no such file (Ascend950PR/DT, Ascend910_9361/9371: their series'
/// arch). -1 for a name neither knows. aclrtCheckArchCompatibility compares two of them.
AH_INTERNAL_API int32_t NpuArchOfSoc(const std::string& name);

/// The [SoCInfo] figures of CANN's platform config `<name>.ini` (hicann/runtime
/// src/platform/platform_config/cann at 681ef761) that aclGetDeviceCapability reports.
struct PlatformSocInfo {
  const char* name;
  uint32_t ai_core_count;
  uint32_t vector_core_count;  // 0 where the chip has none (the A1 parts)
  uint64_t l2_size;            // bytes
};
/// The platform figures of the profile called `name`; nullptr where CANN publishes no config of
/// that name (Ascend950PR/DT, Ascend910_9361/9371).
AH_INTERNAL_API const PlatformSocInfo* FindPlatformSocInfo(const std::string& name);

/// The streams a device may hold, default streams included: CANN's documented maximum per series
/// (docs/zh/api_ref/06_stream_management.md, aclrtCreateStream).
AH_INTERNAL_API uint32_t MaxStreamsPerDevice(const SocProfile& profile);

/// The op-execute timeout hardware of a series (hicann/runtime 681ef761, src/runtime/config/*/
/// dev_info_reg.cc and core/inc/runtime.hpp): a kernel's timeout is a whole number of credits,
/// ticks of `interval_us`; `default_credits` until a program sets a timeout, at most `max_credits`.
/// The A2/A3/950 figure is the tick of a driver without the millisecond timeout feature (the
/// runtime's RT_STARS_TASK_KERNEL_CREDIT_SCALE_US): the finer tick a newer driver reports is not
/// published. It gives CANN's documented defaults (1091 s; 547 s on 310P, 68 s on A1).
struct OpTimeoutHardware {
  double interval_us;
  uint32_t default_credits;
  uint32_t max_credits;
};
AH_INTERNAL_API OpTimeoutHardware OpTimeoutHardwareOf(const SocProfile& profile);

/// The profile used when neither ACLNN_HOST_SOC nor the aclInit config names one.
constexpr const char* kDefaultSocName = "Ascend910B3";

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_SOC_PROFILE_H_
