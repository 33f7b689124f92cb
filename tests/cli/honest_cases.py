#!/usr/bin/env python3
"""Writes the cases of the honest-numbers suite (honest_test.sh) into a folder: motion that a conversion can only
approximate, and values no writer may pass on. Usage: honest_cases.py FOLDER"""
import json
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile_round2 import (
    accessor_doc,
    add_accessor,
    channel,
    finish,
    glb,
    joint,
    node,
    recording10,
    recording11,
)  # noqa: E402

folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)


def write(name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def cubic_turn(keys=30, step=0.05, tangent=8.0):
    """A camera node turning about Y with CUBICSPLINE keys at 20 Hz, tangents up to `tangent` per second."""
    rng = random.Random(3)
    doc, data = accessor_doc(), b""
    times, data = add_accessor(doc, data, [k * step for k in range(keys)], "SCALAR", True)
    values = []
    for k in range(keys):
        value = [0, math.sin(step * k), 0, math.cos(step * k)]
        values += (
            [tangent * rng.uniform(-1, 1) for _ in range(4)] + value + [tangent * rng.uniform(-1, 1) for _ in range(4)]
        )
    rotations, data = add_accessor(doc, data, values, "VEC4")
    channel(doc, node(doc, "Camera"), "rotation", times, rotations, "CUBICSPLINE")
    return finish(doc, data)


def moving_hand(extra=None):
    """A 1.0 recording: the head and the left wrist moving over 2 s, tracked throughout, as Hermite keys."""
    curves = {7: [(0, 1)], 0: [(0, 0, 0, 0), (2, 0.2, 0, 0)], 6: [(0, 1), (2, 1)]}
    for c in range(7):
        curves[joint(0, 1, c)] = [
            (0, 0.1 * c, 0.05, 0.05),
            (1, 0.1 * c + 0.05, 0.05, 0.05),
            (2, 0.1 * c + 0.1, 0.05, 0.05),
        ]
    curves.update(extra or {})
    return curves


NAN = float("nan")
write(
    "nan-tangent.bin", recording10(moving_hand({joint(0, 1, 0): [(0, 0, NAN, NAN), (1, 0.05, 0, 0), (2, 0.1, 0, 0)]}))
)
write("nan-value.bin", recording10(moving_hand({0: [(0, 0, 0, 0), (1, NAN, 0, 0), (2, 0.2, 0, 0)]})))
write(
    "duplicate-time.bin",
    recording10(moving_hand({joint(0, 1, 2): [(0, 0, 0, 0), (1, 0.1, 0, 0), (1, 0.2, 0, 0), (2, 0.3, 0, 0)]})),
)
write("nan-marker.bin", recording10(moving_hand(), markers=[(0.5, "ok"), (NAN, "lost")]))
write("inf-marker.bin", recording10(moving_hand(), markers=[(float("inf"), "never")]))
write("plain.bin", recording10(moving_hand(), markers=[(0.5, "press")]))
write("many-markers.bin", recording10(moving_hand(), markers=[(1.5 + i * 1e-5, f"marker-{i}") for i in range(20000)]))
write("long-name.bin", recording11({0: [(0, 0), (1, 1)]}, markers=[(5, "x" * 120)]))
write("key-at-1.3.bin", recording11({0: [(0, 0), (1.3, 1), (2, 0)], 6: [(0, 1)]}))
write("pose.bin", recording11({0: [(0, 0.1)], 1: [(0, 1.5)], 2: [(0, 0.2)], 6: [(0, 1)]}))
write("cubic-turn.glb", glb(*cubic_turn()))
write("cubic-whip.glb", glb(*cubic_turn(keys=10, tangent=1e6)))
