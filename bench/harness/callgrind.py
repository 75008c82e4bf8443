"""Running a command under callgrind and reading its instruction count.

One home for the valgrind command line, the total's line in callgrind's
output file and callgrind_annotate's self costs, for the harness
(costs.py), bench/callgrind/measure, compile-cost and alloc-share.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

# callgrind_annotate's lines: "Ir (pct)  file:function [object]".
_FUNCTION_LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)$")


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


def self_costs(out: Path) -> list[tuple[str, str, int]]:
    """(file, function, instructions) for each line of callgrind_annotate's
    self costs in callgrind's file out; code inlined from another file gets
    its own line. Its object is dropped; a line without a file has it as
    file and "" as function."""
    ann = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--auto=no", "--threshold=100", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True).stdout
    rows = []
    for line in ann.split("file:function", 1)[-1].splitlines():
        m = _FUNCTION_LINE.match(line)
        if not m:
            continue
        where = re.sub(r"\s+\[[^\]]*\]$", "", m.group(2))
        file, _, function = where.partition(":")
        rows.append((file, function, int(m.group(1).replace(",", ""))))
    return rows
