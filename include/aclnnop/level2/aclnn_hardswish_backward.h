/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_hardswish_backward.h); it forwards to
 * aclnnop/aclnn_hardswish_backward.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_H_

#include "aclnnop/aclnn_hardswish_backward.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_H_
