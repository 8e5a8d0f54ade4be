// Version files of installed packages; the rules (paths, keys, name fallbacks, the number's
// weights and the accepted grammar) are hicann/runtime's src/acl/aclrt_impl/acl.cpp at 681ef761.
#include "runtime/package_version.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace aclnn_host {
namespace {

constexpr char kHomeVariable[] = "ASCEND_HOME_PATH";
constexpr char kInstallInfo[] = "/etc/ascend_install.info";  // where CANN finds the driver and firmware
constexpr char kDriverPathKey[] = "Driver_Install_Path_Param=";
constexpr char kFirmwarePathKey[] = "Firmware_Install_Path_Param=";
constexpr char kVersionKey[] = "Version=";
constexpr char kInfoFolder[] = "/share/info/";
constexpr char kVersionFile[] = "/version.info";

constexpr int64_t kWeightMajor = 10000000;
constexpr int64_t kWeightMinor = 100000;
constexpr int64_t kWeightPatch = 1000;
constexpr int64_t kWeightAlpha = 300;
constexpr int64_t kWeightBeta = 200;
constexpr int64_t kWeightRc = 100;

// CANN computes in int32_t; a version too large to fit wraps there, so it wraps here too.
int32_t Wrap(int64_t value) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(value))); }

bool Exists(const std::string& path) {
  char* resolved = realpath(path.c_str(), nullptr);
  if (resolved == nullptr) return false;
  std::free(resolved);
  return true;
}

std::string Trim(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return text;  // all blank: kept as it is, as CANN does
  const size_t last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

// The text after `key` on the first line holding it (and, for install paths, a non-empty one).
bool ValueAfterKey(const std::string& path, const char* key, bool skip_empty, std::string* value) {
  std::ifstream file(path);
  if (!file.is_open()) return false;
  std::string line;
  while (std::getline(file, line)) {
    const size_t at = line.find(key);
    if (at == std::string::npos) continue;
    *value = line.substr(at + std::strlen(key));
    if (!skip_empty || !value->empty()) return true;
  }
  return false;
}

PackageVersionText Failure(int status, std::string reason) { return {status, std::string(), std::move(reason)}; }

PackageVersionText VersionOfName(const std::string& name) {
  std::string path;
  if (name == "driver" || name == "firmware") {
    std::string folder;
    const char* key = name == "driver" ? kDriverPathKey : kFirmwarePathKey;
    if (!ValueAfterKey(kInstallInfo, key, true, &folder)) {
      return Failure(ACL_ERROR_INVALID_FILE, std::string(kInstallInfo) + " does not name the " + name +
                                                 "'s install path (no " + key + " line).");
    }
    path = folder + "/" + name + kVersionFile;
  } else {
    const char* home = std::getenv(kHomeVariable);
    if (home == nullptr) {
      return Failure(ACL_ERROR_INVALID_FILE, "ASCEND_HOME_PATH is not set (source set_env.sh of the install prefix).");
    }
    char* resolved = realpath(home, nullptr);
    if (resolved == nullptr) {
      return Failure(ACL_ERROR_INVALID_FILE, "ASCEND_HOME_PATH [" + std::string(home) + "] does not exist.");
    }
    path = std::string(resolved) + kInfoFolder + name + kVersionFile;
    std::free(resolved);
  }
  std::ifstream file(path);
  if (!file.is_open()) {
    return Failure(ACL_ERROR_INVALID_FILE, "version file [" + path + "] was not found: is the package name [" + name +
                                               "] right and the package installed?");
  }
  file.close();
  std::string value;
  if (!ValueAfterKey(path, kVersionKey, false, &value) || (value = Trim(value)).empty()) {
    return Failure(ACL_ERROR_INVALID_FILE, "version file [" + path + "] has no " + kVersionKey + " line.");
  }
  return {ACL_SUCCESS, value, std::string()};
}

// "1.2.3" → 1*10^7 + 2*10^5 + 3*10^3, with `end` just after the patch digits.
bool BaseNumber(const std::string& text, int64_t* base, size_t* end) {
  const size_t dot1 = text.find('.');
  if (dot1 == std::string::npos || dot1 == 0) return false;
  const size_t dot2 = text.find('.', dot1 + 1);
  if (dot2 == std::string::npos || dot2 == dot1 + 1) return false;
  size_t patch_end = dot2 + 1;
  while (patch_end < text.size() && std::isdigit(static_cast<unsigned char>(text[patch_end])) != 0) ++patch_end;
  if (patch_end == dot2 + 1) return false;
  try {
    // std::stoi as CANN uses it: leading blanks and a sign are taken, trailing text is ignored.
    const int major = std::stoi(text.substr(0, dot1));
    const int minor = std::stoi(text.substr(dot1 + 1, dot2 - dot1 - 1));
    const int patch = std::stoi(text.substr(dot2 + 1, patch_end - dot2 - 1));
    *base = Wrap(major * kWeightMajor + minor * kWeightMinor + patch * kWeightPatch);
  } catch (...) {
    return false;
  }
  *end = patch_end;
  return true;
}

// The number after a pre-release keyword: empty, or at most one '.' or '-' and then only digits.
bool PrereleaseNumber(const std::string& suffix, int64_t* number) {
  if (suffix.empty()) {
    *number = 0;
    return true;
  }
  size_t digit = std::string::npos;
  for (size_t i = 0; i < suffix.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(suffix[i])) != 0) {
      digit = i;
      break;
    }
    if (suffix[i] != '.' && suffix[i] != '-') return false;
  }
  if (digit == std::string::npos || digit > 1) return false;
  const std::string digits = suffix.substr(digit);
  size_t used = 0;
  try {
    *number = std::stoi(digits, &used);
  } catch (...) {
    return false;
  }
  return used == digits.size();
}

bool PrereleaseAdjustment(const std::string& suffix, int64_t* adjustment) {
  std::string lower = suffix;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  struct Keyword {
    const char* text;
    int64_t weight;
  };
  // CANN looks for the keywords in this order, each anywhere in the suffix.
  static const Keyword kKeywords[] = {{"alpha", kWeightAlpha}, {"beta", kWeightBeta}, {"rc", kWeightRc}};
  for (const Keyword& keyword : kKeywords) {
    const size_t at = lower.find(keyword.text);
    if (at == std::string::npos) continue;
    if (at > 1) return false;  // at most one separator before the keyword
    int64_t number = 0;
    if (!PrereleaseNumber(suffix.substr(at + std::strlen(keyword.text)), &number)) return false;
    *adjustment = number - keyword.weight;
    return true;
  }
  return false;
}

std::vector<std::string> SplitAtDots(const std::string& text) {
  std::vector<std::string> parts;
  if (text.empty()) return {std::string()};
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, '.')) parts.push_back(part);
  if (text.back() == '.') parts.emplace_back();
  return parts;
}

// "8.5.0-beta.1" → "8.5.0.beta1": what follows the first '-' loses its dots and becomes a part.
std::string DashAsPart(const std::string& text) {
  const size_t dash = text.find('-');
  if (dash == std::string::npos) return text;
  std::string suffix = text.substr(dash + 1);
  suffix.erase(std::remove(suffix.begin(), suffix.end(), '.'), suffix.end());
  return text.substr(0, dash) + "." + suffix;
}

// Copies at most `limit - 1` characters (the struct was zeroed); false when `text` is empty.
bool CopyPart(const std::string& text, char* out, size_t limit) { return text.copy(out, limit - 1) > 0; }

bool FillVersion(const std::string& text, aclCANNPackageVersion* version) {
  const std::string dotted = DashAsPart(text);
  std::memset(version, 0, sizeof(*version));
  std::vector<std::string> parts = SplitAtDots(dotted);
  if (parts.size() < 2) return false;
  while (parts.size() < 4) parts.emplace_back("0");
  return CopyPart(dotted, version->version, ACL_PKG_VERSION_MAX_SIZE) &&
         CopyPart(parts[0], version->majorVersion, ACL_PKG_VERSION_PARTS_MAX_SIZE) &&
         CopyPart(parts[1], version->minorVersion, ACL_PKG_VERSION_PARTS_MAX_SIZE) &&
         CopyPart(parts[2], version->releaseVersion, ACL_PKG_VERSION_PARTS_MAX_SIZE) &&
         CopyPart(parts[3], version->patchVersion, ACL_PKG_VERSION_PARTS_MAX_SIZE);
}

const char* CannPackageFolder(aclCANNPackageName name) {
  switch (name) {
    case ACL_PKG_NAME_CANN:
    case ACL_PKG_NAME_RUNTIME:
      return "runtime";
    case ACL_PKG_NAME_COMPILER:
      return "bisheng-compiler";
    case ACL_PKG_NAME_HCCL:
      return "hccl";
    case ACL_PKG_NAME_TOOLKIT:
      return "oam-tools";
    case ACL_PKG_NAME_OPP:
    case ACL_PKG_NAME_OPP_KERNEL:
      return "ops-legacy";
    case ACL_PKG_NAME_DRIVER:
      return "driver";
  }
  return nullptr;
}

}  // namespace

PackageVersionText ReadPackageVersion(const std::string& package) {
  std::string other = package;
  if (package.find('-') != std::string::npos) {
    std::replace(other.begin(), other.end(), '-', '_');
  } else if (package.find('_') != std::string::npos) {
    std::replace(other.begin(), other.end(), '_', '-');
  }
  PackageVersionText found = VersionOfName(package);
  if (found.status == ACL_SUCCESS || other == package) return found;
  return VersionOfName(other);
}

bool VersionNumber(const std::string& text, int32_t* number) {
  int64_t base = 0;
  size_t end = 0;
  if (!BaseNumber(text, &base, &end)) return false;
  int64_t adjustment = 0;
  if (end < text.size() && !PrereleaseAdjustment(text.substr(end), &adjustment)) return false;
  *number = Wrap(base + adjustment);
  return true;
}

int ReadCannPackageVersion(aclCANNPackageName name, aclCANNPackageVersion* version, std::string* reason) {
  const char* folder = CannPackageFolder(name);
  if (folder == nullptr) {
    *reason = "package name enum id " + std::to_string(static_cast<int>(name)) + " is not an aclCANNPackageName.";
    return ACL_ERROR_INVALID_PARAM;
  }
  std::string root;
  if (name == ACL_PKG_NAME_DRIVER) {
    if (!ValueAfterKey(kInstallInfo, kDriverPathKey, true, &root)) {
      *reason = std::string(kInstallInfo) + " does not name the driver's install path.";
      return ACL_ERROR_INVALID_FILE;
    }
  } else {
    const char* home = std::getenv(kHomeVariable);
    if (home == nullptr) {
      *reason = "ASCEND_HOME_PATH is not set (source set_env.sh of the install prefix).";
      return ACL_ERROR_INVALID_FILE;
    }
    root = std::string(home) + "/share/info";
  }
  std::string path = root + "/" + folder + kVersionFile;
  if (!Exists(path)) {
    std::string underscored = folder;
    std::replace(underscored.begin(), underscored.end(), '-', '_');
    path = root + "/" + underscored + kVersionFile;
    if (!Exists(path)) {
      *reason = "version file [" + path + "] does not exist: the " + folder + " package is not installed.";
      return ACL_ERROR_INVALID_FILE;
    }
  }
  std::string text;
  if (!ValueAfterKey(path, kVersionKey, false, &text) || text.empty()) {
    *reason = "version file [" + path + "] has no " + kVersionKey + " line.";
    return ACL_ERROR_INVALID_FILE;
  }
  if (!FillVersion(text, version)) {
    *reason = "version [" + text + "] of [" + path + "] does not have the parts major.minor[.release[.patch]].";
    return ACL_ERROR_INVALID_FILE;
  }
  return ACL_SUCCESS;
}

}  // namespace aclnn_host
