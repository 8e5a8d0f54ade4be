// The per-element sequences a device backend can run (runtime/device_backend.h), named here so that
// the kernels (a leaf layer) can say which one matches theirs without including the runtime.
#ifndef ACLNN_HOST_COMMON_DEVICE_OPS_H_
#define ACLNN_HOST_COMMON_DEVICE_OPS_H_

#ifdef __cplusplus
extern "C" {
#endif

/// The per-element sequences a device backend runs (kernels/scalar_ops.h states each one).
enum AhDeviceOp {
  AH_DEVICE_OP_NONE = 0,  // the operator has no device kernel
  AH_DEVICE_OP_COPY = 1,  // out = in, bit for bit (the temporary -> output view step)
  AH_DEVICE_OP_HARDSWISH_GRAD_V2 = 2,
  AH_DEVICE_OP_HARDSWISH_GRAD_V1 = 3,
  AH_DEVICE_OP_HARDSWISH = 4,
  AH_DEVICE_OP_HARDSWISH_GRAD_V1_TBE = 5,  // the built-in TBE V1 (NaN fix-up except for fp16)
  AH_DEVICE_OP_HARDSWISH_TBE = 6,          // the built-in TBE forward
};

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // ACLNN_HOST_COMMON_DEVICE_OPS_H_
