#!/usr/bin/env bash
# The acceptance trial of the runtime surface (issue 13): builds every sample of a checkout of
# hicann/runtime's `example/` folder that needs no AscendC kernel against aclnn-host's headers and
# libraries, runs it, and prints one line per sample (built? exit status) and a summary. Samples
# are not part of this repository: pass the folder.
#   scripts/trial_runtime_examples.sh <runtime>/example [build-dir] [ACLNN_HOST_SOC]
set -uo pipefail
examples="${1:?usage: $0 <hicann/runtime>/example [build-dir] [soc]}"
build="$(cd "${2:-build}" && pwd)"
soc="${3:-Ascend910B3}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
built=0 ran=0 kernels=0 multi=0 failed_build=0 failed_run=0
for cmake_file in $(find "$examples" -name CMakeLists.txt -path '*/[0-9]_*/*' | sort); do
  dir="$(dirname "$cmake_file")"
  name="${dir#"$examples"/}"
  if grep -q ascendc_library "$cmake_file"; then  # the sample launches an AscendC kernel it compiles
    kernels=$((kernels + 1))
    printf '%-70s %s\n' "$name" "needs an AscendC kernel: not built"
    continue
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
  if [ "$status" -eq 0 ]; then
    ran=$((ran + 1))
    printf '%-70s %s\n' "$name" "runs (exit 0)"
  else
    failed_run=$((failed_run + 1))
    printf '%-70s %s\n' "$name" "exit $status: $(grep -m1 -iE 'error|fail' "$out.run" | cut -c1-120)"
  fi
done
echo "samples without kernels: built $built, ran to exit 0: $ran, failed to build: $failed_build," \
     "failed when run: $failed_run; samples that need an AscendC kernel: $kernels; multi-process samples: $multi"
