#!/usr/bin/env bash
# One command on a GPU machine (docs/gpu.md): builds aclnn-host with its CUDA backend (unless
# GPU_CHECK_BUILD_DIR already holds such a build), runs the GPU tests — the bit-for-bit comparison
# of both backends, then the suites that run on both backends (on the CUDA backend) — and the GPU
# benchmark with PyTorch's CUDA figures beside ours, and prints one table. Logs and JSON go to
# GPU_CHECK_OUT (default: <build>/gpu_check). Exit status: 0 when every GPU test passed.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${GPU_CHECK_BUILD_DIR:-build-gpu}
out=${GPU_CHECK_OUT:-$build/gpu_check}
max_log2=${GPU_CHECK_MAX_LOG2:-28}
if [ ! -x "$build/bench/aclnn_host_gpu_bench" ]; then
  scripts/install_deps.sh || echo "(could not install packages; building with what is here)"
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DACLNN_HOST_CUDA=ON -DACLNN_HOST_BUILD_TOOLS=OFF || exit 1
  cmake --build "$build" -j"$(nproc)" || exit 1
fi
mkdir -p "$out"
nvidia-smi -L 2>/dev/null || echo "(nvidia-smi not found)"
failed=0

echo "== both backends, bit for bit =="
if ! timeout 600 "$build/tests/cuda_backend_test" >"$out/cuda_backend_test.log" 2>&1; then failed=1; fi
grep -E "^\[ +(OK|PASSED|FAILED|SKIPPED) +\]" "$out/cuda_backend_test.log"
if grep -q "SKIPPED \] CudaBackend" "$out/cuda_backend_test.log"; then
  echo "the GPU tests were skipped: no usable GPU"; failed=1
fi

echo "== the suites that run on both backends, on the CUDA backend =="
# The list is tests/CMakeLists.txt's (the cuda_backend.* ctests), read from there.
suites=$(sed -n '/^foreach(suite /,/)$/p' tests/CMakeLists.txt | tr -s ' ()\n' ' ' | sed 's/^ *foreach suite //')
summary="$out/suite_on_cuda.txt"
: >"$summary"
for name in $suites; do
  ACLNN_HOST_BACKEND=cuda timeout "${GPU_CHECK_TEST_TIMEOUT:-300}" "$build/tests/$name" >"$out/$name.log" 2>&1
  status=$?
  counts=$(grep -E "^\[  (PASSED|FAILED)  \] [0-9]+ tests?[,.]" "$out/$name.log" | tr '\n' ' ')
  echo "$name: exit $status $counts" | tee -a "$summary"
  grep -E "^\[  FAILED  \] [A-Za-z]" "$out/$name.log" | sort -u | head -40 >>"$summary"
  [ "$status" -eq 0 ] || failed=1
done

echo "== the samples on the CUDA backend =="
for sample in "$build"/examples/*/*_sample "$build"/examples/*_sample; do
  [ -x "$sample" ] || continue
  echo "$(basename "$sample"): $(ACLNN_HOST_BACKEND=cuda "$sample" 2>&1 | tr '\n' ' ' | cut -c1-400)"
done

echo "== benchmark =="
"$build/bench/aclnn_host_gpu_bench" "$max_log2" >"$out/ours.jsonl" 2>"$out/bench.err" || { failed=1; cat "$out/bench.err"; }
python3 scripts/gpu_bench_torch.py "$max_log2" >"$out/torch.jsonl" 2>"$out/torch.err" || cat "$out/torch.err"
python3 scripts/gpu_table.py "$out/ours.jsonl" "$out/torch.jsonl" | tee "$out/table.md"
exit $failed
