/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_add_relu.h); it forwards
 * to aclnnop/aclnn_add_relu.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_ADD_RELU_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_ADD_RELU_H_

#include "aclnnop/aclnn_add_relu.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_ADD_RELU_H_
