/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_hardswish_backward_v2.h); it forwards to
 * aclnnop/aclnn_hardswish_backward_v2.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_V2_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_V2_H_

#include "aclnnop/aclnn_hardswish_backward_v2.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_V2_H_
