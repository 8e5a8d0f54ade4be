/*
 * aclnn-host: the AscendCL runtime subset (devices, streams, events, memory), on the host CPU.
 * Names and values are CANN's. C-compatible.
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_H_
#define INC_EXTERNAL_ACL_ACL_RT_H_

#include <stddef.h>
#include <stdint.h>

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclrtRunMode {
  ACL_DEVICE = 0,
  ACL_HOST = 1,
} aclrtRunMode;

typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
  ACL_MEMCPY_DEFAULT = 4,
  ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE = 5,
  ACL_MEMCPY_INNER_DEVICE_TO_DEVICE = 6,
  ACL_MEMCPY_INTER_DEVICE_TO_DEVICE = 7,
} aclrtMemcpyKind;

typedef enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY = 1,
  ACL_MEM_MALLOC_NORMAL_ONLY = 2,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5,
  ACL_MEM_MALLOC_HUGE1G_ONLY = 6,
  ACL_MEM_MALLOC_HUGE1G_ONLY_P2P = 7,
  ACL_MEM_TYPE_LOW_BAND_WIDTH = 0x0100,
  ACL_MEM_TYPE_HIGH_BAND_WIDTH = 0x1000,
} aclrtMemMallocPolicy;

typedef enum aclrtMemAttr {
  ACL_DDR_MEM = 0,
  ACL_HBM_MEM = 1,
  ACL_DDR_MEM_HUGE = 2,
  ACL_DDR_MEM_NORMAL = 3,
  ACL_HBM_MEM_HUGE = 4,
  ACL_HBM_MEM_NORMAL = 5,
  ACL_DDR_MEM_P2P_HUGE = 6,
  ACL_DDR_MEM_P2P_NORMAL = 7,
  ACL_HBM_MEM_P2P_HUGE = 8,
  ACL_HBM_MEM_P2P_NORMAL = 9,
} aclrtMemAttr;

typedef enum aclrtFloatOverflowMode {
  ACL_RT_OVERFLOW_MODE_SATURATION = 0,
  ACL_RT_OVERFLOW_MODE_INFNAN = 1,
  ACL_RT_OVERFLOW_MODE_UNDEF = 2,
} aclrtFloatOverflowMode;

typedef enum aclrtStreamStatus {
  ACL_STREAM_STATUS_COMPLETE = 0,
  ACL_STREAM_STATUS_NOT_READY = 1,
  ACL_STREAM_STATUS_RESERVED = 0xFFFF,
} aclrtStreamStatus;

typedef enum aclrtEventStatus {
  ACL_EVENT_STATUS_COMPLETE = 0,
  ACL_EVENT_STATUS_NOT_READY = 1,
  ACL_EVENT_STATUS_RESERVED = 0xFFFF,
} aclrtEventStatus;

/// Makes `deviceId` the calling thread's device; creates its default context and stream.
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);
/// Drops one reference to `deviceId`; the last one releases its streams.
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);
/// The calling thread's current device.
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId);
/// The number of (emulated) devices: ACLNN_HOST_DEVICE_COUNT, default 1.
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count);
/// Where the application runs: always ACL_HOST here.
ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode);
/// The SoC profile's name (e.g. "Ascend910B3"); NULL before aclInit.
ACL_FUNC_VISIBILITY const char* aclrtGetSocName(void);
/// Waits for all work on every stream of the current device.
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);

/// Creates a stream on the current device; its work runs asynchronously, in issue order.
ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream);
/// Waits for the stream's outstanding work, then destroys it.
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);
/// Waits for the stream's work (NULL: the current device's default stream).
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);
/// Whether all work issued to the stream has completed.
ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status);

/// Creates an event on the current device.
ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent* event);
/// Destroys an event; work already waiting on it is not affected.
ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event);
/// Records the event after the work issued so far to `stream`.
ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
/// Makes later work on `stream` wait for the event's latest record.
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);
/// Blocks until the event's latest record has completed.
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event);
/// Whether the event's latest record has completed.
ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventStatus* status);

/// Allocates device memory (rounded up to 32 bytes plus 32 bytes of padding, 64-byte aligned).
ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
/// Frees memory from aclrtMalloc.
ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr);
/// Allocates page-locked host memory.
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size);
/// Frees memory from aclrtMallocHost.
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr);
/// Copies `count` bytes synchronously; does not wait for streams.
ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                         aclrtMemcpyKind kind);
/// Enqueues a copy of `count` bytes on `stream`.
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream);
/// Sets `count` bytes to `value` synchronously.
ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count);
/// Enqueues a memset of `count` bytes on `stream`.
ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                                              aclrtStream stream);
/// Free and total device memory of the current device.
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total);

/// Sets the floating-point overflow mode of the current device (saturation or INF/NaN).
ACL_FUNC_VISIBILITY aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode);
/// The floating-point overflow mode of the current device.
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode* mode);

#ifdef __cplusplus
}
#endif

#endif  // INC_EXTERNAL_ACL_ACL_RT_H_
