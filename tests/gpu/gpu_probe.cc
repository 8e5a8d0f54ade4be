// Exits 0 when aclInit can use the CUDA backend here, 77 (ctest's skip code) when it cannot: the
// ctests that run a suite on the CUDA backend start with it, so they are skipped, not passed,
// on a machine without a GPU.
#include <cstdio>
#include <cstdlib>

#include "acl/acl.h"

int main() {
  setenv("ACLNN_HOST_BACKEND", "cuda", 1);
  if (aclInit(nullptr) != ACL_SUCCESS) {
    const char* why = aclGetRecentErrMsg();
    std::printf("no usable GPU, skipped: %s\n", why == nullptr ? "" : why);
    return 77;
  }
  aclFinalize();
  return 0;
}
