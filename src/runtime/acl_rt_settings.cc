// extern "C" entry points of the settings a program makes and reads back: system parameter options
// (aclrtSetSysParamOpt and the context variants), the op-wait timeout, stream attributes, the
// stream overflow switch and the stream failure mode. Checks, their order and codes follow
// hicann/runtime (commit 681ef761): src/acl/aclrt_impl/context.cpp, stream.cpp, event.cpp and the
// runtime's api_c.cc, api_c_stream.cc, api_error.cc and api_impl.cc.
#include <cinttypes>
#include <cstdint>
#include <memory>
#include <mutex>

#include "acl/acl.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/overflow_status.h"
#include "runtime/settings.h"
#include "runtime/soc_profile.h"
#include "runtime/stream.h"

using aclnn_host::Fail;
using aclnn_host::IsA2A3Or950;
using aclnn_host::Runtime;
using aclnn_host::SocSeries;
using aclnn_host::Stream;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

// The option checks of the acl layer: the context variants take the first three options.
aclError CheckOption(const char* api, aclSysParamOpt opt, int count) {
  if (static_cast<int>(opt) >= 0 && static_cast<int>(opt) < count) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_INVALID_PARAM,
              "opt is invalid, must be ACL_OPT_DETERMINISTIC(0) or ACL_OPT_ENABLE_DEBUG_KERNEL(1) or "
              "ACL_OPT_STRONG_CONSISTENCY(2)%s. value=%d",
              count == aclnn_host::kProcessSysParamCount ? " or ACL_OPT_ENABLE_KERNEL_EARLY_START(3)" : "",
              static_cast<int>(opt));
}

// The runtime's value ranges: ACL_OPT_DETERMINISTIC takes 0..3, the others 0 or 1.
aclError CheckOptionValue(const char* api, aclSysParamOpt opt, int64_t value) {
  const int64_t limit = opt == ACL_OPT_DETERMINISTIC ? 4 : 2;
  if (value >= 0 && value < limit) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "value %" PRId64 " of option %d is invalid: expected [0, %" PRId64 ").",
              value, static_cast<int>(opt), limit);
}

// The stream a stream setting applies to. NULL is the current context's default stream only where
// CANN's runtime resolves it (the Atlas A2/A3 and Ascend 950 chips); elsewhere it is 107000.
aclError FindSettableStream(const char* api, aclrtStream stream, bool null_needs_a2a3_or_950,
                            std::shared_ptr<Stream>* target) {
  if (stream == nullptr && null_needs_a2a3_or_950 && Runtime::Get().profile() != nullptr && !IsA2A3Or950()) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                "stream is nullptr: the default stream takes this setting on Atlas "
                "A2, Atlas A3 and Ascend 950 only.");
  }
  return Runtime::Get().FindStream(api, stream, target);
}

// CANN's rule (ApiImpl::StreamSetMode): the mode is bit 0 of `mode`; setting the current mode is a
// no-op; a stream in ACL_STOP_ON_FAILURE cannot go back to ACL_CONTINUE_ON_FAILURE.
aclError SetFailureMode(const char* api, Stream& stream, uint64_t mode) {
  const bool stop = (mode & 1U) != 0;
  if (stream.stop_on_failure() == stop) return ACL_SUCCESS;
  if (!stop) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "Changing stream %d from stop mode to continue mode is not supported.", stream.id());
  }
  stream.set_stop_on_failure(true);
  return ACL_SUCCESS;
}

// The overflow switch is a feature of the Atlas A2/A3 and Ascend 950 chips; elsewhere CANN's Set
// succeeds without effect and its Get reports 1 (detection is always on there). It applies to the
// kernels issued after it (runtime/overflow_status.h).
aclError SetOverflowSwitch(const char* api, Stream& stream, uint32_t flag) {
  if (!IsA2A3Or950()) return ACL_SUCCESS;
  if (flag >= 2) return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "flag %u is invalid: expected 0 or 1.", flag);
  const aclError capturing = aclnn_host::RefuseIfCapturing(api, "Setting the overflow switch", stream);
  if (capturing != ACL_SUCCESS) return capturing;
  stream.set_overflow_check(flag != 0);
  return ACL_SUCCESS;
}

uint32_t OverflowSwitchOf(const Stream& stream) { return aclnn_host::OverflowDetectionOn(stream) ? 1U : 0U; }

// The checks of the functions that need a current context and the SoC: the context (107002), then
// the profile (100001, which a context implies).
aclError RequireContextProfile(const char* api, const aclnn_host::SocProfile** profile) {
  int32_t device = 0;
  const aclError status = Runtime::Get().RequireContext(api, &device);
  if (status != ACL_SUCCESS) return status;
  *profile = Runtime::Get().profile();
  if (*profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  return ACL_SUCCESS;
}

aclError CheckAttribute(const char* api, aclrtStreamAttr attr) {
  if (attr >= ACL_STREAM_ATTR_FAILURE_MODE && attr <= ACL_STREAM_ATTR_PRIORITY) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "stmAttrType %d is invalid: expected [1, 6).", static_cast<int>(attr));
}

// aclrtDeviceSetLimit / aclrtDeviceGetLimit: the sizes of device-kernel resources (stacks, printf
// FIFOs), the runtime's for the process (upstream's Runtime singleton: aclFinalize keeps them),
// with its defaults, bounds and round-ups (elf.hpp, base_david.hpp). The host kernels use neither a
// device stack nor a printf FIFO, so the sizes change nothing they do; they are kept and reported as
// CANN keeps them. The SIMT limits exist on Ascend 950 only (upstream's ApiImplDavid); elsewhere
// they are refused with 207000, as upstream's ApiImpl does.
struct DeviceKernelLimits {
  uint32_t simd_stack = 32768;           // KERNEL_STACK_SIZE_32K
  uint32_t simd_printf_fifo = 32768;     // SIMD_FIFO_PER_CORE_SIZE_32K
  uint32_t simt_printf_fifo = 2u << 20;  // SIMT_FIFO_SIZE_2M
  uint64_t simt_warp_stack = 32 * 1152;  // 32 threads of 1152 bytes (RT_KIS_SIMT_WARP_STK_SIZE)
  uint32_t simt_divergent_warp_stack = 1024;
};

std::mutex g_limits_mutex;
DeviceKernelLimits g_limits;

constexpr uint32_t kMinSimdPrintfFifo = 1024;
constexpr uint32_t kMinSimtPrintfFifo = 1u << 20;
constexpr uint32_t kMaxPrintfFifo = 64u << 20;

// Rounds up in the runtime's 32-bit arithmetic (which wraps near UINT32_MAX, as upstream's does).
uint32_t RoundUp(uint32_t value, uint32_t step) { return (value + step - 1u) / step * step; }

bool IsSimtLimit(aclrtDeviceLimit limit) {
  return limit == ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE || limit == ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE ||
         limit == ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE;
}

// The SoC decides which limits exist: before aclInit there is none (aclnn-host's decision).
aclError RequireLimitSoc(const char* api, aclrtDeviceLimit limit, bool* simt) {
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  if (profile == nullptr) return Fail(api, ACL_ERROR_UNINITIALIZE, "aclInit has not been called.");
  *simt = profile->series == SocSeries::kAscend950;
  if (IsSimtLimit(limit) && !*simt) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "SIMT limit type %d is not supported on %s.",
                static_cast<int>(limit), profile->name);
  }
  return ACL_SUCCESS;
}

aclError CheckPrintfFifo(const char* api, uint32_t value, uint32_t minimum, const char* what) {
  if (value >= minimum && value <= kMaxPrintfFifo) return ACL_SUCCESS;
  return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
              "Setting the size of the printf space for the AI Core in %s scenarios: value %u is invalid: expected "
              "[%u, %u].",
              what, value, minimum, kMaxPrintfFifo);
}

aclError SetDeviceKernelLimit(const char* api, aclrtDeviceLimit limit, uint32_t value) {
  bool simt = false;
  aclError status = RequireLimitSoc(api, limit, &simt);
  if (status != ACL_SUCCESS) return status;
  std::lock_guard<std::mutex> lock(g_limits_mutex);
  switch (limit) {
    case ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE:
      // Sizes up to the default are ignored; larger ones are rounded up to 16 KiB.
      if (value > 32768u) g_limits.simd_stack = RoundUp(value, 16384u);
      return ACL_SUCCESS;
    case ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE:
      status = CheckPrintfFifo(api, value, kMinSimdPrintfFifo, "SIMD");
      if (status == ACL_SUCCESS) g_limits.simd_printf_fifo = RoundUp(value, 8u);
      return status;
    case ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE:
      status = CheckPrintfFifo(api, value, kMinSimtPrintfFifo, "SIMT");
      if (status == ACL_SUCCESS) g_limits.simt_printf_fifo = RoundUp(value, 8u);
      return status;
    default: {  // the SIMT stacks: 128-byte aligned, per thread (32 threads a warp) or per divergent warp
      const uint32_t aligned = RoundUp(value, 128u);
      if (limit == ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE) {
        g_limits.simt_warp_stack = static_cast<uint32_t>(aligned * 32u);  // upstream's 32-bit product
      } else {
        g_limits.simt_divergent_warp_stack = aligned;
      }
      // Checked after the change, which stays, as upstream's SetLimitSizeByType does.
      if (g_limits.simt_warp_stack == 0 && g_limits.simt_divergent_warp_stack == 0) {
        return Fail(api, ACL_ERROR_RT_PARAM_INVALID,
                    "Setting the SIMT stack size: simtStackSize and simtDvgWarpStackSize cannot both be 0.");
      }
      return ACL_SUCCESS;
    }
  }
}

aclError GetDeviceKernelLimit(const char* api, aclrtDeviceLimit limit, size_t* value) {
  bool simt = false;
  const aclError status = RequireLimitSoc(api, limit, &simt);
  if (status != ACL_SUCCESS) return status;
  std::lock_guard<std::mutex> lock(g_limits_mutex);
  switch (limit) {
    case ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE:
      *value = g_limits.simd_stack;
      break;
    case ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE:
      *value = g_limits.simd_printf_fifo;
      break;
    case ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE:
      *value = g_limits.simt_printf_fifo;
      break;
    case ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE:  // the warp's stack, in the runtime's 32 bits
      *value = static_cast<uint32_t>(g_limits.simt_warp_stack);
      break;
    default:
      *value = g_limits.simt_divergent_warp_stack;
      break;
  }
  return ACL_SUCCESS;
}

// The acl layer's checks of both functions: the limit, in [0, 4].
aclError CheckLimitType(const char* api, aclrtDeviceLimit limit) {
  if (limit >= ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE && limit <= ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE) {
    return ACL_SUCCESS;
  }
  return Fail(api, ACL_ERROR_INVALID_PARAM, "limit %d is invalid: expected [0, 4].", static_cast<int>(limit));
}

}  // namespace

extern "C" {

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  const char* api = "aclrtGetSysParamOpt";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  const aclError status = CheckOption(api, opt, aclnn_host::kProcessSysParamCount);
  if (status != ACL_SUCCESS) return status;
  *value = aclnn_host::ProcessSysParam(opt);  // 0 until set, as in CANN
  return ACL_SUCCESS;
}

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  const char* api = "aclrtSetSysParamOpt";
  aclError status = CheckOption(api, opt, aclnn_host::kProcessSysParamCount);
  if (status != ACL_SUCCESS) return status;
  status = CheckOptionValue(api, opt, value);
  if (status != ACL_SUCCESS) return status;
  aclnn_host::SetProcessSysParam(opt, value);
  return ACL_SUCCESS;
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  const char* api = "aclrtCtxGetSysParamOpt";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  const aclError status = CheckOption(api, opt, aclnn_host::kContextSysParamCount);
  if (status != ACL_SUCCESS) return status;
  return Run(api, [&] { return Runtime::Get().GetContextSysParam(api, opt, value); });
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  const char* api = "aclrtCtxSetSysParamOpt";
  aclError status = CheckOption(api, opt, aclnn_host::kContextSysParamCount);
  if (status != ACL_SUCCESS) return status;
  status = CheckOptionValue(api, opt, value);
  if (status != ACL_SUCCESS) return status;
  return Run(api, [&] { return Runtime::Get().SetContextSysParam(api, opt, value); });
}

aclError aclrtSetOpWaitTimeout(uint32_t timeout) {
  const char* api = "aclrtSetOpWaitTimeout";
  const aclnn_host::SocProfile* profile = Runtime::Get().profile();
  if (profile != nullptr && profile->series == SocSeries::kAscend310P) {
    return Fail(api, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "the op-wait timeout is not supported on the Atlas inference series (%s).", profile->name);
  }
  aclnn_host::SetOpWaitTimeoutSeconds(timeout);
  return ACL_SUCCESS;
}

// The op-execute timeout (hicann/runtime src/runtime/api/api_c.cc, api_c_standard_soc.cc,
// api_impl.cc SetOpExecuteTimeOut/SetOpExecuteTimeOutV2/GetOpTimeOutInterval and kernel_utils.cc
// GetOpExecuteMsTimeout). Process-wide, last call wins; the hardware of the SoC profile
// (OpTimeoutHardwareOf) rounds it to whole ticks; a kernel that runs past it fails its task
// (runtime/kernel_task.h).
namespace {

// The runtime's bound on a millisecond timeout (RT_MAX_OP_TIMEOUT_FOR_MS, 1000 s).
constexpr uint32_t kMaxOpTimeoutMs = 1000000;

}  // namespace

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout) {
  return Run("aclrtSetOpExecuteTimeOut", [&] {
    aclnn_host::SetOpExecuteTimeoutUs(static_cast<uint64_t>(timeout) * 1000000u);
    return ACL_SUCCESS;
  });
}

aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout) {
  return Run("aclrtSetOpExecuteTimeOutWithMs", [&] {
    const uint32_t bounded = timeout >= kMaxOpTimeoutMs ? kMaxOpTimeoutMs : timeout;
    aclnn_host::SetOpExecuteTimeoutUs(static_cast<uint64_t>(bounded) * 1000u);
    return ACL_SUCCESS;
  });
}

aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t* actualTimeout) {
  const char* api = "aclrtSetOpExecuteTimeOutV2";
  if (actualTimeout == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "actualTimeout is nullptr.");
  return Run(api, [&] {
    const aclnn_host::SocProfile* profile = nullptr;
    const aclError status = RequireContextProfile(api, &profile);
    if (status != ACL_SUCCESS) return status;
    aclnn_host::SetOpExecuteTimeoutUs(timeout);
    *actualTimeout = aclnn_host::ActualOpExecuteTimeoutUs(*profile, timeout);
    return ACL_SUCCESS;
  });
}

aclError aclrtGetOpTimeOutInterval(uint64_t* interval) {
  const char* api = "aclrtGetOpTimeOutInterval";
  if (interval == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "interval is nullptr.");
  return Run(api, [&] {
    const aclnn_host::SocProfile* profile = nullptr;
    const aclError status = RequireContextProfile(api, &profile);
    if (status != ACL_SUCCESS) return status;
    *interval = static_cast<uint64_t>(aclnn_host::OpTimeoutHardwareOf(*profile).interval_us);
    return ACL_SUCCESS;
  });
}

aclError aclrtGetOpExecuteTimeout(uint32_t* const timeoutMs) {
  const char* api = "aclrtGetOpExecuteTimeout";
  if (timeoutMs == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "timeoutMs is nullptr.");
  return Run(api, [&] {
    const aclnn_host::SocProfile* profile = Runtime::Get().profile();
    if (profile == nullptr) {
      return Fail(api, ACL_ERROR_UNINITIALIZE,
                  "aclInit has not been called: the SoC, whose hardware rounds the timeout, is not chosen yet.");
    }
    *timeoutMs = aclnn_host::ReportedOpExecuteTimeoutMs(*profile);
    return ACL_SUCCESS;
  });
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) {
  const char* api = "aclrtSetStreamFailureMode";
  return Run(api, [&] {
    std::shared_ptr<Stream> target;
    const aclError status = FindSettableStream(api, stream, true, &target);
    if (status != ACL_SUCCESS) return status;
    return SetFailureMode(api, *target, mode);
  });
}

aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value) {
  const char* api = "aclrtDeviceSetLimit";
  aclError status = CheckLimitType(api, limit);
  if (status != ACL_SUCCESS) return status;
  if (value > UINT32_MAX) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "value %zu is invalid: expected [0, UINT32_MAX].", value);
  }
  return Run(api, [&] { return SetDeviceKernelLimit(api, limit, static_cast<uint32_t>(value)); });
}

aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t* value) {
  const char* api = "aclrtDeviceGetLimit";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  const aclError status = CheckLimitType(api, limit);
  if (status != ACL_SUCCESS) return status;
  return Run(api, [&] { return GetDeviceKernelLimit(api, limit, value); });
}

aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag) {
  const char* api = "aclrtSetStreamOverflowSwitch";
  if (flag != 0 && flag != 1)
    return Fail(api, ACL_ERROR_INVALID_PARAM, "flag is invalid, must be 0 or 1. value=%u", flag);
  return Run(api, [&] {
    std::shared_ptr<Stream> target;
    const aclError status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    return SetOverflowSwitch(api, *target, flag);
  });
}

aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t* flag) {
  const char* api = "aclrtGetStreamOverflowSwitch";
  if (flag == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "flag is nullptr.");
  return Run(api, [&] {
    std::shared_ptr<Stream> target;
    const aclError status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    *flag = OverflowSwitchOf(*target);
    return ACL_SUCCESS;
  });
}

aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue* value) {
  const char* api = "aclrtSetStreamAttribute";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  return Run(api, [&] {
    aclError status = CheckAttribute(api, stmAttrType);
    if (status != ACL_SUCCESS) return status;
    const bool null_rule = stmAttrType == ACL_STREAM_ATTR_FAILURE_MODE || stmAttrType == ACL_STREAM_ATTR_CACHE_OP_INFO;
    if (stream == nullptr && stmAttrType == ACL_STREAM_ATTR_PRIORITY) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "stream is nullptr: the default stream's priority cannot be set.");
    }
    std::shared_ptr<Stream> target;
    status = FindSettableStream(api, stream, null_rule, &target);
    if (status != ACL_SUCCESS) return status;
    switch (stmAttrType) {
      case ACL_STREAM_ATTR_FAILURE_MODE:
        return SetFailureMode(api, *target, value->failureMode);
      case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
        return SetOverflowSwitch(api, *target, value->overflowSwitch);
      case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
        status = aclnn_host::RefuseIfCapturing(api, "Setting a stream's custom tag", *target);
        if (status == ACL_SUCCESS) target->user_custom_tag.store(value->userCustomTag);
        return status;
      case ACL_STREAM_ATTR_CACHE_OP_INFO:
        if (value->cacheOpInfoSwitch > 1) {
          return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "cacheOpInfoSwitch %u is invalid: expected 0 or 1.",
                      value->cacheOpInfoSwitch);
        }
        target->cache_op_info.store(value->cacheOpInfoSwitch);
        return ACL_SUCCESS;
      default: {  // ACL_STREAM_ATTR_PRIORITY: clamped to [0, 7] as a signed value, as in CANN
        const int32_t priority = static_cast<int32_t>(value->streamPriority);
        target->set_priority(static_cast<uint32_t>(priority < 0 ? 0 : priority > 7 ? 7 : priority));
        return ACL_SUCCESS;
      }
    }
  });
}

aclError aclrtGetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue* value) {
  const char* api = "aclrtGetStreamAttribute";
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "value is nullptr.");
  return Run(api, [&] {
    aclError status = CheckAttribute(api, stmAttrType);
    if (status != ACL_SUCCESS) return status;
    if (stream == nullptr && stmAttrType == ACL_STREAM_ATTR_PRIORITY) {
      return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "stream is nullptr: the default stream has no priority to read.");
    }
    std::shared_ptr<Stream> target;
    status = Runtime::Get().FindStream(api, stream, &target);
    if (status != ACL_SUCCESS) return status;
    switch (stmAttrType) {
      case ACL_STREAM_ATTR_FAILURE_MODE:
        value->failureMode = target->stop_on_failure() ? ACL_STOP_ON_FAILURE : ACL_CONTINUE_ON_FAILURE;
        break;
      case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
        value->overflowSwitch = OverflowSwitchOf(*target);
        break;
      case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
        value->userCustomTag = target->user_custom_tag.load();
        break;
      case ACL_STREAM_ATTR_CACHE_OP_INFO:
        value->cacheOpInfoSwitch = target->cache_op_info.load();
        break;
      default:
        value->streamPriority = target->priority();
        break;
    }
    return ACL_SUCCESS;
  });
}

}  // extern "C"
