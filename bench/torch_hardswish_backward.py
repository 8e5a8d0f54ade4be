#!/usr/bin/python3
"""PyTorch's CPU hardswish backward, timed like aclnn_host_bench: medians of repeated runs.

Usage: torch_hardswish_backward.py THREADS OUTPUT.json
"""
import json
import statistics
import sys
import time

import torch

SIZES = [8, 2**10, 2**14, 2**17, 2**20, 2**23, 2**26]
DTYPES = [("fp32", torch.float32, 4), ("fp16", torch.float16, 2), ("bf16", torch.bfloat16, 2)]


def time_call(fn, min_seconds=0.2, samples=5):
    """Median seconds per call over `samples` runs of at least `min_seconds` each."""
    fn()
    iterations = 1
    while True:  # find an iteration count that takes long enough
        start = time.perf_counter()
        for _ in range(iterations):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds / 4 or iterations >= 1 << 20:
            break
        iterations *= 4
    iterations = max(1, int(iterations * (min_seconds / max(elapsed, 1e-9))))
    per_call = []
    for _ in range(samples):
        start = time.perf_counter()
        for _ in range(iterations):
            fn()
        per_call.append((time.perf_counter() - start) / iterations)
    return statistics.median(per_call)


def main():
    threads, output = int(sys.argv[1]), sys.argv[2]
    torch.set_num_threads(threads)
    results = []
    for name, dtype, size in DTYPES:
        for n in SIZES:
            grad = torch.empty(n, dtype=torch.float32).uniform_(-6, 6).to(dtype)
            x = torch.empty(n, dtype=torch.float32).uniform_(-6, 6).to(dtype)
            entry = {"dtype": name, "n": n}
            try:
                seconds = time_call(lambda: torch.ops.aten.hardswish_backward(grad, x))
                entry.update(seconds_per_call=seconds, bytes_per_second=3 * n * size / seconds)
            except RuntimeError as error:  # e.g. a dtype this build has no CPU kernel for
                entry.update(error=str(error).splitlines()[0])
            results.append(entry)
            print(name, n, entry.get("bytes_per_second", entry.get("error")), flush=True)
    with open(output, "w") as f:
        json.dump({"torch_version": torch.__version__, "threads": torch.get_num_threads(), "results": results}, f,
                  indent=1)


if __name__ == "__main__":
    main()
