// aclnn-host's benchmark: HardSwish backward end to end (phase one + phase two + synchronize) and
// the kernel alone (the planned, tiled, multi-threaded execution), against a roofline kernel that
// moves the same bytes on the same threads through the same iteration layer, and against oneDNN's
// eltwise hardswish backward — all in one run, so every figure is a ratio taken on one machine.
//
// Bytes per element: two inputs read and one output written. scripts/bench.sh runs this binary,
// adds PyTorch, and writes the report.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn_host/ops.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "base/elementwise.h"
#include "base/executor.h"
#include "base/tensor.h"
#include "kernels/isa.h"
#include "ops/op_spec.h"
#include "roofline_kernels.h"
#include "runtime/thread_pool.h"

#ifdef ACLNN_HOST_BENCH_WITH_PTHREADPOOL
#include <pthreadpool.h>
#endif
#ifdef ACLNN_HOST_BENCH_WITH_ONEDNN
#include <omp.h>

#include <dnnl.hpp>
#endif

namespace {

// One runtime for the whole process (the benchmark's main sets it up).
aclrtStream g_stream = nullptr;

size_t SizeOf(aclDataType dtype) { return dtype == ACL_FLOAT ? 4 : 2; }

/// Three device tensors of `shape` (with `strides`, elements) holding values in [-6, 6].
struct Operands {
  Operands(aclDataType dtype, std::vector<int64_t> shape, std::vector<int64_t> strides = {}) {
    int64_t count = 1;
    for (int64_t d : shape) count *= d;
    elements = count;
    if (strides.empty()) {
      strides.assign(shape.size(), 1);
      for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    }
    const size_t bytes = static_cast<size_t>(count) * SizeOf(dtype);
    std::mt19937 rng(1);
    std::vector<uint8_t> host(bytes);
    for (size_t i = 0; i < bytes / 2; ++i) {
      // bf16/fp16/fp32 halves of values around [-6, 6]: exponent bits kept small and sane
      const uint16_t half = static_cast<uint16_t>(0x3800 + rng() % 0x0A00) | (rng() % 2 ? 0x8000 : 0);
      std::memcpy(&host[2 * i], &half, 2);
    }
    const int64_t storage[] = {count};
    for (int k = 0; k < 3; ++k) {
      aclrtMalloc(&data[k], bytes, ACL_MEM_MALLOC_HUGE_FIRST);
      aclrtMemcpy(data[k], bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
      tensors[k] =
          aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, storage, 1, data[k]);
    }
  }
  ~Operands() {
    for (int k = 0; k < 3; ++k) {
      aclDestroyTensor(tensors[k]);
      aclrtFree(data[k]);
    }
  }
  int64_t elements = 0;
  void* data[3] = {};
  aclTensor* tensors[3] = {};  // gradOutput, self, out
};

void SetThroughput(benchmark::State& state, int64_t elements, aclDataType dtype) {
  state.SetBytesProcessed(state.iterations() * elements * 3 * static_cast<int64_t>(SizeOf(dtype)));
  state.SetItemsProcessed(state.iterations() * elements);
}

/// Phase two's workspace, allocated once (a CANN program allocates what phase one asks for; the
/// benchmark keeps one block of the largest size asked, as a caching allocator would).
void* Workspace(uint64_t size) {
  static void* block = nullptr;
  static uint64_t block_size = 0;
  if (size > block_size) {
    if (block != nullptr) aclrtFree(block);
    block = nullptr;
    block_size = 0;
    if (aclrtMalloc(&block, size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return nullptr;
    block_size = size;
  }
  return size == 0 ? nullptr : block;
}

aclnnStatus EndToEndOnce(const Operands& ops) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status = aclnnHardswishBackwardV2GetWorkspaceSize(ops.tensors[0], ops.tensors[1], ops.tensors[2],
                                                                &workspace_size, &executor);
  if (status != ACLNN_SUCCESS) return status;
  status = aclnnHardswishBackwardV2(Workspace(workspace_size), workspace_size, executor, g_stream);
  if (status != ACLNN_SUCCESS) return status;
  return aclrtSynchronizeStream(g_stream);
}

// ---- aclnn-host end to end: phase one + phase two + synchronize --------------------------------

void BM_EndToEnd(benchmark::State& state, aclDataType dtype) {
  Operands ops(dtype, {state.range(0)});
  for (auto _ : state) {
    if (EndToEndOnce(ops) != ACLNN_SUCCESS) state.SkipWithError(aclGetRecentErrMsg());
  }
  SetThroughput(state, ops.elements, dtype);
}

// ---- the small-tensor latency, split: phase one alone, and phase two + synchronize alone --------

void BM_PhaseOne(benchmark::State& state) {
  Operands ops(ACL_FLOAT, {state.range(0)});
  for (auto _ : state) {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    aclnnHardswishBackwardV2GetWorkspaceSize(ops.tensors[0], ops.tensors[1], ops.tensors[2], &workspace_size,
                                             &executor);
    aclDestroyAclOpExecutor(executor);
  }
}

void BM_PhaseTwoAndSync(benchmark::State& state) {
  Operands ops(ACL_FLOAT, {state.range(0)});
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  aclnnHardswishBackwardV2GetWorkspaceSize(ops.tensors[0], ops.tensors[1], ops.tensors[2], &workspace_size, &executor);
  aclSetAclOpExecutorRepeatable(executor);
  void* workspace = Workspace(workspace_size);
  for (auto _ : state) {
    aclnnHardswishBackwardV2(workspace, workspace_size, executor, g_stream);
    aclrtSynchronizeStream(g_stream);
  }
  aclDestroyAclOpExecutor(executor);
}

// ---- the planned execution alone, and the roofline through the same machinery ------------------

/// A repeatable executor's plan and the arguments a run passes it.
struct PlannedRun {
  explicit PlannedRun(const Operands& ops) {
    uint64_t workspace_size = 0;
    aclnnHardswishBackwardV2GetWorkspaceSize(ops.tensors[0], ops.tensors[1], ops.tensors[2], &workspace_size,
                                             &executor);
    aclSetAclOpExecutorRepeatable(executor);
    plan = std::static_pointer_cast<const aclnn_host::ElementwisePlan>(aclnn_host::ExecutorPlan(executor));
    for (int k = 0; k < 2; ++k) args.inputs[k] = ops.data[k];
    args.outputs[0] = ops.data[2];
  }
  ~PlannedRun() { aclDestroyAclOpExecutor(executor); }
  aclOpExecutor* executor = nullptr;
  std::shared_ptr<const aclnn_host::ElementwisePlan> plan;
  aclnn_host::LaunchArgs args;
};

void BM_Kernel(benchmark::State& state, aclDataType dtype) {
  Operands ops(dtype, {state.range(0)});
  PlannedRun run(ops);
  for (auto _ : state) run.plan->Execute(run.args);
  SetThroughput(state, ops.elements, dtype);
}

// fp16's conversion floor through the same plan and split as BM_Kernel (roofline_kernels.cc).
void BM_ConversionFloor(benchmark::State& state) {
  Operands ops(ACL_FLOAT16, {state.range(0)});
  PlannedRun run(ops);
  const aclnn_host::DenseKernel floor = bench::ConversionFloorKernelF16();
  const aclnn_host::TensorDesc* inputs[2] = {&aclnn_host::DescOf(ops.tensors[0]), &aclnn_host::DescOf(ops.tensors[1])};
  uint64_t workspace = 0;
  const aclnn_host::ElementwisePlan plan(inputs, 2, aclnn_host::DescOf(ops.tensors[2]), {floor, floor},
                                         run.plan->split(), &workspace);
  for (auto _ : state) plan.Execute(run.args);
  SetThroughput(state, ops.elements, ACL_FLOAT16);
}

void BM_Roofline(benchmark::State& state, aclDataType dtype, bool streaming = false, int halves = 0) {
  Operands ops(dtype, {state.range(0)});
  PlannedRun run(ops);
  aclnn_host::CoreSplit split = run.plan->split();
  if (halves > 0) {  // experiment: one contiguous range per thread instead of the NPU's cores
    split.cores.clear();
    for (int h = 0; h < halves; ++h)
      split.cores.push_back({ops.elements * h / halves, ops.elements * (h + 1) / halves});
    split.chunk = ops.elements;
  }
  const aclnn_host::DenseKernel roofline =
      streaming ? bench::StreamingRooflineKernel() : bench::RooflineKernel(SizeOf(dtype));
  const aclnn_host::TensorDesc* inputs[2] = {&aclnn_host::DescOf(ops.tensors[0]), &aclnn_host::DescOf(ops.tensors[1])};
  uint64_t workspace = 0;
  const aclnn_host::ElementwisePlan plan(inputs, 2, aclnn_host::DescOf(ops.tensors[2]), {roofline, roofline}, split,
                                         &workspace);
  for (auto _ : state) plan.Execute(run.args);
  SetThroughput(state, ops.elements, dtype);
}

// ---- every operator of the table (aclnn_host/ops.h), end to end --------------------------------
// Registered in main from the table: BM_Op/<name>/<dtype>/<elements>. Bytes: each input read and
// the output written once (in place: one tensor read and written). The ISA is the process's
// (ACLNN_HOST_MAX_ISA caps it: scripts/bench.sh runs the lower variants).

void BM_Op(benchmark::State& state, const aclnnHostOpInfo* op, aclDataType dtype) {
  Operands ops(dtype, {state.range(0)});
  aclnnHostOpCall call{};
  // One input: self is tensors[1]; two: gradOutput and self. The output is tensors[2].
  for (uint32_t k = 0; k < op->numInputs; ++k) call.inputs[k] = ops.tensors[2 - op->numInputs + k];
  call.output = op->inPlace ? call.inputs[0] : ops.tensors[2];
  float value = 0.5f;  // every scalar: a value inside the inputs' range, so both branches run
  std::vector<aclScalar*> scalars;
  for (uint32_t k = 0; k < op->numScalars; ++k) {
    scalars.push_back(aclCreateScalar(&value, ACL_FLOAT));
    call.scalars[k] = scalars.back();
  }
  for (auto _ : state) {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus status = aclnnHostOpGetWorkspaceSize(op, &call, &workspace_size, &executor);
    if (status == ACLNN_SUCCESS) {
      status = aclnnHostOpRun(op, Workspace(workspace_size), workspace_size, executor, g_stream);
    }
    if (status != ACLNN_SUCCESS || aclrtSynchronizeStream(g_stream) != ACL_SUCCESS) {
      state.SkipWithError(aclGetRecentErrMsg());
      break;
    }
  }
  for (aclScalar* scalar : scalars) aclDestroyScalar(scalar);
  const int64_t tensors = op->numInputs + 1;  // the inputs read, the output written
  state.SetBytesProcessed(state.iterations() * ops.elements * tensors * static_cast<int64_t>(SizeOf(dtype)));
  state.SetItemsProcessed(state.iterations() * ops.elements);
}

/// One op's kernel for one ISA variant alone: one thread, contiguous cache-resident operands
/// (BM_OpKernel/<op>/<dtype>/<isa>/<elements>), so the variants compare on the same data.
void BM_OpKernel(benchmark::State& state, const aclnn_host::OpSpec* op, aclDataType dtype,
                 aclnn_host::kernels::Isa isa) {
  Operands ops(dtype, {state.range(0)});
  const aclnn_host::DenseKernel kernel = op->kernels(isa, dtype, dtype, false).infnan;
  const aclnn_host::KernelScalars scalars{{0.5f, 0.5f, 0.5f, 0.5f}};
  const void* inputs[aclnn_host::kMaxOpInputs + 1] = {};
  for (uint32_t k = 0; k < op->num_inputs; ++k) inputs[k] = ops.data[2 - op->num_inputs + k];
  inputs[op->num_inputs] = &scalars;
  for (auto _ : state) kernel(ops.elements, inputs, ops.data[2]);
  state.SetBytesProcessed(state.iterations() * ops.elements * (op->num_inputs + 1) *
                          static_cast<int64_t>(SizeOf(dtype)));
}

void RegisterOperatorBenchmarks() {
  const struct {
    const char* name;
    aclDataType dtype;
  } dtypes[] = {{"fp32", ACL_FLOAT}, {"fp16", ACL_FLOAT16}, {"bf16", ACL_BF16}};
  for (size_t i = 0; i < aclnnHostOpCount(); ++i) {
    const aclnnHostOpInfo* op = aclnnHostOpGet(i);
    for (const auto& dtype : dtypes) {
      const std::string name = std::string("BM_Op/") + op->name + "/" + dtype.name;
      benchmark::RegisterBenchmark(name.c_str(), BM_Op, op, dtype.dtype)->Arg(1 << 20)->Arg(1 << 26)->UseRealTime();
      // Every ISA variant this CPU runs (kernels/isa.h), on the row's AscendC sequence.
      const aclnn_host::OpSpec* spec = aclnn_host::FindOpSpec(op->name);
      for (aclnn_host::kernels::Isa isa : aclnn_host::kernels::SupportedIsas()) {
        if (spec->kernels(isa, dtype.dtype, dtype.dtype, false).infnan == nullptr) continue;
        const std::string kernel_name =
            std::string("BM_OpKernel/") + op->name + "/" + dtype.name + "/" + aclnn_host::kernels::IsaName(isa);
        benchmark::RegisterBenchmark(kernel_name.c_str(), BM_OpKernel, spec, dtype.dtype, isa)->Arg(1 << 14);
      }
    }
  }
}

void SetUnaryThroughput(benchmark::State& state, int64_t elements, aclDataType dtype) {
  state.SetBytesProcessed(state.iterations() * elements * 2 * static_cast<int64_t>(SizeOf(dtype)));
}

/// The unary roofline on the forward op's plan (same split, threads and iteration layer).
void BM_UnaryRoofline(benchmark::State& state, aclDataType dtype) {
  Operands ops(dtype, {state.range(0)});
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  aclnnHardswishGetWorkspaceSize(ops.tensors[1], ops.tensors[2], &workspace_size, &executor);
  aclSetAclOpExecutorRepeatable(executor);
  const auto plan = std::static_pointer_cast<const aclnn_host::ElementwisePlan>(aclnn_host::ExecutorPlan(executor));
  const aclnn_host::DenseKernel roofline = bench::UnaryRooflineKernel(SizeOf(dtype));
  const aclnn_host::TensorDesc* inputs[1] = {&aclnn_host::DescOf(ops.tensors[1])};
  uint64_t workspace = 0;
  const aclnn_host::ElementwisePlan roofline_plan(inputs, 1, aclnn_host::DescOf(ops.tensors[2]), {roofline, roofline},
                                                  plan->split(), &workspace);
  aclnn_host::LaunchArgs args;
  args.inputs[0] = ops.data[1];
  args.outputs[0] = ops.data[2];
  for (auto _ : state) roofline_plan.Execute(args);
  aclDestroyAclOpExecutor(executor);
  SetUnaryThroughput(state, ops.elements, dtype);
}

void FamilySizes(benchmark::internal::Benchmark* b) { b->Arg(1 << 20)->Arg(1 << 26)->UseRealTime(); }

// ---- transposed 2-D views (all three tensors) against the contiguous tensor -------------------

void BM_Transposed2D(benchmark::State& state) {
  const int64_t side = state.range(0);
  Operands ops(ACL_FLOAT, {side, side}, {1, side});
  for (auto _ : state) {
    if (EndToEndOnce(ops) != ACLNN_SUCCESS) state.SkipWithError(aclGetRecentErrMsg());
  }
  SetThroughput(state, ops.elements, ACL_FLOAT);
}

void BM_Contiguous2D(benchmark::State& state) {
  const int64_t side = state.range(0);
  Operands ops(ACL_FLOAT, {side, side});
  for (auto _ : state) {
    if (EndToEndOnce(ops) != ACLNN_SUCCESS) state.SkipWithError(aclGetRecentErrMsg());
  }
  SetThroughput(state, ops.elements, ACL_FLOAT);
}

// ---- the host thread pool against pthreadpool (libpthreadpool-dev) -----------------------------
// The same work through each pool, as many pieces as threads: an empty job (the cost of a
// dispatch and its join) and the fp32 roofline kernel over contiguous pieces.

/// Runs task(i) for i in [0, pieces) on aclnn-host's pool or on pthreadpool.
class PoolUnderTest {
 public:
  explicit PoolUnderTest(bool use_pthreadpool) : threads_(aclnn_host::HostThreadPool().concurrency()) {
#ifdef ACLNN_HOST_BENCH_WITH_PTHREADPOOL
    if (use_pthreadpool) pthreadpool_ = pthreadpool_create(threads_);
#else
    (void)use_pthreadpool;
#endif
  }
  ~PoolUnderTest() {
#ifdef ACLNN_HOST_BENCH_WITH_PTHREADPOOL
    if (pthreadpool_ != nullptr) pthreadpool_destroy(pthreadpool_);
#endif
  }
  size_t threads() const { return threads_; }
  template <typename Task>
  void Run(size_t pieces, Task& task) {
#ifdef ACLNN_HOST_BENCH_WITH_PTHREADPOOL
    if (pthreadpool_ != nullptr) {
      pthreadpool_parallelize_1d(
          pthreadpool_, [](void* context, size_t i) { (*static_cast<Task*>(context))(i); }, &task, pieces, 0);
      return;
    }
#endif
    aclnn_host::HostThreadPool().ParallelFor(pieces, task);
  }

 private:
  size_t threads_;
#ifdef ACLNN_HOST_BENCH_WITH_PTHREADPOOL
  pthreadpool_t pthreadpool_ = nullptr;
#endif
};

void BM_PoolDispatch(benchmark::State& state, bool use_pthreadpool) {
  PoolUnderTest pool(use_pthreadpool);
  std::function<void(size_t)> task = [](size_t i) { benchmark::DoNotOptimize(i); };
  for (auto _ : state) pool.Run(pool.threads(), task);
}

void BM_PoolRoofline(benchmark::State& state, bool use_pthreadpool) {
  PoolUnderTest pool(use_pthreadpool);
  Operands ops(ACL_FLOAT, {state.range(0)});
  const aclnn_host::DenseKernel kernel = bench::RooflineKernel(sizeof(float));
  const int64_t n = ops.elements;
  const int64_t pieces = static_cast<int64_t>(pool.threads());
  std::function<void(size_t)> task = [&](size_t piece) {
    const int64_t begin = n * static_cast<int64_t>(piece) / pieces;
    const int64_t end = n * static_cast<int64_t>(piece + 1) / pieces;
    const void* inputs[2] = {static_cast<float*>(ops.data[0]) + begin, static_cast<float*>(ops.data[1]) + begin};
    kernel(end - begin, inputs, static_cast<float*>(ops.data[2]) + begin);
  };
  for (auto _ : state) pool.Run(pool.threads(), task);
  SetThroughput(state, n, ACL_FLOAT);
}

// ---- oneDNN -----------------------------------------------------------------------------------

#ifdef ACLNN_HOST_BENCH_WITH_ONEDNN
/// oneDNN's eltwise primitive closest to an operator of the table (a peer for speed, not for
/// values: oneDNN does not compute the NPU's sequence). Forward: src -> dst; backward: src and
/// diff_dst -> diff_src, as BM_Op's gradOutput and self.
struct OneDnnPeer {
  const char* op;  // the table's name, as in BM_Op/<op>/...
  dnnl::algorithm algorithm;
  float alpha;
  float beta;
  bool backward;
};

constexpr OneDnnPeer kOneDnnPeers[] = {
    {"relu", dnnl::algorithm::eltwise_relu, 0.0f, 0.0f, false},
    {"leaky_relu", dnnl::algorithm::eltwise_relu, 0.01f, 0.0f, false},
    {"leaky_relu_backward", dnnl::algorithm::eltwise_relu, 0.01f, 0.0f, true},
    {"hardtanh_backward", dnnl::algorithm::eltwise_clip_v2, -1.0f, 1.0f, true},
    {"hardswish", dnnl::algorithm::eltwise_hardswish, 0.0f, 0.0f, false},
};

void BM_OneDnnPeer(benchmark::State& state, OneDnnPeer peer, aclDataType dtype) {
  using dnnl::memory;
  const int64_t n = state.range(0);
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  const memory::data_type dt = dtype == ACL_FLOAT ? memory::data_type::f32 : memory::data_type::bf16;
  const memory::desc md({n}, dt, memory::format_tag::a);
  try {
    const auto forward_desc =
        dnnl::eltwise_forward::desc(dnnl::prop_kind::forward_training, peer.algorithm, md, peer.alpha, peer.beta);
    const auto forward_pd = dnnl::eltwise_forward::primitive_desc(forward_desc, engine);
    memory src(md, engine), other(md, engine), out(md, engine);
    std::memset(src.get_data_handle(), 0x3C, static_cast<size_t>(n) * SizeOf(dtype));
    std::memset(other.get_data_handle(), 0x3C, static_cast<size_t>(n) * SizeOf(dtype));
    if (peer.backward) {
      const auto backward_desc = dnnl::eltwise_backward::desc(peer.algorithm, md, md, peer.alpha, peer.beta);
      const auto backward_pd = dnnl::eltwise_backward::primitive_desc(backward_desc, engine, forward_pd);
      dnnl::eltwise_backward primitive(backward_pd);
      for (auto _ : state) {
        primitive.execute(stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_DIFF_DST, other}, {DNNL_ARG_DIFF_SRC, out}});
        stream.wait();
      }
      state.SetLabel(std::string("impl=") + backward_pd.impl_info_str());
      SetThroughput(state, n, dtype);
    } else {
      dnnl::eltwise_forward primitive(forward_pd);
      for (auto _ : state) {
        primitive.execute(stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, out}});
        stream.wait();
      }
      state.SetLabel(std::string("impl=") + forward_pd.impl_info_str());
      SetUnaryThroughput(state, n, dtype);
    }
  } catch (const dnnl::error& error) {
    state.SkipWithError(error.what());
  }
}

/// oneDNN's HardSwish backward against V2 (BM_OneDnn/<dtype>/<n>, the published table's peer).
void BM_OneDnn(benchmark::State& state, aclDataType dtype) {
  BM_OneDnnPeer(state, {"hardswish_backward_v2", dnnl::algorithm::eltwise_hardswish, 0.0f, 0.0f, true}, dtype);
}

/// BM_OneDnnPeer/<op>/<fp32,bf16>/<2^20,2^26>: read next to BM_Op/<op>/... of the same run.
void RegisterOneDnnPeers() {
  for (const OneDnnPeer& peer : kOneDnnPeers) {
    for (const auto& [name, dtype] : {std::pair<const char*, aclDataType>{"fp32", ACL_FLOAT}, {"bf16", ACL_BF16}}) {
      const std::string benchmark_name = std::string("BM_OneDnnPeer/") + peer.op + "/" + name;
      benchmark::RegisterBenchmark(benchmark_name.c_str(), BM_OneDnnPeer, peer, dtype)
          ->Arg(1 << 20)
          ->Arg(1 << 26)
          ->UseRealTime();
    }
  }
}
#endif

void Sizes(benchmark::internal::Benchmark* b) {
  for (int64_t n : {int64_t{8}, int64_t{1} << 10, int64_t{1} << 14, int64_t{1} << 17, int64_t{1} << 20,
                    int64_t{1} << 23, int64_t{1} << 26}) {
    b->Arg(n);
  }
  b->UseRealTime();
}

}  // namespace

BENCHMARK_CAPTURE(BM_EndToEnd, fp32, ACL_FLOAT)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_EndToEnd, fp16, ACL_FLOAT16)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_EndToEnd, bf16, ACL_BF16)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_Kernel, fp32, ACL_FLOAT)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_Kernel, fp16, ACL_FLOAT16)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_Kernel, bf16, ACL_BF16)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_Roofline, fp32, ACL_FLOAT)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_Roofline, fp16, ACL_FLOAT16)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_Roofline, bf16, ACL_BF16)->Apply(Sizes);
BENCHMARK(BM_ConversionFloor)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_Roofline, fp32_two_halves, ACL_FLOAT, false, 2)->Arg(1 << 17)->Arg(1 << 20)->UseRealTime();
BENCHMARK_CAPTURE(BM_Roofline, fp32_streaming_stores, ACL_FLOAT, true)
    ->Arg(1 << 20)
    ->Arg(1 << 23)
    ->Arg(1 << 26)
    ->UseRealTime();
#ifdef ACLNN_HOST_BENCH_WITH_ONEDNN
BENCHMARK_CAPTURE(BM_OneDnn, fp32, ACL_FLOAT)->Apply(Sizes);
BENCHMARK_CAPTURE(BM_OneDnn, bf16, ACL_BF16)->Apply(Sizes);
#endif
// The threading threshold sweep: run once with ACLNN_HOST_PARALLEL_THRESHOLD=0 (always parallel)
// and once with a huge value (always serial); the crossover is the threshold (scripts/bench.sh).
BENCHMARK_CAPTURE(BM_Kernel, sweep_fp32, ACL_FLOAT)->RangeMultiplier(2)->Range(1 << 11, 1 << 18)->UseRealTime();
BENCHMARK_CAPTURE(BM_Kernel, sweep_bf16, ACL_BF16)->RangeMultiplier(2)->Range(1 << 11, 1 << 18)->UseRealTime();
BENCHMARK(BM_PhaseOne)->Arg(8)->UseRealTime();
BENCHMARK(BM_PhaseTwoAndSync)->Arg(8)->UseRealTime();
BENCHMARK_CAPTURE(BM_UnaryRoofline, fp32, ACL_FLOAT)->Apply(FamilySizes);
BENCHMARK_CAPTURE(BM_UnaryRoofline, bf16, ACL_BF16)->Apply(FamilySizes);
BENCHMARK(BM_Transposed2D)->Arg(2048)->UseRealTime();
BENCHMARK_CAPTURE(BM_PoolDispatch, aclnn_host, false)->UseRealTime();
BENCHMARK_CAPTURE(BM_PoolRoofline, aclnn_host, false)->Arg(1 << 14)->Arg(1 << 17)->Arg(1 << 20)->UseRealTime();
#ifdef ACLNN_HOST_BENCH_WITH_PTHREADPOOL
BENCHMARK_CAPTURE(BM_PoolDispatch, pthreadpool, true)->UseRealTime();
BENCHMARK_CAPTURE(BM_PoolRoofline, pthreadpool, true)->Arg(1 << 14)->Arg(1 << 17)->Arg(1 << 20)->UseRealTime();
#endif
BENCHMARK(BM_Contiguous2D)->Arg(2048)->UseRealTime();

int main(int argc, char** argv) {
  RegisterOperatorBenchmarks();
#ifdef ACLNN_HOST_BENCH_WITH_ONEDNN
  RegisterOneDnnPeers();
#endif
  benchmark::Initialize(&argc, argv);
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
      aclrtCreateStream(&g_stream) != ACL_SUCCESS) {
    std::fprintf(stderr, "runtime setup failed: %s\n", aclGetRecentErrMsg());
    return 1;
  }
  const size_t threads = aclnn_host::HostThreadPool().concurrency();
#ifdef ACLNN_HOST_BENCH_WITH_ONEDNN
  omp_set_num_threads(static_cast<int>(threads));
#endif
  aclnn_host::kernels::Isa isa = aclnn_host::kernels::Isa::kBaseline;
  std::string error;
  aclnn_host::kernels::ActiveIsa(&isa, &error);
  benchmark::AddCustomContext("aclnn_host.threads", std::to_string(threads));
  benchmark::AddCustomContext("aclnn_host.isa", aclnn_host::kernels::IsaName(isa));
  benchmark::AddCustomContext("aclnn_host.soc", aclrtGetSocName());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  aclrtDestroyStream(g_stream);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
