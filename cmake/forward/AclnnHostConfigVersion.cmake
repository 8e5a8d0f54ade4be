# The version check of lib64/cmake/AclnnHost (see AclnnHostConfig.cmake here).
include("${CMAKE_CURRENT_LIST_DIR}/../../../lib64/cmake/AclnnHost/AclnnHostConfigVersion.cmake")
