// Host stand-ins for the small AscendC kernels hicann/runtime's samples share (`example/kernel_func/`:
// kernel_ops.h and kernel_add.h), for the runtime-sample trial only. Each is queued on the stream with
// aclnn-host's aclnnHostLaunchOperatorStandIn, so the runtime treats it as a kernel task, and does
// what the kernel's source says, for each of `blockDim` blocks:
//   EasyOP x[i] += 1; ShortOP x[i] *= 2; LongOP a long task (here 200 ms), then x[i] += 1;
//   ErrorOP a trap: the task fails (a throw: 507000 here, the NPU's vector-core exception is 507035);
//   WriteDo p[i] = value and prints it; ReadDo prints p[i]; PrintDo prints "Hello World";
//   AddDo dst = srcA + srcB over totalSize floats.
// Written from the kernels' behaviour, not from their code; not installed.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <thread>

#include "acl/acl.h"
#include "aclnn_host/stand_in.h"

namespace {

struct Blocks {
  uint32_t count;
  uint32_t* x;
};

struct Values {
  uint32_t count;
  int* pointer;
  int value;
};

struct Sum {
  const float* a;
  const float* b;
  float* out;
  uint32_t count;
};

template <typename Args>
struct Body {
  using Run = void (*)(const Args&);  // a non-deduced context: lambdas convert to it
};

// Queues `run` on `stream` with a heap copy of `args`, freed after the run.
template <typename Args>
void Launch(void* stream, const char* name, const Args& args, typename Body<Args>::Run run) {
  struct Task {
    Args args;
    void (*run)(const Args&);
  };
  Task* task = new Task{args, run};
  const aclError status = aclnnHostLaunchOperatorStandIn(
      static_cast<aclrtStream>(stream), name,
      [](void* raw) {
        Task* queued = static_cast<Task*>(raw);
        const Task copy = *queued;
        delete queued;
        copy.run(copy.args);
      },
      task);
  if (status != ACL_SUCCESS) {
    std::fprintf(stderr, "[stand-in] %s was not queued: %d\n", name, status);
    delete task;
  }
}

}  // namespace

void EasyOP(uint32_t blockDim, void* stream, uint32_t* x) {
  Launch(stream, "EasyOPf", Blocks{blockDim, x}, [](const Blocks& b) {
    for (uint32_t i = 0; i < b.count; ++i) b.x[i] += 1;
  });
}

void ShortOP(uint32_t blockDim, void* stream, uint32_t* x) {
  Launch(stream, "ShortOPf", Blocks{blockDim, x}, [](const Blocks& b) {
    for (uint32_t i = 0; i < b.count; ++i) b.x[i] *= 2;
  });
}

void LongOP(uint32_t blockDim, void* stream, uint32_t* x) {
  Launch(stream, "LongOPf", Blocks{blockDim, x}, [](const Blocks& b) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    for (uint32_t i = 0; i < b.count; ++i) b.x[i] += 1;
  });
}

void ErrorOP(uint32_t blockDim, void* stream) {
  Launch(stream, "ErrorOPf", Blocks{blockDim, nullptr},
         [](const Blocks&) { throw std::runtime_error("ErrorOPf: trap (the kernel's asm(\"trap\"))"); });
}

void WriteDo(uint32_t blockDim, void* stream, int* devPtr, int value) {
  Launch(stream, "DeviceWrite", Values{blockDim, devPtr, value}, [](const Values& v) {
    for (uint32_t i = 0; i < v.count; ++i) {
      v.pointer[i] = v.value;
      std::printf("Source data: %d\n", v.value);
    }
  });
}

void ReadDo(uint32_t blockDim, void* stream, int* devPtr) {
  Launch(stream, "DeviceRead", Values{blockDim, devPtr, 0}, [](const Values& v) {
    for (uint32_t i = 0; i < v.count; ++i) std::printf("Destination data: %d\n", v.pointer[i]);
  });
}

void PrintDo(uint32_t blockDim, void* stream) {
  Launch(stream, "KernelPrint", Values{blockDim, nullptr, 0}, [](const Values& v) {
    for (uint32_t i = 0; i < v.count; ++i) std::printf("Hello World\n");
  });
}

void AddDo(uint32_t blockDim, void* stream, float* srcA, float* srcB, float* dst, uint32_t totalSize) {
  (void)blockDim;
  Launch(stream, "AddKernel", Sum{srcA, srcB, dst, totalSize}, [](const Sum& s) {
    for (uint32_t i = 0; i < s.count; ++i) s.out[i] = s.a[i] + s.b[i];
  });
}
