"""Hostile inputs, second round (hostile.py writes them with the first): work that grows faster than the file
(foreign import, fitting, unused glTF arrays, shared data), values that overflow, numbers and names that are not
what they claim. Each is small; every verb must answer it within the guards of cli_test.sh."""
import json
import math
import random
import struct

MAGIC = 0x6A8FAF6E0F9E42C6
INF = float("inf")


def glb(doc, binary=b""):
    text = json.dumps(doc).encode()
    text += b" " * (-len(text) % 4)
    out = struct.pack("<I4s", len(text), b"JSON") + text
    if binary:
        binary += b"\0" * (-len(binary) % 4)
        out += struct.pack("<I4s", len(binary), b"BIN\0") + binary
    return struct.pack("<4sII", b"glTF", 2, 12 + len(out)) + out


def recording11(curves, markers=(), flags=(1, 0, 0)):
    """A 1.1 compact recording: curves maps the index of a stored curve (camera 0-6) to [(time, value), ...]."""
    out = struct.pack("<QII", MAGIC, 1, 1) + bytes(flags)
    for i in range(7):
        keys = curves.get(i, [])
        out += struct.pack("<iii", 8, 8, len(keys)) + b"".join(struct.pack("<ff", t, v) for t, v in keys)
    out += struct.pack("<i", len(markers))
    for time, name in markers:
        raw = name.encode()
        out += struct.pack("<fB", time, len(raw)) + raw
    return out


def recording10(curves, markers=()):
    """A 1.0 recording: curves maps a curve index (0-388: camera, Booleans, left, right) to its keys, each
    (time, value) or (time, value, inTangent, outTangent, inWeight, outWeight, weightedMode); Booleans are (t, v)."""
    out = struct.pack("<QII", MAGIC, 1, 0)
    for i in range(389):
        keys = curves.get(i, [])
        wrap = curves.get(("wrap", i), (8, 8))
        out += struct.pack("<iii", wrap[0], wrap[1], len(keys))
        for key in keys:
            if 7 <= i < 11:
                out += struct.pack("<ff", key[0], key[1])
            else:
                full = tuple(key) + (0, 0, 0, 0, 3)[len(key) - 2 :] if len(key) < 7 else tuple(key)
                out += struct.pack("<ffffffi", *full)
    out += struct.pack("<i", len(markers))
    for time, name in markers:
        raw = name.encode()
        out += struct.pack("<fB", time, len(raw)) + raw
    return out


def joint(hand, j, component):
    return (11 if hand == 0 else 200) + j * 7 + component


def accessor_doc():
    return {
        "asset": {"version": "2.0"},
        "buffers": [],
        "bufferViews": [],
        "accessors": [],
        "nodes": [],
        "scenes": [{"nodes": []}],
        "animations": [{"samplers": [], "channels": []}],
    }


def add_accessor(doc, data, values, kind, minmax=False):
    """Appends float values as an accessor of `kind` (SCALAR, VEC3, VEC4); returns its index and the new data."""
    width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[kind]
    offset = len(data)
    data += struct.pack(f"<{len(values)}f", *values)
    doc["bufferViews"].append({"buffer": 0, "byteOffset": offset, "byteLength": 4 * len(values)})
    accessor = {
        "bufferView": len(doc["bufferViews"]) - 1,
        "componentType": 5126,
        "count": len(values) // width,
        "type": kind,
    }
    if minmax:
        accessor.update(min=[min(values)], max=[max(values)])
    doc["accessors"].append(accessor)
    return len(doc["accessors"]) - 1, data


def channel(doc, node, path, times_accessor, values_accessor, interpolation="LINEAR"):
    animation = doc["animations"][0]
    animation["samplers"].append({"input": times_accessor, "output": values_accessor, "interpolation": interpolation})
    animation["channels"].append({"sampler": len(animation["samplers"]) - 1, "target": {"node": node, "path": path}})


def node(doc, name, parent=None, **transform):
    doc["nodes"].append(dict(name=name, **transform))
    index = len(doc["nodes"]) - 1
    if parent is None:
        doc["scenes"][0]["nodes"].append(index)
    else:
        doc["nodes"][parent].setdefault("children", []).append(index)
    return index


def finish(doc, data):
    doc["buffers"] = [{"byteLength": len(data)}]
    return doc, data


def camera_long(keys=65536, span=40000.0):
    """A head whose 64k keys span 11 hours: a grid at 120 Hz between them would be 4.8 million samples."""
    doc, data = accessor_doc(), b""
    times, data = add_accessor(doc, data, [span * i / (keys - 1) for i in range(keys)], "SCALAR", True)
    values, data = add_accessor(doc, data, [v for i in range(keys) for v in (math.sin(i), 1.6, math.cos(i))], "VEC3")
    channel(doc, node(doc, "Camera"), "translation", times, values)
    return finish(doc, data)


def shared_sampler(keys=65536, channels=2000):
    """One 64k-key sampler driving 2,000 nodes' translations."""
    doc, data = accessor_doc(), b""
    times, data = add_accessor(doc, data, [i / 120 for i in range(keys)], "SCALAR", True)
    values, data = add_accessor(doc, data, [v for i in range(keys) for v in (0.001 * i, 0, 0)], "VEC3")
    doc["animations"][0]["samplers"].append({"input": times, "output": values})
    targets = [node(doc, "Hand_Left_IndexTip")] + [node(doc, f"prop{i}") for i in range(channels - 1)]
    doc["animations"][0]["channels"] = [{"sampler": 0, "target": {"node": n, "path": "translation"}} for n in targets]
    return finish(doc, data)


def keyed_chain(own, depth=250, keys=200):
    """A foreign hand (no extras) hung under a chain of 250 nodes, each turned at times of its own: every joint's pose
    depends on 50,000 key times and 250 ancestors."""
    doc, data = strip_extras(own)
    hand = next(i for i, n in enumerate(doc["nodes"]) if n.get("name") == "Hand_Left")
    for scene in doc["scenes"]:
        scene["nodes"] = [n for n in scene["nodes"] if n != hand]
    parent = None
    for d in range(depth):
        parent = node(doc, f"link{d}", parent)
        times, data = add_accessor(doc, data, [(k + d / depth) * 0.01 for k in range(keys)], "SCALAR", True)
        angles = [0.01 * math.sin(k + d) for k in range(keys)]
        values, data = add_accessor(doc, data, [v for a in angles for v in (math.sin(a), 0, 0, math.cos(a))], "VEC4")
        channel(doc, parent, "rotation", times, values)
    doc["nodes"][parent]["children"] = [hand]
    return finish(doc, data)


def materials(count=80000):
    """An array the tool never reads, 80,000 empty entries: each costs tinygltf kilobytes."""
    doc = {"asset": {"version": "2.0"}, "nodes": [{"name": "Hand_Left_Wrist"}], "materials": [{}] * count}
    return json.dumps(doc, separators=(",", ":"))


def many_buffers(count=500):
    """500 buffers naming one external file: it is read once, not 500 times."""
    doc = {
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": 1 << 20, "uri": "shared-data.bin"}] * count,
        "nodes": [{"name": "Hand_Left_Wrist"}],
    }
    return json.dumps(doc), b"\0" * (1 << 20)


def many_markers(own, count=40000):
    doc, data = own
    doc["animations"][0]["extras"]["inputanim"]["markers"] = [{"time": 0, "name": ""}] * count
    return doc, data


def own_pingpong(own):
    """This tool's file (a 1.0 source) whose extras make one curve weighted keys that ping-pong over 30,000 s."""
    doc, data = own
    extras = doc["animations"][0]["extras"]["inputanim"]
    extras["source"] = {"version": "1.0", "layout": "full"}
    extras["flags"] = [1, 1, 0]
    extras["curves"]["left.Wrist.PositionX"] = {
        "keys": [[0.01 * k, 0.1 * math.sin(k), 50, -50, 0.9, 0.05, 3] for k in range(8)],
        "preWrapMode": 4,
        "postWrapMode": 4,
    }
    extras["curves"]["camera.PositionX"] = {"keys": [[0, 0, 0, 0, 0, 0, 3], [3.0e4, 1, 0, 0, 0, 0, 3]]}
    return doc, data


def strip_extras(own):
    doc, data = own
    doc["animations"][0].pop("extras", None)
    for scene in doc.get("scenes", []):
        scene.pop("extras", None)
    return doc, data


def left_hand_nodes(doc):
    return [i for i, n in enumerate(doc["nodes"]) if n.get("name", "").startswith("Hand_Left_")]


def huge_scale(own):
    """A foreign-looking hand (no extras) under a node scaled by 1e308: world poses overflow to infinity."""
    doc, data = strip_extras(own)
    hand = next(i for i, n in enumerate(doc["nodes"]) if n.get("name") == "Hand_Left")
    for scene in doc["scenes"]:
        scene["nodes"] = [n for n in scene["nodes"] if n != hand]
    node(doc, "Rig", scale=[1e308, 1e308, 1e308], children=[hand])
    return doc, data


def hand_at_one_point(own):
    """A left hand whose joints all sit at one point, and whose channels are gone."""
    doc, data = strip_extras(own)
    for i in left_hand_nodes(doc):
        doc["nodes"][i].pop("translation", None)
        doc["nodes"][i].pop("rotation", None)
    doc["animations"] = []
    for name in ("Hand_Right", "Camera", "Gaze"):
        for n in doc["nodes"]:
            if n.get("name", "").startswith(name):
                n["name"] = "unused-" + n["name"]
    return doc, data


def nan_extras(own):
    doc, data = own
    curves = doc["animations"][0]["extras"]["inputanim"]["curves"]
    curves["camera.PositionX"] = {"keys": [[0, "nan:0xZZ", 0, 0, 0, 0, 3], [1, "nan:0x1ffffffffff", 0, 0, 0, 0, 3]]}
    return doc, data


def huge_index(own):
    doc, data = own
    doc["animations"][0]["channels"][0]["sampler"] = 2**63
    return doc, data


def weighted_curve(keys=10, scale=1e30):
    return [
        (
            k * 0.3,
            scale * (-1) ** k,
            scale * 50 * (-1) ** (k + 1),
            scale * 50 * (-1) ** k,
            0.95 if k % 2 else 0.02,
            0.02 if k % 2 else 0.95,
            3,
        )
        for k in range(keys)
    ]


def steep_hermite(rng):
    curves = {}
    for c in range(54):
        curves[joint(0, 1 + c // 7, c % 7)] = [
            (k * 0.1, rng.uniform(-1, 1), s, s, 1 / 3, 1 / 3, 0) for k in range(30) for s in [rng.uniform(-1e4, 1e4)]
        ]
    curves[7] = [(0, 1)]
    return curves


def hand_curves(rng, scale, keys):
    """Every joint of the left hand with `keys` keys of random values around `scale`, each curve at times of its own."""
    curves = {7: [(0, 1)]}
    for j in range(1, 27):
        for c in range(7):
            times = sorted(rng.sample(range(1, 100 * keys), keys - 1))
            curves[joint(0, j, c)] = [(t / 1000, scale * rng.uniform(-1, 1)) for t in [0] + times]
    return curves


WEBXR_JOINTS = ["wrist"] + [
    f"{finger}-{joint}"
    for finger, joints in [("thumb", ["metacarpal", "phalanx-proximal", "phalanx-distal", "tip"])]
    + [
        (f + "-finger", ["metacarpal", "phalanx-proximal", "phalanx-intermediate", "phalanx-distal", "tip"])
        for f in ("index", "middle", "ring", "pinky")
    ]
    for joint in joints
]


def iwer(frames, hand=True):
    """An IWER capture (docs/testing-webxr.md) of `frames`, its input 0 a left hand (or a controller)."""
    schema = {
        "handedness": "left",
        "targetRayMode": "tracked-pointer",
        "profiles": [],
        "hasGrip": False,
        "hasHand": hand,
        "jointSequence": WEBXR_JOINTS,
        "hasGamepad": True,
        "mapping": "xr-standard",
        "numButtons": 1,
        "numAxes": 0,
    }
    return json.dumps({"schema": [[0, schema]], "frames": frames}).encode()


def iwer_hand(position, rotation, ray=(0, 0, 0, 1)):
    return [0, 0, 1, 0, *ray, [v for _ in range(25) for v in (*position, *rotation, 0.01)], [[1, 1, 1]]]


def write_iwer(write):
    write("iwer-deep.json", b'{"schema":[],"frames":[' + b"[" * 100000 + b"]" * 100000 + b"]}")
    ray = [[t, 0, 1.6, 0, 0, 0, 0, 1, iwer_hand((0, 0, -0.1), (0, 0, 0, 1), (0, 0, 0, 0))] for t in (0, 10)]
    write("iwer-zero-ray.json", iwer(ray))
    joints = [[t, 0, 1.6, 0, 0, 0, 0, 0, iwer_hand((0, 0, -0.1), (0, 0, 0, 0))] for t in (0, 10)]
    write("iwer-zero-joints.json", iwer(joints))
    write(
        "iwer-huge.json",
        iwer([[t, 1e300, -1e300, 0, 0, 0, 0, 1, iwer_hand((1e300, 0, 3e38), (0, 0, 0, 1))] for t in (0, 10)]),
    )
    write("iwer-backwards.json", iwer([[t, 0, 1.6, 0, 0, 0, 0, 1] for t in (5000, -3e38)]))
    write("iwer-times.json", iwer([[t, 0, 1.6, 0, 0, 0, 0, 1] for t in (0, 5, 5, 4, 3e38)]))
    write("iwer-many-frames.json", iwer([[t * 11.1, 0, 1.6, 0, 0, 0, 0, 1] for t in range(200000)]))
    write(
        "iwer-many-inputs.json",
        iwer(
            [[0, 0, 1.6, 0, 0, 0, 0, 1] + [[0, 0, 0, 0, 0, 0, 0, 1, [[0, 0, 0]]]] * 200000, [5, 0, 1.6, 0, 0, 0, 0, 1]],
            hand=False,
        ),
    )


def write_all(write, glb, own_export, recording11):
    write_iwer(write)
    rng = random.Random(39)
    write("camera-long.glb", glb(*camera_long()))
    write("shared-sampler.glb", glb(*shared_sampler()))
    write("unused-arrays.gltf", materials())
    text, data = many_buffers()
    write("many-buffers.gltf", text)
    write("shared-data.bin", data)
    write("weighted-huge.bin", recording10({0: weighted_curve(), 7: [(0, 1)]}))
    write("booleans-and-weighted.bin", recording10({7: [(k * 1e-3, k % 2) for k in range(2000)], 0: weighted_curve()}))
    write("hermite-steep.bin", recording10(steep_hermite(rng)))
    write("hand-1e30.bin", recording10(hand_curves(rng, 1e30, 8)))
    write("random-hand.bin", recording10(hand_curves(rng, 0.1, 16)))
    # A 2019 prerelease body (no header) whose times span the Float32 range: rebasing must not overflow.
    body = recording10({0: [(-3e38, 0), (3e38, 1)], 7: [(-3e38, 1)]})[16:]
    write("prerelease-span.bin", body)
    write(
        "bom.gltf",
        b"\xef\xbb\xbf" + json.dumps({"asset": {"version": "2.0"}, "nodes": [{"name": "Hand_Left_Wrist"}]}).encode(),
    )
    write(
        "bidi-marker.bin",
        recording11({0: [(0, 0), (1, 1)]}, markers=[(0.5, "ok\u202etxt.exe\u2066"), (0.6, "nul\x00esc\x1b")]),
    )
    if own_export:
        write("many-markers.glb", glb(*many_markers(own_export())))
        write("own-pingpong.glb", glb(*own_pingpong(own_export())))
        write("huge-scale.glb", glb(*huge_scale(own_export("--rig", "hierarchy"))))
        write("keyed-chain.glb", glb(*keyed_chain(own_export("--rig", "hierarchy", duration="0.5"))))
        write("hand-at-one-point.glb", glb(*hand_at_one_point(own_export("--rig", "hierarchy"))))
        write("nan-extras.glb", glb(*nan_extras(own_export())))
        write("huge-index.glb", glb(*huge_index(strip_extras(own_export()))))
