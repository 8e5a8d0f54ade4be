/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_threshold_backward.h); it forwards
 * to aclnnop/aclnn_threshold_backward.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_

#include "aclnnop/aclnn_threshold_backward.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_
