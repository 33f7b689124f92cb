# The scene as Blender shows it, sampled at every frame and written as a .gltf of this project's flat profile
# (docs/gltf-profile.md), its buffer beside it: each armature a node, each of its bones a node under it holding the bone's world pose;
# the profile's empties (Camera, Gaze, Gaze_Direction, Hand_*_None) with their world poses; the states as STEP
# scales. inputanim reads it by node names. One depsgraph update per frame, only the recording's objects evaluated
# (docs/performance.md, "The Blender add-on's export").
import json
import os
import shutil

import numpy

from . import profile

# Blender is +Z up, glTF +Y up: (x, y, z) -> (x, z, -y); a rotation matrix R -> P R P^T.
_TO_GLTF = numpy.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]], dtype=numpy.float64)


class SceneError(Exception):
    """What in the scene cannot be written, and where."""


def is_profile_object(name):
    """Objects other than armatures that a recording's nodes become (the camera's view and the meshes are not read)."""
    nodes, none = profile.nodes(), profile.table()["joints"][0]
    hand_nodes = [n for h in profile.hands() for n in (profile.joint_node(h, none), profile.pinching(h))]
    return name in hand_nodes or name in (nodes["camera"], nodes["gaze"], nodes["gazeDirection"])


def is_state_object(name):
    """Objects whose scale was a state in scenes of add-on 0.4 (tracked: the hand armatures; pinching: the pinch
    markers Hand_*_Pinching)."""
    return profile.is_state_node(name)


def _quaternions(matrices):
    """Rotation matrices (n, 3, 3), columns normalised, to unit quaternions (n, 4) x y z w; a matrix with a zero
    column (a zero scale or rotation) gives the identity. Each row is solved from its largest component (Shepperd's
    method), which stays exact near half turns, where w and the differences it divides vanish."""
    lengths = numpy.linalg.norm(matrices, axis=1, keepdims=True)
    degenerate = numpy.any(lengths[:, 0, :] < 1e-12, axis=1)
    m = numpy.where(degenerate[:, None, None], numpy.eye(3), matrices / numpy.maximum(lengths, 1e-12))
    d0, d1, d2 = m[:, 0, 0], m[:, 1, 1], m[:, 2, 2]
    leads = numpy.stack([1 + d0 - d1 - d2, 1 - d0 + d1 - d2, 1 - d0 - d1 + d2, 1 + d0 + d1 + d2], axis=1)
    lead = numpy.argmax(leads, axis=1)
    s = 2 * numpy.sqrt(numpy.maximum(numpy.take_along_axis(leads, lead[:, None], axis=1)[:, 0], 1e-300))
    xy, xz, yz = m[:, 0, 1] + m[:, 1, 0], m[:, 0, 2] + m[:, 2, 0], m[:, 1, 2] + m[:, 2, 1]
    wx, wy, wz = m[:, 2, 1] - m[:, 1, 2], m[:, 0, 2] - m[:, 2, 0], m[:, 1, 0] - m[:, 0, 1]
    candidates = numpy.stack(
        [
            numpy.stack([s * s / 4, xy, xz, wx], axis=1),  # x largest
            numpy.stack([xy, s * s / 4, yz, wy], axis=1),  # y
            numpy.stack([xz, yz, s * s / 4, wz], axis=1),  # z
            numpy.stack([wx, wy, wz, s * s / 4], axis=1),
        ],  # w
        axis=1,
    )
    q = numpy.take_along_axis(candidates, lead[:, None, None], axis=1)[:, 0] / s[:, None]
    return q / numpy.linalg.norm(q, axis=1, keepdims=True)


def _gltf_pose(translations, rotations):
    """Blender's positions (n, 3) and rotation matrices (n, 3, 3) to glTF's positions and quaternions x y z w."""
    return translations @ _TO_GLTF.T, _quaternions(_TO_GLTF @ rotations @ _TO_GLTF.T)


def _rotation_matrices(q):
    """Quaternions (n, 4) w x y z (mathutils' order) to rotation matrices (n, 3, 3)."""
    q = q / numpy.maximum(numpy.linalg.norm(q, axis=1, keepdims=True), 1e-12)
    w, x, y, z = q.T
    return numpy.stack(
        [
            1 - 2 * (y * y + z * z),
            2 * (x * y - z * w),
            2 * (x * z + y * w),
            2 * (x * y + z * w),
            1 - 2 * (x * x + z * z),
            2 * (y * z - x * w),
            2 * (x * z - y * w),
            2 * (y * z + x * w),
            1 - 2 * (x * x + y * y),
        ],
        axis=1,
    ).reshape(-1, 3, 3)


def _without_scale(matrix):
    """A Blender matrix's location and rotation (w x y z) as 7 numbers: a hand armature's scale is its tracked state."""
    location, rotation, _ = matrix.decompose()
    return (*location, *rotation)


def _world(o):
    """An object's location and rotation (7 numbers), a state's scale left out: an object under a hand armature keeps
    its pose while the hand is untracked (scale 0)."""
    parent = o.parent
    if parent is not None and is_state_object(parent.name) and o.parent_type == "OBJECT":
        location, rotation, _ = parent.matrix_world.decompose()
        matrix = rotation.to_matrix().to_4x4() @ o.matrix_local
        matrix.translation += location
    else:
        matrix = o.matrix_world
    location, rotation, _ = matrix.decompose()
    return (*location, *rotation)


def _hidden_for_sampling(scene, wanted):
    """Every object not wanted is left out of the evaluation while sampling (skinned meshes cost the most)."""
    hidden = [o for o in scene.objects if o not in wanted and not o.hide_viewport]
    for o in hidden:
        o.hide_viewport = True
    return hidden


class _Track:
    """A node's translations and rotations (glTF's axes, Float32), appended a run of frames at a time to two files
    of their own, so that a long recording is never held whole; quaternion signs kept continuous across runs."""

    def __init__(self, folder, index):
        self.paths = (os.path.join(folder, "%d-t.bin" % index), os.path.join(folder, "%d-r.bin" % index))
        self.count, self.last = 0, None

    def append(self, name, translations, rotations, frames):
        bad = numpy.flatnonzero(~(numpy.isfinite(translations).all(axis=1) & numpy.isfinite(rotations).all(axis=1)))
        if len(bad):
            raise SceneError("%s has no finite pose at frame %g: a recording cannot hold it" % (name, frames[bad[0]]))
        rotations = _continuous(rotations, self.last)
        self.last = rotations[-1]
        for path, values in zip(self.paths, (translations, rotations)):
            with open(path, "ab") as out:
                out.write(numpy.ascontiguousarray(values, numpy.float32).tobytes())
        self.count += len(translations)


class Sampled:
    """Per node, its _Track of poses, or a state's 0/1 per frame."""

    def __init__(self):
        self.poses = {}  # node name -> _Track
        self.states = {}  # node name -> numpy (n,) of 0 and 1
        self.rests = {}  # bone node name -> (translation, rotation): the armature's rest pose, for its axes
        self.children = {}  # armature name -> its bones' node names


class _Chunk:
    """What one run of frames gives: per armature its bones' matrices (armature space, as foreach_get gives them)
    and its own location and rotation; per other object its location and rotation."""

    def __init__(self, size, armatures, posed):
        self.bones = {a.name: numpy.empty((size, 16 * len(a.pose.bones)), numpy.float32) for a in armatures}
        self.frames = {o.name: numpy.empty((size, 7)) for o in list(armatures) + list(posed)}

    def read(self, row, armatures, posed):
        for a in armatures:
            a.pose.bones.foreach_get("matrix", self.bones[a.name][row])
            self.frames[a.name][row] = _without_scale(a.matrix_world)
        for o in posed:
            self.frames[o.name][row] = _world(o)

    def store(self, frames, armatures, posed, out):
        """The chunk's first len(frames) rows, in glTF's axes, appended to each node's track."""
        rows = len(frames)
        for a in armatures:
            arm = self.frames[a.name][:rows]
            turn = _rotation_matrices(arm[:, 3:])
            bones = self.bones[a.name][:rows].reshape(rows, -1, 4, 4).transpose(0, 1, 3, 2)  # rows of a matrix
            rotations = turn[:, None] @ bones[:, :, :3, :3]
            translations = (turn[:, None] @ bones[:, :, :3, 3:])[..., 0] + arm[:, None, :3]
            for column, name in enumerate(out.children[a.name]):
                out.poses[name].append(name, *_gltf_pose(translations[:, column], rotations[:, column]), frames)
        for o in posed:
            values = self.frames[o.name][:rows]
            out.poses[o.name].append(o.name, *_gltf_pose(values[:, :3], _rotation_matrices(values[:, 3:])), frames)


def _rests(armatures, out):
    """Each bone's rest pose in the world (the armature where it is now), as the node's own transform."""
    for a in armatures:
        arm = numpy.array([_without_scale(a.matrix_world)])
        turn = _rotation_matrices(arm[:, 3:])[0]
        for b in a.pose.bones:
            rest = numpy.array(b.bone.matrix_local)
            t, r = _gltf_pose((turn @ rest[:3, 3] + arm[0, :3])[None], (turn @ rest[:3, :3])[None])
            out.rests[b.name] = (t[0], r[0])


def sample_scene(scene, objects, frames, states, folder, progress=None, chunk=600):
    """The objects as Blender shows them at each of `frames`: every armature's bones, the other objects' poses
    (not the pinch markers'), into files in `folder`; and each state of `states`, (node name, function giving 0 or
    1 now). Only these objects are evaluated."""
    armatures = [o for o in objects if o.type == "ARMATURE"]
    posed = [o for o in objects if o.type != "ARMATURE" and not is_state_object(o.name)]
    out = Sampled()
    for a in armatures:
        out.children[a.name] = [b.name for b in a.pose.bones]
    _rests(armatures, out)
    for index, name in enumerate([n for a in armatures for n in out.children[a.name]] + [o.name for o in posed]):
        out.poses[name] = _Track(folder, index)
    for name, _ in states:
        out.states[name] = numpy.empty(len(frames), numpy.float32)
    buffer = _Chunk(chunk, armatures, posed)
    current = scene.frame_current, scene.frame_subframe
    hidden = _hidden_for_sampling(scene, set(objects))
    try:
        for start in range(0, len(frames), chunk):
            stop = min(len(frames), start + chunk)
            for i in range(start, stop):
                whole = int(frames[i] // 1)
                scene.frame_set(whole, subframe=frames[i] - whole)
                buffer.read(i - start, armatures, posed)
                for name, state in states:
                    out.states[name][i] = state()
            buffer.store(frames[start:stop], armatures, posed, out)
            if progress:
                progress(stop / len(frames))
    finally:
        for o in hidden:
            o.hide_viewport = False
        scene.frame_set(current[0], subframe=current[1])
    return out


def _continuous(q, last=None):
    """Quaternion signs flipped where needed so that each is within 90 degrees of the one before (`last` before the
    first): glTF's LINEAR takes the path between the stored values."""
    before = numpy.concatenate([[last if last is not None else q[0]], q[:-1]])
    flips = numpy.sign(numpy.einsum("ij,ij->i", q, before))
    flips[flips == 0] = 1
    return q * numpy.cumprod(flips)[:, None]


_COMPONENTS = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}


class _Buffer:
    """The buffer (arrays, and files copied in at the end) and the JSON's accessors and buffer views."""

    def __init__(self):
        self.parts, self.length = [], 0
        self.views, self.accessors = [], []

    def add(self, source, count, kind, minmax=None):
        """`source`: an array of Float32 values, or the path of a file of them."""
        size = 4 * _COMPONENTS[kind] * count
        self.views.append({"buffer": 0, "byteOffset": self.length, "byteLength": size})
        self.parts.append(source if isinstance(source, str) else numpy.ascontiguousarray(source, numpy.float32))
        self.length += size
        accessor = {"bufferView": len(self.views) - 1, "componentType": 5126, "count": count, "type": kind}
        if minmax:
            accessor["min"], accessor["max"] = [minmax[0]], [minmax[1]]
        self.accessors.append(accessor)
        return len(self.accessors) - 1

    def write(self, out):
        for part in self.parts:
            if isinstance(part, str):
                with open(part, "rb") as data:
                    shutil.copyfileobj(data, out, 1 << 20)
            else:
                out.write(memoryview(part).cast("B"))


def write_gltf(path, sampled, times):
    """A .gltf of the flat profile, its buffer beside it (the same name, .bin): armatures and their bones, objects,
    states as STEP scales (docs/gltf-profile.md). Plain glTF JSON and an array file: no container to frame."""
    bin_path = os.path.splitext(path)[0] + ".bin"
    buffer = _Buffer()
    times = numpy.asarray(times, numpy.float32)
    time = buffer.add(times, len(times), "SCALAR", minmax=(float(times[0]), float(times[-1])))
    nodes, channels, samplers = [], [], []

    def node(name, rest=None):
        entry = {"name": name}
        if rest is not None:
            entry["translation"], entry["rotation"] = [float(v) for v in rest[0]], [float(v) for v in rest[1]]
        nodes.append(entry)
        return len(nodes) - 1

    def animate(index, path, values, kind, interpolation="LINEAR"):
        samplers.append({"input": time, "output": buffer.add(values, len(times), kind), "interpolation": interpolation})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": index, "path": path}})

    def animate_track(index, track):
        animate(index, "translation", track.paths[0], "VEC3")
        animate(index, "rotation", track.paths[1], "VEC4")

    roots = []
    tops = list(sampled.children) + [n for n in sampled.poses if n not in sampled.rests] + list(sampled.states)
    for name in dict.fromkeys(tops):  # in order, once each
        index = node(name)
        roots.append(index)
        if name in sampled.states:
            scale = numpy.repeat(sampled.states[name][:, None], 3, axis=1)
            animate(index, "scale", scale, "VEC3", "STEP")
        if name in sampled.poses:
            animate_track(index, sampled.poses[name])
        bones = []
        for bone in sampled.children.get(name, []):
            child = node(bone, sampled.rests[bone])
            bones.append(child)
            animate_track(child, sampled.poses[bone])
        if bones:
            nodes[index]["children"] = bones
    document = {
        "asset": {"version": "2.0", "generator": "inputanim Blender add-on"},
        "scene": 0,
        "scenes": [{"nodes": roots}],
        "nodes": nodes,
        "animations": [{"name": profile.nodes()["animation"], "channels": channels, "samplers": samplers}],
        "accessors": buffer.accessors,
        "bufferViews": buffer.views,
        "buffers": [{"uri": os.path.basename(bin_path), "byteLength": buffer.length}],
    }
    with open(bin_path, "wb") as out:
        buffer.write(out)
    with open(path, "w") as out:
        json.dump(document, out, separators=(",", ":"))
