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
  lib64/libacl_rt.so lib64/libopapi.so)

# The other layouts CANN projects expect: bin/setenv.bash sets the environment up; a program built
# against runtime/include, linked against runtime/lib64/stub, including level2 operator paths, runs.
set(layout_script "
set -e
unset ASCEND_CUSTOM_PATH LD_LIBRARY_PATH
. '${prefix}/bin/setenv.bash'
test \"$ASCEND_CUSTOM_PATH\" = '${prefix}'
stub=\"$ASCEND_CUSTOM_PATH/runtime/lib64/stub\"
c++ -std=c++11 -I\"$ASCEND_CUSTOM_PATH/runtime/include\" '${SOURCE_DIR}/tests/consumer/layout/runtime_layout.cpp' \\
    -o '${WORK_DIR}/runtime_layout' \"$stub/libopapi_nn.so\" \"$stub/libnnopbase.so\" \"$stub/libascendcl.so\"
'${WORK_DIR}/runtime_layout'
")
execute_process(COMMAND bash -c "${layout_script}" RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT result EQUAL 0 OR NOT output STREQUAL "layout ok 1\n")
  message(FATAL_ERROR "the runtime/include, runtime/lib64/stub, bin/setenv.bash layout failed (${result}):\n${output}\n${errors}")
endif()
message(STATUS "bin/setenv.bash, runtime/include, runtime/lib64/stub and the level2 headers work")

# One shell per sample, as a user would type it. ASCEND_CUSTOM_PATH and LD_LIBRARY_PATH come from
# set_env.sh only.
function(check_sample name expected)
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
  set(lines "")
  set(index 0)
  foreach(value IN LISTS expected)
    string(APPEND lines "result[${index}] is: ${value}\n")
    math(EXPR index "${index} + 1")
  endforeach()
  if(NOT output STREQUAL lines)
    message(FATAL_ERROR "${name}: unexpected output:\n${output}\nexpected:\n${lines}")
  endif()
  message(STATUS "${name}: the CANN sample built against ${prefix} and printed the expected values")
endfunction()

check_sample(hardswish_backward_v2 "0.000000;0.833333;2.333333;3.000000;4.000000;5.000000;6.000000;7.000000")
check_sample(hardswish_backward "0.000000;0.833333;2.333333;4.500000;4.000000;5.000000;6.000000;7.000000")
check_sample(hardswish "-0.000000;-0.000000;-0.333333;0.000000;0.666667;1.666667;4.000000;5.000000")
