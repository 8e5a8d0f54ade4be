// Built against <prefix>/runtime/include and linked against <prefix>/runtime/lib64/stub, the
// layout Ascend samples' CMakeLists use; includes an operator header by its level2 path, and the
// data-transfer header whose functions CANN ships in libacl_tdt_channel.so (linked by that name).
#include <cstdio>
#include <cstring>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "aclnnop/level2/aclnn_hardswish.h"
#include "aclnnop/level2/aclnn_hardswish_backward.h"
#include "aclnnop/level2/aclnn_hardswish_backward_v2.h"

int main() {
  if (aclInit(nullptr) != ACL_SUCCESS) return 1;
  aclrtContext context = nullptr;
  if (aclrtCreateContext(&context, 0) != ACL_SUCCESS) return 2;
  aclrtStream stream = nullptr;
  if (aclrtCtxGetCurrentDefaultStream(&stream) != ACL_SUCCESS || stream == nullptr) return 3;
  if (aclrtDestroyContext(context) != ACL_SUCCESS) return 4;
  acltdtDataset* dataset = acltdtCreateDataset();
  if (dataset == nullptr || acltdtDestroyDataset(dataset) != ACL_SUCCESS) return 6;
  // bin/setenv.bash sets ASCEND_HOME_PATH: the version files installed under share/info are found.
  char package[] = "runtime";
  char version[ACL_PKG_VERSION_MAX_SIZE] = {};
  if (aclsysGetVersionStr(package, version) != ACL_SUCCESS || std::strlen(version) == 0) return 7;
  if (aclFinalize() != ACL_SUCCESS) return 5;
  // Referenced, so that the link against the stub directory's libopapi_nn.so is exercised.
  std::printf("layout ok %d\n", &aclnnHardswish != nullptr && &aclnnHardswishBackwardV2 != nullptr);
  return 0;
}
