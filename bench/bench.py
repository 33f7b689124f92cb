#!/usr/bin/env python3
"""Benchmarks inputanim conversions against the I/O limit (a plain copy) and a peer (gltf-transform copy).

Usage: bench/run.sh [--quick]   (bench.py is driven by run.sh, which builds and installs what is needed)
Prints a Markdown table: per recording and job, wall time, input MB/s, keys/s and peak RSS, measured in
one run on this machine with a warm page cache (each job runs once untimed, then the fastest of three runs
counts)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "build", "inputanim")
FOREIGN = os.path.join(ROOT, "build", "bench", "make_foreign_gltf")
GLTF_TRANSFORM = os.path.join(ROOT, "bench", "node_modules", ".bin", "gltf-transform")


def run(argv):
    """Wall seconds and peak RSS (MB) of one process."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError("failed: " + " ".join(argv))
    return wall, usage.ru_maxrss / 1024


def timed(argv, repeat=3):
    """One untimed warm-up run, then the fastest of `repeat` runs (and the largest peak RSS)."""
    run(argv)
    results = [run(argv) for _ in range(repeat)]
    return min(r[0] for r in results), max(r[1] for r in results)


def cat(src, dst):
    """Copying through user space (read + write), as a converter must: /bin/cat into a file."""
    return ["/bin/sh", "-c", 'exec /bin/cat "$0" > "$1"', src, dst]


def keys_of(path):
    info = json.loads(subprocess.run([TOOL, "info", path, "--json"], capture_output=True, check=True).stdout)
    return info["keys"]


def main():
    quick = "--quick" in sys.argv
    durations = [10, 60] if quick else [10, 60, 600]
    work = tempfile.mkdtemp(prefix="inputanim-bench-")
    rows = []
    try:
        for duration in durations:
            for reduce in (False, True):
                for version in ("1.0", "1.1"):
                    name = f"{duration}s {'reduced' if reduce else 'unreduced'} {version}"
                    src = os.path.join(work, "rec.bin")
                    argv = [TOOL, "generate", src, "--duration", str(duration), "--format-version", version, "--force"]
                    if not reduce:
                        argv.append("--no-reduce")
                    subprocess.run(argv, check=True, capture_output=True)
                    size = os.path.getsize(src) / 1e6
                    keys = keys_of(src)
                    glb = os.path.join(work, "rec.glb")
                    out = os.path.join(work, "out.bin")

                    def add(job, result, mb=size):
                        wall, rss = result
                        rows.append((name, job, mb, keys, wall, mb / wall, keys / wall, rss))

                    add("bin -> glb", timed([TOOL, "convert", src, glb, "--force"]))
                    glb_mb = os.path.getsize(glb) / 1e6
                    add("glb -> bin", timed([TOOL, "convert", glb, out, "--force"]), glb_mb)
                    add("bin -> bin", timed([TOOL, "convert", src, out, "--force"]))
                    add("copy .bin (I/O limit)", timed(["/bin/cp", src, out]))
                    add("copy .glb (I/O limit)", timed(["/bin/cp", glb, out]), glb_mb)
                    add("cat .bin > file (read + write)", timed(cat(src, out)))
                    add("cat .glb > file (read + write)", timed(cat(glb, out)), glb_mb)
                    if os.path.exists(GLTF_TRANSFORM):
                        add("gltf-transform copy .glb", timed([GLTF_TRANSFORM, "copy", glb, os.path.join(work, "peer.glb")]), glb_mb)
                    if version == "1.1" and not reduce:
                        foreign = os.path.join(work, "foreign.glb")
                        subprocess.run([FOREIGN, src, foreign], check=True, capture_output=True)
                        wall, rss = timed([TOOL, "convert", foreign, out, "--force"])
                        samples = 54 * duration * 120  # joints x 120 Hz grid
                        rows.append((name, "foreign glTF -> bin", os.path.getsize(foreign) / 1e6, samples, wall,
                                     os.path.getsize(foreign) / 1e6 / wall, samples / wall, rss))
        # A batch of 500 small recordings, one and two workers.
        batch = os.path.join(work, "batch")
        os.makedirs(batch)
        for i in range(500):
            subprocess.run([TOOL, "generate", os.path.join(batch, f"r{i:03}.bin"), "--duration", "2", "--seed", str(i)],
                           check=True, capture_output=True)
        mb = sum(os.path.getsize(os.path.join(batch, f)) for f in os.listdir(batch)) / 1e6
        for jobs in (1, 2):
            out_dir = os.path.join(work, f"out{jobs}")
            wall, rss = timed([TOOL, "convert", batch, "--out-dir", out_dir, "-j", str(jobs), "--force", "-q"])
            rows.append(("500 x 2s 1.1", f"batch bin -> glb -j {jobs}", mb, 500, wall, mb / wall, 500 / wall, rss))
    finally:
        shutil.rmtree(work)
    print("| recording | job | input MB | keys | wall s | input MB/s | keys/s | peak RSS MB |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, job, mb, keys, wall, mbs, kps, rss in rows:
        print(f"| {name} | {job} | {mb:.1f} | {keys:,} | {wall:.3f} | {mbs:.1f} | {kps:,.0f} | {rss:.0f} |")
    print("\nfor 'foreign glTF -> bin', keys counts joint samples (54 joints x 120 Hz); for batches, files.")


if __name__ == "__main__":
    main()
