# The CMake package and pkg-config file, used the ways a project consumes aclnn-host:
#   MODE=find_package    install into a fresh prefix; a consumer finds it with CMAKE_PREFIX_PATH=P
#                        (and a version it does not satisfy must fail)
#   MODE=pkg_config      install into a fresh prefix; compile and link with `pkg-config aclnn-host`,
#                        PKG_CONFIG_PATH and LD_LIBRARY_PATH from set_env.sh only
#   MODE=add_subdirectory  a consumer adds the source tree as a subdirectory
# Each builds CANN's aclnnHardswishBackwardV2 sample and checks its output. (The shell scripts
# hold no semicolon: run() passes its arguments as a CMake list.)
cmake_minimum_required(VERSION 3.16)

set(prefix "${WORK_DIR}/prefix")
set(consumer "${SOURCE_DIR}/tests/consumer/package")
set(expected "")
set(index 0)
foreach(value 0.000000 0.833333 2.333333 3.000000 4.000000 5.000000 6.000000 7.000000)
  string(APPEND expected "result[${index}] is: ${value}\n")
  math(EXPR index "${index} + 1")
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result}):\n${output}\n${errors}")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()

function(check_output what program)
  run("${what}" env -u LD_LIBRARY_PATH "${program}")
  if(NOT output STREQUAL expected)
    message(FATAL_ERROR "${what}: unexpected output:\n${output}\nexpected:\n${expected}")
  endif()
endfunction()

include("${CMAKE_CURRENT_LIST_DIR}/../install_prefix.cmake")
function(install_prefix)
  install_into_fresh_prefix("${BUILD_DIR}" "${prefix}"
    lib64/cmake/AclnnHost/AclnnHostConfig.cmake lib64/cmake/AclnnHost/AclnnHostConfigVersion.cmake
    lib64/cmake/AclnnHost/AclnnHostTargets.cmake share/cmake/AclnnHost/AclnnHostConfig.cmake
    lib64/pkgconfig/aclnn-host.pc set_env.sh include/acl/acl.h lib64/libascendcl.so)
endfunction()

if(MODE STREQUAL "find_package")
  install_prefix()
  set(build "${WORK_DIR}/consumer-build")
  run("configuring the find_package consumer" env CMAKE_PREFIX_PATH=${prefix} "${CMAKE_COMMAND}" -S "${consumer}"
      -B "${build}" -DREQUIRED_VERSION=${VERSION} -DEXPECTED_VERSION=${VERSION} -DCMAKE_BUILD_TYPE=Release)
  run("building the find_package consumer" "${CMAKE_COMMAND}" --build "${build}")
  # The imported libraries carry their location: the programs run without LD_LIBRARY_PATH.
  check_output("find_package, AclnnHost::AclnnHost" "${build}/umbrella_consumer")
  check_output("find_package, the four targets" "${build}/per_library_consumer")
  # The package is relocatable: a copy of the prefix elsewhere is found there, and used from there.
  set(moved "${WORK_DIR}/moved-prefix")
  file(COPY "${prefix}/" DESTINATION "${moved}")
  set(build "${WORK_DIR}/moved-consumer-build")
  run("configuring the find_package consumer against a moved prefix" env CMAKE_PREFIX_PATH=${moved}
      "${CMAKE_COMMAND}" -S "${consumer}" -B "${build}" -DEXPECTED_VERSION=${VERSION} -DEXPECTED_PREFIX=${moved}
      -DCMAKE_BUILD_TYPE=Release)
  run("building the find_package consumer against a moved prefix" "${CMAKE_COMMAND}" --build "${build}")
  check_output("find_package, moved prefix" "${build}/umbrella_consumer")
  file(READ_ELF "${build}/umbrella_consumer" RUNPATH runpath)
  if(NOT runpath STREQUAL "${moved}/lib64")
    message(FATAL_ERROR "the consumer of the moved prefix has the runpath '${runpath}'")
  endif()
  # The version file: a newer major (or, for 0.x, minor) version is not satisfied.
  execute_process(COMMAND env CMAKE_PREFIX_PATH=${prefix} "${CMAKE_COMMAND}" -S "${consumer}"
                          -B "${WORK_DIR}/too-new-build" -DREQUIRED_VERSION=99.0 -DEXPECTED_VERSION=${VERSION}
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  if(result EQUAL 0 OR NOT errors MATCHES "compatible with requested version")
    message(FATAL_ERROR "find_package(AclnnHost 99.0) did not fail on the version (${result}):\n${errors}")
  endif()
elseif(MODE STREQUAL "pkg_config")
  install_prefix()
  find_program(pkg_config NAMES pkg-config pkgconf REQUIRED)
  # Compiles and runs CANN's sample with `pkg-config aclnn-host`, after the shell lines `setup`.
  function(pkg_config_consumer what setup program)
    set(script "
set -e
${setup}
${CMAKE_CXX_COMPILER} -std=c++11 -o '${program}' '${SOURCE_DIR}/examples/hardswish_backward_v2/test_aclnn_hardswish_backward_v2.cpp' \\
  $(${pkg_config} --cflags --libs aclnn-host)
'${program}'
")
    run("${what}" bash -c "${script}")
    if(NOT output STREQUAL expected)
      message(FATAL_ERROR "${what}: unexpected output:\n${output}\nexpected:\n${expected}")
    endif()
  endfunction()

  pkg_config_consumer("the pkg-config consumer" "
unset ASCEND_CUSTOM_PATH LD_LIBRARY_PATH PKG_CONFIG_PATH
. '${prefix}/set_env.sh'
test \"$(${pkg_config} --modversion aclnn-host)\" = '${VERSION}'" "${WORK_DIR}/pkg_config_consumer")
  # The .pc file finds the prefix from its own location: a copy of the prefix elsewhere works.
  set(moved "${WORK_DIR}/moved-prefix")
  file(COPY "${prefix}/" DESTINATION "${moved}")
  pkg_config_consumer("the pkg-config consumer of a moved prefix" "
export PKG_CONFIG_PATH='${moved}/lib64/pkgconfig' LD_LIBRARY_PATH='${moved}/lib64'
test \"$(cd \"$(${pkg_config} --variable=includedir aclnn-host)\" && pwd -P)\" = \"$(cd '${moved}/include' && pwd -P)\"" "${WORK_DIR}/pkg_config_consumer-moved")
elseif(MODE STREQUAL "add_subdirectory")
  set(build "${WORK_DIR}/consumer-build")
  run("configuring the add_subdirectory consumer" "${CMAKE_COMMAND}" -S "${consumer}" -B "${build}"
      -DACLNN_HOST_SOURCE_DIR=${SOURCE_DIR} -DCMAKE_BUILD_TYPE=Release)
  run("building the add_subdirectory consumer" "${CMAKE_COMMAND}" --build "${build}" -j 2)
  check_output("add_subdirectory, AclnnHost::AclnnHost" "${build}/umbrella_consumer")
  check_output("add_subdirectory, the four targets" "${build}/per_library_consumer")
else()
  message(FATAL_ERROR "MODE must be find_package, pkg_config or add_subdirectory, not '${MODE}'")
endif()
message(STATUS "${MODE}: the consumer built and printed the expected values")
