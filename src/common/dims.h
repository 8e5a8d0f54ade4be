// A fixed-capacity list of int64 dims or strides: tensors are copied into plans and executors,
// and inline storage keeps those copies free of allocations.
#ifndef ACLNN_HOST_COMMON_DIMS_H_
#define ACLNN_HOST_COMMON_DIMS_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace aclnn_host {

/// The most dims an aclTensor can hold (CANN's shape type holds 25).
constexpr size_t kMaxTensorRank = 25;

struct Dims {
  size_t rank = 0;
  int64_t v[kMaxTensorRank];  // only v[0, rank) is meaningful; copies move just those

  Dims() = default;
  Dims(const Dims& other) : rank(other.rank) {
    for (size_t i = 0; i < rank; ++i) v[i] = other.v[i];
  }
  Dims& operator=(const Dims& other) {
    rank = other.rank;
    for (size_t i = 0; i < rank; ++i) v[i] = other.v[i];
    return *this;
  }

  int64_t operator[](size_t i) const { return v[i]; }
  int64_t& operator[](size_t i) { return v[i]; }
  const int64_t* begin() const { return v; }
  const int64_t* end() const { return v + rank; }
  void PushBack(int64_t x) { v[rank++] = x; }
  bool operator==(const Dims& other) const {
    if (rank != other.rank) return false;
    for (size_t i = 0; i < rank; ++i) {
      if (v[i] != other.v[i]) return false;
    }
    return true;
  }
  bool operator!=(const Dims& other) const { return !(*this == other); }
};

/// "[2, 3]" (and "[]" for rank 0), as CANN prints shapes in messages.
inline std::string FormatDims(const Dims& dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.rank; ++i) {
    if (i != 0) text += ", ";
    text += std::to_string(dims[i]);
  }
  text += "]";
  return text;
}

}  // namespace aclnn_host

#endif  // ACLNN_HOST_COMMON_DIMS_H_
