// The seam between the runtime and a device backend (docs/architecture.md, docs/gpu.md).
//
// The host backend is the default: "device" memory is host memory and kernels run on the host
// thread pool. A device backend keeps device memory on a real accelerator and runs the kernels
// there; it lives in its own library (libaclnn_host_cuda.so), loaded with dlopen at aclInit when
// chosen (ACLNN_HOST_BACKEND=cuda), so that the CANN libraries depend on nothing but the C++
// runtime. The library exports one C function, aclnnHostDeviceBackend(), returning this table.
//
// Everything above the seam is shared: the public API, the checks, the memory registry (every
// allocation is still recorded, so the strict checks and pins work the same), streams and events
// (host threads order the work; each backend call returns once its work on the device is done, so
// a task's completion on a stream is the device's completion), executors and plans.
#ifndef ACLNN_HOST_RUNTIME_DEVICE_BACKEND_H_
#define ACLNN_HOST_RUNTIME_DEVICE_BACKEND_H_

#include <stddef.h>
#include <stdint.h>

#include "common/device_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Bumped whenever the table or a struct below changes; the runtime refuses another version.
#define AH_DEVICE_BACKEND_ABI_VERSION 1
/// Largest rank of an iteration space (coalesced dims) and operands of one elementwise launch.
#define AH_DEVICE_MAX_RANK 8
#define AH_DEVICE_MAX_OPERANDS 4

// The per-element sequences (enum AhDeviceOp) are in common/device_ops.h, which the kernels share.

/// Storage formats (scalar::Format): 0 fp32, 1 fp16, 2 bf16.
typedef struct AhElementwiseLaunch {
  int32_t op;                               // AhDeviceOp
  int32_t num_inputs;                       // 1 or 2 (the output is operand num_inputs)
  int32_t formats[AH_DEVICE_MAX_OPERANDS];  // per operand, inputs first
  int32_t saturate;                         // overflow mode SATURATION
  int32_t flush;                            // the profile flushes subnormals
  int32_t serial;                           // run in row-major order on one thread (outputs that overlap themselves)
  int32_t rank;                             // dims of the iteration space, outermost first
  int64_t count;                            // elements
  int64_t sizes[AH_DEVICE_MAX_RANK];
  int64_t byte_strides[AH_DEVICE_MAX_OPERANDS][AH_DEVICE_MAX_RANK];
  void* bases[AH_DEVICE_MAX_OPERANDS];  // each operand's first element
} AhElementwiseLaunch;

/// A device backend. Every function returns 0 on success, else a non-zero code with a sentence in
/// `error` (at most `error_size` bytes, NUL-terminated). Work is synchronous for the calling
/// thread: a call returns when the device has finished it.
typedef struct AhDeviceBackend {
  uint32_t abi_version;
  const char* name;  // "cuda"
  /// The devices present and the memory of each (the smallest, when they differ).
  int (*probe)(int32_t* device_count, uint64_t* memory_bytes, char* error, size_t error_size);
  int (*malloc_device)(int32_t device, size_t bytes, void** ptr, char* error, size_t error_size);
  int (*free_device)(int32_t device, void* ptr, char* error, size_t error_size);
  /// Page-locked host memory (aclrtMallocHost).
  int (*malloc_host)(size_t bytes, void** ptr, char* error, size_t error_size);
  int (*free_host)(void* ptr, char* error, size_t error_size);
  /// Copies `bytes` between any two of host memory and device memory (direction from the addresses).
  int (*copy)(int32_t device, void* dst, const void* src, size_t bytes, char* error, size_t error_size);
  /// Sets `bytes` bytes of device or page-locked host memory to `value`.
  int (*fill)(int32_t device, void* dst, int32_t value, size_t bytes, char* error, size_t error_size);
  /// Runs one elementwise launch over device memory.
  int (*launch_elementwise)(int32_t device, const AhElementwiseLaunch* launch, char* error, size_t error_size);
} AhDeviceBackend;

/// The one symbol a backend library exports.
typedef const AhDeviceBackend* (*AhDeviceBackendEntry)(void);
#define AH_DEVICE_BACKEND_ENTRY "aclnnHostDeviceBackend"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // ACLNN_HOST_RUNTIME_DEVICE_BACKEND_H_
