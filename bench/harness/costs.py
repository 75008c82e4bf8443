"""What the specialization costs: instructions, binary size, compile time.

- Instructions per 24-byte new+delete pair, by callgrind, in every
  configuration: pair24 runs with two pair counts and the difference in
  instructions is divided by the difference in pairs, so start-up, the
  first refills and exit cancel out.
- Binary size: .text and loaded size (text + data + bss) of on vs off, for
  whole binaries and for the example objects.
- Compile time: each translation unit of the examples and of jsoncpp,
  compiled by its own compile_commands.json line with and without the
  plugin, in interleaved repetitions.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import tempfile
import time
from pathlib import Path

import callgrind
from configs import RUN_AS_ON, ConfigError, binary, check_specialization

CALLGRIND_PAIRS = (100_000, 300_000)


def _callgrind_ir(cmd: list[str], config: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        proc = callgrind.run(cmd, out)
        if proc.returncode != 0:
            raise subprocess.CalledProcessError(proc.returncode, cmd, stderr=proc.stderr)
        check_specialization(config, proc.stderr, f"callgrind {cmd[0]}")
        ir = callgrind.total(out)
    if ir is None:
        raise RuntimeError(f"callgrind wrote no totals for {cmd}")
    return ir


def instructions_per_pair(bin_dir: Path, configs: list[str]) -> dict[str, dict[str, float]]:
    """{config: {"noscan": Ir per pair, "scan": Ir per pair}}."""
    result: dict[str, dict[str, float]] = {}
    lo, hi = CALLGRIND_PAIRS
    for config in configs:
        if config in RUN_AS_ON:  # the on binary: identical counts
            continue
        if not binary(bin_dir, config, "pair24").exists():  # whole programs only
            continue
        exe = str(binary(bin_dir, config, "pair24"))
        result[config] = {}
        for kind in ("noscan", "scan"):
            try:
                a = _callgrind_ir([exe, str(lo), kind], config)
                b = _callgrind_ir([exe, str(hi), kind], config)
            except (subprocess.CalledProcessError, ConfigError) as err:
                result[config] = {"error": str(err)}
                break
            result[config][kind] = (b - a) / (hi - lo)
    return result


def _section_sizes(path: Path) -> dict[str, int]:
    """.text and loaded (allocated sections) size of an ELF file."""
    out = subprocess.run(["size", "-A", "-d", str(path)], capture_output=True,
                         text=True, check=True).stdout
    text = loaded = 0
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            name, size, addr = parts[0], int(parts[1]), int(parts[2])
            if name == ".text":
                text += size
            if addr != 0 or name in (".tbss", ".bss"):  # loaded at run time
                loaded += size
    return {"text": text, "loaded": loaded}


def binary_sizes(bin_dir: Path, programs: list[str]) -> dict[str, dict[str, dict[str, int]]]:
    """{program: {"on": sizes, "off": sizes}} for binaries built both ways."""
    result = {}
    for program in programs:
        on, off = bin_dir / "on" / program, bin_dir / "off" / program
        if on.exists() and off.exists():
            result[program] = {"on": _section_sizes(on), "off": _section_sizes(off)}
    return result


# ---- compile commands ------------------------------------------------------

_PLUGIN_ARG = re.compile(r"^-fplugin(-arg-sizespec-.*)?=|^-fplugin-arg-sizespec-")


def _without_plugin(args: list[str]) -> list[str]:
    """The compile line as if the plugin were not there at all."""
    out: list[str] = []
    skip = 0
    for i, a in enumerate(args):
        if skip:
            skip -= 1
            continue
        if _PLUGIN_ARG.match(a):
            continue
        # -Xclang -load -Xclang <plugin> / -Xclang -add-plugin -Xclang sizespec
        if a == "-Xclang" and i + 1 < len(args) and args[i + 1] in ("-load", "-add-plugin", "-plugin"):
            skip = 3
            continue
        if a == "-Xclang" and i + 1 < len(args) and "sizespec" in args[i + 1]:
            skip = 1
            continue
        out.append(a)
    return out


def _with_off(args: list[str]) -> list[str]:
    """The compile line with the plugin in its `off` mode."""
    return args + ["-fplugin-arg-sizespec-off"]


def _redirect_output(args: list[str], obj: Path) -> list[str]:
    args = list(args)
    for i, a in enumerate(args):
        if a == "-o":
            args[i + 1] = str(obj)
        elif a.startswith("-o") and len(a) > 2:
            args[i] = "-o" + str(obj)
    # No dependency files or sidecars next to the real build's objects.
    cleaned, skip = [], 0
    for a in args:
        if skip:
            skip -= 1
            continue
        if a in ("-MF", "-MT", "-MQ"):
            skip = 1
            continue
        if a in ("-MD", "-MMD"):
            continue
        cleaned.append(a)
    return cleaned + ["-fplugin-arg-sizespec-sidecar=none"] if any(
        a.startswith("-fplugin=") for a in cleaned) else cleaned


def compile_units(build_dir: Path, match) -> list[dict]:
    """Entries of compile_commands.json whose (file, output) match(). CMake
    3.25 writes no "output" key; the command line stands in for it."""
    db = json.loads((build_dir / "compile_commands.json").read_text())
    return [e for e in db if match(e["file"], e.get("output") or " ".join(_args(e)))]


def _args(entry: dict) -> list[str]:
    return entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])


def uses_plugin(entry: dict) -> bool:
    return any(a.startswith("-fplugin=") for a in _args(entry))


def _compile(args: list[str], cwd: str) -> float:
    start = time.perf_counter()
    subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def compile_times(units: list[dict], repetitions: int) -> dict[str, list[float]]:
    """{"plugin": [s per repetition], "no plugin": [...]}: total time to
    compile every unit, each variant once per repetition, order alternating."""
    samples: dict[str, list[float]] = {"plugin": [], "no plugin": []}
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "unit.o"
        for rep in range(repetitions):
            order = ["plugin", "no plugin"] if rep % 2 == 0 else ["no plugin", "plugin"]
            for variant in order:
                total = 0.0
                for e in units:
                    args = _redirect_output(_args(e), obj)
                    if variant == "no plugin":
                        args = _without_plugin(args)
                    total += _compile(args, e["directory"])
                samples[variant].append(total)
    return samples


def object_sizes(units: list[dict]) -> dict[str, dict[str, int]]:
    """Summed .text / loaded size of the units' objects, plugin on vs off."""
    result = {"on": {"text": 0, "loaded": 0}, "off": {"text": 0, "loaded": 0}}
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "unit.o"
        for e in units:
            for variant in ("on", "off"):
                args = _redirect_output(_args(e), obj)
                if variant == "off":
                    args = _with_off(args)
                subprocess.run(args, cwd=e["directory"], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                sizes = _object_sizes(obj)
                for k in sizes:
                    result[variant][k] += sizes[k]
    return result


def _object_sizes(path: Path) -> dict[str, int]:
    """In an object file every section has address 0: sum the allocatable
    ones by flag instead (readelf -S)."""
    out = subprocess.run(["readelf", "-S", "-W", str(path)], capture_output=True,
                         text=True, check=True).stdout
    text = loaded = 0
    for m in re.finditer(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S*)",
                         out, re.M):
        name, size, flags = m.group(1), int(m.group(2), 16), m.group(3)
        if "A" in flags:
            loaded += size
            if name == ".text" or name.startswith(".text."):
                text += size
    return {"text": text, "loaded": loaded}
