#!/usr/bin/env python3
"""CTest `self_contained`: every source of the project's own code compiles on its own, including what it uses.

The builds compile sources in unity batches of 8, where a file can lean on what an earlier file of its batch
included. This check reads a build's compile_commands.json and runs each batch's command on each of its sources
alone with -fsyntax-only (no code generated): a few seconds a file instead of a second, file-by-file build.
Usage: self_contained.py BUILD_DIR SOURCE_DIR
"""
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

INCLUDED = re.compile(r'^#include "(.+\.cpp)"$', re.MULTILINE)


def alone_commands(entries, source_dir):
    """(source, argv) for each project source compiled inside a unity batch, with the batch's flags."""
    commands = []
    for entry in entries:
        batch = entry["file"]
        if "/Unity/unity_" not in batch:
            continue  # compiled alone already
        with open(batch, encoding="utf-8") as f:
            sources = [s for s in INCLUDED.findall(f.read()) if s.startswith(source_dir + os.sep)]
        argv = shlex.split(entry["command"])
        out = argv.index("-o")
        del argv[out : out + 2]  # no object file
        argv[argv.index("-c")] = "-fsyntax-only"
        argv.remove(batch)
        commands += [(source, argv + [source]) for source in sources]
    return commands


def compile_alone(job, directory):
    source, argv = job
    done = subprocess.run(argv, cwd=directory, capture_output=True, text=True)
    return source, done.returncode, done.stderr


def main():
    build_dir, source_dir = (os.path.realpath(p) for p in sys.argv[1:3])
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    jobs = alone_commands(entries, os.path.join(source_dir, "src"))
    if not jobs:
        print("FAIL: no unity batch in compile_commands.json: nothing was checked")
        return 1
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for source, status, errors in pool.map(lambda job: compile_alone(job, build_dir), jobs):
            if status != 0:
                failed += 1
                print(f"FAIL: {os.path.relpath(source, source_dir)} does not compile on its own:")
                print("\n".join(errors.splitlines()[:12]))
    print(f"self_contained: {len(jobs) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
