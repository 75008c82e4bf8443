"""The configurations a run compares, and the checks that they are what
their names say.

Binaries live in <bin>/<config>/<program>. `control` is not built: it is
the `on` binaries run again under another name, so its true difference
from `on` is zero and whatever the table shows for it is the noise floor.
Nor is `on+profile`: the `on` binaries with the sampled allocation profile
on (SIZESPEC_PROFILE, at the default interval), written at exit.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

# Display order; the first present one is each table's reference.
ORDER = ["on", "control", "on+profile", "on@runtime", "off", "glibc", "mimalloc", "jemalloc", "tcmalloc",
         "on+mimalloc", "on+jemalloc", "on+tcmalloc"]

# The allocators alone, and the configuration with sizespec in front of each
# (`on` is sizespec in front of glibc).
ALONE = ["glibc", "mimalloc", "jemalloc", "tcmalloc"]
COMPOSED = {"glibc": "on", "mimalloc": "on+mimalloc", "jemalloc": "on+jemalloc",
            "tcmalloc": "on+tcmalloc"}

# What bench::allocator_name() must report in each configuration.
EXPECTED_ALLOCATOR = {
    "on": "sizespec",
    "control": "sizespec",
    "on+profile": "sizespec",
    "on@runtime": "sizespec",
    "off": "sizespec",
    "glibc": "glibc",
    "mimalloc": "mimalloc",
    "jemalloc": "jemalloc",
    "tcmalloc": "tcmalloc",
    "on+mimalloc": "sizespec+mimalloc",
    "on+jemalloc": "sizespec+jemalloc",
    "on+tcmalloc": "sizespec+tcmalloc",
}


class ConfigError(RuntimeError):
    pass


def discover(bin_dir: Path) -> list[str]:
    """The configurations built under bin_dir, plus control and on+profile
    if on exists, and on@runtime if OTHER_RUNTIME is set."""
    built = {p.name for p in bin_dir.iterdir() if p.is_dir()}
    unknown = built - set(ORDER)
    if unknown:
        raise ConfigError(f"unknown configuration directories: {sorted(unknown)}")
    if "on" in built:
        built |= set(RUN_AS_ON)
        if OTHER_RUNTIME is None:  # on@runtime needs a runtime to run
            built.discard("on@runtime")
    return [c for c in ORDER if c in built]


# The configurations that run the `on` binaries.
RUN_AS_ON = ["control", "on+profile", "on@runtime"]

# on@runtime (--runtime-dir): the `on` binaries on another build's
# libsizespec.so, found through LD_LIBRARY_PATH, which the binaries' RUNPATH
# yields to. An A/B of two runtimes under the same inline code, in one run.
OTHER_RUNTIME: Path | None = None

# Where on+profile's runs write their profiles (one per process).
PROFILE_DIR = Path(tempfile.gettempdir()) / "sizespec-bench-profiles"


def binary(bin_dir: Path, config: str, program: str) -> Path:
    built_as = "on" if config in RUN_AS_ON else config
    return bin_dir / built_as / program


def environment(config: str) -> dict | None:
    """The environment a configuration's runs get (None: the harness's)."""
    if config == "on@runtime":
        return dict(os.environ, LD_LIBRARY_PATH=str(OTHER_RUNTIME))
    if config != "on+profile":
        return None
    PROFILE_DIR.mkdir(exist_ok=True)
    return dict(os.environ, SIZESPEC_PROFILE=str(PROFILE_DIR / "%p.prof"))


def check_allocator(config: str, reported: str, what: str) -> None:
    want = EXPECTED_ALLOCATOR[config]
    if reported != want:
        raise ConfigError(
            f"{what}: configuration {config} runs on {reported}, expected {want}"
            " (was the allocator library dropped at link time?)"
        )


def json_line(stderr: str, prefix: str, keep_prefix: bool = False) -> dict | None:
    """The JSON of the first stderr line that starts with prefix (which is
    part of the JSON when keep_prefix), or None."""
    for line in stderr.splitlines():
        if line.startswith(prefix):
            return json.loads(line if keep_prefix else line[len(prefix):])
    return None


def parse_sizespec_stats(stderr: str) -> dict | None:
    return json_line(stderr, "sizespec-stats: ")


def check_specialization(config: str, stderr: str, what: str) -> None:
    """on/control (and on+X) must use specialized routines, off must not;
    the runtime active in each."""
    if config not in ("on", "off", *RUN_AS_ON) and not config.startswith("on+"):
        return
    stats = parse_sizespec_stats(stderr)
    if stats is None:
        raise ConfigError(f"{what}: {config} printed no sizespec-stats line")
    if stats["mode"] != "active":
        raise ConfigError(f"{what}: {config}: sizespec runtime is {stats['mode']}")
    if config == "off" and stats["specialized"] != 0:
        raise ConfigError(f"{what}: off made {stats['specialized']} specialized allocations")
    if config != "off" and stats["specialized"] == 0:
        raise ConfigError(f"{what}: {config} made no specialized allocation")


def run_reporting(binary: Path, config: str, args: list[str], prefix: str):
    """Runs a benchmark binary once and returns (the JSON of its `prefix`
    line on stderr, the process), checked for the allocator it loaded."""
    proc = subprocess.run([str(binary), *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, check=True,
                          env=environment(config))
    result = json_line(proc.stderr, prefix)
    if result is None:
        raise RuntimeError(f"{binary}: no '{prefix}' line on stderr")
    check_allocator(config, result["allocator"], str(binary))
    return result, proc
