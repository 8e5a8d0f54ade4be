#!/usr/bin/env bash
# Builds aclnn-host and runs the CANN sample for aclnnHardswishBackwardV2.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)" --target hardswish_backward_v2_sample
./build/examples/hardswish_backward_v2_sample
