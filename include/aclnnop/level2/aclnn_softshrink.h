/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_softshrink.h); it forwards
 * to aclnnop/aclnn_softshrink.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_SOFTSHRINK_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_SOFTSHRINK_H_

#include "aclnnop/aclnn_softshrink.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_SOFTSHRINK_H_
