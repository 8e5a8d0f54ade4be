/*
 * aclnn-host: the level2 path framework code includes (aclnnop/level2/aclnn_hardsigmoid.h); it forwards
 * to aclnnop/aclnn_hardsigmoid.h, where the declarations are.
 */
#ifndef INC_ACLNNOP_LEVEL2_ACLNN_HARDSIGMOID_H_
#define INC_ACLNNOP_LEVEL2_ACLNN_HARDSIGMOID_H_

#include "aclnnop/aclnn_hardsigmoid.h"

#endif  // INC_ACLNNOP_LEVEL2_ACLNN_HARDSIGMOID_H_
