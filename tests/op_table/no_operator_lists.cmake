# Fails when code outside the operator table names an operator's entry points: the CLI, the
# fuzzers and the Python package must reach every operator through aclnn_host/ops.h
# (docs/adding-an-operator.md). SELF_TEST=1 plants a call and expects the check to find it.
cmake_minimum_required(VERSION 3.16)

file(GLOB_RECURSE sources "${SOURCE_DIR}/tools/*.cc" "${SOURCE_DIR}/tools/*.h" "${SOURCE_DIR}/fuzz/*.cc"
     "${SOURCE_DIR}/python/src/*.cc" "${SOURCE_DIR}/python/aclnn_host/*.py")
set(pattern "aclnn(Inplace)?[A-Z][A-Za-z0-9]*(GetWorkspaceSize)?\\(")
set(found "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" lines REGEX "${pattern}")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" stripped)
    if(stripped MATCHES "^(//|#)" OR line MATCHES "aclnnHost")
      continue()
    endif()
    string(APPEND found "\n  ${source}: ${stripped}")
  endforeach()
endforeach()
if(SELF_TEST)
  if(NOT "  x.cc: aclnnReluGetWorkspaceSize(a, b, &size, &executor);" MATCHES "${pattern}")
    message(FATAL_ERROR "the pattern misses a planted operator call")
  endif()
  return()
endif()
if(found)
  message(FATAL_ERROR "operators named outside the operator table (use aclnn_host/ops.h):${found}")
endif()
