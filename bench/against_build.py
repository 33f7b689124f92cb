#!/usr/bin/env python3
"""Conversions of this build against another build of the tool, and against `cat` of the larger file (plain and
flushed), in paired rounds (bench.py's Paired: each runs in turn, after one untimed run of each).

Usage: bench/against_build.py OTHER_INPUTANIM [ROUNDS] [WORK_DIR]   (from the project's root, after scripts/build.sh)
Generates 60 s and 600 s recordings (unreduced and reduced, 1.0 and 1.1) in WORK_DIR (default: a temporary folder)
and prints a Markdown table; ratios are medians of the rounds' ratios, with the smallest and largest."""
import os
import statistics
import subprocess
import sys
import tempfile

from bench import TOOL, Paired, cat


def recording(work, duration, reduced, version):
    src = os.path.join(work, f"{duration}-{'reduced' if reduced else 'unreduced'}-{version}.bin")
    glb = src[:-4] + ".glb"
    if not os.path.exists(src):
        argv = [TOOL, "generate", src, "--duration", str(duration), "--format-version", version, "--force", "-q"]
        subprocess.run(argv + ([] if reduced else ["--no-reduce"]), check=True)
    if not os.path.exists(glb):
        subprocess.run([TOOL, "convert", src, glb, "--force", "-q"], check=True)
    return src, glb


def row(work, name, job, source, target, other, larger, rounds):
    copies = {
        "other": [other, "convert", source, target.replace("job.", "other."), "--force"],
        "larger": cat(larger, os.path.join(work, "copy")),
        "flushed": cat(larger, os.path.join(work, "copy-flushed"), flushed=True),
    }
    p = Paired([TOOL, "convert", source, target, "--force"], copies, rounds)
    theirs = [b[0] for b in p.base["other"]]
    their_ratio = [o[0] / c[0] for o, c in zip(p.base["other"], p.base["larger"])]
    size = lambda path: f"{os.path.getsize(path) / 1e6:.1f}"
    return (
        f"| {name} | {job} | {size(source)} | {size(target)} | {p.wall_range()} | {statistics.median(theirs):.3f} |"
        f" {p.ratio('other')} | {p.ratio('larger')} | {statistics.median(their_ratio):.2f}"
        f" ({min(their_ratio):.2f}-{max(their_ratio):.2f}) | {p.ratio('flushed')} |"
    )


def main():
    other, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7
    work = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp(prefix="inputanim-against-")
    print(
        "| recording | job | in MB | out MB | this s | other s | this / other | this / cat larger |"
        " other / cat larger | this / cat larger, flushed |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for duration in (60, 600):
        for reduced in (False, True):
            for version in ("1.0", "1.1"):
                src, glb = recording(work, duration, reduced, version)
                larger = src if os.path.getsize(src) >= os.path.getsize(glb) else glb
                name = f"{duration} s {'reduced' if reduced else 'unreduced'} {version}"
                for job, source, target in (("bin -> glb", src, "job.glb"), ("glb -> bin", glb, "job.bin")):
                    print(row(work, name, job, source, os.path.join(work, target), other, larger, rounds), flush=True)


if __name__ == "__main__":
    main()
