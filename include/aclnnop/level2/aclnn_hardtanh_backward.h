/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_hardtanh_backward.h); it forwards
 * to aclnnop/aclnn_hardtanh_backward.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_HARDTANH_BACKWARD_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_HARDTANH_BACKWARD_H_

#include "aclnnop/aclnn_hardtanh_backward.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_HARDTANH_BACKWARD_H_
