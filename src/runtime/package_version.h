// The version files of installed CANN packages, read as CANN's aclsysGet* functions read them:
// `<ASCEND_HOME_PATH>/share/info/<package>/version.info` holds a line `Version=<text>`, and the
// driver and firmware are found through /etc/ascend_install.info. aclnn-host installs such files
// for the packages it stands in for (CMakeLists.txt, kCannPackages); with ASCEND_HOME_PATH on a real
// CANN install the same code reads that install's versions.
#pragma once

#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "common/export.h"

namespace aclnn_host {

// Outcome of a lookup: ACL_SUCCESS with the text, or a CANN status with the reason for the message.
struct PackageVersionText {
  int status = ACL_SUCCESS;
  std::string text;
  std::string reason;
};

// aclsysGetVersionStr's lookup: the trimmed text after "Version=" in the package's version file,
// trying the name with '-' and '_' exchanged when the first name has no file.
AH_INTERNAL_API PackageVersionText ReadPackageVersion(const std::string& package);

// aclsysGetVersionNum's arithmetic: major*10^7 + minor*10^5 + patch*10^3, less 300/200/100 for an
// alpha/beta/rc suffix plus its number. False (CANN's 500000) for text outside that grammar.
AH_INTERNAL_API bool VersionNumber(const std::string& text, int32_t* number);

// aclsysGetCANNVersion's lookup and split into the four parts of aclCANNPackageVersion.
AH_INTERNAL_API int ReadCannPackageVersion(aclCANNPackageName name, aclCANNPackageVersion* version,
                                           std::string* reason);

}  // namespace aclnn_host
