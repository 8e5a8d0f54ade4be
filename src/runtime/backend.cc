#include "runtime/backend.h"

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "acl/error_codes/rt_error_codes.h"
#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

constexpr size_t kErrorSize = 512;
constexpr const char* kCudaLibrary = "libaclnn_host_cuda.so";

std::atomic<const AhDeviceBackend*> active_backend{nullptr};

// The directory this library was loaded from, with a trailing slash ("" if unknown).
std::string OwnDirectory() {
  Dl_info info;
  if (dladdr(reinterpret_cast<const void*>(&OwnDirectory), &info) == 0 || info.dli_fname == nullptr) return "";
  const std::string path = info.dli_fname;
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// Loads the CUDA backend library once per process and keeps it (never unloaded: late callers
// and thread-exit handlers of the library must not outlive its code). `*error` on failure.
const AhDeviceBackend* LoadCudaLibrary(std::string* error) {
  static std::mutex mutex;
  static const AhDeviceBackend* loaded = nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (loaded != nullptr) return loaded;
  std::string tried;
  void* handle = nullptr;
  const char* override_path = std::getenv("ACLNN_HOST_CUDA_LIBRARY");
  if (override_path != nullptr && *override_path != '\0') {
    handle = dlopen(override_path, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) tried = dlerror();
  } else {
    const std::string beside = OwnDirectory() + kCudaLibrary;
    handle = dlopen(beside.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      tried = dlerror();
      handle = dlopen(kCudaLibrary, RTLD_NOW | RTLD_LOCAL);
      if (handle == nullptr) tried += std::string("; ") + dlerror();
    }
  }
  if (handle == nullptr) {
    *error = "the CUDA backend library could not be loaded (" + tried +
             "); build aclnn-host with CUDA (ACLNN_HOST_CUDA=ON) or set ACLNN_HOST_CUDA_LIBRARY";
    return nullptr;
  }
  const auto entry = reinterpret_cast<AhDeviceBackendEntry>(dlsym(handle, AH_DEVICE_BACKEND_ENTRY));
  const AhDeviceBackend* backend = entry == nullptr ? nullptr : entry();
  if (backend == nullptr || backend->abi_version != AH_DEVICE_BACKEND_ABI_VERSION) {
    *error = FormatString("%s is not an aclnn-host device backend of ABI version %d", kCudaLibrary,
                          AH_DEVICE_BACKEND_ABI_VERSION);
    dlclose(handle);
    return nullptr;
  }
  loaded = backend;
  return loaded;
}

}  // namespace

const AhDeviceBackend* ActiveDeviceBackend() { return active_backend.load(std::memory_order_acquire); }

void SetActiveDeviceBackend(const AhDeviceBackend* backend) {
  active_backend.store(backend, std::memory_order_release);
}

aclError LoadBackend(const char* api, const std::string& name, const AhDeviceBackend** backend, int32_t* device_count,
                     uint64_t* device_memory) {
  *backend = nullptr;
  if (name == "cpu") return ACL_SUCCESS;
  if (name != "cuda") {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "backend \"%s\" is unknown; valid backends are: cpu, cuda.",
                name.c_str());
  }
  std::string error;
  const AhDeviceBackend* cuda = LoadCudaLibrary(&error);
  if (cuda == nullptr) return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "backend cuda: %s.", error.c_str());
  char text[kErrorSize] = "";
  int32_t count = 0;
  uint64_t memory = 0;
  if (cuda->probe(&count, &memory, text, sizeof(text)) != 0 || count <= 0) {
    return Fail(api, ACL_ERROR_RT_NO_DEVICE, "backend cuda: no usable GPU (%s).", text[0] ? text : "none found");
  }
  *backend = cuda;
  *device_count = count;
  *device_memory = memory;
  return ACL_SUCCESS;
}

const char* DeviceMemoryHint() {
  return ActiveDeviceBackend() == nullptr ? "(ACLNN_HOST_STRICT=0 lets host memory through.)"
                                          : "(A GPU cannot read host memory: the check is always on.)";
}

aclError BackendCopy(int32_t device, void* dst, const void* src, size_t bytes, std::string* error) {
  const AhDeviceBackend* backend = ActiveDeviceBackend();
  if (backend == nullptr) {
    std::memmove(dst, src, bytes);
    return ACL_SUCCESS;
  }
  char text[kErrorSize] = "";
  if (backend->copy(device, dst, src, bytes, text, sizeof(text)) == 0) return ACL_SUCCESS;
  *error = text;
  return ACL_ERROR_RT_INTERNAL_ERROR;
}

aclError BackendFill(int32_t device, void* dst, int32_t value, size_t bytes, std::string* error) {
  const AhDeviceBackend* backend = ActiveDeviceBackend();
  if (backend == nullptr) {
    std::memset(dst, value, bytes);
    return ACL_SUCCESS;
  }
  char text[kErrorSize] = "";
  if (backend->fill(device, dst, value, bytes, text, sizeof(text)) == 0) return ACL_SUCCESS;
  *error = text;
  return ACL_ERROR_RT_INTERNAL_ERROR;
}

}  // namespace aclnn_host
