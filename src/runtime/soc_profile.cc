#include "runtime/soc_profile.h"

#include <iterator>

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

int32_t NpuArchOfSoc(const std::string& name) {
  // Exact file names of the configs, grouped: every name listed shares its family's NpuArch.
  static const char* const kArch1001[] = {"Ascend910A",    "Ascend910B",    "Ascend910PremiumA",
                                          "Ascend910ProA", "Ascend910ProB", "Ascend910"};
  static const char* const kArch2201[] = {"Ascend910B1",    "Ascend910B2",    "Ascend910B2C",   "Ascend910B3",
                                          "Ascend910B4",    "Ascend910B4-1",  "Ascend910_9362", "Ascend910_9363",
                                          "Ascend910_9372", "Ascend910_9381", "Ascend910_9382", "Ascend910_9391",
                                          "Ascend910_9392"};
  static const char* const kArch2002[] = {"Ascend310P1", "Ascend310P3", "Ascend310P5", "Ascend310P7"};
  static const char* const kArch3002[] = {"Ascend310B1", "Ascend310B2", "Ascend310B3", "Ascend310B4"};
  static const char* const kArch3505[] = {"Ascend035", "Ascend035A", "Ascend035B"};
  static const char* const kArch3510[] = {
      "Ascend350_354f",    "Ascend350_355e",    "Ascend950DT_950x", "Ascend950DT_950y",  "Ascend950DT_9571",
      "Ascend950DT_9572",  "Ascend950DT_9573",  "Ascend950DT_9574", "Ascend950DT_9575",  "Ascend950DT_9576",
      "Ascend950DT_9577",  "Ascend950DT_9578",  "Ascend950DT_9581", "Ascend950DT_9581x", "Ascend950DT_9582",
      "Ascend950DT_9582x", "Ascend950DT_9583",  "Ascend950DT_9584", "Ascend950DT_9585",  "Ascend950DT_9586",
      "Ascend950DT_9587",  "Ascend950DT_9588",  "Ascend950DT_9591", "Ascend950DT_9592",  "Ascend950DT_9595",
      "Ascend950DT_9596",  "Ascend950DT_95A1",  "Ascend950DT_95A2", "Ascend950PR_950z",  "Ascend950PR_9579",
      "Ascend950PR_957b",  "Ascend950PR_957bx", "Ascend950PR_957c", "Ascend950PR_957d",  "Ascend950PR_9589",
      "Ascend950PR_958b",  "Ascend950PR_9599"};
  static const char* const kArch3004[] = {"Ascend031"};
  struct Group {
    const char* const* names;
    size_t count;
    int32_t arch;
  };
  static const Group kGroups[] = {{kArch1001, std::size(kArch1001), 1001}, {kArch2201, std::size(kArch2201), 2201},
                                  {kArch2002, std::size(kArch2002), 2002}, {kArch3002, std::size(kArch3002), 3002},
                                  {kArch3505, std::size(kArch3505), 3505}, {kArch3510, std::size(kArch3510), 3510},
                                  {kArch3004, std::size(kArch3004), 3004}};
  for (const Group& group : kGroups) {
    for (size_t i = 0; i < group.count; ++i) {
      if (name == group.names[i]) return group.arch;
    }
  }
  const SocProfile* profile = FindSocProfile(name);
  if (profile == nullptr) return -1;
  switch (profile->series) {  // a profile without a config of its own: its series' arch
    case SocSeries::kAscend910A1:
      return 1001;
    case SocSeries::kAtlasA2:
    case SocSeries::kAtlasA3:
      return 2201;
    case SocSeries::kAscend950:
      return 3510;
    case SocSeries::kAscend310P:
      return 2002;
    case SocSeries::kAscend310B:
      return 3002;
  }
  return -1;
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

const PlatformSocInfo* FindPlatformSocInfo(const std::string& name) {
  static const PlatformSocInfo kInfos[] = {
      {"Ascend910B1", 24, 48, 201326592},     {"Ascend910B2", 24, 48, 201326592},
      {"Ascend910B2C", 24, 48, 201326592},    {"Ascend910B3", 20, 40, 201326592},
      {"Ascend910B4", 20, 40, 100663296},     {"Ascend910B4-1", 20, 40, 176160768},
      {"Ascend910_9381", 24, 48, 201326592},  {"Ascend910_9382", 24, 48, 201326592},
      {"Ascend910_9391", 24, 48, 201326592},  {"Ascend910_9392", 24, 48, 201326592},
      {"Ascend910_9362", 20, 40, 176160768},  {"Ascend910_9372", 20, 40, 201326592},
      {"Ascend910A", 32, 0, 33554432},        {"Ascend910ProA", 32, 0, 33554432},
      {"Ascend910PremiumA", 32, 0, 33554432}, {"Ascend910ProB", 30, 0, 33554432},
      {"Ascend910B", 30, 0, 33554432},        {"Ascend310P3", 8, 7, 16777216},
      {"Ascend310B1", 1, 1, 4194304},
  };
  for (const PlatformSocInfo& info : kInfos) {
    if (name == info.name) return &info;
  }
  return nullptr;
}

uint32_t MaxStreamsPerDevice(const SocProfile& profile) {
  switch (profile.series) {
    case SocSeries::kAtlasA2:
    case SocSeries::kAtlasA3:
    case SocSeries::kAscend950:
      return 1984;
    case SocSeries::kAscend310B:
      return 512;
    case SocSeries::kAscend310P:
      return 1024;
    case SocSeries::kAscend910A1:
      return 2048;
  }
  return 1024;
}

OpTimeoutHardware OpTimeoutHardwareOf(const SocProfile& profile) {
  switch (profile.series) {
    case SocSeries::kAtlasA2:
    case SocSeries::kAtlasA3:
    case SocSeries::kAscend950:
    case SocSeries::kAscend310B:
      return {4294967.296, 254, 254};  // 2^32 ticks of 1 GHz; STARS credits
    case SocSeries::kAscend310P:
      return {2147483.648, 255, 255};  // 2^31 ticks of 1 GHz; HWTS credits
    case SocSeries::kAscend910A1:
      return {68719476.736, 1, 32};  // 2^36 ticks of 1 GHz; the credits follow the block dim
  }
  return {4294967.296, 254, 254};
}

}  // namespace aclnn_host
