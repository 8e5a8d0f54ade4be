#!/usr/bin/env bash
# The acceptance trial of the runtime surface (issue 13): builds every sample of a checkout of
# hicann/runtime's `example/` folder against aclnn-host's headers and libraries, the kernels they
# launch replaced by host stand-ins (scripts/trial_stand_ins/: ops-math's Add/Mul and the samples'
# shared kernel_func kernels; a sample with a kernel of its own is not built), runs it, and prints
# one line per sample (built? exit status) and a summary. Samples are not part of this
# repository: pass the folder.
#   scripts/trial_runtime_examples.sh <runtime>/example [build-dir] [ACLNN_HOST_SOC]
set -uo pipefail
examples="${1:?usage: $0 <hicann/runtime>/example [build-dir] [soc]}"
build="$(cd "${2:-build}" && pwd)"
soc="${3:-Ascend910B3}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
built=0 ran=0 kernels=0 multi=0 failed_build=0 failed_run=0 stand_in_kernels=0 stand_in_ran=0
for cmake_file in $(find "$examples" -name CMakeLists.txt -path '*/[0-9]_*/*' | sort); do
  dir="$(dirname "$cmake_file")"
  name="${dir#"$examples"/}"
  kernel_stand_ins=""
  if grep -q ascendc_library "$cmake_file"; then  # the sample launches an AscendC kernel it compiles
    # The samples' shared kernels (example/kernel_func: kernel_ops.h, kernel_add.h) have host
    # stand-ins (scripts/trial_stand_ins/kernel_func_stand_ins.cpp); a kernel of the sample's own does not.
    if grep -qs '__global__' "$dir"/*.cpp ||
       ! grep -qsE 'kernel_func/kernel_(ops|add)\.h' "$dir"/*.cpp "$(dirname "$dir")"/*.h; then
      kernels=$((kernels + 1))
      printf '%-70s %s\n' "$name" "needs an AscendC kernel: not built"
      continue
    fi
    kernel_stand_ins="$root/scripts/trial_stand_ins/kernel_func_stand_ins.cpp"
  fi
  if [ ! -f "$dir/main.cpp" ] && [ "$(find "$dir" -maxdepth 1 -name '*.cpp' | wc -l)" -gt 1 ]; then
    multi=$((multi + 1))
    printf '%-70s %s\n' "$name" "several programs talking to each other: not built"
    continue
  fi
  out="$work/$(echo "$name" | tr / _)"
  sources=$(find "$dir" -maxdepth 1 -name '*.cpp')
  # Shared helpers of a feature folder (file_ops.cpp, callback_utils.cpp...) sit one level up.
  sources="$sources $(find "$(dirname "$dir")" -maxdepth 1 -name '*.cpp')"
  # ops-math's aclnnAdd/aclnnMul, which some samples launch, come from host stand-ins
  # (scripts/trial_stand_ins/), as the issue allows for the kernels a sample launches.
  if grep -qE 'aclnnop/aclnn_(add|mul)\.h' $sources "$(dirname "$dir")"/*.h 2>/dev/null; then
    sources="$sources $root/scripts/trial_stand_ins/add_mul_stand_ins.cpp"
  fi
  sources="$sources $kernel_stand_ins"
  if ! g++ -std=c++17 -o "$out" $sources -I"$root/include" -I"$root/scripts/trial_stand_ins" -I"$root/src" \
       -I"$examples" -I"$(dirname "$dir")" \
       -L"$build" -lascendcl -lnnopbase -Wl,-rpath,"$build" -lpthread > "$out.log" 2>&1; then
    failed_build=$((failed_build + 1))
    printf '%-70s %s\n' "$name" "does not build: $(grep -m1 -E 'error|undefined' "$out.log" | cut -c1-120)"
    continue
  fi
  built=$((built + 1))
  # ASCEND_HOME_PATH as set_env.sh sets it: the build tree holds share/info like an install.
  (cd "$dir" && ASCEND_HOME_PATH="$build" ACLNN_HOST_SOC="$soc" timeout 60 "$out" > "$out.run" 2>&1)
  status=$?
  [ -n "$kernel_stand_ins" ] && stand_in_kernels=$((stand_in_kernels + 1))
  if [ "$status" -eq 0 ]; then
    ran=$((ran + 1))
    [ -n "$kernel_stand_ins" ] && stand_in_ran=$((stand_in_ran + 1))
    printf '%-70s %s\n' "$name" "runs (exit 0)${kernel_stand_ins:+, its kernels host stand-ins}"
  else
    failed_run=$((failed_run + 1))
    printf '%-70s %s\n' "$name" "exit $status: $(grep -m1 -iE 'error|fail' "$out.run" | cut -c1-120)"
  fi
done
echo "samples built: $built (of them $stand_in_kernels with the shared kernels as host stand-ins)," \
     "ran to exit 0: $ran (of them $stand_in_ran with stand-ins), failed to build: $failed_build," \
     "failed when run: $failed_run; samples with a kernel of their own (not built): $kernels;" \
     "multi-process samples: $multi"
