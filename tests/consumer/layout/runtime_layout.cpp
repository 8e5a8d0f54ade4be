// Built against <prefix>/runtime/include and linked against <prefix>/runtime/lib64/stub, the
// layout Ascend samples' CMakeLists use; includes an operator header by its level2 path.
#include <cstdio>

#include "acl/acl.h"
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
  if (aclFinalize() != ACL_SUCCESS) return 5;
  // Referenced, so that the link against the stub directory's libopapi_nn.so is exercised.
  std::printf("layout ok %d\n", &aclnnHardswish != nullptr && &aclnnHardswishBackwardV2 != nullptr);
  return 0;
}
