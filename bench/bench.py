#!/usr/bin/env python3
"""Benchmarks inputanim conversions against copying the same bytes through user space (`cat IN > OUT`).

Usage: bench/run.sh [--quick]   (bench.py is driven by run.sh, which builds and installs what is needed)
Every figure comes from paired runs: the conversion and its baselines take turns, PAIRS[duration] times (after one
untimed run of each, with a warm page cache), so that all see the same state of the machine; a ratio is the median of the
rounds' ratios, with the smallest and largest. Each run is timed by build/bench/measure, which also reads its true
peak RSS (the table gives the largest of the conversion's runs). Prints Markdown tables: conversions against the
copy; the cost per key of the unreduced 1.1 recordings, beyond the fixed cost of a run (a 0.1 s recording of the
same shape converted the same way in the same rounds); a batch of 500 small files with one and two workers."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "build", "inputanim")
FOREIGN = os.path.join(ROOT, "build", "bench", "make_foreign_gltf")
MEASURE = os.path.join(ROOT, "build", "bench", "measure")
GLTF_TRANSFORM = os.path.join(ROOT, "bench", "node_modules", ".bin", "gltf-transform")
# Rounds per recording length. Short recordings take more: their cost per key is the difference of two close
# times (a 10 s file's keys add 3-6 ms to a 17 ms run), so it needs more rounds than its ratios do; they are cheap.
PAIRS = {10: 21, 60: 21, 600: 11}
BATCH_ROUNDS = 5


def run(argv):
    """Wall seconds, peak RSS (MB, 10^6 bytes) and CPU seconds (user + system) of one process."""
    done = subprocess.run([MEASURE] + argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError("failed: " + " ".join(argv))
    wall, cpu, rss = done.stdout.split()
    return float(wall), int(rss) / 1e6, float(cpu)


def cat(src, dst, flushed=False):
    """The copy any converter must at least do: read the bytes and write them, through user space; `flushed`: then
    flush the copy to disk (`sync FILE`), as inputanim flushes each output before renaming it into place."""
    script = '/bin/cat "$0" > "$1" && exec /bin/sync "$1"' if flushed else 'exec /bin/cat "$0" > "$1"'
    return ["/bin/sh", "-c", script, src, dst]


class Paired:
    """`argv` and each named baseline run in turn, `pairs` times, after one untimed run of each. Everything written
    before is flushed first: otherwise the kernel writes earlier jobs' unflushed copies (hundreds of MB for the
    600 s recordings) back to disk while later jobs are timed, 30 s after they were written."""

    def __init__(self, argv, baselines, pairs):
        os.sync()
        run(argv), [run(b) for b in baselines.values()]
        self.runs, self.base = [], {name: [] for name in baselines}
        for _ in range(pairs):
            self.runs.append(run(argv))
            for name, baseline in baselines.items():
                self.base[name].append(run(baseline))
        self.walls = [r[0] for r in self.runs]
        self.wall = statistics.median(self.walls)
        self.rss = max(r[1] for r in self.runs)

    def ratios(self, name):
        """Each run's time over its own round's baseline time."""
        return [r[0] / b[0] for r, b in zip(self.runs, self.base[name])]

    def ratio(self, name):
        ratios = self.ratios(name)
        return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"

    def beyond(self, name, field, keys):
        """ns per key beyond the baseline `name` (field 0: wall time, 2: CPU time), the median of the rounds."""
        return statistics.median((r[field] - b[field]) / keys * 1e9 for r, b in zip(self.runs, self.base[name]))

    def wall_range(self):
        return f"{self.wall:.3f} ({min(self.walls):.3f}-{max(self.walls):.3f})"


def keys_of(path):
    info = json.loads(subprocess.run([TOOL, "info", path, "--json"], capture_output=True, check=True).stdout)
    return info["keys"]


def mb(path):
    return os.path.getsize(path) / 1e6


PER_KEY_JOBS = ("bin -> glb", "glb -> bin")


def fixed_conversions(work):
    """Converting a recording of the benchmark's shape (two hands, camera, gaze: every curve keyed) only 0.1 s long
    (429 keys) each way: what every such file pays whatever its length (process start, rest poses and meshes, the
    glTF JSON of its 116 channels, the flush to disk)."""
    src, glb, out = (os.path.join(work, name) for name in ("short.bin", "short.glb", "short-out.bin"))
    subprocess.run(
        [TOOL, "generate", src, "--duration", "0.1", "--rate", "20", "--no-reduce", "--force"],
        check=True,
        capture_output=True,
    )
    subprocess.run([TOOL, "convert", src, glb, "--force"], check=True, capture_output=True)
    return dict(zip(PER_KEY_JOBS, ([TOOL, "convert", src, glb, "--force"], [TOOL, "convert", glb, out, "--force"])))


def print_per_key(per_key):
    durations = sorted({d for job in per_key.values() for d in job})
    spread = lambda values: max(values) / min(values) - 1
    print(
        "\ncost per key, unreduced 1.1 recordings (ns per key, medians; 'beyond fixed' subtracts, round by round, the time"
        " of converting a 0.1 s recording of the same shape (429 keys) the same way; CPU is user + system time):\n"
    )
    heads = " | ".join(f"{d} s" for d in durations)
    print(
        f"| job | fixed wall s | fixed CPU s | wall: {heads} | spread | wall beyond fixed: {heads} | spread"
        f" | CPU beyond fixed: {heads} | spread |"
    )
    print("|---|---:|---:|" + "---:|" * (3 * len(durations) + 3))
    for job in PER_KEY_JOBS:
        runs = [per_key[job][d] for d in durations]  # (Paired, keys)
        fixed = [b for p, _ in runs for b in p.base["fixed"]]
        columns = [
            [p.wall / keys * 1e9 for p, keys in runs],
            [p.beyond("fixed", 0, keys) for p, keys in runs],
            [p.beyond("fixed", 2, keys) for p, keys in runs],
        ]
        cells = " | ".join(" | ".join(f"{v:.1f}" for v in values) + f" | {spread(values):.0%}" for values in columns)
        print(
            f"| {job} | {statistics.median(b[0] for b in fixed):.4f} | {statistics.median(b[2] for b in fixed):.4f} | {cells} |"
        )


def conversions(work, durations, quick):
    """Every conversion job paired with its copies: (rows, other jobs, the per-key jobs by duration)."""
    fixed = fixed_conversions(work)
    rows, others = [], []
    per_key = {job: {} for job in PER_KEY_JOBS}
    for duration in durations:
        for reduce in (False, True):
            for version in ("1.0", "1.1"):
                name = f"{duration}s {'reduced' if reduce else 'unreduced'} {version}"
                src, glb, out = (os.path.join(work, n) for n in ("rec.bin", "rec.glb", "out.bin"))
                argv = [TOOL, "generate", src, "--duration", str(duration), "--format-version", version, "--force"]
                if not reduce:
                    argv.append("--no-reduce")
                subprocess.run(argv, check=True, capture_output=True)
                subprocess.run([TOOL, "convert", src, glb, "--force"], check=True, capture_output=True)
                keys = keys_of(src)
                larger = src if mb(src) >= mb(glb) else glb  # each job reads one of the two and writes the other
                for job, a, b in (("bin -> glb", src, glb), ("glb -> bin", glb, out)):
                    target = os.path.join(work, "job" + os.path.splitext(b)[1])
                    # cat of the input; of the larger file; of the larger file, flushed; the 0.1 s conversion.
                    # Each copy has a file of its own, which it replaces round after round as the conversion
                    # replaces its output: freeing a file's blocks costs by its size.
                    copy = lambda kind: os.path.join(work, "copy-" + kind)
                    copies = {
                        "cat": cat(a, copy("cat")),
                        "larger": cat(larger, copy("larger")),
                        "flushed": cat(larger, copy("flushed"), flushed=True),
                    }
                    if larger == a:
                        del copies["larger"]
                    per_key_job = not reduce and version == "1.1"
                    if per_key_job:
                        copies["fixed"] = fixed[job]
                    p = Paired([TOOL, "convert", a, target, "--force"], copies, 3 if quick else PAIRS[duration])
                    if per_key_job:
                        per_key[job][duration] = (p, keys)
                    rows.append((name, job, mb(a), mb(target), keys, p))
                if os.path.exists(GLTF_TRANSFORM) and duration >= 60 and not reduce:
                    p = Paired(
                        [GLTF_TRANSFORM, "copy", glb, os.path.join(work, "peer.glb")],
                        {"cat": cat(glb, os.path.join(work, "copy"))},
                        3,
                    )
                    others.append((name, "gltf-transform copy .glb", mb(glb), p))
                if version == "1.1" and not reduce and duration >= 60:
                    foreign = os.path.join(work, "foreign.glb")
                    subprocess.run([FOREIGN, src, foreign], check=True, capture_output=True)
                    p = Paired(
                        [TOOL, "convert", foreign, out, "--force"],
                        {"cat": cat(foreign, os.path.join(work, "copy"))},
                        3,
                    )
                    others.append((name, "foreign glTF -> bin (54 joints at 120 Hz)", mb(foreign), p))
    return rows, others, per_key


def batch_jobs(work, memory):
    """A batch of 500 small recordings: one worker against two, alternating; (the pairs, the batch's MB)."""
    batch = os.path.join(work, "batch")
    os.makedirs(batch)
    for i in range(500):
        subprocess.run(
            [TOOL, "generate", os.path.join(batch, f"r{i:03}.bin"), "--duration", "2", "--seed", str(i)],
            check=True,
            capture_output=True,
        )
    batch_mb = sum(os.path.getsize(os.path.join(batch, f)) for f in os.listdir(batch)) / 1e6
    jobs = lambda n, folder=work: [
        TOOL,
        "convert",
        batch,
        "--out-dir",
        os.path.join(folder, f"out{n}"),
        "-j",
        str(n),
        "--force",
        "-q",
    ]
    # The same into memory (/dev/shm), where no flush waits for a disk: what two workers give the tool itself.
    in_memory = {f"-j {n} in memory": jobs(n, memory) for n in (1, 2)} if memory else {}
    # What two cores give any work here: a file hashed twice, one after the other and on two cores at once (on
    # a VM whose cores share the host's, each may run slower while both are busy).
    blob = os.path.join(work, "blob")
    with open(blob, "wb") as f:
        f.write(bytes(100_000_000))
    sha = shutil.which("sha256sum")
    hashes = {
        "hash one after the other": [sha, blob, blob],
        "hash at once": ["/bin/sh", "-c", f'{sha} "$0" & {sha} "$0"; wait', blob],
    }
    two_vs_one = Paired(jobs(2), {"-j 1": jobs(1), **in_memory, **hashes}, BATCH_ROUNDS)
    return two_vs_one, batch_mb


def main():
    quick = "--quick" in sys.argv
    durations = [10, 60] if quick else [10, 60, 600]
    work = tempfile.mkdtemp(prefix="inputanim-bench-")
    # A folder in /dev/shm for the batch, where there is one.
    memory = tempfile.mkdtemp(prefix="inputanim-bench-", dir="/dev/shm") if os.access("/dev/shm", os.W_OK) else None
    try:
        rows, others, per_key = conversions(work, durations, quick)
        two_vs_one, batch_mb = batch_jobs(work, memory)
    finally:
        shutil.rmtree(work)
        if memory:
            shutil.rmtree(memory)
    print_report(rows, others, per_key, two_vs_one, batch_mb)


def print_report(rows, others, per_key, two_vs_one, batch_mb):
    print(
        "| recording | job | in MB | out MB | keys | wall s, median (min-max) | x cat IN, median (min-max) "
        "| x cat of the larger file | x the same, flushed | keys/s | peak RSS MB | RSS / (in + out) |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, job, in_mb, out_mb, keys, p in rows:
        print(
            f"| {name} | {job} | {in_mb:.1f} | {out_mb:.1f} | {keys:,} | {p.wall_range()} | {p.ratio('cat')} | {p.ratio('larger' if 'larger' in p.base else 'cat')} | {p.ratio('flushed')} "
            f"| {keys / p.wall:,.0f} | {p.rss:.0f} | {p.rss / (in_mb + out_mb):.2f} |"
        )
    print("\nother jobs (against cat of their input):\n")
    print("| recording | job | in MB | wall s, median (min-max) | x cat IN, median (min-max) | peak RSS MB |")
    print("|---|---|---:|---:|---:|---:|")
    for name, job, in_mb, p in others:
        print(f"| {name} | {job} | {in_mb:.1f} | {p.wall_range()} | {p.ratio('cat')} | {p.rss:.0f} |")
    print_per_key(per_key)
    base = two_vs_one.base
    machine = [a[0] / b[0] for a, b in zip(base["hash one after the other"], base["hash at once"])]
    print(
        f"\nbatch of 500 x 2 s 1.1 recordings ({batch_mb:.1f} MB) to .glb, peak RSS {two_vs_one.rss:.0f} MB with -j 2. The machine, in "
        f"the same rounds: sha256sum of a 100 MB file twice is {statistics.median(machine):.2f}x faster on two cores at once than one "
        f"after the other ({min(machine):.2f}-{max(machine):.2f})"
    )
    print_batch("on the disk", base["-j 1"], two_vs_one.runs)
    if "-j 2 in memory" in base:
        print_batch("into memory (/dev/shm: nothing waits for a disk)", base["-j 1 in memory"], base["-j 2 in memory"])


def print_batch(where, one, two):
    """-j 2 against -j 1 (runs of wall, RSS, CPU), and the most two cores allow: -j 2 cannot take less than half its
    CPU time, so it is at most 2 x wall(-j 1) / CPU(-j 2) faster, less the more of -j 1's work (the flushes and
    renames of its committer threads) already ran on the second core."""
    gains = [a[0] / b[0] for a, b in zip(one, two)]
    bounds = [2 * a[0] / b[2] for a, b in zip(one, two)]
    medians = lambda runs: (statistics.median(r[0] for r in runs), statistics.median(r[2] for r in runs))  # wall, CPU
    (wall1, cpu1), (wall2, cpu2) = medians(one), medians(two)
    print(
        f"\n{where}: -j 1 {wall1:.3f} s ({cpu1:.3f} s of CPU), -j 2 {wall2:.3f} s ({cpu2:.3f} s of CPU; medians); -j 2 is "
        f"{statistics.median(gains):.2f}x faster ({min(gains):.2f}-{max(gains):.2f}), of at most {statistics.median(bounds):.2f}x "
        f"({min(bounds):.2f}-{max(bounds):.2f}): 2 x wall(-j 1) / CPU(-j 2)"
    )


if __name__ == "__main__":
    main()
