# Hand poses: a hand's fingers set from MRTK's own articulated hand poses (packed into the add-on's zip by
# scripts/blender-addon.sh when ../shared/samples/mrtk-hand-poses is beside the project) or from another rig's file,
# at a frame or held over a span (the operators: pose_ops.py). Only rotations change: each bone keeps its length
# and the wrist stays where it is.
import contextlib
import importlib
import json
import os

import bpy
from mathutils import Quaternion

from . import axes, rig_keys, spans

AXES = "mrtk_axes"  # bone property: the turn (w x y z) from MRTK's joint frame to the bone's axes, set on import
LIBRARY = os.path.join(os.path.dirname(__file__), "mrtk_poses.json")
PINCH_DISTANCE = 0.02  # metres between index and thumb tips of a pose taken as pinching
TIP_LENGTH = 0.004  # metres: how far a fingertip bone is drawn past the fingertip


def rest_rotations(nodes):
    """Each node's world rotation at rest (Blender's axes) among a glTF's `nodes` of this project's profile, by node
    name."""
    parents = rig_keys.parents_of(nodes)
    world = {}

    def rotation(index):
        if index not in world:
            local = axes.gltf_rotation(nodes[index].get("rotation", (0, 0, 0, 1)))
            world[index] = rotation(parents[index]) @ local if index in parents else local
        return world[index]

    return {node.get("name", ""): rotation(index) for index, node in enumerate(nodes)}


# Where Blender's glTF importer picks each bone's length (3.4's module name, then later ones').
_IMPORTER_BONES = ("io_scene_gltf2.blender.imp.gltf2_blender_vnode", "io_scene_gltf2.blender.imp.vnode")


def _is_tip(name, has_child_bones):
    return name.endswith("Tip") and not has_child_bones


@contextlib.contextmanager
def short_tips_on_import():
    """While Blender's glTF importer runs: each fingertip bone is made TIP_LENGTH long where the importer picks a
    bone's length, so that no trip to edit mode is needed after (shorten_tips then has nothing to do). An importer
    without that function is left as it is."""
    module = None
    for name in _IMPORTER_BONES:
        with contextlib.suppress(ImportError):
            module = importlib.import_module(name)
            break
    pick = getattr(module, "pick_bone_length", None)
    if pick is None:
        yield
        return

    def tip_or_picked(gltf, bone_id):
        vnode = gltf.vnodes[bone_id]  # a bone: its children that are bones have its type
        child_bones = any(gltf.vnodes[child].type == vnode.type for child in vnode.children)
        return TIP_LENGTH if _is_tip(vnode.name or "", child_bones) else pick(gltf, bone_id)

    module.pick_bone_length = tip_or_picked
    try:
        yield
    finally:
        module.pick_bone_length = pick


def shorten_tips(context, armatures):
    """Each fingertip bone drawn as a stub of TIP_LENGTH from the fingertip MRTK reads (the
    bone's head) along its own direction, not as long as the bone before it; its axes stay. Armatures whose tips
    are so already (short_tips_on_import) are left as they are."""
    armatures = [
        a
        for a in armatures
        if any(_is_tip(b.name, bool(b.children)) and abs(b.length - TIP_LENGTH) > 1e-6 for b in a.data.bones)
    ]
    if not armatures:
        return
    view_layer = context.view_layer
    active, selected = view_layer.objects.active, [o for o in view_layer.objects if o.select_get()]
    for obj in selected:
        obj.select_set(False)
    for armature in armatures:  # edited together: one trip into edit mode, each costing Blender a scene update
        armature.select_set(True)
    view_layer.objects.active = armatures[0]
    bpy.ops.object.mode_set(mode="EDIT")
    for armature in armatures:
        for bone in armature.data.edit_bones:
            if _is_tip(bone.name, bool(bone.children)):
                bone.length = TIP_LENGTH
    bpy.ops.object.mode_set(mode="OBJECT")
    for armature in armatures:
        armature.select_set(False)
    for obj in selected:
        obj.select_set(True)
    view_layer.objects.active = active


def store_axes(armatures, rests):
    """Each bone's turn from MRTK's frame (the rest the tool wrote) to its own axes, kept on the bone."""
    for armature in armatures:
        turn = armature.matrix_world.to_quaternion()
        for bone in armature.data.bones:
            if bone.name in rests:
                bone[AXES] = list(rests[bone.name].inverted() @ turn @ bone.matrix_local.to_quaternion())


def _ordered(bones):
    """Pose bones parents first."""
    return sorted(bones, key=lambda b: len(b.parent_recursive))


def pose_targets(armature, rotations):
    """Each bone of `armature` below its root whose joint `rotations` holds (joint name -> Unity rotation x y z w, of
    this hand's side) -> the local rotation (Quaternion) that turns it against the root as the pose's joint turns
    (the same whatever the root's own turn)."""
    prefix = armature.name + "_"
    roots = [b for b in armature.pose.bones if b.parent is None and AXES in b.bone]
    if not roots:
        raise ValueError(
            "%s has no wrist bone this add-on made (import the recording again with this add-on)" % armature.name
        )
    if roots[0].name[len(prefix) :] not in rotations:
        raise ValueError("the pose has no %s rotation to pose %s from" % (roots[0].name[len(prefix) :], armature.name))
    root = roots[0]
    root_pose = axes.blender_rotation(rotations[root.name[len(prefix) :]]) @ Quaternion(root.bone[AXES])
    worlds = {root.name: Quaternion()}  # against the root
    locals_ = {}
    for bone in _ordered(armature.pose.bones):
        joint = bone.name[len(prefix) :]
        if bone is root or bone.parent is None or joint not in rotations or AXES not in bone.bone:
            continue
        world = root_pose.inverted() @ axes.blender_rotation(rotations[joint]) @ Quaternion(bone.bone[AXES])
        parent = worlds.get(bone.parent.name)
        if parent is None:  # a parent the pose does not turn: as it is now, against the root
            parent = root.matrix.to_quaternion().inverted() @ bone.parent.matrix.to_quaternion()
        rest = (bone.parent.bone.matrix_local.inverted() @ bone.bone.matrix_local).to_quaternion()
        locals_[bone.name] = rest.inverted() @ parent.inverted() @ world
        worlds[bone.name] = world
    return locals_


def apply_pose(armature, rotations, frame):
    """Sets and keys at `frame` the pose's bones (pose_targets). Returns the names of the bones set."""
    targets = pose_targets(armature, rotations)
    for name, rotation in targets.items():
        bone = armature.pose.bones[name]
        bone.rotation_mode = "QUATERNION"
        bone.rotation_quaternion = rotation
        bone.keyframe_insert("rotation_quaternion", frame=frame)
    return list(targets)


def hold_pose(armature, rotations, start, end, ease_in, ease_out):
    """Holds the pose over frames [start, end], replacing the keys there and blending over the ease frames
    (spans.hold_rotations). Returns (bones set, recorded keys replaced)."""
    targets = pose_targets(armature, rotations)
    for name in targets:
        armature.pose.bones[name].rotation_mode = "QUATERNION"
    if armature.animation_data is None:
        armature.animation_data_create()
    if armature.animation_data.action is None:
        armature.animation_data.action = bpy.data.actions.new(armature.name + "Action")
    replaced = spans.hold_rotations(armature.animation_data.action, targets, start, end, ease_in, ease_out)
    return len(targets), replaced


def library():
    """The packed pose library: {name: {"pinching": bool, "joints": {joint: rotation x y z w}}} of a right hand,
    in Unity's axes; empty when the add-on was packed without MRTK's poses."""
    if not os.path.exists(LIBRARY):
        return {}
    with open(LIBRARY) as text:
        return json.load(text)


def for_side(joints, mirror):
    """Rotations by joint, mirrored from the other hand when `mirror`."""
    return {name: (axes.mirrored(q) if mirror else q) for name, q in joints.items()}


def posed(hand):
    """Whether a sampled hand holds a pose: its wrist has a rotation (a hand without keys has null joints)."""
    wrist = ((hand or {}).get("joints") or {}).get("Wrist")
    return bool(wrist and wrist.get("rotation"))


def pinched(joints):
    """Index and thumb tips within 2 cm: a pinch strength of 0.75 or more by MRTK's measure (1 - d^2 / (4 cm)^2)."""
    tips = [(joints.get(name) or {}).get("position") for name in ("IndexTip", "ThumbTip")]
    return all(tips) and sum((a - b) ** 2 for a, b in zip(*tips)) < PINCH_DISTANCE**2
