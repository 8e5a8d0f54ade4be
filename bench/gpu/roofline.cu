// The roofline kernel of the GPU benchmark (gpu_bench.cc), in its own translation unit.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

void Check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
  std::exit(1);
}

// Moves the bytes of the op: reads a and b, writes out, 16 bytes per access and four accesses in
// flight per thread (the shape of the backend's dense kernel), with a bitwise op, so nothing is
// computed. Words past the last whole 16-byte pack go one at a time.
__global__ void Roofline(int64_t words, const uint32_t* __restrict__ a, const uint32_t* __restrict__ b,
                         uint32_t* __restrict__ out) {
  const int64_t packs = words / 4;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const int64_t first = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (int64_t base = first; base < packs; base += 4 * stride) {
    uint4 va[4], vb[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) {
      const int64_t p = base + u * stride;
      if (p < packs) {
        va[u] = reinterpret_cast<const uint4*>(a)[p];
        vb[u] = reinterpret_cast<const uint4*>(b)[p];
      }
    }
#pragma unroll
    for (int u = 0; u < 4; ++u) {
      const int64_t p = base + u * stride;
      if (p < packs) {
        reinterpret_cast<uint4*>(out)[p] =
            make_uint4(va[u].x ^ vb[u].x, va[u].y ^ vb[u].y, va[u].z ^ vb[u].z, va[u].w ^ vb[u].w);
      }
    }
  }
  for (int64_t i = packs * 4 + first; i < words; i += stride) out[i] = a[i] ^ b[i];
}

void Launch(int64_t words, const void* a, const void* b, void* out) {
  const unsigned blocks = static_cast<unsigned>((words / 16 + 255) / 256 + 1);  // one thread per 4 packs
  Roofline<<<blocks, 256>>>(words, static_cast<const uint32_t*>(a), static_cast<const uint32_t*>(b),
                            static_cast<uint32_t*>(out));
}

}  // namespace

void RooflineLaunchAndWait(int64_t words, const void* a, const void* b, void* out) {
  Launch(words, a, b, out);
  Check(cudaDeviceSynchronize(), "roofline");
}

double RooflineBurstSeconds(int64_t words, const void* a, const void* b, void* out, int launches) {
  cudaEvent_t start, stop;
  Check(cudaEventCreate(&start), "cudaEventCreate");
  Check(cudaEventCreate(&stop), "cudaEventCreate");
  Check(cudaEventRecord(start), "cudaEventRecord");
  for (int i = 0; i < launches; ++i) Launch(words, a, b, out);
  Check(cudaEventRecord(stop), "cudaEventRecord");
  Check(cudaEventSynchronize(stop), "cudaEventSynchronize");
  float ms = 0;
  Check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms * 1e-3;
}
