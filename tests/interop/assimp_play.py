# Plays a converted file as Assimp hands it to an engine (`assimp export FILE out.json -fassjson`: its node tree and
# animation keys) and compares it with the library's evaluator (`inputanim sample --coordinates gltf --format json`):
# Assimp gives keys without their glTF interpolation, and engines play them as Assimp's own viewer does (positions and
# scales lerped, rotations slerped). Checked while a hand is tracked: each joint's world position and rotation (from
# the composed node matrices), the camera's; and every state switch (scale crossing 1/2) within 2 ms of `info`'s.
# The JSON holds Assimp's key times in ticks (milliseconds) to 6 significant digits: a pose that misses at a time t
# counts as played if it is right at t moved by up to that rounding (keys a Float32 step apart print as one time).
# Its values have 6 significant digits too: a quaternion's components within 5e-6 (about 0.0012 degrees), a position's
# within 5e-6 of its metres; the tolerances given are widened by that much.
# Usage: python3 assimp_play.py ASSJSON SAMPLE.json INFO.json POS_TOL_M ROT_TOL_DEG
import bisect
import json
import math
import sys

SWITCH_TOLERANCE = 0.002  # seconds

assjson, sample_file, info_file, pos_tol, rot_tol = sys.argv[1:6]
pos_tol, rot_tol = float(pos_tol) + 1e-5, float(rot_tol) + 0.0012  # the printing (above)
scene = json.load(open(assjson))
sample = json.load(open(sample_file))
info = json.load(open(info_file))
animation = scene["animations"][0] if scene.get("animations") else None
ticks = animation["tickspersecond"] if animation and animation["tickspersecond"] else 1.0
channels = {c["name"]: c for c in animation["channels"]} if animation else {}


def lerp(a, b, s):
    return [x + s * (y - x) for x, y in zip(a, b)]


def slerp(a, b, s):  # [w, x, y, z], the shorter way, as aiQuaternion::Interpolate
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b, d = [-y for y in b], -d
    if d > 0.9999:
        return lerp(a, b, s)
    omega = math.acos(min(1.0, d))
    sa, sb = math.sin((1 - s) * omega) / math.sin(omega), math.sin(s * omega) / math.sin(omega)
    return [sa * x + sb * y for x, y in zip(a, b)]


def key_at(keys, t, mix):
    times = [k[0] / ticks for k in keys]
    i = bisect.bisect_right(times, t)
    if i == 0:
        return keys[0][1]
    if i == len(keys):
        return keys[-1][1]
    s = (t - times[i - 1]) / (times[i] - times[i - 1])
    return mix(keys[i - 1][1], keys[i][1], s)


def matrix(t, q, s):  # column vectors, row-major 4x4 as nested lists; q = [w, x, y, z] used as it is
    w, x, y, z = q
    r = [
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ]
    return [[r[i][0] * s[0], r[i][1] * s[1], r[i][2] * s[2], t[i]] for i in range(3)] + [[0, 0, 0, 1]]


def multiply(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


class Node:
    def __init__(self, json_node, parent):
        m = json_node["transformation"]
        self.rest = [m[0:4], m[4:8], m[8:12], m[12:16]]  # aiMatrix4x4: row by row
        self.name, self.parent = json_node["name"], parent
        self.channel = channels.get(self.name)

    def local(self, t):
        c = self.channel
        if not c:
            return self.rest
        return matrix(
            key_at(c["positionkeys"], t, lerp), key_at(c["rotationkeys"], t, slerp), key_at(c["scalingkeys"], t, lerp)
        )


nodes = {}


def read(json_node, parent):
    node = Node(json_node, parent)
    nodes[node.name] = node
    for child in json_node.get("children", []):
        read(child, node)


read(scene["rootnode"], None)


def world(node, t, cache):
    if node.name not in cache:
        local = node.local(t)
        cache[node.name] = local if node.parent is None else multiply(world(node.parent, t, cache), local)
    return cache[node.name]


def rotation_angle(m, q):  # degrees between m's rotation (scale 1) and the unit quaternion q = [x, y, z, w]
    x, y, z, w = q
    e = matrix([0, 0, 0], [w, x, y, z], [1, 1, 1])
    r = [[sum(e[k][i] * m[k][j] for k in range(3)) for j in range(3)] for i in range(3)]  # e^T m
    v = [r[2][1] - r[1][2], r[0][2] - r[2][0], r[1][0] - r[0][1]]
    sin = math.sqrt(sum(c * c for c in v)) / 2
    cos = (r[0][0] + r[1][1] + r[2][2] - 1) / 2
    return math.degrees(math.atan2(sin, cos))


switches = {}
for side in ("left", "right"):
    for state, spans in (("tracked", info["tracked"][side]), ("pinching", info["pinching"][side])):
        switches[(side, state)] = sorted({t for span in spans for t in span if 0 < t < info["duration"] - 1e-6})
near_switch = lambda side, t: any(  # noqa: E731
    abs(t - s) < SWITCH_TOLERANCE for state in ("tracked", "pinching") for s in switches[(side, state)]
)

worst_pos = worst_rot = 0.0
failures = []
checks = 0


def printed(t):  # half the step of a time printed in milliseconds to 6 significant digits, in seconds
    ms = max(t * 1000, 1.0)
    return 10 ** (math.floor(math.log10(ms)) - 5) / 2 / 1000


def deviation(name, pose, t, cache):
    m = world(nodes[name], t, cache)
    dp = math.dist([m[0][3], m[1][3], m[2][3]], pose["position"])
    return dp, rotation_angle(m, pose["rotation"]) if pose.get("rotation") else 0.0  # none: no orientation


for frame in sample["frames"]:
    t, caches = frame["time"], {-1: {}, 0: {}, 1: {}}
    poses = [("Camera", frame["camera"])] if frame.get("camera") else []
    for side in ("left", "right"):
        hand = frame.get(side)
        if hand and hand["tracked"] and not near_switch(side, t):
            poses += [("Hand_%s_%s" % (side.capitalize(), j), p) for j, p in hand["joints"].items()]
    for name, pose in poses:
        if name not in nodes:
            failures.append("%s: no node" % name)
            continue
        dp, dr = deviation(name, pose, t, caches[0])
        if dp > pos_tol or dr > rot_tol:
            dp, dr = min(
                [(dp, dr)] + [deviation(name, pose, t + s * printed(t), caches[s]) for s in (-1, 1)],
                key=lambda d: max(d[0] / pos_tol, d[1] / rot_tol),
            )
        worst_pos, worst_rot, checks = max(worst_pos, dp), max(worst_rot, dr), checks + 1
        if (dp > pos_tol or dr > rot_tol) and len(failures) < 10:
            failures.append("%s at %.4f s: %.3g mm, %.3g degrees" % (name, t, dp * 1000, dr))

# State switches: where Assimp's keys, played linearly, cross 1/2 (the scale of a hand or pinch node).
switch_errors, counted = [], 0
for side in ("left", "right"):
    for state, node in (("tracked", "Hand_%s"), ("pinching", "Hand_%s_Pinching")):
        c = channels.get(node % side.capitalize())
        if not c:
            continue
        keys = [(k[0] / ticks, k[1][0]) for k in c["scalingkeys"]]
        crossings = [
            ta + (0.5 - va) / (vb - va) * (tb - ta)
            for (ta, va), (tb, vb) in zip(keys, keys[1:])
            if (va - 0.5) * (vb - 0.5) < 0
        ]
        expected = switches[(side, state)]
        counted += len(expected)
        if len(crossings) != len(expected):
            switch_errors.append("%s %s: %d switches, info says %d" % (side, state, len(crossings), len(expected)))
            continue
        worst = max((abs(a - b) for a, b in zip(crossings, expected)), default=0)
        if worst > SWITCH_TOLERANCE:
            switch_errors.append("%s %s: a switch %.3g ms off" % (side, state, worst * 1000))

ok = not failures and not switch_errors
print(
    "%s %s (Assimp): %d poses, max %.3g mm, %.3g degrees; %d switches%s"
    % (
        "ok  " if ok else "FAIL",
        assjson,
        checks,
        worst_pos * 1000,
        worst_rot,
        counted,
        "" if not switch_errors else ": " + "; ".join(switch_errors),
    )
)
for f in failures:
    print("  " + f)
sys.exit(0 if ok else 1)
