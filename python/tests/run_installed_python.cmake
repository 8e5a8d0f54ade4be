# `cmake --install build --prefix P` puts the package in P/python; after `. P/set_env.sh` (which
# adds P/python to PYTHONPATH) it imports and computes the CANN sample's values, without
# LD_LIBRARY_PATH (the extension's RUNPATH finds P/lib64).
cmake_minimum_required(VERSION 3.16)

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
include("${CMAKE_CURRENT_LIST_DIR}/../../tests/install_prefix.cmake")
install_into_fresh_prefix("${BUILD_DIR}" "${prefix}" python/aclnn_host/__init__.py set_env.sh)

set(code "import numpy as np, aclnn_host; x = np.arange(8, dtype=np.float32); print(' '.join(f'{v:f}' for v in aclnn_host.hardswish_backward_v2(x, x)))")
execute_process(COMMAND sh -c ". '${prefix}/set_env.sh' && unset LD_LIBRARY_PATH && cd '${WORK_DIR}' && '${PYTHON}' -c \"$0\"" "${code}"
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0 OR NOT out STREQUAL "0.000000 0.833333 2.333333 3.000000 4.000000 5.000000 6.000000 7.000000\n")
  message(FATAL_ERROR "the installed aclnn_host failed (${result}): ${out}${err}")
endif()
