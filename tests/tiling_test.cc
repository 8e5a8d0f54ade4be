// The HardSwishGradV2 tiling (op-hardswish-backward.md §6): every row of upstream's tiling test
// table, and the property that the cores' element ranges tile [0, n) exactly — for the shapes of
// the table and a sweep of sizes around the chunk size and core count, on every SoC profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ops/hardswish_grad_tiling.h"
#include "runtime/soc_profile.h"

namespace {

using aclnn_host::Dims;
using aclnn_host::OpTiling;
using aclnn_host::SocProfile;

Dims MakeDims(std::initializer_list<int64_t> values) {
  Dims dims;
  for (int64_t v : values) dims.PushBack(v);
  return dims;
}

int64_t Field(const OpTiling& tiling, const std::string& name) {
  for (size_t i = 0; i < tiling.field_count; ++i) {
    if (name == tiling.fields[i].name) return tiling.fields[i].value;
  }
  ADD_FAILURE() << "no tiling field " << name;
  return -1;
}

// The platforms upstream's tiling tests feed: UB 196608 with 40 cores (arch22), UB 1 MiB with 24
// cores (arch35).
SocProfile UpstreamArch22Platform() {
  SocProfile profile = *aclnn_host::FindSocProfile("Ascend910B3");
  profile.ub_size = 196608;
  profile.vector_core_count = 40;
  return profile;
}

SocProfile UpstreamArch35Platform() {
  SocProfile profile = *aclnn_host::FindSocProfile("Ascend950PR");
  profile.ub_size = 1048576;
  profile.vector_core_count = 24;
  return profile;
}

OpTiling Tile(std::initializer_list<int64_t> shape, aclDataType dtype, const SocProfile& profile) {
  OpTiling tiling;
  std::string error;
  EXPECT_TRUE(aclnn_host::ComputeHardswishGradTiling(MakeDims(shape), MakeDims(shape), dtype, profile, &tiling, &error))
      << error;
  return tiling;
}

// The cores' ranges are contiguous, in core order, cover [0, n) without gaps or overlaps, and are
// walked in chunks of `chunk` with only a core's last chunk short.
void ExpectRangesTile(const OpTiling& tiling, int64_t n) {
  ASSERT_EQ(tiling.split.cores.size(), tiling.block_dim);
  int64_t next = 0;
  for (const auto& range : tiling.split.cores) {
    EXPECT_EQ(range.begin, next);
    EXPECT_LE(range.begin, range.end);
    next = range.end;
  }
  EXPECT_EQ(next, n);
  if (n > 0) {
    EXPECT_GT(tiling.split.chunk, 0);
  }
}

}  // namespace

// ---- arch22 rows ------------------------------------------------------------------------------

TEST(TilingArch22, ShapeTwoByFourEveryDtype) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const OpTiling tiling = Tile({2, 4}, dtype, UpstreamArch22Platform());
    EXPECT_EQ(tiling.tiling_key, 0u);
    EXPECT_EQ(Field(tiling, "elementNum"), 8);
    EXPECT_EQ(Field(tiling, "elementNumEachCore"), 4864);
    EXPECT_EQ(Field(tiling, "needCoreNum"), 1);
    EXPECT_EQ(Field(tiling, "ubSize"), 196608);
    EXPECT_EQ(tiling.block_dim, 1u);
    ExpectRangesTile(tiling, 8);
  }
}

TEST(TilingArch22, ShapeTwoThreeEight) {
  const OpTiling tiling = Tile({2, 3, 8}, ACL_FLOAT, UpstreamArch22Platform());
  EXPECT_EQ(Field(tiling, "elementNum"), 48);
  EXPECT_EQ(tiling.block_dim, 1u);
}

TEST(TilingArch22, Shape1024x1024UsesFortyCoresFor216Chunks) {
  const OpTiling tiling = Tile({1024, 1024}, ACL_FLOAT, UpstreamArch22Platform());
  EXPECT_EQ(tiling.block_dim, 40u);
  EXPECT_EQ((1024 * 1024 + 4863) / 4864, 216);
  // 216 = 5 * 40 + 16: cores 0..15 take 6 chunks, the others 5; core 15 ends with the short one.
  EXPECT_EQ(tiling.split.cores[0].end - tiling.split.cores[0].begin, 6 * 4864);
  EXPECT_EQ(tiling.split.cores[15].end - tiling.split.cores[15].begin, 5 * 4864 + (1024 * 1024) % 4864);
  EXPECT_EQ(tiling.split.cores[16].end - tiling.split.cores[16].begin, 5 * 4864);
  ExpectRangesTile(tiling, 1024 * 1024);
}

TEST(TilingArch22, Shape4096x4096Fp16) {
  const OpTiling tiling = Tile({4096, 4096}, ACL_FLOAT16, UpstreamArch22Platform());
  EXPECT_EQ(tiling.block_dim, 40u);
  ExpectRangesTile(tiling, 4096 * 4096);
}

TEST(TilingArch22, Shape1024) {
  const OpTiling tiling = Tile({1024}, ACL_FLOAT, UpstreamArch22Platform());
  EXPECT_EQ(tiling.block_dim, 1u);
  ExpectRangesTile(tiling, 1024);
}

TEST(TilingArch22, ProfilesSeeTheirOwnUbAndWorkspace) {
  // Real A2 devices report UB 196352 (196608 - 256): the chunk is 4864 either way. A1 has 256 KiB.
  const OpTiling a2 = Tile({100000}, ACL_FLOAT, *aclnn_host::FindSocProfile("Ascend910B3"));
  EXPECT_EQ(Field(a2, "ubSize"), 196352);
  EXPECT_EQ(Field(a2, "elementNumEachCore"), 4864);
  EXPECT_EQ(a2.workspace, 16u * 1024 * 1024);
  const OpTiling a1 = Tile({100000}, ACL_FLOAT, *aclnn_host::FindSocProfile("Ascend910A"));
  EXPECT_EQ(Field(a1, "elementNumEachCore"), 6400);
  EXPECT_EQ(a1.workspace, 2u * 1024 * 1024);
  const OpTiling b1 = Tile({10000000}, ACL_FLOAT, *aclnn_host::FindSocProfile("Ascend910B1"));
  EXPECT_EQ(b1.block_dim, 48u);
}

TEST(TilingArch22, ShortChunkEndsTheLastRemainderCore) {
  // 11 chunks over 4 cores: cores 0..2 get 3 chunks, core 3 gets 2; the short chunk closes core 2.
  SocProfile profile = UpstreamArch22Platform();
  profile.vector_core_count = 4;
  const int64_t n = 10 * 4864 + 3;
  const OpTiling tiling = Tile({n}, ACL_FLOAT, profile);
  ASSERT_EQ(tiling.block_dim, 4u);
  EXPECT_EQ(tiling.split.cores[0].begin, 0);
  EXPECT_EQ(tiling.split.cores[1].begin, 3 * 4864);
  EXPECT_EQ(tiling.split.cores[2].begin, 6 * 4864);
  EXPECT_EQ(tiling.split.cores[2].end, 8 * 4864 + 3);
  EXPECT_EQ(tiling.split.cores[3].begin, 8 * 4864 + 3);
  EXPECT_EQ(tiling.split.cores[3].end, n);
  ExpectRangesTile(tiling, n);
}

// ---- arch35 rows ------------------------------------------------------------------------------

TEST(TilingArch35, Shape8x8Fp32SingleBuffer) {
  const OpTiling tiling = Tile({8, 8}, ACL_FLOAT, UpstreamArch35Platform());
  EXPECT_EQ(Field(tiling, "totalNum"), 64);
  EXPECT_EQ(Field(tiling, "blockFactor"), 3);
  EXPECT_EQ(tiling.block_dim, 22u);
  EXPECT_EQ(Field(tiling, "ubFactor"), 52416);  // 5 buffers
  EXPECT_EQ(tiling.workspace, 0u);
  EXPECT_TRUE(tiling.has_tiling_key);
  EXPECT_EQ(tiling.tiling_key, 0u);  // D_T_X DT_FLOAT (0), BUFFER_MODE 0
  ExpectRangesTile(tiling, 64);
}

TEST(TilingArch35, Shape256Fp16) {
  const OpTiling tiling = Tile({256}, ACL_FLOAT16, UpstreamArch35Platform());
  EXPECT_EQ(Field(tiling, "blockFactor"), 11);
  EXPECT_EQ(tiling.block_dim, 24u);
  EXPECT_EQ(Field(tiling, "ubFactor"), 65536);
  EXPECT_EQ(tiling.tiling_key, 1u);  // DT_FLOAT16 (1), single buffer (256 elements)
  ExpectRangesTile(tiling, 256);
}

TEST(TilingArch35, Shape64x32DoubleBuffer) {
  const OpTiling fp32 = Tile({64, 32}, ACL_FLOAT, UpstreamArch35Platform());
  EXPECT_EQ(Field(fp32, "blockFactor"), 86);
  EXPECT_EQ(fp32.block_dim, 24u);
  EXPECT_EQ(Field(fp32, "ubFactor"), 32768);  // 8 buffers
  EXPECT_EQ(fp32.tiling_key, 256u);           // DT_FLOAT (0) + BUFFER_MODE index 1 << 8
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    const OpTiling half = Tile({64, 32}, dtype, UpstreamArch35Platform());
    EXPECT_EQ(half.tiling_key, dtype == ACL_FLOAT16 ? 257u : 283u);  // DT_FLOAT16 1, DT_BF16 27, + 256
    EXPECT_EQ(Field(half, "blockFactor"), 86);
    EXPECT_EQ(Field(half, "ubFactor"), 47616);  // 11 buffers
    ExpectRangesTile(half, 2048);
  }
}

TEST(TilingArch35, Shape1024x128) {
  const OpTiling tiling = Tile({1024, 128}, ACL_FLOAT, UpstreamArch35Platform());
  EXPECT_EQ(Field(tiling, "totalNum"), 131072);
  EXPECT_EQ(Field(tiling, "blockFactor"), 5462);
  EXPECT_EQ(tiling.block_dim, 24u);
  EXPECT_EQ(Field(tiling, "ubFactor"), 32768);
  ExpectRangesTile(tiling, 131072);
}

TEST(TilingArch35, EmptyShape) {
  const OpTiling tiling = Tile({2, 0, 4}, ACL_FLOAT, UpstreamArch35Platform());
  EXPECT_EQ(Field(tiling, "totalNum"), 0);
  EXPECT_EQ(Field(tiling, "blockFactor"), 0);
  EXPECT_EQ(Field(tiling, "ubFactor"), 0);
  EXPECT_EQ(tiling.block_dim, 1u);
  EXPECT_EQ(tiling.tiling_key, 0u);  // an empty tensor takes buffer mode 0
}

TEST(TilingArch35, KeyAtTheDoubleBufferThreshold) {
  // Double buffering starts above 1024 elements (MIN_SPLIT_THRESHOLD): 1024 is mode 0, 1025 mode 1.
  EXPECT_EQ(Tile({1024}, ACL_BF16, UpstreamArch35Platform()).tiling_key, 27u);
  EXPECT_EQ(Tile({1025}, ACL_BF16, UpstreamArch35Platform()).tiling_key, 283u);
  EXPECT_EQ(Tile({1025}, ACL_FLOAT, UpstreamArch35Platform()).tiling_key, 256u);
  // Arch22 keeps its single key.
  EXPECT_EQ(Tile({1025}, ACL_BF16, UpstreamArch22Platform()).tiling_key, 0u);
}

TEST(TilingArch35, FailsWhereUpstreamFails) {
  OpTiling tiling;
  std::string error;
  const SocProfile profile = UpstreamArch35Platform();
  EXPECT_FALSE(
      aclnn_host::ComputeHardswishGradTiling(MakeDims({4, 4}), MakeDims({4, 4}), ACL_INT32, profile, &tiling, &error));
  EXPECT_NE(error.find("DT_INT32"), std::string::npos) << error;
  EXPECT_FALSE(
      aclnn_host::ComputeHardswishGradTiling(MakeDims({4, 4}), MakeDims({4, 5}), ACL_FLOAT, profile, &tiling, &error));
  EXPECT_NE(error.find("differs"), std::string::npos) << error;
  const Dims nine = MakeDims({2, 2, 2, 2, 2, 2, 2, 2, 2});
  EXPECT_FALSE(aclnn_host::ComputeHardswishGradTiling(nine, nine, ACL_FLOAT, profile, &tiling, &error));
  EXPECT_NE(error.find("more than 8"), std::string::npos) << error;
}

// ---- the ranges tile [0, n) everywhere ----------------------------------------------------------

TEST(TilingPartition, SweepOfSizesOnEveryProfile) {
  size_t count = 0;
  const SocProfile* profiles = aclnn_host::SocProfiles(&count);
  std::vector<int64_t> sizes = {0,     1,     2,     7,      8,      63,     64,      255,    256,
                                1023,  1024,  1025,  4863,   4864,   4865,   6399,    6400,   6401,
                                32767, 32768, 32769, 194559, 194560, 194561, 1048576, 1 << 23};
  for (int64_t k = 1; k <= 50; ++k) {  // around multiples of the chunk and of chunk * cores
    sizes.push_back(k * 4864 - 1);
    sizes.push_back(k * 4864 * 40 + 17);
  }
  for (size_t p = 0; p < count; ++p) {
    for (int64_t n : sizes) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
        SCOPED_TRACE(std::string(profiles[p].name) + " n=" + std::to_string(n));
        const OpTiling tiling = Tile({n}, dtype, profiles[p]);
        ExpectRangesTile(tiling, n);
        EXPECT_LE(tiling.block_dim, std::max<uint32_t>(1, profiles[p].vector_core_count));
        if (n > 0) {  // every core the tiling asks for gets work
          for (const auto& range : tiling.split.cores) EXPECT_GT(range.end - range.begin, 0);
        }
      }
    }
  }
}

// ---- the forward op's arch35 tiling (hard_swish_tiling.cpp), numbers derived by hand ----------
// UB 1048576 bytes, 24 cores: ubFactor = FloorAlign(FloorDiv(1048576 / 4, buffers), 32):
// fp32 6 buffers: 262144 / 6 = 43690 -> 43680; fp16/bf16 8 buffers: 262144 / 8 = 32768.

namespace {

OpTiling Forward(int64_t count, aclDataType dtype) {
  return aclnn_host::HardswishTilingArch35(count, dtype, UpstreamArch35Platform());
}

}  // namespace

TEST(TilingForwardArch35, OneElement) {  // also a 0-d tensor (EnsureNotScalar: [1])
  const OpTiling t = Forward(1, ACL_FLOAT);
  EXPECT_EQ(Field(t, "totalNum"), 1);
  EXPECT_EQ(Field(t, "blockFactor"), 1);  // CeilDiv(1, 24)
  EXPECT_EQ(t.block_dim, 1u);
  EXPECT_EQ(Field(t, "ubFactor"), 43680);
  EXPECT_EQ(t.tiling_key, 0u);
  EXPECT_EQ(t.workspace, 0u);
  ExpectRangesTile(t, 1);
}

TEST(TilingForwardArch35, Shape2x4Fp16) {
  const OpTiling t = Forward(8, ACL_FLOAT16);
  EXPECT_EQ(Field(t, "blockFactor"), 1);  // CeilDiv(8, 24)
  EXPECT_EQ(t.block_dim, 8u);             // CeilDiv(8, 1)
  EXPECT_EQ(Field(t, "ubFactor"), 32768);
  EXPECT_EQ(t.tiling_key, 1u);
  ExpectRangesTile(t, 8);
}

TEST(TilingForwardArch35, Shape7x13Bf16) {
  const OpTiling t = Forward(91, ACL_BF16);
  EXPECT_EQ(Field(t, "blockFactor"), 4);  // CeilDiv(91, 24)
  EXPECT_EQ(t.block_dim, 23u);            // CeilDiv(91, 4)
  EXPECT_EQ(Field(t, "ubFactor"), 32768);
  EXPECT_EQ(t.tiling_key, 2u);
  EXPECT_EQ(t.split.cores.back().begin, 88);
  EXPECT_EQ(t.split.cores.back().end, 91);
  ExpectRangesTile(t, 91);
}

TEST(TilingForwardArch35, Shape1024x128Fp32) {
  const OpTiling t = Forward(131072, ACL_FLOAT);
  EXPECT_EQ(Field(t, "blockFactor"), 5462);  // CeilDiv(131072, 24)
  EXPECT_EQ(t.block_dim, 24u);               // CeilDiv(131072, 5462)
  EXPECT_EQ(Field(t, "ubFactor"), 43680);
  EXPECT_EQ(t.split.chunk, 43680);
  ExpectRangesTile(t, 131072);
}

TEST(TilingForwardArch35, Shape47Fp32LeavesCoresIdle) {
  const OpTiling t = Forward(47, ACL_FLOAT);
  EXPECT_EQ(Field(t, "blockFactor"), 2);  // CeilDiv(47, 24)
  EXPECT_EQ(t.block_dim, 24u);            // CeilDiv(47, 2)
  EXPECT_EQ(t.split.cores.back().end - t.split.cores.back().begin, 1);
  ExpectRangesTile(t, 47);
}

TEST(TilingForwardArch35, Shape25Fp16) {
  const OpTiling t = Forward(25, ACL_FLOAT16);
  EXPECT_EQ(Field(t, "blockFactor"), 2);  // CeilDiv(25, 24)
  EXPECT_EQ(t.block_dim, 13u);            // CeilDiv(25, 2)
  ExpectRangesTile(t, 25);
}

TEST(TilingForwardArch35, Shape4096x4096Bf16OnTheProfile) {
  // The Ascend950PR profile itself (24 cores, 1 MiB UB, as upstream's test platform).
  const OpTiling t =
      aclnn_host::HardswishTilingArch35(4096 * 4096, ACL_BF16, *aclnn_host::FindSocProfile("Ascend950PR"));
  EXPECT_EQ(Field(t, "blockFactor"), 699051);  // CeilDiv(16777216, 24)
  EXPECT_EQ(t.block_dim, 24u);
  EXPECT_EQ(Field(t, "ubFactor"), 32768);
  EXPECT_EQ(t.tiling_key, 2u);
  ExpectRangesTile(t, 4096 * 4096);
}

// V1's arch35 tiling (hard_swish_grad_tiling_arch35.cpp) has V2's arch35 formulas (buffers 5/8
// for fp32, 8/11 for 16-bit, double buffering above 1024 elements, alignment max(32, 64)): the
// TilingArch35 rows above hold for it.
