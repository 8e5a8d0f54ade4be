#!/usr/bin/env bash
# Builds the libFuzzer targets (clang 14, ASan + UBSan + libFuzzer, build-fuzz/) and runs each for
# SECONDS, one after another, starting from its checked-in seed corpus fuzz/corpus/<target>/.
# A crash, leak, sanitizer report, timeout or out-of-memory fails the script; the input that did
# it is left in build-fuzz/artifacts/<target>/.
#
#   scripts/fuzz.sh SECONDS [TARGET...]     targets: fuzz_tensor fuzz_api_sequence (default: all)
#   MERGE=1 scripts/fuzz.sh SECONDS T       also minimises what the run found back into fuzz/corpus/T
#                                           (by edges: -use_counters=0 keeps it to a few hundred files)
#
# What grows during a run goes to build-fuzz/corpus/<target>/ (the checked-in corpus is only read).
# docs/reliability.md says what each target covers and the figures of the 10-minute runs.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 SECONDS [TARGET...]" >&2
  exit 2
fi
seconds=$1
shift
all_targets=(fuzz_tensor fuzz_api_sequence)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
  [[ " ${all_targets[*]} " == *" $target "* ]] || { echo "unknown target: $target" >&2; exit 2; }
done

scripts/install_deps.sh clang-14 libclang-rt-14-dev
build=build-fuzz
CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DACLNN_HOST_SANITIZE=address,undefined -DACLNN_HOST_BUILD_FUZZERS=ON \
  -DACLNN_HOST_BUILD_TESTS=OFF -DACLNN_HOST_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for target in "${targets[@]}"; do
  corpus=$build/corpus/$target
  artifacts=$build/artifacts/$target
  log=$build/logs/$target.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  echo "== $target: ${seconds}s (log: $log)"
  # -timeout: one input taking over 25 s is a hang (a deadlock); -rss_limit_mb bounds memory.
  if "$build/fuzz/$target" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 -print_final_stats=1 \
       -artifact_prefix="$artifacts/" "$corpus" "fuzz/corpus/$target" >"$log" 2>&1; then
    grep -E "^(#[0-9]+.*DONE|Done|stat::number_of_executed_units|stat::peak_rss_mb)" "$log" || true
    echo "   corpus: $(ls "$corpus" | wc -l) files"
  else
    echo "!! $target failed: tail of $log" >&2
    tail -n 60 "$log" >&2
    status=1
    continue
  fi
  if [ "${MERGE:-0}" = 1 ]; then
    mkdir -p "fuzz/corpus/$target.merged"
    "$build/fuzz/$target" -merge=1 -use_counters=0 -timeout=25 "fuzz/corpus/$target.merged" "fuzz/corpus/$target" "$corpus" \
      >>"$log" 2>&1
    rm -rf "fuzz/corpus/$target"
    mv "fuzz/corpus/$target.merged" "fuzz/corpus/$target"
    echo "   merged seed corpus: $(ls "fuzz/corpus/$target" | wc -l) files"
  fi
done
exit $status
