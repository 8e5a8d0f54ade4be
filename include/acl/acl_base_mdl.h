/*
 * aclnn-host: CANN ships this header empty (the model API's package overrides it); so does
 * aclnn-host, which has no model API. Kept so that code including it compiles.
 */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_MDL_H_
#define INC_EXTERNAL_ACL_ACL_BASE_MDL_H_
#endif  // INC_EXTERNAL_ACL_ACL_BASE_MDL_H_
