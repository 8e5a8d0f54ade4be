/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_hardshrink.h); it forwards
 * to aclnnop/aclnn_hardshrink.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_HARDSHRINK_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_HARDSHRINK_H_

#include "aclnnop/aclnn_hardshrink.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_HARDSHRINK_H_
