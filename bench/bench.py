#!/usr/bin/env python3
"""Benchmarks inputanim conversions against the I/O limit (a plain copy) and a peer (gltf-transform copy).

Usage: bench/run.sh [--quick]   (bench.py is driven by run.sh, which builds and installs what is needed)
Prints a Markdown table: per recording and job, wall time, input MB/s, keys/s and peak RSS, measured in
one run on this machine with a warm page cache (each job runs once untimed, then the fastest of three runs
counts), then the cost per key of the unreduced 1.1 recordings, in wall and CPU time, with and without the
fixed cost of a run."""
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
    """Wall seconds, peak RSS (MB) and CPU seconds (user + system) of one process."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError("failed: " + " ".join(argv))
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def timed(argv, repeat=3):
    """One untimed warm-up run, then the fastest of `repeat` runs (15 for runs under 50 ms, whose noise is
    larger relative to their time) and the largest peak RSS."""
    if run(argv)[0] < 0.05:
        repeat = max(repeat, 15)
    results = [run(argv) for _ in range(repeat)]
    return min(r[0] for r in results), max(r[1] for r in results), min(r[2] for r in results)


def cat(src, dst):
    """Copying through user space (read + write), as a converter must: /bin/cat into a file."""
    return ["/bin/sh", "-c", 'exec /bin/cat "$0" > "$1"', src, dst]


def keys_of(path):
    info = json.loads(subprocess.run([TOOL, "info", path, "--json"], capture_output=True, check=True).stdout)
    return info["keys"]


PER_KEY_JOBS = ("bin -> glb", "glb -> bin", "bin -> bin")


def convert_jobs(src, glb, out):
    """The three conversions of a recording, in PER_KEY_JOBS order (each writes the next one's input)."""
    return [[TOOL, "convert", src, glb, "--force"], [TOOL, "convert", glb, out, "--force"], [TOOL, "convert", src, out, "--force"]]


def fixed_costs(work):
    """timed() of each conversion of an almost keyless recording (17 keys): the cost of a run itself
    (process start, meshes, glTF JSON, the flush to disk), which every file pays whatever its length."""
    src = os.path.join(work, "tiny.bin")
    subprocess.run([TOOL, "generate", src, "--duration", "0.1", "--rate", "1", "--force"], check=True, capture_output=True)
    jobs = convert_jobs(src, os.path.join(work, "tiny.glb"), os.path.join(work, "tiny-out.bin"))
    return {job: timed(argv) for job, argv in zip(PER_KEY_JOBS, jobs)}


def print_per_key(per_key, fixed):
    """Cost per key of the unreduced 1.1 recordings: wall time as measured and beyond the fixed cost of a
    run, and CPU time beyond it (the work itself, without waiting for the disk)."""
    durations = sorted({d for job in per_key.values() for d in job})
    spread = lambda values: max(values) / min(values) - 1
    print("\ncost per key, unreduced 1.1 recordings (ns per key; 'beyond fixed' subtracts the time of converting"
          " a 17-key recording; CPU is user + system time):\n")
    heads = " | ".join(f"{d} s" for d in durations)
    print(f"| job | fixed wall s | fixed CPU s | wall: {heads} | spread | wall beyond fixed: {heads} | spread"
          f" | CPU beyond fixed: {heads} | spread |")
    print("|---|---:|---:|" + "---:|" * (3 * len(durations) + 3))
    for job in PER_KEY_JOBS:
        f_wall, _, f_cpu = fixed[job]
        runs = [per_key[job][d] for d in durations]  # (wall s, CPU s, keys)
        columns = [[wall / keys * 1e9 for wall, _, keys in runs],
                   [(wall - f_wall) / keys * 1e9 for wall, _, keys in runs],
                   [(cpu - f_cpu) / keys * 1e9 for _, cpu, keys in runs]]
        cells = " | ".join(" | ".join(f"{v:.1f}" for v in values) + f" | {spread(values):.0%}" for values in columns)
        print(f"| {job} | {f_wall:.4f} | {f_cpu:.4f} | {cells} |")


def main():
    quick = "--quick" in sys.argv
    durations = [10, 60] if quick else [10, 60, 600]
    work = tempfile.mkdtemp(prefix="inputanim-bench-")
    rows = []
    per_key = {job: {} for job in PER_KEY_JOBS}
    try:
        fixed = fixed_costs(work)
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
                        wall, rss, cpu = result
                        rows.append((name, job, mb, keys, wall, mb / wall, keys / wall, rss))
                        if job in per_key and version == "1.1" and not reduce:
                            per_key[job][duration] = (wall, cpu, keys)

                    to_glb, to_bin, bin_to_bin = convert_jobs(src, glb, out)
                    add("bin -> glb", timed(to_glb))
                    glb_mb = os.path.getsize(glb) / 1e6
                    add("glb -> bin", timed(to_bin), glb_mb)
                    add("bin -> bin", timed(bin_to_bin))
                    add("copy .bin (I/O limit)", timed(["/bin/cp", src, out]))
                    add("copy .glb (I/O limit)", timed(["/bin/cp", glb, out]), glb_mb)
                    add("cat .bin > file (read + write)", timed(cat(src, out)))
                    add("cat .glb > file (read + write)", timed(cat(glb, out)), glb_mb)
                    if os.path.exists(GLTF_TRANSFORM):
                        add("gltf-transform copy .glb", timed([GLTF_TRANSFORM, "copy", glb, os.path.join(work, "peer.glb")]), glb_mb)
                    if version == "1.1" and not reduce:
                        foreign = os.path.join(work, "foreign.glb")
                        subprocess.run([FOREIGN, src, foreign], check=True, capture_output=True)
                        wall, rss, _ = timed([TOOL, "convert", foreign, out, "--force"])
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
            wall, rss, _ = timed([TOOL, "convert", batch, "--out-dir", out_dir, "-j", str(jobs), "--force", "-q"])
            rows.append(("500 x 2s 1.1", f"batch bin -> glb -j {jobs}", mb, 500, wall, mb / wall, 500 / wall, rss))
    finally:
        shutil.rmtree(work)
    print("| recording | job | input MB | keys | wall s | input MB/s | keys/s | peak RSS MB |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, job, mb, keys, wall, mbs, kps, rss in rows:
        print(f"| {name} | {job} | {mb:.1f} | {keys:,} | {wall:.3f} | {mbs:.1f} | {kps:,.0f} | {rss:.0f} |")
    print("\nfor 'foreign glTF -> bin', keys counts joint samples (54 joints x 120 Hz); for batches, files.")
    print_per_key(per_key, fixed)


if __name__ == "__main__":
    main()
