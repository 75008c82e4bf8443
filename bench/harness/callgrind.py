"""Running a command under callgrind and reading its instruction count.

One home for the valgrind command line and the total's line in
callgrind's output file, for the harness (costs.py),
bench/callgrind/measure and bench/callgrind/compile-cost.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def run(cmd: list[str], out: Path) -> subprocess.CompletedProcess:
    """Runs cmd under `valgrind --tool=callgrind`, writing its profile to
    out; stdout is dropped, stderr captured. The caller checks the exit."""
    return subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def total(out: Path) -> int | None:
    """The instructions of the whole run in callgrind's file out (its
    `summary:` line, `totals:` in some versions); None if it has none."""
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    return None
