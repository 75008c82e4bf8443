#!/usr/bin/env python3
"""Differential testing of sizespec on generated programs.

Usage: run.py --build DIR [--seeds A:B | --programs N] [--jobs J]
              [--keep DIR] [--clangxx clang++-19] [--gxx g++]
              [--clangxx22 clang++-22] [--lld ld.lld-19] [--every-config]

For each seed, gen.py writes a program (language mode, optimization level,
-fno-exceptions and, for some, a replaced global operator new of one form
drawn from the seed); it is built and run as:

  plain     Clang without the plugin, no runtime (the reference)
  plugin    Clang with the plugin, linked with the runtime
  off       the plugin loaded with `off`, linked with the runtime
  max80     the plugin with Go's 80-byte limit
  rewrite   the source after sizespec-rewrite --apply, built by Clang
  rewrite-gcc  the same source built by g++

and in one more configuration drawn from the seed (all four with
--every-config, as scripts/soak runs):

  libcxx    the plugin, with libc++ (-stdlib=libc++), against the plain
            build with libc++ (plain-libcxx)
  clang22   Clang 22 with its plugin (-fplugin= and -fpass-plugin=)
  thinlto   the plugin, ThinLTO, linked by lld (--lld)
  no-inline-delete  the plugin with -mllvm -sizespec-inline-delete=0: every
            delete calls operator delete (the reference for the inline free)

Every build must print the reference's transcript and exit with its
status. A failing case is kept under --keep (the program, each build's
command and output) and minimized: the calls of main() are dropped one at
a time while the same build still differs. The last line reads
`N programs, K failures` (ctest reads the plain closing line).
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
STDS = ["c++11", "c++14", "c++17", "c++20", "c++23"]
EXTRAS = ["libcxx", "clang22", "thinlto", "no-inline-delete"]


def settings(seed):
    r = random.Random(seed * 7919 + 1)
    std = r.choice(STDS)
    opt = r.choice(["-O0", "-O1", "-O2", "-O3"])
    throws = r.random() < 0.5
    no_exceptions = not throws and r.random() < 0.5
    # Drawn last, so that the earlier draws of a seed stay what they were.
    replace = r.choice(["plain", "nothrow", "array", "nothrow-array"]) \
        if r.random() < 0.2 else "none"
    extra = r.choice(EXTRAS)
    return std, opt, throws, no_exceptions, replace, extra


class Builds:
    def __init__(self, args):
        self.build = os.path.abspath(args.build)
        self.clangxx = args.clangxx
        self.clangxx22 = args.clangxx22
        self.gxx = args.gxx
        self.lld = args.lld
        self.every_config = args.every_config
        plugins = os.path.join(self.build, "lib", "sizespec")
        self.plugin = os.path.join(plugins, "sizespec-plugin.so")
        self.plugin22 = os.path.join(plugins, "clang-22", "sizespec-plugin.so")
        self.runtime = os.path.join(self.build, "runtime", "libsizespec.so")
        self.rewrite = os.path.join(self.build, "rewriter", "sizespec-rewrite")
        self.include = os.path.join(HERE, "..", "..", "runtime", "include")
        for p in (self.plugin, self.plugin22, self.runtime, self.rewrite):
            if not os.path.exists(p):
                sys.exit("run.py: %s is missing; build %s first" % (p, self.build))
        for tool in (self.clangxx22, self.lld):
            if not shutil.which(tool):
                sys.exit("run.py: %s is not installed (scripts/install-deps "
                         "test installs it)" % tool)

    def flags(self, std, opt, no_exceptions):
        f = ["-std=" + std, opt, "-pthread", "-w"]
        if no_exceptions:
            f.append("-fno-exceptions")
        return f

    def link(self):
        rt = os.path.dirname(self.runtime)
        return [self.runtime, "-Wl,-rpath," + rt]

    def extras(self, extra):
        """The extra configurations a program drawn with `extra` is built in."""
        return EXTRAS if self.every_config else [extra]

    def commands(self, src, rewritten, exe_dir, std, opt, no_exc, extra):
        f = self.flags(std, opt, no_exc)
        plug = ["-fplugin=" + self.plugin]
        inc = ["-I" + self.include]
        out = lambda n: os.path.join(exe_dir, n)
        extras = {
            # libc++'s types have other sizes (a string is 24 bytes, not
            # 32), which the transcripts print: its own reference.
            "plain-libcxx": [self.clangxx] + f + ["-stdlib=libc++", src, "-o",
                                                  out("plain-libcxx")],
            "libcxx": [self.clangxx] + f + plug + ["-stdlib=libc++", src, "-o",
                                                    out("libcxx")] + self.link(),
            "clang22": [self.clangxx22] + f + ["-fplugin=" + self.plugin22,
                                               "-fpass-plugin=" + self.plugin22,
                                               src, "-o", out("clang22")] + self.link(),
            "thinlto": [self.clangxx] + f + plug + ["-fpass-plugin=" + self.plugin,
                                                    "-flto=thin", "-fuse-ld=lld",
                                                    "--ld-path=" + shutil.which(self.lld),
                                                    src, "-o", out("thinlto")] + self.link(),
            "no-inline-delete": [self.clangxx] + f + plug + [
                "-mllvm", "-sizespec-inline-delete=0", src, "-o",
                out("no-inline-delete")] + self.link(),
        }
        chosen = self.extras(extra)
        if "libcxx" in chosen:
            chosen = ["plain-libcxx"] + chosen
        return {
            "plain": [self.clangxx] + f + [src, "-o", out("plain")],
            "plugin": [self.clangxx] + f + plug + [src, "-o", out("plugin")] + self.link(),
            "off": [self.clangxx] + f + plug + ["-fplugin-arg-sizespec-off", src,
                                                 "-o", out("off")] + self.link(),
            "max80": [self.clangxx] + f + plug + ["-fplugin-arg-sizespec-max=80", src,
                                                   "-o", out("max80")] + self.link(),
            "rewrite": [self.clangxx] + f + inc + [rewritten, "-o", out("rewrite")] + self.link(),
            "rewrite-gcc": [self.gxx] + f + inc + [rewritten, "-o", out("rewrite-gcc")] + self.link(),
            **{name: extras[name] for name in chosen},
        }


def run(cmd, cwd=None, timeout=120):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -999, "", "timed out"


def rewrite(b, src, rewritten, std, opt, no_exc):
    shutil.copy(src, rewritten)
    d = os.path.dirname(rewritten)
    cmd = [b.clangxx] + b.flags(std, opt, no_exc) + ["-I" + b.include, "-c",
                                                     os.path.basename(rewritten)]
    with open(os.path.join(d, "compile_commands.json"), "w") as f:
        json.dump([{"directory": d, "file": os.path.basename(rewritten),
                    "arguments": cmd}], f)
    return run([b.rewrite, "-p", d, "--apply", rewritten])


def check(b, work, src, std, opt, no_exc, extra):
    """The first build that differs from the reference, or None; and why."""
    rewritten = os.path.join(work, "rewritten", "program.cpp")
    os.makedirs(os.path.dirname(rewritten), exist_ok=True)
    rc, _, err = rewrite(b, src, rewritten, std, opt, no_exc)
    if rc != 0:
        return "rewrite", "sizespec-rewrite failed:\n" + err
    cmds = b.commands(src, rewritten, work, std, opt, no_exc, extra)
    with open(os.path.join(work, "commands.txt"), "w") as f:
        for name, cmd in cmds.items():
            f.write("%s: %s\n" % (name, " ".join(cmd)))
    refs = {}
    for name, cmd in cmds.items():
        rc, _, err = run(cmd)
        if rc != 0:
            return name, "build failed:\n" + err
        rc, out, err = run([os.path.join(work, name)])
        with open(os.path.join(work, name + ".out"), "w") as f:
            f.write(out)
        if name.startswith("plain"):
            refs[name] = (rc, out)
            if rc not in (0, 1):
                return name, "the reference itself crashed (%d):\n%s" % (rc, err)
            if "FAIL" in out:
                return name, "the reference reports a failure:\n" + out
            continue
        ref_name = "plain-libcxx" if name == "libcxx" else "plain"
        ref = refs[ref_name]
        if (rc, out) != ref:
            return name, "exit %d (%s %d); transcript differs" % (rc, ref_name,
                                                                 ref[0])
    return None, ""


def minimize(b, work, src, std, opt, no_exc, extra, build):
    """Drops calls of main() while `build` still differs."""
    with open(src) as f:
        lines = f.read().split("\n")
    calls = [i for i, l in enumerate(lines) if l.startswith("  site_")]
    kept = list(lines)
    for i in calls:
        trial = list(kept)
        trial[i] = ""
        path = os.path.join(work, "min", "program.cpp")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("\n".join(trial))
        failed, _ = check(b, os.path.dirname(path), path, std, opt, no_exc,
                          extra)
        if failed == build:
            kept = trial
    out = os.path.join(work, "minimized.cpp")
    with open(out, "w") as f:
        f.write("\n".join(kept))
    return out


def one(b, seed, keep):
    std, opt, throws, no_exc, replace, extra = settings(seed)
    with tempfile.TemporaryDirectory(prefix="sizespec-gen-") as work:
        src = os.path.join(work, "program.cpp")
        gen = [sys.executable, os.path.join(HERE, "gen.py"), str(seed),
               "--std", std, "--replace", replace] + \
            ([] if throws else ["--no-throw"])
        with open(src, "w") as f:
            f.write(subprocess.run(gen, check=True, capture_output=True,
                                   text=True).stdout)
        failed, why = check(b, work, src, std, opt, no_exc, extra)
        extras = b.extras(extra)
        if not failed:
            return seed, extras, None, ""
        where = ""
        if keep:
            where = os.path.join(keep, "seed-%d" % seed)
            shutil.rmtree(where, ignore_errors=True)
            shutil.copytree(work, where)
            if failed not in ("plain", "plain-libcxx", "rewrite"):
                minimize(b, where, os.path.join(where, "program.cpp"), std,
                         opt, no_exc, extra, failed)
        return seed, extras, failed, "%s %s%s%s: %s" % (
            std, opt, " -fno-exceptions" if no_exc else "",
            "" if replace == "none" else " replaced operator new: " + replace,
            why) + (" (kept in %s)" % where if where else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--seeds", default="1:20", help="A:B, seeds A..B-1")
    ap.add_argument("--programs", type=int, help="N programs from seed 1")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", help="keep failing cases here")
    ap.add_argument("--clangxx", default="clang++-19")
    ap.add_argument("--gxx", default="g++")
    ap.add_argument("--clangxx22", default="clang++-22")
    ap.add_argument("--lld", default="ld.lld-19",
                    help="the linker for thinlto (lld of the --clangxx LLVM)")
    ap.add_argument("--every-config", action="store_true",
                    help="build every extra configuration for each program")
    args = ap.parse_args()
    b = Builds(args)
    if args.programs:
        seeds = range(1, args.programs + 1)
    else:
        a, z = (int(x) for x in args.seeds.split(":"))
        seeds = range(a, z)
    failures = 0
    by_build = {}
    by_config = {name: 0 for name in EXTRAS}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for seed, extras, failed, why in pool.map(lambda s: one(b, s, args.keep),
                                                  seeds):
            for name in extras:
                by_config[name] += 1
            if failed:
                failures += 1
                by_build[failed] = by_build.get(failed, 0) + 1
                print("seed %d: %s differs: %s" % (seed, failed, why), flush=True)
    print("programs built in each extra configuration: " + ", ".join(
        "%s %d" % kv for kv in by_config.items()))
    if by_build:
        print("failures by build: " + ", ".join(
            "%s %d" % kv for kv in sorted(by_build.items())))
    print("%d programs, %d failures" % (len(seeds), failures))
    # ctest and runners that read closing lines: the plain form.
    print("%d passed, %d failed" % (len(seeds) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
