"""Running a command under callgrind and reading its instruction count.

One home for the valgrind command line, the total's line in callgrind's
output file, its call counts and callgrind_annotate's self costs, for the
harness (costs.py), bench/callgrind/measure, compile-cost, alloc-share and
bench/tools/census.
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

# callgrind_annotate's lines: "Ir (pct)  file:function [object]".
_FUNCTION_LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)$")


def run(cmd: list[str], out: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """Runs cmd under `valgrind --tool=callgrind` (in env, if given),
    writing its profile to out; stdout is dropped, stderr captured. The
    caller checks the exit."""
    return subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)


def total(out: Path) -> int | None:
    """The instructions of the whole run in callgrind's file out (its
    `summary:` line, `totals:` in some versions); None if it has none."""
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    return None


def calls(out: Path) -> Counter:
    """(caller, callee) -> calls, from callgrind's file out. Names may be
    compressed: "(id) name" the first time, "(id)" after. Raises ValueError
    for a file that is not callgrind's."""
    names: dict[str, str] = {}

    def name(token: str) -> str:
        m = re.match(r"\((\d+)\)(?: (.*))?$", token)
        if not m:
            return token
        if m.group(2):
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), token)

    counts: Counter = Counter()
    fn = cfn = ""
    seen_events = False
    for line in out.read_text(errors="replace").splitlines():
        if line.startswith("events:"):
            seen_events = True
        elif line.startswith("fn="):
            fn = name(line[3:].strip())
        elif line.startswith("cfn="):
            cfn = name(line[4:].strip())
        elif line.startswith("calls="):
            counts[(fn, cfn)] += int(line[6:].split()[0])
    if not seen_events:
        raise ValueError(f"{out}: not a callgrind output (no events line)")
    return counts


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
