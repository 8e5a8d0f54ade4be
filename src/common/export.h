// Visibility of internal symbols shared between aclnn-host's own libraries.
//
// Every library is built with hidden visibility; the public CANN API is exported by
// ACL_FUNC_VISIBILITY / ACLNN_API. Internal functions that one of our libraries calls in another
// (libnnopbase calling the runtime in libascendcl, say) are marked AH_INTERNAL_API. They live in
// namespace aclnn_host and are not a stable interface.
#ifndef ACLNN_HOST_COMMON_EXPORT_H_
#define ACLNN_HOST_COMMON_EXPORT_H_

#define AH_INTERNAL_API __attribute__((visibility("default")))

#endif  // ACLNN_HOST_COMMON_EXPORT_H_
