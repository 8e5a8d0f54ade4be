#!/usr/bin/env bash
# Cross-compiles the kernels for aarch64 (NEON and the baseline) and, where qemu-aarch64 exists,
# runs them against the reference. Usage: run_aarch64_check.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$1
work_dir=$2
compiler=${AARCH64_CXX:-aarch64-linux-gnu-g++}
mkdir -p "$work_dir/include"
# Highway's headers are architecture-independent; expose only them to the cross compiler.
ln -sfn /usr/include/hwy "$work_dir/include/hwy"
flags=(-std=c++17 -O2 -ffp-contract=off -Wall -Wextra -I"$source_dir/src" -I"$source_dir/include"
       -I"$source_dir/tests" -isystem "$work_dir/include" -DHWY_COMPILE_ALL_ATTAINABLE
       "-DHWY_DISABLED_TARGETS=(HWY_SSSE3|HWY_AVX3_DL|HWY_SVE|HWY_SVE2|HWY_SVE_256|HWY_SVE2_128)")
"$compiler" "${flags[@]}" -c "$source_dir/src/kernels/hardswish_kernels.cc" -o "$work_dir/kernels.o"
symbols=$(nm -C "$work_dir/kernels.o")
if ! grep -q 'N_NEON::HardswishGradV2Table' <<<"$symbols"; then
  echo "the aarch64 build has no NEON kernels" >&2
  exit 1
fi
"$compiler" "${flags[@]}" -c "$source_dir/src/kernels/isa.cc" -o "$work_dir/isa.o"
"$compiler" "${flags[@]}" -static "$source_dir/tests/cross/aarch64_kernels_check.cc" "$work_dir/isa.o" \
  "$work_dir/kernels.o" -o "$work_dir/aarch64_kernels_check"
echo "compiled the aarch64 kernels (NEON and baseline)"
if command -v qemu-aarch64 >/dev/null 2>&1; then
  qemu-aarch64 "$work_dir/aarch64_kernels_check"
else
  echo "qemu-aarch64 not found: compiled only"
fi
