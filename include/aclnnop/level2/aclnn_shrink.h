/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_shrink.h); it forwards
 * to aclnnop/aclnn_shrink.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_SHRINK_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_SHRINK_H_

#include "aclnnop/aclnn_shrink.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_SHRINK_H_
