"""inputanim: MRTK input animation recordings in Python.

Read any recording the command-line tool reads (MRTK binary, glTF, an IWER capture), sample it as MRTK plays it into
NumPy arrays, edit it, and write it as MRTK binary, glTF or an IWER capture, with the library the tool is built on::

    import inputanim as ia
    rec = ia.load("take.bin")
    s = rec.sample(rate=60)
    s.left[:, ia.JOINTS.index("IndexTip"), :3]   # the left index tip's positions, metres
    rec.trim(1.0, 4.5).save("part.glb")

docs/python.md documents each call.
"""

import json as _json

from . import _inputanim, poses
from ._errors import Error, InvalidInputError, OutputError, UnsupportedError, UsageError
from ._recording import Recording, Samples, _reading_json

__version__ = _inputanim.version

PROFILE = _json.loads(_inputanim.profile())
"""The glTF profile and the reading options as data (schema inputanim.profile/1, `inputanim profile`)."""

JOINTS = tuple(PROFILE["joints"])
"""MRTK's 27 hand joints, in the order of a hand's rows in Samples.left and Samples.right."""


def load(path, **reading):
    """The recording in the file at ``path`` (MRTK binary, GLB, glTF JSON or an IWER capture, told by its content).
    Reading options as the tool's: ``prerelease_2019`` (a header-less 2019 recording), ``side`` ("left" or "right":
    a one-handed foreign rig's), ``map`` (a node map: a dict, or its JSON file), ``hold`` (seconds a foreign rig's
    last pose holds), ``animation`` (a glTF animation's name or index), ``accept_damaged`` (an archive whose buffer
    changed)."""
    return Recording(_inputanim.load(str(path), _reading_json(reading)))


def load_bytes(data, name="bytes", **reading):
    """The recording in ``data`` (bytes), named ``name`` in messages; options as ``load``'s. A .gltf's external
    buffers are not read from bytes: embed them, or load the file."""
    return Recording(_inputanim.load_bytes(bytes(data), name, _reading_json(reading)))


def generate(duration=None, rate=None, seed=None, format_version="1.1", layout=None, reduce=True, markers=True):
    """A synthetic two-handed gesture, as ``inputanim generate`` makes it: both hands reach, pinch, pull and release
    while the head sways. ``duration`` seconds (default 6) at ``rate`` frames a second (default 60); the same
    options and ``seed`` give the same recording."""
    named = {"duration": duration, "rate": rate, "seed": seed, "reduce": bool(reduce), "markers": bool(markers)}
    options = {name: value for name, value in named.items() if value is not None}  # else the library's default
    options.update({"formatVersion": format_version, "layout": layout or ""})
    return Recording(_inputanim.generate(_json.dumps(options)))


def merge(base, camera=None, left=None, right=None, gaze=None, offsets=None):
    """``base`` with the parts named taken from other recordings (``inputanim merge``): ``camera``, ``left``,
    ``right``, ``gaze``, each a Recording; ``offsets`` maps a part's name to the seconds its keys move."""
    offsets = offsets or {}
    named = {"camera": camera, "left": left, "right": right, "gaze": gaze}
    parts = [(part, r._native, float(offsets.get(part, 0.0))) for part, r in named.items() if r is not None]
    return Recording(_inputanim.merge(base._native, parts))


def diff(a, b, **options):
    """How far two recordings play apart (``inputanim diff --json``, schema inputanim.diff/1), as a dict. Options:
    ``rate``, ``start``, ``end``, ``offset`` (seconds b started later), ``position_tolerance``,
    ``rotation_tolerance``, ``switch_tolerance``."""
    names = {"position_tolerance": "positionTolerance", "rotation_tolerance": "rotationTolerance"}
    names["switch_tolerance"] = "switchTolerance"
    request = {names.get(name, name): value for name, value in options.items()}
    return _json.loads(_inputanim.diff(a._native, b._native, _json.dumps(request)))


def verify(archive, original=None):
    """Rebuilds the recording an archive holds and compares it with the source it records and, when given, the
    original file (``inputanim verify --json``, schema inputanim.verify/1), as a dict."""
    return _json.loads(_inputanim.verify(str(archive), "" if original is None else str(original)))


__all__ = ["Error", "InvalidInputError", "JOINTS", "OutputError", "PROFILE", "Recording", "Samples", "poses"]
__all__ += ["UnsupportedError", "UsageError", "diff", "generate", "load", "load_bytes", "merge", "verify"]
