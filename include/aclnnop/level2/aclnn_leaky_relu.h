/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_leaky_relu.h); it forwards
 * to aclnnop/aclnn_leaky_relu.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_LEAKY_RELU_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_LEAKY_RELU_H_

#include "aclnnop/aclnn_leaky_relu.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_LEAKY_RELU_H_
