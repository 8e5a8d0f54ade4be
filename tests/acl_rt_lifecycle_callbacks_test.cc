// Lifecycle callbacks: aclInit/aclFinalize callbacks (aclInitCallbackRegister...), device and
// stream state callbacks (aclrtRegDeviceStateCallback, aclrtRegStreamStateCallback) and a model's
// destroy callbacks (aclmdlRIDestroyRegisterCallback). Registrations are process-wide and outlive
// aclFinalize, so every test removes what it registers.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;
using test::TakeErrorMessage;

// What the callbacks saw, in order.
struct Journal {
  std::mutex mutex;
  std::vector<std::string> lines;
  void Add(std::string line) {
    std::lock_guard<std::mutex> lock(mutex);
    lines.push_back(std::move(line));
  }
  std::vector<std::string> Take() {
    std::lock_guard<std::mutex> lock(mutex);
    return std::move(lines);
  }
};
Journal journal;

aclError InitModel(const char* config, size_t length, void* tag) {
  journal.Add(std::string("init model ") + static_cast<const char*>(tag) + " " + std::string(config, length));
  return ACL_SUCCESS;
}
aclError InitExecutor(const char*, size_t length, void*) {
  journal.Add("init executor " + std::to_string(length));
  return ACL_SUCCESS;
}
aclError InitDvpp(const char*, size_t, void*) {
  journal.Add("init dvpp");
  return ACL_SUCCESS;
}
aclError InitOther(const char*, size_t, void* tag) {
  journal.Add(std::string("init other ") + static_cast<const char*>(tag));
  return ACL_SUCCESS;
}
aclError InitFails(const char*, size_t, void*) {
  journal.Add("init fails");
  return 145000;  // any code: aclInit returns it
}
aclError FinalizeModel(void*) {
  journal.Add("finalize model");
  return ACL_SUCCESS;
}
aclError FinalizeCompiler(void*) {
  journal.Add("finalize compiler");
  return ACL_SUCCESS;
}
aclError FinalizeOther(void* tag) {
  journal.Add(std::string("finalize other ") + static_cast<const char*>(tag));
  return ACL_SUCCESS;
}
aclError FinalizeFails(void*) {
  journal.Add("finalize fails");
  return 145001;
}

char kFirst[] = "first";
char kSecond[] = "second";

TEST(AclLifecycleCallbacks, InitCallbacksRunInCannsTypeOrderWithTheConfigFileContents) {
  const std::string path = ::testing::TempDir() + "/lifecycle_config.json";
  const std::string contents = "{\"dump\": {}}";
  std::ofstream(path) << contents;
  // Registered out of order: aclInit runs MODEL, OP_EXECUTOR, DVPP, OTHER (OTHER in registration order).
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, InitOther, kFirst)));
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_DVPP, InitDvpp, nullptr)));
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, InitOther, kSecond)));
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_OP_EXECUTOR, InitExecutor, nullptr)));
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, InitModel, kFirst)));
  ASSERT_TRUE(Succeeds(aclInit(path.c_str())));
  EXPECT_EQ(journal.Take(), (std::vector<std::string>{"init model first " + contents,
                                                      "init executor " + std::to_string(contents.size()), "init dvpp",
                                                      "init other first", "init other second"}));
  ASSERT_TRUE(Succeeds(aclFinalize()));

  // Without a config path the OP_EXECUTOR callback does not run, and the others get "" and 0.
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_EQ(journal.Take(),
            (std::vector<std::string>{"init model first ", "init dvpp", "init other first", "init other second"}));
  ASSERT_TRUE(Succeeds(aclFinalize()));

  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, InitOther)));  // one of the two
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, InitOther)));
  EXPECT_TRUE(FailsWith(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, InitOther), ACL_ERROR_INTERNAL_ERROR,
                        "aclInitCallbackUnRegister", {"no callback"}));
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_DVPP, InitDvpp)));
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_OP_EXECUTOR, InitExecutor)));
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, InitModel)));
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  EXPECT_TRUE(journal.Take().empty());
  aclFinalize();
  std::remove(path.c_str());
}

TEST(AclLifecycleCallbacks, OneCallbackPerTypeExceptOtherAndNullIsRejected) {
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, InitModel, kFirst)));
  EXPECT_TRUE(FailsWith(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, InitDvpp, nullptr), ACL_ERROR_INTERNAL_ERROR,
                        "aclInitCallbackRegister", {"already registered"}));
  EXPECT_TRUE(FailsWith(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, nullptr, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclInitCallbackRegister", {"cbFunc"}));
  EXPECT_TRUE(FailsWith(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_DVPP, InitModel), ACL_ERROR_INTERNAL_ERROR,
                        "aclInitCallbackUnRegister"));
  EXPECT_TRUE(FailsWith(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, nullptr, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclFinalizeCallbackRegister", {"cbFunc"}));
  EXPECT_TRUE(FailsWith(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclFinalizeCallbackUnRegister", {"cbFunc"}));
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, InitModel)));
}

TEST(AclLifecycleCallbacks, AnInitCallbackRegisteredAfterAclInitRunsAtOnce) {
  const std::string path = ::testing::TempDir() + "/lifecycle_late.json";
  std::ofstream(path) << "{}";
  ASSERT_TRUE(Succeeds(aclInit(path.c_str())));
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, InitModel, kSecond)));
  EXPECT_EQ(journal.Take(), std::vector<std::string>{"init model second {}"});
  // Its failure is ignored there, as in CANN.
  EXPECT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, InitFails, nullptr)));
  EXPECT_EQ(journal.Take(), std::vector<std::string>{"init fails"});
  ASSERT_TRUE(Succeeds(aclFinalize()));
  // After aclFinalize, a registration waits for the next aclInit.
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, InitModel)));
  EXPECT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, InitModel, kSecond)));
  EXPECT_TRUE(journal.Take().empty());
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, InitModel)));
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, InitFails)));
  std::remove(path.c_str());
}

TEST(AclLifecycleCallbacks, AFailingInitCallbackFailsAclInitAndLeavesTheRuntimeUninitialised) {
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, InitFails, nullptr)));
  ASSERT_TRUE(Succeeds(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, InitOther, kFirst)));
  EXPECT_TRUE(FailsWith(aclInit(nullptr), 145000, "aclInit", {"init callback"}));
  EXPECT_EQ(journal.Take(), std::vector<std::string>{"init fails"});  // the ones after it do not run
  EXPECT_TRUE(FailsWith(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice"));
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, InitFails)));
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));  // a second aclInit is a fresh start
  EXPECT_EQ(journal.Take(), std::vector<std::string>{"init other first"});
  EXPECT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtResetDevice(0);
  aclFinalize();
  EXPECT_TRUE(Succeeds(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, InitOther)));
}

TEST(AclLifecycleCallbacks, FinalizeCallbacksRunBeforeTeardownAndAFailureKeepsTheRuntime) {
  ASSERT_TRUE(Succeeds(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, FinalizeOther, kFirst)));
  ASSERT_TRUE(Succeeds(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, FinalizeModel, nullptr)));
  ASSERT_TRUE(Succeeds(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_OP_COMPILER, FinalizeCompiler, nullptr)));
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  ASSERT_TRUE(Succeeds(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_DVPP, FinalizeFails, nullptr)));
  EXPECT_TRUE(FailsWith(aclFinalize(), 145001, "aclFinalize", {"stays initialised"}));
  EXPECT_EQ(journal.Take(), (std::vector<std::string>{"finalize compiler", "finalize model", "finalize fails"}));
  int32_t device = -1;
  EXPECT_TRUE(Succeeds(aclrtGetDevice(&device)));  // still initialised, device still set
  EXPECT_TRUE(Succeeds(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_DVPP, FinalizeFails)));

  // aclFinalizeReference runs them at the last reference only.
  EXPECT_TRUE(FailsWith(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit"));
  uint64_t references = 99;
  EXPECT_TRUE(Succeeds(aclFinalizeReference(&references)));
  EXPECT_EQ(references, 1u);
  EXPECT_TRUE(journal.Take().empty());
  EXPECT_TRUE(Succeeds(aclFinalizeReference(&references)));
  EXPECT_EQ(references, 0u);
  EXPECT_EQ(journal.Take(), (std::vector<std::string>{"finalize compiler", "finalize model", "finalize other first"}));
  EXPECT_TRUE(FailsWith(aclrtGetDevice(&device), ACL_ERROR_UNINITIALIZE, "aclrtGetDevice"));
  EXPECT_TRUE(Succeeds(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, FinalizeOther)));
  EXPECT_TRUE(Succeeds(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, FinalizeModel)));
  EXPECT_TRUE(Succeeds(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_ACL_OP_COMPILER, FinalizeCompiler)));
}

void OnDevice(int32_t device, aclrtDeviceState state, void* tag) {
  static const char* const kStates[] = {"set-pre", "set-post", "reset-pre", "reset-post"};
  journal.Add(std::string(static_cast<const char*>(tag)) + " device " + std::to_string(device) + " " +
              kStates[static_cast<int>(state)]);
}

// Records the stream's state; `tag` points at the vector of known handles to name them by index.
void OnStream(aclrtStream stream, aclrtStreamState state, void* tag) {
  auto* handles = static_cast<std::vector<aclrtStream>*>(tag);
  size_t index = 0;
  while (index < handles->size() && (*handles)[index] != stream) ++index;
  if (index == handles->size()) handles->push_back(stream);
  journal.Add("stream " + std::to_string(index) +
              (state == ACL_RT_STREAM_STATE_CREATE_POST ? " create-post" : " destroy-pre"));
}

class AclStateCallbacks : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << TakeErrorMessage();
    journal.Take();
  }
  void TearDown() override {
    aclrtRegDeviceStateCallback("b", nullptr, nullptr);
    aclrtRegDeviceStateCallback("a", nullptr, nullptr);
    aclrtRegStreamStateCallback("s", nullptr, nullptr);
    aclFinalize();
    unsetenv("ACLNN_HOST_DEVICE_COUNT");
    TakeErrorMessage();
    journal.Take();
  }
};

TEST_F(AclStateCallbacks, DeviceCallbacksSeeFirstSetEverySetAndTheLastReset) {
  // Registered "b" then "a": called in name order.
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("b", OnDevice, kSecond)));
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("a", OnDevice, kFirst)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));
  ASSERT_TRUE(Succeeds(aclrtResetDevice(1)));  // not the last reference: no reset states
  ASSERT_TRUE(Succeeds(aclrtResetDevice(1)));
  EXPECT_EQ(journal.Take(),
            (std::vector<std::string>{"first device 1 set-pre", "second device 1 set-pre", "first device 1 set-post",
                                      "second device 1 set-post", "first device 1 set-post", "second device 1 set-post",
                                      "first device 1 reset-pre", "second device 1 reset-pre",
                                      "first device 1 reset-post", "second device 1 reset-post"}));
  // Forced reset: the states of the last reference, once.
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("b", nullptr, nullptr)));  // unregistered
  journal.Take();
  ASSERT_TRUE(Succeeds(aclrtResetDeviceForce(0)));
  EXPECT_EQ(journal.Take(), (std::vector<std::string>{"first device 0 reset-pre", "first device 0 reset-post"}));
  // A bad device id fires nothing.
  EXPECT_TRUE(FailsWith(aclrtSetDevice(7), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice"));
  EXPECT_TRUE(journal.Take().empty());
}

TEST_F(AclStateCallbacks, NamesAreUniqueAndNullUnregisters) {
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("a", OnDevice, kFirst)));
  EXPECT_TRUE(FailsWith(aclrtRegDeviceStateCallback("a", OnDevice, kSecond), ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtRegDeviceStateCallback", {"\"a\"", "already registered"}));
  EXPECT_TRUE(FailsWith(aclrtRegDeviceStateCallback(nullptr, OnDevice, kFirst), ACL_ERROR_INVALID_PARAM,
                        "aclrtRegDeviceStateCallback", {"regName"}));
  EXPECT_TRUE(Succeeds(aclrtRegDeviceStateCallback("unknown", nullptr, nullptr)));  // no error
  EXPECT_TRUE(FailsWith(aclrtRegStreamStateCallback(nullptr, OnStream, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtRegStreamStateCallback", {"regName"}));
  EXPECT_TRUE(Succeeds(aclrtRegDeviceStateCallback("a", nullptr, nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  EXPECT_TRUE(journal.Take().empty());
  aclrtResetDevice(0);
}

TEST_F(AclStateCallbacks, StreamCallbacksSeeCreationAndDestructionOfEveryStream) {
  std::vector<aclrtStream> handles;
  ASSERT_TRUE(Succeeds(aclrtRegStreamStateCallback("s", OnStream, &handles)));
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("a", OnDevice, kFirst)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));  // the primary context's default stream: stream 0
  aclrtStream default_stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCtxGetCurrentDefaultStream(&default_stream)));
  ASSERT_EQ(handles.size(), 1u);
  EXPECT_EQ(handles[0], default_stream);  // the handle aclrtCtxGetCurrentDefaultStream gives
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));  // stream 1
  ASSERT_EQ(handles.size(), 2u);
  EXPECT_EQ(handles[1], stream);
  aclrtStream kept = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStreamWithConfig(&kept, 0, ACL_STREAM_FAST_LAUNCH)));  // stream 2
  ASSERT_TRUE(Succeeds(aclrtDestroyStream(stream)));
  // The last reset: every remaining stream's DESTROY_PRE, then the device's reset states.
  ASSERT_TRUE(Succeeds(aclrtResetDevice(0)));
  EXPECT_EQ(journal.Take(),
            (std::vector<std::string>{"first device 0 set-pre", "stream 0 create-post", "first device 0 set-post",
                                      "stream 1 create-post", "stream 2 create-post", "stream 1 destroy-pre",
                                      "stream 0 destroy-pre", "stream 2 destroy-pre", "first device 0 reset-pre",
                                      "first device 0 reset-post"}));

  // An explicit context: its default stream comes and goes with it.
  handles.clear();
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("a", nullptr, nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(1)));  // stream 0
  aclrtContext context = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateContext(&context, 1)));  // stream 1
  ASSERT_TRUE(Succeeds(aclrtCtxGetCurrentDefaultStream(&default_stream)));
  ASSERT_EQ(handles.size(), 2u);
  EXPECT_EQ(handles[1], default_stream);
  ASSERT_TRUE(Succeeds(aclrtDestroyContext(context)));
  EXPECT_EQ(journal.Take(),
            (std::vector<std::string>{"stream 0 create-post", "stream 1 create-post", "stream 1 destroy-pre"}));
  aclrtResetDevice(1);
}

TEST_F(AclStateCallbacks, ACallbackMayCallAscendClAndEveryThreadCallsItsOwn) {
  // A device callback that queries the runtime (no lock is held while it runs).
  static std::atomic<uint32_t> devices_seen{0};
  auto query = [](int32_t, aclrtDeviceState state, void*) {
    uint32_t count = 0;  // callbacks of several threads run at once
    if (state == ACL_RT_DEVICE_STATE_SET_POST && aclrtGetDeviceCount(&count) == ACL_SUCCESS) devices_seen = count;
  };
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("a", query, nullptr)));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([] {
      for (int i = 0; i < 20; ++i) {
        EXPECT_EQ(aclrtSetDevice(i % 2), ACL_SUCCESS);
        EXPECT_EQ(aclrtResetDevice(i % 2), ACL_SUCCESS);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(devices_seen.load(), 2u);
}

void OnModelDestroyed(void* tag) { journal.Add(std::string("destroyed ") + static_cast<const char*>(tag)); }
void OnModelDestroyedToo(void* tag) { journal.Add(std::string("destroyed too ") + static_cast<const char*>(tag)); }

aclmdlRI CaptureAMemset(aclrtStream stream, void* memory) {
  EXPECT_TRUE(Succeeds(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)));
  EXPECT_TRUE(Succeeds(aclrtMemsetAsync(memory, 64, 0, 64, stream)));
  aclmdlRI model = nullptr;
  EXPECT_TRUE(Succeeds(aclmdlRICaptureEnd(stream, &model)));
  return model;
}

TEST(AclModelDestroyCallbacks, RunOnceWhenTheModelGoesAndAreKeyedByFunction) {
  test::RuntimeSession session;
  test::DeviceBuffer memory(64);
  aclmdlRI model = CaptureAMemset(session.stream(), memory.get());
  ASSERT_NE(model, nullptr);
  ASSERT_TRUE(Succeeds(aclmdlRIDestroyRegisterCallback(model, OnModelDestroyed, kFirst)));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroyRegisterCallback(model, OnModelDestroyed, kSecond), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIDestroyRegisterCallback", {"already"}));
  ASSERT_TRUE(Succeeds(aclmdlRIDestroyRegisterCallback(model, OnModelDestroyedToo, kSecond)));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroyRegisterCallback(model, nullptr, kSecond), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIDestroyRegisterCallback", {"func"}));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroyRegisterCallback(nullptr, OnModelDestroyed, kSecond), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIDestroyRegisterCallback", {"modelRI"}));
  EXPECT_TRUE(Succeeds(aclmdlRIDestroyUnregisterCallback(model, OnModelDestroyedToo)));
  EXPECT_TRUE(FailsWith(aclmdlRIDestroyUnregisterCallback(model, OnModelDestroyedToo), ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIDestroyUnregisterCallback", {"not registered"}));
  EXPECT_TRUE(journal.Take().empty());
  ASSERT_TRUE(Succeeds(aclmdlRIDestroy(model)));
  EXPECT_EQ(journal.Take(), std::vector<std::string>{"destroyed first"});
  EXPECT_TRUE(FailsWith(aclmdlRIDestroyRegisterCallback(model, OnModelDestroyed, kFirst), ACL_ERROR_RT_INVALID_HANDLE,
                        "aclmdlRIDestroyRegisterCallback", {"not a live model"}));

  // A model never destroyed goes at aclFinalize, with its callbacks.
  aclmdlRI kept = CaptureAMemset(session.stream(), memory.get());
  ASSERT_TRUE(Succeeds(aclmdlRIDestroyRegisterCallback(kept, OnModelDestroyedToo, kSecond)));
  ASSERT_TRUE(Succeeds(aclrtSynchronizeStream(session.stream())));
  aclrtDestroyStream(session.stream());
  aclrtResetDevice(0);
  EXPECT_TRUE(journal.Take().empty());
  aclFinalize();
  EXPECT_EQ(journal.Take(), std::vector<std::string>{"destroyed too second"});
}

}  // namespace

namespace {

// Regression (review of stop 30): a reset that drains a stream whose queued host function sets a
// device must not deadlock (no runtime lock is held while streams drain or callbacks run).
TEST(AclLifecycleCallbacks, AResetDrainsWorkThatSetsADevice) {
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(
      stream,
      [](void*) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        aclrtSetDevice(0);  // a reference the reset below does not drop: the device stays
      },
      nullptr)));
  EXPECT_TRUE(Succeeds(aclrtResetDevice(0)));
  aclFinalize();
  TakeErrorMessage();
}

// Regression: two last-reference finalisations at once run the finalize callbacks once, and one of
// them reports the repeat.
std::atomic<int> slow_finalizes{0};
aclError SlowFinalize(void*) {
  slow_finalizes++;
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  return ACL_SUCCESS;
}

TEST(AclLifecycleCallbacks, ConcurrentLastFinalisationsRunTheCallbacksOnce) {
  ASSERT_TRUE(Succeeds(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, SlowFinalize, nullptr)));
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  std::atomic<int> successes{0}, repeats{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&] {
      uint64_t references = 0;
      const aclError status = aclFinalizeReference(&references);
      if (status == ACL_SUCCESS) successes++;
      if (status == ACL_ERROR_REPEAT_FINALIZE) repeats++;
      TakeErrorMessage();
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(successes.load(), 1);
  EXPECT_EQ(repeats.load(), 1);
  EXPECT_EQ(slow_finalizes.load(), 1);
  EXPECT_TRUE(Succeeds(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, SlowFinalize)));
}

// Regression: a stream task that calls aclInit while aclFinalize drains its stream is refused
// instead of waiting for the finalising thread, which waits for it.
std::atomic<int> init_from_task{-1};

TEST(AclLifecycleCallbacks, AclInitFromATaskDuringAclFinalizeIsRefusedNotDeadlocked) {
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(
      stream,
      [](void*) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));  // aclFinalize is draining by now
        init_from_task = aclInit(nullptr);
      },
      nullptr)));
  EXPECT_TRUE(Succeeds(aclFinalize()));
  EXPECT_EQ(init_from_task.load(), ACL_ERROR_REPEAT_INITIALIZE);
  TakeErrorMessage();
}

// Regression: an aclrtSetDevice on another thread during a last reset's drain waits for the reset,
// so a tracker sees RESET_POST before the new SET_PRE.
TEST(AclLifecycleCallbacks, ASetDeviceDuringALastResetComesAfterIt) {
  ASSERT_TRUE(Succeeds(aclInit(nullptr)));
  journal.Take();
  ASSERT_TRUE(Succeeds(aclrtRegDeviceStateCallback("order", OnDevice, kFirst)));
  ASSERT_TRUE(Succeeds(aclrtSetDevice(0)));
  aclrtStream stream = nullptr;
  ASSERT_TRUE(Succeeds(aclrtCreateStream(&stream)));
  ASSERT_TRUE(Succeeds(aclrtLaunchHostFunc(
      stream, [](void*) { std::this_thread::sleep_for(std::chrono::milliseconds(300)); }, nullptr)));
  std::thread resetter([] { EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the reset is draining
  std::thread setter([] {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtResetDevice(0);
  });
  resetter.join();
  setter.join();
  EXPECT_EQ(journal.Take(),
            (std::vector<std::string>{"first device 0 set-pre", "first device 0 set-post", "first device 0 reset-pre",
                                      "first device 0 reset-post", "first device 0 set-pre", "first device 0 set-post",
                                      "first device 0 reset-pre", "first device 0 reset-post"}));
  EXPECT_TRUE(Succeeds(aclrtRegDeviceStateCallback("order", nullptr, nullptr)));
  aclFinalize();
  TakeErrorMessage();
}

}  // namespace
