#!/usr/bin/env python3
"""Checks what blender_addon.py made of the real recording with the pose tools, against MRTK's own reader:
- EDITED.bin lasts as long as the recording;
- EDITED-pose.bin ("Point" held over 5-6 s, easing 12 frames) differs from EDITED-offset.bin only in the left
  hand's fingers and only within 4.9-6.1 s; MRTK plays the index tip held against the wrist over 5-6 s (within
  0.5 mm) and moving no more than 20 mm per 1/120 s around it (the blend over 12 frames; a one-frame pose jumps
  up to 95 mm), and the recorded pinch 4.969-6.468 s as it was;
- EDITED-pinch.bin ("Pinch over Range", press at 2 s, release at 3 s): pinching 2-3 s and the recorded pinch, and
  MRTK plays the index and thumb tips under 20 mm apart over 2-3 s (a pinch by MRTK's measure, strength 0.75 or
  more); the pinching curve, edited, is sampled at whole frames, so its switches are kept within 1/120 s.

Usage: check_posed.py INPUTANIM RECORDING WORK_DIR SHARED BUILD_DIR   (prints "posed: ok" or the failures)"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "interop"))
from mrtk_play import play  # noqa: E402 (MRTK's reader, shared with interop_mrtk)

tool, recording, work, shared, build = sys.argv[1:6]
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def info(path):
    return json.loads(subprocess.run([tool, "info", path, "--json"], capture_output=True, text=True, check=True).stdout)


def near(spans, expected, within=1e-3):
    return len(spans) == len(expected) and all(
        abs(a - b) < within for s, e in zip(spans, expected) for a, b in zip(s, e)
    )


def in_wrist(joints, index):
    """A joint's position in the wrist's frame (MRTK's joints: x y z, then rotation x y z w)."""
    wrist, joint = joints[1], joints[index]
    x, y, z, w = (-wrist[3], -wrist[4], -wrist[5], wrist[6])  # the inverse turn
    v = [joint[i] - wrist[i] for i in range(3)]
    t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])]
    return [
        v[0] + w * t[0] + y * t[2] - z * t[1],
        v[1] + w * t[1] + z * t[0] - x * t[2],
        v[2] + w * t[2] + x * t[1] - y * t[0],
    ]


recorded = info(recording)
edited = f"{work}/edited.bin"
expect(
    abs(info(edited)["duration"] - recorded["duration"]) < 1e-6,
    "the edited export lasts %.4f s, the recording %.4f s" % (info(edited)["duration"], recorded["duration"]),
)
pinch = recorded["pinching"]["left"]
diff = json.loads(
    subprocess.run(
        [tool, "diff", f"{work}/edited-offset.bin", f"{work}/edited-pose.bin", "--json"], capture_output=True, text=True
    ).stdout
)
moved = sorted(p["name"] for p in diff["poses"] if p["differs"])
expect(
    diff["differs"] and all(4.89 < s and e < 6.11 for s, e in diff["differs"]),
    "the held pose differs over %s" % diff["differs"],
)
expect(
    moved and all(n.startswith("left.") and n not in ("left.Wrist", "left.Palm") for n in moved),
    "the held pose moved %s" % moved,
)
expect(near(info(f"{work}/edited-pose.bin")["pinching"]["left"], pinch), "a pose button changed the recorded pinch")
names = list(
    json.loads(
        subprocess.run(
            [tool, "sample", recording, "--format", "json", "--start", "0", "--end", "0"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )["frames"][0]["left"]["joints"]
)
tip, thumb = names.index("IndexTip"), names.index("ThumbTip")
mrtk = play(f"{work}/edited-pose.bin", shared, build)
if mrtk is not None:
    frames = [f for f in mrtk["frames"] if 4.8 <= f["time"] <= 6.2]
    held = [in_wrist(f["left"]["joints"], tip) for f in frames if 5.0 <= f["time"] <= 6.0]
    spread = max(math.dist(p, held[0]) for p in held)
    tips = [in_wrist(f["left"]["joints"], tip) for f in frames]
    step = max(math.dist(a, b) for a, b in zip(tips, tips[1:]))
    pinching = [f["time"] for f in mrtk["frames"] if f["left"]["pinching"]]
    expect(spread < 5e-4, "MRTK plays the held pose's index tip moving %.2f mm over 5-6 s" % (spread * 1000))
    expect(step < 0.02, "MRTK plays the index tip jumping %.1f mm in 1/120 s around the held pose" % (step * 1000))
    expect(
        pinching and abs(pinching[0] - pinch[0][0]) < 0.01 and abs(pinching[-1] - pinch[0][1]) < 0.01,
        "MRTK plays pinching over %s-%s s" % (pinching[:1], pinching[-1:]),
    )
    print(
        "posed: MRTK plays Point held within %.3f mm over 5-6 s, the tip's largest step %.1f mm per frame"
        % (spread * 1000, step * 1000)
    )
pinched = info(f"{work}/edited-pinch.bin")["pinching"]["left"]
expect(near(pinched, [[2.0, 3.0]] + pinch, within=1 / 120), "Pinch over Range: pinching %s" % pinched)
mrtk = play(f"{work}/edited-pinch.bin", shared, build)
if mrtk is not None:
    gaps = [
        math.dist(f["left"]["joints"][tip][:3], f["left"]["joints"][thumb][:3])
        for f in mrtk["frames"]
        if 2.0 <= f["time"] <= 3.0
    ]
    on = all(f["left"]["pinching"] for f in mrtk["frames"] if 2.0 < f["time"] < 2.99)
    expect(
        on and max(gaps) < 0.02,
        "Pinch over Range: MRTK plays pinching %s, tips up to %.1f mm apart" % (on, max(gaps) * 1000),
    )
    print("posed: Pinch over Range holds the tips %.1f-%.1f mm apart over 2-3 s" % (min(gaps) * 1000, max(gaps) * 1000))
print("posed: %s" % ("ok" if not failures else "FAIL\n  " + "\n  ".join(failures)))
sys.exit(1 if failures else 0)
