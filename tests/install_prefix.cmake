# Shared by the ctest scripts that consume an installed tree (cmake -P).
#
# install_into_fresh_prefix(BUILD_DIR PREFIX FILE...): `cmake --install BUILD_DIR --prefix PREFIX`
# into an emptied PREFIX, then fails the test unless every FILE (relative to PREFIX) is there.
function(install_into_fresh_prefix build_dir prefix)
  file(REMOVE_RECURSE "${prefix}")
  execute_process(COMMAND "${CMAKE_COMMAND}" --install "${build_dir}" --prefix "${prefix}"
                  RESULT_VARIABLE result OUTPUT_QUIET ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${result}):\n${errors}")
  endif()
  foreach(file ${ARGN})
    if(NOT EXISTS "${prefix}/${file}")
      message(FATAL_ERROR "the installed prefix lacks ${file}")
    endif()
  endforeach()
endfunction()
