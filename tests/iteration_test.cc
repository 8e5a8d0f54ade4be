// The iteration layer's coalescing and ordering (src/base/elementwise.h), on its own.
#include <gtest/gtest.h>

#include "base/elementwise.h"

namespace {

using aclnn_host::Dims;
using aclnn_host::IterationOrder;
using aclnn_host::IterationSpace;

Dims D(std::initializer_list<int64_t> values) {
  Dims dims;
  for (int64_t v : values) dims.PushBack(v);
  return dims;
}

IterationSpace Build(const Dims& shape, const Dims& a, const Dims& out, IterationOrder order) {
  const Dims* strides[2] = {&a, &out};
  const size_t sizes[2] = {4, 4};
  return aclnn_host::BuildIterationSpace(shape, strides, sizes, 2, order);
}

}  // namespace

TEST(IterationSpace, ContiguousViewsCoalesceToOneDenseDim) {
  const IterationSpace space = Build(D({4, 5, 6}), D({30, 6, 1}), D({30, 6, 1}), IterationOrder::kMemory);
  EXPECT_TRUE(space.dense);
  EXPECT_EQ(space.rank, 1u);
  EXPECT_EQ(space.sizes[0], 120);
}

TEST(IterationSpace, TransposedViewsRunDenseInMemoryOrder) {
  // A {64, 32} view with strides {1, 64}: column-major, i.e. the transpose of a contiguous tensor.
  const IterationSpace memory = Build(D({64, 32}), D({1, 64}), D({1, 64}), IterationOrder::kMemory);
  EXPECT_TRUE(memory.dense);
  const IterationSpace row_major = Build(D({64, 32}), D({1, 64}), D({1, 64}), IterationOrder::kRowMajor);
  EXPECT_FALSE(row_major.dense);
  EXPECT_EQ(row_major.rank, 2u);
  EXPECT_EQ(row_major.byte_strides[1][1], 64 * 4);  // the inner dim strides through memory
}

TEST(IterationSpace, OutputOrderDecidesWhenLayoutsDiffer) {
  // The input is transposed, the output row-major: the output's order wins (inner dim contiguous in out).
  const IterationSpace space = Build(D({8, 16}), D({1, 8}), D({16, 1}), IterationOrder::kMemory);
  EXPECT_FALSE(space.dense);
  EXPECT_EQ(space.byte_strides[1][space.rank - 1], 4);
}

TEST(IterationSpace, SizeOneDimsAndBroadcastInputs) {
  // Size-1 dims vanish whatever their stride; a stride-0 input does not merge with a real dim.
  const IterationSpace space = Build(D({1, 8, 1, 16}), D({999, 0, 7, 1}), D({128, 16, 16, 1}), IterationOrder::kMemory);
  EXPECT_EQ(space.rank, 2u);
  EXPECT_EQ(space.sizes[0], 8);
  EXPECT_EQ(space.sizes[1], 16);
  EXPECT_EQ(space.byte_strides[0][0], 0);
}

TEST(IterationSpace, RankZeroIsOneElement) {
  const IterationSpace space = Build(D({}), D({}), D({}), IterationOrder::kMemory);
  EXPECT_TRUE(space.dense);
  EXPECT_EQ(space.rank, 1u);
  EXPECT_EQ(space.sizes[0], 1);
}

TEST(IterationSpace, MayOverlapItself) {
  EXPECT_FALSE(aclnn_host::MayOverlapItself(D({4, 5}), D({5, 1})));
  EXPECT_FALSE(aclnn_host::MayOverlapItself(D({4, 5}), D({1, 4})));
  EXPECT_TRUE(aclnn_host::MayOverlapItself(D({3, 3}), D({2, 1})));
  EXPECT_TRUE(aclnn_host::MayOverlapItself(D({3, 3}), D({0, 1})));
  EXPECT_FALSE(aclnn_host::MayOverlapItself(D({1, 3}), D({0, 1})));  // a size-1 dim never moves
}
