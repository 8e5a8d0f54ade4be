// An aclScalar of any dtype the tests pass, destroyed at scope exit.
#ifndef ACLNN_HOST_TESTS_SUPPORT_SCALAR_H_
#define ACLNN_HOST_TESTS_SUPPORT_SCALAR_H_

#include <cstdint>
#include <cstring>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace test {

class Scalar {
 public:
  /// `value` stored in `dtype`: floats rounded to nearest-even, integers truncated (in range).
  explicit Scalar(double value, aclDataType dtype = ACL_FLOAT) {
    unsigned char bytes[8] = {};
    switch (dtype) {
      case ACL_DOUBLE:
        std::memcpy(bytes, &value, 8);
        break;
      case ACL_FLOAT16: {
        const uint16_t half = aclFloatToFloat16(static_cast<float>(value));
        std::memcpy(bytes, &half, 2);
        break;
      }
      case ACL_BF16: {
        const float f = static_cast<float>(value);
        uint32_t bits = 0;
        std::memcpy(&bits, &f, 4);
        const uint16_t bf16 = static_cast<uint16_t>((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
        std::memcpy(bytes, &bf16, 2);
        break;
      }
      case ACL_BOOL:
        bytes[0] = value != 0 ? 1 : 0;
        break;
      case ACL_INT8:
      case ACL_UINT8:
      case ACL_INT16:
      case ACL_UINT16:
      case ACL_INT32:
      case ACL_UINT32:
      case ACL_INT64:
      case ACL_UINT64: {  // little-endian: the low bytes of the int64
        const int64_t integer = static_cast<int64_t>(value);
        std::memcpy(bytes, &integer, 8);
        break;
      }
      default: {
        const float f = static_cast<float>(value);
        std::memcpy(bytes, &f, 4);
        break;
      }
    }
    scalar_ = aclCreateScalar(bytes, dtype);
  }
  /// An integer scalar holding `value` exactly (its low bytes for the narrower dtypes).
  Scalar(aclDataType dtype, int64_t value) {
    unsigned char bytes[8] = {};
    std::memcpy(bytes, &value, 8);
    scalar_ = aclCreateScalar(bytes, dtype);
  }
  ~Scalar() { aclDestroyScalar(scalar_); }
  Scalar(const Scalar&) = delete;
  Scalar& operator=(const Scalar&) = delete;
  const aclScalar* get() const { return scalar_; }

 private:
  aclScalar* scalar_ = nullptr;
};

}  // namespace test

#endif  // ACLNN_HOST_TESTS_SUPPORT_SCALAR_H_
