# The add-on's operators in the 3D view's Object and Pose menus (Object > MRTK Input Animation), where Blender's
# menu search (F3) finds them. Pose buttons take the MRTK tab's span settings, as the tab's own buttons do.
import bpy

from . import pose_ops, poses


def _pose_items(layout, context, side):
    settings = context.scene.mrtk_pose_span
    for name in poses.library():
        button = layout.operator(pose_ops.MRTK_OT_apply_pose.bl_idname, text="%s: %s" % (side, name))
        button.side, button.pose = side, name
        pose_ops.pass_span(button, settings)
    button = layout.operator(pose_ops.MRTK_OT_pose_from_file.bl_idname, text="%s: Pose from File..." % side)
    button.side = side
    pose_ops.pass_span(button, settings)
    layout.operator(pose_ops.MRTK_OT_pinch_over_range.bl_idname, text="%s: Pinch over Range..." % side).side = side
    for state in ("tracked", "pinching"):
        button = layout.operator("mrtk.key_state", text="%s: Key %s" % (side, state.capitalize()))
        button.side, button.state = side, state


class VIEW3D_MT_mrtk_left(bpy.types.Menu):
    bl_label = "Left Hand"

    def draw(self, context):
        _pose_items(self.layout, context, "Left")


class VIEW3D_MT_mrtk_right(bpy.types.Menu):
    bl_label = "Right Hand"

    def draw(self, context):
        _pose_items(self.layout, context, "Right")


class VIEW3D_MT_mrtk(bpy.types.Menu):
    bl_label = "MRTK Input Animation"

    def draw(self, context):
        layout = self.layout
        layout.menu(VIEW3D_MT_mrtk_left.__name__)
        layout.menu(VIEW3D_MT_mrtk_right.__name__)
        layout.separator()
        layout.operator("mrtk.offset_over_range")
        layout.operator("mrtk.joint_to_cursor")
        layout.operator("object.mrtk_input_animation_add", text="Add MRTK Input Animation")


def _menu(self, context):
    self.layout.separator()
    self.layout.menu(VIEW3D_MT_mrtk.__name__)


classes = (VIEW3D_MT_mrtk_left, VIEW3D_MT_mrtk_right, VIEW3D_MT_mrtk)


def register():
    for cls in classes:
        bpy.utils.register_class(cls)
    bpy.types.VIEW3D_MT_object.append(_menu)
    bpy.types.VIEW3D_MT_pose.append(_menu)


def unregister():
    bpy.types.VIEW3D_MT_pose.remove(_menu)
    bpy.types.VIEW3D_MT_object.remove(_menu)
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
