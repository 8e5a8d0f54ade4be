// Layouts of aclnnHardswishBackwardV2: transposed and sliced views with offsets, stride-0 inputs,
// non-contiguous outputs, outputs aliasing or overlapping inputs, empty, rank 0 and rank 8 — each
// checked element by element (and the rest of every storage untouched) against the reference.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference/hardswish_reference.h"
#include "support/acl_test_support.h"

namespace {

using reference::Format;

struct Operand {
  test::Layout layout;
  size_t storage;  // index into Case::storage_elements
};

struct Case {
  std::vector<int64_t> storage_elements;
  Operand grad, self, out;
};

size_t ElementSize(Format format) { return format == Format::kFp32 ? 4 : 2; }

aclDataType DtypeOf(Format format) {
  return format == Format::kFp32 ? ACL_FLOAT : format == Format::kFp16 ? ACL_FLOAT16 : ACL_BF16;
}

// Random values in [-6, 6] (the interesting range of x), with a few specials mixed in.
uint32_t RandomElement(std::mt19937& rng, Format format) {
  std::uniform_real_distribution<float> dist(-6.0f, 6.0f);
  float v = dist(rng);
  if (rng() % 64 == 0) v = 3.0f;
  if (rng() % 64 == 0) v = -3.0f;
  if (rng() % 128 == 0) v = NAN;
  switch (format) {
    case Format::kFp16:
      return reference::FloatToHalf(v);
    case Format::kBf16:
      return reference::FloatToBf16(v);
    default:
      return reference::Bits(v);
  }
}

uint32_t LoadRaw(const std::vector<uint8_t>& bytes, int64_t index, Format format) {
  uint32_t value = 0;
  std::memcpy(&value, bytes.data() + index * static_cast<int64_t>(ElementSize(format)), ElementSize(format));
  return value;
}

void StoreRaw(std::vector<uint8_t>& bytes, int64_t index, uint32_t value, Format format) {
  std::memcpy(bytes.data() + index * static_cast<int64_t>(ElementSize(format)), &value, ElementSize(format));
}

/// Runs the case and checks every byte of every storage. Returns the host's part of the workspace
/// phase one asked for (what follows the NPU kernel's library workspace).
uint64_t RunCase(const Case& c, Format format, aclrtStream stream) {
  const size_t element_size = ElementSize(format);
  std::mt19937 rng(42);
  std::vector<std::vector<uint8_t>> initial(c.storage_elements.size());
  std::vector<test::DeviceBuffer> buffers;
  for (size_t s = 0; s < c.storage_elements.size(); ++s) {
    initial[s].resize(static_cast<size_t>(c.storage_elements[s]) * element_size);
    for (int64_t i = 0; i < c.storage_elements[s]; ++i) StoreRaw(initial[s], i, RandomElement(rng, format), format);
    buffers.emplace_back(initial[s].size());
    buffers.back().Upload(initial[s]);
  }
  auto make = [&](const Operand& operand) {
    test::Layout layout = operand.layout;
    layout.dtype = DtypeOf(format);
    if (layout.storage.empty()) layout.storage = {c.storage_elements[operand.storage]};
    return test::Tensor(layout, buffers[operand.storage].get());
  };
  test::Tensor grad = make(c.grad), self = make(c.self), out = make(c.out);

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnHardswishBackwardV2GetWorkspaceSize(grad.get(), self.get(), out.get(), &workspace_size, &executor),
            ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  const uint64_t host_workspace = aclnn_host::ExecutorHostWorkspaceSize(executor);
  test::DeviceBuffer workspace;
  if (workspace_size > 0) workspace = test::DeviceBuffer(workspace_size);
  EXPECT_EQ(aclnnHardswishBackwardV2(workspace.get(), workspace_size, executor, stream), ACLNN_SUCCESS)
      << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);

  // Expected: every result computed from the original inputs, then written in row-major order.
  std::vector<std::vector<uint8_t>> expected = initial;
  const int64_t count = test::ElementCount(c.out.layout.view);
  std::vector<uint32_t> results(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const uint32_t g = LoadRaw(initial[c.grad.storage], test::StorageIndex(c.grad.layout, i), format);
    const uint32_t x = LoadRaw(initial[c.self.storage], test::StorageIndex(c.self.layout, i), format);
    results[static_cast<size_t>(i)] = reference::HardswishGradElement(g, x, format, false, reference::Numerics());
  }
  for (int64_t i = 0; i < count; ++i) {
    StoreRaw(expected[c.out.storage], test::StorageIndex(c.out.layout, i), results[static_cast<size_t>(i)], format);
  }
  for (size_t s = 0; s < c.storage_elements.size(); ++s) {
    const std::vector<uint8_t> actual = buffers[s].Download<uint8_t>(initial[s].size());
    size_t mismatches = 0;
    for (int64_t i = 0; i < c.storage_elements[s]; ++i) {
      const uint32_t a = LoadRaw(actual, i, format);
      const uint32_t e = LoadRaw(expected[s], i, format);
      if (!reference::SameResult(a, e, format) && ++mismatches <= 5) {
        ADD_FAILURE() << "storage " << s << " element " << i << ": got 0x" << std::hex << a << ", expected 0x" << e;
      }
    }
    EXPECT_EQ(mismatches, 0u) << "storage " << s;
  }
  if (workspace_size == 0) return 0;  // an empty tensor: no kernel, no workspace (as upstream)
  EXPECT_GE(workspace_size, test::kA2LibraryWorkspace);
  return host_workspace;  // what the host needs beyond upstream's part
}

test::Layout View(std::vector<int64_t> view, std::vector<int64_t> strides = {}, int64_t offset = 0,
                  std::vector<int64_t> storage = {}) {
  test::Layout layout;
  layout.view = std::move(view);
  layout.strides = std::move(strides);
  layout.offset = offset;
  layout.storage = std::move(storage);
  return layout;
}

// A 2-D view of shape {rows, cols} over column-major storage: the transpose of a contiguous {cols, rows}.
test::Layout Transposed(int64_t rows, int64_t cols) { return View({rows, cols}, {1, rows}); }

Case ThreeStorages(int64_t elements, test::Layout grad, test::Layout self, test::Layout out) {
  return Case{{elements, elements, elements}, {grad, 0}, {self, 1}, {out, 2}};
}

class HardswishBackwardV2Layout : public ::testing::TestWithParam<Format> {
 protected:
  test::RuntimeSession session_;
};

}  // namespace

TEST_P(HardswishBackwardV2Layout, AllThreeTransposed) {
  EXPECT_EQ(RunCase(ThreeStorages(33 * 47, Transposed(33, 47), Transposed(33, 47), Transposed(33, 47)), GetParam(),
                    session_.stream()),
            0u);
}

TEST_P(HardswishBackwardV2Layout, AllThreeTransposedAboveTheThreadingThreshold) {
  EXPECT_EQ(RunCase(ThreeStorages(300 * 257, Transposed(300, 257), Transposed(300, 257), Transposed(300, 257)),
                    GetParam(), session_.stream()),
            0u);
}

TEST_P(HardswishBackwardV2Layout, InputsTransposedOutputContiguous) {
  RunCase(ThreeStorages(64 * 40, Transposed(64, 40), Transposed(64, 40), View({64, 40})), GetParam(),
          session_.stream());
}

TEST_P(HardswishBackwardV2Layout, SlicedViewsWithOffsets) {
  // gradOutput: rows 1..4, cols 2..6 of a {10, 20} storage; self: every other element from 3 on.
  Case c{{200, 200, 20}, {View({4, 5}, {20, 1}, 22, {10, 20}), 0}, {View({4, 5}, {40, 2}, 3), 1}, {View({4, 5}), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, StrideZeroBroadcastInputs) {
  // self repeats one row of 16 over 8 rows; gradOutput repeats one value per row.
  Case c{{8, 16, 128}, {View({8, 16}, {1, 0}), 0}, {View({8, 16}, {0, 1}), 1}, {View({8, 16}), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, NonContiguousOutputLeavesTheGapsAlone) {
  Case c{{128, 128, 8 * 40 + 40}, {View({8, 16}), 0}, {View({8, 16}), 1}, {View({8, 16}, {40, 2}, 5), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, OutputAliasesSelfInPlace) {
  Case c{{96, 96}, {View({8, 12}), 0}, {View({8, 12}), 1}, {View({8, 12}), 1}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);  // identical layouts need no temporary
}

TEST_P(HardswishBackwardV2Layout, OutputAliasesGradOutputInPlace) {
  Case c{{96, 96}, {View({8, 12}), 0}, {View({8, 12}), 1}, {View({8, 12}), 0}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, AllThreeAliasOneBuffer) {
  Case c{{60000}, {View({60000}), 0}, {View({60000}), 0}, {View({60000}), 0}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, TransposedViewsAliasingInPlace) {
  Case c{{47 * 33, 47 * 33}, {Transposed(47, 33), 0}, {Transposed(47, 33), 1}, {Transposed(47, 33), 1}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, OutputShiftedOverSelfUsesATemporary) {
  // out[i] is self[i + 1]: writing in place would feed results back into later inputs.
  Case c{{1001, 1001}, {View({1000}), 0}, {View({1000}, {1}, 1), 1}, {View({1000}), 1}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 1000 * ElementSize(GetParam()));
}

TEST_P(HardswishBackwardV2Layout, OutputShiftedOverSelfAboveTheThreadingThreshold) {
  Case c{{100001, 100001}, {View({100000}), 0}, {View({100000}), 1}, {View({100000}, {1}, 1), 1}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 100000 * ElementSize(GetParam()));
}

TEST_P(HardswishBackwardV2Layout, OutputTransposedOverSelfUsesATemporary) {
  Case c{{256, 256}, {View({16, 16}), 0}, {View({16, 16}), 1}, {Transposed(16, 16), 1}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 256 * ElementSize(GetParam()));
}

TEST_P(HardswishBackwardV2Layout, OutputThatMayOverlapItselfIsWrittenInOrder) {
  // Elements (1, 0) and (0, 2) share an address; the last write in row-major order wins.
  Case c{{9, 9, 7}, {View({3, 3}), 0}, {View({3, 3}), 1}, {View({3, 3}, {2, 1}), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 9 * ElementSize(GetParam()));
}

TEST_P(HardswishBackwardV2Layout, EmptyTensorWritesNothing) {
  Case c{
      {6, 6, 6}, {View({2, 0, 3}, {}, 0, {6}), 0}, {View({2, 0, 3}, {}, 0, {6}), 1}, {View({2, 0, 3}, {}, 0, {6}), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, RankZero) {
  Case c{{1, 1, 1}, {View({}), 0}, {View({}), 1}, {View({}), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, RankEightWithPermutedStrides) {
  // A rank-8 view whose strides are those of the reversed shape (a full transpose).
  const std::vector<int64_t> shape = {2, 1, 3, 1, 2, 2, 1, 3};
  std::vector<int64_t> strides(8);
  int64_t stride = 1;
  for (size_t i = 0; i < 8; ++i) {
    strides[i] = stride;
    stride *= shape[i];
  }
  Case c{{72, 72, 72}, {View(shape, strides), 0}, {View(shape), 1}, {View(shape, strides), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, SizeOneDimsWithArbitraryStrides) {
  // Strides of size-1 dims never move the address; they must not break coalescing or checks.
  Case c{{40, 40, 40},
         {View({5, 1, 8}, {8, 999, 1}), 0},
         {View({5, 1, 8}, {8, 0, 1}), 1},
         {View({5, 1, 8}, {8, 7, 1}), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

TEST_P(HardswishBackwardV2Layout, MultiDimStorageShapeForOutput) {
  Case c{{24, 24, 60}, {View({4, 6}), 0}, {View({4, 6}), 1}, {View({4, 6}, {12, 2}, 7, {5, 12}), 2}};
  EXPECT_EQ(RunCase(c, GetParam(), session_.stream()), 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Dtypes, HardswishBackwardV2Layout, ::testing::Values(Format::kFp32, Format::kFp16, Format::kBf16),
    [](const ::testing::TestParamInfo<Format>& info) {
      return std::string(info.param == Format::kFp32 ? "Fp32" : info.param == Format::kFp16 ? "Fp16" : "Bf16");
    });
