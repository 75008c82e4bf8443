"""Runs the Google Benchmark binary once and turns its JSON into samples.

Each sample is nanoseconds per allocation: the time per iteration divided
by the `pairs` counter where a benchmark does several per iteration
(Batch/*). Single-threaded benchmarks are read in CPU time, which another
process's load disturbs far less than wall time on a shared machine;
multi-threaded ones (UseRealTime) in wall time.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from configs import check_allocator, check_specialization, environment

_TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def _name(entry: dict) -> str:
    """The benchmark's name without Google Benchmark's decorations."""
    name = entry["run_name"]
    for suffix in ("/real_time", "/threads:2"):
        name = name.replace(suffix, "")
    return name


def run(binary: Path, config: str, min_time: float, repetitions: int,
        bench_filter: str | None = None,
        extra_env: dict | None = None) -> dict[str, list[float]]:
    """One run of every benchmark: {name: [ns per allocation, ...]}.
    extra_env is set on top of the configuration's environment."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        cmd = [str(binary), f"--benchmark_min_time={min_time}",
               f"--benchmark_repetitions={repetitions}",
               f"--benchmark_out={out.name}", "--benchmark_out_format=json"]
        if bench_filter:
            cmd.append(f"--benchmark_filter={bench_filter}")
        env = environment(config)
        if extra_env:
            env = dict(env or os.environ, **extra_env)
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, check=True,
                              env=env)
        doc = json.loads(Path(out.name).read_text())
    what = f"{binary}"
    check_allocator(config, doc["context"].get("allocator", "?"), what)
    check_specialization(config, proc.stderr, what)
    samples: dict[str, list[float]] = {}
    for entry in doc["benchmarks"]:
        if entry.get("run_type") != "iteration":
            continue
        threaded = "/real_time" in entry["run_name"]
        t = entry["real_time"] if threaded else entry["cpu_time"]
        ns = t * _TO_NS[entry["time_unit"]] / entry.get("pairs", 1)
        samples.setdefault(_name(entry), []).append(ns)
    return samples
