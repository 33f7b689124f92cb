"""The hierarchy rig's arithmetic (docs/gltf-profile.md, "The two rigs"): locals composed into world poses.

Double precision, in the documented order of operations, each world component then rounded to Float32.
"""

import math
import struct


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def cross(a, b):
    return (a[1] * b[2] - b[1] * a[2], a[2] * b[0] - b[2] * a[0], a[0] * b[1] - b[0] * a[1])


def rotate(q, v):
    """v turned by the quaternion q = (x, y, z, w): v + ((uv w) + uuv) 2 with uv = q.xyz x v, uuv = q.xyz x uv."""
    u = q[:3]
    uv = cross(u, v)
    uuv = cross(u, uv)
    return tuple(v[i] + ((uv[i] * q[3]) + uuv[i]) * 2.0 for i in range(3))


def unit(q):
    x, y, z, w = q
    n = math.sqrt((w * w + x * x) + (y * y + z * z))
    if n > 1e-12 and math.isfinite(n):
        return (x / n, y / n, z / n, w / n)
    return (0.0, 0.0, 0.0, 1.0)


def multiply(p, q):
    """The Hamilton product p q of quaternions (x, y, z, w), terms summed left to right."""
    px, py, pz, pw = p
    qx, qy, qz, qw = q
    return (
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy + py * qw + pz * qx - px * qz,
        pw * qz + pz * qw + px * qy - py * qx,
        pw * qw - px * qx - py * qy - pz * qz,
    )


def parents(nodes, names):
    """{joint node name: parent joint node name or None}, read from the node tree."""
    by_index = {i: node.get("name") for i, node in enumerate(nodes)}
    parent = {}
    for i, node in enumerate(nodes):
        for child in node.get("children", []):
            parent[by_index[child]] = by_index[i]
    return {name: (parent.get(name) if parent.get(name) in names else None) for name in names}


def compose_hand(tracks, nodes, side, joints):
    """World tracks {(node, path): (times, values, n)} in glTF space, from the hand's local channels."""
    names = ["Hand_%s_%s" % (side, j) for j in joints if j != "None"]
    keyed = [n for n in names if (n, "translation") in tracks and (n, "rotation") in tracks]
    parent_of = parents(nodes, set(keyed))
    if not keyed:
        return {}
    times = tracks[(keyed[0], "translation")][0]
    world = {n: ([], []) for n in keyed}
    for k in range(len(times)):
        poses = {}
        for name in keyed:  # MRTK's order: a parent comes before its children
            t = tracks[(name, "translation")][1][3 * k : 3 * k + 3]
            r = tracks[(name, "rotation")][1][4 * k : 4 * k + 4]
            parent = poses.get(parent_of[name], ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0)))
            offset = rotate(unit(parent[1]), t)
            poses[name] = (tuple(parent[0][i] + offset[i] for i in range(3)), multiply(parent[1], tuple(r)))
            world[name][0].extend(f32(c) for c in poses[name][0])
            world[name][1].extend(f32(c) for c in poses[name][1])
    out = {}
    for name in keyed:
        out[(name, "translation")] = (times, world[name][0], 3)
        out[(name, "rotation")] = (times, world[name][1], 4)
    return out
