// The op-execute timeout (aclrtSetOpExecuteTimeOut, ...WithMs, ...V2, aclrtGetOpTimeOutInterval,
// aclrtGetOpExecuteTimeout): the figures each SoC's hardware rounds it to, and a kernel that runs
// past it failing its task with ACL_ERROR_RT_AICORE_TIMEOUT. Expected values are computed here from
// hicann/runtime's published ticks and credits (runtime.hpp, dev_info_reg.cc), not read from ours.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include "acl/acl.h"
#include "aclnn_host/stand_in.h"
#include "runtime/kernel_task.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

constexpr double kStarsTickUs = 4294967.296;  // 2^32 / 1 GHz: A2, A3, 950, 310B
constexpr double k310PTickUs = 2147483.648;   // 2^31 / 1 GHz
constexpr double kA1TickUs = 68719476.736;    // 2^36 / 1 GHz

uint32_t Ms(double us) { return static_cast<uint32_t>(std::ceil(us / 1000.0)); }

uint32_t GetTimeoutMs() {
  uint32_t ms = 0;
  EXPECT_TRUE(Succeeds(aclrtGetOpExecuteTimeout(&ms)));
  return ms;
}

TEST(AclOpExecuteTimeout, DefaultsAreEachSeriesDocumentedOnes) {
  struct Case {
    const char* soc;
    double tick_us;
    uint32_t default_credits;
  };
  // CANN's docs: 1091 s on A2/A3/950/310B, 547 s on 310P, 68 s on A1.
  for (const Case& c : {Case{"Ascend910B3", kStarsTickUs, 254}, Case{"Ascend910_9391", kStarsTickUs, 254},
                        Case{"Ascend950PR", kStarsTickUs, 254}, Case{"Ascend310B1", kStarsTickUs, 254},
                        Case{"Ascend310P3", k310PTickUs, 255}, Case{"Ascend910A", kA1TickUs, 1}}) {
    SCOPED_TRACE(c.soc);
    test::RuntimeSession session(c.soc);
    EXPECT_EQ(GetTimeoutMs(), Ms(c.tick_us * c.default_credits));
    uint64_t interval = 0;
    EXPECT_TRUE(Succeeds(aclrtGetOpTimeOutInterval(&interval)));
    EXPECT_EQ(interval, static_cast<uint64_t>(c.tick_us));
  }
  EXPECT_EQ(Ms(kStarsTickUs * 254) / 1000, 1090u);
  EXPECT_EQ(Ms(k310PTickUs * 255) / 1000, 547u);
  EXPECT_EQ(Ms(kA1TickUs) / 1000, 68u);
}

TEST(AclOpExecuteTimeout, ASetTimeoutReadsBackInWholeTicks) {
  test::RuntimeSession session;                         // Ascend910B3: ticks of 4294967.296 us, 254 at most
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(10)));  // 10 s: 3 ticks
  EXPECT_EQ(GetTimeoutMs(), Ms(3 * kStarsTickUs));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));  // 0: the longest
  EXPECT_EQ(GetTimeoutMs(), Ms(254 * kStarsTickUs));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(2000)));  // beyond 254 ticks: the longest
  EXPECT_EQ(GetTimeoutMs(), Ms(254 * kStarsTickUs));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutWithMs(5000)));  // 2 ticks
  EXPECT_EQ(GetTimeoutMs(), Ms(2 * kStarsTickUs));
  // Milliseconds are bounded at 1000 s first (RT_MAX_OP_TIMEOUT_FOR_MS): 233 ticks by the
  // runtime's truncating round-up, (t + tick - 1) / tick.
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutWithMs(UINT32_MAX)));
  EXPECT_EQ(GetTimeoutMs(), Ms(233 * kStarsTickUs));
  // Last call wins, whichever variant made it.
  uint64_t actual = 0;
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutV2(1000, &actual)));
  EXPECT_EQ(actual, static_cast<uint64_t>(kStarsTickUs));
  EXPECT_EQ(GetTimeoutMs(), Ms(kStarsTickUs));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));  // the longest again: the setting is the process's
}

TEST(AclOpExecuteTimeout, V2ReportsTheActualTimeout) {
  test::RuntimeSession session("Ascend310P3");
  uint64_t actual = 0;
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutV2(3000000, &actual)));  // 3 s: 2 ticks of 2.147 s
  EXPECT_EQ(actual, static_cast<uint64_t>(2 * k310PTickUs));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutV2(0, &actual)));  // 0: the runtime's 254 credits
  EXPECT_EQ(actual, static_cast<uint64_t>(254 * k310PTickUs));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutV2(UINT64_MAX, &actual)));
  EXPECT_EQ(actual, static_cast<uint64_t>(254 * k310PTickUs));
  // The hardware's own bound (255 credits on 310P) is what the timeout reads back as.
  EXPECT_EQ(GetTimeoutMs(), Ms(255 * k310PTickUs));
}

TEST(AclOpExecuteTimeout, ChecksAndCodes) {
  uint32_t ms = 7;
  uint64_t value = 7;
  EXPECT_TRUE(FailsWith(aclrtGetOpExecuteTimeout(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetOpExecuteTimeout",
                        {"timeoutMs is nullptr"}));
  EXPECT_TRUE(FailsWith(aclrtGetOpExecuteTimeout(&ms), ACL_ERROR_UNINITIALIZE, "aclrtGetOpExecuteTimeout"));
  EXPECT_EQ(ms, 7u);
  EXPECT_TRUE(FailsWith(aclrtSetOpExecuteTimeOutV2(1, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtSetOpExecuteTimeOutV2",
                        {"actualTimeout is nullptr"}));
  EXPECT_TRUE(FailsWith(aclrtGetOpTimeOutInterval(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetOpTimeOutInterval",
                        {"interval is nullptr"}));
  // The setters without a context need none (the runtime keeps the setting for the process).
  EXPECT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(10)));
  setenv("ACLNN_HOST_SOC", "Ascend910B3", 1);
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_EQ(GetTimeoutMs(), Ms(3 * kStarsTickUs));  // the setting made before aclInit holds
  // V2 and the interval need a context (the runtime's CurrentContext): none is current yet.
  EXPECT_TRUE(
      FailsWith(aclrtSetOpExecuteTimeOutV2(1, &value), ACL_ERROR_RT_CONTEXT_NULL, "aclrtSetOpExecuteTimeOutV2"));
  EXPECT_TRUE(FailsWith(aclrtGetOpTimeOutInterval(&value), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetOpTimeOutInterval"));
  EXPECT_EQ(value, 7u);
  EXPECT_EQ(GetTimeoutMs(), Ms(3 * kStarsTickUs));  // the refused V2 changed nothing
  EXPECT_TRUE(Succeeds(aclFinalize()));
  unsetenv("ACLNN_HOST_SOC");
  EXPECT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));
}

int g_timeout_exceptions = 0;
uint32_t g_timeout_code = 0;
void CountException(aclrtExceptionInfo* info) {
  ++g_timeout_exceptions;
  g_timeout_code = aclrtGetErrorCodeFromExceptionInfo(info);
}

void SleepFor(void* milliseconds) {
  std::this_thread::sleep_for(std::chrono::milliseconds(*static_cast<int*>(milliseconds)));
}

void AddOne(void* value) { ++*static_cast<int*>(value); }

TEST(AclOpExecuteTimeout, AKernelThatRunsPastItFailsItsTask) {
  test::RuntimeSession session("Ascend310P3");  // the shortest tick: 2.147 s
  uint64_t actual = 0;
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutV2(1, &actual)));
  ASSERT_EQ(actual, static_cast<uint64_t>(k310PTickUs));
  ASSERT_TRUE(Succeeds(aclrtExceptionInfoCallbackRegister(CountException)));
  int short_run = 10;
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(session.stream(), "Short", SleepFor, &short_run)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(g_timeout_exceptions, 0);
  int long_run = 2400;
  int after = 0;
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(session.stream(), "Long", SleepFor, &long_run)));
  // The task keeps the timeout set when it was issued, as the NPU's task keeps its credits.
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(session.stream(), "After", AddOne, &after)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_AICORE_TIMEOUT, "aclrtSynchronizeStream",
                        {"Long", "op-execute timeout of 2.147 s"}));
  EXPECT_EQ(after, 1);  // the default failure mode goes on with the tasks after it
  EXPECT_EQ(g_timeout_exceptions, 1);
  EXPECT_EQ(g_timeout_code, static_cast<uint32_t>(ACL_ERROR_RT_AICORE_TIMEOUT));
  EXPECT_TRUE(Succeeds(aclrtExceptionInfoCallbackUnregister(CountException)));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));
}

TEST(AclOpExecuteTimeout, TheCheckComparesTheRunWithTheTimeoutTakenAtIssue) {
  test::RuntimeSession session;  // Ascend910B3
  const double tick_ns = kStarsTickUs * 1000;
  // 0: the longest, 254 ticks (the settings are the process's: other tests of this binary may have
  // set one when it runs as one process).
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));
  EXPECT_EQ(aclnn_host::OpExecuteTimeoutNsForIssue(), static_cast<int64_t>(254 * tick_ns));
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(5)));  // 2 ticks
  const int64_t timeout_ns = aclnn_host::OpExecuteTimeoutNsForIssue();
  EXPECT_EQ(timeout_ns, static_cast<int64_t>(2 * tick_ns));
  EXPECT_EQ(aclnn_host::CheckOpExecuteTime("Op", timeout_ns - 1000, timeout_ns, {}).code, 0);
  const aclnn_host::TaskResult late = aclnn_host::CheckOpExecuteTime("Op", timeout_ns + 1000, timeout_ns, {});
  EXPECT_EQ(late.code, ACL_ERROR_RT_AICORE_TIMEOUT);
  EXPECT_NE(late.message.find("8.590 s"), std::string::npos) << late.message;
  // A run that failed keeps its own failure.
  EXPECT_EQ(aclnn_host::CheckOpExecuteTime("Op", 3 * timeout_ns, timeout_ns, {507000, "x"}).code, 507000);
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));
}

}  // namespace
