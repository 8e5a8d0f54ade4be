// ops-test-kit's manual-data file names (kit_layout.h).
#include "kit_layout.h"

namespace aclnn_host_cli {

bool IsKitCaseName(const std::string& name) {
  return !name.empty() && name.size() <= 120 &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") ==
             std::string::npos;
}

std::string KitInputFileName(size_t index, const std::string& dtype) {
  return "input_" + std::to_string(index) + "_" + dtype + ".bin";
}

std::string KitGoldenFileName(const std::string& dtype, const std::vector<int64_t>& shape) {
  std::string token;
  for (int64_t d : shape) token += (token.empty() ? "" : "x") + std::to_string(d);
  return "golden_0_" + dtype + "__shape_" + (shape.empty() ? "scalar" : token) + ".bin";
}

}  // namespace aclnn_host_cli
