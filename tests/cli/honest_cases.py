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
from hostile_round2 import accessor_doc, add_accessor, channel, finish, glb, node  # noqa: E402

folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)


def write(name, data):
    with open(os.path.join(folder, name), 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def cubic_turn(keys=30, step=0.05, tangent=8.0):
    """A camera node turning about Y with CUBICSPLINE keys at 20 Hz, tangents up to `tangent` per second."""
    rng = random.Random(3)
    doc, data = accessor_doc(), b''
    times, data = add_accessor(doc, data, [k * step for k in range(keys)], 'SCALAR', True)
    values = []
    for k in range(keys):
        value = [0, math.sin(step * k), 0, math.cos(step * k)]
        values += [tangent * rng.uniform(-1, 1) for _ in range(4)] + value + [tangent * rng.uniform(-1, 1) for _ in range(4)]
    rotations, data = add_accessor(doc, data, values, 'VEC4')
    channel(doc, node(doc, 'Camera'), 'rotation', times, rotations, 'CUBICSPLINE')
    return finish(doc, data)


write('cubic-turn.glb', glb(*cubic_turn()))
write('cubic-whip.glb', glb(*cubic_turn(keys=10, tangent=1e6)))
