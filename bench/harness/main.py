"""Runs every benchmark of every configuration in interleaved rounds and
writes the results: raw samples (raw.json), the tables (latest.txt), the
sweep chart (sweep.png), and optionally the README's results block.

Each round runs each configuration's binary once, in an order shuffled
afresh every round (seeded, so a run can be repeated), so slow drifts of a
shared machine (another job starting, thermal state) and any effect of one
run on the next spread over all configurations instead of landing on
whichever ran last, or always right after `on` (as a rotation did for
`control`). bench/run is the front door; see bench/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

import chart
import configs as cfg
import costs
import memory
import micro
import programs
import tiny
import report

# spell_check's dictionary: Debian's hunspell-en-us (scripts/install-deps bench).
HUNSPELL_DICT = "/usr/share/hunspell/en_US"


def shuffled(items: list[str], seed: int, r: int) -> list[str]:
    """Round r's order of items."""
    order = list(items)
    random.Random(seed * 1_000_003 + r).shuffle(order)
    return order


def machine() -> str:
    model = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    load = os.getloadavg()
    return (f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"load average {load[0]:.1f} at start")


def plugin_limit(build_dir: Path, bin_dir: Path) -> int | None:
    """The size limit the `on` binaries were built with, from their stamp,
    as sizespec-report reads it (`--binary`, JSON)."""
    tool = build_dir / "bin" / "sizespec-report"
    try:
        out = subprocess.run([str(tool), "--format=json", "--binary",
                              str(bin_dir / "on" / "micro")],
                             capture_output=True, text=True, check=True).stdout
        stamps = json.loads(out)[0]["stamps"]
    except (OSError, subprocess.CalledProcessError, ValueError, LookupError):
        return None
    limits = {st["fields"].get("max") for st in stamps if st.get("recognized")}
    return int(limits.pop()) if len(limits) == 1 and None not in limits else None


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def failure(what: str, config: str, err: Exception, failures: dict) -> None:
    """A crash or failed check of one run is recorded and reported, and the
    run's samples dropped; the other configurations go on."""
    if isinstance(err, subprocess.CalledProcessError):
        msg = f"exit status {err.returncode}"
        if err.returncode < 0:
            msg = f"killed by signal {-err.returncode}"
    else:
        msg = str(err)
    failures.setdefault(f"{what} {config}", []).append(msg)
    log(f"{what} {config}: FAILED ({msg})")


def chosen(option: str, csv: str, available: list[str], missing: str, listed: str) -> list[str]:
    """The names in option's comma-separated csv, in available's order;
    exits naming those not available."""
    wanted = csv.split(",")
    unknown = [w for w in wanted if w not in available]
    if unknown:
        sys.exit(f"{option}: {missing}: {', '.join(unknown)} ({listed}: {', '.join(available)})")
    return [a for a in available if a in wanted]


def run_micro(bin_dir: Path, configs: list[str], args, failures: dict) -> dict:
    # The composed configurations (on+X) are built for whole programs only.
    configs = [c for c in configs if cfg.binary(bin_dir, c, "micro").exists()]
    samples: dict[str, dict[str, list[float]]] = {c: {} for c in configs}
    for r in range(args.rounds):
        for c in shuffled(configs, args.seed, r):
            try:
                got = micro.run(cfg.binary(bin_dir, c, "micro"), c, args.min_time,
                                args.repetitions, args.filter)
            except (subprocess.CalledProcessError, cfg.ConfigError) as err:
                failure("micro", c, err, failures)
                continue
            for name, xs in got.items():
                samples[c].setdefault(name, []).extend(xs)
        log(f"micro round {r + 1}/{args.rounds} done")
    return {c: s for c, s in samples.items() if s}


def run_programs(bin_dir: Path, configs: list[str], args, failures: dict) -> dict:
    # label -> (program, its arguments)
    plan = {"binary_trees": ("binary_trees", [str(args.depth)]),
            "json_roundtrip": ("json_roundtrip", [str(args.json_records), str(args.json_passes)]),
            "yaml_roundtrip": ("yaml_roundtrip", [str(args.yaml_records), "2"]),
            "nlohmann_records": ("nlohmann_records", [str(args.nlohmann_records), "3"]),
            "ninja_plan": ("ninja_plan", [str(args.ninja_dirs), "100", "3"]),
            "xml_catalog": ("xml_catalog", [str(args.xml_products), "2"]),
            "regex_triage": ("regex_triage", [str(args.regex_files), "4000"]),
            "proto_orders": ("proto_orders", [str(args.proto_orders), "3"]),
            "polygon_clip": ("polygon_clip", [str(args.clip_ops), "2"]),
            "spell_check": ("spell_check", [f"{HUNSPELL_DICT}.aff", f"{HUNSPELL_DICT}.dic",
                                            str(args.spell_words)]),
            "larson": ("larson", [str(args.threads), str(args.larson_seconds)]),
            "thread_churn": ("thread_churn", ["2000", "4000"]),
            "cache_thrash": ("cache_sharing", ["thrash", str(args.threads), str(args.cache_objects)]),
            "cache_scratch": ("cache_sharing", ["scratch", str(args.threads), str(args.cache_objects)]),
            "big_strings": ("big_strings", [str(args.big_strings_rounds), "2000", "100000"])}
    if args.programs:
        wanted = chosen("--programs", args.programs, list(plan), "no such program", "programs")
        plan = {label: run for label, run in plan.items() if label in wanted}
    result: dict[str, dict[str, dict[str, list[float]]]] = {}
    for label, (program, pargs) in plan.items():
        present = [c for c in configs if cfg.binary(bin_dir, c, program).exists()]
        if not present:
            continue
        outputs: dict[str, str] = {}
        result[label] = {c: {} for c in present}
        for r in range(args.program_rounds):
            for c in shuffled(present, args.seed, r):
                try:
                    metrics, stdout = programs.run(cfg.binary(bin_dir, c, program), c, pargs)
                    outputs.setdefault("reference", stdout)
                    if stdout != outputs["reference"]:
                        raise cfg.ConfigError("printed a different output")
                except (subprocess.CalledProcessError, cfg.ConfigError, RuntimeError) as err:
                    failure(label, c, err, failures)
                    continue
                for k, v in metrics.items():
                    result[label][c].setdefault(k, []).append(v)
            log(f"{label} round {r + 1}/{args.program_rounds} done")
        result[label] = {c: m for c, m in result[label].items() if m}
    return result


def run_tiny(bin_dir: Path, configs: list[str], args, failures: dict) -> dict:
    """{kind: {config: [bench-tiny results]}}, interleaved rounds."""
    present = [c for c in configs if cfg.binary(bin_dir, c, "tiny_table").exists()]
    result: dict[str, dict[str, list[dict]]] = {k: {} for k in tiny.KINDS}
    if not present:
        return {}
    for r in range(args.tiny_rounds):
        for c in shuffled(present, args.seed, r):
            for kind in tiny.KINDS:
                try:
                    got = tiny.run(cfg.binary(bin_dir, c, "tiny_table"), c, kind, args.tiny_objects)
                except (subprocess.CalledProcessError, cfg.ConfigError, RuntimeError) as err:
                    failure(f"tiny_table {kind}", c, err, failures)
                    continue
                result[kind].setdefault(c, []).append(got)
        log(f"tiny_table round {r + 1}/{args.tiny_rounds} done")
    return result


def run_memory(bin_dir: Path, configs: list[str], args, failures: dict) -> dict:
    """{threads: {config: [bench-memory results]}}, interleaved rounds."""
    present = [c for c in configs if cfg.binary(bin_dir, c, "thread_memory").exists()]
    result: dict[str, dict[str, list[dict]]] = {str(t): {} for t in memory.THREADS}
    if not present:
        return {}
    for r in range(args.memory_rounds):
        for c in shuffled(present, args.seed, r):
            for threads in memory.THREADS:
                try:
                    got = memory.run(cfg.binary(bin_dir, c, "thread_memory"), c, threads)
                except (subprocess.CalledProcessError, cfg.ConfigError, RuntimeError) as err:
                    failure(f"thread_memory {threads}", c, err, failures)
                    continue
                result[str(threads)].setdefault(c, []).append(got)
        log(f"thread_memory round {r + 1}/{args.memory_rounds} done")
    return result


def run_costs(build_dir: Path, bin_dir: Path, configs: list[str], args) -> dict:
    out: dict = {}
    log("callgrind: instructions per pair")
    out["callgrind"] = costs.instructions_per_pair(bin_dir, configs)
    out["binary_sizes"] = costs.binary_sizes(bin_dir, ["binary_trees", "json_roundtrip", "micro"])
    src = str(Path(args.source_dir).resolve())
    # The examples' plugin build (its twin without the plugin is left out).
    examples = [e for e in costs.compile_units(
        build_dir, lambda f, o: f.startswith(src + "/examples/"))
        if costs.uses_plugin(e)]
    jsoncpp = costs.compile_units(build_dir, lambda f, o: "bench-jsoncpp-on.dir" in o)
    if not jsoncpp:
        log("compile time: no jsoncpp units with the plugin in compile_commands.json")
    if examples:
        log(f"examples: object sizes and compile time ({len(examples)} units)")
        out["example_objects"] = costs.object_sizes(examples)
    out["compile_times"] = {}
    for what, units in (("examples", examples), ("jsoncpp", jsoncpp)):
        if units:
            log(f"compile time: {what} ({len(units)} units x {args.compile_reps} x 2)")
            out["compile_times"][what] = costs.compile_times(units, args.compile_reps)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build-dir", type=Path, default=Path("build/bench"))
    ap.add_argument("--source-dir", default=".")
    ap.add_argument("--out", type=Path, default=Path("bench/results"))
    ap.add_argument("--readme", type=Path, help="update this README's results block")
    ap.add_argument("--rounds", type=int, default=16)
    ap.add_argument("--repetitions", type=int, default=1,
                    help="samples per benchmark per round (benchmark_repetitions)")
    ap.add_argument("--min-time", type=float, default=0.05)
    ap.add_argument("--filter", help="benchmark_filter for the micro benchmarks")
    ap.add_argument("--seed", type=int, default=1, help="for the order of each round")
    ap.add_argument("--program-rounds", type=int, default=5)
    ap.add_argument("--depth", type=int, default=20, help="binary-trees depth")
    ap.add_argument("--json-records", type=int, default=50000)
    ap.add_argument("--json-passes", type=int, default=2)
    ap.add_argument("--yaml-records", type=int, default=10000)
    ap.add_argument("--nlohmann-records", type=int, default=30000)
    ap.add_argument("--ninja-dirs", type=int, default=150,
                    help="ninja_plan: subninjas of 100 compiles each")
    ap.add_argument("--xml-products", type=int, default=30000)
    ap.add_argument("--regex-files", type=int, default=20,
                    help="regex_triage: log files of 4,000 lines each")
    ap.add_argument("--proto-orders", type=int, default=30000)
    ap.add_argument("--clip-ops", type=int, default=300,
                    help="polygon_clip: random intersections a pass")
    ap.add_argument("--spell-words", type=int, default=200000,
                    help="spell_check: words of the generated text")
    ap.add_argument("--threads", type=int, default=2, help="larson and cache_sharing threads")
    ap.add_argument("--larson-seconds", type=float, default=2.0)
    ap.add_argument("--cache-objects", type=int, default=2000000,
                    help="objects each cache_sharing thread allocates")
    ap.add_argument("--compile-reps", type=int, default=3)
    ap.add_argument("--tiny-rounds", type=int, default=5, help="rounds of tiny_table")
    ap.add_argument("--tiny-objects", type=int, default=1000000)
    ap.add_argument("--memory-rounds", type=int, default=5, help="rounds of thread_memory")
    ap.add_argument("--big-strings-rounds", type=int, default=20,
                    help="big_strings: rounds of 2,000 strings of 100 KB")
    ap.add_argument("--command", help="the command line to record (bench/run passes it)")
    ap.add_argument("--configs",
                    help="comma-separated: only these of the configurations built "
                         "(e.g. on,control,on+profile)")
    ap.add_argument("--programs",
                    help="comma-separated: only these whole programs (e.g. larson,ninja_plan)")
    ap.add_argument("--runtime-dir", type=Path,
                    help="add on@runtime: the on binaries on the libsizespec.so in this "
                         "directory (another build's runtime/), beside the build's own")
    ap.add_argument("--skip", action="append", default=[],
                    choices=["micro", "programs", "tiny", "memory", "costs"],
                    help="leave a part out")
    args = ap.parse_args()

    bin_dir = args.build_dir / "bench" / "bin"
    if args.runtime_dir:
        if not (args.runtime_dir / "libsizespec.so.0").exists():
            sys.exit(f"--runtime-dir: no libsizespec.so.0 in {args.runtime_dir}")
        cfg.OTHER_RUNTIME = args.runtime_dir.resolve()
    configs = cfg.discover(bin_dir)
    if args.configs:
        configs = chosen("--configs", args.configs, configs, "not built here", "built")
    log(f"configurations: {' '.join(configs)}")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=args.source_dir).stdout.strip() or "unknown"
    raw = {
        "meta": {
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit,
            "machine": machine(),
            "command": args.command or " ".join(sys.argv),
            "configs": configs,
            "rounds": args.rounds,
            "repetitions": args.repetitions,
            "min_time": args.min_time,
            "program_rounds": args.program_rounds,
            "seed": args.seed,
            "program_metric": "cpu_s",
            "other_runtime": str(cfg.OTHER_RUNTIME) if cfg.OTHER_RUNTIME else None,
        },
        "micro": {}, "programs": {}, "tiny": {}, "memory": {}, "costs": {}, "failures": {},
    }
    if "micro" not in args.skip:
        raw["micro"] = run_micro(bin_dir, configs, args, raw["failures"])
    if "programs" not in args.skip:
        raw["programs"] = run_programs(bin_dir, configs, args, raw["failures"])
    if "tiny" not in args.skip:
        raw["tiny"] = run_tiny(bin_dir, configs, args, raw["failures"])
    if "memory" not in args.skip:
        raw["memory"] = run_memory(bin_dir, configs, args, raw["failures"])
    if "costs" not in args.skip:
        raw["costs"] = run_costs(args.build_dir, bin_dir, configs, args)
    raw["meta"]["machine"] += f", {os.getloadavg()[0]:.1f} at end"

    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "raw.json").write_text(json.dumps(raw, indent=1))
    text = report.render(raw)
    (args.out / "latest.txt").write_text(text)
    if raw["micro"]:
        chart.draw(raw, args.out / "sweep.png", limit=plugin_limit(args.build_dir, bin_dir))
    if args.readme:
        rel = os.path.relpath(args.out / "sweep.png", args.readme.parent)
        report.update_readme(args.readme, report.render(raw, summary=True),
                             rel if raw["micro"] else None)
    print(text)


if __name__ == "__main__":
    main()
