#include "runtime/context.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "runtime/backend.h"
#include "runtime/capture.h"

#include "runtime/error_log.h"
#include "runtime/lifecycle_callbacks.h"
#include "runtime/memory.h"
#include "runtime/overflow_status.h"
#include "runtime/settings.h"

namespace aclnn_host {
namespace {

constexpr uint32_t kMaxDeviceCount = 64;

// The thread's current device, tagged with the init epoch and the device generation it was set
// in: an aclFinalize / aclInit cycle, or the last aclrtResetDevice of the device (which destroys
// its default context), invalidates the context without touching other threads' storage. A
// later aclrtSetDevice on another thread creates a new default context, not this one again.
struct ThreadContext {
  uint64_t epoch = 0;
  int32_t device = -1;
  uint64_t generation = 0;
  const void* explicit_context = nullptr;  // an aclrtCreateContext context, else the primary one
};

ThreadContext& ThisThreadContext() {
  thread_local ThreadContext context;
  return context;
}

// The stream whose resource limits the calling thread uses (aclrtUseStreamResInCurrentThread).
std::weak_ptr<Stream>& ThreadBoundStream() {
  thread_local std::weak_ptr<Stream> stream;
  return stream;
}

// The cores of `type` a device of `profile` has: known for the Atlas A2/A3 parts, whose cube cores
// pair with two vector cores each.
bool HardwareCores(const SocProfile& profile, aclrtDevResLimitType type, uint32_t* value) {
  if (profile.series != SocSeries::kAtlasA2 && profile.series != SocSeries::kAtlasA3) return false;
  *value = type == ACL_RT_DEV_RES_VECTOR_CORE ? profile.vector_core_count : profile.vector_core_count / 2;
  return true;
}

aclError UnknownCoreSplit(const char* api, const SocProfile& profile) {
  return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              "the core split of %s is not known to aclnn-host (only Atlas A2/A3 parts).", profile.name);
}

aclError TooManyCores(const char* api, uint32_t value, uint32_t cores) {
  return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
              "The value %u exceeds the total number of cores: it must be less than or equal to %u.", value, cores);
}

struct InitSettings {
  std::string soc_name = kDefaultSocName;
  uint32_t device_count = 1;
  bool device_count_set = false;  // by the file or the environment (else: 1, or every GPU)
  uint64_t device_memory = 0;     // 0: the profile's card, or the GPU's memory
  bool strict = true;
  std::string backend = "cpu";  // "cpu" or "cuda" (runtime/backend.h)
  std::string config_text;      // the config file's contents (for the init callbacks)
};

bool ParseDeviceCount(const std::string& text, uint32_t* count) {
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value < 1 || value > static_cast<long>(kMaxDeviceCount)) return false;
  *count = static_cast<uint32_t>(value);
  return true;
}

// "68719476736", "64G", "64GiB", "512M", "1T": bytes, binary suffixes, more than 0.
bool ParseByteSize(const std::string& text, uint64_t* bytes) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 19) return false;
  uint64_t value = std::stoull(text.substr(0, digits));
  std::string suffix = text.substr(digits);
  for (char& c : suffix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  unsigned shift = 0;
  if (!suffix.empty()) {
    const std::string unit = suffix.substr(0, 1);
    const std::string rest = suffix.substr(1);
    if (rest != "" && rest != "B" && rest != "IB") return false;
    if (unit == "K") {
      shift = 10;
    } else if (unit == "M") {
      shift = 20;
    } else if (unit == "G") {
      shift = 30;
    } else if (unit == "T") {
      shift = 40;
    } else if (!(unit == "B" && rest.empty())) {
      return false;
    }
  }
  if (value == 0 || value > (std::numeric_limits<uint64_t>::max() >> shift)) return false;
  *bytes = value << shift;
  return true;
}

bool ParseSwitch(const std::string& text, bool* value) {
  if (text == "1" || text == "on" || text == "true") {
    *value = true;
  } else if (text == "0" || text == "off" || text == "false") {
    *value = false;
  } else {
    return false;
  }
  return true;
}

// Reads the optional aclInit JSON file. Upstream uses the file for dump/profiling options, which
// are accepted and ignored; aclnn-host reads its own object:
//   { "aclnn_host": { "soc_name": "Ascend950PR", "device_count": 2, "device_memory": "16G",
//                     "strict": false } }
aclError ReadConfigFile(const char* api, const char* path, InitSettings* settings) {
  // A directory opens as a stream that reads nothing, which would pass for an empty file.
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return Fail(api, ACL_ERROR_INVALID_FILE, "the config file \"%s\" is a directory.", path);
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) return Fail(api, ACL_ERROR_INVALID_FILE, "cannot open the config file \"%s\".", path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string text = buffer.str();
  settings->config_text = text;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return ACL_SUCCESS;  // empty file
  const nlohmann::json root = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object()) {
    return Fail(api, ACL_ERROR_PARSE_FILE, "the config file \"%s\" is not a JSON object.", path);
  }
  const auto section = root.find("aclnn_host");
  if (section == root.end()) return ACL_SUCCESS;
  if (!section->is_object()) {
    return Fail(api, ACL_ERROR_PARSE_FILE, "\"aclnn_host\" in \"%s\" must be a JSON object.", path);
  }
  const auto soc = section->find("soc_name");
  if (soc != section->end()) {
    if (!soc->is_string()) {
      return Fail(api, ACL_ERROR_PARSE_FILE, "\"aclnn_host.soc_name\" in \"%s\" must be a string.", path);
    }
    settings->soc_name = soc->get<std::string>();
  }
  const auto count = section->find("device_count");
  if (count != section->end()) {
    if (!count->is_number_integer() || count->get<int64_t>() < 1 || count->get<int64_t>() > kMaxDeviceCount) {
      return Fail(api, ACL_ERROR_INVALID_PARAM,
                  "\"aclnn_host.device_count\" in \"%s\" must be an integer from 1 to %u.", path, kMaxDeviceCount);
    }
    settings->device_count = static_cast<uint32_t>(count->get<int64_t>());
    settings->device_count_set = true;
  }
  const auto memory = section->find("device_memory");
  if (memory != section->end()) {
    bool valid = false;
    if (memory->is_number_unsigned()) {
      settings->device_memory = memory->get<uint64_t>();
      valid = settings->device_memory > 0;
    } else if (memory->is_string()) {
      valid = ParseByteSize(memory->get<std::string>(), &settings->device_memory);
    }
    if (!valid) {
      return Fail(api, ACL_ERROR_INVALID_PARAM,
                  "\"aclnn_host.device_memory\" in \"%s\" must be a byte count (a positive integer, or a string "
                  "such as \"16G\").",
                  path);
    }
  }
  const auto strict = section->find("strict");
  if (strict != section->end()) {
    if (!strict->is_boolean()) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "\"aclnn_host.strict\" in \"%s\" must be true or false.", path);
    }
    settings->strict = strict->get<bool>();
  }
  const auto backend = section->find("backend");
  if (backend != section->end()) {
    if (!backend->is_string()) {
      return Fail(api, ACL_ERROR_PARSE_FILE, "\"aclnn_host.backend\" in \"%s\" must be a string.", path);
    }
    settings->backend = backend->get<std::string>();
  }
  return ACL_SUCCESS;
}

// The environment overrides the config file: it is the per-run setting.
aclError ReadEnvironment(const char* api, InitSettings* settings) {
  if (const char* soc = std::getenv("ACLNN_HOST_SOC")) {
    if (*soc != '\0') settings->soc_name = soc;
  }
  if (const char* count = std::getenv("ACLNN_HOST_DEVICE_COUNT")) {
    if (*count != '\0' && !ParseDeviceCount(count, &settings->device_count)) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "ACLNN_HOST_DEVICE_COUNT=\"%s\" is not an integer from 1 to %u.", count,
                  kMaxDeviceCount);
    }
    if (*count != '\0') settings->device_count_set = true;
  }
  if (const char* backend = std::getenv("ACLNN_HOST_BACKEND")) {
    if (*backend != '\0') settings->backend = backend;
  }
  if (const char* memory = std::getenv("ACLNN_HOST_DEVICE_MEMORY")) {
    if (*memory != '\0' && !ParseByteSize(memory, &settings->device_memory)) {
      return Fail(api, ACL_ERROR_INVALID_PARAM,
                  "ACLNN_HOST_DEVICE_MEMORY=\"%s\" is not a byte count (e.g. 68719476736, 64G, 512MiB).", memory);
    }
  }
  if (const char* strict = std::getenv("ACLNN_HOST_STRICT")) {
    if (*strict != '\0' && !ParseSwitch(strict, &settings->strict)) {
      return Fail(api, ACL_ERROR_INVALID_PARAM, "ACLNN_HOST_STRICT=\"%s\" is neither 1 (strict) nor 0.", strict);
    }
  }
  return ACL_SUCCESS;
}

}  // namespace

Runtime& Runtime::Get() {
  static Runtime* runtime = new Runtime();
  return *runtime;
}

aclError Runtime::Init(const char* api, const char* config_path) {
  std::unique_lock<std::recursive_mutex> lifecycle(lifecycle_mutex_, std::defer_lock);
  const aclError locked = LockLifecycle(api, &lifecycle, ACL_ERROR_REPEAT_INITIALIZE);
  if (locked != ACL_SUCCESS) return locked;
  if (finalizing_) {
    return Fail(api, ACL_ERROR_FAILURE, "aclInit was called while aclFinalize releases the runtime (from a callback).");
  }
  std::string config_text;
  {
    const aclError status = InitLocked(api, config_path, &config_text);
    if (status != ACL_SUCCESS) return status;
  }
  // Outside the lock, so that the callbacks may call AscendCL; a failing one undoes aclInit.
  const aclError status =
      LifecycleCallbacks::Get().RunInit(config_text, config_path != nullptr && *config_path != '\0');
  if (status == ACL_SUCCESS) return ACL_SUCCESS;
  FinalizeNow();
  return Fail(api, status, "an init callback (aclInitCallbackRegister) failed with %d.", static_cast<int>(status));
}

aclError Runtime::InitLocked(const char* api, const char* config_path, std::string* config_text) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (init_count_ > 0) {
    ++init_count_;
    return Fail(api, ACL_ERROR_REPEAT_INITIALIZE, "the runtime is already initialised (this code may be ignored).");
  }
  InitSettings settings;
  if (config_path != nullptr && *config_path != '\0') {
    const aclError status = ReadConfigFile(api, config_path, &settings);
    if (status != ACL_SUCCESS) return status;
  }
  const aclError status = ReadEnvironment(api, &settings);
  if (status != ACL_SUCCESS) return status;
  const SocProfile* profile = FindSocProfile(settings.soc_name);
  if (profile == nullptr) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "unknown SoC \"%s\"; valid names are: %s.", settings.soc_name.c_str(),
                SocProfileNames().c_str());
  }
  const AhDeviceBackend* backend = nullptr;
  int32_t gpus = 0;
  uint64_t gpu_memory = 0;
  const aclError loaded = LoadBackend(api, settings.backend, &backend, &gpus, &gpu_memory);
  if (loaded != ACL_SUCCESS) return loaded;
  uint64_t default_memory = profile->device_memory_bytes;
  if (backend != nullptr) {
    // The emulated devices are the GPUs present (or the first ACLNN_HOST_DEVICE_COUNT of them).
    if (settings.device_count_set && settings.device_count > static_cast<uint32_t>(gpus)) {
      return Fail(api, ACL_ERROR_RT_NO_DEVICE, "%u devices were asked for, but backend cuda found %d GPU(s).",
                  settings.device_count, gpus);
    }
    if (!settings.device_count_set) settings.device_count = static_cast<uint32_t>(gpus);
    default_memory = gpu_memory;
    // A GPU cannot read host memory a tensor points at: the device-memory checks always apply.
    settings.strict = true;
  }
  SetActiveDeviceBackend(backend);
  profile_ = profile;
  strict_ = settings.strict;
  device_memory_capacity_ = settings.device_memory != 0 ? settings.device_memory : default_memory;
  devices_.assign(settings.device_count, DeviceState());
  ClearAllOverflowStatus();
  for (DeviceState& device : devices_) {
    device.overflow_mode = profile->saturation_only ? ACL_RT_OVERFLOW_MODE_SATURATION : ACL_RT_OVERFLOW_MODE_INFNAN;
  }
  ++epoch_;
  init_count_ = 1;
  *config_text = std::move(settings.config_text);
  return ACL_SUCCESS;
}

aclError Runtime::Finalize(const char* api) {
  std::unique_lock<std::recursive_mutex> lifecycle(lifecycle_mutex_, std::defer_lock);
  const aclError locked = LockLifecycle(api, &lifecycle, ACL_ERROR_REPEAT_FINALIZE);
  if (locked != ACL_SUCCESS) return locked;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (init_count_ == 0) {
      return Fail(api, ACL_ERROR_REPEAT_FINALIZE,
                  "the runtime is not initialised (already finalised, or aclInit was never called).");
    }
  }
  const aclError status = RunFinalizeCallbacks(api);
  if (status != ACL_SUCCESS) return status;
  return FinalizeNow();
}

aclError Runtime::RunFinalizeCallbacks(const char* api) {
  // As in CANN, a failing finalize callback stops aclFinalize with everything still in place.
  const aclError status = LifecycleCallbacks::Get().RunFinalize();
  if (status == ACL_SUCCESS) return ACL_SUCCESS;
  return Fail(api, status,
              "a finalize callback (aclFinalizeCallbackRegister) failed with %d; the runtime stays "
              "initialised.",
              static_cast<int>(status));
}

aclError Runtime::FinalizeReference(const char* api, uint64_t* ref_count) {
  std::unique_lock<std::recursive_mutex> lifecycle(lifecycle_mutex_, std::defer_lock);
  const aclError locked = LockLifecycle(api, &lifecycle, ACL_ERROR_REPEAT_FINALIZE);
  if (locked != ACL_SUCCESS) return locked;
  uint64_t remaining = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (init_count_ == 0) {
      return Fail(api, ACL_ERROR_REPEAT_FINALIZE,
                  "the runtime is not initialised (already finalised, or aclInit was never called).");
    }
    if (init_count_ > 1) {
      remaining = --init_count_;
      if (ref_count != nullptr) *ref_count = remaining;
      return ACL_SUCCESS;
    }
  }
  // The last reference (FinalizeNow takes it, unless a finalize callback fails).
  const aclError status = RunFinalizeCallbacks(api);
  if (status != ACL_SUCCESS) return status;
  if (ref_count != nullptr) *ref_count = 0;
  return FinalizeNow();
}

aclError Runtime::LockLifecycle(const char* api, std::unique_lock<std::recursive_mutex>* lock, aclError busy) {
  if (Stream::Running() == nullptr) {
    lock->lock();
    return ACL_SUCCESS;
  }
  // A stream task must not wait: the thread holding the lock may be draining this very stream.
  if (lock->try_lock()) return ACL_SUCCESS;
  return Fail(api, busy,
              "called from a stream task while aclInit or aclFinalize runs on another thread, which may be "
              "waiting for this task.");
}

aclError Runtime::FinalizeNow() {
  finalizing_ = true;  // under the lifecycle lock: a callback's aclInit is refused until the end
  std::vector<std::shared_ptr<Stream>> streams;
  std::vector<void (*)()> hooks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    hooks = finalize_hooks_;
    for (auto& entry : streams_) streams.push_back(entry.second);
    for (DeviceState& device : devices_) {
      if (device.default_stream) streams.push_back(device.default_stream);
    }
    for (auto& entry : contexts_) streams.push_back(entry.second->default_stream);
    contexts_.clear();
    streams_.clear();
    events_.clear();
    devices_.clear();
    profile_ = nullptr;
    init_count_ = 0;
  }
  // Queued work finishes before the memory it may use is released.
  for (auto& stream : streams) stream->Shutdown();
  CaptureRegistry::Get().Clear();  // models go with their streams' work (a replay's stream drains)
  for (auto hook : hooks) hook();
  MemoryRegistry::Get().ReleaseAll();
  SetActiveDeviceBackend(nullptr);
  finalizing_ = false;
  return ACL_SUCCESS;
}

void Runtime::AddFinalizeHook(void (*hook)()) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto existing : finalize_hooks_) {
    if (existing == hook) return;
  }
  finalize_hooks_.push_back(hook);
}

uint64_t Runtime::device_memory_capacity() {
  std::lock_guard<std::mutex> lock(mutex_);
  return device_memory_capacity_;
}

const SocProfile* Runtime::profile() { return profile_.load(std::memory_order_acquire); }

uint32_t Runtime::device_count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<uint32_t>(devices_.size());
}

aclError Runtime::CheckDeviceIdLocked(const char* api, int32_t device) const {
  if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (device < 0 || static_cast<size_t>(device) >= devices_.size()) {
    return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "device id %d is out of range [0, %zu).", device, devices_.size());
  }
  return ACL_SUCCESS;
}

aclError Runtime::SetDevice(const char* api, int32_t device) {
  bool first = false;
  aclrtStream created = nullptr;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      const aclError status = CheckDeviceIdLocked(api, device);
      if (status != ACL_SUCCESS) return status;
      // A last reset in progress on another thread finishes first (its RESET_POST before this
      // call's SET_PRE). Its own callbacks and the tasks it drains go ahead: they would wait for it.
      const DeviceState& state = devices_[static_cast<size_t>(device)];
      if (!state.resetting || state.resetter == std::this_thread::get_id() || Stream::Running() != nullptr) break;
      device_reset_done_.wait(lock);
    }
    // Reference counted like CANN: every aclrtSetDevice takes a reference, aclrtResetDevice drops one.
    first = devices_[static_cast<size_t>(device)].ref_count == 0;
    created = AcquireDeviceLocked(device);
    ThreadContext& context = ThisThreadContext();
    context.epoch = epoch_;
    context.device = device;
    context.generation = devices_[static_cast<size_t>(device)].generation;
    context.explicit_context = nullptr;
  }
  // The state callbacks, with no lock held: SET_PRE for the first reference (the emulated device has
  // no setup for it to precede: it runs once the reference is taken), the default stream's
  // CREATE_POST, SET_POST for every call.
  LifecycleCallbacks& callbacks = LifecycleCallbacks::Get();
  if (first) callbacks.NotifyDevice(device, ACL_RT_DEVICE_STATE_SET_PRE);
  if (created != nullptr) callbacks.NotifyStream(created, ACL_RT_STREAM_STATE_CREATE_POST);
  callbacks.NotifyDevice(device, ACL_RT_DEVICE_STATE_SET_POST);
  return ACL_SUCCESS;
}

aclrtStream Runtime::AcquireDeviceLocked(int32_t device) {
  DeviceState& state = devices_[static_cast<size_t>(device)];
  if (state.ref_count++ > 0) return nullptr;
  ++state.generation;
  ClearOverflowStatusOfDevice(device);
  state.default_stream = std::make_shared<Stream>(device);
  state.primary_handle = std::make_shared<int32_t>(device);
  state.overflow_mode =
      profile_.load()->saturation_only ? ACL_RT_OVERFLOW_MODE_SATURATION : ACL_RT_OVERFLOW_MODE_INFNAN;
  state.sys_params = SysParams();
  for (int type = 0; type < 2; ++type) {
    if (!HardwareCores(*profile_.load(), static_cast<aclrtDevResLimitType>(type), &state.core_limits[type])) {
      state.core_limits[type] = 0;
    }
  }
  return &state.default_stream;  // the handle aclrtCtxGetCurrentDefaultStream gives
}

bool Runtime::ReleaseDeviceLocked(int32_t device, int count, std::vector<ReleasedStream>* released) {
  DeviceState& state = devices_[static_cast<size_t>(device)];
  state.ref_count = count >= state.ref_count ? 0 : state.ref_count - count;
  if (state.ref_count > 0) return false;
  // The last reference: the device's streams (default ones included), events and contexts go.
  if (state.default_stream) released->push_back({&state.default_stream, state.default_stream, nullptr});
  for (const auto& entry : contexts_) {
    if (entry.second->device == device) {
      released->push_back({&entry.second->default_stream, entry.second->default_stream, entry.second});
    }
  }
  for (const auto& entry : streams_) {
    if (entry.second->device() == device) released->push_back({entry.second.get(), entry.second, nullptr});
  }
  for (auto it = streams_.begin(); it != streams_.end();) {
    it = it->second->device() == device ? streams_.erase(it) : std::next(it);
  }
  for (auto it = events_.begin(); it != events_.end();) {
    it = it->second->device() == device ? events_.erase(it) : std::next(it);
  }
  for (auto it = contexts_.begin(); it != contexts_.end();) {
    it = it->second->device == device ? contexts_.erase(it) : std::next(it);
  }
  state.default_stream.reset();
  state.primary_handle.reset();
  return true;
}

void Runtime::RetireStreams(const std::vector<ReleasedStream>& released) {
  // DESTROY_PRE comes once the stream takes no new calls, before its queued work drains.
  for (const ReleasedStream& entry : released) {
    LifecycleCallbacks::Get().NotifyStream(entry.handle, ACL_RT_STREAM_STATE_DESTROY_PRE);
    entry.stream->Shutdown();
  }
}

aclError Runtime::ReleaseDevice(const char* api, int32_t device, bool force) {
  std::vector<ReleasedStream> released;
  bool last = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const aclError status = CheckDeviceIdLocked(api, device);
    if (status != ACL_SUCCESS) return status;
    const int references = devices_[static_cast<size_t>(device)].ref_count;
    if (references == 0) return ACL_SUCCESS;  // nothing to release
    last = ReleaseDeviceLocked(device, force ? references : 1, &released);
    if (last) {
      devices_[static_cast<size_t>(device)].resetting = true;
      devices_[static_cast<size_t>(device)].resetter = std::this_thread::get_id();
    }
  }
  if (!last) return ACL_SUCCESS;
  LifecycleCallbacks& callbacks = LifecycleCallbacks::Get();
  // CANN's order: the streams' DESTROY_PRE, RESET_PRE, the teardown (queued work drains), RESET_POST.
  for (const ReleasedStream& entry : released) callbacks.NotifyStream(entry.handle, ACL_RT_STREAM_STATE_DESTROY_PRE);
  callbacks.NotifyDevice(device, ACL_RT_DEVICE_STATE_RESET_PRE);
  for (const ReleasedStream& entry : released) entry.stream->Shutdown();
  callbacks.NotifyDevice(device, ACL_RT_DEVICE_STATE_RESET_POST);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (static_cast<size_t>(device) < devices_.size()) devices_[static_cast<size_t>(device)].resetting = false;
  }
  device_reset_done_.notify_all();
  return ACL_SUCCESS;
}

aclError Runtime::ResetDevice(const char* api, int32_t device) { return ReleaseDevice(api, device, false); }

aclError Runtime::GetDevice(const char* api, int32_t* device) {
  if (device == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "deviceId is nullptr.");
  return RequireContext(api, device);
}

bool Runtime::ContextValidLocked(int32_t* device) const {
  const ThreadContext& context = ThisThreadContext();
  if (init_count_ == 0 || context.epoch != epoch_ || context.device < 0) return false;
  if (context.explicit_context != nullptr) {
    auto it = contexts_.find(context.explicit_context);
    if (it == contexts_.end()) return false;  // destroyed, or released with its device
    *device = it->second->device;
    return true;
  }
  const size_t index = static_cast<size_t>(context.device);
  if (index >= devices_.size()) return false;
  const DeviceState& state = devices_[index];
  if (state.ref_count == 0 || state.generation != context.generation) return false;
  *device = context.device;
  return true;
}

aclError Runtime::RequireContextLocked(const char* api, int32_t* device) const {
  if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (!ContextValidLocked(device)) {
    return Fail(api, ACL_ERROR_RT_CONTEXT_NULL,
                "the current thread has no context: call aclrtSetDevice on this thread first.");
  }
  return ACL_SUCCESS;
}

aclError Runtime::RequireContext(const char* api, int32_t* device) {
  std::lock_guard<std::mutex> lock(mutex_);
  return RequireContextLocked(api, device);
}

aclError Runtime::SetOverflowMode(const char* api, aclrtFloatOverflowMode mode) {
  if (mode != ACL_RT_OVERFLOW_MODE_SATURATION && mode != ACL_RT_OVERFLOW_MODE_INFNAN) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "overflow mode %d is neither SATURATION (0) nor INFNAN (1).",
                static_cast<int>(mode));
  }
  int32_t device = -1;
  const aclError status = RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  std::lock_guard<std::mutex> lock(mutex_);
  if (profile_ == nullptr || static_cast<size_t>(device) >= devices_.size()) {
    return Fail(api, ACL_ERROR_RT_CONTEXT_NULL, "the runtime was finalised during the call.");
  }
  if (mode == ACL_RT_OVERFLOW_MODE_INFNAN && profile_.load()->saturation_only) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "%s supports only the saturation overflow mode.",
                profile_.load()->name);
  }
  devices_[static_cast<size_t>(device)].overflow_mode = mode;
  return ACL_SUCCESS;
}

aclError Runtime::GetOverflowMode(const char* api, aclrtFloatOverflowMode* mode) {
  if (mode == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "mode is nullptr.");
  int32_t device = -1;
  const aclError status = RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  *mode = OverflowModeOf(device);
  return ACL_SUCCESS;
}

aclrtFloatOverflowMode Runtime::OverflowModeOf(int32_t device) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (device < 0 || static_cast<size_t>(device) >= devices_.size()) return ACL_RT_OVERFLOW_MODE_INFNAN;
  return devices_[static_cast<size_t>(device)].overflow_mode;
}

std::vector<std::shared_ptr<Stream>> Runtime::StreamsOfDeviceLocked(int32_t device) const {
  std::vector<std::shared_ptr<Stream>> result;
  const DeviceState& state = devices_[static_cast<size_t>(device)];
  if (state.default_stream) result.push_back(state.default_stream);
  for (const auto& entry : contexts_) {
    if (entry.second->device == device) result.push_back(entry.second->default_stream);
  }
  for (const auto& entry : streams_) {
    if (entry.second->device() == device) result.push_back(entry.second);
  }
  return result;
}

const std::shared_ptr<Stream>& Runtime::CurrentDefaultStreamLocked(int32_t device) const {
  const void* current = ThisThreadContext().explicit_context;
  if (current != nullptr) {
    auto it = contexts_.find(current);
    if (it != contexts_.end()) return it->second->default_stream;
  }
  return devices_[static_cast<size_t>(device)].default_stream;
}

aclError Runtime::CreateStream(const char* api, aclrtStream* stream, uint32_t priority, uint32_t flags) {
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  std::shared_ptr<Stream> created;
  {
    // One lock from the context check to the insertion: a concurrent last aclrtResetDevice or
    // aclFinalize must not miss (and so leak) a stream registered in between.
    std::lock_guard<std::mutex> lock(mutex_);
    int32_t device = -1;
    const aclError status = RequireContextLocked(api, &device);
    if (status != ACL_SUCCESS) return status;
    const size_t held = StreamsOfDeviceLocked(device).size();
    const uint32_t most = MaxStreamsPerDevice(*profile_.load());
    if (held >= most) {
      return Fail(api, ACL_ERROR_RT_NO_STREAM_RESOURCE,
                  "device %d holds %zu streams (default streams included): the most a %s device holds is %u.", device,
                  held, profile_.load()->series_name, most);
    }
    created = std::make_shared<Stream>(device, priority, flags);
    created->mark_user_created();
    streams_.emplace(created.get(), created);
  }
  *stream = created.get();
  LifecycleCallbacks::Get().NotifyStream(created.get(), ACL_RT_STREAM_STATE_CREATE_POST);
  return ACL_SUCCESS;
}

aclError Runtime::DestroyStream(const char* api, aclrtStream handle) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  std::shared_ptr<Stream> stream;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    auto it = streams_.find(handle);
    if (it == streams_.end()) {
      return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live stream (destroyed, or never created).", handle);
    }
    const aclError capturing = RefuseIfCapturing(api, "Stream destruction", *it->second);
    if (capturing != ACL_SUCCESS) return capturing;
    stream = std::move(it->second);
    streams_.erase(it);
  }
  RetireStreams({{handle, stream, nullptr}});  // waits for the stream's outstanding work
  return ACL_SUCCESS;
}

aclError Runtime::FindStream(const char* api, aclrtStream handle, std::shared_ptr<Stream>* stream,
                             aclrtFloatOverflowMode* overflow_mode) {
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  if (overflow_mode != nullptr) *overflow_mode = devices_[static_cast<size_t>(device)].overflow_mode;
  const std::shared_ptr<Stream>& default_stream = CurrentDefaultStreamLocked(device);
  // The default stream's handle is the address of what holds it (see GetCurrentDefaultStream).
  if (handle == nullptr || handle == &default_stream) {
    *stream = default_stream;
    return ACL_SUCCESS;
  }
  auto it = streams_.find(handle);
  if (it == streams_.end()) {
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live stream (destroyed, or never created).", handle);
  }
  if (it->second->device() != device) {
    return Fail(api, ACL_ERROR_RT_STREAM_CONTEXT, "stream %p belongs to device %d, but the current device is %d.",
                handle, it->second->device(), device);
  }
  *stream = it->second;
  return ACL_SUCCESS;
}

aclError Runtime::SynchronizeStream(const char* api, aclrtStream handle) {
  std::shared_ptr<Stream> stream;
  const aclError status = FindStream(api, handle, &stream);
  if (status != ACL_SUCCESS) return status;
  const aclError capturing = RefuseIfCapturing(api, "Synchronizing a stream", *stream);
  if (capturing != ACL_SUCCESS) return capturing;
  const TaskResult result = stream->Synchronize();
  if (result.code != 0) return Fail(api, result.code, result.message);
  return ACL_SUCCESS;
}

aclError Runtime::SynchronizeDevice(const char* api) {
  std::vector<std::shared_ptr<Stream>> streams;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    int32_t device = -1;
    const aclError status = RequireContextLocked(api, &device);
    if (status != ACL_SUCCESS) return status;
    streams = StreamsOfDeviceLocked(device);
  }
  for (auto& stream : streams) {
    const aclError capturing = RefuseIfCapturing(api, "Synchronizing a device", *stream);
    if (capturing != ACL_SUCCESS) return capturing;
  }
  TaskResult first_failure;
  for (auto& stream : streams) {
    TaskResult result = stream->Synchronize();
    if (result.code != 0 && first_failure.code == 0) first_failure = std::move(result);
  }
  if (first_failure.code != 0) return Fail(api, first_failure.code, first_failure.message);
  return ACL_SUCCESS;
}

aclError Runtime::CreateContext(const char* api, aclrtContext* context, int32_t device) {
  if (context == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "context is nullptr.");
  aclrtStream primary_stream = nullptr;
  aclrtStream context_stream = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const aclError status = CheckDeviceIdLocked(api, device);
    if (status != ACL_SUCCESS) return status;
    auto created = std::make_shared<ExplicitContext>();
    created->device = device;
    created->default_stream = std::make_shared<Stream>(device);
    primary_stream = AcquireDeviceLocked(device);
    contexts_.emplace(created.get(), created);
    // As in CANN, the new context becomes the calling thread's current context.
    ThreadContext& current = ThisThreadContext();
    current.epoch = epoch_;
    current.device = device;
    current.generation = devices_[static_cast<size_t>(device)].generation;
    current.explicit_context = created.get();
    *context = created.get();
    context_stream = &created->default_stream;
  }
  LifecycleCallbacks& callbacks = LifecycleCallbacks::Get();
  if (primary_stream != nullptr) callbacks.NotifyStream(primary_stream, ACL_RT_STREAM_STATE_CREATE_POST);
  callbacks.NotifyStream(context_stream, ACL_RT_STREAM_STATE_CREATE_POST);
  return ACL_SUCCESS;
}

aclError Runtime::DestroyContext(const char* api, aclrtContext context) {
  if (context == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "context is nullptr.");
  std::vector<ReleasedStream> released;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
    auto it = contexts_.find(context);
    if (it == contexts_.end()) {
      return Fail(api, ACL_ERROR_RT_INVALID_HANDLE,
                  "%p is not a live context created by aclrtCreateContext (destroyed, never created, or a primary "
                  "context, which aclrtResetDevice releases).",
                  context);
    }
    const std::shared_ptr<ExplicitContext> doomed = it->second;
    contexts_.erase(it);
    released.push_back({&doomed->default_stream, doomed->default_stream, doomed});
    ReleaseDeviceLocked(doomed->device, 1, &released);
  }
  RetireStreams(released);
  return ACL_SUCCESS;
}

aclError Runtime::SetCurrentContext(const char* api, aclrtContext context) {
  if (context == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "context is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);
  if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  ThreadContext& current = ThisThreadContext();
  auto it = contexts_.find(context);
  if (it != contexts_.end()) {
    current.epoch = epoch_;
    current.device = it->second->device;
    current.generation = devices_[static_cast<size_t>(it->second->device)].generation;
    current.explicit_context = context;
    return ACL_SUCCESS;
  }
  for (size_t index = 0; index < devices_.size(); ++index) {
    if (devices_[index].primary_handle.get() == context) {
      current.epoch = epoch_;
      current.device = static_cast<int32_t>(index);
      current.generation = devices_[index].generation;
      current.explicit_context = nullptr;
      return ACL_SUCCESS;
    }
  }
  return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live context (destroyed, or never created).", context);
}

aclError Runtime::GetCurrentContext(const char* api, aclrtContext* context) {
  if (context == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "context is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  const void* current = ThisThreadContext().explicit_context;
  *context =
      current != nullptr ? const_cast<void*>(current) : devices_[static_cast<size_t>(device)].primary_handle.get();
  return ACL_SUCCESS;
}

aclError Runtime::GetCurrentDefaultStream(const char* api, aclrtStream* stream) {
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  // Not the Stream's own address: a destroyed stream's handle must not come back to life when a
  // new default stream is allocated where it was. The holder of the default stream (the device's
  // or the context's) lives as long as the device or the context.
  *stream = const_cast<std::shared_ptr<Stream>*>(&CurrentDefaultStreamLocked(device));
  return ACL_SUCCESS;
}

aclError Runtime::GetPrimaryContextState(const char* api, int32_t device, uint32_t* flags, int32_t* active) {
  if (flags == nullptr || active == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "flags or active is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);
  if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (device < 0 || static_cast<size_t>(device) >= devices_.size()) {
    return Fail(api, ACL_ERROR_RT_INVALID_DEVICEID, "device id %d is out of range [0, %zu).", device, devices_.size());
  }
  *flags = 0;  // no context flags exist
  *active = devices_[static_cast<size_t>(device)].ref_count > 0 ? 1 : 0;
  return ACL_SUCCESS;
}

aclError Runtime::ResetDeviceForce(const char* api, int32_t device) {
  return ReleaseDevice(api, device, true);  // drains: queued work runs to completion first
}

aclError Runtime::StreamsOfCurrentDevice(const char* api, std::vector<std::shared_ptr<Stream>>* streams) {
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  *streams = StreamsOfDeviceLocked(device);
  return ACL_SUCCESS;
}

aclError Runtime::CreateEvent(const char* api, aclrtEvent* event, uint32_t flags, EventOrigin origin) {
  if (event == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "event is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);  // as in CreateStream
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  auto created = std::make_shared<Event>(device, flags, origin);
  events_.emplace(created.get(), created);
  *event = created.get();
  return ACL_SUCCESS;
}

aclError Runtime::AvailableEvents(const char* api, uint32_t* count) {
  if (count == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "eventCount is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  uint32_t live = 0;
  for (const auto& entry : events_) live += entry.second->device() == device ? 1u : 0u;
  *count = live < kEventsPerDevice ? kEventsPerDevice - live : 0;
  return ACL_SUCCESS;
}

aclError Runtime::DestroyEvent(const char* api, aclrtEvent handle) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "event is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);
  if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  if (events_.erase(handle) == 0) {
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live event (destroyed, or never created).", handle);
  }
  return ACL_SUCCESS;  // queued records and waits hold their own reference
}

aclError Runtime::FindEvent(const char* api, aclrtEvent handle, std::shared_ptr<Event>* event) {
  if (handle == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "event is nullptr.");
  std::lock_guard<std::mutex> lock(mutex_);
  if (init_count_ == 0) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  auto it = events_.find(handle);
  if (it == events_.end()) {
    return Fail(api, ACL_ERROR_RT_INVALID_HANDLE, "%p is not a live event (destroyed, or never created).", handle);
  }
  *event = it->second;
  return ACL_SUCCESS;
}

aclError Runtime::RecordEvent(const char* api, aclrtEvent event, aclrtStream stream, uint32_t record_flag) {
  std::shared_ptr<Event> target_event;
  aclError result = FindEvent(api, event, &target_event);
  if (result != ACL_SUCCESS) return result;
  std::shared_ptr<Stream> target_stream;
  result = FindStream(api, stream, &target_stream);
  if (result != ACL_SUCCESS) return result;
  // The record starts when issued (at each replay, for a capture), and always runs.
  CapturedTask record;
  record.issue = [target_event] {
    const uint64_t sequence = target_event->BeginRecord();
    return StreamTask([target_event, sequence] {
      target_event->Complete(sequence);
      return TaskResult();
    });
  };
  record.always_run = true;
  record.label = TaskLabel{"EVENT_RECORD", nullptr, event, 0, target_event->flags(), record_flag};
  if (!target_stream->IssueOrCapture(std::move(record))) {
    return aclnn_host::FailNotIssued(api);
  }
  return ACL_SUCCESS;
}

bool IsA2A3Or950() {
  const SocProfile* profile = Runtime::Get().profile();
  return profile != nullptr && (profile->series == SocSeries::kAtlasA2 || profile->series == SocSeries::kAtlasA3 ||
                                profile->series == SocSeries::kAscend950);
}

aclError RequireA2A3Or950(const char* api, const char* feature) {
  if (IsA2A3Or950()) return ACL_SUCCESS;
  const SocProfile* profile = Runtime::Get().profile();
  return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              "%s is supported on Atlas A2, Atlas A3 and Ascend 950 only, not on %s.", feature,
              profile != nullptr ? profile->name : "this SoC");
}

}  // namespace aclnn_host

namespace aclnn_host {

Runtime::SysParams& Runtime::CurrentSysParamsLocked(int32_t device) {
  const void* current = ThisThreadContext().explicit_context;
  if (current != nullptr) {
    auto it = contexts_.find(current);
    if (it != contexts_.end()) return it->second->sys_params;
  }
  return devices_[static_cast<size_t>(device)].sys_params;
}

aclError Runtime::SetContextSysParam(const char* api, int option, int64_t value) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    int32_t device = -1;
    const aclError status = RequireContextLocked(api, &device);
    if (status != ACL_SUCCESS) return status;
    SysParams& params = CurrentSysParamsLocked(device);
    params.value[option] = value;
    params.set[option] = true;
  }
  SetProcessSysParam(option, value);
  return ACL_SUCCESS;
}

aclError Runtime::GetContextSysParam(const char* api, int option, int64_t* value) {
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  const SysParams& params = CurrentSysParamsLocked(device);
  if (!params.set[option]) {
    return Fail(api, ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                "option %d was never set on the current context (a context's options have no default).", option);
  }
  *value = params.value[option];
  return ACL_SUCCESS;
}

}  // namespace aclnn_host

namespace aclnn_host {

aclError Runtime::RequireSetDeviceCoresLocked(const char* api, int32_t device, aclrtDevResLimitType type,
                                              uint32_t* cores) const {
  const aclError status = CheckDeviceIdLocked(api, device);
  if (status != ACL_SUCCESS) return status;
  if (devices_[static_cast<size_t>(device)].ref_count == 0) {
    return Fail(api, ACL_ERROR_RT_DEV_SETUP_ERROR, "device %d is not set: call aclrtSetDevice first.", device);
  }
  if (!HardwareCores(*profile_.load(), type, cores)) return UnknownCoreSplit(api, *profile_.load());
  return ACL_SUCCESS;
}

aclError Runtime::GetDeviceCoreLimit(const char* api, int32_t device, aclrtDevResLimitType type, uint32_t* value) {
  std::lock_guard<std::mutex> lock(mutex_);
  uint32_t cores = 0;
  const aclError status = RequireSetDeviceCoresLocked(api, device, type, &cores);
  if (status != ACL_SUCCESS) return status;
  *value = devices_[static_cast<size_t>(device)].core_limits[type];
  return ACL_SUCCESS;
}

aclError Runtime::SetDeviceCoreLimit(const char* api, int32_t device, aclrtDevResLimitType type, uint32_t value) {
  std::lock_guard<std::mutex> lock(mutex_);
  uint32_t cores = 0;
  const aclError status = RequireSetDeviceCoresLocked(api, device, type, &cores);
  if (status != ACL_SUCCESS) return status;
  if (value > cores) return TooManyCores(api, value, cores);
  devices_[static_cast<size_t>(device)].core_limits[type] = value;
  core_limits_used_ = true;
  return ACL_SUCCESS;
}

aclError Runtime::ResetDeviceCoreLimits(const char* api, int32_t device) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const aclrtDevResLimitType type : {ACL_RT_DEV_RES_CUBE_CORE, ACL_RT_DEV_RES_VECTOR_CORE}) {
    uint32_t cores = 0;
    const aclError status = RequireSetDeviceCoresLocked(api, device, type, &cores);
    if (status != ACL_SUCCESS) return status;
    devices_[static_cast<size_t>(device)].core_limits[type] = cores;
  }
  return ACL_SUCCESS;
}

aclError Runtime::SetStreamCoreLimit(const char* api, Stream& stream, aclrtDevResLimitType type, uint32_t value) {
  const SocProfile* profile = profile_.load();
  if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  uint32_t cores = 0;
  if (!HardwareCores(*profile, type, &cores)) return UnknownCoreSplit(api, *profile);
  // As CANN: bounded by the hardware, not by the device's limit.
  if (value > cores) return TooManyCores(api, value, cores);
  stream.core_limits[type].store(value);
  core_limits_used_ = true;
  return ACL_SUCCESS;
}

aclError Runtime::GetStreamCoreLimit(const char* api, const Stream& stream, aclrtDevResLimitType type,
                                     uint32_t* value) {
  const int64_t limit = stream.core_limits[type].load();
  if (limit >= 0) {
    *value = static_cast<uint32_t>(limit);
    return ACL_SUCCESS;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  const aclError status = CheckDeviceIdLocked(api, stream.device());  // a concurrent aclFinalize
  if (status != ACL_SUCCESS) return status;
  uint32_t cores = 0;
  if (!HardwareCores(*profile_.load(), type, &cores)) return UnknownCoreSplit(api, *profile_.load());
  *value = devices_[static_cast<size_t>(stream.device())].core_limits[type];
  return ACL_SUCCESS;
}

aclError Runtime::UseStreamCoresInThread(const char* api, aclrtStream handle, bool use) {
  std::shared_ptr<Stream> stream;
  const aclError status = FindStream(api, handle, &stream);
  if (status != ACL_SUCCESS) return status;
  std::weak_ptr<Stream>& bound = ThreadBoundStream();
  if (use) {
    bound = stream;
    core_limits_used_ = true;
  } else if (bound.lock() == stream) {
    bound.reset();  // unbinding another stream than the bound one changes nothing, as in CANN
  }
  return ACL_SUCCESS;
}

aclError Runtime::ThreadCoreLimit(const char* api, aclrtDevResLimitType type, uint32_t* value) {
  if (const std::shared_ptr<Stream> bound = ThreadBoundStream().lock()) {
    const int64_t limit = bound->core_limits[type].load();
    if (limit >= 0 && !bound->shutting_down()) {
      *value = static_cast<uint32_t>(limit);
      return ACL_SUCCESS;
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  uint32_t cores = 0;
  if (!HardwareCores(*profile_.load(), type, &cores)) return UnknownCoreSplit(api, *profile_.load());
  *value = devices_[static_cast<size_t>(device)].core_limits[type];
  return ACL_SUCCESS;
}

uint32_t Runtime::TilingVectorCores(const SocProfile& profile) {
  if (!core_limits_used_.load(std::memory_order_relaxed)) return profile.vector_core_count;
  uint32_t cores = 0;
  if (!HardwareCores(profile, ACL_RT_DEV_RES_VECTOR_CORE, &cores)) return profile.vector_core_count;
  if (const std::shared_ptr<Stream> bound = ThreadBoundStream().lock()) {
    const int64_t limit = bound->core_limits[ACL_RT_DEV_RES_VECTOR_CORE].load();
    if (limit >= 0 && !bound->shutting_down()) return limit > 0 ? static_cast<uint32_t>(limit) : 1U;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  if (!ContextValidLocked(&device)) return profile.vector_core_count;
  const uint32_t limit = devices_[static_cast<size_t>(device)].core_limits[ACL_RT_DEV_RES_VECTOR_CORE];
  return limit > 0 ? limit : 1U;  // upstream's tiling would divide by a zero core count
}

}  // namespace aclnn_host

namespace aclnn_host {

aclError Runtime::AvailableStreams(const char* api, uint32_t* count) {
  std::lock_guard<std::mutex> lock(mutex_);
  int32_t device = -1;
  const aclError status = RequireContextLocked(api, &device);
  if (status != ACL_SUCCESS) return status;
  const size_t held = StreamsOfDeviceLocked(device).size();
  const uint32_t most = MaxStreamsPerDevice(*profile_.load());
  *count = held >= most ? 0 : most - static_cast<uint32_t>(held);
  return ACL_SUCCESS;
}

}  // namespace aclnn_host
