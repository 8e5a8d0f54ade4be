#!/usr/bin/env python3
"""Joins the GPU benchmark's JSON lines (ours, and PyTorch's when present) into one Markdown table
and the issue's targets with their figures (docs/gpu.md)."""
import json
import sys


def load(path):
    rows = {}
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("{"):
                    r = json.loads(line)
                    rows[(r["dtype"], r["n"], r["layout"])] = r
    except FileNotFoundError:
        pass
    return rows


ours = load(sys.argv[1])
torch = load(sys.argv[2]) if len(sys.argv) > 2 else {}
print("| dtype | elements | layout | e2e µs | kernel µs | roofline µs | e2e GB/s | roofline GB/s | "
      "roofline burst GB/s | e2e/roofline | PyTorch µs | PyTorch/e2e |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for key, r in ours.items():
    t = torch.get(key)
    ratio = r["roofline_us"] / r["e2e_us"]
    tt = f'{t["torch_us"]:.1f}' if t else "–"
    tr = f'{t["torch_us"] / r["e2e_us"]:.2f}' if t else "–"
    print(f'| {r["dtype"]} | {r["n"]} | {r["layout"]} | {r["e2e_us"]:.1f} | {r["kernel_us"]:.1f} | '
          f'{r["roofline_us"]:.1f} | {r["e2e_gbps"]:.0f} | {r["roofline_gbps"]:.0f} | {r["roofline_burst_gbps"]:.0f} | '
          f'{ratio:.2f} | {tt} | {tr} |')

print()
print("Targets (docs/gpu.md):")
big = [r for k, r in ours.items() if k[2] == "contiguous" and k[1] >= 1 << 24]
if big:
    worst = min(r["roofline_us"] / r["e2e_us"] for r in big)
    print(f"- e2e >= 0.95x same-run roofline from 2^24 up: worst {worst:.2f} -> {'met' if worst >= 0.95 else 'NOT met'}")
paired = [(r, torch[k]) for k, r in ours.items() if k in torch]
if paired:
    worst = min(t["torch_us"] / r["e2e_us"] for r, t in paired)
    print(f"- >= 1.0x PyTorch at every size: worst {worst:.2f} -> {'met' if worst >= 1.0 else 'NOT met'}")
else:
    print("- >= 1.0x PyTorch: PyTorch with CUDA not present, not measured")
small = ours.get(("fp32", 8, "contiguous"))
if small:
    print(f"- 8 elements, both phases + sync <= 15 us: {small['e2e_us']:.1f} us -> "
          f"{'met' if small['e2e_us'] <= 15 else 'NOT met'}")
tr = ours.get(("fp32", 1 << 24, "transposed"))
co = ours.get(("fp32", 1 << 24, "contiguous"))
if tr and co:
    ratio = co["e2e_us"] / tr["e2e_us"]
    print(f"- transposed 4096^2 >= 0.5x contiguous: {ratio:.2f} -> {'met' if ratio >= 0.5 else 'NOT met'}")
