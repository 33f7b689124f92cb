"""Archive sizes: each generated recording as .bin, xz -6 of the .bin, .glb, and .glb with --compress meshopt (whose
conversion back is checked byte for byte), and the seconds each conversion takes (one run each; bench.py pairs the
plain conversions with cat).
Usage: python3 bench/archive_sizes.py [--quick]   (--quick: 10 s and 60 s only)"""

import lzma
import os
import subprocess
import sys
import tempfile
import time

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "inputanim")


def timed(argv):
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


def row(work, duration, reduce, version):
    src, glb, packed, back = (os.path.join(work, n) for n in ("rec.bin", "rec.glb", "rec.meshopt.glb", "back.bin"))
    argv = [TOOL, "generate", src, "--duration", str(duration), "--format-version", version, "--force"]
    subprocess.run(argv + ([] if reduce else ["--no-reduce"]), check=True, capture_output=True)
    plain_s = timed([TOOL, "convert", src, glb, "--force"])
    packed_s = timed([TOOL, "convert", src, packed, "--compress", "meshopt", "--force"])
    back_s = timed([TOOL, "convert", packed, back, "--force"])
    with open(src, "rb") as f, open(back, "rb") as g:
        data = f.read()
        exact = data == g.read()
    sizes = [len(data), len(lzma.compress(data, preset=6)), os.path.getsize(glb), os.path.getsize(packed)]
    name = f"{duration}s {'reduced' if reduce else 'unreduced'} {version}"
    cells = [f"{s:,}" for s in sizes] + [f"{sizes[3] / sizes[1]:.2f}", f"{sizes[3] / sizes[2]:.2f}"]
    cells += [f"{plain_s:.3f}", f"{packed_s:.3f}", f"{back_s:.3f}", "yes" if exact else "NO"]
    print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


def main():
    durations = (10, 60) if "--quick" in sys.argv else (10, 60, 600)
    print("| recording | .bin | xz -6 | .glb | meshopt .glb | / xz | / .glb | convert | --compress | back | exact |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as work:
        for duration in durations:
            for reduce in (False, True):
                for version in ("1.0", "1.1"):
                    row(work, duration, reduce, version)


if __name__ == "__main__":
    main()
