#!/usr/bin/env python3
"""PyTorch's CUDA hardswish_backward, timed the way bench/gpu/gpu_bench.cu times aclnn-host end to end
(one call plus torch.cuda.synchronize(), median of the repetitions), for the same dtypes and sizes.
Prints one JSON object per line; prints nothing and exits 0 where PyTorch or a GPU is missing."""
import json
import statistics
import sys
import time

try:
    import torch
except ImportError:
    sys.exit(0)
if not torch.cuda.is_available():
    sys.exit(0)

MAX_LOG2 = int(sys.argv[1]) if len(sys.argv) > 1 else 28
DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}


def median_seconds(reps, body):
    body()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        body()
        torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def case(name, n, transposed=False):
    dtype = DTYPES[name]
    if transposed:
        side = 1
        while side * side < n:
            side *= 2
        g = torch.full((side, side), 0.5, dtype=dtype, device="cuda").t()
        x = torch.full((side, side), 1.5, dtype=dtype, device="cuda").t()
    else:
        g = torch.full((n,), 0.5, dtype=dtype, device="cuda")
        x = torch.full((n,), 1.5, dtype=dtype, device="cuda")
    reps = 10 if n >= 1 << 26 else 50
    seconds = median_seconds(reps, lambda: torch.ops.aten.hardswish_backward(g, x))
    moved = 3 * n * g.element_size()
    print(json.dumps({"dtype": name, "n": n, "layout": "transposed" if transposed else "contiguous",
                      "torch_us": seconds * 1e6, "torch_gbps": moved / seconds / 1e9,
                      "torch_version": torch.__version__}), flush=True)


case("fp32", 8)
for name in DTYPES:
    for log2 in range(10, MAX_LOG2 + 1, 2):
        case(name, 1 << log2)
case("fp32", 1 << 24, transposed=True)
