// The CUDA device backend (runtime/device_backend.h): device memory is GPU memory, aclrtMallocHost
// is page-locked memory, copies and fills are CUDA copies and memsets, and the operators' kernels
// run the sequences of kernels/scalar_ops.h — the same functions the host tests pin to the
// independent reference — compiled without contraction (every multiply and add an explicit
// __fmul_rn / __fadd_rn, and -fmad=false for the rest).
//
// Each host thread has one non-blocking CUDA stream per GPU; a call enqueues its work there and
// waits for it, so when a call returns the GPU is done (the host stream that ran the task then
// completes it: events, callbacks and synchronisation keep their host semantics).
#include <cuda_runtime.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "kernels/scalar_ops.h"
#include "runtime/device_backend.h"

namespace aclnn_host {
namespace cuda {
namespace {

namespace scalar = ::aclnn_host::scalar;

constexpr int kMaxGpus = 64;
constexpr int kThreads = 256;

int Report(char* error, size_t size, const char* format, ...) __attribute__((format(printf, 3, 4)));
int Report(char* error, size_t size, const char* format, ...) {
  if (error != nullptr && size > 0) {
    va_list args;
    va_start(args, format);
    std::vsnprintf(error, size, format, args);
    va_end(args);
  }
  return 1;
}

int Check(cudaError_t status, const char* what, char* error, size_t size) {
  if (status == cudaSuccess) return 0;
  return Report(error, size, "%s: %s (%s)", what, cudaGetErrorString(status), cudaGetErrorName(status));
}

// The calling thread's stream on each GPU, created on first use, destroyed with the thread.
struct ThreadStreams {
  cudaStream_t streams[kMaxGpus] = {};
  ~ThreadStreams() {
    for (cudaStream_t stream : streams) {
      if (stream != nullptr) cudaStreamDestroy(stream);
    }
  }
};

int StreamFor(int32_t device, cudaStream_t* stream, char* error, size_t size) {
  if (device < 0 || device >= kMaxGpus) return Report(error, size, "device %d is out of range", device);
  if (Check(cudaSetDevice(device), "cudaSetDevice", error, size) != 0) return 1;
  thread_local ThreadStreams streams;
  cudaStream_t& slot = streams.streams[device];
  if (slot == nullptr &&
      Check(cudaStreamCreateWithFlags(&slot, cudaStreamNonBlocking), "cudaStreamCreate", error, size) != 0) {
    slot = nullptr;
    return 1;
  }
  *stream = slot;
  return 0;
}

// Waits for the work just enqueued; a kernel fault surfaces here (and poisons the context).
int Finish(cudaStream_t stream, const char* what, char* error, size_t size) {
  if (Check(cudaGetLastError(), what, error, size) != 0) return 1;
  return Check(cudaStreamSynchronize(stream), what, error, size);
}

// ---- the kernels ------------------------------------------------------------------------------

template <int kFormat>
struct RawOf {
  using Type = uint16_t;
};
template <>
struct RawOf<0> {
  using Type = uint32_t;
};
template <int kFormat>
using Raw = typename RawOf<kFormat>::Type;

/// N elements that load and store as one vector access.
template <class T, int N>
struct alignas(sizeof(T) * N) Pack {
  T v[N];
};

/// The per-element function of one launch: inputs in formats kA (and kB), the output in kOut.
template <class Op, int kA, int kOut>
struct UnaryFn {
  __device__ static Raw<kOut> Apply(Raw<kA> x, scalar::Mode mode) {
    return static_cast<Raw<kOut>>(
        scalar::UnaryElement<Op>(x, static_cast<scalar::Format>(kA), static_cast<scalar::Format>(kOut), mode));
  }
};

template <class Op, int kFormat>
struct BinaryFn {
  __device__ static Raw<kFormat> Apply(Raw<kFormat> a, Raw<kFormat> b, scalar::Mode mode) {
    return static_cast<Raw<kFormat>>(scalar::BinaryElement<Op>(a, b, static_cast<scalar::Format>(kFormat), mode));
  }

  /// A pack at once. 16-bit formats without the subnormal flush (every profile but the 950's)
  /// widen and narrow two elements per conversion instruction — the same conversions, so the same
  /// bits (the GPU tests compare every fp16/bf16 value); the sequence itself runs per element.
  template <int N>
  __device__ static void ApplyPack(const Pack<Raw<kFormat>, N>& a, const Pack<Raw<kFormat>, N>& b,
                                   Pack<Raw<kFormat>, N>& out, scalar::Mode mode) {
    if constexpr (kFormat != 0 && N % 2 == 0 && !Op::kHalfAway) {
      if (!mode.flush) {
        constexpr float kMax = kFormat == 1 ? 65504.0f : 3.38953139e38f;
#pragma unroll
        for (int i = 0; i < N; i += 2) {
          const float2 fa = Widen2(a.v[i], a.v[i + 1]);
          const float2 fb = Widen2(b.v[i], b.v[i + 1]);
          float y0 = Op::Apply(fa.x, fb.x, false);
          float y1 = Op::Apply(fa.y, fb.y, false);
          if (mode.saturate) {
            y0 = y0 != y0 ? 0.0f : fminf(fmaxf(y0, -kMax), kMax);
            y1 = y1 != y1 ? 0.0f : fminf(fmaxf(y1, -kMax), kMax);
          }
          Narrow2(y0, y1, &out.v[i]);
        }
        return;
      }
    }
#pragma unroll
    for (int i = 0; i < N; ++i) out.v[i] = Apply(a.v[i], b.v[i], mode);
  }

 private:
  __device__ static float2 Widen2(uint16_t lo, uint16_t hi) {
    const uint32_t bits = static_cast<uint32_t>(lo) | (static_cast<uint32_t>(hi) << 16);
    if constexpr (kFormat == 1) {
      __half2 h;
      memcpy(&h, &bits, 4);
      return __half22float2(h);
    } else {
      __nv_bfloat162 h;
      memcpy(&h, &bits, 4);
      return __bfloat1622float2(h);
    }
  }
  // Round to nearest even, two at a time (IEEE conversions: subnormals and overflow included).
  __device__ static void Narrow2(float lo, float hi, uint16_t* out) {
    uint32_t bits;
    if constexpr (kFormat == 1) {
      const __half2 h = __floats2half2_rn(lo, hi);
      memcpy(&bits, &h, 4);
    } else {
      const __nv_bfloat162 h = __floats2bfloat162_rn(lo, hi);
      memcpy(&bits, &h, 4);
    }
    out[0] = static_cast<uint16_t>(bits & 0xFFFFu);
    out[1] = static_cast<uint16_t>(bits >> 16);
  }
};

template <int kFormat>
struct CopyFn {
  __device__ static Raw<kFormat> Apply(Raw<kFormat> x, scalar::Mode) { return x; }
};

__device__ inline int64_t GlobalThread() { return static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; }
__device__ inline int64_t GridThreads() { return static_cast<int64_t>(gridDim.x) * blockDim.x; }

// Dense launches: each thread takes kUnroll packs of N elements (16-byte accesses), loads them
// all before computing (memory-level parallelism), then stores; grid-stride over such groups.
// Elements past the last whole pack go one at a time.
constexpr int kUnroll = 4;

template <class Fn, int kIn, int kOut, int N>
__global__ void UnaryDense(int64_t n, const Raw<kIn>* __restrict__ x, Raw<kOut>* __restrict__ out, scalar::Mode mode) {
  using In = Pack<Raw<kIn>, N>;
  using Out = Pack<Raw<kOut>, N>;
  const int64_t packs = n / N;
  const int64_t stride = GridThreads();
  for (int64_t base = GlobalThread(); base < packs; base += stride * kUnroll) {
    In in[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t p = base + u * stride;
      if (p < packs) in[u] = reinterpret_cast<const In*>(x)[p];
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t p = base + u * stride;
      if (p >= packs) break;
      Out result;
#pragma unroll
      for (int i = 0; i < N; ++i) result.v[i] = Fn::Apply(in[u].v[i], mode);
      reinterpret_cast<Out*>(out)[p] = result;
    }
  }
  for (int64_t i = packs * N + GlobalThread(); i < n; i += stride) out[i] = Fn::Apply(x[i], mode);
}

template <class Fn, int kFormat, int N>
__global__ void BinaryDense(int64_t n, const Raw<kFormat>* __restrict__ a, const Raw<kFormat>* __restrict__ b,
                            Raw<kFormat>* __restrict__ out, scalar::Mode mode) {
  using P = Pack<Raw<kFormat>, N>;
  const int64_t packs = n / N;
  const int64_t stride = GridThreads();
  for (int64_t base = GlobalThread(); base < packs; base += stride * kUnroll) {
    P va[kUnroll], vb[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t p = base + u * stride;
      if (p < packs) {
        va[u] = reinterpret_cast<const P*>(a)[p];
        vb[u] = reinterpret_cast<const P*>(b)[p];
      }
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t p = base + u * stride;
      if (p >= packs) break;
      P result;
      Fn::template ApplyPack<N>(va[u], vb[u], result, mode);
      reinterpret_cast<P*>(out)[p] = result;
    }
  }
  for (int64_t i = packs * N + GlobalThread(); i < n; i += stride) out[i] = Fn::Apply(a[i], b[i], mode);
}

/// Byte offsets of element `index` of a strided iteration space, for each operand.
template <int kOperands>
__device__ inline void Offsets(const AhElementwiseLaunch& l, int64_t index, int64_t* offsets) {
#pragma unroll
  for (int k = 0; k < kOperands; ++k) offsets[k] = 0;
  for (int d = l.rank - 1; d >= 0; --d) {
    const int64_t size = l.sizes[d];
    const int64_t coordinate = index % size;
    index /= size;
#pragma unroll
    for (int k = 0; k < kOperands; ++k) offsets[k] += coordinate * l.byte_strides[k][d];
  }
}

// Any layout: each element's offsets from its index (grid-stride; one thread walks the index in
// row-major order when the launch is serial).
template <class Fn, int kIn, int kOut>
__global__ void UnaryStrided(AhElementwiseLaunch l, scalar::Mode mode) {
  for (int64_t i = GlobalThread(); i < l.count; i += GridThreads()) {
    int64_t offsets[2];
    Offsets<2>(l, i, offsets);
    const Raw<kIn> x = *reinterpret_cast<const Raw<kIn>*>(static_cast<const char*>(l.bases[0]) + offsets[0]);
    *reinterpret_cast<Raw<kOut>*>(static_cast<char*>(l.bases[1]) + offsets[1]) = Fn::Apply(x, mode);
  }
}

template <class Fn, int kFormat>
__global__ void BinaryStrided(AhElementwiseLaunch l, scalar::Mode mode) {
  for (int64_t i = GlobalThread(); i < l.count; i += GridThreads()) {
    int64_t offsets[3];
    Offsets<3>(l, i, offsets);
    const Raw<kFormat> a = *reinterpret_cast<const Raw<kFormat>*>(static_cast<const char*>(l.bases[0]) + offsets[0]);
    const Raw<kFormat> b = *reinterpret_cast<const Raw<kFormat>*>(static_cast<const char*>(l.bases[1]) + offsets[1]);
    *reinterpret_cast<Raw<kFormat>*>(static_cast<char*>(l.bases[2]) + offsets[2]) = Fn::Apply(a, b, mode);
  }
}

// ---- launching --------------------------------------------------------------------------------

struct Launcher {
  const AhElementwiseLaunch& launch;
  cudaStream_t stream;
  scalar::Mode mode;

  bool Dense() const {
    if (launch.serial || launch.rank != 1) return false;
    for (int k = 0; k <= launch.num_inputs; ++k) {
      const int64_t size = launch.formats[k] == 0 ? 4 : 2;
      if (launch.byte_strides[k][0] != size && launch.sizes[0] > 1) return false;
    }
    return true;
  }

  // Whether every operand's first element is aligned for packs of `n` elements.
  bool Aligned(int n) const {
    for (int k = 0; k <= launch.num_inputs; ++k) {
      const uintptr_t bytes = static_cast<uintptr_t>(n) * (launch.formats[k] == 0 ? 4u : 2u);
      if (reinterpret_cast<uintptr_t>(launch.bases[k]) % bytes != 0) return false;
    }
    return true;
  }

  // One thread per unit of work (measured faster on an H200 than a grid capped at a few blocks
  // per multiprocessor), within the grid's limit; the kernels' grid-stride loops cover the rest.
  unsigned Blocks(int64_t work) const {
    if (launch.serial) return 1;
    const int64_t wanted = (work + kThreads - 1) / kThreads;
    const int64_t cap = int64_t{1} << 30;
    return static_cast<unsigned>(wanted < 1 ? 1 : (wanted < cap ? wanted : cap));
  }
  unsigned Threads() const { return launch.serial ? 1u : static_cast<unsigned>(kThreads); }

  template <class Fn, int kIn, int kOut>
  void Unary() const {
    if (Dense()) {
      const auto* x = static_cast<const Raw<kIn>*>(launch.bases[0]);
      auto* out = static_cast<Raw<kOut>*>(launch.bases[1]);
      constexpr int N = (kIn == 0 || kOut == 0) ? 4 : 8;  // 16-byte accesses for the wider operand
      if (Aligned(N)) {
        UnaryDense<Fn, kIn, kOut, N>
            <<<Blocks(launch.count / N / kUnroll + 1), kThreads, 0, stream>>>(launch.count, x, out, mode);
      } else {
        UnaryDense<Fn, kIn, kOut, 1>
            <<<Blocks(launch.count / kUnroll + 1), kThreads, 0, stream>>>(launch.count, x, out, mode);
      }
      return;
    }
    UnaryStrided<Fn, kIn, kOut><<<Blocks(launch.count), Threads(), 0, stream>>>(launch, mode);
  }

  template <class Fn, int kFormat>
  void Binary() const {
    if (Dense()) {
      const auto* a = static_cast<const Raw<kFormat>*>(launch.bases[0]);
      const auto* b = static_cast<const Raw<kFormat>*>(launch.bases[1]);
      auto* out = static_cast<Raw<kFormat>*>(launch.bases[2]);
      constexpr int N = kFormat == 0 ? 4 : 8;
      if (Aligned(N)) {
        BinaryDense<Fn, kFormat, N>
            <<<Blocks(launch.count / N / kUnroll + 1), kThreads, 0, stream>>>(launch.count, a, b, out, mode);
      } else {
        BinaryDense<Fn, kFormat, 1>
            <<<Blocks(launch.count / kUnroll + 1), kThreads, 0, stream>>>(launch.count, a, b, out, mode);
      }
      return;
    }
    BinaryStrided<Fn, kFormat><<<Blocks(launch.count), Threads(), 0, stream>>>(launch, mode);
  }

  template <class Op>
  bool BinaryByFormat() const {
    const int f = launch.formats[0];
    if (f != launch.formats[1] || f != launch.formats[2]) return false;
    if (f == 0) Binary<BinaryFn<Op, 0>, 0>();
    if (f == 1) Binary<BinaryFn<Op, 1>, 1>();
    if (f == 2) Binary<BinaryFn<Op, 2>, 2>();
    return f >= 0 && f <= 2;
  }

  template <class Op, int kIn>
  bool UnaryToFormat() const {
    switch (launch.formats[1]) {
      case 0:
        Unary<UnaryFn<Op, kIn, 0>, kIn, 0>();
        return true;
      case 1:
        Unary<UnaryFn<Op, kIn, 1>, kIn, 1>();
        return true;
      case 2:
        Unary<UnaryFn<Op, kIn, 2>, kIn, 2>();
        return true;
      default:
        return false;
    }
  }

  template <class Op>
  bool UnaryByFormat() const {
    switch (launch.formats[0]) {
      case 0:
        return UnaryToFormat<Op, 0>();
      case 1:
        return UnaryToFormat<Op, 1>();
      case 2:
        return UnaryToFormat<Op, 2>();
      default:
        return false;
    }
  }

  bool Copy() const {
    if (launch.formats[0] != launch.formats[1]) return false;
    if (launch.formats[0] == 0) {
      Unary<CopyFn<0>, 0, 0>();
    } else {
      Unary<CopyFn<1>, 1, 1>();  // every 16-bit format copies as its bits
    }
    return true;
  }

  /// False when the launch names a sequence or format combination this backend does not have.
  bool Run() const {
    switch (launch.op) {
      case AH_DEVICE_OP_COPY:
        return launch.num_inputs == 1 && Copy();
      case AH_DEVICE_OP_HARDSWISH_GRAD_V2:
        return launch.num_inputs == 2 && BinaryByFormat<scalar::HardswishGradV2Op>();
      case AH_DEVICE_OP_HARDSWISH_GRAD_V1:
        return launch.num_inputs == 2 && BinaryByFormat<scalar::HardswishGradV1Op>();
      case AH_DEVICE_OP_HARDSWISH_GRAD_V1_TBE:  // fp16 computes in fp16's path, without the fix-up
        return launch.num_inputs == 2 &&
               (launch.formats[0] == 1 ? BinaryByFormat<scalar::HardswishGradV1TbeOp<false>>()
                                       : BinaryByFormat<scalar::HardswishGradV1TbeOp<true>>());
      case AH_DEVICE_OP_HARDSWISH:
        return launch.num_inputs == 1 && UnaryByFormat<scalar::HardswishOp>();
      case AH_DEVICE_OP_HARDSWISH_TBE:
        return launch.num_inputs == 1 && UnaryByFormat<scalar::HardswishTbeOp>();
      default:
        return false;
    }
  }
};

// ---- the table --------------------------------------------------------------------------------

int Probe(int32_t* device_count, uint64_t* memory_bytes, char* error, size_t size) {
  int count = 0;
  if (Check(cudaGetDeviceCount(&count), "cudaGetDeviceCount", error, size) != 0) return 1;
  if (count <= 0) return Report(error, size, "the CUDA runtime sees no GPU");
  if (count > kMaxGpus) count = kMaxGpus;
  uint64_t smallest = 0;
  for (int device = 0; device < count; ++device) {
    size_t free_bytes = 0, total_bytes = 0;
    if (Check(cudaSetDevice(device), "cudaSetDevice", error, size) != 0) return 1;
    if (Check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo", error, size) != 0) return 1;
    if (device == 0 || total_bytes < smallest) smallest = total_bytes;
  }
  *device_count = count;
  *memory_bytes = smallest;
  return 0;
}

int MallocDevice(int32_t device, size_t bytes, void** ptr, char* error, size_t size) {
  if (Check(cudaSetDevice(device), "cudaSetDevice", error, size) != 0) return 1;
  return Check(cudaMalloc(ptr, bytes), "cudaMalloc", error, size);
}

int FreeDevice(int32_t device, void* ptr, char* error, size_t size) {
  if (Check(cudaSetDevice(device), "cudaSetDevice", error, size) != 0) return 1;
  return Check(cudaFree(ptr), "cudaFree", error, size);
}

int MallocHost(size_t bytes, void** ptr, char* error, size_t size) {
  return Check(cudaMallocHost(ptr, bytes), "cudaMallocHost", error, size);
}

int FreeHost(void* ptr, char* error, size_t size) { return Check(cudaFreeHost(ptr), "cudaFreeHost", error, size); }

int CopyBytes(int32_t device, void* dst, const void* src, size_t bytes, char* error, size_t size) {
  cudaStream_t stream = nullptr;
  if (StreamFor(device, &stream, error, size) != 0) return 1;
  if (Check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, stream), "cudaMemcpyAsync", error, size) != 0) return 1;
  return Finish(stream, "cudaMemcpyAsync", error, size);
}

int Fill(int32_t device, void* dst, int32_t value, size_t bytes, char* error, size_t size) {
  cudaPointerAttributes attributes{};
  if (Check(cudaPointerGetAttributes(&attributes, dst), "cudaPointerGetAttributes", error, size) != 0) return 1;
  if (attributes.type != cudaMemoryTypeDevice) {  // page-locked (or other) host memory
    std::memset(dst, value, bytes);
    return 0;
  }
  cudaStream_t stream = nullptr;
  if (StreamFor(device, &stream, error, size) != 0) return 1;
  if (Check(cudaMemsetAsync(dst, value, bytes, stream), "cudaMemsetAsync", error, size) != 0) return 1;
  return Finish(stream, "cudaMemsetAsync", error, size);
}

int LaunchElementwise(int32_t device, const AhElementwiseLaunch* launch, char* error, size_t size) {
  if (launch->count <= 0) return 0;
  if (launch->rank < 1 || launch->rank > AH_DEVICE_MAX_RANK || launch->num_inputs < 1 ||
      launch->num_inputs >= AH_DEVICE_MAX_OPERANDS) {
    return Report(error, size, "malformed launch (rank %d, %d inputs)", launch->rank, launch->num_inputs);
  }
  cudaStream_t stream = nullptr;
  if (StreamFor(device, &stream, error, size) != 0) return 1;
  const Launcher launcher{*launch, stream, scalar::Mode{launch->saturate != 0, launch->flush != 0}};
  if (!launcher.Run()) {
    return Report(error, size, "no CUDA kernel for sequence %d with formats %d/%d/%d", launch->op, launch->formats[0],
                  launch->formats[1], launch->formats[launch->num_inputs]);
  }
  return Finish(stream, "elementwise kernel", error, size);
}

const AhDeviceBackend kBackend = {
    AH_DEVICE_BACKEND_ABI_VERSION,
    "cuda",
    Probe,
    MallocDevice,
    FreeDevice,
    MallocHost,
    FreeHost,
    CopyBytes,
    Fill,
    LaunchElementwise,
};

}  // namespace
}  // namespace cuda
}  // namespace aclnn_host

extern "C" __attribute__((visibility("default"))) const AhDeviceBackend* aclnnHostDeviceBackend(void) {
  return &aclnn_host::cuda::kBackend;
}
