// The runtime's process-wide state: initialisation, the SoC profile, devices and the calling
// thread's current device (its context), streams and events.
//
// Every method that can fail takes the public API name it serves, reports a message under that
// name (error_log.h) and returns the aclError code, so the C entry points stay one-liners.
#ifndef ACLNN_HOST_RUNTIME_CONTEXT_H_
#define ACLNN_HOST_RUNTIME_CONTEXT_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "acl/acl_rt.h"
#include "common/export.h"
#include "runtime/soc_profile.h"
#include "runtime/stream.h"

namespace aclnn_host {

class AH_INTERNAL_API Runtime {
 public:
  /// The process-wide runtime (never destroyed, so that late callers cannot touch freed state).
  static Runtime& Get();

  aclError Init(const char* api, const char* config_path);
  aclError Finalize(const char* api);
  aclError FinalizeReference(const char* api, uint64_t* ref_count);

  /// The active SoC profile; nullptr before aclInit.
  const SocProfile* profile();
  uint32_t device_count();
  /// Bytes of device memory each device has (ACLNN_HOST_DEVICE_MEMORY, else the profile's card).
  uint64_t device_memory_capacity();
  /// Whether work may only touch live aclrtMalloc memory (ACLNN_HOST_STRICT, default on).
  bool strict() const { return strict_.load(std::memory_order_relaxed); }

  /// Registers `hook` to run at every finalisation, after the streams have drained and before
  /// the memory is released: the layers above release what they keep (executors). Idempotent.
  void AddFinalizeHook(void (*hook)());

  aclError SetDevice(const char* api, int32_t device);
  aclError ResetDevice(const char* api, int32_t device);
  aclError GetDevice(const char* api, int32_t* device);

  /// The calling thread's current device; ACL_ERROR_UNINITIALIZE before aclInit and
  /// ACL_ERROR_RT_CONTEXT_NULL before aclrtSetDevice on this thread.
  aclError RequireContext(const char* api, int32_t* device);

  aclError SetOverflowMode(const char* api, aclrtFloatOverflowMode mode);
  aclError GetOverflowMode(const char* api, aclrtFloatOverflowMode* mode);
  /// The overflow mode of `device` (no checks; for launches that already resolved a stream).
  aclrtFloatOverflowMode OverflowModeOf(int32_t device);

  aclError CreateStream(const char* api, aclrtStream* stream, uint32_t priority = 0, uint32_t flags = 0);
  aclError DestroyStream(const char* api, aclrtStream stream);
  /// Resolves a stream handle for use by the current thread: nullptr is the current device's
  /// default stream; a stream of another device is ACL_ERROR_RT_STREAM_CONTEXT. `overflow_mode`,
  /// when given, receives the current device's overflow mode (for launches: one lock for both).
  aclError FindStream(const char* api, aclrtStream handle, std::shared_ptr<Stream>* stream,
                      aclrtFloatOverflowMode* overflow_mode = nullptr);
  aclError SynchronizeStream(const char* api, aclrtStream handle);
  aclError SynchronizeDevice(const char* api);
  /// The streams of the calling thread's current device (default streams included).
  aclError StreamsOfCurrentDevice(const char* api, std::vector<std::shared_ptr<Stream>>* streams);

  /// Explicit contexts (aclrtCreateContext...). A context holds a reference to its device, like
  /// aclrtSetDevice, and has its own default stream; it is global, so any thread may make it
  /// current. The implicit context of aclrtSetDevice is the device's primary context. Streams
  /// and events belong to the device, whichever of its contexts was current when they were made.
  aclError CreateContext(const char* api, aclrtContext* context, int32_t device);
  aclError DestroyContext(const char* api, aclrtContext context);
  aclError SetCurrentContext(const char* api, aclrtContext context);
  aclError GetCurrentContext(const char* api, aclrtContext* context);
  /// The current context's default stream, as a handle FindStream accepts.
  aclError GetCurrentDefaultStream(const char* api, aclrtStream* stream);
  /// Whether `device`'s primary context exists (some thread holds an aclrtSetDevice reference).
  aclError GetPrimaryContextState(const char* api, int32_t device, uint32_t* flags, int32_t* active);
  /// aclrtResetDeviceForce: drops every reference to `device` at once, its explicit contexts'
  /// included; queued work is drained, as by aclrtResetDevice.
  aclError ResetDeviceForce(const char* api, int32_t device);

  aclError CreateEvent(const char* api, aclrtEvent* event, uint32_t flags = 0,
                       EventOrigin origin = EventOrigin::kCreateEvent);
  aclError DestroyEvent(const char* api, aclrtEvent event);
  aclError FindEvent(const char* api, aclrtEvent handle, std::shared_ptr<Event>* event);
  /// aclrtGetEventAvailNum: kEventsPerDevice less the live events of the current device.
  aclError AvailableEvents(const char* api, uint32_t* count);
  /// aclrtRecordEvent and aclrtRecordEventWithFlag: queues a record of `event` on `stream` that
  /// runs even after a failure in ACL_STOP_ON_FAILURE mode.
  aclError RecordEvent(const char* api, aclrtEvent event, aclrtStream stream);

 private:
  struct DeviceState {
    int ref_count = 0;
    uint64_t generation = 0;  // bumped whenever the first reference creates the default context
    std::shared_ptr<Stream> default_stream;
    std::shared_ptr<int32_t> primary_handle;  // the primary context's aclrtContext (its address)
    aclrtFloatOverflowMode overflow_mode = ACL_RT_OVERFLOW_MODE_INFNAN;
  };
  struct ExplicitContext {
    int32_t device;
    std::shared_ptr<Stream> default_stream;
  };

  Runtime() = default;
  bool ContextValidLocked(int32_t* device) const;
  /// ContextValidLocked with its messages: ACL_ERROR_UNINITIALIZE or ACL_ERROR_RT_CONTEXT_NULL.
  aclError RequireContextLocked(const char* api, int32_t* device) const;
  aclError FinalizeNow();
  std::vector<std::shared_ptr<Stream>> StreamsOfDeviceLocked(int32_t device) const;
  /// Takes a reference to `device` (creating its primary context on the first one).
  void AcquireDeviceLocked(int32_t device);
  /// Drops `count` references to `device`; on the last one its streams, events and explicit
  /// contexts go: they are appended to `released`, to be shut down outside the lock.
  void ReleaseDeviceLocked(int32_t device, int count, std::vector<std::shared_ptr<Stream>>* released);
  /// The default stream of the calling thread's current context (context already validated).
  const std::shared_ptr<Stream>& CurrentDefaultStreamLocked(int32_t device) const;

  /// The events one device holds (CANN's documented maximum for the Atlas A2/A3 parts).
  static constexpr uint32_t kEventsPerDevice = 65536;

  std::mutex mutex_;
  uint64_t init_count_ = 0;
  uint64_t epoch_ = 0;  // bumped by every successful first aclInit; stale thread contexts die
  std::atomic<const SocProfile*> profile_{nullptr};  // read without the lock on the hot path
  std::atomic<bool> strict_{true};
  uint64_t device_memory_capacity_ = 0;
  std::vector<void (*)()> finalize_hooks_;
  std::vector<DeviceState> devices_;
  std::unordered_map<const void*, std::shared_ptr<Stream>> streams_;
  std::unordered_map<const void*, std::shared_ptr<Event>> events_;
  std::unordered_map<const void*, std::shared_ptr<ExplicitContext>> contexts_;
};

/// Fails with ACL_ERROR_RT_FEATURE_NOT_SUPPORT ("<feature> is supported on Atlas A2, Atlas A3 and
/// Ascend 950 only, not on <SoC>.") unless the runtime's SoC is one of them: the product table of
/// the runtime features that came with those parts (host registration, batched copies, value
/// waits, notify resets).
AH_INTERNAL_API aclError RequireA2A3Or950(const char* api, const char* feature);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_CONTEXT_H_
