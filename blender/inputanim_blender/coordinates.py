# Positions in MRTK's terms (Unity's metres: +X the user's right, +Y up, +Z forward) in the MRTK tab: the active
# joint's, and the 3D cursor's, which can be typed; "Move Joint to Cursor" moves the joint's hand so that the joint
# is at the cursor, keyed at the current frame or held over a range of frames.
import bpy
from bpy.props import EnumProperty, FloatVectorProperty, IntProperty

from . import axes, offsets, profile


def _get_cursor(scene):
    return tuple(axes.unity_from_blender(scene.cursor.location))


def _set_cursor(scene, value):
    scene.cursor.location = axes.blender_from_unity(value)


def _hand_joint(context):
    """(armature, pose bone) of the active joint when it belongs to a hand, else (None, None)."""
    bone = context.active_pose_bone
    armature = context.object
    if bone is None or armature is None or armature.name not in profile.hands():
        return None, None
    return armature, bone


def joint_position(armature, bone):
    """A joint's world position (its bone's head: where MRTK's joint is) in Blender's axes."""
    return armature.matrix_world @ bone.head


class MRTK_OT_joint_to_cursor(bpy.types.Operator):
    """Move the active joint's hand (its wrist bone) so that the joint is at the 3D cursor: keyed at the current
    frame, or held over a range of frames"""

    bl_idname = "mrtk.joint_to_cursor"
    bl_label = "Move Joint to Cursor"
    bl_options = {"REGISTER", "UNDO"}
    span: EnumProperty(
        name="Apply",
        default="FRAME",
        items=[
            ("FRAME", "At this frame", "Key the wrist's location at the current frame"),
            ("RANGE", "Over a range", "Add the move to the wrist's keys over a range of frames, easing in and out"),
        ],
    )
    start: IntProperty(name="From", description="First frame of the range")
    end: IntProperty(name="To", description="Last frame of the range")
    ease: IntProperty(
        name="Ease",
        default=6,
        min=0,
        max=600,
        description="Frames inside each end over which the move eases in and out",
    )

    @classmethod
    def poll(cls, context):
        return _hand_joint(context)[0] is not None

    def execute(self, context):
        armature, bone = _hand_joint(context)
        root = bone.parent_recursive[-1] if bone.parent_recursive else bone
        scene = context.scene
        shift = scene.cursor.location - joint_position(armature, bone)
        matrix = root.matrix.copy()
        matrix.translation += armature.matrix_world.inverted().to_3x3() @ shift
        root.matrix = matrix
        frame = scene.frame_current
        if self.span == "FRAME":
            root.keyframe_insert("location", frame=frame)
            where = "keyed at frame %d" % frame
        else:
            first, last = sorted((self.start, self.end))
            action = armature.animation_data.action if armature.animation_data else None
            changed = offsets.offset_bone(action, root, frame, first, last, self.ease) if action else 0
            if not changed:
                self.report({"ERROR"}, "%s has no location keys over frames %d-%d to move" % (root.name, first, last))
                return {"CANCELLED"}
            where = "over frames %d-%d (%d keys)" % (first, last, changed)
        scene.frame_set(frame)
        reached = (joint_position(armature, bone) - scene.cursor.location).length
        self.report(
            {"INFO"},
            "%s moved %.1f mm to the cursor %s, %.2f mm from it"
            % (bone.name, shift.length * 1000, where, reached * 1000),
        )
        return {"FINISHED"}


class VIEW3D_PT_mrtk_coordinates(bpy.types.Panel):
    """The MRTK tab's coordinates: the active joint and the 3D cursor in MRTK's (Unity's) metres."""

    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "MRTK"
    bl_parent_id = "VIEW3D_PT_mrtk_input_animation"
    bl_label = "MRTK Coordinates"

    def draw(self, context):
        layout = self.layout
        layout.label(text="Unity metres: X right, Y up, Z forward")
        armature, bone = _hand_joint(context)
        if bone is not None:
            x, y, z = axes.unity_from_blender(joint_position(armature, bone))
            layout.label(text="%s: %.4f, %.4f, %.4f" % (bone.name, x, y, z))
        else:
            layout.label(text="Select a hand's bone (Pose mode) to see its joint")
        layout.prop(context.scene, "mrtk_cursor")
        settings = context.scene.mrtk_pose_span
        button = layout.operator(MRTK_OT_joint_to_cursor.bl_idname, icon="PIVOT_CURSOR")
        button.span = settings.span
        button.start, button.end, button.ease = settings.start, settings.end, settings.ease


classes = (MRTK_OT_joint_to_cursor, VIEW3D_PT_mrtk_coordinates)


def register():
    bpy.types.Scene.mrtk_cursor = FloatVectorProperty(
        name="3D cursor (MRTK)",
        size=3,
        subtype="XYZ",
        unit="LENGTH",
        precision=4,
        get=_get_cursor,
        set=_set_cursor,
        description="The 3D cursor in MRTK's (Unity's) metres: X the user's right, Y up, Z forward",
    )
    for cls in classes:
        bpy.utils.register_class(cls)


def unregister():
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
    del bpy.types.Scene.mrtk_cursor
