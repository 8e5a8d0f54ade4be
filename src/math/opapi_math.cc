// libopapi_math.so exists so that programs linking CANN's four libraries link unchanged. CANN's
// math operators (Add, Mul, Cast, ...) are not implemented yet; the library exports only this
// version query. See docs/api-coverage.md.
#include "common/export.h"

extern "C" AH_INTERNAL_API const char* aclnnHostOpapiMathVersion() { return "aclnn-host opapi_math 0.1.0"; }
