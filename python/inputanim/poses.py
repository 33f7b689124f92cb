"""MRTK's articulated hand poses (MRTK's simulated hands; MIT, Microsoft) as (27, 7) arrays, and placing and blending
them as MRTK's ArticulatedHandPose does, for recordings made by code (Recording.from_arrays).

``inputanim.poses.pinch`` is MRTK's right hand pinching, each joint ``[x, y, z, qx, qy, qz, qw]`` relative to the
pose's origin, in the order of ``inputanim.JOINTS`` (the None joint's rotation is NaN: MRTK stores none). The names:
``NAMES``; ``PINCHING`` says which of them MRTK's simulated hands select with. The poses ship with the package where
it was built with MRTK's pose files beside the project (docs/python.md); ``AVAILABLE`` says whether they did.
"""

import json as _json
import os as _os

import numpy as _np

_LIBRARY = _os.path.join(_os.path.dirname(__file__), "mrtk_poses.json")
_loaded = None


def _library():
    global _loaded
    if _loaded is None:
        from . import JOINTS

        _loaded = {}
        if _os.path.exists(_LIBRARY):
            with open(_LIBRARY, encoding="utf-8") as library:
                for name, entry in _json.load(library).items():
                    pose = _np.full((len(JOINTS), 7), _np.nan)
                    for j, joint in enumerate(JOINTS):
                        if joint in entry["joints"]:
                            pose[j, :3] = entry["positions"][joint]
                            pose[j, 3:] = entry["joints"][joint]
                    pose.setflags(write=False)
                    _loaded[name.lower().replace(" ", "_")] = (pose, entry["pinching"])
    return _loaded


AVAILABLE = _os.path.exists(_LIBRARY)


def __getattr__(name):
    if name == "NAMES":
        return tuple(_library())
    if name == "PINCHING":
        return {pose: pinching for pose, (_, pinching) in _library().items()}
    if name in _library():
        return _library()[name][0]
    if not name.startswith("_") and not AVAILABLE:
        raise AttributeError(f"no hand pose {name!r}: this package was built without MRTK's pose files")
    raise AttributeError(f"no hand pose {name!r} (the poses: {', '.join(_library())})")


def _rotate(q, v):
    """Vectors v (..., 3) turned by unit quaternions q (..., 4: x, y, z, w)."""
    u, w = q[..., :3], q[..., 3:]
    t = 2 * _np.cross(u, v)
    return v + w * t + _np.cross(u, t)


def _multiply(a, b):
    """Quaternion products a * b (..., 4: x, y, z, w)."""
    ax, ay, az, aw = _np.moveaxis(a, -1, 0)
    bx, by, bz, bw = _np.moveaxis(b, -1, 0)
    return _np.stack(
        [
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz,
        ],
        axis=-1,
    )


def place(pose, position=(0.0, 0.0, 0.0), rotation=(0.0, 0.0, 0.0, 1.0), hand="right"):
    """The pose as a hand's joints in the recording's space, as MRTK's ArticulatedHandPose.ComputeJointPoses places
    it: mirrored in x for the left hand, turned by ``rotation`` (x, y, z, w) and moved to ``position`` (metres)."""
    if hand not in ("left", "right"):
        raise ValueError("hand is 'left' or 'right'")
    local = _np.array(pose, dtype=_np.float64)
    if hand == "left":
        local[..., 0] *= -1
        local[..., 4:6] *= -1
    q = _np.broadcast_to(_np.asarray(rotation, dtype=_np.float64), local[..., 3:].shape)
    out = _np.empty_like(local)
    out[..., :3] = _rotate(q, local[..., :3]) + _np.asarray(position, dtype=_np.float64)
    out[..., 3:] = _multiply(q, local[..., 3:])
    return out


def blend(a, b, s):
    """The pose ``s`` of the way from ``a`` to ``b`` (0 to 1; an array of them gives one pose each), as MRTK's
    ArticulatedHandPose.InterpolateOffsets blends: positions in a straight line, rotations (made unit length, as
    Unity's Quaternion.Slerp makes them) along the shorter arc."""
    a, b = _np.asarray(a, dtype=_np.float64), _np.asarray(b, dtype=_np.float64)
    s = _np.asarray(s, dtype=_np.float64)[..., None, None]
    out = _np.empty(s.shape[:-2] + a.shape)
    out[..., :3] = a[..., :3] + (b[..., :3] - a[..., :3]) * s
    qa = a[..., 3:] / _np.linalg.norm(a[..., 3:], axis=-1, keepdims=True)
    qb = b[..., 3:] / _np.linalg.norm(b[..., 3:], axis=-1, keepdims=True)
    dot = _np.sum(qa * qb, axis=-1, keepdims=True)
    qb = _np.where(dot < 0, -qb, qb)
    angle = _np.arccos(_np.clip(_np.abs(dot), -1.0, 1.0))
    sin = _np.sin(angle)
    small = sin < 1e-6
    safe = _np.where(small, 1.0, sin)
    wa = _np.where(small, 1 - s, _np.sin((1 - s) * angle) / safe)
    wb = _np.where(small, s, _np.sin(s * angle) / safe)
    q = wa * qa + wb * qb
    out[..., 3:] = q / _np.linalg.norm(q, axis=-1, keepdims=True)
    return out
