// aclrtValueWrite and aclrtValueWait: 64-bit words of device memory written and waited for by
// stream tasks, so that streams (and the host) can signal each other through memory. Facts from
// hicann/runtime (docs/zh/api_ref/11-09, src/runtime/api/impl/api_error.cc, the STARS condition
// ISA helper); docs/api-coverage.md lists the decisions.
#include <chrono>
#include <cstdint>
#include <memory>
#include <thread>

#include "acl/acl.h"
#include "runtime/capture.h"
#include "runtime/context.h"
#include "runtime/error_log.h"
#include "runtime/guard.h"
#include "runtime/memory.h"
#include "runtime/soc_profile.h"
#include "runtime/stream.h"

using aclnn_host::Fail;
using aclnn_host::Runtime;

namespace {

template <typename Body>
aclError Run(const char* api, Body&& body) {
  return aclnn_host::RuntimeGuard(api, body);
}

// Whether the waited-for condition holds. GEQ is the STARS instruction's signed comparison
// (the docs' "(int64_t)(*devAddr - value) >= 0" differs only where the subtraction overflows).
bool ConditionHolds(uint64_t current, uint64_t value, uint32_t flag) {
  switch (flag) {
    case ACL_STREAM_WAIT_VALUE_GEQ:
      return static_cast<int64_t>(current) >= static_cast<int64_t>(value);
    case ACL_STREAM_WAIT_VALUE_EQ:
      return current == value;
    case ACL_STREAM_WAIT_VALUE_AND:
      return (current & value) != 0;
    default:  // ACL_STREAM_WAIT_VALUE_NOR
      return (current | value) != ~uint64_t{0};
  }
}

// The 64-bit word a value task touches: device memory whatever ACLNN_HOST_STRICT says (upstream
// checks the pointer's attributes itself).
aclnn_host::MemoryRange WordRange(const void* address) {
  return aclnn_host::MemoryRange{"devAddr", "", address, sizeof(uint64_t), aclnn_host::MemoryKind::kDevice};
}

// The checks both functions share, in upstream's order; then the word is pinned for the task.
aclError PrepareWord(const char* api, void* address, uint32_t flag, uint32_t last_flag, aclrtStream stream,
                     std::shared_ptr<aclnn_host::Stream>* target, aclnn_host::MemoryPins* pins) {
  if (address == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "devAddr is nullptr.");
  const aclError supported = aclnn_host::RequireA2A3Or950(api, api);
  if (supported != ACL_SUCCESS) return supported;
  if (flag > last_flag)
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "flag %u is not valid (0 to %u).", flag, last_flag);
  if (reinterpret_cast<uintptr_t>(address) % sizeof(uint64_t) != 0) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "devAddr %p is not 8-byte aligned (the value is a 64-bit word).",
                address);
  }
  aclError status = Runtime::Get().FindStream(api, stream, target);
  if (status != ACL_SUCCESS) return status;
  const aclnn_host::MemoryRange range = WordRange(address);
  std::string problem;
  if (!aclnn_host::MemoryRegistry::Get().CheckAndPin(&range, 1, (*target)->device(), /*strict=*/true, pins, &problem)) {
    return Fail(api, ACL_ERROR_RT_PARAM_INVALID, "%s", problem.c_str());
  }
  return ACL_SUCCESS;
}

}  // namespace

namespace aclnn_host {

CapturedTask ValueWriteTask(void* address, uint64_t value, int32_t device) {
  auto* word = static_cast<uint64_t*>(address);
  CapturedTask task;
  task.issue = [word, value] {
    return StreamTask([word, value] {
      __atomic_store_n(word, value, __ATOMIC_RELEASE);
      return TaskResult();
    });
  };
  task.memory = {WordRange(address)};
  task.memory_device = device;
  task.label = TaskLabel{"MEM_WRITE_VALUE", nullptr, address, value, 0, 0};
  return task;
}

CapturedTask ValueWaitTask(void* address, uint64_t value, uint32_t flag, int32_t device) {
  auto* word = static_cast<const uint64_t*>(address);
  CapturedTask task;
  // aclrtStreamAbort and the destruction (aclrtDestroyStream, aclFinalize) of the stream that runs
  // the wait end it: nothing can hang there. That stream is the one running the task (a replay of
  // a capture runs it on another), which outlives the task.
  task.issue = [word, value, flag] {
    return StreamTask([word, value, flag] {
      Stream* const waiting = Stream::Running();
      if (waiting == nullptr) return TaskResult();  // not run by a stream: never happens
      const uint64_t epoch = Stream::RunningEpoch();
      for (uint32_t round = 0;; ++round) {
        if (ConditionHolds(__atomic_load_n(word, __ATOMIC_ACQUIRE), value, flag)) break;
        if (waiting->shutting_down() || waiting->cancellations() != epoch || Stream::RunningModelAborted()) break;
        if (round < 64) {
          std::this_thread::yield();
        } else {
          std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
      }
      return TaskResult();
    });
  };
  task.memory = {WordRange(address)};
  task.memory_device = device;
  task.label = TaskLabel{"MEM_WAIT_VALUE", nullptr, address, value, 0, flag};
  return task;
}

}  // namespace aclnn_host

extern "C" {

aclError aclrtValueWrite(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
  const char* api = "aclrtValueWrite";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    aclnn_host::MemoryPins pins;
    const aclError status = PrepareWord(api, devAddr, flag, 0, stream, &target, &pins);
    if (status != ACL_SUCCESS) return status;
    const aclnn_host::CapturedTask task = aclnn_host::ValueWriteTask(devAddr, value, target->device());
    const bool queued = target->Enqueue(task.issue(), std::move(pins), task.memory.data(), task.memory.size(),
                                        task.memory_device, /*always_run=*/false, task.label);
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

aclError aclrtValueWait(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
  const char* api = "aclrtValueWait";
  return Run(api, [&] {
    std::shared_ptr<aclnn_host::Stream> target;
    aclnn_host::MemoryPins pins;
    const aclError status = PrepareWord(api, devAddr, flag, ACL_STREAM_WAIT_VALUE_NOR, stream, &target, &pins);
    if (status != ACL_SUCCESS) return status;
    const aclnn_host::CapturedTask task = aclnn_host::ValueWaitTask(devAddr, value, flag, target->device());
    const bool queued = target->Enqueue(task.issue(), std::move(pins), task.memory.data(), task.memory.size(),
                                        task.memory_device, /*always_run=*/false, task.label);
    return queued ? ACL_SUCCESS : aclnn_host::FailNotIssued(api);
  });
}

}  // extern "C"
