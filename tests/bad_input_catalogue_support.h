// Helpers of the bad-input catalogue tests (docs/bad-input-catalogue.md): one TEST per catalogue
// row, named after the row's ID (row V2-07 is TEST(Catalogue, V2_07)); tests/check_catalogue.cmake
// compares the two sets.
#ifndef ACLNN_HOST_TESTS_BAD_INPUT_CATALOGUE_SUPPORT_H_
#define ACLNN_HOST_TESTS_BAD_INPUT_CATALOGUE_SUPPORT_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "aclnn_host/ops.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "support/acl_test_support.h"
#include "support/phase_one.h"
#include "support/status_assertions.h"

namespace catalogue {

using test::DeviceBuffer;
using test::FailsWith;
using test::Layout;
using test::PhaseOneResult;
using test::Rejected;
using test::RunPhaseOne;
using test::RuntimeSession;
using test::Succeeds;
using test::TakeErrorMessage;
using test::Tensor;

/// Memory of device 1 while the thread works on device 0 (the test sets ACLNN_HOST_DEVICE_COUNT=2
/// before its session starts). On destruction the buffer is freed on device 1 and device 1 released:
/// aclrtSetDevice(1) ran twice (to allocate, to free), so it is reset twice.
class OtherDeviceBuffer {
 public:
  explicit OtherDeviceBuffer(size_t bytes) {
    EXPECT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
    buffer_ = DeviceBuffer(bytes);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  }
  ~OtherDeviceBuffer() {
    EXPECT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
    buffer_ = DeviceBuffer();
    aclrtResetDevice(1);
    aclrtResetDevice(1);
  }
  OtherDeviceBuffer(const OtherDeviceBuffer&) = delete;
  OtherDeviceBuffer& operator=(const OtherDeviceBuffer&) = delete;
  void* get() const { return buffer_.get(); }

 private:
  DeviceBuffer buffer_;
};

// Phase one never reads tensor data: check rows give their tensors this address.
inline void* DummyData() {
  static float storage[64];
  return storage;
}

inline Tensor Make(const Layout& layout) { return Tensor(layout, DummyData()); }
inline Tensor Make(std::vector<int64_t> dims, aclDataType dtype = ACL_FLOAT) {
  Layout layout;
  layout.view = std::move(dims);
  layout.dtype = dtype;
  return Make(layout);
}

// A pointer that was never returned by aclCreateTensor (never dereferenced by the checks).
inline aclTensor* NotATensor() {
  static int64_t bogus[16];
  return reinterpret_cast<aclTensor*>(bogus);
}

inline PhaseOneResult V2(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  return RunPhaseOne([&](uint64_t* size, aclOpExecutor** executor) {
    return aclnnHardswishBackwardV2GetWorkspaceSize(grad, self, out, size, executor);
  });
}
inline PhaseOneResult V1(const aclTensor* grad, const aclTensor* self, aclTensor* out) {
  return RunPhaseOne([&](uint64_t* size, aclOpExecutor** executor) {
    return aclnnHardswishBackwardGetWorkspaceSize(grad, self, out, size, executor);
  });
}
inline PhaseOneResult Fw(const aclTensor* self, const aclTensor* out) {
  return RunPhaseOne([&](uint64_t* size, aclOpExecutor** executor) {
    return aclnnHardswishGetWorkspaceSize(self, out, size, executor);
  });
}
inline PhaseOneResult Ip(const aclTensor* self) {
  return RunPhaseOne([&](uint64_t* size, aclOpExecutor** executor) {
    return aclnnInplaceHardswishGetWorkspaceSize(self, size, executor);
  });
}

constexpr const char* kV2 = "aclnnHardswishBackwardV2GetWorkspaceSize";
constexpr const char* kV1 = "aclnnHardswishBackwardGetWorkspaceSize";
constexpr const char* kFw = "aclnnHardswishGetWorkspaceSize";
constexpr const char* kIp = "aclnnInplaceHardswishGetWorkspaceSize";

enum class Op { kV2, kV1, kForward, kInplace };

inline const char* PhaseTwoName(Op op) {
  switch (op) {
    case Op::kV2:
      return "aclnnHardswishBackwardV2";
    case Op::kV1:
      return "aclnnHardswishBackward";
    case Op::kForward:
      return "aclnnHardswish";
    default:
      return "aclnnInplaceHardswish";
  }
}

constexpr float kSentinel = -7.0f;

// Device-backed operands of one op: gradOutput, self and out (the in-place op's self is `out`),
// inputs 1.0 and out filled with kSentinel, so a refused run can be shown to write nothing.
struct Operands {
  explicit Operands(Op which, std::vector<int64_t> dims = {4, 8}) : op(which) {
    layout.view = std::move(dims);
    count = static_cast<size_t>(test::ElementCount(layout.view));
    const size_t bytes = count * sizeof(float);
    grad_buffer = DeviceBuffer(bytes);
    self_buffer = DeviceBuffer(bytes);
    out_buffer = DeviceBuffer(bytes);
    grad_buffer.Upload(std::vector<float>(count, 1.0f));
    self_buffer.Upload(std::vector<float>(count, 1.0f));
    out_buffer.Upload(std::vector<float>(count, kSentinel));
    grad = Tensor(layout, grad_buffer.get());
    self = Tensor(layout, self_buffer.get());
    out = Tensor(layout, out_buffer.get());
  }
  // Phase one of the op on these operands; ADD_FAILURE when it does not succeed.
  aclOpExecutor* PhaseOne(uint64_t* workspace_size) {
    aclOpExecutor* executor = nullptr;
    const aclnnHostOpInfo* info = aclnnHostOpFind(api());
    aclnnHostOpCall call{};
    if (info->numInputs == 2) call.inputs[0] = grad.get(), call.inputs[1] = self.get();
    if (info->numInputs == 1) call.inputs[0] = info->inPlace ? out.get() : self.get();
    call.output = out.get();
    const aclnnStatus status = aclnnHostOpGetWorkspaceSize(info, &call, workspace_size, &executor);
    EXPECT_EQ(status, ACLNN_SUCCESS) << TakeErrorMessage();
    return executor;
  }
  aclnnStatus PhaseTwo(void* workspace, uint64_t size, aclOpExecutor* executor, aclrtStream stream) const {
    return aclnnHostOpRun(aclnnHostOpFind(api()), workspace, size, executor, stream);
  }
  // Whether out (the in-place op's self) still holds kSentinel everywhere, after the device
  // has drained.
  bool OutUntouched() const {
    EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS) << TakeErrorMessage();
    for (float value : out_buffer.Download<float>(count)) {
      if (value != kSentinel) return false;
    }
    return true;
  }
  const char* api() const { return PhaseTwoName(op); }

  Op op;
  Layout layout;
  size_t count = 0;
  DeviceBuffer grad_buffer, self_buffer, out_buffer;
  Tensor grad, self, out;
};

}  // namespace catalogue

#endif  // ACLNN_HOST_TESTS_BAD_INPUT_CATALOGUE_SUPPORT_H_
