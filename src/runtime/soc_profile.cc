#include "runtime/soc_profile.h"

namespace aclnn_host {
namespace {

constexpr uint64_t kMiB = 1024ull * 1024ull;
constexpr uint64_t kGiB = 1024ull * kMiB;

constexpr SocSeries A1 = SocSeries::kAscend910A1;
constexpr SocSeries A2 = SocSeries::kAtlasA2;
constexpr SocSeries A3 = SocSeries::kAtlasA3;
constexpr SocSeries S950 = SocSeries::kAscend950;
constexpr SocSeries S310P = SocSeries::kAscend310P;
constexpr SocSeries S310B = SocSeries::kAscend310B;
constexpr TilingArch k22 = TilingArch::kArch22;
constexpr TilingArch k35 = TilingArch::kArch35;

// UB: the platform files give 196608 for A2/A3; the runtime query the tiling sees subtracts 256.
// The 950 figures (24 cores, 1 MiB UB) are those of upstream's tiling test; the device memory
// sizes are the cards' nominal HBM and are not used by any numerics. The 310P/310B rows exist so
// that selecting them reproduces "no kernel for this SoC"; their core/UB figures are not used.
const SocProfile kProfiles[] = {
    // name               series  series name        cores  UB       library ws  bf16   sat    ftz    tiling memory
    {"Ascend910B1", A2, "Atlas A2", 48, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910B2", A2, "Atlas A2", 48, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910B2C", A2, "Atlas A2", 48, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910B3", A2, "Atlas A2", 40, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910B4", A2, "Atlas A2", 40, 196352, 16 * kMiB, true, false, false, k22, 32 * kGiB},
    {"Ascend910B4-1", A2, "Atlas A2", 40, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9381", A3, "Atlas A3", 48, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9382", A3, "Atlas A3", 48, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9391", A3, "Atlas A3", 48, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9392", A3, "Atlas A3", 48, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9361", A3, "Atlas A3", 40, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9362", A3, "Atlas A3", 40, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9371", A3, "Atlas A3", 40, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910_9372", A3, "Atlas A3", 40, 196352, 16 * kMiB, true, false, false, k22, 64 * kGiB},
    {"Ascend910A", A1, "Ascend910 (A1)", 32, 262144, 2 * kMiB, false, true, false, k22, 32 * kGiB},
    {"Ascend910ProA", A1, "Ascend910 (A1)", 32, 262144, 2 * kMiB, false, true, false, k22, 32 * kGiB},
    {"Ascend910PremiumA", A1, "Ascend910 (A1)", 32, 262144, 2 * kMiB, false, true, false, k22, 32 * kGiB},
    {"Ascend910ProB", A1, "Ascend910 (A1)", 30, 262144, 2 * kMiB, false, true, false, k22, 32 * kGiB},
    {"Ascend910B", A1, "Ascend910 (A1)", 30, 262144, 2 * kMiB, false, true, false, k22, 32 * kGiB},
    {"Ascend950PR", S950, "Ascend 950", 24, 1048576, 0, true, false, true, k35, 128 * kGiB},
    {"Ascend950DT", S950, "Ascend 950", 24, 1048576, 0, true, false, true, k35, 144 * kGiB},
    {"Ascend310P3", S310P, "Atlas inference", 8, 262144, 2 * kMiB, false, false, false, k22, 24 * kGiB},
    {"Ascend310B1", S310B, "Atlas 200I/500 A2", 1, 262144, 2 * kMiB, false, false, false, k22, 8 * kGiB},
};

}  // namespace

const SocProfile* FindSocProfile(const std::string& name) {
  for (const SocProfile& profile : kProfiles) {
    if (name == profile.name) return &profile;
  }
  return nullptr;
}

const SocProfile* SocProfiles(size_t* count) {
  *count = sizeof(kProfiles) / sizeof(kProfiles[0]);
  return kProfiles;
}

std::string SocProfileNames() {
  std::string names;
  for (const SocProfile& profile : kProfiles) {
    if (!names.empty()) names += ", ";
    names += profile.name;
  }
  return names;
}

const char* SocVersionName(const SocProfile& profile) {
  switch (profile.series) {
    case SocSeries::kAscend910A1:
      return "Ascend910";
    case SocSeries::kAtlasA2:
      return "Ascend910B";
    case SocSeries::kAtlasA3:
      return "Ascend910_93";
    case SocSeries::kAscend950:
      return "Ascend950";
    case SocSeries::kAscend310P:
      return "Ascend310P";
    case SocSeries::kAscend310B:
      return "Ascend310B";
  }
  return "Unknown";
}

}  // namespace aclnn_host
