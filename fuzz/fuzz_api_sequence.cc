// libFuzzer target (b): random sequences of runtime and operator API calls.
//
// Each input is a program over small handle tables: aclInit / aclFinalize, devices, streams,
// events, notifies, device and host memory, host memory registration, value writes, copies and
// fills (sync and async), stream capture with task groups and updates, TDT channels and memory queues with routes,
// tensors over device memory and registered host pages, executors of every operator (repeatable or not, run twice,
// destroyed early or late) and synchronisation, in any order. Destroyed handles stay in their slots and are passed
// again: the library must answer them with a status code (its handle registries), never touch freed memory, deadlock or
// leak (LeakSanitizer runs at exit of each input's aclFinalize-all).
//
// Host-side pointers the library cannot check (plain host memory given to a copy) are kept
// within their buffers: that is the caller's contract. Everything the runtime owns is fuzzed.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn_host/ops.h"
#include "aclnn_host/stand_in.h"

namespace {

constexpr size_t kSlots = 4;
constexpr size_t kMaxBuffer = 4096;  // bytes of one device or host buffer
constexpr int kMaxSteps = 64;

struct Buffer {
  void* ptr = nullptr;
  size_t bytes = 0;
  bool live = false;
};

struct Executor {
  aclOpExecutor* handle = nullptr;
  const aclnnHostOpInfo* op = nullptr;
  uint64_t workspace = 0;
  bool live = false;  // ours to destroy (created, not yet consumed by a non-repeatable run)
};

struct State {
  aclrtStream streams[kSlots] = {};
  aclrtEvent events[kSlots] = {};
  aclrtNotify notifies[kSlots] = {};
  aclmdlRI models[kSlots] = {};
  aclrtTaskGrp groups[kSlots] = {};            // of any model, maybe destroyed
  aclmdlRICondHandle conditions[kSlots] = {};  // of any model, maybe destroyed
  acltdtChannelHandle* channels[kSlots] = {};  // destroyed ones stay: the registry answers them
  bool channel_live[kSlots] = {};
  uint32_t queues[kSlots] = {9999, 9999, 9999, 9999};  // 9999: never created
  void* reservations[kSlots] = {};                     // aclrtReserveMemAddress, 4 MiB each
  aclrtDrvMemHandle physicals[kSlots] = {};            // 2 MiB each; freed ones stay
  Buffer device[kSlots];
  Buffer host_pinned[kSlots];  // aclrtMallocHost
  aclTensor* tensors[kSlots] = {};
  bool tensor_live[kSlots] = {};
  Executor executors[kSlots];
  std::vector<uint8_t> host = std::vector<uint8_t>(kMaxBuffer);  // plain host memory
  bool callbacks_registered = false;  // lifecycle callbacks outlive aclFinalize: the teardown removes them
};

// Lifecycle callbacks that call back into AscendCL (they run with no runtime lock held).
aclError FuzzInit(const char*, size_t, void*) { return ACL_SUCCESS; }
aclError FuzzFinalize(void*) { return ACL_SUCCESS; }
void FuzzDeviceState(int32_t, aclrtDeviceState, void*) {
  uint32_t count = 0;
  aclrtGetDeviceCount(&count);
}
void FuzzStreamState(aclrtStream stream, aclrtStreamState, void*) {
  int32_t id = 0;
  aclrtStreamGetId(stream, &id);  // a stream on its way out: a status, never a crash
}
void FuzzModelDestroyed(void*) {}
void FuzzStandIn(void*) {}
const char* const kCallbackNames[] = {"a", "b"};

void RemoveLifecycleCallbacks() {
  for (int type : {ACL_REG_TYPE_ACL_MODEL, ACL_REG_TYPE_OTHER}) {
    while (aclInitCallbackUnRegister(static_cast<aclRegisterCallbackType>(type), FuzzInit) == ACL_SUCCESS) {
    }
    while (aclFinalizeCallbackUnRegister(static_cast<aclRegisterCallbackType>(type), FuzzFinalize) == ACL_SUCCESS) {
    }
  }
  for (const char* name : kCallbackNames) {
    aclrtRegDeviceStateCallback(name, nullptr, nullptr);
    aclrtRegStreamStateCallback(name, nullptr, nullptr);
  }
}

aclrtStream PickStream(FuzzedDataProvider& in, State& s) {
  const size_t i = in.ConsumeIntegralInRange<size_t>(0, kSlots);
  return i == kSlots ? nullptr : s.streams[i];  // nullptr: the default stream
}

/// A device pointer into a slot (possibly freed, possibly past its end).
void* PickDevice(FuzzedDataProvider& in, State& s, size_t* room) {
  Buffer& b = s.device[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)];
  const size_t offset = in.ConsumeIntegralInRange<size_t>(0, 64) & ~size_t{3};
  *room = b.live && b.bytes > offset ? b.bytes - offset : 0;
  return b.ptr == nullptr ? nullptr : static_cast<uint8_t*>(b.ptr) + offset;
}

// Plain host pages the program registers with aclrtHostRegister(V2): mapped, kernels may use them
// through tensors, so they are static (valid whatever the program does) and ranges stay inside.
constexpr size_t kPage = 4096;
alignas(kPage) uint8_t g_pages[kSlots][kPage];

// FUZZ_TRACE=1 prints the calls of an input (to turn a crash into a regression test).
const bool kTrace = std::getenv("FUZZ_TRACE") != nullptr;

void Step(FuzzedDataProvider& in, State& s) {
  const size_t i = in.ConsumeIntegralInRange<size_t>(0, kSlots - 1);
  const int call = in.ConsumeIntegralInRange<int>(0, 37);
  if (kTrace) std::fprintf(stderr, "call %d slot %zu\n", call, i);
  switch (call) {
    case 0:
      aclInit(nullptr);
      break;
    case 1:
      if (aclFinalize() == ACL_SUCCESS) {
        // The last reference releases every allocation: from here on the program must not count
        // on any of them (conservatively, also when references remain).
        for (Buffer& b : s.device) b.live = false;
        for (Buffer& b : s.host_pinned) b.live = false;
      }
      break;
    case 2:
      aclrtSetDevice(in.ConsumeIntegralInRange<int32_t>(-1, 2));
      break;
    case 3:
      aclrtResetDevice(in.ConsumeIntegralInRange<int32_t>(-1, 2));
      break;
    case 4:
      if (in.ConsumeBool()) {
        aclrtCreateStream(&s.streams[i]);
      } else {  // one aclrtStreamStop accepts on Atlas A2/A3
        aclrtCreateStreamWithConfig(&s.streams[i], 0, ACL_STREAM_DEVICE_USE_ONLY);
      }
      break;
    case 5:
      aclrtDestroyStream(s.streams[i]);
      break;  // the slot keeps the stale handle
    case 6:
      switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0:
          aclrtStreamStop(PickStream(in, s));  // halts it: later synchronisations fail until an abort
          break;
        case 1:
          aclrtStreamAbort(PickStream(in, s));
          break;
        default:
          aclrtSynchronizeStream(PickStream(in, s));
      }
      break;
    case 7: {
      aclrtStreamStatus status;
      aclrtStreamQuery(PickStream(in, s), &status);
      break;
    }
    case 8:
      aclrtCreateEvent(&s.events[i]);
      break;
    case 9:
      aclrtDestroyEvent(s.events[i]);
      break;
    case 10:
      aclrtRecordEvent(s.events[i], PickStream(in, s));
      break;
    case 11:
      aclrtStreamWaitEvent(PickStream(in, s), s.events[i]);
      break;
    case 12: {
      if (in.ConsumeBool()) {
        aclrtSynchronizeEvent(s.events[i]);
      } else {
        aclrtEventRecordedStatus status;
        aclrtQueryEventStatus(s.events[i], &status);
      }
      break;
    }
    case 13: {
      Buffer& b = s.device[i];
      const size_t bytes = in.ConsumeIntegralInRange<size_t>(0, kMaxBuffer);
      void* p = nullptr;
      const aclError status = aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
      if (kTrace) std::fprintf(stderr, "  malloc(%zu) = %d, %p\n", bytes, status, p);
      if (status == ACL_SUCCESS) {
        if (b.live) aclrtFree(b.ptr);
        b = Buffer{p, bytes, true};
      }
      break;
    }
    case 14: {
      Buffer& b = s.device[i];
      const aclError status = aclrtFree(b.ptr);
      if (kTrace) std::fprintf(stderr, "  free(%p) = %d\n", b.ptr, status);
      if (status == ACL_SUCCESS) b.live = false;  // a second free must fail
      break;
    }
    case 15: {
      Buffer& b = s.host_pinned[i];
      if (in.ConsumeBool()) {
        void* p = nullptr;
        const size_t bytes = in.ConsumeIntegralInRange<size_t>(1, kMaxBuffer);
        if (aclrtMallocHost(&p, bytes) == ACL_SUCCESS) {
          if (b.live) aclrtFreeHost(b.ptr);
          b = Buffer{p, bytes, true};
        }
      } else if (aclrtFreeHost(b.ptr) == ACL_SUCCESS) {
        b.live = false;
      }
      break;
    }
    case 16:
    case 17: {  // copies, sync or async, any claimed kind
      size_t dst_room = 0, src_room = 0;
      void* dst = nullptr;
      const void* src = nullptr;
      const int shape = in.ConsumeIntegralInRange<int>(0, 3);
      aclrtMemcpyKind kind = static_cast<aclrtMemcpyKind>(in.ConsumeIntegralInRange<int>(-1, 5));
      if (shape == 0) {  // device to device
        dst = PickDevice(in, s, &dst_room);
        src = PickDevice(in, s, &src_room);
      } else if (shape == 1) {  // host to device: the host side stays within its buffer
        dst = PickDevice(in, s, &dst_room);
        src = s.host.data();
        src_room = s.host.size();
      } else if (shape == 2) {  // device to host
        dst = s.host.data();
        dst_room = s.host.size();
        src = PickDevice(in, s, &src_room);
      } else {  // pinned host memory of the runtime, either side
        Buffer& b = s.host_pinned[i];
        if (!b.live) break;
        dst = b.ptr;
        dst_room = b.bytes;
        src = PickDevice(in, s, &src_room);
      }
      // The claimed room may exceed the real one on a side the kind says is device memory (the
      // library checks it). A side the kind says is host memory (or DEFAULT: found from the
      // address) that lies in no live runtime allocation is plain host memory to the library,
      // whose extent it cannot know: there the caller's contract holds, and the range must be
      // real memory (a freed device pointer given as host memory is the caller's bug).
      size_t dest_max = in.ConsumeIntegralInRange<size_t>(0, kMaxBuffer + 64);
      size_t count = in.ConsumeIntegralInRange<size_t>(0, kMaxBuffer + 64);
      const bool host_dst =
          kind == ACL_MEMCPY_HOST_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEFAULT;
      const bool host_src = kind == ACL_MEMCPY_HOST_TO_HOST || kind == ACL_MEMCPY_HOST_TO_DEVICE ||
                            kind == ACL_MEMCPY_DEFAULT || kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE;
      if ((host_dst || shape == 2 || shape == 3) && (dst == nullptr || dst_room == 0)) break;
      if ((host_src || shape == 1) && (src == nullptr || src_room == 0)) break;
      if (host_dst || shape == 2 || shape == 3) {
        dest_max = std::min(dest_max, dst_room);
        count = std::min(count, dst_room);
      }
      if (host_src || shape == 1) count = std::min(count, src_room);
      const bool sync = in.ConsumeBool();
      aclError status = 0;
      if (sync) {
        status = aclrtMemcpy(dst, dest_max, src, count, kind);
      } else {
        status = aclrtMemcpyAsync(dst, dest_max, src, count, kind, PickStream(in, s));
      }
      if (kTrace) {
        std::fprintf(stderr, "  memcpy%s(%p, %zu, %p, %zu, kind %d) = %d\n", sync ? "" : "Async", dst, dest_max, src,
                     count, static_cast<int>(kind), status);
      }
      break;
    }
    case 18: {  // fills
      size_t room = 0;
      void* dst = PickDevice(in, s, &room);
      const size_t max_count = in.ConsumeIntegralInRange<size_t>(0, kMaxBuffer + 64);
      const size_t count = in.ConsumeIntegralInRange<size_t>(0, kMaxBuffer + 64);
      const int32_t value = in.ConsumeIntegral<int32_t>();
      if (in.ConsumeBool()) {
        aclrtMemset(dst, max_count, value, count);
      } else {
        aclrtMemsetAsync(dst, max_count, value, count, PickStream(in, s));
      }
      break;
    }
    case 19: {  // a contiguous tensor over a device slot
      Buffer& b = s.device[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)];
      const int64_t elements = in.ConsumeIntegralInRange<int64_t>(0, 1100);
      const aclDataType dtype = in.ConsumeBool() ? ACL_FLOAT : (in.ConsumeBool() ? ACL_FLOAT16 : ACL_BF16);
      const int64_t stride = 1;
      aclTensor* t = aclCreateTensor(&elements, 1, dtype, &stride, 0, ACL_FORMAT_ND, &elements, 1, b.ptr);
      if (t != nullptr) {
        if (s.tensor_live[i]) aclDestroyTensor(s.tensors[i]);
        s.tensors[i] = t;
        s.tensor_live[i] = true;
      }
      break;
    }
    case 20:
      if (aclDestroyTensor(s.tensors[i]) == ACLNN_SUCCESS) s.tensor_live[i] = false;
      break;
    case 21: {  // phase one of any operator over any tensor slots
      Executor& e = s.executors[i];
      const aclnnHostOpInfo* op = aclnnHostOpGet(in.ConsumeIntegralInRange<size_t>(0, aclnnHostOpCount() - 1));
      aclnnHostOpCall call{};
      for (uint32_t k = 0; k < op->numInputs; ++k)
        call.inputs[k] = s.tensors[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)];
      call.output = s.tensors[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)];
      // Scalars live for phase one only: the executor keeps their values, as CANN's does.
      aclScalar* scalars[ACLNN_HOST_MAX_OP_SCALARS] = {};
      for (uint32_t k = 0; k < op->numScalars; ++k) {
        const float value = static_cast<float>(in.ConsumeIntegralInRange<int>(-64, 64)) / 8.0f;
        scalars[k] = in.ConsumeBool() ? aclCreateScalar(const_cast<float*>(&value), ACL_FLOAT) : nullptr;
        call.scalars[k] = scalars[k];
      }
      for (uint32_t k = 0; k < op->numFlags; ++k) call.flags[k] = in.ConsumeBool() ? 1 : 0;
      uint64_t ws = 0;
      aclOpExecutor* ex = nullptr;
      const aclnnStatus status = aclnnHostOpGetWorkspaceSize(op, &call, &ws, &ex);
      for (aclScalar* scalar : scalars) {
        if (scalar != nullptr) aclDestroyScalar(scalar);
      }
      if (status == ACLNN_SUCCESS) {
        if (e.live) aclDestroyAclOpExecutor(e.handle);
        e = Executor{ex, op, ws, true};
      }
      break;
    }
    case 22:
      aclSetAclOpExecutorRepeatable(s.executors[i].handle);
      break;
    case 23: {  // phase two, with the planned workspace or a fuzzed one
      Executor& e = s.executors[i];
      void* ws = nullptr;
      uint64_t ws_size = e.workspace;
      size_t room = 0;
      if (in.ConsumeBool()) {
        ws = PickDevice(in, s, &room);
        if (in.ConsumeBool()) ws_size = in.ConsumeIntegralInRange<uint64_t>(0, kMaxBuffer + 64);
      }
      // A never-planned slot runs its (null or stale) executor through the first operator.
      const aclnnHostOpInfo* op = e.op != nullptr ? e.op : aclnnHostOpGet(0);
      const aclnnStatus status = aclnnHostOpRun(op, ws, ws_size, e.handle, PickStream(in, s));
      (void)status;
      // A non-repeatable executor is consumed by phase two, whatever it returns (as upstream);
      // whether it is still live is the registry's business: ask it by trying to destroy later.
      break;
    }
    case 24:
      if (aclDestroyAclOpExecutor(s.executors[i].handle) == ACLNN_SUCCESS) s.executors[i].live = false;
      break;
    case 25: {  // rebind a tensor's address
      if (in.ConsumeBool()) {
        aclSetRawTensorAddr(s.tensors[i], s.device[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)].ptr);
      } else {
        const size_t index = in.ConsumeIntegralInRange<size_t>(0, 3);
        aclTensor* t = s.tensors[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)];
        void* addr = s.device[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)].ptr;
        if (in.ConsumeBool()) {
          aclSetInputTensorAddr(s.executors[i].handle, index, t, addr);
        } else {
          aclSetOutputTensorAddr(s.executors[i].handle, index, t, addr);
        }
      }
      break;
    }
    case 26:
      aclrtSetDeviceSatMode(static_cast<aclrtFloatOverflowMode>(in.ConsumeIntegralInRange<int>(-1, 2)));
      break;
    case 27: {  // host memory registration over the pages, and tensors over a page
      uint8_t* first = &g_pages[0][0];
      uint8_t* base = g_pages[i] + (in.ConsumeBool() ? 0 : in.ConsumeIntegralInRange<size_t>(0, kPage - 1));
      const size_t room = static_cast<size_t>(first + sizeof(g_pages) - base);
      const uint64_t bytes = in.ConsumeIntegralInRange<uint64_t>(0, room);
      void* mapped = nullptr;
      switch (in.ConsumeIntegralInRange<int>(0, 4)) {
        case 0:
          aclrtHostRegister(base, bytes, static_cast<aclrtHostRegisterType>(in.ConsumeIntegralInRange<int>(0, 9)),
                            in.ConsumeBool() ? &mapped : nullptr);
          break;
        case 1: {
          const uint32_t flags[] = {0,
                                    1,
                                    ACL_HOST_REG_MAPPED,
                                    ACL_HOST_REG_PINNED,
                                    ACL_HOST_REG_MAPPED | ACL_HOST_REG_PINNED,
                                    ACL_HOST_REG_READONLY};
          aclrtHostRegisterV2(base, bytes, flags[in.ConsumeIntegralInRange<size_t>(0, 5)]);
          break;
        }
        case 2:
          aclrtHostUnregister(base);
          break;
        case 3:
          aclrtHostGetDevicePointer(base, &mapped, in.ConsumeIntegralInRange<uint32_t>(0, 1));
          break;
        default: {  // a float tensor over the page (within it): phase two decides whether it may run
          const int64_t elements = in.ConsumeIntegralInRange<int64_t>(0, kPage / sizeof(float));
          const int64_t stride = 1;
          aclTensor* t = aclCreateTensor(&elements, 1, ACL_FLOAT, &stride, 0, ACL_FORMAT_ND, &elements, 1, g_pages[i]);
          if (t != nullptr) {
            if (s.tensor_live[i]) aclDestroyTensor(s.tensors[i]);
            s.tensors[i] = t;
            s.tensor_live[i] = true;
          }
        }
      }
      if (kTrace)
        std::fprintf(stderr, "  host registration at %p of %llu bytes\n", static_cast<void*>(base),
                     static_cast<unsigned long long>(bytes));
      break;
    }
    case 28: {  // notifies (no waits: an unmet one holds its stream until a timeout) and value writes
      switch (in.ConsumeIntegralInRange<int>(0, 4)) {
        case 0: {
          aclrtNotify created = nullptr;
          if (aclrtCreateNotify(&created, in.ConsumeIntegralInRange<uint64_t>(0, 2)) == ACL_SUCCESS) {
            s.notifies[i] = created;
          }
          break;
        }
        case 1:
          aclrtDestroyNotify(s.notifies[i]);  // may be dead already: a status, not a crash
          break;
        case 2:
          aclrtRecordNotify(s.notifies[i], PickStream(in, s));
          break;
        case 3: {
          uint32_t id = 0;
          aclrtGetNotifyId(s.notifies[i], &id);
          aclrtNotifyBatchReset(s.notifies, in.ConsumeIntegralInRange<size_t>(0, kSlots));
          break;
        }
        default: {
          size_t room = 0;
          void* word = PickDevice(in, s, &room);
          aclrtValueWrite(word, in.ConsumeIntegral<uint64_t>(), in.ConsumeIntegralInRange<uint32_t>(0, 1),
                          PickStream(in, s));
        }
      }
      break;
    }
    case 29: {  // stream capture: begin, end, query, replay, destroy, modes
      switch (in.ConsumeIntegralInRange<int>(0, 5)) {
        case 0:
          aclmdlRICaptureBegin(PickStream(in, s),
                               static_cast<aclmdlRICaptureMode>(in.ConsumeIntegralInRange<int>(-1, 3)));
          break;
        case 1:
          aclmdlRICaptureEnd(PickStream(in, s), &s.models[i]);  // any stream: it may not capture
          break;
        case 2: {
          aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
          aclmdlRICaptureGetInfo(PickStream(in, s), in.ConsumeBool() ? &status : nullptr,
                                 in.ConsumeBool() ? &s.models[i] : nullptr);
          break;
        }
        case 3:
          aclmdlRIExecuteAsync(s.models[i], PickStream(in, s));  // may be dead or still capturing
          break;
        case 4:
          if (in.ConsumeBool()) {
            int32_t timeout = in.ConsumeIntegralInRange<int32_t>(-2, 50);  // 0 and -2 are refused
            aclmdlRIExecute(s.models[i], timeout == -1 ? 50 : timeout);
          } else {
            aclmdlRIDestroy(s.models[i]);
          }
          break;
        default: {
          aclmdlRICaptureMode mode = static_cast<aclmdlRICaptureMode>(in.ConsumeIntegralInRange<int>(0, 3));
          aclmdlRICaptureThreadExchangeMode(&mode);
        }
      }
      break;
    }
    case 30: {  // TDT channels: create, send, receive, query, clean, stop, destroy (never waiting long)
      const int32_t timeout = in.ConsumeIntegralInRange<int32_t>(-2, 1);  // -2 is refused; -1 becomes 1 ms
      switch (in.ConsumeIntegralInRange<int>(0, 5)) {
        case 0: {
          acltdtChannelHandle* made =
              acltdtCreateChannelWithCapacity(static_cast<uint32_t>(in.ConsumeIntegralInRange<int32_t>(-1, 2)),
                                              in.ConsumeBool() ? "fuzz" : "", in.ConsumeIntegralInRange<size_t>(0, 3));
          if (made != nullptr) {
            if (s.channel_live[i]) acltdtDestroyChannel(s.channels[i]);
            s.channels[i] = made;
            s.channel_live[i] = true;
          }
          break;
        }
        case 1: {
          size_t room = 0;
          void* data = in.ConsumeBool() ? PickDevice(in, s, &room) : s.host.data();
          if (data == s.host.data()) room = s.host.size();
          const int64_t dims[1] = {static_cast<int64_t>(room / 4)};
          acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT,
                                                      room > 0 ? data : nullptr, std::min<size_t>(room, 64));
          acltdtDataset* dataset = acltdtCreateDataset();
          if (in.ConsumeBool()) acltdtAddDataItem(dataset, item);
          acltdtSendTensor(s.channels[i], dataset, timeout == -1 ? 1 : timeout);
          acltdtDestroyDataset(dataset);
          acltdtDestroyDataItem(item);
          break;
        }
        case 2: {
          acltdtDataset* dataset = acltdtCreateDataset();
          if (acltdtReceiveTensor(s.channels[i], dataset, timeout == -1 ? 1 : timeout) == ACL_SUCCESS) {
            acltdtDataItem* item = acltdtGetDataItem(dataset, 0);
            int64_t dims[2] = {};
            acltdtGetDimsFromItem(item, dims, 2);
            const void* bytes = acltdtGetDataAddrFromItem(item);
            const size_t size = acltdtGetDataSizeFromItem(item);
            if (bytes != nullptr && size > 0) std::memcpy(s.host.data(), bytes, std::min(size, s.host.size()));
          }
          acltdtDestroyDataset(dataset);
          break;
        }
        case 3: {
          size_t size = 0;
          acltdtQueryChannelSize(s.channels[i], in.ConsumeBool() ? &size : nullptr);
          break;
        }
        case 4:
          in.ConsumeBool() ? acltdtCleanChannel(s.channels[i]) : acltdtStopChannel(s.channels[i]);
          break;
        default:
          acltdtDestroyChannel(s.channels[i]);  // may be destroyed already: a status
          s.channel_live[i] = false;
      }
      break;
    }
    case 31: {  // memory queues: create, enqueue, dequeue, routes, destroy
      const uint32_t other = s.queues[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)];
      switch (in.ConsumeIntegralInRange<int>(0, 4)) {
        case 0: {
          acltdtQueueAttr* attr = in.ConsumeBool() ? acltdtCreateQueueAttr() : nullptr;
          const uint32_t depth = in.ConsumeIntegralInRange<uint32_t>(0, 3);
          if (attr != nullptr) acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth);
          uint32_t qid = 0;
          if (acltdtCreateQueue(attr, &qid) == ACL_SUCCESS) s.queues[i] = qid;
          if (attr != nullptr) acltdtDestroyQueueAttr(attr);
          break;
        }
        case 1: {
          const size_t size = in.ConsumeIntegralInRange<size_t>(0, 64);
          acltdtEnqueueData(s.queues[i], s.host.data(), size, s.host.data() + 64,
                            in.ConsumeIntegralInRange<size_t>(0, 8),
                            in.ConsumeIntegralInRange<int32_t>(-2, 1) == 1 ? 1 : 0, 0);
          break;
        }
        case 2: {
          size_t got = 0;
          acltdtDequeueData(s.queues[i], s.host.data(), in.ConsumeIntegralInRange<size_t>(0, 64), &got,
                            s.host.data() + 64, in.ConsumeIntegralInRange<size_t>(0, 8), 0);
          break;
        }
        case 3: {
          acltdtQueueRoute* route = acltdtCreateQueueRoute(s.queues[i], other);
          acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
          acltdtAddQueueRoute(list, route);
          in.ConsumeBool() ? acltdtBindQueueRoutes(list) : acltdtUnbindQueueRoutes(list);
          acltdtQueueRouteQueryInfo* query = acltdtCreateQueueRouteQueryInfo();
          const int32_t mode = in.ConsumeIntegralInRange<int32_t>(0, 3);
          acltdtSetQueueRouteQueryInfo(query, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof(mode), &mode);
          acltdtSetQueueRouteQueryInfo(query, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, 4, &s.queues[i]);
          acltdtQueryQueueRoutes(query, list);
          acltdtDestroyQueueRouteQueryInfo(query);
          acltdtDestroyQueueRouteList(list);
          acltdtDestroyQueueRoute(route);
          break;
        }
        default:
          acltdtDestroyQueue(s.queues[i]);  // refused while routes are bound, or unknown
      }
      break;
    }
    case 32: {  // virtual memory: reserve, allocate, map, copy across mappings, unmap, free, release
      constexpr size_t kPiece = size_t{2} << 20;
      aclrtPhysicalMemProp prop{};
      prop.memAttr = ACL_HBM_MEM_NORMAL;
      prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
      prop.location.id = in.ConsumeIntegralInRange<uint32_t>(0, 2);
      void* reservation = s.reservations[in.ConsumeIntegralInRange<size_t>(0, kSlots - 1)];
      void* at = reservation == nullptr
                     ? nullptr
                     : static_cast<uint8_t*>(reservation) + kPiece * in.ConsumeIntegralInRange<int>(0, 2);
      switch (in.ConsumeIntegralInRange<int>(0, 6)) {
        case 0:
          if (s.reservations[i] == nullptr) aclrtReserveMemAddress(&s.reservations[i], 2 * kPiece, 0, nullptr, 0);
          break;
        case 1:
          if (aclrtReleaseMemAddress(s.reservations[i]) == ACL_SUCCESS) s.reservations[i] = nullptr;
          break;
        case 2: {
          aclrtDrvMemHandle made = nullptr;
          if (aclrtMallocPhysical(&made, kPiece, &prop, 0) == ACL_SUCCESS) {
            aclrtFreePhysical(s.physicals[i]);  // the slot's previous one, if any: a status
            s.physicals[i] = made;
          }
          break;
        }
        case 3:
          aclrtFreePhysical(s.physicals[i]);  // freed twice: 107017
          break;
        case 4:
          aclrtMapMem(at, kPiece, 0, s.physicals[i], 0);
          break;
        case 5:
          aclrtUnmapMem(at);
          break;
        default: {  // a copy from the host into the reservation: refused unless mapped there
          const size_t bytes = in.ConsumeIntegralInRange<size_t>(1, kMaxBuffer);
          if (at != nullptr && in.ConsumeBool()) {
            aclrtMemcpyAsync(static_cast<uint8_t*>(at) + kPiece - bytes / 2, bytes, s.host.data(), bytes,
                             ACL_MEMCPY_HOST_TO_DEVICE, PickStream(in, s));
          } else if (at != nullptr) {
            aclrtMemcpy(static_cast<uint8_t*>(at) + kPiece - bytes / 2, bytes, s.host.data(), bytes,
                        ACL_MEMCPY_HOST_TO_DEVICE);
          }
        }
      }
      break;
    }
    case 33: {  // settings and limits: stream attributes, overflow switch, options, core limits, timeouts
      const aclrtStream stream = PickStream(in, s);
      aclrtStreamAttrValue value{};
      value.reserve[0] = in.ConsumeIntegral<uint32_t>();
      value.reserve[1] = in.ConsumeIntegral<uint32_t>();
      const int32_t device = in.ConsumeIntegralInRange<int32_t>(-1, 2);
      const auto type = static_cast<aclrtDevResLimitType>(in.ConsumeIntegralInRange<int>(-1, 2));
      switch (in.ConsumeIntegralInRange<int>(0, 8)) {
        case 0:
          aclrtSetStreamAttribute(stream, static_cast<aclrtStreamAttr>(in.ConsumeIntegralInRange<int>(0, 6)), &value);
          break;
        case 1:
          aclrtGetStreamAttribute(stream, static_cast<aclrtStreamAttr>(in.ConsumeIntegralInRange<int>(0, 6)), &value);
          break;
        case 2: {  // the overflow switch and status (a size of 64 is the valid one)
          size_t room = 0;
          void* status = PickDevice(in, s, &room);
          switch (in.ConsumeIntegralInRange<int>(0, 5)) {
            case 0:
              aclrtSetStreamOverflowSwitch(stream, in.ConsumeIntegralInRange<uint32_t>(0, 2));
              break;
            case 1:
              aclrtGetOverflowStatus(status, in.ConsumeBool() ? 64 : in.ConsumeIntegralInRange<size_t>(0, 128), stream);
              break;
            case 2:
              aclrtResetFloatOverflowStatus(stream);
              break;
            case 3:  // device-kernel limits: a type out of [0, 4], sizes past UINT32_MAX
              aclrtDeviceSetLimit(static_cast<aclrtDeviceLimit>(in.ConsumeIntegralInRange<int>(-1, 5)),
                                  in.ConsumeIntegral<size_t>() >> in.ConsumeIntegralInRange<int>(0, 63));
              break;
            case 4: {  // engine utilisation: any id, the reserved pointer set or not
              aclrtUtilizationInfo info{};
              if (in.ConsumeBool()) info.utilizationExtend = reinterpret_cast<aclrtUtilizationExtendInfo*>(&info);
              aclrtGetDeviceUtilizationRate(device, in.ConsumeBool() ? &info : nullptr);
              break;
            }
            default: {
              size_t value = 0;
              aclrtDeviceGetLimit(static_cast<aclrtDeviceLimit>(in.ConsumeIntegralInRange<int>(-1, 5)),
                                  in.ConsumeBool() ? &value : nullptr);
              break;
            }
          }
          break;
        }
        case 3:
          aclrtCtxSetSysParamOpt(static_cast<aclSysParamOpt>(in.ConsumeIntegralInRange<int>(-1, 4)),
                                 in.ConsumeIntegralInRange<int64_t>(-1, 4));
          break;
        case 4:
          aclrtSetDeviceResLimit(device, type, in.ConsumeIntegralInRange<uint32_t>(0, 64));
          break;
        case 5:
          aclrtSetStreamResLimit(stream, type, in.ConsumeIntegralInRange<uint32_t>(0, 64));
          break;
        case 6:
          if (in.ConsumeBool()) {
            aclrtUseStreamResInCurrentThread(stream);
          } else {
            aclrtUnuseStreamResInCurrentThread(stream);
          }
          break;
        case 7: {  // op-execute timeouts (at least one tick of seconds: the fuzzed runs never reach it)
          uint64_t out = 0;
          uint32_t ms = 0;
          const uint64_t timeout = in.ConsumeIntegral<uint64_t>();
          switch (in.ConsumeIntegralInRange<int>(0, 4)) {
            case 0:
              aclrtSetOpExecuteTimeOut(static_cast<uint32_t>(timeout));
              break;
            case 1:
              aclrtSetOpExecuteTimeOutWithMs(static_cast<uint32_t>(timeout));
              break;
            case 2:
              aclrtSetOpExecuteTimeOutV2(timeout, in.ConsumeBool() ? &out : nullptr);
              break;
            case 3:
              aclrtGetOpTimeOutInterval(in.ConsumeBool() ? &out : nullptr);
              break;
            default:
              aclrtGetOpExecuteTimeout(in.ConsumeBool() ? &ms : nullptr);
          }
          break;
        }
        default: {
          uint32_t cores = 0;
          aclrtGetResInCurrentThread(type, &cores);
          aclrtResetDeviceResLimit(device);
          aclrtResetStreamResLimit(stream);
        }
      }
      break;
    }
    case 34: {  // lifecycle callbacks: init/finalize, device and stream states, model destroy
      s.callbacks_registered = true;
      const char* name = kCallbackNames[in.ConsumeIntegralInRange<int>(0, 1)];
      const auto type = in.ConsumeBool() ? ACL_REG_TYPE_ACL_MODEL : ACL_REG_TYPE_OTHER;
      switch (in.ConsumeIntegralInRange<int>(0, 5)) {
        case 0:
          aclInitCallbackRegister(type, FuzzInit, nullptr);  // after aclInit: runs at once
          break;
        case 1:
          aclFinalizeCallbackRegister(type, FuzzFinalize, nullptr);
          break;
        case 2:
          aclrtRegDeviceStateCallback(name, in.ConsumeBool() ? FuzzDeviceState : nullptr, nullptr);
          break;
        case 3:
          aclrtRegStreamStateCallback(name, in.ConsumeBool() ? FuzzStreamState : nullptr, nullptr);
          break;
        case 4:
          aclmdlRIDestroyRegisterCallback(s.models[i], FuzzModelDestroyed, nullptr);  // maybe dead: a status
          break;
        default:
          aclmdlRIDestroyUnregisterCallback(s.models[i], FuzzModelDestroyed);
      }
      break;
    }
    case 35: {  // task groups (operator runs as stand-ins) and updates; edits of models' tasks
      switch (in.ConsumeIntegralInRange<int>(0, 6)) {
        case 0:
          aclmdlRICaptureTaskGrpBegin(PickStream(in, s));  // any stream: it may not capture
          break;
        case 5: {  // edits of a model's tasks (maybe of a dead or running model): disable or retarget
          aclrtStream model_stream = nullptr;
          uint32_t streams = 1;
          aclmdlRITask tasks[4] = {};
          uint32_t count = 4;
          if (aclmdlRIGetStreams(s.models[i], &model_stream, &streams) != ACL_SUCCESS ||
              aclmdlRIGetTasksByStream(model_stream, tasks, &count) != ACL_SUCCESS || count == 0) {
            break;
          }
          aclmdlRITask task = tasks[in.ConsumeIntegralInRange<uint32_t>(0, count - 1)];
          if (in.ConsumeBool()) {
            aclmdlRITaskDisable(task);
          } else {
            size_t room = 0;
            aclmdlRITaskParams params;
            std::memset(&params, 0, sizeof(params));
            params.type = static_cast<aclmdlRITaskType>(in.ConsumeIntegralInRange<int>(0, 7));
            params.valueWaitTaskParams.devAddr = PickDevice(in, s, &room);  // maybe freed: the replay refuses it
            params.valueWaitTaskParams.value = uint64_t{1} << 63;           // INT64_MIN: a GEQ wait
            params.valueWaitTaskParams.flag = ACL_STREAM_WAIT_VALUE_GEQ;    // always holds, never waits
            aclmdlRITaskSetParams(task, &params);
          }
          break;
        }
        case 6:
          if (in.ConsumeBool()) {
            aclmdlRIUpdate(s.models[i]);
          } else {
            aclmdlRIAbort(s.models[i]);  // maybe running, dead, or still capturing
          }
          break;
        case 1:
          aclmdlRICaptureTaskGrpEnd(PickStream(in, s), &s.groups[i]);
          break;
        case 2:
          aclmdlRICaptureTaskUpdateBegin(PickStream(in, s), s.groups[i]);  // maybe of a destroyed model
          break;
        case 3:
          aclmdlRICaptureTaskUpdateEnd(PickStream(in, s));
          break;
        default:
          aclnnHostLaunchOperatorStandIn(PickStream(in, s), "Fuzz", FuzzStandIn, nullptr);
      }
      break;
    }
    case 36: {  // conditional tasks: handles, tasks, branch captures (the words stay 0: no endless loop)
      switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0:
          aclmdlRICondHandleCreate(s.models[i], 0,
                                   static_cast<aclmdlRICondHandleFlag>(in.ConsumeIntegralInRange<int>(0, 2)),
                                   in.ConsumeBool() ? &s.conditions[i] : nullptr);
          break;
        case 1: {
          uint64_t* word = nullptr;
          aclmdlRICondHandleGetCondPtr(s.conditions[i], in.ConsumeBool() ? &word : nullptr);
          break;
        }
        case 2: {
          aclmdlRI branches[3] = {};
          aclmdlRICondTaskParams params{s.conditions[i],
                                        static_cast<aclmdlRICondTaskType>(in.ConsumeIntegralInRange<int>(0, 3)),
                                        in.ConsumeIntegralInRange<uint32_t>(0, 3), branches};
          if (aclmdlRIAddCondTask(params, PickStream(in, s), in.ConsumeIntegralInRange<uint32_t>(0, 1)) ==
              ACL_SUCCESS) {
            s.models[(i + 1) % kSlots] = branches[0];  // a branch to capture into, run, destroy...
          }
          break;
        }
        default:
          aclmdlRICaptureToModelRIBegin(PickStream(in, s), s.models[i],
                                        static_cast<aclmdlRICaptureMode>(in.ConsumeIntegralInRange<int>(0, 3)));
      }
      break;
    }
    default: {
      if (in.ConsumeBool()) {
        aclrtSynchronizeDevice();
      } else {
        size_t free_bytes = 0, total = 0;
        aclrtGetMemInfo(static_cast<aclrtMemAttr>(in.ConsumeIntegralInRange<int>(-1, 8)), &free_bytes, &total);
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  unsetenv("ACLNN_HOST_STRICT");
  setenv("ACLNN_HOST_DEVICE_COUNT", "2", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  State s;
  for (int step = 0; step < kMaxSteps && in.remaining_bytes() > 0; ++step) Step(in, s);
  // Tear down: executors and tensors the program still owns, then every aclInit reference
  // (aclFinalize releases streams, events and memory still alive).
  for (Executor& e : s.executors) {
    if (e.live) aclDestroyAclOpExecutor(e.handle);  // may already be consumed: a status, not a crash
  }
  for (size_t k = 0; k < kSlots; ++k) {
    if (s.tensor_live[k]) aclDestroyTensor(s.tensors[k]);
    if (s.channel_live[k]) acltdtDestroyChannel(s.channels[k]);
  }
  // Queues are the device's: unbind every route between them, then destroy them (ids are unique).
  {
    aclInit(nullptr);  // a reference of its own (or a repeat): the loop below releases them all
    aclrtSetDevice(0);
    acltdtQueueRouteList* routes = acltdtCreateQueueRouteList();
    for (uint32_t from : s.queues) {
      for (uint32_t to : s.queues) {
        acltdtQueueRoute* route = acltdtCreateQueueRoute(from, to);
        acltdtAddQueueRoute(routes, route);
        acltdtDestroyQueueRoute(route);
      }
    }
    acltdtUnbindQueueRoutes(routes);
    acltdtDestroyQueueRouteList(routes);
    for (uint32_t qid : s.queues) acltdtDestroyQueue(qid);
    // Mappings end before their reservations, which end before the physical memory.
    for (void* reservation : s.reservations) {
      for (int piece = 0; reservation != nullptr && piece < 2; ++piece) {
        aclrtUnmapMem(static_cast<uint8_t*>(reservation) + (size_t{2} << 20) * piece);
      }
      aclrtReleaseMemAddress(reservation);
    }
    for (aclrtDrvMemHandle physical : s.physicals) aclrtFreePhysical(physical);
  }
  while (aclFinalize() == ACL_SUCCESS) {
  }
  if (s.callbacks_registered) RemoveLifecycleCallbacks();
  for (Buffer& b : s.host_pinned) {
    if (b.live) aclrtFreeHost(b.ptr);  // after finalize: refused or already released, never a crash
  }
  aclGetRecentErrMsg();
  return 0;
}
