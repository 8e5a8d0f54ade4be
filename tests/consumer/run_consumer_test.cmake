# Installs the project into a fresh prefix, then builds CANN's sample with the CANN documentation's
# CMakeLists (examples/hardswish_backward_v2/CMakeLists.txt, unchanged) against it, the way a CANN
# user does: source set_env.sh, configure with -DCMAKE_SKIP_RPATH=TRUE, run. Checks the output.
cmake_minimum_required(VERSION 3.16)

set(prefix "${WORK_DIR}/prefix")
set(sample_build "${WORK_DIR}/sample-build")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

include("${CMAKE_CURRENT_LIST_DIR}/../install_prefix.cmake")
install_into_fresh_prefix("${BUILD_DIR}" "${prefix}"
  include/acl/acl.h include/acl/acl_base.h include/acl/acl_rt.h include/acl/error_codes/rt_error_codes.h
  include/aclnn/aclnn_base.h include/aclnn/acl_meta.h include/aclnn/opdev/op_errno.h
  include/aclnnop/aclnn_util.h include/aclnnop/aclnn_hardswish_backward_v2.h
  include/aclnnop/aclnn_hardswish_backward.h include/aclnnop/aclnn_hardswish.h
  lib64/libascendcl.so lib64/libnnopbase.so lib64/libopapi_nn.so lib64/libopapi_math.so set_env.sh
  include/acl/acl_base_rt.h include/acl/acl_rt_allocator.h include/aclnnop/level2/aclnn_hardswish.h
  runtime/include/acl/acl.h runtime/lib64/stub/libascendcl.so lib64/stub/libopapi_nn.so bin/setenv.bash
  lib64/libacl_rt.so lib64/libopapi.so include/acl/acl_tdt.h include/acl/acl_tdt_queue.h include/acl/acl_dump.h
  include/acl/acl_prof.h lib64/libacl_tdt_channel.so lib64/libacl_tdt_queue.so lib64/libascend_dump.so
  lib64/libmsprofiler.so lib64/libprofapi.so share/info/runtime/version.info share/info/ops-nn/version.info
  share/info/opbase/version.info)

# The other layouts CANN projects expect: bin/setenv.bash sets the environment up; a program built
# against runtime/include, linked against runtime/lib64/stub, including level2 operator paths, runs.
set(layout_script "
set -e
unset ASCEND_CUSTOM_PATH LD_LIBRARY_PATH
. '${prefix}/bin/setenv.bash'
test \"$ASCEND_CUSTOM_PATH\" = '${prefix}'
stub=\"$ASCEND_CUSTOM_PATH/runtime/lib64/stub\"
c++ -std=c++11 -I\"$ASCEND_CUSTOM_PATH/runtime/include\" '${SOURCE_DIR}/tests/consumer/layout/runtime_layout.cpp' \\
    -o '${WORK_DIR}/runtime_layout' \"$stub/libopapi_nn.so\" \"$stub/libnnopbase.so\" \"$stub/libascendcl.so\" \\
    \"$ASCEND_CUSTOM_PATH/lib64/libacl_tdt_channel.so\"
'${WORK_DIR}/runtime_layout'
")
execute_process(COMMAND bash -c "${layout_script}" RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT result EQUAL 0 OR NOT output STREQUAL "layout ok 1\n")
  message(FATAL_ERROR "the runtime/include, runtime/lib64/stub, bin/setenv.bash layout failed (${result}):\n${output}\n${errors}")
endif()
message(STATUS "bin/setenv.bash, runtime/include, runtime/lib64/stub and the level2 headers work")

# One shell per sample, as a user would type it. ASCEND_CUSTOM_PATH and LD_LIBRARY_PATH come from
# set_env.sh only. Every examples/<op>/ with a CMakeLists runs; its output must equal its
# expected_output.txt (written from upstream's arithmetic, not from a run).
function(check_sample name)
  set(build "${WORK_DIR}/${name}-build")
  set(script "
set -e
unset ASCEND_CUSTOM_PATH LD_LIBRARY_PATH
. '${prefix}/set_env.sh'
test \"$ASCEND_CUSTOM_PATH\" = '${prefix}'
cmake -S '${SOURCE_DIR}/examples/${name}' -B '${build}' -DCMAKE_SKIP_RPATH=TRUE -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build '${build}' >/dev/null
cd '${build}'
if readelf -d bin/opapi_test | grep -q -E 'RPATH|RUNPATH'; then echo 'the sample has an rpath' >&2; exit 1; fi
./bin/opapi_test
")
  execute_process(COMMAND bash -c "${script}" RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${name}: the consumer build or run failed (${result}):\n${output}\n${errors}")
  endif()
  file(READ "${SOURCE_DIR}/examples/${name}/expected_output.txt" expected)
  if(NOT output STREQUAL expected)
    message(FATAL_ERROR "${name}: unexpected output:\n${output}\nexpected:\n${expected}")
  endif()
  message(STATUS "${name}: the CANN sample built against ${prefix} and printed the expected values")
endfunction()

file(GLOB sample_lists "${SOURCE_DIR}/examples/*/CMakeLists.txt")
set(samples 0)
foreach(list IN LISTS sample_lists)
  get_filename_component(directory "${list}" DIRECTORY)
  get_filename_component(name "${directory}" NAME)
  if(NOT EXISTS "${directory}/expected_output.txt")
    message(FATAL_ERROR "examples/${name} has no expected_output.txt")
  endif()
  check_sample(${name})
  math(EXPR samples "${samples} + 1")
endforeach()
if(samples LESS 4)
  message(FATAL_ERROR "only ${samples} samples found under ${SOURCE_DIR}/examples")
endif()
