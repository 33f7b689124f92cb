#!/usr/bin/env python3
"""Compares the two hand rigs of the glTF export (--rig flat and --rig hierarchy, the latter also without extras: a
grid per joint) on the real recording and on the benchmark's generated recordings: keyframes, file size, the largest
deviation from MRTK's playback that the export reports, export time, and whether glTF -> binary gives back the input
byte for byte.

Usage: bench/rigs.py [SHARED]   (build first: scripts/build.sh; SHARED defaults to ../shared beside the project)"""
import filecmp
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "build", "inputanim")
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared")


def convert(src, dst, *options):
    start = time.perf_counter()
    result = subprocess.run(
        [TOOL, "convert", src, dst, "--force", *options], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - start, result.stderr


def main():
    work = tempfile.mkdtemp(prefix="inputanim-rigs-")
    recordings = []
    real = os.path.join(SHARED, "samples", "real", "handrecorder-2021-v1.0.bin")
    if os.path.exists(real):
        recordings.append(("real MRTK 2.5 recording (11 s, 1.0)", real))
    for name, options in (
        ("60 s unreduced 1.1", ["--no-reduce"]),
        ("60 s MRTK-reduced 1.1", []),
        ("60 s MRTK-reduced 1.0", ["--format-version", "1.0"]),
    ):
        path = os.path.join(work, name.replace(" ", "_") + ".bin")
        subprocess.run(
            [TOOL, "generate", path, "--duration", "60", "--force", *options], check=True, capture_output=True
        )
        recordings.append((name, path))
    print("| recording | rig | keyframes | file MB | largest deviation | export s | glTF -> bin |")
    print("|---|---|---:|---:|---|---:|---|")
    for name, src in recordings:
        for rig, extras in (("flat", []), ("hierarchy", []), ("hierarchy, no extras", ["--no-extras"])):
            glb = os.path.join(work, "out.glb")
            back = os.path.join(work, "back.bin")
            seconds, log = convert(src, glb, "--rig", rig.split(",")[0], *extras)
            keys = re.search(r"(\d+) keyframes", log).group(1)
            deviation = re.search(r"largest deviation from the source: (\S+) m .*?, (\S+) degrees", log)
            same = "no way back"
            if not extras:
                convert(glb, back)
                same = "identical" if filecmp.cmp(src, back, shallow=False) else "DIFFERS"
            print(
                f"| {name} | {rig} | {keys} | {os.path.getsize(glb) / 1e6:.2f} | {deviation.group(1)} m, {deviation.group(2)} deg "
                f"| {seconds:.2f} | {same} |"
            )


if __name__ == "__main__":
    main()
