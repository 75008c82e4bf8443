"""Summary statistics and the Mann-Whitney U test, as benchstat uses them.

Only the standard library: medians, the median absolute deviation as the
spread, the geometric mean, and a two-sided Mann-Whitney U p-value (exact
when the samples are small and free of ties, the normal approximation with
tie and continuity corrections otherwise).
"""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import median

__all__ = ["median", "mad_percent", "geomean", "mann_whitney_p"]


def mad_percent(xs: list[float]) -> float:
    """Median absolute deviation, as a percentage of the median."""
    m = median(xs)
    if m == 0:
        return 0.0
    return 100.0 * median(abs(x - m) for x in xs) / abs(m)


def geomean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def paired_ratio(base: list[list[float]], new: list[list[float]]) -> float | None:
    """The change new/base of several benchmarks taken together, paired by
    round: base[k][i] and new[k][i] are benchmark k's samples from round i.
    Each round's geometric mean of new/base over the benchmarks, then the
    median over rounds. A process run on a shared machine is slow or fast
    as a whole (another tenant, the CPU it got), and both configurations
    of a round ran within a minute of each other, so that state cancels in
    the round's ratio. None unless every list has the same length."""
    n = len(base[0]) if base else 0
    if n == 0 or any(len(xs) != n for xs in base + new):
        return None
    return median([geomean([nw[i] / b[i] for b, nw in zip(base, new)]) for i in range(n)])


def _ranks(values: list[float]) -> tuple[list[float], list[int]]:
    """Mid-ranks (1-based) of values, and the sizes of the tie groups."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    ties = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        ties.append(j - i + 1)
        i = j + 1
    return ranks, ties


@lru_cache(maxsize=None)
def _u_counts(m: int, n: int) -> tuple[int, ...]:
    """counts[u] = number of arrangements of m x's and n y's with U = u.

    The recurrence: the largest element is either an x (adding n to U) or
    a y (adding nothing).
    """
    if m == 0 or n == 0:
        return (1,)
    with_x = _u_counts(m - 1, n)
    with_y = _u_counts(m, n - 1)
    counts = [0] * (m * n + 1)
    for u, c in enumerate(with_x):
        counts[u + n] += c
    for u, c in enumerate(with_y):
        counts[u] += c
    return tuple(counts)


# Exact distribution only while it stays cheap (m*n*(m*n) work).
_EXACT_LIMIT = 30


def mann_whitney_p(xs: list[float], ys: list[float]) -> float:
    """Two-sided p-value of the Mann-Whitney U test of xs against ys."""
    m, n = len(xs), len(ys)
    if m == 0 or n == 0:
        return 1.0
    ranks, ties = _ranks(list(xs) + list(ys))
    u = sum(ranks[:m]) - m * (m + 1) / 2
    has_ties = any(t > 1 for t in ties)
    if not has_ties and m <= _EXACT_LIMIT and n <= _EXACT_LIMIT:
        counts = _u_counts(m, n)
        total = math.comb(m + n, m)
        lo = min(u, m * n - u)
        tail = sum(counts[: int(lo) + 1]) / total
        return min(1.0, 2 * tail)
    mean = m * n / 2
    tie_term = sum(t**3 - t for t in ties) / ((m + n) * (m + n - 1))
    var = m * n / 12 * ((m + n + 1) - tie_term)
    if var <= 0:
        return 1.0
    z = (abs(u - mean) - 0.5) / math.sqrt(var)
    return min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2)))
