#!/usr/bin/env python3
"""rss_split.py CMD...: samples /proc/PID/smaps while CMD runs and prints,
at the sample with the most anonymous memory, how it splits: sizespec's
region (a run of adjacent unnamed mappings of 16 GiB or more: the
runtime reserves its bins' ranges in one piece), glibc's [heap], and the
other unnamed mappings (mmap'd blocks, another allocator's segments)."""
import subprocess, sys, time
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
best = None
while p.poll() is None:
    try:
        text = open(f"/proc/{p.pid}/smaps").read()
    except OSError:
        break
    # Each mapping's range, name and anonymous KiB; then runs of adjacent
    # unnamed mappings, the runtime's region being the run of 16 GiB or more.
    maps = []
    for line in text.splitlines():
        f = line.split()
        if "-" in f[0] and len(f) >= 5 and ":" in f[3]:
            lo, hi = (int(x, 16) for x in f[0].split("-"))
            maps.append([lo, hi, f[5] if len(f) > 5 else "", 0])
        elif f[0] == "Anonymous:":
            maps[-1][3] = int(f[1])
    region = heap = other = 0
    i = 0
    while i < len(maps):
        j = i
        while j + 1 < len(maps) and maps[j + 1][0] == maps[j][1] and maps[j + 1][2] == "" and maps[i][2] == "":
            j += 1
        run = maps[i:j + 1]
        kb = sum(m[3] for m in run)
        if maps[i][2] == "[heap]": heap += kb
        elif maps[i][2] == "" and run[-1][1] - run[0][0] >= 16 << 30: region += kb
        elif maps[i][2] == "": other += kb
        i = j + 1
    total = region + heap + other
    if best is None or total > best[0]:
        best = (total, region, heap, other)
    time.sleep(0.01)
p.wait()
t, r, h, o = best
print(f"{' '.join(sys.argv[1:])}: anonymous {t/1024:.1f} MB at its highest sample: region {r/1024:.1f}, [heap] {h/1024:.1f}, other {o/1024:.1f}")
