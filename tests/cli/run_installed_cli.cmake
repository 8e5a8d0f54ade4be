# `cmake --install build --prefix P` puts the tool in P/bin, and it runs from there with no
# environment (its RUNPATH finds P/lib64): `info` and a `run` of the CANN sample's data.
cmake_minimum_required(VERSION 3.16)

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
include("${CMAKE_CURRENT_LIST_DIR}/../install_prefix.cmake")
install_into_fresh_prefix("${BUILD_DIR}" "${prefix}" bin/aclnn-host)
set(tool "${prefix}/bin/aclnn-host")

execute_process(COMMAND env -u LD_LIBRARY_PATH "${tool}" info RESULT_VARIABLE result OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT result EQUAL 0 OR NOT out MATCHES "aclnn-host [0-9]+\\.[0-9]+\\.[0-9]+")
  message(FATAL_ERROR "installed aclnn-host info failed (${result}): ${out}${err}")
endif()

# The sample's fp32 {4, 2} tensor 0..7 as a raw little-endian file (octal escapes of printf).
set(bytes [=[\000\000\000\000\000\000\200\077\000\000\000\100\000\000\100\100\000\000\200\100\000\000\240\100\000\000\300\100\000\000\340\100]=])
execute_process(COMMAND sh -c "printf '${bytes}' > '${WORK_DIR}/x.bin'" RESULT_VARIABLE result)
execute_process(COMMAND env -u LD_LIBRARY_PATH "${tool}" run hardswish_backward_v2 -i "g=${WORK_DIR}/x.bin"
                        -i "self=${WORK_DIR}/x.bin" --dtype fp32 --shape 4,2 -o "${WORK_DIR}/out.npy" --print
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0 OR NOT out STREQUAL "0.000000 0.833333 2.333333 3.000000 4.000000 5.000000 6.000000 7.000000\n")
  message(FATAL_ERROR "installed aclnn-host run failed (${result}): ${out}${err}")
endif()
