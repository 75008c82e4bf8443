"""The tiny path's table (the Go article's, for C++): bytes per live object.

Runs `tiny_table KIND` (bench/programs/tiny_table.cpp) in every
configuration, in interleaved rounds, for 1,000,000 live objects of each
kind: 1 B and 8 B pointer-free, 8 B holding a pointer, 16 B pointer-free.
Each run reports the growth of its RSS over the allocations (anonymous
memory, and VmRSS, which adds the code pages first touched) and, with the
sizespec runtime, the span memory it committed and how many allocations
took the tiny path (its stats counter). The pinned row frees 15 of every 16
1-byte objects and divides by the live ones: the cost of a packed block
that the live objects keep (two to a 32-byte block).
"""

from __future__ import annotations

from pathlib import Path

import configs as cfg

PREFIX = "bench-tiny: "
KINDS = ["1B", "8B", "8Bptr", "16B", "1Bpinned"]
LABELS = {"1B": "1 B, no pointer", "8B": "8 B, no pointer",
          "8Bptr": "8 B, a pointer", "16B": "16 B, no pointer",
          "1Bpinned": "1 B, 1 in 16 live"}


def run(binary: Path, config: str, kind: str, objects: int) -> dict:
    """One run's bench-tiny line, checked for the allocator it loaded."""
    return cfg.run_reporting(binary, config, [kind, str(objects)], PREFIX)[0]


def per_object(samples: list[dict], key: str) -> float | None:
    """Median bytes per object of one configuration and kind."""
    values = sorted(s[key] / s["objects"] for s in samples if s[key] >= 0)
    return values[len(values) // 2] if values else None


def render(tiny: dict) -> str:
    """The table: bytes per object from RSS (and committed memory for
    sizespec), and whether the objects took the tiny path."""
    if not tiny:
        return ""
    configs = [c for c in cfg.ORDER if any(c in tiny[k] for k in tiny)]
    out = ["Tiny objects: bytes per live object, 1,000,000 objects (median of the rounds)", "",
           f"{'object':18}" + "".join(f"{c:>10}" for c in configs)
           + f"{'on (committed)':>16}{'tiny path':>11}"]
    for kind in [k for k in KINDS if k in tiny]:
        row = f"{LABELS[kind]:18}"
        for c in configs:
            v = per_object(tiny[kind].get(c, []), "rss_bytes")
            row += f"{v:>10.2f}" if v is not None else f"{'-':>10}"
        on = tiny[kind].get("on", [])
        committed = per_object(on, "committed_bytes")
        row += f"{committed:>16.2f}" if committed is not None else f"{'-':>16}"
        packed = [s["tiny_allocs"] for s in on if s["tiny_allocs"] >= 0]
        # The pinned row's objects are the live ones; it allocated 16 times more.
        made = on[0]["objects"] * (16 if kind == "1Bpinned" else 1) if on else 0
        row += f"{'yes' if packed and min(packed) == made else 'no':>11}"
        out.append(row)
    out.append("")
    out.append("Go (the article): 1 B no pointer 1.0, 8 B no pointer 8.0, 8 B a pointer 8.0, "
               "16 B 16.0 bytes per object.")
    return "\n".join(out) + "\n"


def targets(tiny: dict) -> list[str]:
    """The memory targets, met or missed."""
    out = []

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    def on_value(kind: str, key: str) -> float | None:
        return per_object(tiny.get(kind, {}).get("on", []), key)

    one_c, one_r = on_value("1B", "committed_bytes"), on_value("1B", "rss_bytes")
    if one_c is not None and one_r is not None:
        out.append(f"tiny: 1,000,000 live 1-byte objects take {one_c:.3f} MB committed, "
                   f"{one_r:.3f} MB by RSS (target <= 1.1 MB): committed "
                   f"{verdict(one_c <= 1.1)}, RSS {verdict(one_r <= 1.1)}")
    # Runs from before tiny_table printed VmRSS have no such key.
    one_vm = [s for s in tiny.get("1B", {}).get("on", []) if "vm_rss_bytes" in s]
    one_v = per_object(one_vm, "vm_rss_bytes")
    if one_v is not None:
        out.append(f"tiny: the same by VmRSS, code pages included: {one_v:.3f} MB "
                   f"(target <= 1.1 MB): {verdict(one_v <= 1.1)}")
    eight_c, eight_r = on_value("8B", "committed_bytes"), on_value("8B", "rss_bytes")
    if eight_c is not None and eight_r is not None:
        out.append(f"tiny: 8-byte pointer-free objects take {eight_c:.2f} B each committed, "
                   f"{eight_r:.2f} B by RSS (target <= 8.5): committed "
                   f"{verdict(eight_c <= 8.5)}, RSS {verdict(eight_r <= 8.5)}")
    for kind in ("8Bptr", "16B"):
        on, off = on_value(kind, "rss_bytes"), per_object(tiny.get(kind, {}).get("off", []), "rss_bytes")
        if on is not None and off is not None:
            out.append(f"tiny: {LABELS[kind]}: on {on:.2f} B, off {off:.2f} B by RSS "
                       f"(target: unchanged, not packed): {verdict(abs(on - off) <= 0.05 * off)}")
    return out
