"""An archive's recording, rebuilt as docs/archival.md ("Reading an archive, step by step") says, and its bytes.

A key is (time, value, inTangent, outTangent, inWeight, outWeight, weightedMode); floats are Python floats holding
Float32 values, or Nan(bits) for a NaN whose bits the archive records.
"""

import math
import struct

from hierarchy import compose_hand

JOINTS = ["None", "Wrist", "Palm", "ThumbMetacarpalJoint", "ThumbProximalJoint", "ThumbDistalJoint", "ThumbTip"]
for finger in ["Index", "Middle", "Ring", "Pinky"]:
    JOINTS += [finger + j for j in ["Metacarpal", "Knuckle", "MiddleJoint", "DistalJoint", "Tip"]]
POSE = ["PositionX", "PositionY", "PositionZ", "RotationX", "RotationY", "RotationZ", "RotationW"]
GAZE = ["OriginX", "OriginY", "OriginZ", "DirectionX", "DirectionY", "DirectionZ"]
BOOLEANS = ["TrackedLeft", "TrackedRight", "PinchingLeft", "PinchingRight"]
MAGIC = 0x6A8FAF6E0F9E42C6


class Nan(int):
    """A NaN's raw Float32 bits."""


def f32_bits(value):
    return int(value) if isinstance(value, Nan) else struct.unpack("<I", struct.pack("<f", value))[0]


def json_float(v):
    if isinstance(v, str):
        if v.startswith("nan:"):
            return Nan(int(v[4:], 16))
        return {"inf": math.inf, "-inf": -math.inf}[v]
    return struct.unpack("<f", struct.pack("<f", v))[0]


def curve_names(version, flags):
    """The curves in file order (docs/format.md), each (name, section)."""
    camera = [("camera." + c, "camera") for c in POSE]
    hands = [("booleans." + b, "booleans") for b in BOOLEANS]
    hands += [("%s.%s.%s" % (side, j, c), side) for side in ["left", "right"] for j in JOINTS for c in POSE]
    gaze = [("gaze." + c, "gaze") for c in GAZE]
    if version == "1.0":
        return camera + hands
    return (camera if flags[0] else []) + (hands if flags[1] else []) + (gaze if flags[2] else [])


def place(name):
    """The channel a curve's keys sit on: (node, path, component, sign)."""
    parts = name.split(".")
    if parts[0] == "booleans":
        side = "Left" if parts[1].endswith("Left") else "Right"
        return ("Hand_" + side + ("_Pinching" if parts[1].startswith("Pinching") else ""), "scale", 0, 1.0)
    if parts[0] == "gaze":
        node = "Gaze" if parts[1].startswith("Origin") else "Gaze_Direction"
        axis = "XYZ".index(parts[1][-1])
        return (node, "translation", axis, -1.0 if axis == 0 else 1.0)
    node = "Camera" if parts[0] == "camera" else "Hand_%s_%s" % (parts[0].capitalize(), parts[1])
    component = POSE.index(parts[-1])
    if component < 3:
        return (node, "translation", component, -1.0 if component == 0 else 1.0)
    return (node, "rotation", component - 3, -1.0 if component in (4, 5) else 1.0)


def channel_tracks(glb, animation):
    """{(node name, path): (times, values, components)} of the animation's channels; CUBICSPLINE's middle values."""
    nodes, tracks = glb.json["nodes"], {}
    for channel in animation.get("channels", []):
        sampler = animation["samplers"][channel["sampler"]]
        target = channel["target"]
        times, values = glb.floats(sampler["input"]), glb.floats(sampler["output"])
        n = len(values) // len(times) if times else 0
        if sampler.get("interpolation") == "CUBICSPLINE":
            n //= 3
            values = [v for i in range(len(times)) for v in values[(3 * i + 1) * n : (3 * i + 2) * n]]
        tracks[(nodes[target["node"]].get("name"), target["path"])] = (list(times), list(values), n)
    return tracks


def keys_from_track(track, component, sign, entry):
    times, values, n = track
    runs = entry.get("knots", [[0, len(times)]])
    keys = []
    for first, count in runs:
        for i in range(first, first + count):
            keys.append([times[i], sign * values[i * n + component], 0.0, 0.0, 0.0, 0.0, 3])
    if "values" in entry:
        k = 0
        for count, value in entry["values"]:
            for _ in range(count):
                keys[k][1], k = json_float(value), k + 1
        assert k == len(keys), "values runs must cover the keys"
    for index, value in entry.get("fix", []):
        keys[index][1] = json_float(value)
    return keys


def rebuild(glb):
    """The recording: {"version", "layout", "flags", "curves": [(name, pre, post, keys)], "markers"}."""
    animations = glb.json.get("animations", [])
    animation = next((a for a in animations if a.get("name") == "InputAnimation"), None)
    holder = animation if animation else glb.json["scenes"][0]
    extras = holder["extras"]["inputanim"]
    if extras.get("schema") != "inputanim.gltf/1" or extras.get("rig", "hierarchy") != "hierarchy":
        raise ValueError("not an archive this reader can read")
    tracks = channel_tracks(glb, animation) if animation else {}
    if extras.get("rig") == "hierarchy":
        for side in ["Left", "Right"]:
            tracks.update(compose_hand(tracks, glb.json.get("nodes", []), side, JOINTS))
    version, layout = extras["source"]["version"], extras["source"]["layout"]
    curves = []
    for name, _ in curve_names(version, extras["flags"]):
        entry = extras.get("curves", {}).get(name, {})
        pre, post = entry.get("preWrapMode", 8), entry.get("postWrapMode", 8)
        node, path, component, sign = place(name)
        if "keys" in entry:
            keys = [[json_float(v) for v in k[:6]] + [k[6]] for k in entry["keys"] or []]
        elif (node, path) in tracks:
            keys = keys_from_track(tracks[(node, path)], component, sign, entry)
        else:
            keys = []
        curves.append((name, pre, post, keys))
    markers = [(json_float(m["time"]), m["name"]) for m in extras.get("markers", [])]
    return {"version": version, "layout": layout, "flags": extras["flags"], "curves": curves, "markers": markers}


def f32(value):
    return struct.pack("<I", f32_bits(value))


def to_bytes(recording):
    """The .bin MRTK reads: header, (1.1) flags, curves, markers (docs/format.md)."""
    minor = 0 if recording["version"] == "1.0" else 1
    out = [struct.pack("<Qii", MAGIC, 1, minor)]
    if minor:
        out.append(bytes(recording["flags"]))
    full = recording["layout"] == "full"
    for name, pre, post, keys in recording["curves"]:
        out.append(struct.pack("<iii", pre, post, len(keys)))
        for k in keys:
            if full and not name.startswith("booleans."):
                out.append(b"".join(f32(v) for v in k[:6]) + struct.pack("<i", k[6]))
            else:
                out.append(f32(k[0]) + f32(k[1]))
    out.append(struct.pack("<i", len(recording["markers"])))
    for time, name in recording["markers"]:
        text, n = name.encode("utf-8"), len(name.encode("utf-8"))
        prefix = bytearray()
        while True:
            prefix.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
            n >>= 7
            if not n:
                break
        out.append(f32(time) + bytes(prefix) + text)
    return b"".join(out)
