// The bad-input catalogue, runtime rows (docs/bad-input-catalogue.md): RT-INIT-*, ENV-*, RT-DEV-*,
// RT-STREAM-*, RT-EVENT-*, RT-MEM-*, RT-COPY-*, RT-FILL-*. One test per row, named after its ID.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl_rt_allocator.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "aclnn_host/stand_in.h"
#include "bad_input_catalogue_support.h"

namespace catalogue {
namespace {

// Sets an environment variable for the test's scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedEnv() { unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

// A config file for aclInit, removed at the end of the test.
class ConfigFile {
 public:
  explicit ConfigFile(const std::string& text)
      : path_(::testing::TempDir() + "catalogue_" + std::to_string(getpid()) + ".json") {
    std::ofstream(path_) << text;
  }
  ~ConfigFile() { std::remove(path_.c_str()); }
  const char* path() const { return path_.c_str(); }

 private:
  std::string path_;
};

// aclInit with `text` as the config file fails with `code` and `phrase`, and leaves the runtime
// uninitialised.
::testing::AssertionResult InitWithConfigFails(const std::string& text, aclError code, const char* phrase) {
  ConfigFile file(text);
  TakeErrorMessage();
  ::testing::AssertionResult result = FailsWith(aclInit(file.path()), code, "aclInit", {phrase});
  if (!result) return result;
  return FailsWith(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice", {"aclInit has not been called."});
}

// aclInit with the environment variable `name`=`value` fails with ACL_ERROR_INVALID_PARAM and `phrase`.
::testing::AssertionResult InitWithEnvFails(const char* name, const char* value, const char* phrase) {
  ScopedEnv env(name, value);
  TakeErrorMessage();
  ::testing::AssertionResult result = FailsWith(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "aclInit", {phrase});
  if (!result) return result;
  return FailsWith(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize", {"not initialised"});
}

constexpr const char* kNoContext = "the current thread has no context: call aclrtSetDevice on this thread first.";

// ---- aclInit / aclFinalize and the config file ----

TEST(Catalogue, RT_INIT_01) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit",
                        {"the runtime is already initialised (this code may be ignored)."}));
}

TEST(Catalogue, RT_INIT_02) {
  EXPECT_TRUE(FailsWith(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize",
                        {"the runtime is not initialised (already finalised, or aclInit was never called)."}));
}

TEST(Catalogue, RT_INIT_03) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize", {"the runtime is not initialised"}));
}

TEST(Catalogue, RT_INIT_04) {
  uint64_t count = 99;
  EXPECT_TRUE(FailsWith(aclFinalizeReference(&count), ACL_ERROR_REPEAT_FINALIZE, "aclFinalizeReference",
                        {"the runtime is not initialised"}));
  EXPECT_EQ(count, 99u);
}

TEST(Catalogue, RT_INIT_05) {
  EXPECT_TRUE(FailsWith(aclInit("/nonexistent/catalogue.json"), ACL_ERROR_INVALID_FILE, "aclInit",
                        {"cannot open the config file \"/nonexistent/catalogue.json\"."}));
  EXPECT_TRUE(FailsWith(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice"));
}

TEST(Catalogue, RT_INIT_06) {
  EXPECT_TRUE(
      FailsWith(aclInit("/tmp"), ACL_ERROR_INVALID_FILE, "aclInit", {"the config file \"/tmp\" is a directory."}));
}

TEST(Catalogue, RT_INIT_07) {
  EXPECT_TRUE(InitWithConfigFails("{ not json", ACL_ERROR_PARSE_FILE, "is not a JSON object."));
}

TEST(Catalogue, RT_INIT_08) {
  EXPECT_TRUE(InitWithConfigFails("[1, 2]", ACL_ERROR_PARSE_FILE, "is not a JSON object."));
}

TEST(Catalogue, RT_INIT_09) {
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": 3}", ACL_ERROR_PARSE_FILE, "\" must be a JSON object."));
}

TEST(Catalogue, RT_INIT_10) {
  EXPECT_TRUE(
      InitWithConfigFails("{\"aclnn_host\": {\"soc_name\": 910}}", ACL_ERROR_PARSE_FILE, "\" must be a string."));
}

TEST(Catalogue, RT_INIT_11) {
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": {\"device_count\": 0}}", ACL_ERROR_INVALID_PARAM,
                                  "must be an integer from 1 to 64."));
}

TEST(Catalogue, RT_INIT_12) {
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": {\"device_count\": \"2\"}}", ACL_ERROR_INVALID_PARAM,
                                  "\"aclnn_host.device_count\" in"));
}

TEST(Catalogue, RT_INIT_13) {
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": {\"device_memory\": 0}}", ACL_ERROR_INVALID_PARAM,
                                  "must be a byte count (a positive integer, or a string such as \"16G\")."));
}

TEST(Catalogue, RT_INIT_14) {
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": {\"device_memory\": \"12X\"}}", ACL_ERROR_INVALID_PARAM,
                                  "\"aclnn_host.device_memory\" in"));
}

TEST(Catalogue, RT_INIT_15) {
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": {\"strict\": \"yes\"}}", ACL_ERROR_INVALID_PARAM,
                                  "must be true or false."));
}

TEST(Catalogue, RT_INIT_16) {
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": {\"soc_name\": \"Ascend999\"}}", ACL_ERROR_INVALID_PARAM,
                                  "unknown SoC \"Ascend999\"; valid names are: Ascend910B1, "));
}

TEST(Catalogue, RT_INIT_17) {
  // The environment overrides the file: a valid file SoC does not rescue an invalid ACLNN_HOST_SOC.
  ScopedEnv env("ACLNN_HOST_SOC", "Ascend999");
  EXPECT_TRUE(InitWithConfigFails("{\"aclnn_host\": {\"soc_name\": \"Ascend910B1\"}}", ACL_ERROR_INVALID_PARAM,
                                  "unknown SoC \"Ascend999\""));
}

// ---- ACLNN_HOST_* environment variables ----

TEST(Catalogue, ENV_01) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_SOC", "Ascend999",
                               "unknown SoC \"Ascend999\"; valid names are: Ascend910B1, Ascend910B2"));
}

TEST(Catalogue, ENV_02) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_COUNT", "0",
                               "ACLNN_HOST_DEVICE_COUNT=\"0\" is not an integer from 1 to 64."));
}

TEST(Catalogue, ENV_03) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_COUNT", "65", "ACLNN_HOST_DEVICE_COUNT=\"65\""));
}

TEST(Catalogue, ENV_04) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_COUNT", "2x", "ACLNN_HOST_DEVICE_COUNT=\"2x\""));
}

TEST(Catalogue, ENV_05) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_MEMORY", "0",
                               "ACLNN_HOST_DEVICE_MEMORY=\"0\" is not a byte count (e.g. 68719476736, 64G, 512MiB)."));
}

TEST(Catalogue, ENV_06) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_MEMORY", "16Q", "ACLNN_HOST_DEVICE_MEMORY=\"16Q\""));
}

TEST(Catalogue, ENV_07) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_MEMORY", "99999999999999999999",
                               "ACLNN_HOST_DEVICE_MEMORY=\"99999999999999999999\""));
}

TEST(Catalogue, ENV_08) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_MEMORY", "16777216T", "ACLNN_HOST_DEVICE_MEMORY=\"16777216T\""));
}

TEST(Catalogue, ENV_09) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_DEVICE_MEMORY", "-1G", "ACLNN_HOST_DEVICE_MEMORY=\"-1G\""));
}

TEST(Catalogue, ENV_10) {
  EXPECT_TRUE(InitWithEnvFails("ACLNN_HOST_STRICT", "yes", "ACLNN_HOST_STRICT=\"yes\" is neither 1 (strict) nor 0."));
}

TEST(Catalogue, ENV_11) {
  // An empty ACLNN_HOST_SOC counts as unset: the default SoC.
  ScopedEnv env("ACLNN_HOST_SOC", "");
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  ASSERT_NE(aclrtGetSocName(), nullptr);
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B3");
  EXPECT_TRUE(Succeeds(aclFinalize()));
}

// The variables read once per process run in a child (gtest death test): the op still succeeds
// with the default and computes the right values.
void ExpectIgnoredInChild(const char* name, const char* value) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        setenv(name, value, 1);
        bool ok = true;
        {
          RuntimeSession session;
          Operands ops(Op::kForward, {64, 64});
          uint64_t size = 0;
          aclOpExecutor* executor = ops.PhaseOne(&size);
          ok = ops.PhaseTwo(test::WorkspaceOfSize(size), size, executor, session.stream()) == ACLNN_SUCCESS &&
               aclrtSynchronizeStream(session.stream()) == ACL_SUCCESS && TakeErrorMessage().empty();
          // hardswish(1) = 1 * 4 / 6
          for (float v : ops.out_buffer.Download<float>(ops.count)) ok = ok && v == 1.0f * (1.0f + 3.0f) / 6.0f;
        }
        std::exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(Catalogue, ENV_12) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        setenv("ACLNN_HOST_MAX_ISA", "avx9000", 1);
        RuntimeSession session;
        Tensor t = Make({2, 3});
        const bool ok = Rejected(Fw(t.get(), t.get()), kFw, ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                                 "no kernel variant: ACLNN_HOST_MAX_ISA=\"avx9000\" is not one of: ");
        std::exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(Catalogue, ENV_13) { ExpectIgnoredInChild("ACLNN_HOST_PARALLEL_THRESHOLD", "lots"); }
TEST(Catalogue, ENV_14) { ExpectIgnoredInChild("ACLNN_HOST_PARALLEL_THRESHOLD", "-5"); }
TEST(Catalogue, ENV_15) { ExpectIgnoredInChild("ACLNN_HOST_STREAMING_BYTES", "12abc"); }
TEST(Catalogue, ENV_16) { ExpectIgnoredInChild("ACLNN_HOST_NUM_THREADS", "0"); }
TEST(Catalogue, ENV_17) { ExpectIgnoredInChild("ACLNN_HOST_NUM_THREADS", "100000"); }
TEST(Catalogue, ENV_18) { ExpectIgnoredInChild("ACLNN_HOST_MAX_ISA", ""); }

// ---- devices and contexts ----

TEST(Catalogue, RT_DEV_01) {
  EXPECT_TRUE(FailsWith(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice", {"aclInit has not been called."}));
}

TEST(Catalogue, RT_DEV_02) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice",
                        {"device id -1 is out of range [0, 1)."}));
  aclFinalize();
}

TEST(Catalogue, RT_DEV_03) {
  ScopedEnv env("ACLNN_HOST_DEVICE_COUNT", "2");
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSetDevice(2), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice",
                        {"device id 2 is out of range [0, 2)."}));
  aclFinalize();
}

TEST(Catalogue, RT_DEV_04) {
  EXPECT_TRUE(
      FailsWith(aclrtResetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtResetDevice", {"aclInit has not been called."}));
}

TEST(Catalogue, RT_DEV_05) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtResetDevice(5), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice",
                        {"device id 5 is out of range [0, 1)."}));
}

TEST(Catalogue, RT_DEV_06) {
  ScopedEnv env("ACLNN_HOST_DEVICE_COUNT", "2");
  RuntimeSession session;
  EXPECT_TRUE(Succeeds(aclrtResetDevice(1)));  // never set: nothing to release
  int32_t device = -1;
  EXPECT_TRUE(Succeeds(aclrtGetDevice(&device)));
  EXPECT_EQ(device, 0);
}

TEST(Catalogue, RT_DEV_07) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", {"deviceId is nullptr."}));
}

TEST(Catalogue, RT_DEV_08) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  int32_t device = 42;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice", {kNoContext}));
  EXPECT_EQ(device, 42);
  aclFinalize();
}

TEST(Catalogue, RT_DEV_09) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  int32_t device = 42;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice", {kNoContext}));
  aclFinalize();
}

TEST(Catalogue, RT_DEV_10) {
  // A context set before aclFinalize does not survive into the next aclInit.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  int32_t device = 42;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice", {kNoContext}));
  aclFinalize();
}

TEST(Catalogue, RT_DEV_11) {
  RuntimeSession session;
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] {
    int32_t device = 42;
    outcome = FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice", {kNoContext});
  });
  other.join();
  EXPECT_TRUE(outcome);
}

TEST(Catalogue, RT_DEV_12) {
  EXPECT_TRUE(
      FailsWith(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount", {"count is nullptr."}));
}

TEST(Catalogue, RT_DEV_13) {
  uint32_t count = 9;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE, "aclrtGetDeviceCount",
                        {"aclInit has not been called."}));
  EXPECT_EQ(count, 9u);
}

TEST(Catalogue, RT_DEV_14) {
  EXPECT_TRUE(FailsWith(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode", {"runMode is nullptr."}));
}

TEST(Catalogue, RT_DEV_15) {
  int32_t major = 0, minor = 0;
  EXPECT_TRUE(FailsWith(aclrtGetVersion(&major, &minor, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetVersion",
                        {"a version pointer is nullptr."}));
}

TEST(Catalogue, RT_DEV_16) {
  TakeErrorMessage();
  EXPECT_EQ(aclrtGetSocName(), nullptr);
  EXPECT_EQ(TakeErrorMessage(), "");
}

TEST(Catalogue, RT_DEV_17) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeDevice(), ACL_ERROR_RT_CONTEXT_NULL, "aclrtSynchronizeDevice", {kNoContext}));
  aclFinalize();
}

TEST(Catalogue, RT_DEV_18) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtSetDeviceSatMode(static_cast<aclrtFloatOverflowMode>(7)), ACL_ERROR_INVALID_PARAM,
                        "aclrtSetDeviceSatMode", {"overflow mode 7 is neither SATURATION (0) nor INFNAN (1)."}));
}

TEST(Catalogue, RT_DEV_19) {
  RuntimeSession session("Ascend910A");
  EXPECT_TRUE(FailsWith(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtSetDeviceSatMode", {"Ascend910A supports only the saturation overflow mode."}));
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_INFNAN;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_SATURATION);
}

TEST(Catalogue, RT_DEV_20) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION), ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtSetDeviceSatMode", {kNoContext}));
  aclFinalize();
}

TEST(Catalogue, RT_DEV_21) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceSatMode(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceSatMode",
                        {"mode is nullptr."}));
}

TEST(Catalogue, RT_DEV_22) {
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_INFNAN;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceSatMode(&mode), ACL_ERROR_UNINITIALIZE, "aclrtGetDeviceSatMode",
                        {"aclInit has not been called."}));
}

// ---- streams ----

TEST(Catalogue, RT_STREAM_01) {
  RuntimeSession session;
  EXPECT_TRUE(
      FailsWith(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCreateStream", {"stream is nullptr."}));
}

TEST(Catalogue, RT_STREAM_02) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream", {kNoContext}));
  EXPECT_EQ(stream, nullptr);
  aclFinalize();
}

TEST(Catalogue, RT_STREAM_03) {
  aclrtStream stream = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateStream(&stream), ACL_ERROR_UNINITIALIZE, "aclrtCreateStream",
                        {"aclInit has not been called."}));
}

TEST(Catalogue, RT_STREAM_04) {
  RuntimeSession session;
  EXPECT_TRUE(
      FailsWith(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream", {"stream is nullptr."}));
}

TEST(Catalogue, RT_STREAM_05) {
  RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream",
                        {"is not a live stream (destroyed, or never created)."}));
}

TEST(Catalogue, RT_STREAM_06) {
  RuntimeSession session;
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(&bogus), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream",
                        {"is not a live stream"}));
}

TEST(Catalogue, RT_STREAM_07) {
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(&bogus), ACL_ERROR_UNINITIALIZE, "aclrtDestroyStream",
                        {"aclInit has not been called."}));
}

TEST(Catalogue, RT_STREAM_08) {
  RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeStream",
                        {"is not a live stream"}));
}

TEST(Catalogue, RT_STREAM_09) {
  ScopedEnv env("ACLNN_HOST_DEVICE_COUNT", "2");
  RuntimeSession session;
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream), ACL_ERROR_RT_STREAM_CONTEXT, "aclrtSynchronizeStream",
                        {"belongs to device 1, but the current device is 0."}));
  aclrtSetDevice(1);
  aclrtDestroyStream(stream);
  aclrtResetDevice(1);
  aclrtResetDevice(0);
  aclrtSetDevice(0);
}

TEST(Catalogue, RT_STREAM_10) {
  RuntimeSession session;
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] {
    outcome = FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_CONTEXT_NULL, "aclrtSynchronizeStream",
                        {kNoContext});
  });
  other.join();
  EXPECT_TRUE(outcome);
}

TEST(Catalogue, RT_STREAM_11) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtStreamQuery(session.stream(), nullptr), ACL_ERROR_INVALID_PARAM, "aclrtStreamQuery",
                        {"status is nullptr."}));
}

TEST(Catalogue, RT_STREAM_12) {
  RuntimeSession session;
  int bogus = 0;
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  EXPECT_TRUE(FailsWith(aclrtStreamQuery(&bogus, &status), ACL_ERROR_RT_INVALID_HANDLE, "aclrtStreamQuery",
                        {"is not a live stream"}));
}

TEST(Catalogue, RT_STREAM_13) {
  // The last aclrtResetDevice destroys the device's streams.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeStream",
                        {"is not a live stream"}));
  aclrtResetDevice(0);
  aclFinalize();
}

TEST(Catalogue, RT_STREAM_14) {
  // aclFinalize destroys every stream.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  // No stream is created after the cycle: a new one could reuse the old handle's address.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream",
                        {"is not a live stream"}));
  aclrtResetDevice(0);
  aclFinalize();
}

// ---- events ----

TEST(Catalogue, RT_EVENT_01) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtCreateEvent(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCreateEvent", {"event is nullptr."}));
}

TEST(Catalogue, RT_EVENT_02) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  aclrtEvent event = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateEvent(&event), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateEvent", {kNoContext}));
  EXPECT_EQ(event, nullptr);
  aclFinalize();
}

TEST(Catalogue, RT_EVENT_03) {
  RuntimeSession session;
  EXPECT_TRUE(
      FailsWith(aclrtDestroyEvent(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyEvent", {"event is nullptr."}));
}

TEST(Catalogue, RT_EVENT_04) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtDestroyEvent(event), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyEvent",
                        {"is not a live event (destroyed, or never created)."}));
}

TEST(Catalogue, RT_EVENT_05) {
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtDestroyEvent(&bogus), ACL_ERROR_UNINITIALIZE, "aclrtDestroyEvent",
                        {"aclInit has not been called."}));
}

TEST(Catalogue, RT_EVENT_06) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtRecordEvent(nullptr, session.stream()), ACL_ERROR_INVALID_PARAM, "aclrtRecordEvent",
                        {"event is nullptr."}));
}

TEST(Catalogue, RT_EVENT_07) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtRecordEvent(event, stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtRecordEvent",
                        {"is not a live stream"}));
  // Nothing was recorded: the event is complete and a synchronize returns at once.
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  aclrtDestroyEvent(event);
}

TEST(Catalogue, RT_EVENT_08) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtRecordEvent(event, session.stream()), ACL_ERROR_RT_INVALID_HANDLE, "aclrtRecordEvent",
                        {"is not a live event"}));
}

TEST(Catalogue, RT_EVENT_09) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEvent(session.stream(), event), ACL_ERROR_RT_INVALID_HANDLE,
                        "aclrtStreamWaitEvent", {"is not a live event"}));
}

TEST(Catalogue, RT_EVENT_10) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEvent(session.stream(), nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtStreamWaitEvent", {"event is nullptr."}));
}

TEST(Catalogue, RT_EVENT_11) {
  // Waiting for an event never recorded does not block the stream.
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  EXPECT_TRUE(Succeeds(aclrtStreamWaitEvent(session.stream(), event)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  aclrtDestroyEvent(event);
}

TEST(Catalogue, RT_EVENT_12) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtSynchronizeEvent(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeEvent",
                        {"event is nullptr."}));
}

TEST(Catalogue, RT_EVENT_13) {
  RuntimeSession session;
  int bogus = 0;
  EXPECT_TRUE(FailsWith(aclrtSynchronizeEvent(&bogus), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeEvent",
                        {"is not a live event"}));
}

TEST(Catalogue, RT_EVENT_14) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtQueryEventStatus(event, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtQueryEventStatus",
                        {"status is nullptr."}));
  aclrtDestroyEvent(event);
}

TEST(Catalogue, RT_EVENT_15) {
  RuntimeSession session;
  int bogus = 0;
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  EXPECT_TRUE(FailsWith(aclrtQueryEventStatus(&bogus, &status), ACL_ERROR_RT_INVALID_HANDLE, "aclrtQueryEventStatus",
                        {"is not a live event"}));
}

TEST(Catalogue, RT_EVENT_16) {
  // aclFinalize destroys every event.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtSynchronizeEvent(event), ACL_ERROR_UNINITIALIZE, "aclrtSynchronizeEvent",
                        {"aclInit has not been called."}));
}

// ---- memory ----

TEST(Catalogue, RT_MEM_01) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc",
                        {"devPtr is nullptr."}));
}

TEST(Catalogue, RT_MEM_02) {
  RuntimeSession session;
  void* ptr = &ptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc",
                        {"size must be greater than 0."}));
  EXPECT_EQ(ptr, static_cast<void*>(&ptr));
}

TEST(Catalogue, RT_MEM_03) {
  RuntimeSession session;
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, static_cast<aclrtMemMallocPolicy>(0x77)), ACL_ERROR_INVALID_PARAM,
                        "aclrtMalloc", {"malloc policy 0x77 is not valid."}));
  EXPECT_EQ(ptr, nullptr);
}

TEST(Catalogue, RT_MEM_04) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc",
                        {kNoContext}));
  EXPECT_EQ(ptr, nullptr);
  aclFinalize();
}

TEST(Catalogue, RT_MEM_05) {
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_UNINITIALIZE, "aclrtMalloc",
                        {"aclInit has not been called."}));
}

TEST(Catalogue, RT_MEM_06) {
  ScopedEnv env("ACLNN_HOST_DEVICE_MEMORY", "1M");
  RuntimeSession session;
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 2 << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "aclrtMalloc",
                        {"out of device memory: 2097152 bytes requested, 1048576 of 1048576 bytes free "
                         "on device 0."}));
  EXPECT_EQ(ptr, nullptr);
}

TEST(Catalogue, RT_MEM_07) {
  ScopedEnv env("ACLNN_HOST_DEVICE_MEMORY", "1M");
  RuntimeSession session;
  void* first = nullptr;
  void* second = nullptr;
  ASSERT_EQ(aclrtMalloc(&first, 600 << 10, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtMalloc(&second, 600 << 10, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "aclrtMalloc", {"out of device memory: 614400 bytes requested"}));
  EXPECT_EQ(second, nullptr);
  // Freeing gives the capacity back.
  ASSERT_EQ(aclrtFree(first), ACL_SUCCESS);
  EXPECT_TRUE(Succeeds(aclrtMalloc(&second, 600 << 10, ACL_MEM_MALLOC_HUGE_FIRST)));
  aclrtFree(second);
}

TEST(Catalogue, RT_MEM_08) {
  RuntimeSession session;
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, SIZE_MAX, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "aclrtMalloc", {"18446744073709551615 bytes cannot be allocated."}));
  EXPECT_EQ(ptr, nullptr);
}

TEST(Catalogue, RT_MEM_09) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFree", {"devPtr is nullptr."}));
}

TEST(Catalogue, RT_MEM_10) {
  RuntimeSession session;
  void* ptr = nullptr;
  ASSERT_EQ(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(ptr), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtFree(ptr), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree",
                        {"is not the start of a live aclrtMalloc allocation."}));
}

TEST(Catalogue, RT_MEM_11) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  EXPECT_TRUE(FailsWith(aclrtFree(static_cast<char*>(buffer.get()) + 8), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree",
                        {"is not the start of a live aclrtMalloc allocation."}));
}

TEST(Catalogue, RT_MEM_12) {
  RuntimeSession session;
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtFree(host), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree",
                        {"is host memory from aclrtMallocHost: free it with aclrtFreeHost."}));
  EXPECT_TRUE(Succeeds(aclrtFreeHost(host)));
}

TEST(Catalogue, RT_MEM_13) {
  RuntimeSession session;
  void* device = nullptr;
  ASSERT_EQ(aclrtMalloc(&device, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtFreeHost(device), ACL_ERROR_RT_MEMORY_FREE, "aclrtFreeHost",
                        {"is device memory from aclrtMalloc: free it with aclrtFree."}));
  EXPECT_TRUE(Succeeds(aclrtFree(device)));
}

TEST(Catalogue, RT_MEM_14) {
  RuntimeSession session;
  void* ptr = nullptr;
  ASSERT_EQ(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] { outcome = FailsWith(aclrtFree(ptr), ACL_ERROR_RT_CONTEXT_NULL, "aclrtFree", {kNoContext}); });
  other.join();
  EXPECT_TRUE(outcome);
  EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
}

TEST(Catalogue, RT_MEM_15) {
  RuntimeSession session;
  EXPECT_TRUE(
      FailsWith(aclrtMallocHost(nullptr, 64), ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", {"hostPtr is nullptr."}));
}

TEST(Catalogue, RT_MEM_16) {
  RuntimeSession session;
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMallocHost(&ptr, 0), ACL_ERROR_INVALID_PARAM, "aclrtMallocHost",
                        {"size must be greater than 0."}));
}

TEST(Catalogue, RT_MEM_17) {
  RuntimeSession session;
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMallocHost(&ptr, SIZE_MAX), ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMallocHost",
                        {"18446744073709551615 bytes cannot be allocated."}));
  EXPECT_EQ(ptr, nullptr);
}

TEST(Catalogue, RT_MEM_18) {
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFreeHost", {"hostPtr is nullptr."}));
}

TEST(Catalogue, RT_MEM_19) {
  RuntimeSession session;
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
  ASSERT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtFreeHost(host), ACL_ERROR_RT_MEMORY_FREE, "aclrtFreeHost",
                        {"is not the start of a live aclrtMallocHost allocation."}));
}

TEST(Catalogue, RT_MEM_20) {
  RuntimeSession session;
  size_t free_bytes = 0;
  EXPECT_TRUE(FailsWith(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo",
                        {"free or total is nullptr."}));
}

TEST(Catalogue, RT_MEM_21) {
  RuntimeSession session;
  size_t free_bytes = 0, total = 0;
  EXPECT_TRUE(FailsWith(aclrtGetMemInfo(static_cast<aclrtMemAttr>(99), &free_bytes, &total), ACL_ERROR_INVALID_PARAM,
                        "aclrtGetMemInfo", {"memory attribute 99 is not valid."}));
}

TEST(Catalogue, RT_MEM_22) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  size_t free_bytes = 0, total = 0;
  EXPECT_TRUE(FailsWith(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetMemInfo",
                        {kNoContext}));
  aclFinalize();
}

TEST(Catalogue, RT_MEM_23) {
  RuntimeSession session;
  size_t free_bytes = 1, total = 1;
  EXPECT_TRUE(Succeeds(aclrtGetMemInfo(ACL_DDR_MEM, &free_bytes, &total)));
  EXPECT_EQ(free_bytes, 0u);
  EXPECT_EQ(total, 0u);
}

TEST(Catalogue, RT_MEM_24) {
  // aclFinalize releases every allocation: the old pointer is no longer live.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  void* ptr = nullptr;
  ASSERT_EQ(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtFree(ptr), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree",
                        {"is not the start of a live aclrtMalloc allocation."}));
}

// ---- copies ----

TEST(Catalogue, RT_COPY_01) {
  RuntimeSession session;
  std::vector<char> host(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(nullptr, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpy", {"dst is nullptr."}));
}

TEST(Catalogue, RT_COPY_02) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(buffer.get(), 64, nullptr, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpy", {"src is nullptr."}));
}

TEST(Catalogue, RT_COPY_03) {
  RuntimeSession session;
  EXPECT_TRUE(Succeeds(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE)));
}

TEST(Catalogue, RT_COPY_04) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  std::vector<char> host(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(buffer.get(), 64, host.data(), 64, static_cast<aclrtMemcpyKind>(99)),
                        ACL_ERROR_INVALID_PARAM, "aclrtMemcpy",
                        {"memcpy kind 99 is not supported here (valid: 0 to 5)."}));
}

TEST(Catalogue, RT_COPY_05) {
  RuntimeSession session;
  DeviceBuffer a(64), b(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(a.get(), 64, b.get(), 64, ACL_MEMCPY_INTER_DEVICE_TO_DEVICE),
                        ACL_ERROR_INVALID_PARAM, "aclrtMemcpy", {"memcpy kind 7 is not supported here"}));
}

TEST(Catalogue, RT_COPY_06) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  buffer.Upload(std::vector<char>(64, 5));
  std::vector<char> host(64, 9);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(buffer.get(), 32, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"count 64 exceeds destMax 32."}));
  EXPECT_EQ(buffer.Download<char>(64), std::vector<char>(64, 5));
}

TEST(Catalogue, RT_COPY_07) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  std::vector<char> host(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(buffer.get(), 0, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"count 64 exceeds destMax 0."}));
}

TEST(Catalogue, RT_COPY_08) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  std::vector<char> a(64), b(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(a.data(), 64, b.data(), 64, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtMemcpy", {kNoContext}));
  aclFinalize();
}

TEST(Catalogue, RT_COPY_09) {
  RuntimeSession session;
  std::vector<char> dst(64, 1), src(64, 2);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(dst.data(), 64, src.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy",
                        {"dst (", "64 bytes) is not device memory: it lies in no live aclrtMalloc allocation",
                         "(ACLNN_HOST_STRICT=0 lets host memory through.)"}));
  EXPECT_EQ(dst, std::vector<char>(64, 1));
}

TEST(Catalogue, RT_COPY_10) {
  RuntimeSession session;
  std::vector<char> dst(64, 1), src(64, 2);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(dst.data(), 64, src.data(), 64, ACL_MEMCPY_DEVICE_TO_HOST),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", {"src (", "is not device memory"}));
  EXPECT_EQ(dst, std::vector<char>(64, 1));
}

TEST(Catalogue, RT_COPY_11) {
  RuntimeSession session;
  DeviceBuffer dst(64), src(64);
  dst.Upload(std::vector<char>(64, 1));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(dst.get(), 64, src.get(), 64, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy",
                        {"src (", "is device memory, but the copy's kind says host memory."}));
  EXPECT_EQ(dst.Download<char>(64), std::vector<char>(64, 1));
}

TEST(Catalogue, RT_COPY_12) {
  RuntimeSession session;
  DeviceBuffer dst(64), src(60);
  dst.Upload(std::vector<char>(64, 1));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(dst.get(), 64, src.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy",
                        {"src (", "runs 4 bytes past the end of its allocation (", "60 bytes)"}));
  EXPECT_EQ(dst.Download<char>(64), std::vector<char>(64, 1));
}

TEST(Catalogue, RT_COPY_13) {
  RuntimeSession session;
  DeviceBuffer src(64);
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(host, 64, src.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemcpy", {"dst (", "is host memory from aclrtMallocHost, not device memory."}));
  aclrtFreeHost(host);
}

TEST(Catalogue, RT_COPY_14) {
  ScopedEnv env("ACLNN_HOST_DEVICE_COUNT", "2");
  RuntimeSession session;
  OtherDeviceBuffer other(64);
  std::vector<char> host(64, 3);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(other.get(), 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy",
                        {"dst (", "is memory of device 1, but the work runs on device 0."}));
}

TEST(Catalogue, RT_COPY_15) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  std::vector<char> host(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(buffer.get(), 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream),
                        ACL_ERROR_RT_INVALID_HANDLE, "aclrtMemcpyAsync", {"is not a live stream"}));
}

TEST(Catalogue, RT_COPY_16) {
  RuntimeSession session;
  DeviceBuffer a(64), b(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(a.get(), 64, b.get(), 64, static_cast<aclrtMemcpyKind>(8), session.stream()),
                        ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsync",
                        {"memcpy kind 8 is not supported here (valid: 0 to 7)."}));
}

TEST(Catalogue, RT_COPY_17) {
  RuntimeSession session;
  std::vector<char> dst(64, 1), src(64, 2);
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(dst.data(), 64, src.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, session.stream()),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyAsync", {"dst (", "is not device memory"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(dst, std::vector<char>(64, 1));
}

TEST(Catalogue, RT_COPY_18) {
  // ACLNN_HOST_STRICT=0 lets host memory through (the opt-out, not an error).
  ScopedEnv env("ACLNN_HOST_STRICT", "0");
  RuntimeSession session;
  std::vector<char> dst(64, 1), src(64, 2);
  EXPECT_TRUE(Succeeds(aclrtMemcpy(dst.data(), 64, src.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE)));
  EXPECT_EQ(dst, src);
}

// ---- fills ----

TEST(Catalogue, RT_FILL_01) {
  RuntimeSession session;
  EXPECT_TRUE(
      FailsWith(aclrtMemset(nullptr, 64, 0, 64), ACL_ERROR_INVALID_PARAM, "aclrtMemset", {"devPtr is nullptr."}));
}

TEST(Catalogue, RT_FILL_02) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  buffer.Upload(std::vector<char>(64, 1));
  EXPECT_TRUE(FailsWith(aclrtMemset(buffer.get(), 32, 0, 64), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset",
                        {"count 64 exceeds maxCount 32."}));
  EXPECT_EQ(buffer.Download<char>(64), std::vector<char>(64, 1));
}

TEST(Catalogue, RT_FILL_03) {
  RuntimeSession session;
  std::vector<char> host(64, 1);
  EXPECT_TRUE(FailsWith(aclrtMemset(host.data(), 64, 0, 64), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset",
                        {"devPtr (",
                         "lies in no live aclrtMalloc or aclrtMallocHost allocation (other host memory is "
                         "undefined behaviour for this call)."}));
  EXPECT_EQ(host, std::vector<char>(64, 1));
}

TEST(Catalogue, RT_FILL_04) {
  RuntimeSession session;
  DeviceBuffer buffer(60);
  EXPECT_TRUE(FailsWith(aclrtMemset(buffer.get(), 64, 0, 64), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset",
                        {"runs 4 bytes past the end of its allocation"}));
}

TEST(Catalogue, RT_FILL_05) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  std::vector<char> host(64);
  EXPECT_TRUE(FailsWith(aclrtMemset(host.data(), 64, 0, 64), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMemset", {kNoContext}));
  aclFinalize();
}

TEST(Catalogue, RT_FILL_06) {
  RuntimeSession session;
  DeviceBuffer buffer(64);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(buffer.get(), 64, 0, 64, stream), ACL_ERROR_RT_INVALID_HANDLE,
                        "aclrtMemsetAsync", {"is not a live stream"}));
}

TEST(Catalogue, RT_FILL_07) {
  RuntimeSession session;
  EXPECT_TRUE(Succeeds(aclrtMemset(nullptr, 0, 0, 0)));
}

TEST(Catalogue, RT_FILL_08) {
  RuntimeSession session;
  std::vector<char> host(64, 1);
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(host.data(), 64, 0, 64, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemsetAsync", {"lies in no live aclrtMalloc or aclrtMallocHost allocation"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(host, std::vector<char>(64, 1));
}

TEST(Catalogue, RT_COPY_19) {
  RuntimeSession session;
  DeviceBuffer device(64);
  device.Upload(std::vector<char>(64, 1));
  std::vector<char> host(64, 2);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(device.get(), 64, host.data(), 64, ACL_MEMCPY_HOST_TO_HOST),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy",
                        {"dst (", "is device memory, but the copy's kind says host memory."}));
  EXPECT_EQ(device.Download<char>(64), std::vector<char>(64, 1));
}

TEST(Catalogue, RT_COPY_20) {
  RuntimeSession session;
  DeviceBuffer a(64), b(64);
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] {
    outcome = FailsWith(aclrtMemcpyAsync(a.get(), 64, b.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, nullptr),
                        ACL_ERROR_RT_CONTEXT_NULL, "aclrtMemcpyAsync", {kNoContext});
  });
  other.join();
  EXPECT_TRUE(outcome);
}

TEST(Catalogue, RT_FILL_09) {
  ScopedEnv env("ACLNN_HOST_DEVICE_COUNT", "2");
  RuntimeSession session;
  OtherDeviceBuffer other(64);
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(other.get(), 64, 0, 64, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemsetAsync", {"devPtr (", "is memory of device 1, but the work runs on device 0."}));
}

TEST(Catalogue, RT_EVENT_17) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] {
    outcome = FailsWith(aclrtRecordEvent(event, nullptr), ACL_ERROR_RT_CONTEXT_NULL, "aclrtRecordEvent", {kNoContext});
  });
  other.join();
  EXPECT_TRUE(outcome);
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_TRUE(Succeeds(aclrtQueryEventStatus(event, &status)));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);  // nothing was recorded
  aclrtDestroyEvent(event);
}

TEST(Catalogue, RT_STREAM_15) {
  RuntimeSession session;
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] {
    aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
    outcome = FailsWith(aclrtStreamQuery(session.stream(), &status), ACL_ERROR_RT_CONTEXT_NULL, "aclrtStreamQuery",
                        {kNoContext});
  });
  other.join();
  EXPECT_TRUE(outcome);
}

TEST(Catalogue, RT_STREAM_16) {
  {
    RuntimeSession session;
    EXPECT_TRUE(FailsWith(aclrtStreamStop(nullptr), ACL_ERROR_RT_PARAM_INVALID, "aclrtStreamStop",
                          {"Stopping the running tasks in a stream: stream is NULL"}));
    EXPECT_TRUE(FailsWith(aclrtStreamStop(session.stream()), ACL_ERROR_RT_PARAM_INVALID, "aclrtStreamStop",
                          {"on Atlas A2 the stream must be created with", "ACL_STREAM_DEVICE_USE_ONLY"}));
  }
  RuntimeSession session("Ascend910A");
  EXPECT_TRUE(FailsWith(aclrtStreamStop(session.stream()), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtStreamStop",
                        {"supported on Atlas A2, Atlas A3 and Ascend 950 only, not on Ascend910A."}));
}

void CountCall(void* counter) { ++*static_cast<std::atomic<int>*>(counter); }

TEST(Catalogue, RT_STREAM_17) {
  RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&stream, 0, ACL_STREAM_DEVICE_USE_ONLY)));
  ASSERT_TRUE(Succeeds(aclrtStreamStop(stream)));
  std::atomic<int> counter{0};
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream, CountCall, &counter)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(stream, CountCall, &counter)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"is stopped (aclrtStreamStop): 2 of its tasks issued before or since were not run"}));
  EXPECT_EQ(counter.load(), 0);  // the synchronisation waited for both: neither ran
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(stream)));
}

TEST(Catalogue, RT_STREAM_18) {
  RuntimeSession session;
  aclrtStream persistent = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&persistent, 0, ACL_STREAM_PERSISTENT)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRIBuildBegin(&model, 0)));
  ASSERT_TRUE(Succeeds(aclmdlRIBindStream(model, persistent, 0)));
  EXPECT_TRUE(FailsWith(aclrtStreamAbort(persistent), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtStreamAbort",
                        {"Aborting tasks in a stream: Aborting stream",
                         "that is already bound to a model (model_id=", ") is not supported."}));
  ASSERT_TRUE(Succeeds(aclmdlRIUnbindStream(model, persistent)));
  ASSERT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(persistent)));
}

TEST(Catalogue, RT_MEM_25) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMallocHost(&ptr, 64), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMallocHost", {kNoContext}));
  EXPECT_EQ(ptr, nullptr);
  aclFinalize();
}

TEST(Catalogue, RT_MEM_26) {
  RuntimeSession session;
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other(
      [&] { outcome = FailsWith(aclrtFreeHost(host), ACL_ERROR_RT_CONTEXT_NULL, "aclrtFreeHost", {kNoContext}); });
  other.join();
  EXPECT_TRUE(outcome);
  EXPECT_TRUE(Succeeds(aclrtFreeHost(host)));
}

// ---- host memory registration ------------------------------------------------------------------

/// A page-aligned block of pageable host memory, freed on destruction.
struct HostPages {
  explicit HostPages(size_t pages) : ptr(static_cast<char*>(std::aligned_alloc(4096, pages * 4096))) {}
  ~HostPages() { std::free(ptr); }
  char* ptr;
};

TEST(Catalogue, RT_HREG_01) {
  RuntimeSession session;
  HostPages pages(1);
  void* mapped = nullptr;
  EXPECT_TRUE(FailsWith(aclrtHostRegister(pages.ptr, 64, ACL_HOST_REGISTER_MAPPED, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtHostRegister", {"ptr or devPtr is nullptr."}));
  EXPECT_TRUE(FailsWith(aclrtHostRegister(pages.ptr, 0, ACL_HOST_REGISTER_MAPPED, &mapped), ACL_ERROR_INVALID_PARAM,
                        "aclrtHostRegister", {"size must be greater than 0."}));
}

TEST(Catalogue, RT_HREG_02) {
  RuntimeSession session;
  HostPages pages(1);
  void* mapped = nullptr;
  EXPECT_TRUE(FailsWith(aclrtHostRegister(pages.ptr, 64, ACL_HOST_REGISTER_IOMEMORY, &mapped),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtHostRegister",
                        {"register type 0x4 is not supported: only ACL_HOST_REGISTER_MAPPED (0) is"}));
}

TEST(Catalogue, RT_HREG_03) {
  RuntimeSession session;
  HostPages pages(1);
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(pages.ptr, 64, 0), ACL_ERROR_RT_PARAM_INVALID, "aclrtHostRegisterV2",
                        {"flag 0x0 is not a combination of ACL_HOST_REG_MAPPED"}));
}

TEST(Catalogue, RT_HREG_04) {
  RuntimeSession session;
  HostPages pages(2);
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(pages.ptr, 4097, ACL_HOST_REG_MAPPED)));
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(pages.ptr + 4096, 4096, ACL_HOST_REG_MAPPED),
                        ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED, "aclrtHostRegisterV2",
                        {"overlaps the registered range", "unregister it first."}));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(pages.ptr)));
}

TEST(Catalogue, RT_HREG_05) {
  RuntimeSession session;
  HostPages pages(1);
  EXPECT_TRUE(FailsWith(aclrtHostRegisterV2(pages.ptr + 8, 64, ACL_HOST_REG_MAPPED), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostRegisterV2", {"is not aligned to the 4 KB host page."}));
}

TEST(Catalogue, RT_HREG_06) {
  RuntimeSession session;
  HostPages pages(1);
  EXPECT_TRUE(FailsWith(aclrtHostUnregister(pages.ptr), ACL_ERROR_HOST_MEMORY_NOT_REGISTERED, "aclrtHostUnregister",
                        {"is not the start of a range registered with aclrtHostRegister or aclrtHostRegisterV2."}));
}

TEST(Catalogue, RT_HREG_07) {
  RuntimeSession session;
  HostPages pages(1);
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(pages.ptr, 4096, ACL_HOST_REG_PINNED)));
  void* mapped = nullptr;
  EXPECT_TRUE(FailsWith(aclrtHostGetDevicePointer(pages.ptr, &mapped, 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtHostGetDevicePointer", {"was registered with ACL_HOST_REG_PINNED only"}));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(pages.ptr)));
}

TEST(Catalogue, RT_HREG_08) {
  RuntimeSession session;
  HostPages pages(1);
  ::testing::AssertionResult outcome = ::testing::AssertionFailure();
  std::thread other([&] {
    outcome = FailsWith(aclrtHostRegisterV2(pages.ptr, 64, ACL_HOST_REG_MAPPED), ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtHostRegisterV2", {kNoContext});
  });
  other.join();
  EXPECT_TRUE(outcome);
}

TEST(Catalogue, RT_HREG_09) {
  RuntimeSession session("Ascend910A");
  HostPages pages(1);
  EXPECT_TRUE(FailsWith(
      aclrtHostRegisterV2(pages.ptr, 64, ACL_HOST_REG_MAPPED), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtHostRegisterV2",
      {"host memory registration is supported on Atlas A2, Atlas A3 and Ascend 950 only, not on Ascend910A."}));
}

TEST(Catalogue, RT_HREG_10) {
  RuntimeSession session;
  HostPages pages(1);
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(pages.ptr, 4096, ACL_HOST_REG_MAPPED)));
  DeviceBuffer device(64);
  EXPECT_TRUE(FailsWith(aclrtMemcpy(pages.ptr, 64, device.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy",
                        {"is host memory registered with aclrtHostRegister: its device address serves kernels, not "
                         "copies"}));
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(pages.ptr)));
}

TEST(Catalogue, RT_HREG_11) {
  RuntimeSession session;
  HostPages pages(2);
  ASSERT_TRUE(Succeeds(aclrtHostRegisterV2(pages.ptr, 4096, ACL_HOST_REG_MAPPED)));
  test::Layout layout;
  layout.view = {1024};
  test::Tensor self(layout, pages.ptr + 4), out(layout, pages.ptr + 4);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnHardswishGetWorkspaceSize(self.get(), out.get(), &workspace_size, &executor), ACLNN_SUCCESS);
  EXPECT_TRUE(FailsWith(
      aclnnHardswish(test::WorkspaceOfSize(workspace_size), workspace_size, executor, session.stream()),
      ACLNN_ERR_PARAM_INVALID, "aclnnHardswish", {"tensor self", "runs 4 bytes past the end of its registration"}));
  aclDestroyAclOpExecutor(executor);
  EXPECT_TRUE(Succeeds(aclrtHostUnregister(pages.ptr)));
}

// ---- notifies, value writes and waits, batched copies -------------------------------------------

TEST(Catalogue, RT_NTF_01) {
  RuntimeSession session;
  aclrtNotify notify = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateNotify(&notify, 2), ACL_ERROR_RT_PARAM_INVALID, "aclrtCreateNotify",
                        {"flag 0x2 is neither ACL_NOTIFY_DEFAULT (0) nor ACL_NOTIFY_DEVICE_USE_ONLY (1)."}));
}

TEST(Catalogue, RT_NTF_02) {
  RuntimeSession session;
  aclrtNotify notify = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&notify, 0)));
  ASSERT_TRUE(Succeeds(aclrtDestroyNotify(notify)));
  EXPECT_TRUE(FailsWith(aclrtRecordNotify(notify, session.stream()), ACL_ERROR_RT_INVALID_HANDLE, "aclrtRecordNotify",
                        {"is not a live notify (destroyed, or never created)."}));
}

TEST(Catalogue, RT_NTF_03) {
  RuntimeSession session;
  aclrtNotify notify = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&notify, 0)));
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(notify, session.stream(), 1)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_TASK_TIMEOUT, "aclrtSynchronizeStream",
                        {"the notify was not recorded within 1 s."}));
  EXPECT_TRUE(Succeeds(aclrtDestroyNotify(notify)));
}

TEST(Catalogue, RT_NTF_04) {
  RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  aclrtNotify notify = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateNotify(&notify, 0)));
  ASSERT_TRUE(Succeeds(aclrtWaitAndResetNotify(notify, stream, 0)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  EXPECT_TRUE(Succeeds(aclrtDestroyNotify(notify)));
}

TEST(Catalogue, RT_VAL_01) {
  RuntimeSession session;
  uint64_t host = 0;
  EXPECT_TRUE(FailsWith(aclrtValueWrite(&host, 1, 0, session.stream()), ACL_ERROR_RT_PARAM_INVALID, "aclrtValueWrite",
                        {"devAddr", "is not device memory"}));
}

TEST(Catalogue, RT_VAL_02) {
  RuntimeSession session;
  DeviceBuffer word(8);
  EXPECT_TRUE(FailsWith(aclrtValueWait(word.get(), 1, 4, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtValueWait", {"flag 4 is not valid (0 to 3)."}));
}

TEST(Catalogue, RT_VAL_03) {
  RuntimeSession session;
  DeviceBuffer word(16);
  EXPECT_TRUE(FailsWith(aclrtValueWrite(static_cast<char*>(word.get()) + 4, 1, 0, session.stream()),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtValueWrite",
                        {"is not 8-byte aligned (the value is a 64-bit word)."}));
}

/// One host-to-device attribute.
aclrtMemcpyBatchAttr UploadAttr() {
  aclrtMemcpyBatchAttr attr;
  std::memset(&attr, 0, sizeof(attr));
  attr.dstLoc.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  attr.srcLoc.type = ACL_MEM_LOCATION_TYPE_HOST;
  return attr;
}

TEST(Catalogue, RT_BATCH_01) {
  RuntimeSession session;
  DeviceBuffer device(16);
  std::vector<uint8_t> host(16, 1);
  void* dsts[] = {device.get(), device.get()};
  void* srcs[] = {host.data(), host.data()};
  size_t maxs[] = {16, 16}, sizes[] = {16, 16}, indexes[] = {1}, fail = 0;
  aclrtMemcpyBatchAttr attr = UploadAttr();
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, &attr, indexes, 1, &fail),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyBatch",
                        {"attrsIndexes must start at 0 and increase strictly below numBatches"}));
  EXPECT_EQ(fail, SIZE_MAX);
}

TEST(Catalogue, RT_BATCH_02) {
  RuntimeSession session;
  DeviceBuffer device(16);
  ASSERT_TRUE(Succeeds(aclrtMemset(device.get(), 16, 0, 16)));
  std::vector<uint8_t> host(16, 1);
  void* dsts[] = {device.get(), host.data()};
  void* srcs[] = {host.data(), host.data()};
  size_t maxs[] = {16, 16}, sizes[] = {16, 16}, indexes[] = {0}, fail = 0;
  aclrtMemcpyBatchAttr attr = UploadAttr();  // entry 1's destination is host memory, declared device
  EXPECT_TRUE(FailsWith(aclrtMemcpyBatch(dsts, maxs, srcs, sizes, 2, &attr, indexes, 1, &fail),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyBatch", {"entry 1: "}));
  EXPECT_EQ(fail, 1u);
  EXPECT_EQ(device.Download<uint8_t>(16), std::vector<uint8_t>(16, 0));
}

TEST(Catalogue, RT_DEV_23) {
  uint64_t count = 7;
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit"));
  // The second aclInit took a reference: the first aclFinalizeReference leaves the runtime up.
  EXPECT_TRUE(Succeeds(aclFinalizeReference(&count)));
  EXPECT_EQ(count, 1u);
  EXPECT_TRUE(FailsWith(aclrtSetDevice(3), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice"));
  EXPECT_TRUE(Succeeds(aclFinalizeReference(&count)));
  EXPECT_EQ(count, 0u);
  EXPECT_TRUE(FailsWith(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice"));
}

// ---- stream capture -----------------------------------------------------------------------------

// A capture of one copy on `stream`, ended; the model is returned.
aclmdlRI CaptureOneCopy(aclrtStream stream, void* dst, const void* src, size_t bytes) {
  aclmdlRI model = nullptr;
  EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(Succeeds(aclrtMemcpyAsync(dst, bytes, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
  EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  return model;
}

TEST(Catalogue, RT_CAP_01) {
  RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
                        ACL_ERROR_RT_STREAM_CAPTURED, "aclmdlRICaptureBegin",
                        {"Stream is already in capture status", "status=active."}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_02) {
  RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_STREAM_CAPTURED,
                        "aclrtSynchronizeStream", {"during the capture stage is not supported."}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_03) {
  RuntimeSession session;
  aclmdlRI model = reinterpret_cast<aclmdlRI>(0x10);
  EXPECT_TRUE(FailsWith(aclmdlRICaptureEnd(session.stream(), &model), ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "aclmdlRICaptureEnd", {"is not in capture status"}));
  EXPECT_EQ(model, reinterpret_cast<aclmdlRI>(0x10));  // untouched, as upstream's runtime leaves it
}

TEST(Catalogue, RT_CAP_04) {
  RuntimeSession session;
  DeviceBuffer buffer(16);
  std::vector<uint8_t> host(16, 1);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(buffer.get(), 16, host.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE),
                        ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, "aclrtMemcpy",
                        {"Synchronous memory copy: a stream capture is in progress"}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_05) {
  RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  aclError ended = ACL_SUCCESS;
  std::string message;
  aclmdlRI model = nullptr;
  std::thread([&] {
    aclrtSetDevice(0);
    ended = aclmdlRICaptureEnd(session.stream(), &model);
    message = test::TakeErrorMessage();
    aclrtResetDevice(0);
  }).join();
  EXPECT_EQ(ended, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD);
  EXPECT_NE(message.find("end capture in the wrong thread"), std::string::npos) << message;
  EXPECT_EQ(model, nullptr);
}

TEST(Catalogue, RT_CAP_06) {
  RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(session.stream(), nullptr, &model)));
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(model, nullptr), ACL_ERROR_RT_MODEL_CAPTURED, "aclmdlRIExecuteAsync",
                        {"the model is still being captured on stream"}));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_07) {
  RuntimeSession session;
  DeviceBuffer src(16);
  void* dst = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&dst, 16, ACL_MEM_MALLOC_HUGE_FIRST)));
  aclmdlRI model = CaptureOneCopy(session.stream(), dst, src.get(), 16);
  ASSERT_TRUE(Succeeds(aclrtFree(dst)));
  EXPECT_TRUE(FailsWith(aclmdlRIExecuteAsync(model, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIExecuteAsync", {"task 0 of the model cannot run: "}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_08) {
  RuntimeSession session;
  DeviceBuffer src(16), dst(16);
  aclmdlRI model = CaptureOneCopy(session.stream(), dst.get(), src.get(), 16);
  ASSERT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroy(model), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIDestroy",
                        {"is not a live model (destroyed, or never captured)."}));
}

TEST(Catalogue, RT_CAP_09) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC)));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithFlag(session.stream(), event, 0, ACL_EVENT_WAIT_EXTERNAL),
                        ACL_ERROR_RT_STREAM_NOT_CAPTURED, "aclrtStreamWaitEventWithFlag",
                        {"is not in the capture stage: external event records and waits belong to a captured model."}));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST(Catalogue, RT_CAP_10) {
  RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC)));
  EXPECT_TRUE(FailsWith(aclrtStreamWaitEventWithFlag(session.stream(), event, 10, ACL_EVENT_WAIT_EXTERNAL),
                        ACL_ERROR_INVALID_PARAM, "aclrtStreamWaitEventWithFlag",
                        {"timeout 10 is invalid: only 0 is supported with ACL_EVENT_WAIT_EXTERNAL."}));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

void NoOp(void*) {}

// Captures a model whose task group holds one operator run (a stand-in); the model and the group.
void CaptureModelWithGroup(aclrtStream stream, aclmdlRI* model, aclrtTaskGrp* group) {
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(stream)));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(stream, "Op", NoOp, nullptr)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpEnd(stream, group)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, model)));
}

TEST(Catalogue, RT_CAP_11) {
  RuntimeSession session;
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMalloc(&b, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskGrpBegin(session.stream())));
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(b, 64, a, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream()),
                        ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT, "aclrtMemcpyAsync",
                        {"Adding the task to the task group failed: only tasks running on Cube Core or Vector Core"}));
  aclrtTaskGrp group = &group;
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskGrpEnd(session.stream(), &group), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT,
                        "aclmdlRICaptureTaskGrpEnd", {"Marks the end of the task group failed", "has errors"}));
  EXPECT_EQ(group, nullptr);
  aclmdlRI model = nullptr;  // upstream terminates the capture: no model
  EXPECT_TRUE(FailsWith(aclmdlRICaptureEnd(session.stream(), &model), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                        "aclmdlRICaptureEnd"));
  EXPECT_EQ(model, nullptr);
  EXPECT_TRUE(Succeeds(aclrtFree(a)));
  EXPECT_TRUE(Succeeds(aclrtFree(b)));
}

TEST(Catalogue, RT_CAP_12) {
  RuntimeSession session;
  aclmdlRI model = nullptr;
  aclrtTaskGrp group = nullptr;
  CaptureModelWithGroup(session.stream(), &model, &group);
  aclrtStream first = nullptr, second = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&first)));
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&second)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(first, group)));
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(second, group), ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                        "aclmdlRICaptureTaskUpdateBegin",
                        {"The handle only can be updated by one stream: another stream is updating it."}));
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(first, "Op", NoOp, nullptr)));
  EXPECT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateEnd(first)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(first)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(second)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_13) {
  RuntimeSession session;
  aclmdlRI model = nullptr;
  aclrtTaskGrp group = nullptr;
  CaptureModelWithGroup(session.stream(), &model, &group);
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureTaskUpdateBegin(update, group)));
  EXPECT_TRUE(FailsWith(
      aclmdlRICaptureTaskUpdateEnd(update), ACL_ERROR_RT_INTERNAL_ERROR, "aclmdlRICaptureTaskUpdateEnd",
      {"Marking the end of the task to be updated failed", "contains unupdated tasks", "total_num=1, matched_num=0."}));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_14) {
  RuntimeSession session;
  aclrtStream update = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&update)));
  int not_a_group = 0;
  EXPECT_TRUE(FailsWith(aclmdlRICaptureTaskUpdateBegin(update, &not_a_group), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRICaptureTaskUpdateBegin",
                        {"is not a task group of a live model (aclmdlRICaptureTaskGrpEnd gives them)."}));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(update)));
}

// The tasks of a model captured as [value wait for *word == 1, copy of 8 bytes].
std::vector<aclmdlRITask> CaptureWaitAndCopy(aclrtStream stream, void* word, void* other, aclmdlRI* model) {
  EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(Succeeds(aclrtValueWait(word, 1, ACL_STREAM_WAIT_VALUE_EQ, stream)));
  EXPECT_TRUE(Succeeds(aclrtMemcpyAsync(other, 8, word, 8, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)));
  EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, model)));
  aclrtStream model_stream = nullptr;
  uint32_t streams = 1;
  EXPECT_TRUE(Succeeds(aclmdlRIGetStreams(*model, &model_stream, &streams)));
  std::vector<aclmdlRITask> tasks(2);
  uint32_t count = 2;
  EXPECT_TRUE(Succeeds(aclmdlRIGetTasksByStream(model_stream, tasks.data(), &count)));
  return tasks;
}

TEST(Catalogue, RT_CAP_15) {
  RuntimeSession session;
  void* word = nullptr;
  void* other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&word, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMalloc(&other, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMemset(word, 8, 0, 8)));
  aclmdlRI model = nullptr;
  const std::vector<aclmdlRITask> tasks = CaptureWaitAndCopy(session.stream(), word, other, &model);
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session.stream())));  // waits for *word == 1
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(tasks[0]), ACL_ERROR_RT_MODEL_UPDATE_FAILED, "aclmdlRITaskDisable",
                        {"Checking whether the capture model is updatable: ModelRI (model_id=",
                         "is in running or capture state, status=RUNNING"}));
  const uint64_t one = 1;
  ASSERT_TRUE(Succeeds(aclrtMemcpy(word, 8, &one, 8, ACL_MEMCPY_HOST_TO_DEVICE)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtFree(word)));
  EXPECT_TRUE(Succeeds(aclrtFree(other)));
}

TEST(Catalogue, RT_CAP_16) {
  RuntimeSession session;
  void* word = nullptr;
  void* other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&word, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMalloc(&other, 8, ACL_MEM_MALLOC_HUGE_FIRST)));
  aclmdlRI model = nullptr;
  const std::vector<aclmdlRITask> tasks = CaptureWaitAndCopy(session.stream(), word, other, &model);
  EXPECT_TRUE(FailsWith(aclmdlRITaskDisable(tasks[1]), ACL_ERROR_RT_PARAM_INVALID, "aclmdlRITaskDisable",
                        {"current task type is RT_TASK_DEFAULT which cannot be reset."}));
  EXPECT_TRUE(FailsWith(aclmdlRIUpdate(model), ACL_ERROR_RT_MODEL_UPDATE_FAILED, "aclmdlRIUpdate",
                        {"model is not ready for update, model_id=", "current status=FAULT"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtFree(word)));
  EXPECT_TRUE(Succeeds(aclrtFree(other)));
}

TEST(Catalogue, RT_CAP_17) {
  RuntimeSession session;
  void* words = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&words, 16, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMemset(words, 16, 0, 16)));
  void* gate = words;
  void* out = static_cast<char*>(words) + 8;
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtValueWait(gate, 1, ACL_STREAM_WAIT_VALUE_EQ, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtValueWrite(out, 7, 0, session.stream())));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session.stream())));
  EXPECT_TRUE(Succeeds(aclmdlRIAbort(model)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_MODEL_ABORT_NORMAL,
                        "aclrtSynchronizeStream", {"model abort normal: the model (model_id=", "was aborted"}));
  uint64_t written = 1;
  EXPECT_TRUE(Succeeds(aclrtMemcpy(&written, 8, out, 8, ACL_MEMCPY_DEVICE_TO_HOST)));
  EXPECT_EQ(written, 0u);
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtFree(words)));
}

TEST(Catalogue, RT_CAP_18) {
  RuntimeSession session;
  aclmdlRI root = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(session.stream(), nullptr, &root)));
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond)));
  aclmdlRI branch = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, session.stream(), 0)));
  EXPECT_TRUE(FailsWith(aclmdlRIAddCondTask(params, session.stream(), 0), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIAddCondTask",
                        {"The handle has been launched with condition task, create a new handle before adding another "
                         "condition task."}));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  EXPECT_TRUE(
      FailsWith(aclmdlRIDestroy(branch), ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclmdlRIDestroy",
                {"sub ACL Graph does not support destroying model: a branch of a conditional task goes when the "
                 "model that owns the task goes."}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_CAP_19) {
  RuntimeSession session;
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  aclmdlRI root = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(session.stream(), nullptr, &root)));
  aclmdlRICondHandle cond = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICondHandleCreate(root, 1, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond)));
  aclmdlRI branch = nullptr;
  aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
  ASSERT_TRUE(Succeeds(aclmdlRIAddCondTask(params, session.stream(), 0)));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  ASSERT_TRUE(Succeeds(aclmdlRICaptureToModelRIBegin(other, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, other)));
  aclmdlRI ended = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(other, &ended)));
  ASSERT_TRUE(Succeeds(aclmdlRIExecuteAsync(model, session.stream())));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"conditional tasks nested more than 64 deep: a branch runs a model that runs the branch "
                         "again."}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST(Catalogue, RT_VER_01) {
  unsetenv("ASCEND_HOME_PATH");
  char name[] = "runtime";
  char version[ACL_PKG_VERSION_MAX_SIZE];
  EXPECT_TRUE(FailsWith(aclsysGetVersionStr(name, version), ACL_ERROR_INVALID_FILE, "aclsysGetVersionStr",
                        {"ASCEND_HOME_PATH is not set (source set_env.sh of the install prefix)."}));
}

TEST(Catalogue, RT_VER_02) {
  char root[] = "/tmp/aclnn_host_catalogue_XXXXXX";
  ASSERT_NE(mkdtemp(root), nullptr);
  const std::string folder = std::string(root) + "/share/info/runtime";
  ASSERT_EQ(std::system(("mkdir -p " + folder).c_str()), 0);
  std::ofstream(folder + "/version.info") << "Version=8.5.RC1\n";
  setenv("ASCEND_HOME_PATH", root, 1);
  char name[] = "runtime";
  int32_t number = 0;
  EXPECT_TRUE(FailsWith(aclsysGetVersionNum(name, &number), ACL_ERROR_INTERNAL_ERROR, "aclsysGetVersionNum",
                        {"the version [8.5.RC1] of [runtime] is not major.minor.patch with an optional alpha, beta or "
                         "rc suffix."}));
  unsetenv("ASCEND_HOME_PATH");
  ASSERT_EQ(std::system((std::string("rm -rf ") + root).c_str()), 0);
}

TEST(Catalogue, RT_VER_03) {
  RuntimeSession session;
  int32_t compatible = 0;
  EXPECT_TRUE(FailsWith(aclrtCheckArchCompatibility("Ascend910B9", &compatible), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtCheckArchCompatibility",
                        {"SoC version Ascend910B9 is invalid: no platform config names it."}));
}

void* NoAlloc(aclrtAllocator, size_t) { return nullptr; }
void* NoAddress(aclrtAllocatorBlock) { return nullptr; }

TEST(Catalogue, RT_TDT_01) {
  RuntimeSession session;
  int object = 0;
  aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetObjToDesc(desc, &object)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetAllocFuncToDesc(desc, NoAlloc)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, NoAddress)));
  EXPECT_TRUE(FailsWith(aclrtAllocatorRegister(session.stream(), desc), ACL_ERROR_INVALID_PARAM,
                        "aclrtAllocatorRegister", {"allocatorDesc->freeFunc is nullptr."}));
  EXPECT_TRUE(Succeeds(aclrtAllocatorDestroyDesc(desc)));
}

TEST(Catalogue, RT_TDT_02) {
  RuntimeSession session;
  DeviceBuffer device(16);
  float host[4] = {};
  acltdtDataItem* on_device = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, device.get(), 16);
  acltdtDataItem* on_host = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, host, 16);
  acltdtDataset* dataset = acltdtCreateDataset();
  ASSERT_TRUE(Succeeds(acltdtAddDataItem(dataset, on_device)));
  EXPECT_TRUE(FailsWith(acltdtAddDataItem(dataset, on_host), ACL_ERROR_INVALID_PARAM, "acltdtAddDataItem",
                        {"The memTypes in the dataset must be all host-side or device-side address: "}));
  acltdtDestroyDataset(dataset);
  acltdtDestroyDataItem(on_device);
  acltdtDestroyDataItem(on_host);
}

// A channel holding one dataset of one float item.
struct FullChannel {
  FullChannel() {
    channel = acltdtCreateChannelWithCapacity(0, "catalogue", 2);
    item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &value, sizeof(value));
    dataset = acltdtCreateDataset();
    acltdtAddDataItem(dataset, item);
  }
  ~FullChannel() {
    acltdtDestroyDataset(dataset);
    acltdtDestroyDataItem(item);
  }
  float value = 1.0f;
  acltdtChannelHandle* channel = nullptr;
  acltdtDataItem* item = nullptr;
  acltdtDataset* dataset = nullptr;
};

TEST(Catalogue, RT_TDT_03) {
  RuntimeSession session;
  FullChannel full;
  ASSERT_TRUE(Succeeds(acltdtSendTensor(full.channel, full.dataset, 0)));
  ASSERT_TRUE(Succeeds(acltdtSendTensor(full.channel, full.dataset, 0)));
  EXPECT_TRUE(FailsWith(acltdtSendTensor(full.channel, full.dataset, 0), ACL_ERROR_RT_QUEUE_FULL, "acltdtSendTensor",
                        {"the channel [catalogue] stayed full (2 datasets) for 0 ms."}));
  EXPECT_TRUE(Succeeds(acltdtDestroyChannel(full.channel)));
}

TEST(Catalogue, RT_TDT_04) {
  RuntimeSession session;
  FullChannel full;
  ASSERT_TRUE(Succeeds(acltdtDestroyChannel(full.channel)));
  acltdtDataset* received = acltdtCreateDataset();
  EXPECT_TRUE(FailsWith(acltdtReceiveTensor(full.channel, received, 0), ACL_ERROR_INVALID_PARAM, "acltdtReceiveTensor",
                        {"handle is not a channel of acltdtCreateChannelWithCapacity (or was destroyed)."}));
  acltdtDestroyDataset(received);
}

TEST(Catalogue, RT_TDT_05) {
  RuntimeSession session;
  uint32_t src = 0, dst = 0;
  ASSERT_TRUE(Succeeds(acltdtCreateQueue(nullptr, &src)));
  ASSERT_TRUE(Succeeds(acltdtCreateQueue(nullptr, &dst)));
  acltdtQueueRoute* route = acltdtCreateQueueRoute(src, dst);
  acltdtQueueRouteList* routes = acltdtCreateQueueRouteList();
  acltdtAddQueueRoute(routes, route);
  ASSERT_TRUE(Succeeds(acltdtBindQueueRoutes(routes)));
  EXPECT_TRUE(
      FailsWith(acltdtDestroyQueue(src), ACL_ERROR_FAILURE, "acltdtDestroyQueue", {"unbind its routes first."}));
  ASSERT_TRUE(Succeeds(acltdtUnbindQueueRoutes(routes)));
  EXPECT_TRUE(Succeeds(acltdtDestroyQueue(src)));
  EXPECT_TRUE(Succeeds(acltdtDestroyQueue(dst)));
  acltdtDestroyQueueRouteList(routes);
  acltdtDestroyQueueRoute(route);
}

TEST(Catalogue, RT_TDT_06) {
  RuntimeSession session;
  int buffer = 0;
  EXPECT_TRUE(FailsWith(acltdtEnqueue(0, &buffer, 0), ACL_ERROR_FEATURE_UNSUPPORTED, "acltdtEnqueue",
                        {"acltdtEnqueue is not supported in host run mode (ACL_HOST): "}));
}

aclError RejectingInit(const char*, size_t, void*) { return ACL_SUCCESS; }
aclError OtherInit(const char*, size_t, void*) { return ACL_SUCCESS; }
void IgnoreStreamState(aclrtStream, aclrtStreamState, void*) {}
void IgnoreModelDestroyed(void*) {}

TEST(Catalogue, RT_SET_01) {
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, RejectingInit, nullptr)));
  EXPECT_TRUE(FailsWith(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, OtherInit, nullptr), ACL_ERROR_INTERNAL_ERROR,
                        "aclInitCallbackRegister",
                        {"a callback of type 0 is already registered (only ACL_REG_TYPE_OTHER takes several)."}));
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, RejectingInit)));
}

TEST(Catalogue, RT_SET_02) {
  ASSERT_TRUE(Succeeds(aclrtRegStreamStateCallback("x", IgnoreStreamState, nullptr)));
  EXPECT_TRUE(
      FailsWith(aclrtRegStreamStateCallback("x", IgnoreStreamState, nullptr), ACL_ERROR_RT_PARAM_INVALID,
                "aclrtRegStreamStateCallback",
                {"the callback name \"x\" is already registered (register NULL under it first to replace it)."}));
  EXPECT_TRUE(Succeeds(aclrtRegStreamStateCallback("x", nullptr, nullptr)));
}

TEST(Catalogue, RT_SET_03) {
  test::RuntimeSession session;
  int64_t value = 0;
  EXPECT_TRUE(FailsWith(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                        "aclrtCtxGetSysParamOpt",
                        {"option 0 was never set on the current context (a context's options have no default)."}));
}

TEST(Catalogue, RT_SET_04) {
  test::RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclrtSetStreamFailureMode(session.stream(), ACL_STOP_ON_FAILURE)));
  EXPECT_TRUE(FailsWith(aclrtSetStreamFailureMode(session.stream(), ACL_CONTINUE_ON_FAILURE),
                        ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "aclrtSetStreamFailureMode",
                        {"from stop mode to continue mode is not supported."}));
}

TEST(Catalogue, RT_SET_05) {
  test::RuntimeSession session("Ascend910B3");
  EXPECT_TRUE(FailsWith(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, 41), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtSetDeviceResLimit",
                        {"The value 41 exceeds the total number of cores: it must be less than or equal to 40."}));
}

TEST(Catalogue, RT_SET_06) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  test::RuntimeSession session("Ascend910B3");
  EXPECT_TRUE(FailsWith(aclrtSetDeviceResLimit(1, ACL_RT_DEV_RES_VECTOR_CORE, 4), ACL_ERROR_RT_DEV_SETUP_ERROR,
                        "aclrtSetDeviceResLimit", {"device 1 is not set: call aclrtSetDevice first."}));
  unsetenv("ACLNN_HOST_DEVICE_COUNT");
}

TEST(Catalogue, RT_SET_07) {
  test::RuntimeSession session("Ascend310B1");
  std::vector<aclrtStream> streams(510);
  for (aclrtStream& stream : streams) ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  aclrtStream one_more = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateStream(&one_more), ACL_ERROR_RT_NO_STREAM_RESOURCE, "aclrtCreateStream",
                        {"device 0 holds 512 streams (default streams included): the most a Atlas 200I/500 A2 device "
                         "holds is 512."}));
  EXPECT_EQ(one_more, nullptr);
  for (aclrtStream stream : streams) aclrtDestroyStream(stream);
}

TEST(Catalogue, RT_SET_08) {
  test::RuntimeSession session;
  test::DeviceBuffer memory(64);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(memory.get(), 64, 0, 64, session.stream())));
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  ASSERT_TRUE(Succeeds(aclmdlRIDestroyRegisterCallback(model, IgnoreModelDestroyed, nullptr)));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroyRegisterCallback(model, IgnoreModelDestroyed, nullptr),
                        ACL_ERROR_RT_PARAM_INVALID, "aclmdlRIDestroyRegisterCallback",
                        {"is registered on this model already and cannot be registered again."}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_SET_09) {
  test::RuntimeSession session("Ascend910B3");
  int64_t value = 0;
  EXPECT_TRUE(FailsWith(aclGetDeviceCapability(1, ACL_DEVICE_INFO_AI_CORE_NUM, &value), ACL_ERROR_INVALID_PARAM,
                        "aclGetDeviceCapability", {"deviceId 1 greater than deviceNum 1."}));
}

TEST(Catalogue, RT_SET_10) {
  EXPECT_TRUE(FailsWith(aclrtSetOpExecuteTimeOutV2(1, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtSetOpExecuteTimeOutV2",
                        {"actualTimeout is nullptr."}));
  setenv("ACLNN_HOST_SOC", "Ascend910B3", 1);
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  uint64_t interval = 7;
  EXPECT_TRUE(FailsWith(aclrtGetOpTimeOutInterval(&interval), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetOpTimeOutInterval"));
  EXPECT_EQ(interval, 7u);
  EXPECT_TRUE(Succeeds(aclFinalize()));
  unsetenv("ACLNN_HOST_SOC");
}

void SleepMs(void* milliseconds) {
  std::this_thread::sleep_for(std::chrono::milliseconds(*static_cast<int*>(milliseconds)));
}

TEST(Catalogue, RT_SET_11) {
  test::RuntimeSession session("Ascend310P3");
  uint64_t actual = 0;
  ASSERT_TRUE(Succeeds(aclrtSetOpExecuteTimeOutV2(1, &actual)));
  int run_ms = 2450;  // the coarse clock may read a few ms short: 2.44.. to 2.45.. s all print "2.4"
  ASSERT_TRUE(Succeeds(aclnnHostLaunchOperatorStandIn(session.stream(), "Long", SleepMs, &run_ms)));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_AICORE_TIMEOUT, "aclrtSynchronizeStream",
                        {"the operator run Long took 2.4", "past the op-execute timeout of 2.147 s"}));
  EXPECT_TRUE(Succeeds(aclrtSetOpExecuteTimeOut(0)));  // the longest again: the setting is the process's
}

TEST(Catalogue, RT_SET_12) {
  test::RuntimeSession session;
  test::DeviceBuffer status(64);
  EXPECT_TRUE(FailsWith(aclrtGetOverflowStatus(status.get(), 32, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtGetOverflowStatus", {"Output size 32 is invalid. Only 64 bytes are supported."}));
  std::vector<uint8_t> host(64, 0x5A);
  EXPECT_TRUE(FailsWith(aclrtGetOverflowStatus(host.data(), 64, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtGetOverflowStatus", {"outputAddr"}));
  EXPECT_EQ(host, std::vector<uint8_t>(64, 0x5A));
}

TEST(Catalogue, RT_SET_13) {
  test::RuntimeSession session;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureBegin(session.stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(
      FailsWith(aclrtResetOverflowStatus(session.stream()), ACL_ERROR_RT_STREAM_CAPTURED, "aclrtResetOverflowStatus",
                {"Clearing the Float exception status flag of the NPU", "during the capture stage is not supported."}));
  aclmdlRICaptureStatus capture_status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
  aclmdlRI model = nullptr;
  ASSERT_TRUE(Succeeds(aclmdlRICaptureGetInfo(session.stream(), &capture_status, &model)));
  EXPECT_EQ(capture_status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
  ASSERT_TRUE(Succeeds(aclmdlRICaptureEnd(session.stream(), &model)));
  ASSERT_TRUE(Succeeds(aclmdlRIDestroy(model)));
}

TEST(Catalogue, RT_SET_14) {
  test::RuntimeSession session;
  int reserved = 0;
  aclrtUtilizationInfo info{7, 7, 7, 7, reinterpret_cast<aclrtUtilizationExtendInfo*>(&reserved)};
  EXPECT_TRUE(FailsWith(aclrtGetDeviceUtilizationRate(0, &info), ACL_ERROR_INVALID_PARAM,
                        "aclrtGetDeviceUtilizationRate",
                        {"utilizationInfo->utilizationExtend is a reserved parameter and must be nullptr."}));
  EXPECT_EQ(info.cubeUtilization, 7);
  EXPECT_EQ(info.memoryUtilization, 7);
  info.utilizationExtend = nullptr;
  ASSERT_TRUE(Succeeds(aclrtGetDeviceUtilizationRate(5, &info)));
  EXPECT_EQ(info.cubeUtilization, -1);
  EXPECT_EQ(info.vectorUtilization, -1);
  EXPECT_EQ(info.aicpuUtilization, -1);
  EXPECT_EQ(info.memoryUtilization, -1);
}

}  // namespace
}  // namespace catalogue
