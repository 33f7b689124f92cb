# Edits that work on recorded motion: an import keys every joint at the recording's own key times (about every
# second frame at 120 fps), so a bone turned and keyed at one frame is a twitch of a frame or two. "Offset over
# Range" takes the change made at the current frame (the selected bones' pose against what their keys play there)
# and adds it to every key over a range of frames, easing in and out at its ends.
import math

import bpy
from bpy.props import EnumProperty, IntProperty
from mathutils import Quaternion, Vector


def _markers(self, context):
    items = [("START", "Scene start", "The scene's first frame")]
    items += [
        (m.name, "%s (frame %d)" % (m.name, m.frame), "")
        for m in sorted(context.scene.timeline_markers, key=lambda m: m.frame)
    ]
    return items + [("END", "Scene end", "The scene's last frame")]


def _frame(scene, choice):
    if choice == "START":
        return scene.frame_start
    if choice == "END":
        return scene.frame_end
    return scene.timeline_markers[choice].frame


def weight(frame, start, end, ease):
    """1 inside the range, easing (smoothstep) to 0 over `ease` frames at each end, 0 outside."""
    if frame < start or frame > end:
        return 0.0
    w = min(1.0, (frame - start) / ease if ease else 1.0, (end - frame) / ease if ease else 1.0)
    return w * w * (3 - 2 * w)


def _curves(action, bone, path):
    return [
        action.fcurves.find('pose.bones["%s"].%s' % (bone.name, path), index=i)
        for i in range(4 if path == "rotation_quaternion" else 3)
    ]


def change_at(action, bone, frame):
    """The bone's change at `frame`: its pose now against what its keys play there, as (degrees, metres)."""
    rotation, location = _curves(action, bone, "rotation_quaternion"), _curves(action, bone, "location")
    degrees = metres = 0.0
    if all(rotation):
        played = Quaternion([c.evaluate(frame) for c in rotation])
        degrees = math.degrees(played.normalized().rotation_difference(bone.rotation_quaternion.normalized()).angle)
    if all(location):
        metres = (bone.location - Vector([c.evaluate(frame) for c in location])).length
    return min(degrees, 360 - degrees), metres


def offset_bone(action, bone, frame, start, end, ease):
    """Adds the bone's change at `frame` (its pose now against its keys there) to its keys in [start, end]; the
    number of keys changed."""
    changed = 0
    rotation = _curves(action, bone, "rotation_quaternion")
    if all(rotation):
        delta = bone.rotation_quaternion @ Quaternion([c.evaluate(frame) for c in rotation]).inverted()
        changed += _apply(rotation, start, end, ease, lambda value, w: Quaternion().slerp(delta, w) @ Quaternion(value))
    location = _curves(action, bone, "location")
    if all(location):
        shift = bone.location - Vector([c.evaluate(frame) for c in location])
        changed += _apply(location, start, end, ease, lambda value, w: Vector(value) + shift * w)
    return changed


def _apply(curves, start, end, ease, change):
    """Every key of `curves` (one key per frame for all of them, as an import makes them) in [start, end] changed by
    `change(value, weight)`."""
    keys = [c.keyframe_points for c in curves]
    count = 0
    for k in range(len(keys[0])):
        at = keys[0][k].co[0]
        w = weight(at, start, end, ease)
        if w == 0 or any(len(points) <= k or points[k].co[0] != at for points in keys):
            continue
        value = change([points[k].co[1] for points in keys], w)
        for points, component in zip(keys, value):
            points[k].co[1] = component
            points[k].handle_left[1] = points[k].handle_right[1] = component
        count += 1
    for c in curves:
        c.update()
    return count


class MRTK_OT_offset_over_range(bpy.types.Operator):
    """Add the change made to the selected bones at the current frame to all their keys between two markers (or the
    scene's ends), easing in and out: an edit of recorded motion that lasts"""

    bl_idname = "mrtk.offset_over_range"
    bl_label = "Offset over Range"
    bl_options = {"REGISTER", "UNDO"}
    start: EnumProperty(name="From", items=_markers)
    end: EnumProperty(name="To", items=_markers)
    ease: IntProperty(
        name="Ease frames", default=12, min=0, description="Frames over which the change eases in and out"
    )

    @classmethod
    def poll(cls, context):
        obj = context.object
        return obj is not None and obj.type == "ARMATURE" and obj.animation_data and obj.animation_data.action

    def invoke(self, context, event):
        self.end = "END"
        return context.window_manager.invoke_props_dialog(self)

    def execute(self, context):
        scene, armature = context.scene, context.object
        start, end = sorted((_frame(scene, self.start), _frame(scene, self.end)))
        bones = context.selected_pose_bones or list(armature.pose.bones)
        frame = scene.frame_current
        action = armature.animation_data.action
        if not any(d > 1e-4 or m > 1e-7 for d, m in (change_at(action, b, frame) for b in bones)):
            self.report(
                {"WARNING"},
                "Nothing to offset: the %s at frame %d are as their keys play them (change a "
                "bone without keying it first; a pose button holds a pose over a range itself)"
                % ("selected bones" if context.selected_pose_bones else "hand's bones", frame),
            )
            return {"CANCELLED"}
        changed = sum(offset_bone(action, b, frame, start, end, self.ease) for b in bones)
        scene.frame_set(frame)
        self.report(
            {"INFO"},
            "Offset %d keys of %d bones over frames %d-%d (easing %d)" % (changed, len(bones), start, end, self.ease),
        )
        return {"FINISHED"}


def register():
    bpy.utils.register_class(MRTK_OT_offset_over_range)


def unregister():
    bpy.utils.unregister_class(MRTK_OT_offset_over_range)
