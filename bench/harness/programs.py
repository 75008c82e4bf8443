"""Runs a whole program once and reads its bench-result line.

The programs time their own work (bench/common/program_report.h) and
print their real output on stdout, which must be the same in every
configuration: a different output means a broken build, not a faster one.
"""

from __future__ import annotations

from pathlib import Path

from configs import check_specialization, run_reporting

PREFIX = "bench-result: "


def run(binary: Path, config: str, args: list[str]) -> tuple[dict, str]:
    """({"wall_s", "cpu_s", "maxrss_mb"[, "mops_per_s"]}, stdout) of one
    run; a program that runs for a fixed time reports its operations, and
    their rate is its figure."""
    result, proc = run_reporting(binary, config, args, PREFIX)
    check_specialization(config, proc.stderr, str(binary))
    metrics = {
        "wall_s": result["wall_ns"] / 1e9,
        "cpu_s": result["cpu_ns"] / 1e9,
        "maxrss_mb": result["maxrss_kb"] / 1024,
        "minflt": float(result["minflt"]),
    }
    if "ops" in result:
        metrics["mops_per_s"] = result["ops"] / result["wall_ns"] * 1e3
    return metrics, proc.stdout
