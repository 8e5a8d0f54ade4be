// Versions: of installed packages (aclsysGetVersionStr, aclsysGetVersionNum, aclsysGetCANNVersion),
// read from their version files as CANN reads them (runtime/package_version.h), needing no aclInit
// as upstream; and of SoCs (aclrtCheckArchCompatibility: does code built for a SoC run here).
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/package_version.h"
#include "runtime/soc_profile.h"

using aclnn_host::Fail;

extern "C" {

aclError aclsysGetVersionStr(char* pkgName, char* versionStr) {
  const char* api = "aclsysGetVersionStr";
  if (versionStr == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "versionStr is nullptr.");
  if (pkgName == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "pkgName is nullptr.");
  const aclnn_host::PackageVersionText found = aclnn_host::ReadPackageVersion(pkgName);
  if (found.status != ACL_SUCCESS) return Fail(api, found.status, found.reason);
  if (found.text.size() >= ACL_PKG_VERSION_MAX_SIZE) {
    versionStr[0] = '\0';  // strcpy_s's failure leaves an empty string
    return Fail(api, ACL_ERROR_INTERNAL_ERROR,
                "the version of [%s] is %zu characters; the buffer holds ACL_PKG_VERSION_MAX_SIZE (%d) with its NUL.",
                pkgName, found.text.size(), ACL_PKG_VERSION_MAX_SIZE);
  }
  std::memcpy(versionStr, found.text.c_str(), found.text.size() + 1);
  return ACL_SUCCESS;
}

aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum) {
  const char* api = "aclsysGetVersionNum";
  if (versionNum == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "versionNum is nullptr.");
  if (pkgName == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "pkgName is nullptr.");
  const aclnn_host::PackageVersionText found = aclnn_host::ReadPackageVersion(pkgName);
  if (found.status != ACL_SUCCESS) return Fail(api, found.status, found.reason);
  if (!aclnn_host::VersionNumber(found.text, versionNum)) {
    return Fail(api, ACL_ERROR_INTERNAL_ERROR,
                "the version [%s] of [%s] is not major.minor.patch with an optional alpha, beta or rc suffix.",
                found.text.c_str(), pkgName);
  }
  return ACL_SUCCESS;
}

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion* version) {
  const char* api = "aclsysGetCANNVersion";
  if (version == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "version is nullptr.");
  std::string reason;
  const int status = aclnn_host::ReadCannPackageVersion(name, version, &reason);
  if (status != ACL_SUCCESS) return Fail(api, status, reason);
  return ACL_SUCCESS;
}

// Compatible (1) when the NpuArch of `socVersion`'s platform config equals that of the emulated SoC.
// Upstream's statuses: 107000 for a null or empty argument, an unknown name, or no device SoC
// (before aclInit, as rtGetSocVersion then fails).
aclError aclrtCheckArchCompatibility(const char* socVersion, int32_t* canCompatible) {
  const char* api = "aclrtCheckArchCompatibility";
  if (socVersion == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "socVersion is nullptr.");
  if (canCompatible == nullptr) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "canCompatible is nullptr.");
  if (socVersion[0] == '\0') return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "socVersion is an empty string.");
  const int32_t wanted = aclnn_host::NpuArchOfSoc(socVersion);
  if (wanted < 0) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "SoC version %s is invalid: no platform config names it.", socVersion);
  }
  const aclnn_host::SocProfile* profile = aclnn_host::Runtime::Get().profile();
  if (profile == nullptr) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "SoC version  is invalid: aclInit has not been called, so there "
                "is no device SoC to compare with.");
  }
  *canCompatible = wanted == aclnn_host::NpuArchOfSoc(profile->name) ? 1 : 0;
  return ACL_SUCCESS;
}

}  // extern "C"
