# The rig's animation keyed into Blender from whole arrays: the actions, curves, groups, NLA tracks and values that
# Blender's glTF importer makes of it, without the importer's Python work for every key. Blender imports the rig
# without its animation (a copy of the GLB with none), then `key` adds it.
#
# Each animated node's channel is played by Blender as the basis of a pose bone or an object. The importer places a
# bone so that its pose in armature space is the node's world transform times a constant turn (the bone's axes), and
# an object so that its basis is a constant transform times the node's local one; so a bone's basis at any key is
# M^-1 L(t) X, with M = Wp^-1 A R (Wp: the parent node's world at rest, A: the armature's world, R: the bone's rest)
# and X = L0^-1 M (L0: the node's local transform at rest), and an object's is B0 L0^-1 L(t) (B0: its basis at rest).
import json
import struct

import bpy
import numpy as np
from mathutils import Matrix, Vector

from . import axes

JSON, BIN = 0x4E4F534A, 0x004E4942
PATHS = {
    "translation": ("location", "Location"),
    "rotation": ("rotation_quaternion", "Rotation"),
    "scale": ("scale", "Scale"),
}
INTERPOLATION = {"LINEAR": "LINEAR", "STEP": "CONSTANT"}


def read_glb(path):
    """A GLB's JSON (parsed) and binary chunk."""
    with open(path, "rb") as data:
        blob = data.read()
    length, kind = struct.unpack_from("<II", blob, 12)
    if blob[:4] != b"glTF" or kind != JSON:
        raise ValueError("%s is no GLB" % path)
    document = json.loads(blob[20 : 20 + length])
    rest = blob[20 + length :]
    binary = rest[8 : 8 + struct.unpack_from("<I", rest)[0]] if len(rest) >= 8 else b""
    return document, binary


def parents_of(nodes):
    """Each glTF node's parent, by index (a root has none)."""
    return {child: i for i, node in enumerate(nodes) for child in node.get("children", [])}


def keyable(document):
    """Whether `key` keys the document's animation as the importer would: one animation, named; one buffer; Float32
    LINEAR or STEP samplers of translations, rotations and scales; nodes named once, without matrices, and with no
    zero scale at rest (a hand never tracked) where a translation or rotation is solved through it."""
    nodes = document.get("nodes", [])
    names = [node.get("name") for node in nodes]
    animations = document.get("animations", [])
    if len(animations) != 1 or not 0 < len(animations[0].get("name", "").encode()) <= 63:
        return False
    if len(document.get("buffers", [])) > 1 or None in names or len(set(names)) != len(names):
        return False
    if any("matrix" in node for node in nodes):
        return False
    parents = parents_of(nodes)
    for channel in animations[0]["channels"]:
        index = channel["target"].get("node") if channel["target"].get("path") != "scale" else None
        while index is not None:  # the node and every node above it
            if 0 in nodes[index].get("scale", (1, 1, 1)):
                return False
            index = parents.get(index)
    for sampler in animations[0]["samplers"]:
        if sampler.get("interpolation", "LINEAR") not in INTERPOLATION:
            return False
        for accessor in (sampler["input"], sampler["output"]):
            a = document["accessors"][accessor]
            if a.get("componentType") != 5126 or "sparse" in a or "bufferView" not in a:
                return False
    return all(c["target"].get("path") in PATHS and "node" in c["target"] for c in animations[0]["channels"])


def _accessor(document, binary, index):
    a = document["accessors"][index]
    view = document["bufferViews"][a["bufferView"]]
    width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[a["type"]]
    stride = view.get("byteStride", 4 * width)
    start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
    rows = np.ndarray((a["count"], width), np.float32, binary, start, (stride, 4))
    return rows.astype(np.float64)


def _to_blender(path, values, unit):
    """glTF's axes to Blender's, as the importer turns them: (x, y, z) -> (x, -z, y); (x, y, z, w) -> (w, x, -z, y)."""
    if path == "translation":
        return np.stack([values[:, 0], -values[:, 2], values[:, 1]], 1) * unit
    if path == "rotation":
        return np.stack([values[:, 3], values[:, 0], -values[:, 2], values[:, 1]], 1)
    return values[:, [0, 2, 1]]


def _local(node, unit):
    """A node's local transform at rest in Blender's axes."""
    t, s = node.get("translation", (0, 0, 0)), node.get("scale", (1, 1, 1))
    rotation = axes.gltf_rotation(node.get("rotation", (0, 0, 0, 1)))
    return Matrix.LocRotScale(Vector((t[0], -t[2], t[1])) * unit, rotation, Vector((s[0], s[2], s[1])))


def _multiply(a, b):
    """Quaternions (w x y z) times quaternions, row by row (either may be one row)."""
    aw, ax, ay, az = np.moveaxis(np.atleast_2d(a), 1, 0)
    bw, bx, by, bz = np.moveaxis(np.atleast_2d(b), 1, 0)
    return np.stack(
        [
            aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
        ],
        1,
    )


def _rotate(q, v):
    """Vectors rotated by the unit quaternion q (w x y z)."""
    return np.array(q.to_matrix(), np.float64).dot(np.asarray(v).T).T


def _continuous(q):
    """Each quaternion negated where it would turn the long way from the one before (the importer's rule: a key is
    negated when its dot with the key before, as kept, is below 0)."""
    dots = np.einsum("ij,ij->i", q[1:], q[:-1])
    steps = np.concatenate([[1.0], np.where(dots < 0, -1.0, 1.0)])
    # A dot of exactly 0 keeps its key as it is, whatever came before: the sign starts again there.
    kept = np.concatenate([[True], dots == 0])
    signs = np.cumprod(steps)
    restart = np.maximum.accumulate(np.where(kept, np.arange(len(q)), 0))
    return q * (signs * signs[restart])[:, None]


class _Target:
    """Where a node's channels go in Blender: a pose bone of an armature, or an object."""

    def __init__(self, nodes, index, parents, objects, unit):
        self.name = nodes[index]["name"]
        rest = _local(nodes[index], unit)
        armatures = [o for o in objects if o.type == "ARMATURE" and self.name in o.data.bones]
        self.bone = armatures[0].data.bones[self.name] if armatures else None
        named = [o for o in objects if o.name == self.name]
        if not armatures and not named:
            raise RuntimeError("Blender's import of the rig has no bone or object '%s'" % self.name)
        self.owner = armatures[0] if armatures else named[0]
        if self.bone is None:  # B0 L0^-1, where a translation or rotation needs it (keyable: then L0 has an inverse)
            self.before = self.owner.matrix_basis @ rest.inverted_safe()
            return
        world, parent = Matrix.Identity(4), parents.get(index)
        while parent is not None:  # the parent node's world at rest
            world, parent = _local(nodes[parent], unit) @ world, parents.get(parent)
        m = world.inverted() @ self.owner.matrix_world @ self.bone.matrix_local
        self.before = m.inverted()  # M^-1
        self.after = (rest.inverted() @ m).to_quaternion()  # X's turn
        # The importer's turns make the rest rotation the identity itself, not its negation (a quaternion's inverse
        # times it): so must these, which each matrix gives only up to sign.
        if (self.before.to_quaternion() @ rest.to_quaternion() @ self.after).w < 0:
            self.after.negate()

    def values(self, path, v):
        """A channel's values (Blender's axes) as the basis that Blender keys."""
        if path == "translation":
            return np.asarray(self.before.to_translation())[None, :] + _rotate(self.before.to_quaternion(), v)
        if path == "rotation":
            q = _multiply(np.asarray(self.before.to_quaternion()), v)
            return _continuous(_multiply(q, np.asarray(self.after)) if self.bone else q)
        return v

    def data_path(self, path):
        name, group = PATHS[path]
        if self.bone is None:
            return name, group
        return 'pose.bones["%s"].%s' % (bpy.utils.escape_identifier(self.name), name), self.name


def _curves(action, data_path, group, frames, values, interpolation):
    kind = bpy.types.Keyframe.bl_rna.properties["interpolation"].enum_items[INTERPOLATION[interpolation]].value
    co = np.empty(2 * len(frames), np.float32)
    co[0::2] = frames
    for index in range(values.shape[1]):
        curve = action.fcurves.new(data_path=data_path, index=index, action_group=group)
        curve.keyframe_points.add(len(frames))
        co[1::2] = values[:, index]
        curve.keyframe_points.foreach_set("co", co)
        curve.keyframe_points.foreach_set("interpolation", np.full(len(frames), kind, np.int32))
        curve.update()


def key(document, binary, objects, scene):
    """Keys the document's animation (`keyable`) into `objects`, what Blender imported of it without it, as Blender's
    importer does: an action per object, named after the animation and the object, stashed on a muted NLA track
    named after the animation, and active."""
    bpy.context.view_layer.update()  # the armatures' world matrices
    unit = 1.0 / scene.unit_settings.scale_length
    animation, nodes = document["animations"][0], document["nodes"]
    parents = parents_of(nodes)
    targets, actions = {}, {}
    for channel in sorted(animation["channels"], key=lambda c: c["target"]["node"]):  # the importer's order
        index, path = channel["target"]["node"], channel["target"]["path"]
        if index not in targets:
            targets[index] = _Target(nodes, index, parents, objects, unit)
        target = targets[index]
        sampler = animation["samplers"][channel["sampler"]]
        frames = _accessor(document, binary, sampler["input"])[:, 0] * scene.render.fps
        values = target.values(path, _to_blender(path, _accessor(document, binary, sampler["output"]), unit))
        if target.owner not in actions:
            actions[target.owner] = bpy.data.actions.new(animation["name"] + "_" + target.owner.name)
            actions[target.owner].id_root = "OBJECT"
        data_path, group = target.data_path(path)
        _curves(actions[target.owner], data_path, group, frames, values, sampler.get("interpolation", "LINEAR"))
    for owner, action in actions.items():
        if not owner.animation_data:
            owner.animation_data_create()
        track = owner.animation_data.nla_tracks.new(prev=None)
        track.name = animation["name"]
        track.strips.new(action.name, scene.frame_start, action)
        track.lock = track.mute = True
        owner.animation_data.action = action
