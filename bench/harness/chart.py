"""The sweep chart: ns per allocation against object size, one line per
configuration, for both paths and both loops (LIFO pairs and batches),
with the specialization limit marked.

    python3 bench/harness/chart.py bench/results/raw.json bench/results/sweep.png
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402

from stats import median  # noqa: E402

STYLE = {
    "on": dict(color="tab:red", linewidth=2.2, marker="o"),
    "control": dict(color="tab:red", linewidth=1, linestyle=":", marker=""),
    "on+profile": dict(color="tab:brown", linewidth=1.2, linestyle="--", marker="."),
    "off": dict(color="tab:orange", linewidth=1.6, marker="s"),
    "glibc": dict(color="black", linewidth=1.2, marker="^"),
    "mimalloc": dict(color="tab:blue", linewidth=1.2, marker="v"),
    "jemalloc": dict(color="tab:green", linewidth=1.2, marker="D"),
    "tcmalloc": dict(color="tab:purple", linewidth=1.2, marker="x"),
}
PANELS = [("Sweep/noscan", "new+delete pairs, pointer-free"),
          ("Sweep/scan", "new+delete pairs, holding a pointer"),
          ("Batch/noscan", "batch of 1000, shuffled free, pointer-free"),
          ("Batch/scan", "batch of 1000, shuffled free, holding a pointer")]


def series(micro: dict, config: str, prefix: str) -> tuple[list[int], list[float]]:
    pts = []
    for name, xs in micro.get(config, {}).items():
        m = re.fullmatch(re.escape(prefix) + r"/(\d+)", name)
        if m:
            pts.append((int(m.group(1)), median(xs)))
    pts.sort()
    return [p[0] for p in pts], [p[1] for p in pts]


def draw(raw: dict, out: Path, limit: int | None) -> None:
    micro = raw["micro"]
    configs = [c for c in raw["meta"]["configs"] if c in micro]
    fig, axes = plt.subplots(2, 2, figsize=(13, 9))
    for ax, (prefix, title) in zip(axes.flat, PANELS):
        for config in configs:
            xs, ys = series(micro, config, prefix)
            if xs:
                ax.plot(xs, ys, label=config, **STYLE.get(config, {}))
        if limit:
            ax.axvline(limit, color="gray", linestyle="--", linewidth=1)
            ax.text(limit, ax.get_ylim()[1], f" limit {limit} B", color="gray", va="top",
                    fontsize=8)
        ax.set_xscale("log", base=2)
        if prefix.startswith("Batch"):
            ax.set_yscale("log")  # glibc's 1024-byte batch is 40x the rest
        ax.set_xlabel("object size (bytes)")
        ax.set_ylabel("CPU ns per allocation + delete")
        ax.set_title(title, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
    axes.flat[0].legend(fontsize=8)
    fig.suptitle(f"sizespec size sweep, median of {raw['meta']['rounds']} rounds "
                 f"x {raw['meta']['repetitions']} ({raw['meta']['date']})")
    fig.tight_layout()
    fig.savefig(out, dpi=90)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("raw", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--limit", type=int, default=1024, help="specialization limit to mark")
    args = ap.parse_args()
    draw(json.loads(args.raw.read_text()), args.out, args.limit)


if __name__ == "__main__":
    main()
