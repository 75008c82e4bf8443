#!/usr/bin/env python3
"""Writes DIR/compile_commands.json compiling each FILE with FLAGS.

Usage: mkdb.py DIR FILE... [-- FLAGS...]
Files are relative to DIR; the commands use clang++ as a build would.
"""
import json
import os
import shlex
import sys


def main(argv):
    if "--" in argv:
        split = argv.index("--")
        args, flags = argv[:split], argv[split + 1:]
    else:
        args, flags = argv, []
    if len(args) < 1:
        sys.exit("usage: mkdb.py DIR FILE... [-- FLAGS...]")
    directory = os.path.abspath(args[0])
    entries = []
    for name in args[1:]:
        command = ["clang++"] + flags + ["-c", name, "-o", name + ".o"]
        entries.append({"directory": directory, "file": name,
                        "command": shlex.join(command)})
    with open(os.path.join(directory, "compile_commands.json"), "w") as out:
        json.dump(entries, out, indent=2)


if __name__ == "__main__":
    main(sys.argv[1:])
