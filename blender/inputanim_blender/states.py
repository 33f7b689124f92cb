# The hands' tracked and pinching states as keyable Boolean properties of each hand's armature (Hand_Left,
# Hand_Right), shown and keyed in the 3D view's sidebar (the "MRTK" tab). Scenes made by add-on 0.4 and older key
# the states as scales (the armature's, and the Hand_*_Pinching object's); the export still reads those.
import bpy
from bpy.props import BoolProperty, EnumProperty

from . import profile, scene_glb

FLAG = "inputanim_states"  # armature property: its states are mrtk_tracked and mrtk_pinching, not scales


def uses_properties(armature):
    return bool(armature.get(FLAG))


def _scale_keys(obj):
    """(frame, 0 or 1) of an object's x scale keys, and takes the scale keys away (the scale goes back to 1)."""
    action = obj.animation_data.action if obj and obj.animation_data else None
    if action is None:
        return []
    curves = [c for c in action.fcurves if c.data_path == "scale"]
    keys = [
        (k.co[0], profile.state_value(profile.state_on(k.co[1])))
        for c in curves
        if c.array_index == 0
        for k in c.keyframe_points
    ]
    for c in curves:
        action.fcurves.remove(c)
    obj.scale = (1, 1, 1)
    return keys


def _key_property(armature, name, keys):
    """Constant keys of a Boolean property, in one F-curve of the armature's action."""
    if not keys:
        return
    if armature.animation_data is None:
        armature.animation_data_create()
    if armature.animation_data.action is None:
        armature.animation_data.action = bpy.data.actions.new(armature.name + "_States")
    action = armature.animation_data.action
    curve = action.fcurves.find(name) or action.fcurves.new(name, action_group="MRTK states")
    curve.keyframe_points.add(len(keys))
    curve.keyframe_points.foreach_set("co", [v for key in keys for v in key])
    for point in curve.keyframe_points:
        point.interpolation = "CONSTANT"
    curve.update()


def drive_pinch_marker(armature):
    """The hand's pinch marker (a small sphere at the thumb tip) is shown at full size while the hand pinches."""
    marker = bpy.data.objects.get(profile.pinching(armature.name))
    if marker is None:
        return
    for axis in range(3):
        driver = marker.driver_add("scale", axis).driver
        driver.type = "SCRIPTED"
        variable = driver.variables.new()
        variable.name = "pinching"
        variable.targets[0].id = armature
        variable.targets[0].data_path = "mrtk_pinching"
        driver.expression = "1.0 if pinching else 0.0"


def adopt(objects):
    """Moves the imported scale-keyed states of each hand armature among `objects` onto its Boolean properties."""
    for armature in [o for o in objects if o.type == "ARMATURE" and o.name in profile.hands()]:
        tracked = _scale_keys(armature)
        pinching = _scale_keys(bpy.data.objects.get(profile.pinching(armature.name)))
        armature.mrtk_tracked = bool(tracked and tracked[0][1])
        armature.mrtk_pinching = bool(pinching and pinching[0][1])
        _key_property(armature, "mrtk_tracked", tracked)
        _key_property(armature, "mrtk_pinching", pinching)
        drive_pinch_marker(armature)
        armature[FLAG] = 1


def state_readers(objects):
    """(node name, function giving 0 or 1 at the current frame) for every state among `objects`: the properties
    of armatures that use them, else the scales of the profile's state objects."""
    readers = []
    by_property = {o.name for o in objects if o.type == "ARMATURE" and uses_properties(o)}
    for o in objects:
        if o.name in by_property:
            readers.append((o.name, lambda o=o: profile.state_value(o.mrtk_tracked)))
            readers.append((profile.pinching(o.name), lambda o=o: profile.state_value(o.mrtk_pinching)))
        elif scene_glb.is_state_object(o.name) and profile.hand(profile.side_of(o.name)) not in by_property:
            readers.append((o.name, lambda o=o: profile.state_value(profile.state_on(o.scale[0]))))
    return readers


def hand_armature(side):
    """The armature of the hand of `side` ("Left", "Right"), or None."""
    obj = bpy.data.objects.get(profile.hand(side))
    return obj if obj is not None and obj.type == "ARMATURE" else None


class MRTK_OT_key_state(bpy.types.Operator):
    """Key the hand's tracked or pinching state, as it is now, at the current frame"""

    bl_idname = "mrtk.key_state"
    bl_label = "Key MRTK State"
    bl_options = {"REGISTER", "UNDO"}
    side: EnumProperty(items=[("Left", "Left", ""), ("Right", "Right", "")])
    state: EnumProperty(items=[("tracked", "Tracked", ""), ("pinching", "Pinching", "")])

    def execute(self, context):
        armature = hand_armature(self.side)
        if armature is None:
            self.report(
                {"ERROR"}, "no %s armature: import a recording or add an MRTK Input Animation" % profile.hand(self.side)
            )
            return {"CANCELLED"}
        if not uses_properties(armature):  # an older scene: its scale keys become the properties' keys first
            now = getattr(armature, "mrtk_" + self.state)
            adopt([armature])
            setattr(armature, "mrtk_" + self.state, now)
        armature.keyframe_insert("mrtk_" + self.state, frame=context.scene.frame_current, group="MRTK states")
        self.report(
            {"INFO"},
            "%s hand %s %s at frame %d"
            % (
                self.side.lower(),
                self.state,
                "on" if getattr(armature, "mrtk_" + self.state) else "off",
                context.scene.frame_current,
            ),
        )
        return {"FINISHED"}


class VIEW3D_PT_mrtk_input_animation(bpy.types.Panel):
    """The sidebar's MRTK tab: each hand's states at the current frame, keyable, and the pose library."""

    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "MRTK"
    bl_label = "MRTK Input Animation"

    def draw(self, context):
        layout = self.layout
        found = False
        if any(hand_armature(side) for side in ("Left", "Right")):
            for draw in PANEL_TOP:
                draw(layout, context.scene)
        for side in ("Left", "Right"):
            armature = hand_armature(side)
            if armature is None:
                continue
            found = True
            box = layout.box()
            box.label(text="%s hand" % side, icon="VIEW_PAN")
            row = box.row(align=True)
            row.prop(armature, "mrtk_tracked")
            key = row.operator(MRTK_OT_key_state.bl_idname, text="Key", icon="KEY_HLT")
            key.side, key.state = side, "tracked"
            row = box.row(align=True)
            row.prop(armature, "mrtk_pinching")
            key = row.operator(MRTK_OT_key_state.bl_idname, text="Key", icon="KEY_HLT")
            key.side, key.state = side, "pinching"
            for draw in POSE_ROWS:
                draw(box, side, context.scene)
        if not found:
            layout.label(text="No MRTK hands in this scene")
            layout.operator("object.mrtk_input_animation_add", icon="ADD")
        else:
            layout.operator("mrtk.offset_over_range", icon="IPO_EASE_IN_OUT")


POSE_ROWS = []  # callables (layout, side, scene) that the pose operators add to each hand's box
PANEL_TOP = []  # callables (layout, scene) drawn above the hands' boxes

classes = (MRTK_OT_key_state, VIEW3D_PT_mrtk_input_animation)


def register():
    bpy.types.Object.mrtk_tracked = BoolProperty(
        name="Tracked", description="MRTK tracks this hand (keyable)", options={"ANIMATABLE"}
    )
    bpy.types.Object.mrtk_pinching = BoolProperty(
        name="Pinching", description="This hand pinches (keyable)", options={"ANIMATABLE"}
    )
    for cls in classes:
        bpy.utils.register_class(cls)


def unregister():
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
    del bpy.types.Object.mrtk_pinching
    del bpy.types.Object.mrtk_tracked
