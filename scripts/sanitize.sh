#!/usr/bin/env bash
# Sanitizer and memcheck runs of aclnn-host (docs/reliability.md):
#
#   scripts/sanitize.sh asan       the test suite under ASan + UBSan (clang 14, build-asan/)
#   scripts/sanitize.sh tsan       the concurrency and stream tests under TSan (clang 14, build-tsan/)
#   scripts/sanitize.sh valgrind   the samples and a test subset under valgrind memcheck
#                                  (gcc, build-valgrind/): zero errors, nothing definitely lost
#   scripts/sanitize.sh quick      asan on a subset (the CI step's size), then tsan
#   scripts/sanitize.sh all        asan, tsan and valgrind (the default)
#
# Any sanitizer report, memcheck error or definite leak fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
jobs=$(nproc)

# Tests left out of the sanitized ctest runs: the installed-prefix and package consumers build
# against the install with a plain compiler (they cannot link sanitized libraries; the
# add_subdirectory one rebuilds the library unsanitized and would only cost time), and
# the aarch64 kernels run under qemu from a separate cross build (nothing of it is sanitized).
unsanitizable='^(installed_prefix_consumer|package_consumer_.*|aarch64_kernels_under_qemu)$'
# The quick subset: the API surface, lifetimes, layouts, the regression replays and one numerics
# suite; the full suite adds every numerics sweep and the per-ISA re-runs.
quick_subset='^(Runtime|DeviceMemoryTest|TensorApi|ExecutorApi|FuzzRegression|ConcurrencyTest|Launch|HardswishBackwardV2Checks|HardswishBackwardV2PhaseTwo|HardswishChecks|HardswishBackwardV1Checks|IterationSpace|AclTdt|AclVmm|AclAllocator|AclVersions|AclCaptureExternalEvents|AclLifecycleCallbacks|AclStateCallbacks|AclModelDestroyCallbacks|AclSysParamOpt|AclStreamAttribute|AclResourceLimits|AclDeviceIds|AclStreamAvailability|AclCntNotify|AclModelIntrospection|.*HardswishBackwardV2Layout)'

configure() {  # build-dir, extra cmake arguments...
  local dir=$1
  shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
}

run_asan() {  # all|quick
  scripts/install_deps.sh clang-14 libclang-rt-14-dev
  CC=clang-14 CXX=clang++-14 configure build-asan -DACLNN_HOST_SANITIZE=address,undefined
  cmake --build build-asan -j"$jobs"
  # allocator_may_return_null: tests ask for more memory than the host has on purpose (aclrtMalloc
  # must fail with a status, not abort).
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:allocator_may_return_null=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  if [ "$1" = quick ]; then
    ctest --test-dir build-asan --output-on-failure -j"$jobs" -E "$unsanitizable" -R "$quick_subset"
  else
    ctest --test-dir build-asan --output-on-failure -j"$jobs" -E "$unsanitizable"
  fi
  for sample in build-asan/examples/*_sample build-asan/examples/*_example; do  # examples/<op>/, examples/runtime/
    "$sample" >/dev/null
  done
  echo "asan ($1): passed"
}

run_tsan() {
  scripts/install_deps.sh clang-14 libclang-rt-14-dev
  CC=clang-14 CXX=clang++-14 configure build-tsan -DACLNN_HOST_SANITIZE=thread -DACLNN_HOST_BUILD_EXAMPLES=OFF
  local tests=(concurrency_test launch_test device_memory_test runtime_test acl_rt_context_test acl_rt_streams_events_test
               acl_rt_callbacks_test acl_rt_values_test acl_rt_notify_test acl_rt_host_register_test
               acl_rt_capture_test acl_tdt_test acl_rt_vmm_test acl_rt_lifecycle_callbacks_test acl_rt_settings_test
               acl_rt_resource_limits_test acl_rt_device_queries_test acl_rt_cnt_notify_test acl_rt_model_introspection_test
               acl_rt_task_group_test acl_rt_model_edits_test acl_rt_model_abort_test acl_rt_cond_task_test
               acl_rt_op_execute_timeout_test acl_rt_overflow_status_test acl_rt_utilization_test
               acl_rt_stream_stop_test)
  cmake --build build-tsan -j"$jobs" --target "${tests[@]}"
  export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:allocator_may_return_null=1
  for test in "${tests[@]}"; do
    echo "tsan: $test"
    build-tsan/tests/$test --gtest_brief=1
  done
  echo "tsan: passed"
}

run_valgrind() {
  scripts/install_deps.sh valgrind
  configure build-valgrind
  local tests=(fuzz_regression_test tensor_executor_test device_memory_test hardswish_test concurrency_test runtime_test
               launch_test)
  cmake --build build-valgrind -j"$jobs"
  local memcheck=(valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
                  --show-leak-kinds=definite)
  for sample in build-valgrind/examples/*_sample; do
    echo "valgrind: $sample"
    "${memcheck[@]}" "$sample" >/dev/null
  done
  for test in "${tests[@]}"; do
    echo "valgrind: $test"
    "${memcheck[@]}" build-valgrind/tests/$test --gtest_brief=1
  done
  echo "valgrind: passed"
}

case "$mode" in
  asan) run_asan all ;;
  tsan) run_tsan ;;
  valgrind) run_valgrind ;;
  quick) run_asan quick && run_tsan ;;
  all) run_asan all && run_tsan && run_valgrind ;;
  *)
    echo "usage: $0 [asan|tsan|valgrind|quick|all]" >&2
    exit 2
    ;;
esac
