// The versions of installed packages (aclsysGetVersionStr, aclsysGetVersionNum,
// aclsysGetCANNVersion), read from their version files as CANN reads them (runtime/package_version.h).
// They need no aclInit, as upstream.
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "runtime/error_log.h"
#include "runtime/package_version.h"

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

}  // extern "C"
