#!/usr/bin/env python3
"""Writes small hostile inputs into a folder: files that once crashed, hung or exhausted the tool, or that try to
make it read outside its folder. cli_test.sh runs every verb on each; fuzz/run.sh replays them too.
Usage: hostile.py FOLDER [INPUTANIM]   (INPUTANIM makes the ones that start from a real export)"""
import json, os, struct, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile_round2 import glb, recording11  # noqa: E402

folder = sys.argv[1]
tool = sys.argv[2] if len(sys.argv) > 2 else None
os.makedirs(folder, exist_ok=True)
MAGIC = 0x6A8FAF6E0F9E42C6


def write(name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def joint_channel(count, output_view=True):
    """One joint with a translation channel whose output accessor claims `count` elements."""
    data = struct.pack("<2f", 0, 1) + struct.pack("<6f", 0, 1, 0, 1, 0.3, 0)
    output = {"componentType": 5126, "count": count, "type": "VEC3"}
    if output_view:
        output["bufferView"] = 1
    return {
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": len(data)}],
        "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 24}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
            output,
        ],
        "nodes": [{"name": "Hand_Left_IndexTip"}],
        "animations": [
            {
                "samplers": [{"input": 0, "output": 1}],
                "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}],
            }
        ],
    }, data


# Accessors without a bufferView are zeros, but not 2^40 or 2^62 of them.
for power in (40, 62):
    doc, data = joint_channel(2**power, output_view=False)
    write(f"zero-accessor-2p{power}.glb", glb(doc, data))

# JSON nested 100,000 deep: in an array, in a node's extras, in an otherwise valid file.
deep = "[" * 100000 + "]" * 100000
write("deep-array.gltf", '{"asset":{"version":"2.0"},"x":' + deep + "}")
write("deep-node-extras.gltf", '{"asset":{"version":"2.0"},"nodes":[{"name":"Hand_Left_Wrist","extras":' + deep + "}]}")
doc, data = joint_channel(2)
doc["nodes"][0]["extras"] = "@DEEP@"
text = json.dumps(doc).replace('"@DEEP@"', '{"a":' * 100000 + "1" + "}" * 100000)
text_bytes = text.encode() + b" " * (-len(text) % 4)
body = struct.pack("<I4s", len(text_bytes), b"JSON") + text_bytes + struct.pack("<I4s", 32, b"BIN\0") + data
write("deep-valid.glb", struct.pack("<4sII", b"glTF", 2, 12 + len(body)) + body)

# A chain of 100,000 nodes, a hand joint at its end.
nodes = [{"name": f"n{i}", "children": [i + 1]} for i in range(100000)] + [{"name": "Hand_Left_IndexTip"}]
write("node-chain.gltf", json.dumps({"asset": {"version": "2.0"}, "nodes": nodes, "scenes": [{"nodes": [0]}]}))

# 20,000 animated nodes that are not the profile's: validate reports each, in linear time.
count = 20000
data = struct.pack("<2f", 0, 1) + struct.pack("<6f", 0, 0, 0, 1, 1, 1)
many = {
    "asset": {"version": "2.0"},
    "buffers": [{"byteLength": len(data)}],
    "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 24}],
    "accessors": [
        {"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
        {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"},
    ],
    "nodes": [{"name": "Hand_Left_IndexTip"}] + [{"name": f"prop{i}"} for i in range(count)],
    "animations": [
        {
            "samplers": [{"input": 0, "output": 1}],
            "channels": [{"sampler": 0, "target": {"node": n, "path": "translation"}} for n in range(count + 1)],
        }
    ],
}
write("many-channels.glb", glb(many, data))

# Times and values that make sampling grids absurd.
write("late-times.bin", recording11({0: [(0, 0), (1e7, 1)]}))
write("late-marker.bin", recording11({0: [(0, 0), (1, 1)]}, markers=[(3.4e38, "late")]))
write("denormal-times.bin", recording11({0: [(1e-40, 0), (2e-40, 1)]}))
write("tiny-values.bin", recording11({0: [(0, 1e-45), (1e-30, -1e-45)], 1: [(0, -1e-45), (1e-30, 1e-45)]}))
# A marker name that would drive a terminal: retitle it and clear the screen.
write(
    "control-characters.bin",
    recording11({0: [(0, 0), (1, 1)]}, markers=[(0.5, "\x1b]0;pwned\x07\x1b[2J\x1b[1;1Hfake ok\r\n")]),
)

# A buffer URI with an invalid escape, beside a file named as the escape was written.
write(
    "escape.gltf",
    json.dumps(
        {
            "asset": {"version": "2.0"},
            "buffers": [{"byteLength": 8, "uri": "notes%7G.txt"}],
            "nodes": [{"name": "Hand_Left_Wrist"}],
        }
    ),
)
write("notes%7G.txt", "secret!!")
# A buffer URI naming a symbolic link that leads outside the folder (as an unpacked archive can carry).
link = os.path.join(folder, "outside.bin")
if not os.path.lexists(link):
    os.symlink("/etc/hostname", link)
write(
    "symlink.gltf",
    json.dumps(
        {
            "asset": {"version": "2.0"},
            "buffers": [{"byteLength": 4, "uri": "outside.bin"}],
            "nodes": [{"name": "Hand_Left_Wrist"}],
        }
    ),
)


def split_glb(raw):
    """A GLB's JSON document and its BIN chunk's data."""
    n = struct.unpack("<I", raw[12:16])[0]
    rest = raw[20 + n :]
    return json.loads(raw[20 : 20 + n]), rest[8 : 8 + struct.unpack("<I", rest[:4])[0]] if rest else b""


def own_export(*flags, duration="2"):
    """This tool's GLB of a generated recording (no meshes): (document, buffer)."""
    sample, out = os.path.join(folder, "sample.bin"), os.path.join(folder, "own.glb")
    subprocess.run([tool, "generate", sample, "--duration", duration, "--force", "-q"], check=True)
    subprocess.run([tool, "convert", sample, out, "--force", "-q", "--no-mesh", *flags], check=True)
    parts = split_glb(open(out, "rb").read())
    os.remove(sample)
    os.remove(out)
    return parts


if tool:
    # This tool's own file whose extras repeat key ranges: 50,000 runs per curve.
    doc, data = own_export()
    curves = doc["animations"][0]["extras"]["inputanim"].setdefault("curves", {})
    for name in ("left.Wrist.PositionX", "left.Wrist.PositionY", "left.Wrist.PositionZ"):
        curves[name] = {"knots": [[0, 1]] * 50000}
    write("repeated-knots.glb", glb(doc, data))
    import hostile_round2

    hostile_round2.write_all(write, glb, own_export, recording11)
else:
    import hostile_round2

    hostile_round2.write_all(write, glb, None, recording11)
