"""Recordings: reading, sampling into NumPy arrays, saving and editing, through the library's native calls."""

import json

import numpy as np

from . import _inputanim

_READING = {"prerelease_2019": "prerelease2019", "accept_damaged": "acceptDamaged"}  # the others keep their names


def _reading_json(options):
    reading = {}
    for name, value in options.items():
        if name == "map" and (isinstance(value, (str, bytes)) or hasattr(value, "__fspath__")):
            with open(value, encoding="utf-8") as node_map:  # a node map's file, as the tool's --map takes it
                value = json.load(node_map)
        reading[_READING.get(name, name)] = value
    return json.dumps(reading)


class Samples:
    """A recording sampled as MRTK plays it, at ``time`` (N,) seconds.

    ``camera`` (N, 7) and each hand's joints ``left``, ``right`` (N, 27, 7) are poses ``[x, y, z, qx, qy, qz, qw]``
    (joints in the order of ``inputanim.JOINTS``); ``gaze`` (N, 6) is the eye gaze ray's origin and unit direction;
    ``tracked`` and ``pinching`` are dicts ``{"left": (N,) bool, "right": (N,) bool}``. NaN where the recording holds
    no such section, and in a rotation that plays back as (0, 0, 0, 0) (the tool leaves those empty).
    """

    def __init__(self, arrays, coordinates):
        self.coordinates = coordinates
        self.time = arrays["time"]
        self.camera = arrays["camera"]
        self.left = arrays["left"]
        self.right = arrays["right"]
        self.gaze = arrays["gaze"]
        self.tracked = {"left": arrays["tracked"][:, 0], "right": arrays["tracked"][:, 1]}
        self.pinching = {"left": arrays["pinching"][:, 0], "right": arrays["pinching"][:, 1]}

    def __len__(self):
        return len(self.time)

    def __repr__(self):
        return f"<inputanim.Samples: {len(self)} frames, {self.coordinates} coordinates>"

    def to_pandas(self):
        """The samples as a pandas DataFrame indexed by time, one column per value as `inputanim sample` names them
        ("camera.px", "left.IndexTip.qw", "left.tracked", "gaze.dx"); needs pandas."""
        import pandas  # optional: only this method needs it

        values = [self.camera[:, axis] for axis in range(7)]  # in the order of the library's column names
        for side in ("left", "right"):
            joints = getattr(self, side)
            values += [self.tracked[side], self.pinching[side]]
            values += [joints[:, j, axis] for j in range(joints.shape[1]) for axis in range(7)]
        values += [self.gaze[:, axis] for axis in range(6)]
        names = _inputanim.sample_column_names()[1:]  # after "time", the index
        return pandas.DataFrame(dict(zip(names, values, strict=True)), index=pandas.Index(self.time, name="time"))


class Recording:
    """An MRTK input animation: read with ``inputanim.load``, made with ``generate``, ``from_arrays`` or an edit.

    Edits (``trim``, ``shift``, ``retime``, ``mirror``, ``with_markers``) return a new recording; this one stays as
    it is. What making it said (notes and warnings, as the tool prints them) is in ``messages``.
    """

    def __init__(self, native):
        self._native = native

    @classmethod
    def from_arrays(
        cls,
        time,
        camera=None,
        left=None,
        right=None,
        tracked=None,
        pinching=None,
        gaze=None,
        markers=(),
        format_version="1.1",
        tolerances=None,
    ):
        """A recording made from poses sampled at ``time`` (N,) increasing seconds, in the recording's space
        (Unity's axes, as ``sample`` gives them), reduced to MRTK's keys within ``tolerances`` as the WebXR recorder
        reduces a take.

        ``camera`` (N, 7; default: held at the standing eye height, facing +z); ``left`` and ``right`` (N, 27, 7;
        default: not tracked); ``tracked`` ({"left": (N,) bool, "right": ...}; default: a hand given is tracked where
        its joints' positions are finite, the palm and None aside); ``pinching`` (the same; a hand not named pinches
        by MRTK's rule: its thumb and index tips closer than 2 cm, until 5 cm apart); ``gaze`` (N, 6: origin,
        direction; default: the head's forward ray); ``markers`` ([(time, name)]); ``format_version`` ("1.0" holds
        no gaze); ``tolerances`` ({"position": metres, "rotation": degrees}; default: the library's). As in a take,
        a hand's palm is made from its other joints, and its joints are keyed only while it is tracked."""
        from . import JOINTS, PROFILE

        time = np.ascontiguousarray(time, dtype=np.float64)
        n = len(time)
        if camera is None:
            camera = np.tile([0.0, PROFILE["eyeHeight"], 0.0, 0.0, 0.0, 0.0, 1.0], (n, 1))
        hands = {"left": left, "right": right}
        states = np.zeros((n, 2), dtype=bool)
        for i, (side, joints) in enumerate(hands.items()):
            if joints is None:
                continue
            joints = hands[side] = np.ascontiguousarray(joints, dtype=np.float64)
            given = None if tracked is None else tracked.get(side)
            read = [j for j, name in enumerate(JOINTS) if name not in ("None", "Palm")]  # what a take reads
            if given is not None:
                states[:, i] = given
            elif joints.shape[1:] == (len(JOINTS), 7):  # else refused by the library, saying the shape it takes
                states[:, i] = np.isfinite(joints[:, read, :3]).all(axis=(-2, -1))
        pinches = [None if pinching is None or side not in pinching else np.asarray(pinching[side]) for side in hands]
        defaults = PROFILE["options"]
        tolerances = tolerances or {}
        position = tolerances.get("position", defaults["positionTolerance"]["default"])
        rotation = tolerances.get("rotation", defaults["rotationTolerance"]["default"])
        native = _inputanim.from_arrays(
            time, camera, hands["left"], hands["right"], states, *pinches, gaze,
            [(float(t), str(name)) for t, name in markers], float(position), float(rotation), format_version,
        )  # fmt: skip
        return cls(native)

    def __repr__(self):
        return f"<inputanim.Recording {self.name!r}: {self.format['version']} {self.format['layout']}, {self.duration:.3f} s>"

    @property
    def name(self):
        """The file it was read from, or what made it."""
        return self._native.name

    @property
    def duration(self):
        """Seconds MRTK plays: from 0 to the last key of any curve (markers do not count)."""
        return self._native.duration

    @property
    def format(self):
        """The binary format it holds: ``{"version": "1.0" | "1.1", "layout": "compact" | "full"}``."""
        return {"version": self._native.version, "layout": self._native.layout}

    @property
    def markers(self):
        """The markers: ``[(time, name), ...]`` in time order, times in seconds."""
        return self._native.markers

    @property
    def messages(self):
        """What reading or making it said: ``[{"severity", "code", "file", "message"}, ...]``."""
        return json.loads(self._native.messages)

    def info(self):
        """What ``inputanim info --json`` reports (schema inputanim.info/1), as a dict."""
        return json.loads(self._native.info())

    def findings(self):
        """The checker's findings (``inputanim check``): ``[{"severity", "code", "curve", "key", "message"}]``."""
        return json.loads(self._native.findings())

    def sample(self, rate=None, start=0.0, end=None, times=None, coordinates="unity"):
        """Poses and states as MRTK plays them, exactly as ``inputanim sample`` gives them, as a ``Samples``.

        At ``times`` (seconds), or on the tool's grid: ``start``, ``start + 1/rate``, ... up to ``end`` (default: the
        recording's end), ``rate`` in Hz (default: the tool's, 120). ``coordinates``: "unity" (the recording's own
        space) or "gltf" (the space of what the glTF output holds)."""
        if times is None:
            from . import PROFILE

            rate = PROFILE["options"]["rate"]["default"] if rate is None else rate
            times = self._native.grid(float(rate), float(start), None if end is None else float(end))
        return Samples(self._native.sample(np.asarray(times, dtype=np.float64), coordinates), coordinates)

    def save(self, path, **options):
        """Writes the recording; its format follows the extension (.bin, .glb, .gltf, .json: an IWER capture) or
        ``to``. Options as ``inputanim convert``'s: ``to``, ``embed``, ``overwrite``, ``format_version``, ``layout``,
        ``rig``, ``linear_only``, ``compress`` ("meshopt"), ``meshes``, ``extras`` (False: no way back),
        ``animation`` (False: the rig at rest only), ``field_of_view``,
        ``rate`` (an IWER capture's), ``position_tolerance``, ``rotation_tolerance``. Returns the report (schema
        inputanim.run/1)."""
        return json.loads(self._native.run(json.dumps(_job(path, options))))

    def _edited(self, *edits):
        return Recording(self._native.edit(json.dumps({"edits": list(edits)})))

    def trim(self, start=0.0, end=None, keep_time=False):
        """The span from ``start`` to ``end`` (seconds, or a marker's name; default: the end), moved to begin at
        0 s unless ``keep_time``."""
        trim = {"start": start, "keepTime": keep_time}
        if end is not None:
            trim["end"] = end
        return self._edited({"trim": trim})

    def shift(self, seconds):
        """Every key and marker ``seconds`` later (earlier when negative)."""
        return self._edited({"shift": seconds})

    def retime(self, speed=None, duration=None):
        """Played ``speed`` times as fast, or stretched to last ``duration`` seconds."""
        if (speed is None) == (duration is None):
            raise TypeError("retime takes a speed or a duration")
        return self._edited({"retime": speed} if duration is None else {"duration": duration})

    def mirror(self, x=None):
        """Left and right swapped, reflected through the head's sagittal plane, or through the plane of constant
        ``x`` (metres) when given."""
        return self._edited({"mirror": True if x is None else {"x": x}})

    def with_markers(self, markers):
        """The same recording with ``markers`` (``[(time, name), ...]``) in place of its own."""
        replace = [{"time": time, "name": name} for time, name in markers]
        return self._edited({"markers": {"replace": replace}})


# Recording.save's options: their names in a job (schema inputanim.job/1), and which of them go in a group.
_JOB = {"format_version": "formatVersion"}
_GLTF = {
    "rig": "rig",
    "linear_only": "linearOnly",
    "compress": "compress",
    "meshes": "meshes",
    "extras": "extras",
    "animation": "animation",
    "field_of_view": "fieldOfView",
}
_TOLERANCES = {"position_tolerance": "position", "rotation_tolerance": "rotation"}


def _job(path, options):
    job = {"input": "-", "output": str(path), "verb": "save"}
    for name, value in options.items():
        if name in _GLTF:
            job.setdefault("gltf", {})[_GLTF[name]] = value
        elif name in _TOLERANCES:
            job.setdefault("tolerances", {})[_TOLERANCES[name]] = value
        elif name == "rate":
            job["iwer"] = {"rate": value}
        else:
            job[_JOB.get(name, name)] = value
    return job
