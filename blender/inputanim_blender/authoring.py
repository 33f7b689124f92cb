# A new input animation from nothing: Add > MRTK Input Animation makes the head camera, both hands and the eye
# gaze, ready to key, with no recording to start from.
import os
import tempfile

import bpy

from . import profile, states
from .operator_support import reporting_errors
from .keys import DURATION, FORMAT, MARKERS, SOURCE, SUMMARY
from .tool import run

GAZE_DISTANCE = 1.0  # metres in front of the eyes, where the gaze target starts
POSE_TIME = 1.0  # seconds into a generated recording whose hands' pose becomes the starting pose
LENGTH = 5.0  # seconds: the new scene's frame range


def _pose_now(obj):
    """What to key at the first frame: the object's own transform, and each pose bone's."""
    bones = {}
    if obj.type == "ARMATURE":
        bones = {b.name: (b.location.copy(), b.rotation_quaternion.copy(), b.scale.copy()) for b in obj.pose.bones}
    return obj.location.copy(), obj.rotation_quaternion.copy(), bones


def _key_pose(obj, pose, frame):
    location, rotation, bones = pose
    obj.animation_data_clear()
    obj.rotation_mode = "QUATERNION"
    obj.location, obj.rotation_quaternion, obj.scale = location, rotation, (1, 1, 1)
    obj.keyframe_insert("location", frame=frame)
    obj.keyframe_insert("rotation_quaternion", frame=frame)
    for name, (bone_location, bone_rotation, bone_scale) in bones.items():
        bone = obj.pose.bones[name]
        bone.location, bone.rotation_quaternion, bone.scale = bone_location, bone_rotation, bone_scale
        bone.keyframe_insert("location", frame=frame)
        bone.keyframe_insert("rotation_quaternion", frame=frame)


def _aim_gaze(scene):
    """Gaze (the origin) follows the head; Gaze_Direction becomes the target the eyes look at."""
    nodes = profile.nodes()
    origin, target = bpy.data.objects.get(nodes["gaze"]), bpy.data.objects.get(nodes["gazeDirection"])
    head = bpy.data.objects.get(nodes["camera"])
    if origin is None or target is None or head is None:
        return
    follow = origin.constraints.new("COPY_LOCATION")
    follow.target = head
    target.parent = None
    target.matrix_parent_inverse.identity()
    target.location = (0.0, -GAZE_DISTANCE, profile.eye_height())
    target.keyframe_insert("location", frame=scene.frame_start)


def make_scene(context, run, import_recording):
    """The scene: a generated recording's objects with its pose at POSE_TIME keyed at frame 0, the head at eye
    height looking forward, hands untracked and not pinching, the gaze on a target. Returns (what was made, what
    the import said of the scene's other objects: renamed, hidden)."""
    scene = context.scene
    with tempfile.TemporaryDirectory(prefix="inputanim-") as folder:
        path = os.path.join(folder, "start.bin")
        run(context, "generate", path, "--duration", "2", "--no-markers", "--force")
        before = set(bpy.data.objects)
        _, warnings = import_recording(context, path, 120)
    made = set(bpy.data.objects) - before
    for key in (SOURCE, MARKERS, SUMMARY, DURATION):  # no recording to keep keys from: exported as 1.1, MRTK's layout
        scene.pop(key, None)
    scene[FORMAT] = '{"version": "1.1", "layout": "compact"}'
    scene.frame_set(round(POSE_TIME * scene.render.fps))
    poses = {o: _pose_now(o) for o in made if o.animation_data}
    for obj, pose in poses.items():
        _key_pose(obj, pose, 0)
    head = bpy.data.objects.get(profile.nodes()["camera"])
    if head is not None:
        _key_pose(head, ((0.0, 0.0, profile.eye_height()), (1.0, 0.0, 0.0, 0.0), {}), 0)
    for side in ("Left", "Right"):
        hand = bpy.data.objects.get(profile.hand(side))
        marker = bpy.data.objects.get(profile.pinching(profile.hand(side)))
        if marker is not None:
            marker.animation_data_clear()
        if hand is not None and hand.type == "ARMATURE":
            hand.mrtk_tracked = hand.mrtk_pinching = False  # keyed, so that a later key starts them there
            hand.keyframe_insert("mrtk_tracked", frame=0, group="MRTK states")
            hand.keyframe_insert("mrtk_pinching", frame=0, group="MRTK states")
            hand[states.FLAG] = 1
            states.drive_pinch_marker(hand)
    _aim_gaze(scene)
    scene.frame_start, scene.frame_end = 0, round(LENGTH * scene.render.fps)
    scene.frame_set(0)
    return made, [w for w in warnings if w.startswith(("renamed", "hid"))]


class OBJECT_OT_mrtk_input_animation_add(bpy.types.Operator):
    """Add a new MRTK input animation: the head camera at eye height, both hands (untracked until keyed) and the
    eye gaze with a target, at 120 fps"""

    bl_idname = "object.mrtk_input_animation_add"
    bl_label = "MRTK Input Animation"
    bl_options = {"REGISTER", "UNDO"}

    def execute(self, context):
        from . import _show, import_recording  # the package's, loaded by now

        def add(context):
            made, warnings = make_scene(context, run, import_recording)
            _show(context, made)
            self.report(
                {"WARNING"} if warnings else {"INFO"},
                "; ".join(
                    [
                        "Added an MRTK input animation (%d objects): key the hands' Tracked in the sidebar's MRTK tab where "
                        "they should appear" % len(made)
                    ]
                    + warnings
                ),
            )
            return {"FINISHED"}

        return reporting_errors(self, add, context)


def _menu_add(self, context):
    self.layout.operator(OBJECT_OT_mrtk_input_animation_add.bl_idname, icon="VIEW_PAN")


def register():
    bpy.utils.register_class(OBJECT_OT_mrtk_input_animation_add)
    bpy.types.VIEW3D_MT_add.append(_menu_add)


def unregister():
    bpy.types.VIEW3D_MT_add.remove(_menu_add)
    bpy.utils.unregister_class(OBJECT_OT_mrtk_input_animation_add)
