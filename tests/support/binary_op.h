// Helpers for the tests of binary elementwise ops (gradOutput, self) -> out: operands as raw
// storage elements with a layout, broadcasting the way the reference reads them, and a runner of
// both phases through a test's own phase-one call.
#ifndef ACLNN_HOST_TESTS_SUPPORT_BINARY_OP_H_
#define ACLNN_HOST_TESTS_SUPPORT_BINARY_OP_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "reference/activation_reference.h"
#include "support/acl_test_support.h"

namespace test {

using reference::Format;

inline size_t SizeOf(aclDataType dtype) { return dtype == ACL_FLOAT ? 4 : 2; }

inline Format FormatOf(aclDataType dtype) {
  return dtype == ACL_FLOAT ? Format::kFp32 : dtype == ACL_FLOAT16 ? Format::kFp16 : Format::kBf16;
}

/// The dtype the kernel runs in (op::PromoteType of two float dtypes).
inline aclDataType Promoted(aclDataType a, aclDataType b) {
  if (a == b) return a;
  return ACL_FLOAT;  // fp32 with anything, and fp16 with bf16
}

inline std::vector<uint8_t> Pack(const std::vector<uint32_t>& raw, aclDataType dtype) {
  std::vector<uint8_t> bytes(raw.size() * SizeOf(dtype));
  for (size_t i = 0; i < raw.size(); ++i) std::memcpy(&bytes[i * SizeOf(dtype)], &raw[i], SizeOf(dtype));
  return bytes;
}

/// An operand: its layout (strides and storage empty: row-major) and its storage's raw elements.
struct Operand {
  test::Layout layout;
  std::vector<uint32_t> raw;
};

inline Operand Dense(std::vector<int64_t> view, aclDataType dtype, std::vector<uint32_t> raw) {
  Operand operand;
  operand.layout.view = std::move(view);
  operand.layout.dtype = dtype;
  operand.raw = std::move(raw);
  return operand;
}

/// The storage index that output element `linear` (row-major in `out_view`) reads from `operand`,
/// broadcast right-aligned (a dim of 1 repeats).
inline int64_t SourceIndex(const Operand& operand, const std::vector<int64_t>& out_view, int64_t linear) {
  const test::Layout& l = operand.layout;
  const std::vector<int64_t> strides = l.strides.empty() ? test::RowMajorStrides(l.view) : l.strides;
  int64_t at = l.offset;
  for (size_t d = out_view.size(); d-- > 0;) {
    const int64_t index = linear % out_view[d];
    linear /= out_view[d];
    const size_t back = out_view.size() - 1 - d;
    if (back >= l.view.size()) continue;
    const size_t k = l.view.size() - 1 - back;
    if (l.view[k] != 1) at += index * strides[k];
  }
  return at;
}

struct SocCase {
  const char* soc;
  bool tbe;
  reference::Numerics numerics;
  bool bf16;
};

inline const SocCase kSocs[] = {{"Ascend950PR", false, {false, true}, true},
                                {"Ascend910B3", true, {false, false}, true},
                                {"Ascend910A", true, {true, false}, false}};

inline std::vector<uint32_t> RandomRaw(size_t n, aclDataType dtype, std::mt19937* rng) {
  std::vector<uint32_t> raw(n);
  for (uint32_t& v : raw) v = dtype == ACL_FLOAT ? (*rng)() : (*rng)() & 0xFFFFu;
  return raw;
}

/// Runs both phases: `phase_one(g, x, y, &workspace_size, &executor)` then `phase_two`; the output is
/// a dense `out_view` of `out_dtype`, returned as raw elements.
template <typename PhaseOne, typename PhaseTwo>
std::vector<uint32_t> RunBinaryOp(PhaseOne&& phase_one, PhaseTwo&& phase_two, const Operand& grad, const Operand& self,
                                  aclDataType out_dtype, const std::vector<int64_t>& out_view, aclrtStream stream) {
  const std::vector<uint8_t> g_bytes = Pack(grad.raw, grad.layout.dtype);
  const std::vector<uint8_t> x_bytes = Pack(self.raw, self.layout.dtype);
  const int64_t n = ElementCount(out_view);
  DeviceBuffer g(g_bytes.size()), x(x_bytes.size()), y(static_cast<size_t>(n) * SizeOf(out_dtype));
  g.Upload(g_bytes);
  x.Upload(x_bytes);
  Tensor gt(grad.layout, g.get()), xt(self.layout, x.get());
  Layout out_layout;
  out_layout.view = out_view;
  out_layout.dtype = out_dtype;
  Tensor yt(out_layout, y.get());
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(phase_one(gt.get(), xt.get(), yt.get(), &workspace_size, &executor), ACLNN_SUCCESS) << TakeErrorMessage();
  DeviceBuffer workspace(static_cast<size_t>(workspace_size));
  EXPECT_EQ(phase_two(workspace_size > 0 ? workspace.get() : nullptr, workspace_size, executor, stream), ACLNN_SUCCESS)
      << TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  const std::vector<uint8_t> bytes = y.Download<uint8_t>(static_cast<size_t>(n) * SizeOf(out_dtype));
  std::vector<uint32_t> result(static_cast<size_t>(n), 0);
  for (size_t i = 0; i < result.size(); ++i) std::memcpy(&result[i], &bytes[i * SizeOf(out_dtype)], SizeOf(out_dtype));
  return result;
}

}  // namespace test

#endif  // ACLNN_HOST_TESTS_SUPPORT_BINARY_OP_H_
