"""benchstat-style text tables.

A comparison table has a base column and a new column, each "median ±
spread" (spread = median absolute deviation, as % of the median), then the
new column's change against the base with the Mann-Whitney p-value, or `~`
where p >= 0.05 (no significant difference), and a geomean row:

              |       off       |                 on                  |
              |      ns/op      |    ns/op       vs base              |
    NoScan24    8.051n ± 2%       5.513n ± 1%  -31.52% (p=0.000 n=16)
    geomean     9.12n             6.20n        -32.02%
"""

from __future__ import annotations

from stats import geomean, mad_percent, mann_whitney_p, median

ALPHA = 0.05


def fmt_value(x: float, unit: str) -> str:
    """4 significant digits with a unit suffix, like benchstat's 5.513n."""
    suffix = {"ns/op": "n", "s": "s", "MB": "M", "B": "", "KB": "K", "Ir": ""}.get(unit, "")
    if x >= 1000:
        s = f"{x:.0f}"
    elif x >= 100:
        s = f"{x:.1f}"
    elif x >= 10:
        s = f"{x:.2f}"
    else:
        s = f"{x:.3f}"
    return s + suffix


def cell(xs: list[float], unit: str) -> str:
    return f"{fmt_value(median(xs), unit)} ± {mad_percent(xs):.0f}%"


def delta(base: list[float], new: list[float]) -> tuple[str, float, float]:
    """('-31.52% (p=0.000 n=16)' or '~ (p=0.61 n=16)', change %, p)."""
    p = mann_whitney_p(base, new)
    change = 100.0 * (median(new) / median(base) - 1.0)
    n = f"n={len(new)}" if len(new) == len(base) else f"n={len(base)}+{len(new)}"
    if p >= ALPHA:
        return f"~ (p={p:.3f} {n})", change, p
    return f"{change:+.2f}% (p={p:.3f} {n})", change, p


def comparison(title: str, base_name: str, new_name: str, unit: str,
               rows: list[tuple[str, list[float], list[float]]]) -> str:
    """One two-column benchstat table over rows of (name, base, new)."""
    if not rows:
        return ""
    name_w = max(len(r[0]) for r in rows + [("geomean", [], [])]) + 2
    lines_data = []
    for name, base, new in rows:
        d, _, _ = delta(base, new)
        lines_data.append((name, cell(base, unit), cell(new, unit), d))
    bw = max(14, *(len(l[1]) for l in lines_data)) + 2
    nw = max(14, *(len(l[2]) for l in lines_data)) + 2
    out = [f"{title}", ""]
    out.append(" " * name_w + "| " + base_name.center(bw) + "| " + new_name.center(nw + 26) + "|")
    out.append(" " * name_w + "| " + unit.center(bw) + "| " + unit.center(nw) + "vs base".ljust(26) + "|")
    for name, b, n, d in lines_data:
        out.append(name.ljust(name_w) + "  " + b.ljust(bw) + "  " + n.ljust(nw) + d)
    gb = geomean([median(r[1]) for r in rows])
    gn = geomean([median(r[2]) for r in rows])
    out.append("geomean".ljust(name_w) + "  " + fmt_value(gb, unit).ljust(bw) + "  "
               + fmt_value(gn, unit).ljust(nw) + f"{100 * (gn / gb - 1):+.2f}%")
    return "\n".join(out) + "\n"


def overview(title: str, configs: list[str], unit: str,
             rows: list[tuple[str, dict[str, list[float]]]]) -> str:
    """Medians ± spread of every configuration side by side."""
    if not rows:
        return ""
    name_w = max(len(r[0]) for r in rows) + 2
    cells = [[cell(r[1][c], unit) if c in r[1] else "-" for c in configs] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) + 2 for i, c in enumerate(configs)]
    out = [title, ""]
    out.append(" " * name_w + "".join(c.rjust(w) for c, w in zip(configs, widths)))
    for (name, _), row in zip(rows, cells):
        out.append(name.ljust(name_w) + "".join(v.rjust(w) for v, w in zip(row, widths)))
    return "\n".join(out) + "\n"
