#!/usr/bin/env python3
"""MRTK's own reader as a client: MRTK 2.8.3's InputAnimation code (../shared/mrtk-reader, under Mono) reads every
kind of binary file inputanim writes. Each default output must load (every byte consumed), have the duration and
markers `inputanim info` gives, and play the poses and states `inputanim sample` gives, within 1e-5 m and 0.001
degrees, at every key time and on a 120 Hz grid; each output made from another recording must play like it
(`inputanim diff` within the export tolerances, 0.1 mm and 0.01 degrees). Outputs written with an explicit
`--layout full` must be refused by MRTK and warned about.

Usage: mrtk_reader.py PATH/TO/inputanim PATH/TO/make_edge_cases PATH/TO/shared BUILD_DIR
Exit 77 (CTest's skip) when ../shared/mrtk-reader is absent.
"""
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile

TOOL, MAKE_EDGE_CASES, SHARED, BUILD = sys.argv[1:5]
READER = os.path.join(SHARED, "mrtk-reader")
POSITION_TOLERANCE = 1e-5  # metres: MRTK's playback against `inputanim sample` of the same file
ROTATION_TOLERANCE = 0.001  # degrees
GRID = "0.008333333"  # 1/120 s as MRTK's reader steps it (Float32)

failures = []
checked = 0
near_zero = 0  # rotations compared within their components' rounding instead


def fail(case, message):
    failures.append(f"{case}: {message}")


def run(*args, check=True):
    result = subprocess.run(list(args), capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {result.returncode}\n{result.stderr}")
    return result


def build_reader():
    exe = os.path.join(BUILD, "mrtkread", "mrtkread.exe")
    sources = [os.path.join(d, f) for d, _, files in os.walk(READER) for f in files]
    if not os.path.exists(exe) or os.path.getmtime(exe) < max(os.path.getmtime(s) for s in sources):
        result = subprocess.run(
            ["bash", os.path.join(READER, "build.sh")],
            env={**os.environ, "BUILD": os.path.dirname(exe)},
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            sys.exit(f"mrtk: the reader did not build:\n{result.stderr}")
    return exe


def f32(x):
    """The Float32 nearest x (both tools print Float32 times, in different digits)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def angle_degrees(a, b):
    """Rotation between two quaternions (either sign), degrees; None when one has no direction."""
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(x * x for x in b))
    if na < 1e-12 or nb < 1e-12:
        return None
    d = abs(sum(x * y for x, y in zip(a, b))) / (na * nb)
    return math.degrees(2 * math.acos(min(1.0, d)))


def compare_pose(case, where, mrtk, ours):
    """MRTK's [px,py,pz,qx,qy,qz,qw] (not normalised) against sample's {"position", "rotation"} (normalised or null)."""
    distance = math.dist(mrtk[:3], ours["position"])
    if distance > POSITION_TOLERANCE:
        fail(case, f"{where}: position {mrtk[:3]} in MRTK, {ours['position']} in sample ({distance:.3g} m)")
    q = mrtk[3:]
    length = math.sqrt(sum(x * x for x in q))
    if ours["rotation"] is None:
        if length > 1e-12:
            fail(case, f"{where}: MRTK plays rotation {q}, sample none")
        return
    angle = angle_degrees(q, ours["rotation"])
    # MRTK plays a rotation without normalising it: where its four Float32 components nearly cancel (a hemisphere
    # flip between keys), their rounding (6e-8 each) turns the direction by up to 2 * 1.2e-7 / length radians.
    allowed = max(ROTATION_TOLERANCE, math.degrees(2 * 1.2e-7 / max(length, 1e-30)))
    if allowed > ROTATION_TOLERANCE:
        global near_zero
        near_zero += 1
    if angle is None or angle > allowed:
        fail(
            case,
            f"{where}: rotation {q} in MRTK, {ours['rotation']} in sample ({angle} degrees, allowed {allowed:.3g})",
        )


def compare_frames(case, mrtk, ours):
    global checked
    if len(mrtk["frames"]) != len(ours["frames"]):
        fail(case, f"{len(mrtk['frames'])} frames from MRTK, {len(ours['frames'])} from sample")
        return
    for m, o in zip(mrtk["frames"], ours["frames"]):
        t = m["time"]
        if "camera" in m:
            compare_pose(case, f"t={t} camera", m["camera"], o["camera"])
        for side in ("left", "right"):
            if side not in m:
                continue
            for state in ("tracked", "pinching"):
                if m[side][state] != o[side][state]:
                    fail(case, f"t={t} {side} {state}: {m[side][state]} in MRTK, {o[side][state]} in sample")
            for index, (joint, pose) in enumerate(o[side]["joints"].items()):
                compare_pose(case, f"t={t} {side}.{joint}", m[side]["joints"][index], pose)
        if "gaze" in m:
            for part, values in (("origin", m["gaze"][:3]), ("direction", m["gaze"][3:])):
                if math.dist(values, o["gaze"][part]) > POSITION_TOLERANCE:
                    fail(case, f"t={t} gaze {part}: {values} in MRTK, {o['gaze'][part]} in sample")
        checked += 1


def check_loads(case, path, reader, work):
    mrtk = json.loads(run("mono", reader, "read", path, "--grid", GRID, "--eval-key-times").stdout)
    if not mrtk["accepted"]:
        fail(case, f"MRTK refuses it: {mrtk.get('error')}")
        return
    if mrtk["bytes_consumed"] != mrtk["file_size"]:
        fail(case, f"MRTK read {mrtk['bytes_consumed']} of {mrtk['file_size']} bytes")
    info = json.loads(run(TOOL, "info", path, "--json").stdout)
    if f32(mrtk["duration"]) != f32(info["duration"]):
        fail(case, f"duration {mrtk['duration']} in MRTK, {info['duration']} in info")
    ours_markers = [{"time": f32(m["time"]), "name": m["name"]} for m in info["markers"]]
    if [{"time": f32(m["time"]), "name": m["name"]} for m in mrtk["markers"]] != ours_markers:
        fail(case, f"markers {mrtk['markers']} in MRTK, {ours_markers} in info")
    times = os.path.join(work, "times.txt")
    with open(times, "w") as f:
        f.write("\n".join(repr(frame["time"]) for frame in mrtk["frames"]))
    ours = json.loads(run(TOOL, "sample", path, "--times", times, "--format", "json").stdout)
    compare_frames(case, mrtk, ours)


def check_full_layout(case, path, reader, log, work):
    """An explicit full layout: refused by MRTK and warned about, or (no float keys: the same bytes as compact) neither."""
    mrtk = json.loads(run("mono", reader, "read", path, "--no-frames").stdout)
    warned = "no MRTK version" in log
    if mrtk["accepted"] == warned:
        fail(
            case,
            f"MRTK {'loads' if mrtk['accepted'] else 'refuses'} it and the tool {'warns' if warned else 'does not warn'}: {log!r}",
        )
    if mrtk["accepted"]:
        check_loads(case, path, reader, work)


def check_like_source(case, source, path, extra=()):
    result = run(
        TOOL,
        "diff",
        source,
        path,
        "--pos-tolerance",
        "0.0001",
        "--rot-tolerance",
        "0.01",
        "--switch-tolerance",
        "0",
        "--json",
        *extra,
        check=False,
    )
    report = json.loads(result.stdout) if result.stdout else {}
    if result.returncode != 0 or not report.get("within"):
        fail(case, f"plays unlike {os.path.basename(source)}: {result.stderr.strip()} {json.dumps(report)[:400]}")


def convert(work, source, name, *flags):
    """`inputanim convert SOURCE NAME FLAGS`; the output's path and standard error."""
    out = os.path.join(work, name)
    result = run(TOOL, "convert", source, out, "--force", *flags, check=False)
    if result.returncode not in (0,):
        fail(name, f"convert {' '.join(flags)} exit {result.returncode}: {result.stderr.strip()}")
        return None, result.stderr
    return out, result.stderr


def cases(work):
    """(name, output, source or None, flags for diff) for every default output; (name, output, log) for full ones."""
    loads, refused = [], []
    for name, flags in (("gen-1.1", []), ("gen-1.0", ["--format-version", "1.0"])):
        out = os.path.join(work, name + ".bin")
        run(TOOL, "generate", out, "--duration", "3", *flags)
        loads.append((name, out, None))
    root = os.path.join(os.path.dirname(__file__), "..", "..", "samples")
    for sample in sorted(f for f in os.listdir(root) if f.endswith(".bin")):
        loads.append(("samples/" + sample, os.path.join(root, sample), None))
    run(MAKE_EDGE_CASES, work)
    with open(os.path.join(work, "cases.txt")) as f:
        edge = [line.split()[0] for line in f if line.strip()]
    for name in edge:
        source = os.path.join(work, name + ".bin")
        info = json.loads(run(TOOL, "info", source, "--json").stdout)
        targets = [("1.1", ["--format-version", "1.1"])]
        # 1.0 holds no gaze, and MRTK plays its camera curves always: a recording without a camera is refused.
        if not info["flags"]["hasEyeGaze"] and info["flags"]["hasCameraPose"]:
            targets.append(("1.0", ["--format-version", "1.0"]))
        for label, flags in targets:
            out, _ = convert(work, source, f"{name}-to-{label}.bin", *flags)
            if out:
                loads.append((f"{name} -> {label}", out, source))
        for rig in ("flat", "hierarchy"):
            glb, _ = convert(work, source, f"{name}-{rig}.glb", "--rig", rig)
            back, _ = convert(work, glb, f"{name}-{rig}-back.bin") if glb else (None, "")
            if back:
                loads.append((f"{name} -> glb ({rig}) -> bin", back, source))
        out, log = convert(work, source, f"{name}-full.bin", "--format-version", "1.1", "--layout", "full")
        if out:
            refused.append((f"{name} -> 1.1 full", out, log))
    markers = os.path.join(work, "markers.json")
    with open(markers, "w") as f:
        json.dump([{"time": 0, "name": "start"}, {"time": 3, "name": "at the end"}, {"time": 9, "name": "after it"}], f)
    # An IWER capture (what `convert` writes for WebXR tests, read back as a take): MRTK plays what it converts to. IWER
    # plays this one 0.14 mm from MRTK (its slerp against MRTK's component-wise blend): a millimetre allowed.
    capture, _ = convert(work, os.path.join(work, "gen-1.1.bin"), "gen-capture.json", "--pos-tolerance", "0.001")
    taken, _ = convert(work, capture, "gen-capture.bin") if capture else (None, "")
    if taken:
        loads.append(("gen -> IWER capture -> bin", taken, None))
    out, log = convert(work, os.path.join(work, "gen-1.1.bin"), "markers.bin", "--markers", markers)
    if out:
        loads.append(("markers at the edges", out, os.path.join(work, "gen-1.1.bin")))
        if "never fires" not in log:
            fail("markers at the edges", f"no warning about the marker after the end: {log!r}")
    return loads, refused


def shared_cases(work):
    loads = []
    real = os.path.join(SHARED, "samples", "real", "handrecorder-2021-v1.0.bin")
    if os.path.exists(real):
        out, _ = convert(work, real, "real-1.1.bin", "--format-version", "1.1")
        loads.append(("real -> 1.1", out, real))
        glb, _ = convert(work, real, "real.glb", "--rig", "hierarchy", "--linear-only")
        back, _ = convert(work, glb, "real-base.bin", "--base", real)
        loads.append(("real -> glb (hierarchy) -> bin --base", back, real))
    for rig, flags in (
        ("webxr-generic-hand-left.glb", []),
        ("godot-animations_hand_l.gltf", []),
        ("godot-animations_hand_l.gltf", ["--animation", "Pinch Tight"]),
    ):
        path = os.path.join(SHARED, "samples", "foreign", rig)
        if os.path.exists(path):
            out, _ = convert(work, path, rig + "".join(flags).replace(" ", "_") + ".bin", *flags)
            if out:
                loads.append((f"{rig} {' '.join(flags)}", out, None))
                info = json.loads(run(TOOL, "info", out, "--json").stdout)
                if not info["duration"] > 0:
                    fail(rig, f"a pose plays as nothing in MRTK: duration {info['duration']}")
    return loads


def edit(work, verb, source, name, *flags):
    """`inputanim VERB SOURCE NAME FLAGS` (trim, shift, retime, markers); the output's path."""
    out = os.path.join(work, name)
    result = run(TOOL, verb, source, out, "--force", *flags, check=False)
    if result.returncode != 0:
        fail(name, f"{verb} {' '.join(flags)} exit {result.returncode}: {result.stderr.strip()}")
        return None
    return out


def edit_cases(work):
    """The edit verbs' outputs, on the generated 1.1 recording and the real 1.0 one: each must load and play in MRTK."""
    loads = []
    real = os.path.join(SHARED, "samples", "real", "handrecorder-2021-v1.0.bin")
    for label, source in (("gen", os.path.join(work, "gen-1.1.bin")), ("real", real)):
        if not os.path.exists(source):
            continue
        trimmed = edit(work, "trim", source, f"{label}-trim.bin", "--start", "1.3", "--end", "4.7")
        marked = (
            edit(work, "markers", trimmed, f"{label}-marked.bin", "--add", "0.5=press", "--add", "2=release")
            if trimmed
            else None
        )
        pinch = (
            edit(work, "trim", marked, f"{label}-pinch.bin", "--start", "press", "--end", "release") if marked else None
        )
        fast = edit(work, "retime", source, f"{label}-fast.bin", "--speed", "2")
        later = edit(work, "shift", source, f"{label}-later.bin", "--by", "0.75")
        mirrored = edit(work, "mirror", source, f"{label}-mirrored.bin")
        for name, out in (
            (f"{label} mirror", mirrored),
            (f"{label} trim", trimmed),
            (f"{label} markers", marked),
            (f"{label} trim to markers", pinch),
            (f"{label} retime", fast),
            (f"{label} shift", later),
        ):
            if out:
                loads.append((name, out, None))
    gen = os.path.join(work, "gen-1.1.bin")
    merged = os.path.join(work, "merged.bin")
    left = real if os.path.exists(real) else gen
    result = run(
        TOOL,
        "merge",
        merged,
        "--left",
        left,
        "--camera",
        gen,
        "--right",
        gen,
        "--gaze",
        gen,
        "--offset",
        "right=0.5",
        check=False,
    )
    if result.returncode != 0:
        fail("merge", f"exit {result.returncode}: {result.stderr.strip()}")
    else:
        loads.append(("merge", merged, None))
    return loads


def main():
    if not os.path.isfile(os.path.join(READER, "build.sh")):
        print(f"SKIP: MRTK's reader not found ({READER})")
        sys.exit(77)
    if not shutil.which("mcs") or not shutil.which("mono"):
        sys.exit("mrtk: Mono not installed (scripts/install-deps.sh --test installs mono-devel)")
    reader = build_reader()
    with tempfile.TemporaryDirectory() as work:
        loads, refused = cases(work)
        loads += shared_cases(work)
        loads += edit_cases(work)
        for name, path, source in loads:
            if path is None:
                continue
            check_loads(name, path, reader, work)
            if source:
                check_like_source(name, source, path)
        for name, path, log in refused:
            check_full_layout(name, path, reader, log, work)
    for line in failures[:60]:
        print("FAIL:", line)
    print(
        f"mrtk: {len(loads)} outputs loaded and played ({checked} frames; {near_zero} rotations of length under 0.014, "
        f"where MRTK plays the unnormalised rotation, compared within its rounding), {len(refused)} with the full layout "
        f"asked for; {len(failures)} failures"
    )
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
