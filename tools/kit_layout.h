// ops-test-kit's manual-data layout (hicann/ops-test-kit docs/Manual_Data_Prepare_and_Replay.md):
// the file names `aclnn-host golden` and aclnn_host.golden() write, in one place.
#ifndef ACLNN_HOST_TOOLS_KIT_LAYOUT_H_
#define ACLNN_HOST_TOOLS_KIT_LAYOUT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace aclnn_host_cli {

/// A testcase_name the kit uses as its folder name as it is: 1 to 120 of [A-Za-z0-9_.-].
bool IsKitCaseName(const std::string& name);

/// "input_<index>_<dtype>.bin"; `dtype` is NumPy's name ("float32", "float16", "bfloat16").
std::string KitInputFileName(size_t index, const std::string& dtype);

/// "golden_0_<dtype>__shape_<dims joined by x>.bin", "scalar" for rank 0.
std::string KitGoldenFileName(const std::string& dtype, const std::vector<int64_t>& shape);

}  // namespace aclnn_host_cli

#endif  // ACLNN_HOST_TOOLS_KIT_LAYOUT_H_
