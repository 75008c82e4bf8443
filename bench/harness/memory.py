"""Memory held with many threads: the composition targets' table.

Runs `thread_memory THREADS` (bench/programs/thread_memory.cpp) in every
configuration, in interleaved rounds, at 8 and 64 threads: each thread
keeps 2,000 typed objects of 16..1024 B (half pointer-free) alive, then
frees them and exits, and the program idles 1.6 s (past the default purge
delay of 1 s). Each run reports RssAnon before the threads, while every
object lives, at once after the threads exited, and after the idle time.
"""

from __future__ import annotations

from pathlib import Path

import configs as cfg

PREFIX = "bench-memory: "
THREADS = [8, 64]


def run(binary: Path, config: str, threads: int) -> dict:
    """One run's bench-memory line, checked for the allocator it loaded."""
    result, proc = cfg.run_reporting(binary, config, [str(threads)], PREFIX)
    cfg.check_specialization(config, proc.stderr, str(binary))
    return result


def per_byte(s: dict) -> float:
    """RSS the live objects added, per byte of payload."""
    return (s["live_kb"] - s["base_kb"]) * 1024 / s["payload_bytes"]


def _median(xs: list[float]) -> float | None:
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else None


def figure(memory: dict, threads: int, config: str, what: str) -> float | None:
    """Median over the rounds: 'per_byte', or 'freed_mb' / 'idle_mb'."""
    samples = memory.get(str(threads), {}).get(config, [])
    if what == "per_byte":
        return _median([per_byte(s) for s in samples])
    key = {"freed_mb": "freed_kb", "idle_mb": "idle_kb"}[what]
    return _median([s[key] / 1024 for s in samples])


def render(memory: dict) -> str:
    if not memory:
        return ""
    configs = [c for c in cfg.ORDER if any(c in memory[t] for t in memory)]
    out = ["Memory with many threads: 2,000 live objects of 16..1024 B a thread "
           "(median of the rounds)", ""]
    rows = [("RSS per live payload byte", "per_byte", "{:.3f}"),
            ("RSS after all freed (MB)", "freed_mb", "{:.1f}"),
            ("RSS 1.6 s later, idle (MB)", "idle_mb", "{:.1f}")]
    width = max(len(c) for c in configs) + 2
    for threads in THREADS:
        if str(threads) not in memory:
            continue
        out.append(f"{threads} threads" + " " * 22 + "".join(c.rjust(width) for c in configs))
        for label, what, fmt in rows:
            cells = []
            for c in configs:
                v = figure(memory, threads, c, what)
                cells.append((fmt.format(v) if v is not None else "-").rjust(width))
            out.append(f"  {label:33}" + "".join(cells))
        out.append("")
    return "\n".join(out) + "\n"


def targets(memory: dict) -> list[str]:
    """The memory targets, met or missed."""
    out = []

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    for threads in THREADS:
        on, tc = (figure(memory, threads, c, "per_byte") for c in ("on", "tcmalloc"))
        if on is not None and tc is not None:
            out.append(f"memory, {threads} threads: on holds {on:.3f} B of RSS per live payload "
                       f"byte, tcmalloc {tc:.3f} (target: no more than tcmalloc): "
                       f"{verdict(on <= tc)}")
    on, je = (figure(memory, 64, c, "idle_mb") for c in ("on", "jemalloc"))
    if on is not None and je is not None:
        out.append(f"memory, 64 threads: RSS after everything is freed and 1.6 s idle: on "
                   f"{on:.1f} MB, jemalloc {je:.1f} MB (target: at most 1.5x jemalloc's): "
                   f"{verdict(on <= 1.5 * je)}")
    return out
