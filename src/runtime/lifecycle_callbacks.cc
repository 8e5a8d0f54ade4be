#include "runtime/lifecycle_callbacks.h"

#include "runtime/error_log.h"

namespace aclnn_host {
namespace {

// CANN's orders (hicann/runtime src/acl/acl.cpp): the types aclInit and aclFinalize notify.
constexpr aclRegisterCallbackType kInitOrder[] = {ACL_REG_TYPE_ACL_MODEL, ACL_REG_TYPE_ACL_OP_EXECUTOR,
                                                  ACL_REG_TYPE_ACL_DVPP, ACL_REG_TYPE_OTHER};
constexpr aclRegisterCallbackType kFinalizeOrder[] = {ACL_REG_TYPE_ACL_OP_COMPILER, ACL_REG_TYPE_ACL_MODEL,
                                                      ACL_REG_TYPE_ACL_DVPP, ACL_REG_TYPE_OTHER};

template <typename Entries, typename Func>
aclError AddEntry(const char* api, Entries* entries, aclRegisterCallbackType type, Func func, void* user_data) {
  if (func == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "cbFunc is nullptr.");
  if (type != ACL_REG_TYPE_OTHER) {
    for (const auto& entry : *entries) {
      if (entry.type == type) {
        return Fail(api, ACL_ERROR_INTERNAL_ERROR,
                    "a callback of type %d is already registered (only ACL_REG_TYPE_OTHER takes several).",
                    static_cast<int>(type));
      }
    }
  }
  entries->push_back({type, func, user_data});
  return ACL_SUCCESS;
}

template <typename Entries, typename Func>
aclError RemoveEntry(const char* api, Entries* entries, aclRegisterCallbackType type, Func func) {
  if (func == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "cbFunc is nullptr.");
  for (auto it = entries->begin(); it != entries->end(); ++it) {
    if (it->type == type && it->func == func) {
      entries->erase(it);  // one registration: a function registered twice stays once
      return ACL_SUCCESS;
    }
  }
  return Fail(api, ACL_ERROR_INTERNAL_ERROR, "no callback %p of type %d is registered.", reinterpret_cast<void*>(func),
              static_cast<int>(type));
}

template <typename Map, typename Callback>
aclError SetNamed(const char* api, Map* map, std::atomic<size_t>* count, const char* name, Callback callback,
                  void* args) {
  if (name == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "regName is nullptr.");
  if (callback == nullptr) {
    map->erase(name);  // unregistering: an unknown name is no error
  } else if (!map->emplace(name, typename Map::mapped_type{callback, args}).second) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "the callback name \"%s\" is already registered (register NULL under it first to replace it).", name);
  }
  count->store(map->size(), std::memory_order_release);
  return ACL_SUCCESS;
}

}  // namespace

LifecycleCallbacks& LifecycleCallbacks::Get() {
  static LifecycleCallbacks* const instance = new LifecycleCallbacks();  // outlives static destructors
  return *instance;
}

aclError LifecycleCallbacks::RegisterInit(const char* api, aclRegisterCallbackType type, aclInitCallbackFunc func,
                                          void* user_data) {
  std::string config;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const aclError status = AddEntry(api, &init_, type, func, user_data);
    if (status != ACL_SUCCESS || !initialised_) return status;
    config = config_text_;
  }
  // Registered after aclInit: runs now, as in CANN, whose register call ignores what it returns.
  (void)func(config.c_str(), config.size(), user_data);
  return ACL_SUCCESS;
}

aclError LifecycleCallbacks::UnregisterInit(const char* api, aclRegisterCallbackType type, aclInitCallbackFunc func) {
  std::lock_guard<std::mutex> lock(mutex_);
  return RemoveEntry(api, &init_, type, func);
}

aclError LifecycleCallbacks::RegisterFinalize(const char* api, aclRegisterCallbackType type,
                                              aclFinalizeCallbackFunc func, void* user_data) {
  std::lock_guard<std::mutex> lock(mutex_);
  return AddEntry(api, &finalize_, type, func, user_data);
}

aclError LifecycleCallbacks::UnregisterFinalize(const char* api, aclRegisterCallbackType type,
                                                aclFinalizeCallbackFunc func) {
  std::lock_guard<std::mutex> lock(mutex_);
  return RemoveEntry(api, &finalize_, type, func);
}

aclError LifecycleCallbacks::RunInit(const std::string& config_text, bool has_config_path) {
  std::vector<Entry<aclInitCallbackFunc>> entries;
  {
    // Marked before the callbacks run: one registered meanwhile runs at once instead (not twice).
    std::lock_guard<std::mutex> lock(mutex_);
    initialised_ = true;
    config_text_ = config_text;
    entries = init_;
  }
  for (aclRegisterCallbackType type : kInitOrder) {
    if (type == ACL_REG_TYPE_ACL_OP_EXECUTOR && !has_config_path) continue;
    for (const auto& entry : entries) {
      if (entry.type != type) continue;
      const aclError status = entry.func(config_text.c_str(), config_text.size(), entry.user_data);
      if (status != ACL_SUCCESS) {
        std::lock_guard<std::mutex> lock(mutex_);
        initialised_ = false;
        return status;
      }
    }
  }
  return ACL_SUCCESS;
}

aclError LifecycleCallbacks::RunFinalize() {
  std::vector<Entry<aclFinalizeCallbackFunc>> entries;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    entries = finalize_;
  }
  for (aclRegisterCallbackType type : kFinalizeOrder) {
    for (const auto& entry : entries) {
      if (entry.type != type) continue;
      const aclError status = entry.func(entry.user_data);
      if (status != ACL_SUCCESS) return status;
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  initialised_ = false;
  config_text_.clear();
  return ACL_SUCCESS;
}

aclError LifecycleCallbacks::RegisterDeviceState(const char* api, const char* name, aclrtDeviceStateCallback callback,
                                                 void* args) {
  std::lock_guard<std::mutex> lock(mutex_);
  return SetNamed(api, &device_, &device_callbacks_, name, callback, args);
}

aclError LifecycleCallbacks::RegisterStreamState(const char* api, const char* name, aclrtStreamStateCallback callback,
                                                 void* args) {
  std::lock_guard<std::mutex> lock(mutex_);
  return SetNamed(api, &stream_, &stream_callbacks_, name, callback, args);
}

void LifecycleCallbacks::NotifyDevice(int32_t device, aclrtDeviceState state) {
  if (!has_device_callbacks()) return;
  std::map<std::string, Named<aclrtDeviceStateCallback>> callbacks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    callbacks = device_;
  }
  for (const auto& entry : callbacks) entry.second.func(device, state, entry.second.args);
}

void LifecycleCallbacks::NotifyStream(aclrtStream stream, aclrtStreamState state) {
  if (!has_stream_callbacks()) return;
  std::map<std::string, Named<aclrtStreamStateCallback>> callbacks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    callbacks = stream_;
  }
  for (const auto& entry : callbacks) entry.second.func(stream, state, entry.second.args);
}

}  // namespace aclnn_host
