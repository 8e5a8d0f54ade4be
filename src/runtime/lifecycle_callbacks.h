// The callbacks a program registers to hear about the runtime's lifecycle: aclInit and aclFinalize
// (aclInitCallbackRegister...), devices set and reset (aclrtRegDeviceStateCallback) and streams
// created and destroyed (aclrtRegStreamStateCallback).
//
// Every callback runs on the thread making the call that triggers it, with no runtime lock held, so
// a callback may call back into AscendCL. The registration rules are CANN's (hicann/runtime
// init_callback_manager.cpp, device_state_callback_manager.cc, stream_state_callback_manager.cc):
//   - an init or finalize callback of a type other than ACL_REG_TYPE_OTHER is unique per type (a
//     second one fails with ACL_ERROR_INTERNAL_ERROR); ACL_REG_TYPE_OTHER takes any number;
//   - an init callback registered after aclInit runs at once with the config file's contents;
//   - state callbacks are keyed by name: a taken name fails with ACL_ERROR_RT_PARAM_INVALID, a
//     NULL callback removes the name (an unknown name is no error).
#ifndef ACLNN_HOST_RUNTIME_LIFECYCLE_CALLBACKS_H_
#define ACLNN_HOST_RUNTIME_LIFECYCLE_CALLBACKS_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl_rt.h"
#include "common/export.h"

namespace aclnn_host {

class AH_INTERNAL_API LifecycleCallbacks {
 public:
  static LifecycleCallbacks& Get();

  aclError RegisterInit(const char* api, aclRegisterCallbackType type, aclInitCallbackFunc func, void* user_data);
  aclError UnregisterInit(const char* api, aclRegisterCallbackType type, aclInitCallbackFunc func);
  aclError RegisterFinalize(const char* api, aclRegisterCallbackType type, aclFinalizeCallbackFunc func,
                            void* user_data);
  aclError UnregisterFinalize(const char* api, aclRegisterCallbackType type, aclFinalizeCallbackFunc func);

  /// aclInit, once the runtime is up: the init callbacks of ACL_REG_TYPE_ACL_MODEL, then
  /// ACL_REG_TYPE_ACL_OP_EXECUTOR (only when aclInit was given a config path), ACL_REG_TYPE_ACL_DVPP
  /// and ACL_REG_TYPE_OTHER, in registration order within a type, with the config file's contents.
  /// Returns the first failing callback's code (the callbacks after it do not run).
  aclError RunInit(const std::string& config_text, bool has_config_path);
  /// aclFinalize, before anything is released: the finalize callbacks of ACL_REG_TYPE_ACL_OP_COMPILER,
  /// ACL_REG_TYPE_ACL_MODEL, ACL_REG_TYPE_ACL_DVPP and ACL_REG_TYPE_OTHER. Returns the first
  /// failing callback's code; on success, later init registrations no longer run at once.
  aclError RunFinalize();

  aclError RegisterDeviceState(const char* api, const char* name, aclrtDeviceStateCallback callback, void* args);
  aclError RegisterStreamState(const char* api, const char* name, aclrtStreamStateCallback callback, void* args);
  bool has_device_callbacks() const { return device_callbacks_.load(std::memory_order_acquire) > 0; }
  bool has_stream_callbacks() const { return stream_callbacks_.load(std::memory_order_acquire) > 0; }
  /// Calls every device state callback (in name order) with `device` and `state`.
  void NotifyDevice(int32_t device, aclrtDeviceState state);
  /// Calls every stream state callback (in name order) with `stream` and `state`.
  void NotifyStream(aclrtStream stream, aclrtStreamState state);

 private:
  template <typename Func>
  struct Entry {
    aclRegisterCallbackType type;
    Func func;
    void* user_data;
  };
  template <typename Func>
  struct Named {
    Func func;
    void* args;
  };

  LifecycleCallbacks() = default;

  std::mutex mutex_;
  bool initialised_ = false;  // between a successful aclInit and aclFinalize
  std::string config_text_;
  std::vector<Entry<aclInitCallbackFunc>> init_;  // registration order
  std::vector<Entry<aclFinalizeCallbackFunc>> finalize_;
  std::map<std::string, Named<aclrtDeviceStateCallback>> device_;  // name order
  std::map<std::string, Named<aclrtStreamStateCallback>> stream_;
  std::atomic<size_t> device_callbacks_{0};
  std::atomic<size_t> stream_callbacks_{0};
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_RUNTIME_LIFECYCLE_CALLBACKS_H_
