# Installs the project into a fresh prefix, then builds CANN's sample with the CANN documentation's
# CMakeLists (examples/hardswish_backward_v2/CMakeLists.txt, unchanged) against it, the way a CANN
# user does: source set_env.sh, configure with -DCMAKE_SKIP_RPATH=TRUE, run. Checks the output.
cmake_minimum_required(VERSION 3.16)

set(prefix "${WORK_DIR}/prefix")
set(sample_build "${WORK_DIR}/sample-build")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE result OUTPUT_QUIET)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${result}")
endif()
foreach(file include/acl/acl.h include/acl/acl_base.h include/acl/acl_rt.h include/acl/error_codes/rt_error_codes.h
             include/aclnn/aclnn_base.h include/aclnn/acl_meta.h include/aclnn/opdev/op_errno.h
             include/aclnnop/aclnn_util.h include/aclnnop/aclnn_hardswish_backward_v2.h
             lib64/libascendcl.so lib64/libnnopbase.so lib64/libopapi_nn.so lib64/libopapi_math.so set_env.sh)
  if(NOT EXISTS "${prefix}/${file}")
    message(FATAL_ERROR "the installed prefix lacks ${file}")
  endif()
endforeach()

# One shell, as a user would type it. ASCEND_CUSTOM_PATH and LD_LIBRARY_PATH come from set_env.sh only.
set(script "
set -e
unset ASCEND_CUSTOM_PATH LD_LIBRARY_PATH
. '${prefix}/set_env.sh'
test \"$ASCEND_CUSTOM_PATH\" = '${prefix}'
cmake -S '${SOURCE_DIR}/examples/hardswish_backward_v2' -B '${sample_build}' -DCMAKE_SKIP_RPATH=TRUE -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build '${sample_build}' >/dev/null
cd '${sample_build}'
if readelf -d bin/opapi_test | grep -q -E 'RPATH|RUNPATH'; then echo 'the sample has an rpath' >&2; exit 1; fi
./bin/opapi_test
")
execute_process(COMMAND bash -c "${script}" RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the consumer build or run failed (${result}):\n${output}\n${errors}")
endif()

set(expected "result[0] is: 0.000000
result[1] is: 0.833333
result[2] is: 2.333333
result[3] is: 3.000000
result[4] is: 4.000000
result[5] is: 5.000000
result[6] is: 6.000000
result[7] is: 7.000000
")
if(NOT output STREQUAL expected)
  message(FATAL_ERROR "unexpected sample output:\n${output}\nexpected:\n${expected}")
endif()
message(STATUS "the CANN sample built against ${prefix} and printed the expected values")
