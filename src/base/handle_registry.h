// A set of live handles of one kind (tensors, executors, ...). Handles cross the C API as raw
// pointers; checking them against the registry turns a destroyed or foreign pointer into a
// status code instead of a crash.
#ifndef ACLNN_HOST_BASE_HANDLE_REGISTRY_H_
#define ACLNN_HOST_BASE_HANDLE_REGISTRY_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace aclnn_host {

template <typename T>
class HandleRegistry {
 public:
  void Add(const T* handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    live_.insert(handle);
    retired_.erase(handle);  // the address is reused: it is live again
  }

  /// Removes `handle`; false when it was not live. With `remember`, a later lookup can tell
  /// that the handle was retired rather than never created (until the address is reused, or
  /// kRetiredCapacity later retirements have pushed it out).
  bool Remove(const T* handle, bool remember = false) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (live_.erase(handle) == 0) return false;
    if (remember) RememberLocked(handle);
    return true;
  }

  /// Removes every live handle (remembering them as retired) and returns them.
  std::vector<const T*> TakeAll() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<const T*> taken(live_.begin(), live_.end());
    live_.clear();
    for (const T* handle : taken) RememberLocked(handle);
    return taken;
  }

  bool Contains(const T* handle) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.count(handle) != 0;
  }

  /// The index of the first of `count` handles that is not live, or `count` (one lock for all).
  size_t FirstNotLive(const T* const* handles, size_t count) const {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = 0; i < count; ++i) {
      if (live_.count(handles[i]) == 0) return i;
    }
    return count;
  }

  /// Whether `handle` was recently removed with `remember`.
  bool WasRetired(const T* handle) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return retired_.count(handle) != 0;
  }

 private:
  static constexpr size_t kRetiredCapacity = 4096;

  void RememberLocked(const T* handle) {
    const uint64_t sequence = ++retirements_;
    retired_[handle] = sequence;
    retired_order_.push_back({handle, sequence});
    if (retired_order_.size() > kRetiredCapacity) {
      const auto oldest = retired_order_.front();
      retired_order_.pop_front();
      auto it = retired_.find(oldest.first);
      if (it != retired_.end() && it->second == oldest.second) retired_.erase(it);
    }
  }

  mutable std::mutex mutex_;
  std::unordered_set<const T*> live_;
  std::unordered_map<const T*, uint64_t> retired_;  // handle -> the retirement that put it here
  std::deque<std::pair<const T*, uint64_t>> retired_order_;
  uint64_t retirements_ = 0;
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_BASE_HANDLE_REGISTRY_H_
