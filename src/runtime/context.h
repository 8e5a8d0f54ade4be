// The runtime's process-wide state: initialisation, the SoC profile, devices and the calling
// thread's current device (its context), streams and events.
//
// Every method that can fail takes the public API name it serves, reports a message under that
// name (error_log.h) and returns the aclError code, so the C entry points stay one-liners.
#ifndef ACLNN_HOST_RUNTIME_CONTEXT_H_
#define ACLNN_HOST_RUNTIME_CONTEXT_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
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
  /// aclrtGetStreamAvailableNum: the streams the current device may still create (CANN's documented
  /// maximum, MaxStreamsPerDevice, less those it holds, default streams included). aclrtCreateStream
  /// beyond it fails with ACL_ERROR_RT_NO_STREAM_RESOURCE.
  aclError AvailableStreams(const char* api, uint32_t* count);
  /// aclrtRecordEvent and aclrtRecordEventWithFlag: queues a record of `event` on `stream` that
  /// runs even after a failure in ACL_STOP_ON_FAILURE mode.
  aclError RecordEvent(const char* api, aclrtEvent event, aclrtStream stream, uint32_t record_flag = 0);

  /// aclrtCtxSetSysParamOpt / aclrtCtxGetSysParamOpt: the current context's options (option below
  /// kContextSysParamCount, checked by the caller); a Get of an option never set on that context is
  /// ACL_ERROR_RT_SYSPARAMOPT_NOT_SET. A Set also sets the process's option, as in CANN.
  aclError SetContextSysParam(const char* api, int option, int64_t value);
  aclError GetContextSysParam(const char* api, int option, int64_t* value);

  /// Resource limits (aclrtSetDeviceResLimit...): how many cores of each aclrtDevResLimitType
  /// (`type` checked by the caller) a device's work may use. Process-wide per device, from the
  /// device's hardware count; 507033 unless the device is set, 207000 where the SoC's core split is
  /// unknown (only the Atlas A2/A3 parts' is), 107000 for more cores than the device has.
  aclError GetDeviceCoreLimit(const char* api, int32_t device, aclrtDevResLimitType type, uint32_t* value);
  aclError SetDeviceCoreLimit(const char* api, int32_t device, aclrtDevResLimitType type, uint32_t value);
  aclError ResetDeviceCoreLimits(const char* api, int32_t device);
  /// aclrtSetStreamResLimit / aclrtGetStreamResLimit / aclrtResetStreamResLimit on a found stream.
  aclError SetStreamCoreLimit(const char* api, Stream& stream, aclrtDevResLimitType type, uint32_t value);
  aclError GetStreamCoreLimit(const char* api, const Stream& stream, aclrtDevResLimitType type, uint32_t* value);
  /// aclrtUseStreamResInCurrentThread / aclrtUnuseStreamResInCurrentThread: the stream whose limits
  /// the calling thread's work uses (unbinding another stream than the bound one is no error).
  aclError UseStreamCoresInThread(const char* api, aclrtStream stream, bool use);
  /// aclrtGetResInCurrentThread: the bound stream's limit of `type` if it has one, else the current
  /// device's.
  aclError ThreadCoreLimit(const char* api, aclrtDevResLimitType type, uint32_t* value);
  /// The vector cores phase one tiles for, as upstream's opbase asks aclrtGetResInCurrentThread:
  /// the calling thread's limit where one applies, else the profile's count; never 0. Reports nothing.
  uint32_t TilingVectorCores(const SocProfile& profile);

 private:
  struct SysParams {
    int64_t value[3] = {0, 0, 0};
    bool set[3] = {false, false, false};
  };
  struct DeviceState {
    int ref_count = 0;
    uint64_t generation = 0;  // bumped whenever the first reference creates the default context
    std::shared_ptr<Stream> default_stream;
    std::shared_ptr<int32_t> primary_handle;  // the primary context's aclrtContext (its address)
    aclrtFloatOverflowMode overflow_mode = ACL_RT_OVERFLOW_MODE_INFNAN;
    SysParams sys_params;              // the primary context's
    uint32_t core_limits[2] = {0, 0};  // by aclrtDevResLimitType, from the hardware count
    bool resetting = false;            // a last reset's callbacks and drain are under way
    std::thread::id resetter;          // the thread doing it
  };
  struct ExplicitContext {
    int32_t device;
    std::shared_ptr<Stream> default_stream;
    SysParams sys_params;
  };

  /// A stream leaving the runtime, with the handle its users knew it by.
  struct ReleasedStream {
    aclrtStream handle;
    std::shared_ptr<Stream> stream;
    std::shared_ptr<const void> holder;  // keeps the handle's memory (a context's) until the callbacks ran
  };

  Runtime() = default;
  /// aclInit's work under the lock; `config_text` receives the config file's contents.
  aclError InitLocked(const char* api, const char* config_path, std::string* config_text);
  aclError RunFinalizeCallbacks(const char* api);
  /// Takes lifecycle_mutex_; a stream task only tries, and gets `busy` when another thread holds it.
  aclError LockLifecycle(const char* api, std::unique_lock<std::recursive_mutex>* lock, aclError busy);
  /// The resource-limit checks of a device: CheckDeviceIdLocked's, 507033 unless the device is set,
  /// 207000 where the SoC's core split is unknown; `cores` receives the hardware count of `type`.
  aclError RequireSetDeviceCoresLocked(const char* api, int32_t device, aclrtDevResLimitType type,
                                       uint32_t* cores) const;
  /// ACL_ERROR_UNINITIALIZE before aclInit, ACL_ERROR_RT_INVALID_DEVICEID for an unknown device.
  aclError CheckDeviceIdLocked(const char* api, int32_t device) const;
  /// aclrtResetDevice (one reference) and aclrtResetDeviceForce (all), with the state callbacks.
  aclError ReleaseDevice(const char* api, int32_t device, bool force);
  /// Calls the DESTROY_PRE stream callbacks and shuts each stream down (its queued work drains).
  void RetireStreams(const std::vector<ReleasedStream>& released);
  bool ContextValidLocked(int32_t* device) const;
  /// ContextValidLocked with its messages: ACL_ERROR_UNINITIALIZE or ACL_ERROR_RT_CONTEXT_NULL.
  aclError RequireContextLocked(const char* api, int32_t* device) const;
  aclError FinalizeNow();
  std::vector<std::shared_ptr<Stream>> StreamsOfDeviceLocked(int32_t device) const;
  /// Takes a reference to `device`, creating its primary context on the first one: then returns
  /// the new default stream's handle (else nullptr).
  aclrtStream AcquireDeviceLocked(int32_t device);
  /// Drops `count` references to `device`; on the last one (then returns true) its streams, events
  /// and explicit contexts go: the streams are appended to `released`, to be shut down outside the lock.
  bool ReleaseDeviceLocked(int32_t device, int count, std::vector<ReleasedStream>* released);
  /// The options of the calling thread's current context (context already validated).
  SysParams& CurrentSysParamsLocked(int32_t device);
  /// The default stream of the calling thread's current context (context already validated).
  const std::shared_ptr<Stream>& CurrentDefaultStreamLocked(int32_t device) const;

  /// The events one device holds (CANN's documented maximum for the Atlas A2/A3 parts).
  static constexpr uint32_t kEventsPerDevice = 65536;

  std::mutex mutex_;
  std::condition_variable device_reset_done_;  // a device's `resetting` ended
  // Serialises aclInit, aclFinalize and aclFinalizeReference, callbacks included, as CANN's aclInit
  // mutex does: a concurrent call waits instead of seeing a half-made or half-torn runtime
  // (recursive: a callback may call them, and then sees REPEAT_INITIALIZE or the like).
  std::recursive_mutex lifecycle_mutex_;
  bool finalizing_ = false;  // FinalizeNow is releasing the runtime (guarded by lifecycle_mutex_)
  uint64_t init_count_ = 0;
  uint64_t epoch_ = 0;  // bumped by every successful first aclInit; stale thread contexts die
  std::atomic<const SocProfile*> profile_{nullptr};  // read without the lock on the hot path
  std::atomic<bool> strict_{true};
  std::atomic<bool> core_limits_used_{false};  // set by the first limit or binding: phase one's fast path
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
/// Whether the runtime's SoC is an Atlas A2, Atlas A3 or Ascend 950 part (false before aclInit).
AH_INTERNAL_API bool IsA2A3Or950();

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_CONTEXT_H_
