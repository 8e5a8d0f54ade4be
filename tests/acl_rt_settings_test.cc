// Settings a program makes and reads back: system parameter options (process and context), the
// op-wait timeout (it bounds aclrtStreamWaitEvent), stream attributes and the overflow switch.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;
using test::TakeErrorMessage;

TEST(AclSysParamOpt, ProcessOptionsStartAtZeroAndCheckOptionThenValue) {
  int64_t value = -1;
  // No aclInit needed: the options belong to the process.
  EXPECT_TRUE(Succeeds(aclrtGetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, &value)));
  EXPECT_EQ(value, 0);
  EXPECT_TRUE(Succeeds(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 3)));
  EXPECT_TRUE(Succeeds(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value)));
  EXPECT_EQ(value, 3);
  EXPECT_TRUE(FailsWith(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 4), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetSysParamOpt", {"[0, 4)"}));
  EXPECT_TRUE(FailsWith(aclrtSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 2), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetSysParamOpt", {"[0, 2)"}));
  EXPECT_TRUE(FailsWith(aclrtSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, -1), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetSysParamOpt"));
  EXPECT_TRUE(FailsWith(aclrtSetSysParamOpt(static_cast<aclSysParamOpt>(4), 0), ACL_ERROR_INVALID_PARAM,
                        "aclrtSetSysParamOpt", {"ACL_OPT_ENABLE_KERNEL_EARLY_START(3)", "value=4"}));
  EXPECT_TRUE(
      FailsWith(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetSysParamOpt"));
  // The failed calls changed nothing.
  EXPECT_TRUE(Succeeds(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value)));
  EXPECT_EQ(value, 3);
  EXPECT_TRUE(Succeeds(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0)));
}

TEST(AclSysParamOpt, ContextOptionsHaveNoDefaultAndWriteThroughToTheProcess) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  int64_t value = -1;
  EXPECT_TRUE(FailsWith(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtCtxGetSysParamOpt"));
  EXPECT_TRUE(
      FailsWith(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCtxSetSysParamOpt"));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(FailsWith(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                        "aclrtCtxGetSysParamOpt", {"never set"}));
  EXPECT_EQ(value, -1);
  // A process setting does not fill a context's.
  EXPECT_TRUE(Succeeds(aclrtSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 1)));
  EXPECT_TRUE(FailsWith(aclrtCtxGetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                        "aclrtCtxGetSysParamOpt"));
  EXPECT_TRUE(Succeeds(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 2)));
  EXPECT_TRUE(Succeeds(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value)));
  EXPECT_EQ(value, 2);
  EXPECT_TRUE(Succeeds(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value)));
  EXPECT_EQ(value, 2);  // written through
  // The context variants take three options only, and check values as the process ones.
  EXPECT_TRUE(FailsWith(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, 0), ACL_ERROR_INVALID_PARAM,
                        "aclrtCtxSetSysParamOpt", {"value=3"}));
  EXPECT_TRUE(FailsWith(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 5), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtCtxSetSysParamOpt"));

  // Each context has its own: an explicit context starts empty; the primary one keeps its value.
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&context, 1)));
  EXPECT_TRUE(FailsWith(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                        "aclrtCtxGetSysParamOpt"));
  EXPECT_TRUE(Succeeds(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value)));
  EXPECT_EQ(value, 2);
  ASSERT_TRUE(Succeeds(aclrtSetCurrentContext(context)));
  EXPECT_TRUE(Succeeds(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value)));
  EXPECT_EQ(value, 1);
  EXPECT_TRUE(Succeeds(aclrtDestroyContext(context)));
  // A new primary context (after the last reset) starts empty.
  aclrtResetDeviceForce(0);
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(FailsWith(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                        "aclrtCtxGetSysParamOpt"));
  aclrtResetDevice(0);
  aclFinalize();
  aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  aclrtSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 0);
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

TEST(AclOpWaitTimeout, BoundsTheStreamWaitsIssuedAfterIt) {
  test::RuntimeSession session;
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  // A record that completes only after 3 s: `other` is held by a host function.
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(
      other, [](void*) { std::this_thread::sleep_for(std::chrono::seconds(3)); }, nullptr)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, other)));

  ASSERT_TRUE(Succeeds(aclrtSetOpWaitTimeout(1)));
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(session.stream(), event)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
                        "aclrtSynchronizeStream", {"op-wait timeout of 1 s"}));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(2900));  // gave up before the record

  // 0: waits issued from now on wait for ever (for the record, here).
  ASSERT_TRUE(Succeeds(aclrtSetOpWaitTimeout(0)));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(session.stream(), event)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(other)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST(AclOpWaitTimeout, IsNotSupportedOnTheInferenceSeries) {
  test::RuntimeSession session("Ascend310P3");
  EXPECT_TRUE(FailsWith(aclrtSetOpWaitTimeout(5), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtSetOpWaitTimeout",
                        {"Atlas inference"}));
}

TEST(AclStreamAttribute, EachAttributeReadsBackWhatWasSet) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  aclrtStreamAttrValue value{};
  EXPECT_TRUE(Succeeds(aclrtGetStreamAttribute(stream, ACL_STREAM_ATTR_FAILURE_MODE, &value)));
  EXPECT_EQ(value.failureMode, static_cast<uint64_t>(ACL_CONTINUE_ON_FAILURE));
  value.failureMode = ACL_STOP_ON_FAILURE;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_FAILURE_MODE, &value)));
  value = aclrtStreamAttrValue{};
  EXPECT_TRUE(Succeeds(aclrtGetStreamAttribute(stream, ACL_STREAM_ATTR_FAILURE_MODE, &value)));
  EXPECT_EQ(value.failureMode, static_cast<uint64_t>(ACL_STOP_ON_FAILURE));
  value.failureMode = ACL_CONTINUE_ON_FAILURE;
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_FAILURE_MODE, &value),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtSetStreamAttribute", {"stop mode to continue mode"}));

  value = aclrtStreamAttrValue{};
  value.userCustomTag = 0xC0FFEEu;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &value)));
  value = aclrtStreamAttrValue{};
  EXPECT_TRUE(Succeeds(aclrtGetStreamAttribute(stream, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &value)));
  EXPECT_EQ(value.userCustomTag, 0xC0FFEEu);

  value.cacheOpInfoSwitch = 1;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_CACHE_OP_INFO, &value)));
  value.cacheOpInfoSwitch = 2;
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_CACHE_OP_INFO, &value),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtSetStreamAttribute", {"cacheOpInfoSwitch"}));
  EXPECT_TRUE(Succeeds(aclrtGetStreamAttribute(stream, ACL_STREAM_ATTR_CACHE_OP_INFO, &value)));
  EXPECT_EQ(value.cacheOpInfoSwitch, 1u);

  // Priorities are clamped to [0, 7] as signed values; aclrtStreamGetPriority agrees.
  value.streamPriority = 5;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_PRIORITY, &value)));
  uint32_t priority = 99;
  EXPECT_TRUE(Succeeds(aclrtStreamGetPriority(stream, &priority)));
  EXPECT_EQ(priority, 5u);
  value.streamPriority = 100;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_PRIORITY, &value)));
  EXPECT_TRUE(Succeeds(aclrtGetStreamAttribute(stream, ACL_STREAM_ATTR_PRIORITY, &value)));
  EXPECT_EQ(value.streamPriority, 7u);
  value.streamPriority = static_cast<uint32_t>(-3);
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_PRIORITY, &value)));
  EXPECT_TRUE(Succeeds(aclrtGetStreamAttribute(stream, ACL_STREAM_ATTR_PRIORITY, &value)));
  EXPECT_EQ(value.streamPriority, 0u);
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(nullptr, ACL_STREAM_ATTR_PRIORITY, &value), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetStreamAttribute", {"priority"}));

  // The overflow check is the overflow switch: off by default, on and off again.
  uint32_t flag = 9;
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(stream, &flag)));
  EXPECT_EQ(flag, 0u);
  value.overflowSwitch = 1;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value)));
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(stream, &flag)));
  EXPECT_EQ(flag, 1u);
  value.overflowSwitch = 0;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value)));
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(stream, &flag)));
  EXPECT_EQ(flag, 0u);
  value.overflowSwitch = 2;
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(stream, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtSetStreamAttribute"));
}

TEST(AclStreamAttribute, BadArgumentsAreRejectedInCannsOrder) {
  test::RuntimeSession session;
  aclrtStreamAttrValue value{};
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(session.stream(), ACL_STREAM_ATTR_FAILURE_MODE, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtSetStreamAttribute"));
  EXPECT_TRUE(FailsWith(aclrtGetStreamAttribute(session.stream(), ACL_STREAM_ATTR_FAILURE_MODE, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtGetStreamAttribute"));
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(session.stream(), static_cast<aclrtStreamAttr>(6), &value),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtSetStreamAttribute", {"[1, 6)"}));
  EXPECT_TRUE(FailsWith(aclrtGetStreamAttribute(session.stream(), static_cast<aclrtStreamAttr>(0), &value),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtGetStreamAttribute", {"[1, 6)"}));
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtGetStreamAttribute(&bogus, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &value),
                        ACL_ERROR_RT_INVALID_HANDLE, "aclrtGetStreamAttribute"));
  // NULL is the default stream on Atlas A2 (this profile).
  value.failureMode = ACL_STOP_ON_FAILURE;
  EXPECT_TRUE(Succeeds(aclrtSetStreamAttribute(nullptr, ACL_STREAM_ATTR_FAILURE_MODE, &value)));
  value = aclrtStreamAttrValue{};
  EXPECT_TRUE(Succeeds(aclrtGetStreamAttribute(nullptr, ACL_STREAM_ATTR_FAILURE_MODE, &value)));
  EXPECT_EQ(value.failureMode, static_cast<uint64_t>(ACL_STOP_ON_FAILURE));
  // A capturing stream takes no custom tag or overflow switch.
  aclrtStream capturing = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&capturing)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(capturing, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  value.userCustomTag = 1;
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(capturing, ACL_STREAM_ATTR_USER_CUSTOM_TAG, &value),
                        ACL_ERROR_RT_STREAM_CAPTURED, "aclrtSetStreamAttribute"));
  EXPECT_TRUE(FailsWith(aclrtSetStreamOverflowSwitch(capturing, 1), ACL_ERROR_RT_STREAM_CAPTURED,
                        "aclrtSetStreamOverflowSwitch"));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(capturing, &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(capturing)));
}

TEST(AclStreamAttribute, OutsideAtlasA2A3And950TheDefaultStreamAndTheOverflowSwitchFollowCann) {
  test::RuntimeSession session("Ascend310P3");
  aclrtStreamAttrValue value{};
  value.failureMode = ACL_STOP_ON_FAILURE;
  EXPECT_TRUE(FailsWith(aclrtSetStreamAttribute(nullptr, ACL_STREAM_ATTR_FAILURE_MODE, &value),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtSetStreamAttribute", {"default stream"}));
  EXPECT_TRUE(FailsWith(aclrtSetStreamFailureMode(nullptr, ACL_STOP_ON_FAILURE), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetStreamFailureMode"));
  // No overflow-check feature: Set succeeds without effect, Get reports 1.
  EXPECT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(session.stream(), 0)));
  uint32_t flag = 0;
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(session.stream(), &flag)));
  EXPECT_EQ(flag, 1u);
}

TEST(AclStreamOverflowSwitch, IsOffByDefaultAndPerStreamWhereCannHasIt) {
  test::RuntimeSession session;
  uint32_t flag = 9;
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(session.stream(), &flag)));
  EXPECT_EQ(flag, 0u);
  // NULL is the default stream, a stream of its own.
  EXPECT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(nullptr, 1)));
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(nullptr, &flag)));
  EXPECT_EQ(flag, 1u);
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(session.stream(), &flag)));
  EXPECT_EQ(flag, 0u);
  EXPECT_TRUE(FailsWith(aclrtSetStreamOverflowSwitch(session.stream(), 2), ACL_ERROR_INVALID_PARAM,
                        "aclrtSetStreamOverflowSwitch", {"0 or 1"}));
  EXPECT_TRUE(FailsWith(aclrtGetStreamOverflowSwitch(session.stream(), nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtGetStreamOverflowSwitch"));
  EXPECT_TRUE(Succeeds(aclrtSetStreamOverflowSwitch(nullptr, 0)));
  EXPECT_TRUE(Succeeds(aclrtGetStreamOverflowSwitch(nullptr, &flag)));
  EXPECT_EQ(flag, 0u);
}

}  // namespace

// ---- aclrtDeviceSetLimit / aclrtDeviceGetLimit: upstream's defaults, bounds and round-ups ------
// (hicann/runtime elf.hpp, base_david.hpp, api_impl.cc, api_impl_david.cc). The sizes are the
// process's, as upstream's: each test puts back what it changed where it can.
namespace {

size_t GetLimit(aclrtDeviceLimit limit) {
  size_t value = 0;
  EXPECT_TRUE(Succeeds(aclrtDeviceGetLimit(limit, &value)));
  return value;
}

}  // namespace

TEST(AclDeviceLimit, AtlasA2KeepsTheSimdSizesAndRefusesTheSimtOnes) {
  test::RuntimeSession session;  // Ascend910B3
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE), 32768u);
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE), 32768u);
  // A stack up to 32 KiB is ignored; a larger one is rounded up to 16 KiB (and cannot shrink back).
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 1000)));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE), 32768u);
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 40000)));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE), 49152u);
  // The printf FIFO: [1 KiB, 64 MiB], rounded up to 8 bytes.
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1025)));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE), 1032u);
  EXPECT_TRUE(FailsWith(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1023),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtDeviceSetLimit", {"[1024, 67108864]"}));
  EXPECT_TRUE(FailsWith(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, (64u << 20) + 1),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtDeviceSetLimit"));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE), 1032u);  // unchanged by the refusals
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 32768)));
  for (aclrtDeviceLimit simt : {ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE,
                                ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE}) {
    size_t value = 7;
    EXPECT_TRUE(FailsWith(aclrtDeviceGetLimit(simt, &value), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtDeviceGetLimit",
                          {"SIMT limit type", "Ascend910B3"}));
    EXPECT_EQ(value, 7u);
    EXPECT_TRUE(FailsWith(aclrtDeviceSetLimit(simt, 4096), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtDeviceSetLimit"));
  }
}

TEST(AclDeviceLimit, Ascend950HasTheSimtStacksAndFifo) {
  test::RuntimeSession session("Ascend950PR");
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE), 32u * 1152u);  // a warp of 32 threads
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE), 1024u);
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE), 2u << 20);
  // A thread's stack is aligned to 128 bytes; Get reports the warp's.
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 1000)));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE), 32u * 1024u);
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE, 0)));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE), 0u);
  // Both 0 is refused, after the change (which stays, as upstream's).
  EXPECT_TRUE(FailsWith(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtDeviceSetLimit", {"cannot both be 0"}));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE), 0u);
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE, 1000)));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE), 1024u);
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 1152)));
  // The SIMT printf FIFO: [1 MiB, 64 MiB].
  EXPECT_TRUE(FailsWith(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, 32768), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtDeviceSetLimit", {"SIMT", "[1048576, 67108864]"}));
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, (1u << 20) + 1)));
  EXPECT_EQ(GetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE), (1u << 20) + 8);
  EXPECT_TRUE(Succeeds(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, 2u << 20)));
}

TEST(AclDeviceLimit, BadArgumentsAreTheAclLayersAndComeFirst) {
  size_t value = 3;
  EXPECT_TRUE(FailsWith(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtDeviceGetLimit"));
  EXPECT_TRUE(FailsWith(aclrtDeviceGetLimit(static_cast<aclrtDeviceLimit>(5), &value), ACL_ERROR_INVALID_PARAM,
                        "aclrtDeviceGetLimit", {"[0, 4]"}));
  EXPECT_TRUE(FailsWith(aclrtDeviceSetLimit(static_cast<aclrtDeviceLimit>(-1), 0), ACL_ERROR_INVALID_PARAM,
                        "aclrtDeviceSetLimit", {"[0, 4]"}));
  EXPECT_TRUE(FailsWith(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, size_t{1} << 32), ACL_ERROR_INVALID_PARAM,
                        "aclrtDeviceSetLimit", {"UINT32_MAX"}));
  // Before aclInit the SoC, which decides what exists, is not chosen.
  EXPECT_TRUE(FailsWith(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &value), ACL_ERROR_UNINITIALIZE,
                        "aclrtDeviceGetLimit"));
  EXPECT_EQ(value, 3u);
}
