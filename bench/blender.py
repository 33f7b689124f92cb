#!/usr/bin/env python3
"""Blender add-on speed: import, export unedited, one edit (a knuckle bent at every key), export edited, in headless
Blender 3.4 with the add-on installed from its zip; the real recording (11 s) and generated ones of 60 s (MRTK-reduced
and not) and 600 s.
Each row is one Blender session timed by build/bench/measure (its peak RSS is Blender's; inputanim runs beside it).

Usage: bench/blender.py [SHARED] [--quick]   (build first: scripts/build.sh; --quick leaves out 600 s)"""
import json
import shutil
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "build", "inputanim")
MEASURE = os.path.join(ROOT, "build", "bench", "measure")
arguments = [a for a in sys.argv[1:] if a != "--quick"]
SHARED = arguments[0] if arguments else os.path.join(ROOT, "..", "shared")
# Debian's Blender takes the Python of the first python3 on PATH: the system's (with numpy), not a virtual
# environment's or pyenv's that may run this script.
BLENDER_ENVIRONMENT = dict(os.environ, PATH="/usr/bin:/bin:" + os.environ.get("PATH", ""))


def session(addon, recording, folder):
    done = subprocess.run(
        [
            MEASURE,
            shutil.which("blender"),
            "-b",
            "--factory-startup",
            "--python",
            os.path.join(ROOT, "bench", "blender_session.py"),
            "--",
            addon,
            TOOL,
            recording,
            folder,
        ],
        capture_output=True,
        text=True,
        env=BLENDER_ENVIRONMENT,
    )
    steps = os.path.join(folder, "seconds.json")
    if done.returncode != 0 or not os.path.exists(steps):
        raise RuntimeError(
            "the Blender session failed on %s (run bench/blender_session.py by hand to see why)" % recording
        )
    wall, _, rss = done.stdout.split()
    with open(steps) as text:
        return json.load(text), float(wall), int(rss) / 1e6


def main():
    work = tempfile.mkdtemp(prefix="inputanim-blender-bench-")
    addon = os.path.join(work, "addon.zip")
    subprocess.run([os.path.join(ROOT, "scripts", "blender-addon.sh"), addon], check=True, capture_output=True)
    recordings = []
    real = os.path.join(SHARED, "samples", "real", "handrecorder-2021-v1.0.bin")
    if os.path.exists(real):
        recordings.append(("real MRTK 2.5 recording (11 s, 1.0)", real))
    generated = [(60, True), (60, False)] + ([] if "--quick" in sys.argv else [(600, True), (600, False)])
    for seconds, reduced in generated:
        path = os.path.join(work, "%ds%s.bin" % (seconds, "" if reduced else "-unreduced"))
        argv = [TOOL, "generate", path, "--duration", str(seconds), "--force"] + ([] if reduced else ["--no-reduce"])
        subprocess.run(argv, check=True, capture_output=True)
        recordings.append(("generated %d s (1.1%s)" % (seconds, "" if reduced else ", unreduced"), path))
    print(
        "| recording | Blender's glTF import of the .glb s | import s | import / Blender's | export unedited s | edit s"
        " | export edited s | unedited identical | Blender peak MB |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|---:|")
    for name, source in recordings:
        folder = tempfile.mkdtemp(dir=work)
        path = os.path.join(folder, os.path.basename(source))  # beside its .glb, which Blender's importer reads
        shutil.copyfile(source, path)
        subprocess.run([TOOL, "convert", path, os.path.splitext(path)[0] + ".glb", "-q"], check=True)
        steps, _, rss = session(addon, path, folder)
        with open(path, "rb") as a, open(os.path.join(folder, "unedited.bin"), "rb") as b:
            same = "yes" if a.read() == b.read() else "no"
        print(
            "| %s | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2f | %s | %.0f |"
            % (
                name,
                steps["gltf_import"],
                steps["import"],
                steps["import"] / steps["gltf_import"],
                steps["export_unedited"],
                steps["edit"],
                steps["export_edited"],
                same,
                rss,
            )
        )


if __name__ == "__main__":
    main()
