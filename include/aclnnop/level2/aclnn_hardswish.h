/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_hardswish.h); it forwards to
 * aclnnop/aclnn_hardswish.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_H_

#include "aclnnop/aclnn_hardswish.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_H_
