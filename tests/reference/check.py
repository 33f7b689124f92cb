"""The reference reader's check: each archive rebuilds its recorded source byte for byte, and plays as `inputanim
sample` says, from the documents alone (docs/archival.md, docs/format.md, docs/gltf-profile.md).

usage: check.py INPUTANIM ARCHIVE... (exit 1 when any archive fails)
"""

import hashlib
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

from glb import Glb
from play import boolean, evaluate
from rebuild import JOINTS, rebuild, to_bytes

SAMPLES = 200
TOLERANCE = 1e-9  # metres, or quaternion and direction components


def record_of(glb):
    """The KHR_xmp_json_ld packet the asset names."""
    index = glb.json["asset"]["extensions"]["KHR_xmp_json_ld"]["packet"]
    return glb.json["extensions"]["KHR_xmp_json_ld"]["packets"][index]


def pose(curves, prefix, t):
    position = [evaluate(curves[prefix + c], t) for c in ("PositionX", "PositionY", "PositionZ")]
    q = [evaluate(curves[prefix + c], t) for c in ("RotationX", "RotationY", "RotationZ", "RotationW")]
    n = sum(c * c for c in q)
    return {"position": position, "rotation": [c / math.sqrt(n) for c in q] if n > 1e-24 else None}


def frame(curves, t):
    """One frame as `inputanim sample --format json` prints it, in Unity's coordinates."""
    out = {"camera": pose(curves, "camera.", t)} if "camera.PositionX" in curves else {}
    for side in ["left", "right"]:
        if "booleans.TrackedLeft" in curves:
            out[side] = {
                "tracked": boolean(curves["booleans.Tracked" + side.capitalize()], t),
                "pinching": boolean(curves["booleans.Pinching" + side.capitalize()], t),
                "joints": {j: pose(curves, "%s.%s." % (side, j), t) for j in JOINTS},
            }
    if "gaze.OriginX" in curves:
        origin = [evaluate(curves["gaze.Origin" + c], t) for c in "XYZ"]
        direction = [evaluate(curves["gaze.Direction" + c], t) for c in "XYZ"]
        length = math.sqrt(sum(c * c for c in direction))
        out["gaze"] = {"origin": origin, "direction": [c / length if length > 1e-5 else 0.0 for c in direction]}
    return out


def differences(ours, theirs, where):
    """Paths at which two JSON values differ by more than the tolerance."""
    if isinstance(theirs, dict):
        return [d for k in theirs for d in differences(ours.get(k) if ours else None, theirs[k], where + "." + k)]
    if isinstance(theirs, list):
        if not isinstance(ours, list) or len(ours) != len(theirs):
            return [where]
        return [d for i, v in enumerate(theirs) for d in differences(ours[i], v, "%s[%d]" % (where, i))]
    if isinstance(theirs, bool) or theirs is None or ours is None:
        return [] if ours == theirs else [where]
    return [] if abs(ours - theirs) <= TOLERANCE else ["%s (%r, not %r)" % (where, ours, theirs)]


def sample_times(duration):
    """Float32 times from before the start to past the end (printed exactly, read back the same)."""
    span = max(duration, 0.1)
    times = [-0.05 + (span + 0.1) * i / (SAMPLES - 1) for i in range(SAMPLES)]
    return [struct.unpack("<f", struct.pack("<f", t))[0] for t in times]


def check_playback(tool, path, recording):
    curves = {c[0]: c for c in recording["curves"]}
    duration = max((c[3][-1][0] for c in recording["curves"] if c[3]), default=0.0)
    times = sample_times(duration)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(repr(t) + "\n" for t in times))
    try:
        run = subprocess.run([tool, "sample", path, "--times", f.name, "--format", "json"], capture_output=True)
    finally:
        os.unlink(f.name)
    if run.returncode != 0:
        return ["inputanim sample failed: " + run.stderr.decode()]
    frames = json.loads(run.stdout)["frames"]
    problems = []
    for t, theirs in zip(times, frames):
        theirs = {k: v for k, v in theirs.items() if k != "time"}
        problems += differences(frame(curves, t), theirs, "t=%r" % t)
    return problems


def check(tool, path):
    with open(path, "rb") as f:
        glb = Glb(f.read())
    record = record_of(glb)
    problems = []
    if glb.buffer_sha256() != record["inputanim:bufferSha256"]:
        problems.append("buffer changed")
    recording = rebuild(glb)
    data = to_bytes(recording)
    if (
        len(data) != record["inputanim:sourceBytes"]
        or hashlib.sha256(data).hexdigest() != record["inputanim:sourceSha256"]
    ):
        problems.append("rebuilt %d bytes that are not the recorded source" % len(data))
    problems += check_playback(tool, path, recording)[:5]
    return problems


def main(argv):
    tool, failed = argv[1], 0
    for path in argv[2:]:
        problems = check(tool, path)
        print(
            "%s: %s" % (os.path.basename(path), "; ".join(problems) if problems else "byte-identical, plays the same")
        )
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
