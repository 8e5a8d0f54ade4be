// Linked into every test executable but tests/error_envelope_test.cc: the runtime tags each error
// text with "[api] " and " (error N)" (ACLNN_HOST_ERROR_TAGS, docs/configuration.md), which is what
// test::FailsWith checks besides the status. Set before main, so before the runtime reads it.
#include <cstdlib>

namespace {

const bool kErrorTagsRequested = (setenv("ACLNN_HOST_ERROR_TAGS", "1", /*overwrite=*/0), true);

}  // namespace
