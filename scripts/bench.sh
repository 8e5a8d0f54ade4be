#!/usr/bin/env bash
# The benchmark: builds aclnn_host_bench (Release), runs it, runs PyTorch's kernel on the same
# thread count, and writes bench-results/results.md, results.json and gbps.png.
# Usage: scripts/bench.sh [OUTPUT_DIR]      (REPETITIONS=5 MIN_TIME=0.5 by default; PUBLISH=1 also
#        copies the results to docs/bench/ and puts the table in the README)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-results}
repetitions=${REPETITIONS:-5}
min_time=${MIN_TIME:-0.5}

scripts/install_deps.sh
extra=(libbenchmark-dev libdnnl-dev libpthreadpool-dev python3-torch python3-numpy python3-matplotlib)
missing=()
for package in "${extra[@]}"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  else sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; fi
fi

cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DACLNN_HOST_BUILD_BENCHMARKS=ON -DACLNN_HOST_BUILD_TESTS=OFF \
  -DACLNN_HOST_BUILD_EXAMPLES=OFF
cmake --build build-bench -j"$(nproc)" --target aclnn_host_bench
mkdir -p "$out"
bench=build-bench/bench/aclnn_host_bench
# The pool's size (ACLNN_HOST_NUM_THREADS, else every CPU); PyTorch gets the same.
threads=${ACLNN_HOST_NUM_THREADS:-$(nproc)}
common=(--benchmark_repetitions="$repetitions" --benchmark_report_aggregates_only=true
        --benchmark_enable_random_interleaving=true --benchmark_min_time="$min_time" --benchmark_format=json
        --benchmark_context=aclnn_host.repetitions="$repetitions")
echo "== aclnn-host, oneDNN, roofline ($threads threads)"
"$bench" "${common[@]}" --benchmark_filter='-sweep' --benchmark_out="$out/aclnn_host_bench.json" >/dev/null
echo "== threading threshold sweep"
ACLNN_HOST_PARALLEL_THRESHOLD=1000000000000 "$bench" "${common[@]}" --benchmark_filter=sweep \
  --benchmark_out="$out/sweep_serial.json" >/dev/null
ACLNN_HOST_PARALLEL_THRESHOLD=0 "$bench" "${common[@]}" --benchmark_filter=sweep \
  --benchmark_out="$out/sweep_parallel.json" >/dev/null
echo "== PyTorch"
/usr/bin/python3 bench/torch_hardswish_backward.py "$threads" "$out/torch.json" >/dev/null
/usr/bin/python3 bench/report.py "$out/aclnn_host_bench.json" "$out/sweep_serial.json" "$out/sweep_parallel.json" \
  "$out/torch.json" "$out"
cat "$out/results.md"
# PUBLISH=1: the run becomes the project's published figures (docs/bench/ and the README table).
if [ "${PUBLISH:-0}" = 1 ]; then
  mkdir -p docs/bench
  cp "$out"/{results.md,results.json,gbps.png,aclnn_host_bench.json,sweep_serial.json,sweep_parallel.json,torch.json} \
    docs/bench/
  /usr/bin/python3 - "$out/results.md" README.md <<'PY'
import sys
table, readme = open(sys.argv[1]).read(), open(sys.argv[2]).read()
begin, end = "<!-- bench-results -->\n", "<!-- /bench-results -->"
head, rest = readme.split(begin, 1)
_, tail = rest.split(end, 1)
open(sys.argv[2], "w").write(head + begin + table + end + tail)
PY
  echo "published to docs/bench/ and README.md"
fi
