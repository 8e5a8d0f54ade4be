// A set of live handles of one kind (tensors, executors, ...). Handles cross the C API as raw
// pointers; checking them against the registry turns a destroyed or foreign pointer into a
// status code instead of a crash.
#ifndef ACLNN_HOST_BASE_HANDLE_REGISTRY_H_
#define ACLNN_HOST_BASE_HANDLE_REGISTRY_H_

#include <cstddef>
#include <deque>
#include <mutex>
#include <unordered_set>

namespace aclnn_host {

template <typename T>
class HandleRegistry {
 public:
  void Add(const T* handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    live_.insert(handle);
    Forget(handle);
  }

  /// Removes `handle`; false when it was not live. With `remember`, a later lookup can tell
  /// that the handle was retired rather than never created (until the address is reused).
  bool Remove(const T* handle, bool remember = false) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (live_.erase(handle) == 0) return false;
    if (remember) {
      retired_.insert(handle);
      retired_order_.push_back(handle);
      if (retired_order_.size() > kRetiredCapacity) {
        retired_.erase(retired_order_.front());
        retired_order_.pop_front();
      }
    }
    return true;
  }

  bool Contains(const T* handle) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.count(handle) != 0;
  }

  /// Whether `handle` was recently removed with `remember`.
  bool WasRetired(const T* handle) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return retired_.count(handle) != 0;
  }

 private:
  static constexpr size_t kRetiredCapacity = 4096;

  void Forget(const T* handle) {
    if (retired_.erase(handle) == 0) return;
    for (auto it = retired_order_.begin(); it != retired_order_.end(); ++it) {
      if (*it == handle) {
        retired_order_.erase(it);
        break;
      }
    }
  }

  mutable std::mutex mutex_;
  std::unordered_set<const T*> live_;
  std::unordered_set<const T*> retired_;
  std::deque<const T*> retired_order_;
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_BASE_HANDLE_REGISTRY_H_
