// The backend in effect: the host (default) or a device backend loaded at aclInit
// (device_backend.h). The runtime's memory functions route through here, so no code above the
// seam touches device memory with host instructions when a device backend is active.
#ifndef ACLNN_HOST_RUNTIME_BACKEND_H_
#define ACLNN_HOST_RUNTIME_BACKEND_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "acl/acl_base.h"
#include "common/export.h"
#include "runtime/device_backend.h"

namespace aclnn_host {

/// The device backend chosen at the last aclInit; nullptr for the host backend.
AH_INTERNAL_API const AhDeviceBackend* ActiveDeviceBackend();

/// Loads the backend named `name` ("cpu": nullptr; "cuda": libaclnn_host_cuda.so, found by
/// ACLNN_HOST_CUDA_LIBRARY, next to libascendcl.so, or on the library path) and probes its
/// devices. Fails with a message: an unknown name (ACL_ERROR_INVALID_PARAM), no library
/// (ACL_ERROR_RT_FEATURE_NOT_SUPPORT), no usable device (ACL_ERROR_RT_NO_DEVICE).
aclError LoadBackend(const char* api, const std::string& name, const AhDeviceBackend** backend, int32_t* device_count,
                     uint64_t* device_memory);

/// Makes `backend` the active one (aclInit; nullptr at aclFinalize).
void SetActiveDeviceBackend(const AhDeviceBackend* backend);

/// The end of a device-memory check's message: how to let host memory through, where that is
/// possible (the host backend's ACLNN_HOST_STRICT=0), or why it is not (a GPU).
AH_INTERNAL_API const char* DeviceMemoryHint();

/// Copies `bytes` from `src` to `dst` (either may be device memory): memmove on the host backend.
/// Returns ACL_SUCCESS, or ACL_ERROR_RT_INTERNAL_ERROR with the backend's sentence in `*error`.
AH_INTERNAL_API aclError BackendCopy(int32_t device, void* dst, const void* src, size_t bytes, std::string* error);

/// Sets `bytes` bytes at `dst` to `value`: memset on the host backend.
AH_INTERNAL_API aclError BackendFill(int32_t device, void* dst, int32_t value, size_t bytes, std::string* error);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_BACKEND_H_
