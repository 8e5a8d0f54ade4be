// The AscendCL runtime subset (runtime-abi.md §2 and §4): aclInit/aclFinalize and the config file,
// SoC selection, devices and per-thread contexts, memory, synchronous and asynchronous copies and
// fills, streams, events, overflow mode, the per-thread error text, dtype sizes and fp16
// conversion; plus the internal thread pool.
//
// Every failure is checked for its code and for a message that names the API and the problem.
// Asynchrony is proven with a task that blocks a stream until the test releases it (StreamGate),
// never with sleeps. Each TEST runs in its own process under ctest, but the fixture also leaves the
// runtime finalised and the environment clean so that the binary can run every test in one process.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <future>
#include <initializer_list>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "runtime/context.h"
#include "runtime/soc_profile.h"
#include "runtime/stream.h"
#include "runtime/thread_pool.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"
#include "support/stream_gate.h"

namespace {

using test::FailsWith;
using test::Succeeds;

constexpr size_t kGiB = size_t{1} << 30;

/// Clean environment and a finalised runtime before and after every test.
class RuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override { Clean(); }
  void TearDown() override { Clean(); }
  static void Clean() {
    unsetenv("ACLNN_HOST_SOC");
    unsetenv("ACLNN_HOST_DEVICE_COUNT");
    while (aclFinalize() == ACL_SUCCESS) {
    }
    test::TakeErrorMessage();
  }
};

/// A config file for aclInit, removed on destruction.
class ConfigFile {
 public:
  explicit ConfigFile(const std::string& contents) {
    static std::atomic<int> counter{0};
    path_ =
        ::testing::TempDir() + "runtime_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++) + ".json";
    std::ofstream(path_, std::ios::binary) << contents;
  }
  ~ConfigFile() { std::remove(path_.c_str()); }
  const char* path() const { return path_.c_str(); }

 private:
  std::string path_;
};

/// Enqueues `body` on `handle` through the internal API (for probes that observe ordering).
void EnqueueProbe(aclrtStream handle, std::function<void()> body) {
  std::shared_ptr<aclnn_host::Stream> stream;
  ASSERT_EQ(aclnn_host::Runtime::Get().FindStream("EnqueueProbe", handle, &stream), ACL_SUCCESS)
      << test::TakeErrorMessage();
  ASSERT_TRUE(stream->Enqueue([body] {
    body();
    return aclnn_host::TaskResult();
  }));
}

aclrtStreamStatus QueryStream(aclrtStream stream) {
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_TRUE(Succeeds(aclrtStreamQuery(stream, &status)));
  return status;
}

aclrtEventRecordedStatus QueryEvent(aclrtEvent event) {
  aclrtEventRecordedStatus status = static_cast<aclrtEventRecordedStatus>(-1);
  EXPECT_TRUE(Succeeds(aclrtQueryEventStatus(event, &status)));
  return status;
}

/// Bytes of device memory read directly (the emulated device memory is host memory).
std::vector<uint8_t> Bytes(const void* ptr, size_t count) {
  const uint8_t* bytes = static_cast<const uint8_t*>(ptr);
  return std::vector<uint8_t>(bytes, bytes + count);
}

size_t FreeHbm() {
  size_t free_bytes = 0;
  size_t total_bytes = 0;
  EXPECT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes)));
  return free_bytes;
}

// ---- aclInit / aclFinalize / aclFinalizeReference ---------------------------------------------

using RuntimeInit = RuntimeTest;

TEST_F(RuntimeInit, RepeatedInitAndFinalizeReportTheirCodes) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit", {"already initialised"}));
  EXPECT_TRUE(Succeeds(aclFinalize()));
  EXPECT_TRUE(FailsWith(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize", {"not initialised"}));
}

TEST_F(RuntimeInit, FinalizeWithoutInitIsRepeatFinalize) {
  EXPECT_TRUE(FailsWith(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize"));
  uint64_t count = 99;
  EXPECT_TRUE(FailsWith(aclFinalizeReference(&count), ACL_ERROR_REPEAT_FINALIZE, "aclFinalizeReference"));
  EXPECT_EQ(count, 99u);
}

TEST_F(RuntimeInit, FinalizeReferenceCountsInits) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  test::TakeErrorMessage();

  uint64_t count = 99;
  EXPECT_TRUE(Succeeds(aclFinalizeReference(&count)));
  EXPECT_EQ(count, 1u);
  // One reference left: still initialised.
  EXPECT_NE(aclrtGetSocName(), nullptr);
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));

  EXPECT_TRUE(Succeeds(aclFinalizeReference(&count)));
  EXPECT_EQ(count, 0u);
  EXPECT_EQ(aclrtGetSocName(), nullptr);
  EXPECT_TRUE(FailsWith(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize"));
  EXPECT_TRUE(FailsWith(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice", {"aclInit"}));
}

TEST_F(RuntimeInit, FinalizeReferenceAcceptsNullCount) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclFinalizeReference(nullptr)));
  EXPECT_EQ(aclrtGetSocName(), nullptr);
}

TEST_F(RuntimeInit, FinalizeIsImmediateWhateverTheReferenceCount) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  test::TakeErrorMessage();
  EXPECT_TRUE(Succeeds(aclFinalize()));
  EXPECT_EQ(aclrtGetSocName(), nullptr);
}

TEST_F(RuntimeInit, InitAgainAfterFinalizeWorksAndDropsOldContexts) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclFinalize()));

  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B3");
  // The context set before the finalize does not survive it.
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc",
                        {"aclrtSetDevice"}));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
}

TEST_F(RuntimeInit, SocNameIsNullBeforeInitAndDefaultsToAscend910B3) {
  EXPECT_EQ(aclrtGetSocName(), nullptr);
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B3");
  EXPECT_TRUE(Succeeds(aclFinalize()));
  EXPECT_EQ(aclrtGetSocName(), nullptr);
}

TEST_F(RuntimeInit, CallsBeforeInitAreUninitialize) {
  EXPECT_TRUE(FailsWith(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice", {"aclInit"}));
  EXPECT_TRUE(FailsWith(aclrtResetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtResetDevice"));
  uint32_t count = 0;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE, "aclrtGetDeviceCount"));
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_UNINITIALIZE, "aclrtMalloc"));
  aclrtStream stream = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateStream(&stream), ACL_ERROR_UNINITIALIZE, "aclrtCreateStream"));
}

TEST_F(RuntimeInit, EverySocProfileCanBeSelected) {
  size_t count = 0;
  const aclnn_host::SocProfile* profiles = aclnn_host::SocProfiles(&count);
  ASSERT_GE(count, 20u);
  for (size_t i = 0; i < count; ++i) {
    setenv("ACLNN_HOST_SOC", profiles[i].name, 1);
    EXPECT_TRUE(Succeeds(aclInit(nullptr))) << profiles[i].name;
    EXPECT_STREQ(aclrtGetSocName(), profiles[i].name);
    EXPECT_TRUE(Succeeds(aclFinalize()));
  }
}

// The rows of numerics-and-socs.md, "SoC profiles" (the 310 rows exist only to reproduce "no kernel").
TEST_F(RuntimeInit, SocProfilesMatchTheSpecTable) {
  struct Row {
    std::vector<const char*> names;
    aclnn_host::SocSeries series;
    uint32_t cores;
    uint64_t ub;
    uint64_t workspace;
    bool bf16;
    bool saturation_only;
    bool flushes_subnormals;
    aclnn_host::TilingArch arch;
  };
  using aclnn_host::SocSeries;
  using aclnn_host::TilingArch;
  constexpr uint64_t kMiB = 1 << 20;
  const Row rows[] = {
      {{"Ascend910B1", "Ascend910B2", "Ascend910B2C"},
       SocSeries::kAtlasA2,
       48,
       196352,
       16 * kMiB,
       true,
       false,
       false,
       TilingArch::kArch22},
      {{"Ascend910B3", "Ascend910B4", "Ascend910B4-1"},
       SocSeries::kAtlasA2,
       40,
       196352,
       16 * kMiB,
       true,
       false,
       false,
       TilingArch::kArch22},
      {{"Ascend910_9381", "Ascend910_9382", "Ascend910_9391", "Ascend910_9392"},
       SocSeries::kAtlasA3,
       48,
       196352,
       16 * kMiB,
       true,
       false,
       false,
       TilingArch::kArch22},
      {{"Ascend910_9361", "Ascend910_9362", "Ascend910_9371", "Ascend910_9372"},
       SocSeries::kAtlasA3,
       40,
       196352,
       16 * kMiB,
       true,
       false,
       false,
       TilingArch::kArch22},
      {{"Ascend910A", "Ascend910ProA", "Ascend910PremiumA"},
       SocSeries::kAscend910A1,
       32,
       262144,
       2 * kMiB,
       false,
       true,
       false,
       TilingArch::kArch22},
      {{"Ascend910ProB", "Ascend910B"},
       SocSeries::kAscend910A1,
       30,
       262144,
       2 * kMiB,
       false,
       true,
       false,
       TilingArch::kArch22},
      {{"Ascend950PR", "Ascend950DT"}, SocSeries::kAscend950, 24, 1048576, 0, true, false, true, TilingArch::kArch35},
  };
  for (const Row& row : rows) {
    for (const char* name : row.names) {
      const aclnn_host::SocProfile* profile = aclnn_host::FindSocProfile(name);
      ASSERT_NE(profile, nullptr) << name;
      EXPECT_STREQ(profile->name, name);
      EXPECT_EQ(profile->series, row.series) << name;
      EXPECT_EQ(profile->vector_core_count, row.cores) << name;
      EXPECT_EQ(profile->ub_size, row.ub) << name;
      EXPECT_EQ(profile->library_workspace, row.workspace) << name;
      EXPECT_EQ(profile->supports_bf16, row.bf16) << name;
      EXPECT_EQ(profile->saturation_only, row.saturation_only) << name;
      EXPECT_EQ(profile->flushes_subnormals, row.flushes_subnormals) << name;
      EXPECT_EQ(profile->tiling_arch, row.arch) << name;
    }
  }
  EXPECT_EQ(aclnn_host::FindSocProfile("Ascend910B5"), nullptr);
  EXPECT_STREQ(aclnn_host::kDefaultSocName, "Ascend910B3");
}

// ---- The aclInit config file and ACLNN_HOST_SOC -----------------------------------------------

using RuntimeConfig = RuntimeTest;

TEST_F(RuntimeConfig, ConfigSelectsSocAndDeviceCount) {
  ConfigFile config(R"({"aclnn_host": {"soc_name": "Ascend950PR", "device_count": 2}})");
  EXPECT_TRUE(Succeeds(aclInit(config.path())));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend950PR");
  uint32_t count = 0;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceCount(&count)));
  EXPECT_EQ(count, 2u);
}

TEST_F(RuntimeConfig, NonexistentFileIsInvalidFile) {
  const std::string path = ::testing::TempDir() + "runtime_test_no_such_file.json";
  EXPECT_TRUE(FailsWith(aclInit(path.c_str()), ACL_ERROR_INVALID_FILE, "aclInit", {path.c_str()}));
  // The failed aclInit left the runtime uninitialised.
  EXPECT_EQ(aclrtGetSocName(), nullptr);
  EXPECT_TRUE(FailsWith(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize"));
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
}

TEST_F(RuntimeConfig, DirectoryIsInvalidFile) {
  const std::string dir = ::testing::TempDir();
  EXPECT_TRUE(FailsWith(aclInit(dir.c_str()), ACL_ERROR_INVALID_FILE, "aclInit"));
  EXPECT_EQ(aclrtGetSocName(), nullptr);
}

TEST_F(RuntimeConfig, InvalidJsonIsParseFile) {
  for (const char* text : {"{", "{\"aclnn_host\": }", "not json", "[1, 2]", "42"}) {
    ConfigFile config(text);
    EXPECT_TRUE(FailsWith(aclInit(config.path()), ACL_ERROR_PARSE_FILE, "aclInit", {config.path()})) << text;
    EXPECT_EQ(aclrtGetSocName(), nullptr) << text;
  }
}

TEST_F(RuntimeConfig, MistypedAclnnHostKeysAreParseFile) {
  for (const char* text : {R"({"aclnn_host": 3})", R"({"aclnn_host": {"soc_name": 5}})"}) {
    ConfigFile config(text);
    EXPECT_TRUE(FailsWith(aclInit(config.path()), ACL_ERROR_PARSE_FILE, "aclInit", {"aclnn_host"})) << text;
  }
}

TEST_F(RuntimeConfig, OutOfRangeDeviceCountIsInvalidParam) {
  for (const char* text : {R"({"aclnn_host": {"device_count": 0}})", R"({"aclnn_host": {"device_count": 65}})",
                           R"({"aclnn_host": {"device_count": "2"}})"}) {
    ConfigFile config(text);
    EXPECT_TRUE(FailsWith(aclInit(config.path()), ACL_ERROR_INVALID_PARAM, "aclInit", {"device_count"})) << text;
  }
}

TEST_F(RuntimeConfig, EmptyFileIsAccepted) {
  for (const char* text : {"", "  \n\t "}) {
    ConfigFile config(text);
    EXPECT_TRUE(Succeeds(aclInit(config.path())));
    EXPECT_STREQ(aclrtGetSocName(), "Ascend910B3");
    EXPECT_TRUE(Succeeds(aclFinalize()));
  }
}

TEST_F(RuntimeConfig, EmptyPathIsLikeNull) {
  EXPECT_TRUE(Succeeds(aclInit("")));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B3");
}

TEST_F(RuntimeConfig, UpstreamOptionsAreIgnored) {
  ConfigFile config(R"({"dump": {"dump_path": "/tmp", "dump_list": []}, "profiler": {"switch": "on"}})");
  EXPECT_TRUE(Succeeds(aclInit(config.path())));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B3");
}

TEST_F(RuntimeConfig, UnknownSocFromEnvironmentListsValidNames) {
  setenv("ACLNN_HOST_SOC", "Ascend999X", 1);
  EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "aclInit",
                        {"Ascend999X", "Ascend910B3", "Ascend950PR", "Ascend910A"}));
  EXPECT_EQ(aclrtGetSocName(), nullptr);
}

TEST_F(RuntimeConfig, UnknownSocFromConfigListsValidNames) {
  ConfigFile config(R"({"aclnn_host": {"soc_name": "ascend910b3"}})");  // names are case-sensitive
  EXPECT_TRUE(FailsWith(aclInit(config.path()), ACL_ERROR_INVALID_PARAM, "aclInit",
                        {"ascend910b3", "Ascend910B3", "Ascend950PR"}));
  EXPECT_EQ(aclrtGetSocName(), nullptr);
}

TEST_F(RuntimeConfig, EnvironmentOverridesConfig) {
  ConfigFile config(R"({"aclnn_host": {"soc_name": "Ascend950PR", "device_count": 2}})");
  setenv("ACLNN_HOST_SOC", "Ascend910A", 1);
  EXPECT_TRUE(Succeeds(aclInit(config.path())));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910A");
  uint32_t count = 0;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceCount(&count)));
  EXPECT_EQ(count, 2u);  // the config's count stands where the environment is silent
  EXPECT_TRUE(Succeeds(aclFinalize()));

  setenv("ACLNN_HOST_DEVICE_COUNT", "3", 1);
  EXPECT_TRUE(Succeeds(aclInit(config.path())));
  EXPECT_TRUE(Succeeds(aclrtGetDeviceCount(&count)));
  EXPECT_EQ(count, 3u);
}

TEST_F(RuntimeConfig, EmptyEnvironmentValuesAreIgnored) {
  ConfigFile config(R"({"aclnn_host": {"soc_name": "Ascend950DT", "device_count": 4}})");
  setenv("ACLNN_HOST_SOC", "", 1);
  setenv("ACLNN_HOST_DEVICE_COUNT", "", 1);
  EXPECT_TRUE(Succeeds(aclInit(config.path())));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend950DT");
  uint32_t count = 0;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceCount(&count)));
  EXPECT_EQ(count, 4u);
}

TEST_F(RuntimeConfig, EnvironmentOverridesAnUnknownConfigSoc) {
  ConfigFile config(R"({"aclnn_host": {"soc_name": "NoSuchSoc"}})");
  setenv("ACLNN_HOST_SOC", "Ascend910B1", 1);
  EXPECT_TRUE(Succeeds(aclInit(config.path())));
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B1");
}

// ---- Devices and per-thread contexts -----------------------------------------------------------

using RuntimeDevice = RuntimeTest;

TEST_F(RuntimeDevice, DeviceCountDefaultsToOne) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  uint32_t count = 0;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceCount(&count)));
  EXPECT_EQ(count, 1u);
  EXPECT_TRUE(FailsWith(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount", {"count"}));
}

TEST_F(RuntimeDevice, DeviceCountFromEnvironment) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "3", 1);
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  uint32_t count = 0;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceCount(&count)));
  EXPECT_EQ(count, 3u);
  EXPECT_TRUE(Succeeds(aclrtSetDevice(2)));
  EXPECT_TRUE(FailsWith(aclrtSetDevice(3), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice", {"3"}));
}

TEST_F(RuntimeDevice, InvalidDeviceCountEnvironmentFailsInit) {
  for (const char* value : {"0", "abc", "-1", "65", "2x", "99999999999999999999"}) {
    setenv("ACLNN_HOST_DEVICE_COUNT", value, 1);
    EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "aclInit", {"ACLNN_HOST_DEVICE_COUNT", value}))
        << value;
    EXPECT_EQ(aclrtGetSocName(), nullptr) << value;
  }
}

TEST_F(RuntimeDevice, SetDeviceRejectsOutOfRangeIds) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(FailsWith(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice", {"out of range"}));
  EXPECT_TRUE(FailsWith(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice", {"-1"}));
  EXPECT_TRUE(FailsWith(aclrtResetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice"));
  // A rejected id leaves the thread without a context.
  int32_t device = -1;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice"));
}

TEST_F(RuntimeDevice, GetDeviceReportsTheCurrentDevice) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  int32_t device = -1;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice", {"aclrtSetDevice"}));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(1)));
  EXPECT_TRUE(Succeeds(aclrtGetDevice(&device)));
  EXPECT_EQ(device, 1);
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtGetDevice(&device)));
  EXPECT_EQ(device, 0);
  EXPECT_TRUE(FailsWith(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", {"deviceId"}));
}

TEST_F(RuntimeDevice, MemoryAndStreamCallsBeforeSetDeviceAreContextNull) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  const int kCode = ACL_ERROR_RT_CONTEXT_NULL;
  const char* kHint = "aclrtSetDevice";
  uint8_t host[64] = {};
  uint8_t other[64] = {};
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), kCode, "aclrtMalloc", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtMallocHost(&ptr, 64), kCode, "aclrtMallocHost", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtFree(host), kCode, "aclrtFree", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtFreeHost(host), kCode, "aclrtFreeHost", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(other, 64, host, 64, ACL_MEMCPY_HOST_TO_HOST), kCode, "aclrtMemcpy", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(other, 64, host, 64, ACL_MEMCPY_HOST_TO_HOST, nullptr), kCode,
                        "aclrtMemcpyAsync", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtMemset(host, 64, 1, 64), kCode, "aclrtMemset", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(host, 64, 1, 64, nullptr), kCode, "aclrtMemsetAsync", {kHint}));
  size_t free_bytes = 0, total_bytes = 0;
  EXPECT_TRUE(FailsWith(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes), kCode, "aclrtGetMemInfo", {kHint}));
  aclrtStream stream = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateStream(&stream), kCode, "aclrtCreateStream", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(nullptr), kCode, "aclrtSynchronizeStream", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeDevice(), kCode, "aclrtSynchronizeDevice", {kHint}));
  aclrtStreamStatus status;
  EXPECT_TRUE(FailsWith(aclrtStreamQuery(nullptr, &status), kCode, "aclrtStreamQuery", {kHint}));
  aclrtEvent event = nullptr;
  EXPECT_TRUE(FailsWith(aclrtCreateEvent(&event), kCode, "aclrtCreateEvent", {kHint}));
  aclrtFloatOverflowMode mode;
  EXPECT_TRUE(FailsWith(aclrtGetDeviceSatMode(&mode), kCode, "aclrtGetDeviceSatMode", {kHint}));
  EXPECT_TRUE(FailsWith(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION), kCode, "aclrtSetDeviceSatMode"));
  EXPECT_EQ(host[0], 0);  // nothing was written
}

TEST_F(RuntimeDevice, AnotherThreadWithoutSetDeviceHasNoContext) {
  test::RuntimeSession session;
  test::DeviceBuffer buffer(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(buffer.get(), 64, 0, 64)));
  std::thread worker([&] {
    void* ptr = nullptr;
    EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc",
                          {"aclrtSetDevice"}));
    aclrtStream stream = nullptr;
    EXPECT_TRUE(FailsWith(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream"));
    EXPECT_TRUE(FailsWith(aclrtMemsetAsync(buffer.get(), 64, 7, 64, session.stream()), ACL_ERROR_RT_CONTEXT_NULL,
                          "aclrtMemsetAsync"));
    EXPECT_TRUE(
        FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_CONTEXT_NULL, "aclrtSynchronizeStream"));
    uint8_t host[64];
    EXPECT_TRUE(FailsWith(aclrtMemcpy(host, 64, buffer.get(), 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_CONTEXT_NULL,
                          "aclrtMemcpy"));
    // Once this thread sets the device, the same calls work and see the other thread's stream.
    EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
    EXPECT_TRUE(Succeeds(aclrtMemsetAsync(buffer.get(), 64, 7, 64, session.stream())));
    EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
    EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
  });
  worker.join();
  EXPECT_EQ(Bytes(buffer.get(), 64), std::vector<uint8_t>(64, 7));
  EXPECT_EQ(test::TakeErrorMessage(), "");  // the worker's errors stayed on the worker
}

TEST_F(RuntimeDevice, SetDeviceAndResetDeviceAreReferenceCounted) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));

  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
  // One reference left: the context and its streams are alive.
  void* ptr = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  EXPECT_TRUE(Succeeds(aclrtMemsetAsync(ptr, 64, 3, 64, stream)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  EXPECT_EQ(static_cast<uint8_t*>(ptr)[63], 3);
  EXPECT_TRUE(Succeeds(aclrtFree(ptr)));

  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
  // The last reference is gone: no context, and the device's streams were released with it.
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc"));
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream"));

  // Setting the device again gives a fresh default stream.
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(nullptr)));
  EXPECT_EQ(QueryStream(nullptr), ACL_STREAM_STATUS_COMPLETE);
}

TEST_F(RuntimeDevice, LastResetDropsTheContextEvenIfAnotherThreadSetsTheDeviceAgain) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));                           // the default context of device 0 is destroyed
  std::thread other([] { EXPECT_TRUE(Succeeds(aclrtSetDevice(0))); });  // a new default context
  other.join();
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc"));
  int32_t device = -1;
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice"));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));  // joining the new context works
  EXPECT_TRUE(Succeeds(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
}

TEST_F(RuntimeDevice, StreamOfAnotherDeviceIsStreamContext) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(1)));
  aclrtStream stream1 = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream1)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  test::DeviceBuffer buffer(64);
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(buffer.get(), 64, 1, 64, stream1), ACL_ERROR_RT_STREAM_CONTEXT,
                        "aclrtMemsetAsync", {"device 1"}));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream1), ACL_ERROR_RT_STREAM_CONTEXT, "aclrtSynchronizeStream"));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(1)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream1)));
}

TEST_F(RuntimeDevice, MemoryIsAccountedPerDevice) {
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  const size_t free0 = FreeHbm();
  EXPECT_TRUE(Succeeds(aclrtSetDevice(1)));
  const size_t free1 = FreeHbm();
  void* ptr = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&ptr, 1000, ACL_MEM_MALLOC_HUGE_FIRST)));
  EXPECT_EQ(FreeHbm(), free1 - 1056);
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_EQ(FreeHbm(), free0);
  EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
}

// ---- aclrtMalloc / aclrtFree / aclrtMallocHost / aclrtFreeHost / aclrtGetMemInfo ---------------

using RuntimeMemory = RuntimeTest;

TEST_F(RuntimeMemory, MallocRejectsNullPointerAndZeroSize) {
  test::RuntimeSession session;
  void* ptr = nullptr;
  EXPECT_TRUE(FailsWith(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc",
                        {"devPtr"}));
  EXPECT_TRUE(
      FailsWith(aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc", {"size"}));
  EXPECT_EQ(ptr, nullptr);
  EXPECT_TRUE(FailsWith(aclrtMallocHost(nullptr, 64), ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", {"hostPtr"}));
  EXPECT_TRUE(FailsWith(aclrtMallocHost(&ptr, 0), ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", {"size"}));
}

TEST_F(RuntimeMemory, MallocChecksThePolicy) {
  test::RuntimeSession session;
  void* ptr = nullptr;
  for (int policy : {8, 0x2000, -1}) {
    EXPECT_TRUE(FailsWith(aclrtMalloc(&ptr, 64, static_cast<aclrtMemMallocPolicy>(policy)), ACL_ERROR_INVALID_PARAM,
                          "aclrtMalloc", {"policy"}))
        << policy;
  }
  for (int policy : {0, 1, 2, 3, 4, 5, 6, 7, 0x100, 0x1000, 0x100 | 2, 0x1000 | 7}) {
    EXPECT_TRUE(Succeeds(aclrtMalloc(&ptr, 64, static_cast<aclrtMemMallocPolicy>(policy)))) << policy;
    EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
  }
}

TEST_F(RuntimeMemory, AllocationsAre64ByteAlignedAndUsable) {
  test::RuntimeSession session;
  std::vector<void*> pointers;
  for (size_t size : {size_t{1}, size_t{31}, size_t{32}, size_t{33}, size_t{63}, size_t{64}, size_t{100}, size_t{4095},
                      size_t{1} << 20}) {
    void* ptr = nullptr;
    ASSERT_TRUE(Succeeds(aclrtMalloc(&ptr, size, ACL_MEM_MALLOC_HUGE_FIRST)));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(ptr) % 64, 0u) << size;
    std::memset(ptr, 0xCD, size);  // the whole request is writable (valgrind checks the bounds)
    pointers.push_back(ptr);
    ASSERT_TRUE(Succeeds(aclrtMallocHost(&ptr, size)));
    std::memset(ptr, 0xCD, size);
    pointers.push_back(ptr);
  }
  std::set<void*> distinct(pointers.begin(), pointers.end());
  EXPECT_EQ(distinct.size(), pointers.size());
  for (size_t i = 0; i < pointers.size(); i += 2) {
    EXPECT_TRUE(Succeeds(aclrtFree(pointers[i])));
    EXPECT_TRUE(Succeeds(aclrtFreeHost(pointers[i + 1])));
  }
}

TEST_F(RuntimeMemory, FreeNullIsInvalidParam) {
  test::RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFree", {"devPtr"}));
  EXPECT_TRUE(FailsWith(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFreeHost", {"hostPtr"}));
}

TEST_F(RuntimeMemory, FreeOfUnknownInteriorOrFreedPointerIsMemoryFree) {
  test::RuntimeSession session;
  void* ptr = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&ptr, 128, ACL_MEM_MALLOC_HUGE_FIRST)));
  int local = 0;
  EXPECT_TRUE(FailsWith(aclrtFree(&local), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree", {"not the start"}));
  EXPECT_TRUE(
      FailsWith(aclrtFree(static_cast<char*>(ptr) + 64), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree", {"not the start"}));
  EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
  EXPECT_TRUE(FailsWith(aclrtFree(ptr), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree"));

  ASSERT_TRUE(Succeeds(aclrtMallocHost(&ptr, 128)));
  EXPECT_TRUE(FailsWith(aclrtFreeHost(&local), ACL_ERROR_RT_MEMORY_FREE, "aclrtFreeHost", {"not the start"}));
  EXPECT_TRUE(FailsWith(aclrtFreeHost(static_cast<char*>(ptr) + 1), ACL_ERROR_RT_MEMORY_FREE, "aclrtFreeHost"));
  EXPECT_TRUE(Succeeds(aclrtFreeHost(ptr)));
  EXPECT_TRUE(FailsWith(aclrtFreeHost(ptr), ACL_ERROR_RT_MEMORY_FREE, "aclrtFreeHost"));
}

TEST_F(RuntimeMemory, DeviceAndHostFreesDoNotMix) {
  test::RuntimeSession session;
  void* device = nullptr;
  void* host = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&device, 64, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, 64)));
  EXPECT_TRUE(FailsWith(aclrtFree(host), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree", {"aclrtFreeHost"}));
  EXPECT_TRUE(FailsWith(aclrtFreeHost(device), ACL_ERROR_RT_MEMORY_FREE, "aclrtFreeHost", {"aclrtFree"}));
  // Both are still alive and free correctly.
  EXPECT_TRUE(Succeeds(aclrtFree(device)));
  EXPECT_TRUE(Succeeds(aclrtFreeHost(host)));
}

TEST_F(RuntimeMemory, MemInfoTracksRoundedAllocations) {
  test::RuntimeSession session("Ascend910B3");
  size_t free_bytes = 0;
  size_t total_bytes = 0;
  ASSERT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes)));
  EXPECT_EQ(total_bytes, 64 * kGiB);
  EXPECT_EQ(free_bytes, total_bytes);

  // Each request is rounded up to 32 bytes, plus 32 bytes of padding.
  struct Case {
    size_t request;
    size_t charged;
  };
  std::vector<void*> pointers;
  size_t expected_free = free_bytes;
  for (const Case& c : {Case{1, 64}, Case{32, 64}, Case{33, 96}, Case{100, 160}, Case{4096, 4128}}) {
    void* ptr = nullptr;
    ASSERT_TRUE(Succeeds(aclrtMalloc(&ptr, c.request, ACL_MEM_MALLOC_HUGE_FIRST)));
    pointers.push_back(ptr);
    expected_free -= c.charged;
    EXPECT_EQ(FreeHbm(), expected_free) << c.request;
  }
  for (aclrtMemAttr attr : {ACL_HBM_MEM_HUGE, ACL_HBM_MEM_NORMAL, ACL_HBM_MEM_P2P_HUGE, ACL_HBM_MEM_P2P_NORMAL}) {
    size_t attr_free = 0, attr_total = 0;
    EXPECT_TRUE(Succeeds(aclrtGetMemInfo(attr, &attr_free, &attr_total)));
    EXPECT_EQ(attr_total, 64 * kGiB) << attr;
    EXPECT_EQ(attr_free, expected_free) << attr;
  }
  // Host memory is not device memory.
  void* host = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, 4096)));
  EXPECT_EQ(FreeHbm(), expected_free);
  EXPECT_TRUE(Succeeds(aclrtFreeHost(host)));

  for (void* ptr : pointers) EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
  EXPECT_EQ(FreeHbm(), total_bytes);
}

TEST_F(RuntimeMemory, MemInfoChecksItsArguments) {
  test::RuntimeSession session;
  size_t free_bytes = 0, total_bytes = 0;
  EXPECT_TRUE(
      FailsWith(aclrtGetMemInfo(ACL_HBM_MEM, nullptr, &total_bytes), ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo"));
  EXPECT_TRUE(
      FailsWith(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo"));
  EXPECT_TRUE(FailsWith(aclrtGetMemInfo(static_cast<aclrtMemAttr>(10), &free_bytes, &total_bytes),
                        ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo", {"10"}));
  EXPECT_TRUE(Succeeds(aclrtGetMemInfo(ACL_DDR_MEM, &free_bytes, &total_bytes)));
  EXPECT_LE(free_bytes, total_bytes);
}

TEST_F(RuntimeMemory, AllocationBeyondCapacityFailsCleanly) {
  test::RuntimeSession session("Ascend910B3");
  const size_t before = FreeHbm();
  void* ptr = nullptr;
  for (size_t size :
       {65 * kGiB, 64 * kGiB, std::numeric_limits<size_t>::max(), std::numeric_limits<size_t>::max() - 40}) {
    EXPECT_TRUE(
        FailsWith(aclrtMalloc(&ptr, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMalloc"))
        << size;
    EXPECT_EQ(ptr, nullptr);
  }
  EXPECT_EQ(FreeHbm(), before);
  EXPECT_TRUE(Succeeds(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST)));  // still usable
  EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
}

TEST_F(RuntimeMemory, ConcurrentAllocationsAreAccounted) {
  test::RuntimeSession session;
  const size_t before = FreeHbm();
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t] {
      EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
      std::vector<void*> mine;
      for (int i = 0; i < 100; ++i) {
        void* ptr = nullptr;
        EXPECT_TRUE(Succeeds(aclrtMalloc(&ptr, static_cast<size_t>(1 + i * 13 + t), ACL_MEM_MALLOC_HUGE_FIRST)));
        mine.push_back(ptr);
        if (i % 3 == 0) {
          EXPECT_TRUE(Succeeds(aclrtFree(mine.front())));
          mine.erase(mine.begin());
        }
      }
      for (void* ptr : mine) EXPECT_TRUE(Succeeds(aclrtFree(ptr)));
      EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(FreeHbm(), before);
}

TEST_F(RuntimeMemory, FinalizeReleasesOutstandingAllocations) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  void* device = nullptr;
  void* host = nullptr;
  ASSERT_TRUE(Succeeds(aclrtMalloc(&device, 1 << 16, ACL_MEM_MALLOC_HUGE_FIRST)));
  ASSERT_TRUE(Succeeds(aclrtMallocHost(&host, 1 << 16)));
  EXPECT_TRUE(Succeeds(aclFinalize()));  // valgrind reports a leak if these were not freed

  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  size_t free_bytes = 0, total_bytes = 0;
  EXPECT_TRUE(Succeeds(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total_bytes)));
  EXPECT_EQ(free_bytes, total_bytes);
  EXPECT_TRUE(FailsWith(aclrtFree(device), ACL_ERROR_RT_MEMORY_FREE, "aclrtFree"));  // gone with the finalize
}

// ---- aclrtMemcpy / aclrtMemcpyAsync / aclrtMemset / aclrtMemsetAsync ---------------------------

using RuntimeMemcpy = RuntimeTest;

TEST_F(RuntimeMemcpy, CountZeroSucceedsWithoutCopying) {
  test::RuntimeSession session;
  uint8_t src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint8_t dst[8] = {};
  EXPECT_TRUE(Succeeds(aclrtMemcpy(dst, sizeof(dst), src, 0, ACL_MEMCPY_HOST_TO_HOST)));
  EXPECT_TRUE(Succeeds(aclrtMemcpyAsync(dst, sizeof(dst), src, 0, ACL_MEMCPY_HOST_TO_HOST, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(dst, 8), std::vector<uint8_t>(8, 0));
}

TEST_F(RuntimeMemcpy, NullPointersAreInvalidParam) {
  test::RuntimeSession session;
  uint8_t buffer[8] = {};
  EXPECT_TRUE(FailsWith(aclrtMemcpy(nullptr, 8, buffer, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpy", {"dst"}));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(buffer, 8, nullptr, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemcpy", {"src"}));
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(nullptr, 8, buffer, 8, ACL_MEMCPY_HOST_TO_HOST, session.stream()),
                        ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsync", {"dst"}));
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(buffer, 8, nullptr, 8, ACL_MEMCPY_HOST_TO_HOST, session.stream()),
                        ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsync", {"src"}));
}

TEST_F(RuntimeMemcpy, SyncCopyRejectsKindsOutsideZeroToFive) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64), b(64);
  for (int kind : {6, 7, 8, 99, -1}) {
    EXPECT_TRUE(FailsWith(aclrtMemcpy(a.get(), 64, b.get(), 64, static_cast<aclrtMemcpyKind>(kind)),
                          ACL_ERROR_INVALID_PARAM, "aclrtMemcpy", {"kind"}))
        << kind;
  }
}

TEST_F(RuntimeMemcpy, AsyncCopyAcceptsKindsSixAndSeven) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64), b(64);
  for (int kind : {ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, ACL_MEMCPY_INTER_DEVICE_TO_DEVICE}) {
    ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, kind, 64)));
    EXPECT_TRUE(
        Succeeds(aclrtMemcpyAsync(b.get(), 64, a.get(), 64, static_cast<aclrtMemcpyKind>(kind), session.stream())));
    EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
    EXPECT_EQ(Bytes(b.get(), 64), std::vector<uint8_t>(64, static_cast<uint8_t>(kind)));
  }
  for (int kind : {8, 99, -1}) {
    EXPECT_TRUE(
        FailsWith(aclrtMemcpyAsync(b.get(), 64, a.get(), 64, static_cast<aclrtMemcpyKind>(kind), session.stream()),
                  ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsync", {"kind"}))
        << kind;
  }
}

TEST_F(RuntimeMemcpy, DestMaxZeroOrTooSmallIsRtParamInvalid) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64), b(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(b.get(), 64, 0, 64)));
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 9, 64)));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(b.get(), 0, a.get(), 16, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemcpy", {"destMax"}));
  EXPECT_TRUE(FailsWith(aclrtMemcpy(b.get(), 15, a.get(), 16, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemcpy", {"destMax"}));
  EXPECT_TRUE(FailsWith(aclrtMemcpyAsync(b.get(), 15, a.get(), 16, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream()),
                        ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpyAsync", {"destMax"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(b.get(), 64), std::vector<uint8_t>(64, 0));
  // count == destMax is fine.
  EXPECT_TRUE(Succeeds(aclrtMemcpy(b.get(), 16, a.get(), 16, ACL_MEMCPY_DEVICE_TO_DEVICE)));
  EXPECT_EQ(static_cast<uint8_t*>(b.get())[15], 9);
  EXPECT_EQ(static_cast<uint8_t*>(b.get())[16], 0);
}

TEST_F(RuntimeMemcpy, SameSourceAndDestinationSucceeds) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 5, 64)));
  EXPECT_TRUE(Succeeds(aclrtMemcpy(a.get(), 64, a.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE)));
  EXPECT_TRUE(Succeeds(aclrtMemcpyAsync(a.get(), 64, a.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 5));
}

// Source and destination for each kind: H = host (std::vector), D = aclrtMalloc.
struct KindCase {
  aclrtMemcpyKind kind;
  bool src_on_device;
  bool dst_on_device;
};

const KindCase kSyncKinds[] = {
    {ACL_MEMCPY_HOST_TO_HOST, false, false},  {ACL_MEMCPY_HOST_TO_DEVICE, false, true},
    {ACL_MEMCPY_DEVICE_TO_HOST, true, false}, {ACL_MEMCPY_DEVICE_TO_DEVICE, true, true},
    {ACL_MEMCPY_DEFAULT, false, true},        {ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE, false, true},
};

void ExpectCopies(const KindCase& c, bool async, aclrtStream stream) {
  constexpr size_t kBytes = 1000;
  std::vector<uint8_t> pattern(kBytes);
  for (size_t i = 0; i < kBytes; ++i) pattern[i] = static_cast<uint8_t>(i * 7 + c.kind);
  test::DeviceBuffer device_src(kBytes), device_dst(kBytes + 8);
  std::vector<uint8_t> host_src = pattern;
  std::vector<uint8_t> host_dst(kBytes + 8, 0xEE);
  void* src = c.src_on_device ? device_src.get() : host_src.data();
  void* dst = c.dst_on_device ? device_dst.get() : host_dst.data();
  if (c.src_on_device) std::memcpy(src, pattern.data(), kBytes);
  if (c.dst_on_device) std::memset(dst, 0xEE, kBytes + 8);
  if (async) {
    ASSERT_TRUE(Succeeds(aclrtMemcpyAsync(dst, kBytes + 8, src, kBytes, c.kind, stream))) << c.kind;
    ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(stream)));
  } else {
    ASSERT_TRUE(Succeeds(aclrtMemcpy(dst, kBytes + 8, src, kBytes, c.kind))) << c.kind;
  }
  std::vector<uint8_t> expected = pattern;
  expected.resize(kBytes + 8, 0xEE);  // bytes past `count` are untouched
  EXPECT_EQ(Bytes(dst, kBytes + 8), expected) << "kind " << c.kind << (async ? " async" : " sync");
}

TEST_F(RuntimeMemcpy, SyncCopyMovesTheDataForEveryKind) {
  test::RuntimeSession session;
  for (const KindCase& c : kSyncKinds) ExpectCopies(c, /*async=*/false, nullptr);
}

TEST_F(RuntimeMemcpy, AsyncCopyMovesTheDataForEveryKind) {
  test::RuntimeSession session;
  for (const KindCase& c : kSyncKinds) ExpectCopies(c, /*async=*/true, session.stream());
  ExpectCopies({ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, true, true}, /*async=*/true, session.stream());
  ExpectCopies({ACL_MEMCPY_INTER_DEVICE_TO_DEVICE, true, true}, /*async=*/true, nullptr);  // default stream
}

TEST_F(RuntimeMemcpy, SyncCopyDoesNotWaitForStreams) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64), b(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 1, 64)));
  test::StreamGate gate(session.stream());
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 2, 64, session.stream())));
  // The stream is held, so a copy that waited for it would never return.
  EXPECT_TRUE(Succeeds(aclrtMemcpy(b.get(), 64, a.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE)));
  EXPECT_EQ(Bytes(b.get(), 64), std::vector<uint8_t>(64, 1));
  EXPECT_TRUE(Succeeds(aclrtMemset(b.get(), 64, 3, 64)));
  EXPECT_EQ(Bytes(b.get(), 64), std::vector<uint8_t>(64, 3));
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 2));
}

TEST_F(RuntimeMemcpy, MemsetSetsExactlyCountBytes) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64);
  std::memset(a.get(), 0, 64);
  EXPECT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 0xAB, 10)));
  std::vector<uint8_t> expected(64, 0);
  std::fill(expected.begin(), expected.begin() + 10, 0xAB);
  EXPECT_EQ(Bytes(a.get(), 64), expected);

  EXPECT_TRUE(Succeeds(aclrtMemsetAsync(static_cast<uint8_t*>(a.get()) + 20, 44, 0x11, 30, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  std::fill(expected.begin() + 20, expected.begin() + 50, 0x11);
  EXPECT_EQ(Bytes(a.get(), 64), expected);

  // count 0 succeeds and writes nothing, even with maxCount 0.
  EXPECT_TRUE(Succeeds(aclrtMemset(a.get(), 0, 0xFF, 0)));
  EXPECT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 0, 0xFF, 0, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(a.get(), 64), expected);
}

TEST_F(RuntimeMemcpy, MemsetChecksItsArguments) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64);
  std::memset(a.get(), 0, 64);
  EXPECT_TRUE(FailsWith(aclrtMemset(nullptr, 64, 1, 64), ACL_ERROR_INVALID_PARAM, "aclrtMemset", {"devPtr"}));
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(nullptr, 64, 1, 64, session.stream()), ACL_ERROR_INVALID_PARAM,
                        "aclrtMemsetAsync", {"devPtr"}));
  EXPECT_TRUE(FailsWith(aclrtMemset(a.get(), 32, 1, 33), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset", {"maxCount"}));
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(a.get(), 32, 1, 33, session.stream()), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtMemsetAsync", {"maxCount"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 0));
}

// ---- Streams: lifetime, issue order, asynchrony ------------------------------------------------

using RuntimeStream = RuntimeTest;

TEST_F(RuntimeStream, NullArgumentsAreInvalidParam) {
  test::RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCreateStream", {"stream"}));
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream", {"stream"}));
  EXPECT_TRUE(
      FailsWith(aclrtStreamQuery(session.stream(), nullptr), ACL_ERROR_INVALID_PARAM, "aclrtStreamQuery", {"status"}));
}

TEST_F(RuntimeStream, DestroyOfUnknownOrDestroyedStreamIsInvalidHandle) {
  test::RuntimeSession session;
  int not_a_stream = 0;
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(&not_a_stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream",
                        {"not a live stream"}));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  EXPECT_NE(stream, nullptr);
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  EXPECT_TRUE(FailsWith(aclrtDestroyStream(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream"));
  // Every other use of the destroyed handle fails the same way.
  test::DeviceBuffer a(64);
  EXPECT_TRUE(FailsWith(aclrtMemsetAsync(a.get(), 64, 1, 64, stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtMemsetAsync"));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeStream"));
  aclrtStreamStatus status;
  EXPECT_TRUE(FailsWith(aclrtStreamQuery(stream, &status), ACL_ERROR_RT_INVALID_HANDLE, "aclrtStreamQuery"));
}

TEST_F(RuntimeStream, CreatedStreamsAreDistinct) {
  test::RuntimeSession session;
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&a)));
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&b)));
  EXPECT_NE(a, b);
  EXPECT_NE(a, session.stream());
  EXPECT_EQ(QueryStream(a), ACL_STREAM_STATUS_COMPLETE);  // a new stream has nothing pending
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(a)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(b)));
}

TEST_F(RuntimeStream, WorkIsNotDoneAtEnqueueTime) {
  test::RuntimeSession session;
  test::DeviceBuffer a(256);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 256, 0, 256)));
  test::StreamGate gate(session.stream());
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 256, 0x5A, 256, session.stream())));
  EXPECT_EQ(Bytes(a.get(), 256), std::vector<uint8_t>(256, 0));
  EXPECT_EQ(QueryStream(session.stream()), ACL_STREAM_STATUS_NOT_READY);

  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(gate.finished());
  EXPECT_EQ(Bytes(a.get(), 256), std::vector<uint8_t>(256, 0x5A));
  EXPECT_EQ(QueryStream(session.stream()), ACL_STREAM_STATUS_COMPLETE);
}

TEST_F(RuntimeStream, WorkOnOneStreamRunsInIssueOrder) {
  test::RuntimeSession session;
  constexpr size_t kSteps = 200;
  test::DeviceBuffer out(kSteps), scratch(1);
  ASSERT_TRUE(Succeeds(aclrtMemset(out.get(), kSteps, 0xFF, kSteps)));
  test::StreamGate gate(session.stream());  // everything below is queued before any of it runs
  uint8_t* out_bytes = static_cast<uint8_t*>(out.get());
  for (size_t i = 0; i < kSteps; ++i) {
    // out[i] = i only if each copy runs after the memset before it and before the memset after it.
    ASSERT_TRUE(Succeeds(aclrtMemsetAsync(scratch.get(), 1, static_cast<int32_t>(i), 1, session.stream())));
    ASSERT_TRUE(
        Succeeds(aclrtMemcpyAsync(out_bytes + i, 1, scratch.get(), 1, ACL_MEMCPY_DEVICE_TO_DEVICE, session.stream())));
  }
  gate.Release();
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  for (size_t i = 0; i < kSteps; ++i) EXPECT_EQ(out_bytes[i], static_cast<uint8_t>(i)) << i;
}

TEST_F(RuntimeStream, SynchronizeNullWaitsOnTheDefaultStream) {
  test::RuntimeSession session;
  test::DeviceBuffer a(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 0, 64)));
  test::StreamGate gate(nullptr);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 0x42, 64, nullptr)));
  // The work sits on the default stream, not on the session's stream.
  EXPECT_EQ(QueryStream(nullptr), ACL_STREAM_STATUS_NOT_READY);
  EXPECT_EQ(QueryStream(session.stream()), ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 0));
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(nullptr)));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 0x42));
  EXPECT_EQ(QueryStream(nullptr), ACL_STREAM_STATUS_COMPLETE);
}

TEST_F(RuntimeStream, DifferentStreamsDoNotBlockEachOther) {
  test::RuntimeSession session;
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  test::DeviceBuffer a(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 0, 64)));
  test::StreamGate gate(session.stream());
  // `other` completes while the session's stream is held (a shared queue would never return here).
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 9, 64, other)));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(other)));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 9));
  EXPECT_EQ(QueryStream(session.stream()), ACL_STREAM_STATUS_NOT_READY);
  EXPECT_FALSE(gate.finished());
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST_F(RuntimeStream, SynchronizeDeviceWaitsForEveryStream) {
  test::RuntimeSession session;
  aclrtStream other = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&other)));
  test::DeviceBuffer a(64), b(64), c(64);
  for (auto* buffer : {&a, &b, &c}) ASSERT_TRUE(Succeeds(aclrtMemset(buffer->get(), 64, 0, 64)));
  test::StreamGate gate_session(session.stream()), gate_other(other), gate_default(nullptr);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 1, 64, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(b.get(), 64, 2, 64, other)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(c.get(), 64, 3, 64, nullptr)));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 0));
  gate_session.Release();
  gate_other.Release();
  gate_default.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeDevice()));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 1));
  EXPECT_EQ(Bytes(b.get(), 64), std::vector<uint8_t>(64, 2));
  EXPECT_EQ(Bytes(c.get(), 64), std::vector<uint8_t>(64, 3));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(other)));
}

TEST_F(RuntimeStream, DestroyWaitsForPendingWork) {
  test::RuntimeSession session;
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  test::DeviceBuffer a(4096);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 4096, 0, 4096)));
  std::atomic<bool> destroy_returned{false};
  std::atomic<bool> seen_by_last_task{true};
  test::StreamGate gate(stream);
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 4096, 0x77, 4096, stream)));
  EnqueueProbe(stream, [&] { seen_by_last_task = destroy_returned.load(); });

  std::atomic<bool> destroying{false};
  std::thread releaser([&] {
    while (!destroying.load()) std::this_thread::yield();
    gate.Release();
  });
  destroying = true;
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  destroy_returned = true;
  releaser.join();
  EXPECT_TRUE(gate.finished());
  EXPECT_FALSE(seen_by_last_task.load());  // the last task ran before aclrtDestroyStream returned
  EXPECT_EQ(Bytes(a.get(), 4096), std::vector<uint8_t>(4096, 0x77));
}

TEST_F(RuntimeStream, FinalizeWaitsForPendingWork) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  std::vector<uint8_t> host(4096, 0);  // host memory, so it outlives aclFinalize
  std::vector<uint8_t> source(4096, 0x31);
  std::vector<uint8_t> on_default(16, 0);
  const std::vector<uint8_t> default_source(16, 0x32);
  auto gate = std::make_unique<test::StreamGate>(stream);
  auto default_gate = std::make_unique<test::StreamGate>(nullptr);
  ASSERT_TRUE(Succeeds(
      aclrtMemcpyAsync(host.data(), host.size(), source.data(), source.size(), ACL_MEMCPY_HOST_TO_HOST, stream)));
  ASSERT_TRUE(
      Succeeds(aclrtMemcpyAsync(on_default.data(), 16, default_source.data(), 16, ACL_MEMCPY_HOST_TO_HOST, nullptr)));
  std::atomic<bool> finalizing{false};
  std::thread releaser([&] {
    while (!finalizing.load()) std::this_thread::yield();
    gate->Release();
    default_gate->Release();
  });
  finalizing = true;
  EXPECT_TRUE(Succeeds(aclFinalize()));
  releaser.join();
  EXPECT_TRUE(gate->finished());
  EXPECT_TRUE(default_gate->finished());
  EXPECT_EQ(host, source);  // the work of both streams ran before aclFinalize returned
  EXPECT_EQ(on_default, std::vector<uint8_t>(16, 0x32));
}

TEST_F(RuntimeStream, TaskFailureSurfacesAtTheNextSynchronize) {
  test::RuntimeSession session;
  std::shared_ptr<aclnn_host::Stream> stream;
  ASSERT_EQ(aclnn_host::Runtime::Get().FindStream("test", session.stream(), &stream), ACL_SUCCESS);
  ASSERT_TRUE(stream->Enqueue([] { return aclnn_host::TaskResult{ACL_ERROR_RT_AICORE_EXCEPTION, "simulated fault"}; }));
  ASSERT_TRUE(stream->Enqueue([] { return aclnn_host::TaskResult{ACL_ERROR_RT_INTERNAL_ERROR, "second fault"}; }));
  // The first failure is reported, once.
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_AICORE_EXCEPTION,
                        "aclrtSynchronizeStream", {"simulated fault"}));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));

  ASSERT_TRUE(stream->Enqueue([]() -> aclnn_host::TaskResult { throw std::runtime_error("kernel blew up"); }));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeStream(session.stream()), ACL_ERROR_RT_INTERNAL_ERROR, "aclrtSynchronizeStream",
                        {"kernel blew up"}));

  ASSERT_TRUE(stream->Enqueue([] { return aclnn_host::TaskResult{ACL_ERROR_RT_AICORE_EXCEPTION, "device fault"}; }));
  EXPECT_TRUE(
      FailsWith(aclrtSynchronizeDevice(), ACL_ERROR_RT_AICORE_EXCEPTION, "aclrtSynchronizeDevice", {"device fault"}));
  // Later work on the stream still runs.
  test::DeviceBuffer a(16);
  EXPECT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 16, 4, 16, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(a.get(), 16), std::vector<uint8_t>(16, 4));
}

TEST_F(RuntimeStream, ManyThreadsCanShareOneStream) {
  test::RuntimeSession session;
  constexpr int kThreads = 4;
  constexpr int kPerThread = 50;
  test::DeviceBuffer a(kThreads * kPerThread);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), kThreads * kPerThread, 0, kThreads * kPerThread)));
  uint8_t* bytes = static_cast<uint8_t*>(a.get());
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
      for (int i = 0; i < kPerThread; ++i) {
        EXPECT_TRUE(Succeeds(aclrtMemsetAsync(bytes + t * kPerThread + i, 1, t + 1, 1, session.stream())));
      }
      EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
      EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kPerThread; ++i) EXPECT_EQ(bytes[t * kPerThread + i], t + 1);
  }
}

// ---- Events ------------------------------------------------------------------------------------

using RuntimeEvent = RuntimeTest;

TEST_F(RuntimeEvent, NullAndUnknownEventsAreRejected) {
  test::RuntimeSession session;
  EXPECT_TRUE(FailsWith(aclrtCreateEvent(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCreateEvent", {"event"}));
  EXPECT_TRUE(FailsWith(aclrtDestroyEvent(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyEvent", {"event"}));
  EXPECT_TRUE(FailsWith(aclrtRecordEvent(nullptr, session.stream()), ACL_ERROR_INVALID_PARAM, "aclrtRecordEvent"));
  EXPECT_TRUE(
      FailsWith(aclrtStreamWaitEvent(session.stream(), nullptr), ACL_ERROR_INVALID_PARAM, "aclrtStreamWaitEvent"));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeEvent(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeEvent"));
  aclrtEventRecordedStatus status;
  EXPECT_TRUE(FailsWith(aclrtQueryEventStatus(nullptr, &status), ACL_ERROR_INVALID_PARAM, "aclrtQueryEventStatus"));

  int not_an_event = 0;
  EXPECT_TRUE(FailsWith(aclrtDestroyEvent(&not_an_event), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyEvent",
                        {"not a live event"}));
  EXPECT_TRUE(
      FailsWith(aclrtRecordEvent(&not_an_event, session.stream()), ACL_ERROR_RT_INVALID_HANDLE, "aclrtRecordEvent"));
  EXPECT_TRUE(FailsWith(aclrtSynchronizeEvent(&not_an_event), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeEvent"));

  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  EXPECT_NE(event, nullptr);
  EXPECT_TRUE(FailsWith(aclrtQueryEventStatus(event, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtQueryEventStatus"));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(FailsWith(aclrtDestroyEvent(event), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyEvent"));
  EXPECT_TRUE(FailsWith(aclrtRecordEvent(event, session.stream()), ACL_ERROR_RT_INVALID_HANDLE, "aclrtRecordEvent"));
}

TEST_F(RuntimeEvent, RecordCompletesAfterThePrecedingWork) {
  test::RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  test::DeviceBuffer a(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 0, 64)));
  test::StreamGate gate(session.stream());
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 6, 64, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_NOT_READY);
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 6));  // the work before the record is done
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST_F(RuntimeEvent, RecordOnTheDefaultStream) {
  test::RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  test::StreamGate gate(nullptr);
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, nullptr)));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_NOT_READY);
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST_F(RuntimeEvent, StreamWaitOrdersWorkAcrossStreams) {
  test::RuntimeSession session;
  aclrtStream waiter = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&waiter)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  test::DeviceBuffer a(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 0, 64)));

  test::StreamGate gate(session.stream());
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(waiter, event)));
  std::atomic<bool> gate_done_before_probe{false};
  EnqueueProbe(waiter, [&] { gate_done_before_probe = gate.finished(); });
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 8, 64, waiter)));

  // The waiting stream cannot get past the wait while the recording stream is held.
  EXPECT_EQ(QueryStream(waiter), ACL_STREAM_STATUS_NOT_READY);
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_NOT_READY);
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 0));

  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(waiter)));
  EXPECT_TRUE(gate_done_before_probe.load());
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 8));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(waiter)));
}

TEST_F(RuntimeEvent, WaitingOnANeverRecordedEventReturnsAtOnce) {
  test::RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));  // would block forever otherwise
  test::DeviceBuffer a(64);
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(session.stream(), event)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 2, 64, session.stream())));
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 2));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST_F(RuntimeEvent, WaitTargetsTheRecordCurrentAtTheTimeOfTheWait) {
  test::RuntimeSession session;
  aclrtStream idle = nullptr, waiter = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&idle)));
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&waiter)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  std::shared_ptr<aclnn_host::Event> internal;
  ASSERT_EQ(aclnn_host::Runtime::Get().FindEvent("test", event, &internal), ACL_SUCCESS);

  test::StreamGate gate(session.stream());
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));  // record 1: behind the gate
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(waiter, event)));        // waits for record 1
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, idle)));              // record 2: completes at once
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(idle)));

  // The latest record is complete, but that must not complete the earlier one still queued.
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_TRUE(internal->IsComplete(2));
  EXPECT_FALSE(internal->IsComplete(1));
  EXPECT_EQ(QueryStream(waiter), ACL_STREAM_STATUS_NOT_READY);

  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(waiter)));
  EXPECT_TRUE(internal->IsComplete(1));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(idle)));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(waiter)));
}

TEST_F(RuntimeEvent, ReRecordingOnOneStreamTracksTheLatestRecord) {
  test::RuntimeSession session;
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  test::StreamGate gate(session.stream());
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_NOT_READY);  // the new record is pending
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeEvent(event)));
  EXPECT_EQ(QueryEvent(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
}

TEST_F(RuntimeEvent, DestroyingAWaitedEventDoesNotBreakTheWait) {
  test::RuntimeSession session;
  aclrtStream waiter = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&waiter)));
  aclrtEvent event = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateEvent(&event)));
  test::DeviceBuffer a(64);
  ASSERT_TRUE(Succeeds(aclrtMemset(a.get(), 64, 0, 64)));
  test::StreamGate gate(session.stream());
  ASSERT_TRUE(Succeeds(aclrtRecordEvent(event, session.stream())));
  ASSERT_TRUE(Succeeds(aclrtStreamWaitEvent(waiter, event)));
  ASSERT_TRUE(Succeeds(aclrtMemsetAsync(a.get(), 64, 1, 64, waiter)));
  EXPECT_TRUE(Succeeds(aclrtDestroyEvent(event)));
  EXPECT_EQ(QueryStream(waiter), ACL_STREAM_STATUS_NOT_READY);
  gate.Release();
  EXPECT_TRUE(Succeeds(aclrtSynchronizeStream(waiter)));
  EXPECT_EQ(Bytes(a.get(), 64), std::vector<uint8_t>(64, 1));
  EXPECT_TRUE(Succeeds(aclrtDestroyStream(waiter)));
}

// ---- Run mode, overflow (saturation) mode, version ---------------------------------------------

using RuntimeMode = RuntimeTest;

TEST_F(RuntimeMode, RunModeIsHost) {
  aclrtRunMode mode = ACL_DEVICE;
  EXPECT_TRUE(Succeeds(aclrtGetRunMode(&mode)));
  EXPECT_EQ(mode, ACL_HOST);
  EXPECT_TRUE(FailsWith(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode", {"runMode"}));
}

TEST_F(RuntimeMode, VersionIsReported) {
  int32_t major = -1, minor = -1, patch = -1;
  EXPECT_TRUE(Succeeds(aclrtGetVersion(&major, &minor, &patch)));
  EXPECT_EQ(major, ACL_MAJOR_VERSION);
  EXPECT_EQ(minor, ACL_MINOR_VERSION);
  EXPECT_EQ(patch, ACL_PATCH_VERSION);
  EXPECT_TRUE(FailsWith(aclrtGetVersion(nullptr, &minor, &patch), ACL_ERROR_INVALID_PARAM, "aclrtGetVersion"));
}

TEST_F(RuntimeMode, InfNanByDefaultOnAscend910B3AndSwitchable) {
  test::RuntimeSession session("Ascend910B3");
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
  EXPECT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_SATURATION);
  EXPECT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN)));
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
}

TEST_F(RuntimeMode, SaturationOnlyOnAscend910A) {
  test::RuntimeSession session("Ascend910A");
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_SATURATION);
  EXPECT_TRUE(FailsWith(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtSetDeviceSatMode", {"Ascend910A", "saturation"}));
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_SATURATION);
  EXPECT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
}

TEST_F(RuntimeMode, InfNanByDefaultOnAscend950PR) {
  test::RuntimeSession session("Ascend950PR");
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
}

TEST_F(RuntimeMode, InvalidOverflowModeIsInvalidParam) {
  test::RuntimeSession session;
  for (int value : {2, 99, -1}) {
    EXPECT_TRUE(FailsWith(aclrtSetDeviceSatMode(static_cast<aclrtFloatOverflowMode>(value)), ACL_ERROR_INVALID_PARAM,
                          "aclrtSetDeviceSatMode", {"overflow mode"}))
        << value;
  }
  EXPECT_TRUE(FailsWith(aclrtGetDeviceSatMode(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceSatMode", {"mode"}));
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);  // unchanged by the rejected calls
}

TEST_F(RuntimeMode, OverflowModeResetsWithTheDevice) {
  EXPECT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION)));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
  EXPECT_TRUE(Succeeds(aclrtGetDeviceSatMode(&mode)));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
}

// ---- aclGetRecentErrMsg ------------------------------------------------------------------------

using RuntimeErrorMessage = RuntimeTest;

TEST_F(RuntimeErrorMessage, NullWhenThereIsNoError) {
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  aclrtRunMode mode;
  EXPECT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST_F(RuntimeErrorMessage, AccumulatesFailuresInOrderAndClearsOnRead) {
  test::RuntimeSession session;
  EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(reinterpret_cast<void*>(uintptr_t{64})), ACL_ERROR_RT_MEMORY_FREE);
  const char* text = aclGetRecentErrMsg();
  ASSERT_NE(text, nullptr);
  const std::string message(text);
  // CANN's envelope (tagged in test processes): the first error heads it, the second follows the
  // TraceBack line.
  EXPECT_EQ(message.rfind("[PID: ", 0), 0u) << message;
  const size_t head = message.find(" Invalid_Argument(EE1001): [aclrtMalloc] devPtr is nullptr. (error 100000)\n");
  ASSERT_NE(head, std::string::npos) << message;
  EXPECT_EQ(message.substr(message.find('\n', head)),
            "\nTraceBack (most recent call last):\n        [aclrtFree] 0x40 is not the start of a live aclrtMalloc "
            "allocation. (error 207002)\n")
      << message;
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);  // cleared by the read
}

TEST_F(RuntimeErrorMessage, LineFormatNamesApiCategoryAndCode) {
  test::RuntimeSession session;
  EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(test::TakeErrorMessage(), "[aclrtMalloc] Invalid_Argument(EE1001): devPtr is nullptr. (error 100000)");
}

TEST_F(RuntimeErrorMessage, IsPerThread) {
  test::RuntimeSession session;
  EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);  // an error on this thread, left unread
  std::string worker_before, worker_after;
  std::thread worker([&] {
    worker_before = test::TakeErrorMessage();
    EXPECT_EQ(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM);
    worker_after = test::TakeErrorMessage();
  });
  worker.join();
  EXPECT_EQ(worker_before, "");  // this thread's error did not show on the worker
  EXPECT_NE(worker_after.find("[aclrtGetDeviceCount]"), std::string::npos) << worker_after;
  const std::string mine = test::TakeErrorMessage();
  EXPECT_NE(mine.find("[aclrtFree]"), std::string::npos) << mine;
  EXPECT_EQ(mine.find("aclrtGetDeviceCount"), std::string::npos) << mine;  // the worker's did not show here
}

// ---- aclDataTypeSize and fp16 conversion -------------------------------------------------------

using RuntimeDataType = RuntimeTest;

TEST_F(RuntimeDataType, SizeOfEveryListedType) {
  struct Case {
    aclDataType type;
    size_t size;
  };
  const Case cases[] = {
      {ACL_DT_UNDEFINED, 0}, {ACL_STRING, 0},      {ACL_BOOL, 1},          {ACL_INT8, 1},        {ACL_UINT8, 1},
      {ACL_HIFLOAT8, 1},     {ACL_FLOAT8_E5M2, 1}, {ACL_FLOAT8_E4M3FN, 1}, {ACL_FLOAT8_E8M0, 1}, {ACL_UINT1, 1},
      {ACL_INT4, 1},         {ACL_FLOAT16, 2},     {ACL_INT16, 2},         {ACL_UINT16, 2},      {ACL_BF16, 2},
      {ACL_FLOAT, 4},        {ACL_INT32, 4},       {ACL_UINT32, 4},        {ACL_COMPLEX32, 4},   {ACL_INT64, 8},
      {ACL_UINT64, 8},       {ACL_DOUBLE, 8},      {ACL_COMPLEX64, 8},     {ACL_COMPLEX128, 16},
  };
  for (const Case& c : cases) EXPECT_EQ(aclDataTypeSize(c.type), c.size) << "dtype " << c.type;
  // Values that name no type.
  for (int value : {5, 14, 15, 18, 26, 28, 31, 32, 42, 1000}) {
    EXPECT_EQ(aclDataTypeSize(static_cast<aclDataType>(value)), 0u) << value;
  }
}

float FloatFromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

TEST_F(RuntimeDataType, FloatToFloat16RoundsToNearestEven) {
  EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3C00);
  EXPECT_EQ(aclFloatToFloat16(-2.0f), 0xC000);
  EXPECT_EQ(aclFloatToFloat16(0.0f), 0x0000);
  EXPECT_EQ(aclFloatToFloat16(-0.0f), 0x8000);
  EXPECT_EQ(aclFloatToFloat16(65504.0f), 0x7BFF);  // the largest finite half
  EXPECT_EQ(aclFloatToFloat16(65519.0f), 0x7BFF);  // just below the rounding boundary
  EXPECT_EQ(aclFloatToFloat16(65520.0f), 0x7C00);  // rounds to infinity
  EXPECT_EQ(aclFloatToFloat16(-65520.0f), 0xFC00);
  EXPECT_EQ(aclFloatToFloat16(1e10f), 0x7C00);
  EXPECT_EQ(aclFloatToFloat16(INFINITY), 0x7C00);
  EXPECT_EQ(aclFloatToFloat16(-INFINITY), 0xFC00);
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -24)), 0x0001);  // the smallest subnormal
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -25)), 0x0000);  // the tie rounds to even (zero)
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -14)), 0x0400);             // the smallest normal
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(1.0f, -11)), 0x3C00);      // tie to even: down
  EXPECT_EQ(aclFloatToFloat16(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);  // tie to even: up
  const uint16_t nan = aclFloatToFloat16(NAN);
  EXPECT_EQ(nan & 0x7C00, 0x7C00);
  EXPECT_NE(nan & 0x03FF, 0);                                                  // still a NaN, not infinity
  const uint16_t payload_nan = aclFloatToFloat16(FloatFromBits(0x7F800001u));  // payload only in low bits
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(payload_nan)));
}

TEST_F(RuntimeDataType, Float16ToFloatIsExact) {
  EXPECT_EQ(aclFloat16ToFloat(0x3C00), 1.0f);
  EXPECT_EQ(aclFloat16ToFloat(0xC000), -2.0f);
  EXPECT_EQ(aclFloat16ToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(aclFloat16ToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(aclFloat16ToFloat(0x03FF), std::ldexp(1023.0f, -24));
  EXPECT_EQ(aclFloat16ToFloat(0x0400), std::ldexp(1.0f, -14));
  EXPECT_EQ(aclFloat16ToFloat(0x7C00), INFINITY);
  EXPECT_EQ(aclFloat16ToFloat(0xFC00), -INFINITY);
  EXPECT_TRUE(std::signbit(aclFloat16ToFloat(0x8000)));
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(0x7E00)));
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(0xFC01)));
}

TEST_F(RuntimeDataType, EveryHalfRoundTrips) {
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const aclFloat16 half = static_cast<aclFloat16>(bits);
    const float wide = aclFloat16ToFloat(half);
    if (std::isnan(wide)) {
      EXPECT_TRUE(std::isnan(aclFloat16ToFloat(aclFloatToFloat16(wide)))) << std::hex << bits;
    } else {
      EXPECT_EQ(aclFloatToFloat16(wide), half) << std::hex << bits;
    }
  }
}

// ---- The host thread pool (internal) -----------------------------------------------------------

using RuntimeThreadPool = RuntimeTest;

TEST_F(RuntimeThreadPool, ParallelForRunsEveryIndexOnce) {
  aclnn_host::ThreadPool pool(4);
  EXPECT_EQ(pool.concurrency(), 4u);
  for (size_t count : {size_t{0}, size_t{1}, size_t{3}, size_t{4}, size_t{1000}}) {
    std::vector<std::atomic<int>> hits(count);
    pool.ParallelFor(count, [&](size_t i) { hits[i].fetch_add(1); });
    for (size_t i = 0; i < count; ++i) EXPECT_EQ(hits[i].load(), 1) << "count " << count << " index " << i;
  }
}

TEST_F(RuntimeThreadPool, SingleThreadPoolRunsOnTheCaller) {
  aclnn_host::ThreadPool pool(1);
  EXPECT_EQ(pool.concurrency(), 1u);
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  pool.ParallelFor(100, [&](size_t) {
    if (std::this_thread::get_id() != caller) elsewhere.fetch_add(1);
  });
  EXPECT_EQ(elsewhere.load(), 0);
}

TEST_F(RuntimeThreadPool, NestedAndConcurrentCallsComplete) {
  aclnn_host::ThreadPool pool(3);
  std::atomic<int> total{0};
  // A ParallelFor inside a ParallelFor finds the pool busy and runs inline.
  pool.ParallelFor(8, [&](size_t) { pool.ParallelFor(8, [&](size_t) { total.fetch_add(1); }); });
  EXPECT_EQ(total.load(), 64);
  // Two threads launching at once (two streams) both finish.
  total = 0;
  std::thread a([&] {
    for (int r = 0; r < 50; ++r) pool.ParallelFor(20, [&](size_t) { total.fetch_add(1); });
  });
  std::thread b([&] {
    for (int r = 0; r < 50; ++r) pool.ParallelFor(20, [&](size_t) { total.fetch_add(1); });
  });
  a.join();
  b.join();
  EXPECT_EQ(total.load(), 2 * 50 * 20);
}

// The process-wide pool is created once, on first use; nothing else in this binary uses it, so
// the variable set here is the one it reads (each TEST also runs in its own process under ctest).
TEST_F(RuntimeThreadPool, HostPoolHonoursNumThreads) {
  setenv("ACLNN_HOST_NUM_THREADS", "3", 1);
  aclnn_host::ThreadPool& pool = aclnn_host::HostThreadPool();
  unsetenv("ACLNN_HOST_NUM_THREADS");
  EXPECT_EQ(pool.concurrency(), 3u);
  EXPECT_EQ(&aclnn_host::HostThreadPool(), &pool);
  std::atomic<int> count{0};
  pool.ParallelFor(10, [&](size_t) { count.fetch_add(1); });
  EXPECT_EQ(count.load(), 10);
}

TEST_F(RuntimeThreadPool, AnExceptionOnAWorkerReachesTheCaller) {
  aclnn_host::ThreadPool pool(4);
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> worker_ran{false};
  // The caller's item waits until a worker has run one, so a worker is sure to throw.
  EXPECT_THROW(pool.ParallelFor(64,
                                [&](size_t) {
                                  if (std::this_thread::get_id() == caller) {
                                    while (!worker_ran.load()) std::this_thread::yield();
                                    return;
                                  }
                                  worker_ran = true;
                                  throw std::runtime_error("worker task failed");
                                }),
               std::runtime_error);
  std::atomic<int> count{0};
  pool.ParallelFor(100, [&](size_t) { count.fetch_add(1); });  // the pool is still usable
  EXPECT_EQ(count.load(), 100);
}

TEST_F(RuntimeThreadPool, AnExceptionOnTheCallerWaitsForTheWorkers) {
  aclnn_host::ThreadPool pool(4);
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> caller_threw{false};
  std::atomic<int> running{0};
  std::atomic<bool> caller_ran{false};
  EXPECT_THROW(pool.ParallelFor(64,
                                [&](size_t) {
                                  if (std::this_thread::get_id() == caller && !caller_ran.exchange(true)) {
                                    caller_threw = true;
                                    throw std::runtime_error("caller task failed");
                                  }
                                  running.fetch_add(1);
                                  while (!caller_threw.load()) std::this_thread::yield();
                                  for (int i = 0; i < 1000; ++i) std::this_thread::yield();
                                  running.fetch_sub(1);
                                }),
               std::runtime_error);
  EXPECT_EQ(running.load(), 0);  // no item of the failed call is still running
  std::atomic<int> count{0};
  pool.ParallelFor(100, [&](size_t) { count.fetch_add(1); });
  EXPECT_EQ(count.load(), 100);
}

}  // namespace
