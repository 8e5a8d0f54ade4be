// aclnn_host/inspect.h: the public view of the SoC profiles, the tiling and the kernel variants that
// the tools read, held equal to the library's internal one.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnn_host/inspect.h"
#include "common/dims.h"
#include "kernels/isa.h"
#include "ops/hardswish_grad_tiling.h"
#include "ops/op_spec.h"
#include "runtime/soc_profile.h"

namespace {

TEST(InspectApi, SocProfilesAreTheInternalOnes) {
  size_t count = 0;
  const aclnn_host::SocProfile* profiles = aclnn_host::SocProfiles(&count);
  ASSERT_EQ(aclnnHostSocCount(), count);
  EXPECT_EQ(aclnnHostSocGet(count), nullptr);
  for (size_t i = 0; i < count; ++i) {
    const aclnnHostSocInfo* info = aclnnHostSocGet(i);
    ASSERT_NE(info, nullptr);
    EXPECT_STREQ(info->name, profiles[i].name);
    EXPECT_STREQ(info->series, profiles[i].series_name);
    EXPECT_EQ(info->vectorCoreCount, profiles[i].vector_core_count);
    EXPECT_EQ(info->libraryWorkspace, profiles[i].library_workspace);
    EXPECT_EQ(info->supportsBf16 != 0, profiles[i].supports_bf16);
    EXPECT_STREQ(info->tilingArch, profiles[i].tiling_arch == aclnn_host::TilingArch::kArch35 ? "arch35" : "arch22");
    EXPECT_EQ(aclnnHostSocFind(profiles[i].name), info);
  }
  EXPECT_EQ(aclnnHostSocFind("Ascend999"), nullptr);
  EXPECT_EQ(aclnnHostSocFind(nullptr), nullptr);
  EXPECT_NE(aclnnHostSocFind(aclnnHostDefaultSocName()), nullptr);
}

TEST(InspectApi, TilingIsPhaseOnesForEveryOperatorAndSoc) {
  const std::vector<int64_t> shape = {37, 1000};
  aclnn_host::Dims dims;
  for (int64_t d : shape) dims.PushBack(d);
  size_t compared = 0;
  for (size_t o = 0; o < aclnnHostOpCount(); ++o) {
    const aclnnHostOpInfo* op = aclnnHostOpGet(o);
    const aclnn_host::OpSpec& spec = *aclnn_host::FindOpSpec(op->name);
    for (size_t s = 0; s < aclnnHostSocCount(); ++s) {
      const aclnnHostSocInfo* soc = aclnnHostSocGet(s);
      aclnnHostTiling tiling;
      std::vector<int64_t> ranges(2 * 64);
      char error[256] = "";
      const aclnnStatus status = aclnnHostGetTiling(op, shape.data(), shape.size(), ACL_FLOAT, soc->name, &tiling,
                                                    ranges.data(), ranges.size() / 2, error, sizeof(error));
      const aclnn_host::SocProfile& profile = *aclnn_host::FindSocProfile(soc->name);
      const bool is_310 =
          profile.series == aclnn_host::SocSeries::kAscend310P || profile.series == aclnn_host::SocSeries::kAscend310B;
      if (spec.products == aclnn_host::ProductSupport::kNot310 && is_310) {
        EXPECT_EQ(status, ACLNN_ERR_INNER_NULLPTR) << op->name << " " << soc->name;
        EXPECT_EQ(std::string(error),
                  std::string(op->kernelType) + " has no kernel for " + soc->name + " (" + soc->series + ")");
        continue;
      }
      ASSERT_EQ(status, ACLNN_SUCCESS) << op->name << " " << soc->name << ": " << error;
      aclnn_host::OpTiling internal;
      std::string reason;
      ASSERT_TRUE(aclnn_host::ComputeOpTiling(spec, dims, dims, ACL_FLOAT, profile, &internal, &reason)) << reason;
      EXPECT_EQ(tiling.blockDim, internal.block_dim) << op->name << " " << soc->name;
      EXPECT_EQ(tiling.workspace, aclnn_host::RunsTbeKernel(spec, profile) ? 0u : internal.workspace)
          << op->name << " " << soc->name;
      EXPECT_EQ(tiling.chunk, internal.split.chunk);
      EXPECT_EQ(tiling.fieldCount, internal.field_count);
      ASSERT_EQ(tiling.coreCount, internal.split.cores.size());
      int64_t covered = 0;
      for (size_t c = 0; c < tiling.coreCount; ++c) {
        EXPECT_EQ(ranges[2 * c], internal.split.cores[c].begin);
        EXPECT_EQ(ranges[2 * c + 1], internal.split.cores[c].end);
        covered += ranges[2 * c + 1] - ranges[2 * c];
      }
      EXPECT_EQ(covered, 37 * 1000) << op->name << " " << soc->name;
      ++compared;
    }
  }
  EXPECT_GT(compared, 0u);
}

TEST(InspectApi, TilingRefusesBadArgumentsWithAStatusAndASentence) {
  const aclnnHostOpInfo* op = aclnnHostOpFind("hardswish_backward_v2");
  ASSERT_NE(op, nullptr);
  const int64_t shape[26] = {4};
  aclnnHostTiling tiling;
  char error[512] = "";
  EXPECT_EQ(aclnnHostGetTiling(nullptr, shape, 1, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 0, error, sizeof(error)),
            ACLNN_ERR_PARAM_NULLPTR);
  aclnnHostOpInfo copy = *op;  // not an entry of the table
  EXPECT_EQ(aclnnHostGetTiling(&copy, shape, 1, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 0, error, sizeof(error)),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnHostGetTiling(op, nullptr, 1, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 0, error, sizeof(error)),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnHostGetTiling(op, shape, 1, ACL_FLOAT, nullptr, &tiling, nullptr, 0, error, sizeof(error)),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnHostGetTiling(op, shape, 1, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 3, error, sizeof(error)),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnHostGetTiling(op, shape, 1, ACL_FLOAT, "Ascend999", &tiling, nullptr, 0, error, sizeof(error)),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(error).find("unknown SoC \"Ascend999\"; the SoC profiles are Ascend"), std::string::npos)
      << error;
  EXPECT_EQ(aclnnHostGetTiling(op, shape, 26, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 0, error, sizeof(error)),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_STREQ(error, "the shape has more than 25 dims");
  const int64_t negative[2] = {3, -1};
  EXPECT_EQ(aclnnHostGetTiling(op, negative, 2, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 0, error, sizeof(error)),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_STREQ(error, "the shape has a negative dim");
  // A short error buffer is truncated, never overrun; a null one is allowed.
  char small[8];
  std::memset(small, 'x', sizeof(small));
  EXPECT_EQ(aclnnHostGetTiling(op, negative, 2, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 0, small, 4),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_STREQ(small, "the");
  EXPECT_EQ(small[4], 'x');
  EXPECT_EQ(aclnnHostGetTiling(op, negative, 2, ACL_FLOAT, "Ascend910B3", &tiling, nullptr, 0, nullptr, 0),
            ACLNN_ERR_PARAM_INVALID);
  // Fewer range slots than cores: the count is still reported, only the slots given are written.
  int64_t one[2] = {-1, -1};
  const int64_t big[1] = {1 << 20};
  ASSERT_EQ(aclnnHostGetTiling(op, big, 1, ACL_FLOAT, "Ascend910B3", &tiling, one, 1, error, sizeof(error)),
            ACLNN_SUCCESS)
      << error;
  EXPECT_GT(tiling.coreCount, 1u);
  EXPECT_EQ(one[0], 0);
  EXPECT_GT(one[1], 0);
}

TEST(InspectApi, IsasAndThreadsAreTheInternalOnes) {
  const std::vector<aclnn_host::kernels::Isa>& compiled = aclnn_host::kernels::CompiledIsas();
  ASSERT_EQ(aclnnHostCompiledIsas(nullptr, 0), compiled.size());
  std::vector<const char*> names(compiled.size());
  aclnnHostCompiledIsas(names.data(), names.size());
  for (size_t i = 0; i < compiled.size(); ++i) EXPECT_STREQ(names[i], aclnn_host::kernels::IsaName(compiled[i]));
  EXPECT_EQ(aclnnHostSupportedIsas(nullptr, 0), aclnn_host::kernels::SupportedIsas().size());
  aclnn_host::kernels::Isa active = aclnn_host::kernels::Isa::kBaseline;
  std::string reason;
  ASSERT_TRUE(aclnn_host::kernels::ActiveIsa(&active, &reason)) << reason;
  EXPECT_STREQ(aclnnHostActiveIsa(nullptr, 0), aclnn_host::kernels::IsaName(active));
  EXPECT_GE(aclnnHostThreadCount(), 1u);
}

}  // namespace
