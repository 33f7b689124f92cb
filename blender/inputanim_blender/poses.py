# Hand poses at a click: set and key a hand's fingers at the current frame from MRTK's own articulated hand poses
# (packed into the add-on's zip by scripts/blender-addon.sh when ../shared/samples/mrtk-hand-poses is beside the
# project) or from the pose a user picks in another rig's file. Only rotations change: each bone keeps its length
# and the wrist stays where it is.
import json
import os
import struct
import tempfile

import bpy
from bpy.props import EnumProperty, FloatProperty, StringProperty
from bpy_extras.io_utils import ImportHelper
from mathutils import Quaternion

from . import states

AXES = "mrtk_axes"  # bone property: the turn (w x y z) from MRTK's joint frame to the bone's axes, set on import
LIBRARY = os.path.join(os.path.dirname(__file__), "mrtk_poses.json")
PINCH_DISTANCE = 0.02  # metres between index and thumb tips of a pose taken as pinching


def _blender_rotation(q):
    """A Unity rotation (x, y, z, w) in Blender's axes: Unity -> glTF mirrors x ((x, -y, -z, w)), glTF -> Blender
    turns +Y up to +Z."""
    x, y, z, w = q
    return Quaternion((w, x, z, -y))


def _mirrored(q):
    """A right hand's Unity rotation as the left hand's (MRTK mirrors its right-hand poses through x = 0)."""
    x, y, z, w = q
    return (x, -y, -z, w)


def rest_rotations(glb_path):
    """Each node's world rotation at rest (Blender's axes) in a GLB of this project's profile, by node name."""
    with open(glb_path, "rb") as data:
        header = data.read(20)
        length = struct.unpack("<I", header[12:16])[0]
        document = json.loads(data.read(length))
    nodes = document.get("nodes", [])
    parents = {child: index for index, node in enumerate(nodes) for child in node.get("children", [])}
    world = {}

    def rotation(index):
        if index not in world:
            x, y, z, w = nodes[index].get("rotation", (0, 0, 0, 1))
            local = Quaternion((w, x, -z, y))  # glTF's axes (x, y, z) are Blender's (x, -z, y)
            world[index] = rotation(parents[index]) @ local if index in parents else local
        return world[index]

    return {node.get("name", ""): rotation(index) for index, node in enumerate(nodes)}


def store_axes(armatures, rests):
    """Each bone's turn from MRTK's frame (the GLB's rest) to its own axes, kept on the bone."""
    for armature in armatures:
        turn = armature.matrix_world.to_quaternion()
        for bone in armature.data.bones:
            if bone.name in rests:
                bone[AXES] = list(rests[bone.name].inverted() @ turn @ bone.matrix_local.to_quaternion())


def _ordered(bones):
    """Pose bones parents first."""
    return sorted(bones, key=lambda b: len(b.parent_recursive))


def apply_pose(armature, rotations, frame):
    """Sets and keys at `frame` every bone of `armature` below its root whose joint `rotations` holds (joint name
    -> Unity rotation x y z w, of this hand's side), so that it turns against the root as the pose's joint does.
    Returns the number of bones set."""
    prefix = armature.name + "_"
    roots = [b for b in armature.pose.bones if b.parent is None and AXES in b.bone]
    if not roots:
        raise ValueError("%s has no wrist bone this add-on made (import the recording again with this add-on)" % armature.name)
    if roots[0].name[len(prefix):] not in rotations:
        raise ValueError("the pose has no %s rotation to pose %s from" % (roots[0].name[len(prefix):], armature.name))
    root = roots[0]
    root_now = root.matrix.to_quaternion()
    root_pose = _blender_rotation(rotations[root.name[len(prefix):]]) @ Quaternion(root.bone[AXES])
    targets = {root.name: root_now}
    count = 0
    for bone in _ordered(armature.pose.bones):
        joint = bone.name[len(prefix):]
        if bone is root or bone.parent is None or joint not in rotations or AXES not in bone.bone:
            continue
        pose = _blender_rotation(rotations[joint]) @ Quaternion(bone.bone[AXES])
        target = root_now @ root_pose.inverted() @ pose
        parent_target = targets.get(bone.parent.name, bone.parent.matrix.to_quaternion())
        rest = (bone.parent.bone.matrix_local.inverted() @ bone.bone.matrix_local).to_quaternion()
        bone.rotation_mode = "QUATERNION"
        bone.rotation_quaternion = rest.inverted() @ parent_target.inverted() @ target
        bone.keyframe_insert("rotation_quaternion", frame=frame)
        targets[bone.name] = target
        count += 1
    return count


def library():
    """The packed pose library: {name: {"pinching": bool, "joints": {joint: rotation x y z w}}} of a right hand,
    in Unity's axes; empty when the add-on was packed without MRTK's poses."""
    if not os.path.exists(LIBRARY):
        return {}
    with open(LIBRARY) as text:
        return json.load(text)


def _for_side(joints, mirror):
    """Rotations by joint, mirrored from the other hand when `mirror`."""
    return {name: (_mirrored(q) if mirror else q) for name, q in joints.items()}


def _pose_and_key(operator, context, side, rotations, pinching, what):
    armature = states.hand_armature(side)
    if armature is None:
        operator.report({"ERROR"}, "no Hand_%s armature: import a recording or add an MRTK Input Animation" % side)
        return {"CANCELLED"}
    frame = context.scene.frame_current
    try:
        count = apply_pose(armature, rotations, frame)
    except ValueError as error:
        operator.report({"ERROR"}, str(error))
        return {"CANCELLED"}
    if pinching is not None:
        armature.mrtk_pinching = pinching
        bpy.ops.mrtk.key_state(side=side, state="pinching")
    operator.report({"INFO"}, "%s: %d bones of the %s hand keyed at frame %d%s" % (
        what, count, side.lower(), frame, "" if pinching is None else ", pinching " + ("on" if pinching else "off")))
    return {"FINISHED"}


def _library_items(self, context):
    return [(name, name, "MRTK's %s hand pose" % name) for name in library()] or [("", "(none packed)", "")]


class MRTK_OT_apply_pose(bpy.types.Operator):
    """Set and key the hand's fingers at the current frame to one of MRTK's hand poses (the wrist stays); a pinch
    pose keys pinching on, the others off"""
    bl_idname = "mrtk.apply_pose"
    bl_label = "Apply MRTK Hand Pose"
    bl_options = {"REGISTER", "UNDO"}
    side: EnumProperty(items=[("Left", "Left", ""), ("Right", "Right", "")])
    pose: EnumProperty(items=_library_items)

    def execute(self, context):
        entry = library().get(self.pose)
        if entry is None:
            self.report({"ERROR"}, "no pose '%s' in the add-on (packed without ../shared/samples/mrtk-hand-poses?)" % self.pose)
            return {"CANCELLED"}
        rotations = _for_side(entry["joints"], mirror=self.side == "Left")
        return _pose_and_key(self, context, self.side, rotations, entry["pinching"], self.pose)


class MRTK_OT_pose_from_file(bpy.types.Operator, ImportHelper):
    """Set and key the hand's fingers at the current frame to a pose from a hand rig's file (glTF or a recording):
    the animation and time you name, its hand of this side (else the other, mirrored)"""
    bl_idname = "mrtk.pose_from_file"
    bl_label = "Pose from File"
    bl_options = {"REGISTER", "UNDO"}
    filter_glob: StringProperty(default="*.glb;*.gltf;*.bin", options={"HIDDEN"})
    side: EnumProperty(items=[("Left", "Left", ""), ("Right", "Right", "")])
    animation: StringProperty(name="Animation", description="The file's animation, by name or index (empty: the "
                                                            "first; the report lists them)")
    time: FloatProperty(name="Time", min=0, description="Seconds into the animation")

    def execute(self, context):
        from . import InputanimError, _run  # the package's, loaded by now

        try:
            info = json.loads(_run(context, "info", self.filepath, "--json", allowed=(0, 5))[0])
            names = [a["name"] for a in info.get("input", {}).get("animations", [])]
            with tempfile.TemporaryDirectory(prefix="inputanim-") as folder:
                times = os.path.join(folder, "times.txt")
                with open(times, "w") as out:
                    out.write("%r\n" % self.time)
                arguments = [self.filepath, "--format", "json", "--times", times]
                arguments += ["--animation", self.animation] if self.animation else []
                frame = json.loads(_run(context, "sample", *arguments)[0])["frames"][0]
        except (InputanimError, OSError, ValueError) as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        own = frame.get(self.side.lower())
        other = frame.get("right" if self.side == "Left" else "left")
        hand = own if _posed(own) else other if _posed(other) else None
        if hand is None:
            self.report({"ERROR"}, "%s holds no hand pose at %g s: neither hand's wrist has keys there (%s)" % (
                os.path.basename(self.filepath), self.time, "pick another time or animation" if names else "pick another time"))
            return {"CANCELLED"}
        joints = hand["joints"]
        rotations = {n: j["rotation"] for n, j in joints.items() if j and j.get("rotation")}
        rotations = _for_side(rotations, mirror=hand is not own)
        what = "%s '%s'" % (os.path.basename(self.filepath), self.animation or (names[0] if names else "pose"))
        result = _pose_and_key(self, context, self.side, rotations, hand.get("pinching") or _pinched(joints), what)
        if names and not self.animation and len(names) > 1:
            self.report({"INFO"}, "%s holds %d animations: %s" % (os.path.basename(self.filepath), len(names),
                                                                  ", ".join(names[:12]) + (" ..." if len(names) > 12 else "")))
        return result


def _posed(hand):
    """Whether a sampled hand holds a pose: its wrist has a rotation (a hand without keys has null joints)."""
    wrist = ((hand or {}).get("joints") or {}).get("Wrist")
    return bool(wrist and wrist.get("rotation"))


def _pinched(joints):
    """Index and thumb tips within 2 cm: a pinch strength of 0.75 or more by MRTK's measure (1 - d^2 / (4 cm)^2)."""
    tips = [(joints.get(name) or {}).get("position") for name in ("IndexTip", "ThumbTip")]
    return all(tips) and sum((a - b) ** 2 for a, b in zip(*tips)) < PINCH_DISTANCE ** 2


def _draw_rows(layout, side):
    names = list(library())
    if names:
        grid = layout.grid_flow(columns=2, align=True)
        for name in names:
            button = grid.operator(MRTK_OT_apply_pose.bl_idname, text=name)
            button.side, button.pose = side, name
    else:
        layout.label(text="No pose library packed", icon="INFO")
    layout.operator(MRTK_OT_pose_from_file.bl_idname, icon="FILEBROWSER").side = side


classes = (MRTK_OT_apply_pose, MRTK_OT_pose_from_file)


def register():
    for cls in classes:
        bpy.utils.register_class(cls)
    states.POSE_ROWS.append(_draw_rows)


def unregister():
    states.POSE_ROWS.remove(_draw_rows)
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
