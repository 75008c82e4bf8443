"""Turns a run's raw samples (results/raw.json) into the results text, the
targets verdict and the README's results block.

    python3 bench/harness/report.py bench/results/raw.json [--readme bench/README.md]
"""

from __future__ import annotations


import argparse
import json
import os
import re
from pathlib import Path

import configs as cfg
import memory
import table
import tiny
from stats import median, mann_whitney_p, paired_ratio

HEADLINE = ["NoScan24", "Scan24", "Array80", "Array96", "MakeUnique24", "MakeShared24",
            "Threads/owners/NoScan24", "Threads/remote/NoScan24"]
ALLOCATORS = ["mimalloc", "jemalloc", "tcmalloc"]
# How much slower than the fastest allocator alone a program may run under
# `on` and still meet its target.
FASTEST_SLACK = 0.01



def shown_path(path: str | None) -> str | None:
    """A path as a results file shows it: relative to the working directory
    when it is below it, so that no machine's absolute paths are kept."""
    if not path:
        return path
    try:
        return os.path.relpath(path) if os.path.abspath(path).startswith(os.getcwd() + os.sep) else path
    except ValueError:
        return path

def _size(name: str) -> int | None:
    m = re.search(r"/(\d{4})$", name)
    return int(m.group(1)) if m else None


def micro_rows(micro: dict, base: str, new: str, names: list[str]):
    return [(n, micro[base][n], micro[new][n]) for n in names
            if n in micro.get(base, {}) and n in micro.get(new, {})]


def program_rows(programs: dict, base: str, new: str, metric: str):
    return [(p, r[base][metric], r[new][metric]) for p, r in sorted(programs.items())
            if base in r and new in r]


def ratio(micro: dict, name: str, slower: str, faster: str = "on") -> float | None:
    if name not in micro.get(slower, {}) or name not in micro.get(faster, {}):
        return None
    return median(micro[slower][name]) / median(micro[faster][name])


def targets(raw: dict) -> list[str]:
    """Each target with the measured figure and met / missed."""
    micro, programs = raw["micro"], raw["programs"]
    out = []

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    for name in ("NoScan24", "Scan24"):
        r_off = ratio(micro, name, "off")
        present = [a for a in ALLOCATORS if name in micro.get(a, {})]
        best = min(present, key=lambda a: median(micro[a][name])) if present else None
        r_best = ratio(micro, name, best) if best else None
        r_glibc = ratio(micro, name, "glibc")
        if r_off is not None:
            out.append(f"{name}: on is {r_off:.2f}x as fast as off (target 1.4x): {verdict(r_off >= 1.4)}")
        if r_best is not None:
            out.append(f"{name}: on is {r_best:.2f}x as fast as the fastest other allocator, "
                       f"{best} (target 1.4x): {verdict(r_best >= 1.4)}")
        if r_glibc is not None:
            out.append(f"{name}: on is {r_glibc:.2f}x as fast as glibc (target 3x): {verdict(r_glibc >= 3)}")

    # The threads benchmarks (wall time, two threads): no slower than the
    # fastest allocator alone, glibc included, or not significantly.
    for name in ("Threads/owners/NoScan24", "Threads/remote/NoScan24"):
        present = [a for a in ("glibc", *ALLOCATORS) if name in micro.get(a, {})]
        if name not in micro.get("on", {}) or not present:
            continue
        best = min(present, key=lambda a: median(micro[a][name]))
        _, change, p = table.delta(micro[best][name], micro["on"][name])
        slower = p < table.ALPHA and change > 0
        out.append(f"{name}: on takes {median(micro['on'][name]):.2f} ns, the fastest "
                   f"allocator alone, {best}, {median(micro[best][name]):.2f} ns, "
                   f"{change:+.1f}% (p={p:.3f}) (target: no slower): {verdict(not slower)}")

    if "on" in micro and "off" in micro:
        above = [n for n in micro["on"] if (_size(n) or 0) > 80 or n == "Array96"]
        regressions = []
        for n in sorted(above):
            if n not in micro["off"]:
                continue
            _, change, p = table.delta(micro["off"][n], micro["on"][n])
            if p < table.ALPHA and change > 0:
                regressions.append(f"{n} {change:+.1f}%")
        out.append(f"on vs off above 80 B ({len(above)} benchmarks): "
                   + ("no significant regression: met" if not regressions
                      else "significant regressions: " + ", ".join(regressions) + ": MISSED"))

    if "control" in micro:
        rows = micro_rows(micro, "on", "control", sorted(micro["on"]))
        gm = table.geomean([median(r[2]) for r in rows]) / table.geomean([median(r[1]) for r in rows]) - 1
        paired = paired_ratio([r[1] for r in rows], [r[2] for r in rows])
        worst = max(rows, key=lambda r: abs(median(r[2]) / median(r[1]) - 1))
        worst_change = 100 * (median(worst[2]) / median(worst[1]) - 1)
        sig = [r[0] for r in rows if mann_whitney_p(r[1], r[2]) < table.ALPHA]
        line = (f"control (on vs itself): geomean of the medians {100 * gm:+.2f}%, largest single "
                f"row {worst[0]} {worst_change:+.1f}%, {len(sig)} of {len(rows)} rows 'significant'")
        if paired is None:
            out.append(f"{line} (target: within 1%): {verdict(abs(gm) <= 0.01)} on the geomean")
        else:
            out.append(f"{line}; paired by round {100 * (paired - 1):+.2f}% (target: within 1%): "
                       f"{verdict(abs(paired - 1) <= 0.01)} on the paired geomean")

    bt = programs.get("binary_trees", {})
    metric = raw["meta"].get("program_metric", "cpu_s")
    if "on" in bt:
        on = median(bt["on"][metric])
        if "glibc" in bt:
            r = median(bt["glibc"][metric]) / on
            paired = paired_ratio([bt["on"][metric]], [bt["glibc"][metric]])
            how = f"{r:.2f}x as fast as glibc"
            if paired is not None:
                how += f" ({paired:.2f}x paired by round)"
            judged = paired if paired is not None else r
            out.append(f"binary-trees: on is {how} (target 1.3x): {verdict(judged >= 1.3)}")
        others = {c: median(v[metric]) for c, v in bt.items() if c not in ("on", *cfg.RUN_AS_ON)}
        paired = {c: paired_ratio([bt["on"][metric]], [v[metric]])
                  for c, v in bt.items() if c not in ("on", *cfg.RUN_AS_ON)}
        if others and None not in paired.values():
            # Few long runs that switch between a fast and a slow machine
            # state: judged paired by round, the medians shown beside.
            fastest = min(paired, key=paired.get)
            out.append(f"binary-trees: fastest other configuration, paired by round, is {fastest} "
                       f"at {paired[fastest]:.2f}x on's time ({others[fastest] / on:.2f}x by the "
                       f"medians) (target: on fastest): {verdict(paired[fastest] > 1)}")
        elif others:
            fastest = min(others, key=others.get)
            out.append(f"binary-trees: fastest other configuration is {fastest} at "
                       f"{others[fastest] / on:.2f}x on's time (target: on fastest): "
                       f"{verdict(others[fastest] > on)}")

    # A tiny pair against the 8-byte class's pair, both in `on`: no slower
    # means not significantly slower (Mann-Whitney).
    class8 = micro.get("on", {}).get("Sweep/scan/0008")
    for name in ("Tiny/0001", "Tiny/0004", "Tiny/0008"):
        if class8 is None or name not in micro.get("on", {}):
            continue
        t = micro["on"][name]
        _, change, p = table.delta(class8, t)
        slower = p < table.ALPHA and change > 0
        out.append(f"{name}: the tiny pair takes {median(t):.2f} ns, the 8-byte class pair "
                   f"(Sweep/scan/0008) {median(class8):.2f} ns, {change:+.1f}% (p={p:.3f}) "
                   f"(target: no slower): {verdict(not slower)}")
    out.extend(tiny.targets(raw.get("tiny", {})))

    ex = raw.get("costs", {}).get("example_objects")
    if ex:
        d = ex["on"]["text"] - ex["off"]["text"]
        out.append(f"binary size: on adds {d / 1024:.1f} KB of .text to the examples "
                   f"({ex['off']['text']} -> {ex['on']['text']} B; target < 16 KB): {verdict(d < 16 * 1024)}")
    return out


def speed(samples: dict) -> tuple[str, list[float]]:
    """A program's figure, as a time (lower is better): the inverse rate of a
    fixed-time program, else its CPU time."""
    if "mops_per_s" in samples:
        return "time per op", [1 / x for x in samples["mops_per_s"]]
    return "cpu_s", samples["cpu_s"]


def faster_or_level(programs: dict, program: str, new: str, base: str):
    """(base's time / new's time paired by round, p, verdict): "met" when
    new is at least as fast paired by round, "level" when it is slower but
    not significantly (Mann-Whitney), else "MISSED"."""
    r = programs[program]
    _, b = speed(r[base])
    _, n = speed(r[new])
    paired = paired_ratio([n], [b])
    ratio = paired if paired is not None else median(b) / median(n)
    p = mann_whitney_p(b, n)
    verdict = "met" if ratio >= 1 else "level" if p >= table.ALPHA else "MISSED"
    return ratio, p, verdict


def composition_targets(raw: dict) -> list[str]:
    """The composition targets: sizespec in front of each allocator,
    peak RSS, and the large strings."""
    programs = raw["programs"]
    out = []

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    for alone in cfg.ALONE:
        composed = cfg.COMPOSED[alone]
        rows = [p for p in sorted(programs) if alone in programs[p] and composed in programs[p]]
        if not rows:
            continue
        cells, level, missed = [], [], []
        for p in rows:
            ratio, pv, v = faster_or_level(programs, p, composed, alone)
            cells.append(f"{p} {ratio:.2f}x" + ("" if v == "met" else f" (p={pv:.3f})"))
            {"level": level, "MISSED": missed}.get(v, []).append(p)
        out.append(f"{composed} against {alone} alone, time paired by round (>1: faster): "
                   + ", ".join(cells) + " (target: at least as fast on every program): "
                   + ("MISSED on " + ", ".join(missed) if missed
                      else "met" if not level
                      else "slower but not significantly on " + ", ".join(level)))
    cells, missed = [], []
    for p in sorted(programs):
        r = programs[p]
        alone = [a for a in cfg.ALONE if a in r]
        if "on" not in r or not alone:
            continue
        fastest = min(alone, key=lambda a: median(speed(r[a])[1]))
        ratio, pv, _ = faster_or_level(programs, p, "on", fastest)
        cells.append(f"{p} {ratio:.2f}x {fastest}" + ("" if ratio >= 1 else f" (p={pv:.3f})"))
        # More than 1 % slower, and significantly so.
        if ratio * (1 + FASTEST_SLACK) < 1 and pv < table.ALPHA:
            missed.append(p)
    if cells:
        out.append("on against the fastest allocator alone on each program, time paired by "
                   "round (>1: faster): " + ", ".join(cells)
                   + f" (target: at most {100 * FASTEST_SLACK:.0f} % slower, or not "
                   "significantly): " + ("MISSED on " + ", ".join(missed) if missed else "met"))
    json_rt = programs.get("json_roundtrip", {})
    if "on+mimalloc" in json_rt:
        others = [a for a in cfg.ALONE if a in json_rt]
        results = {a: faster_or_level(programs, "json_roundtrip", "on+mimalloc", a) for a in others}
        worst = min(results.values(), key=lambda r: ["MISSED", "level", "met"].index(r[2]))[2]
        out.append("json: on+mimalloc against each allocator alone: "
                   + ", ".join(f"{a} {r[0]:.2f}x" + ("" if r[2] == "met" else f" (p={r[1]:.3f})")
                               for a, r in results.items())
                   + " (target: at least as fast as every one): "
                   + {"met": "met", "level": "slower but not significantly on one",
                      "MISSED": "MISSED"}[worst])
    over = []
    for p, r in sorted(programs.items()):
        alone = [median(r[a]["maxrss_mb"]) for a in cfg.ALONE if a in r]
        if "on" not in r or len(alone) < 2:
            continue
        mid = sorted(alone)[len(alone) // 2] if len(alone) % 2 else \
            (sorted(alone)[len(alone) // 2 - 1] + sorted(alone)[len(alone) // 2]) / 2
        on = median(r["on"]["maxrss_mb"])
        if on > mid:
            over.append(f"{p} {on:.1f} MB > {mid:.1f} MB")
    if programs:
        out.append("peak RSS of on against the allocators' median, every program: "
                   + ("no more on any: met" if not over else "MISSED on " + "; ".join(over)))
    big = programs.get("big_strings", {})
    if "on" in big and "glibc" in big:
        faults = {c: median(big[c]["minflt"]) for c in ("glibc", "on") if "minflt" in big[c]}
        ratio, pv, v = faster_or_level(programs, "big_strings", "on", "glibc")
        out.append(f"big_strings (100 KB strings, freed and made again): on {ratio:.2f}x glibc's "
                   f"speed paired by round, p={pv:.3f}; page faults glibc {faults.get('glibc', 0):.0f}, "
                   f"on {faults.get('on', 0):.0f} (target: no slower than glibc alone): {v}")
    out.extend(memory.targets(raw.get("memory", {})))
    return out


def costs_text(raw: dict) -> str:
    costs = raw.get("costs", {})
    out = []
    cg = costs.get("callgrind")
    if cg:
        out.append("Instructions per 24-byte new+delete pair (callgrind, exact)\n")
        out.append(f"{'':12}{'noscan':>10}{'scan':>10}")
        for config, v in cg.items():
            if "error" in v:
                out.append(f"{config:12}  failed: {v['error']}")
            else:
                out.append(f"{config:12}{v['noscan']:>10.1f}{v['scan']:>10.1f}")
        out.append("")
    sizes = costs.get("binary_sizes", {})
    ex = costs.get("example_objects")
    if sizes or ex:
        out.append("Binary size, on vs off (bytes)\n")
        out.append(f"{'':28}{'.text off':>12}{'.text on':>12}{'delta':>9}{'loaded off':>12}{'loaded on':>12}{'delta':>9}")
        items = list(sizes.items()) + ([("examples (objects)", ex)] if ex else [])
        for name, v in items:
            t0, t1, l0, l1 = v["off"]["text"], v["on"]["text"], v["off"]["loaded"], v["on"]["loaded"]
            out.append(f"{name:28}{t0:>12}{t1:>12}{t1 - t0:>+9}{l0:>12}{l1:>12}{l1 - l0:>+9}")
        out.append("")
    ct = costs.get("compile_times", {})
    for what, samples in ct.items():
        if samples.get("plugin") and samples.get("no plugin"):
            out.append(table.comparison(f"Compile time, {what} (s, all units)", "no plugin", "plugin",
                                        "s", [(what, samples["no plugin"], samples["plugin"])]))
    return "\n".join(out)


def render(raw: dict, summary: bool = False) -> str:
    """The results text; summary=True keeps the targets, the whole programs'
    overview and their off -> on and control comparisons, and the tiny,
    memory and cost tables (for the README, whose manual stays short); the
    full text (bench/results/latest.txt) has the micro benchmarks and a
    comparison with every configuration."""
    meta, micro, programs = raw["meta"], raw["micro"], raw["programs"]
    # A run may leave out the micro benchmarks (--skip micro) or the programs.
    configs = [c for c in meta["configs"]
               if c in micro or any(c in r for r in programs.values())]
    names = list(next(iter(micro.values())).keys()) if micro else []
    metric = meta.get("program_metric", "cpu_s")
    header = "\n".join([
        f"sizespec benchmarks, {meta['date']}, commit {meta['commit']}",
        f"machine: {meta['machine']}",
        f"command: {meta['command']}",
        (f"{meta['rounds']} interleaved rounds x {meta['repetitions']} repetitions of the micro "
         f"benchmarks (min_time {meta['min_time']} s)" if micro else "micro benchmarks skipped")
        + f", {meta['program_rounds']} rounds of the programs; micro in CPU ns per "
        f"allocation+delete (threads: wall), programs in {metric}.",
        "spread = median absolute deviation; p = Mann-Whitney U; ~ = not significant (p >= 0.05)",
        "",
        *(["Failed runs (their samples are left out):", ""]
          + [f"- {k}: {len(v)} run(s): {v[0]}" for k, v in raw.get("failures", {}).items()]
          + [""] if raw.get("failures") else []),
        "Targets",
        "",
        *[f"- {t}" for t in targets(raw) + composition_targets(raw)],
        "",
    ])
    parts = [header]
    if micro and not summary:
        parts.append(table.overview("All configurations, micro benchmarks (median ± MAD, ns/op)",
                                    configs, "ns/op",
                                    [(n, {c: micro[c][n] for c in configs if n in micro.get(c, {})})
                                     for n in names]))
    if programs:
        for m, unit in ((metric, "s"), ("wall_s", "s"), ("maxrss_mb", "MB"),
                        ("mops_per_s", "Mop/s"), ("minflt", "B")):
            if (m == "wall_s" and metric == "wall_s") or (
                    summary and m not in (metric, "maxrss_mb")):
                continue
            rows = [(p, {c: r[c][m] for c in configs if c in r and m in r[c]})
                    for p, r in sorted(programs.items())]
            rows = [row for row in rows if row[1]]
            if rows:
                parts.append(table.overview(f"All configurations, whole programs ({m})",
                                            configs, unit, rows))
    # Everything is compared with on (with neither micro nor programs, no
    # comparison: configs is empty).
    ref = "on" if "on" in configs else next(iter(configs), None)
    for base in [c for c in configs if c != ref]:
        if summary and base not in ("control", "off"):
            continue
        b, n = (ref, base) if base in cfg.RUN_AS_ON else (base, ref)
        title = ("control: on against itself (true difference zero)" if base == "control"
                 else "on -> on+profile: the sampled profile's cost" if base == "on+profile"
                 else f"on -> on@runtime: the runtime in {shown_path(raw['meta'].get('other_runtime'))}"
                 if base == "on@runtime"
                 else f"{base} -> {ref}")
        if not summary:
            parts.append(table.comparison(f"{title}, micro benchmarks", b, n, "ns/op",
                                          micro_rows(micro, b, n, names)))
        if programs:
            parts.append(table.comparison(f"{title}, whole programs ({metric})", b, n, "s",
                                          program_rows(programs, b, n, metric)))
            parts.append(table.comparison(f"{title}, whole programs (peak RSS)", b, n, "MB",
                                          program_rows(programs, b, n, "maxrss_mb")))
    if programs and not summary:
        for alone in cfg.ALONE[1:]:
            composed = cfg.COMPOSED[alone]
            parts.append(table.comparison(f"{alone} -> {composed}, whole programs ({metric})",
                                          alone, composed, "s",
                                          program_rows(programs, alone, composed, metric)))
    parts.append(tiny.render(raw.get("tiny", {})))
    parts.append(memory.render(raw.get("memory", {})))
    parts.append(costs_text(raw))
    return "\n".join(p for p in parts if p)


def update_readme(readme: Path, text: str, chart: str | None) -> None:
    begin, end = "<!-- results:begin -->", "<!-- results:end -->"
    doc = readme.read_text()
    if begin not in doc or end not in doc:
        raise SystemExit(f"{readme}: no {begin} ... {end} block")
    block = f"{begin}\n```text\n{text.rstrip()}\n```\n"
    if chart:
        block += f"\n![ns/op against size, every configuration]({chart})\n"
    block += end
    head, rest = doc.split(begin, 1)
    readme.write_text(head + block + rest.split(end, 1)[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("raw", type=Path)
    ap.add_argument("--out", type=Path, help="write the text here (default: stdout)")
    ap.add_argument("--readme", type=Path, help="replace this README's results block")
    ap.add_argument("--chart", help="chart path relative to the README")
    args = ap.parse_args()
    raw = json.loads(args.raw.read_text())
    text = render(raw)
    if args.out:
        args.out.write_text(text)
    else:
        print(text)
    if args.readme:
        update_readme(args.readme, render(raw, summary=True), args.chart)


if __name__ == "__main__":
    main()
