# CMake on Debian and Ubuntu does not search <prefix>/lib64/cmake (FIND_LIBRARY_USE_LIB64_PATHS is
# off there), so CMAKE_PREFIX_PATH=<prefix> finds the package through this file, which loads the
# one in lib64/cmake/AclnnHost (where it lives, next to the libraries, in CANN's layout).
include("${CMAKE_CURRENT_LIST_DIR}/../../../lib64/cmake/AclnnHost/AclnnHostConfig.cmake")
