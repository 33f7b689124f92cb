# The MRTK tab's pose operators: a library pose, a pose from a file and "Pinch over Range", each at the current
# frame or held over a span of frames with ease. The pinching state is keyed only in a new animation or when asked,
# and a change to a recorded pinch is reported with its span.
import json
import os
import tempfile

import bpy
from bpy.props import EnumProperty, FloatProperty, IntProperty, PointerProperty, StringProperty
from bpy_extras.io_utils import ImportHelper

from . import poses, profile, spans, states
from .keys import SOURCE
from .tool import InputanimError, run

SIDES = [("Left", "Left", "The left hand"), ("Right", "Right", "The right hand")]
NEAR = 24  # frames around a one-frame pose within which recorded keys make it a spike


class PoseSpan:
    """Where a pose goes and whether it keys the pinching state: the operators' properties, and the MRTK tab's
    settings (Scene.mrtk_pose_span) that its buttons pass on."""

    span: EnumProperty(
        name="Apply",
        default="FRAME",
        items=[
            (
                "FRAME",
                "At this frame",
                "Key the pose at the current frame only: on recorded motion, the recorded keys " "around it still play",
            ),
            (
                "RANGE",
                "Over a range",
                "Hold the pose from one frame to another, replacing the recorded keys there, "
                "blending in before and out after",
            ),
        ],
    )
    start: IntProperty(name="From", description="First frame the pose is held at")
    end: IntProperty(name="To", description="Last frame the pose is held at")
    ease: IntProperty(
        name="Ease",
        default=6,
        min=0,
        max=600,
        description="Frames over which the motion blends into the pose before it and out of it after",
    )
    pinching: EnumProperty(
        name="Pinching",
        default="AUTO",
        items=[
            (
                "AUTO",
                "New animation only",
                "Key the pose's pinching in a new animation (Add > MRTK Input Animation); "
                "leave a recording's as recorded",
            ),
            ("KEY", "Key it", "Key the pose's pinching (on for Pinch and Grab) where the pose applies"),
            ("KEEP", "Leave it", "Leave the pinching state as keyed"),
        ],
    )


class MRTK_PG_pose_span(bpy.types.PropertyGroup, PoseSpan):
    pass


def pass_span(button, settings):
    for name in ("span", "start", "end", "ease", "pinching"):
        setattr(button, name, getattr(settings, name))


def _is_recording(scene):
    return SOURCE in scene


def _seconds(scene, spans_):
    fps = scene.render.fps / scene.render.fps_base
    return ", ".join("%.3f-%.3f s" % (a / fps, b / fps) for a, b in spans_) or "none"


def _spike(armature, names, frame):
    """Why a pose keyed at `frame` alone is a spike: the nearest recorded keys before and after it, or ''."""
    near = spans.recorded_keys(
        armature.animation_data.action if armature.animation_data else None, names, frame - NEAR, frame + NEAR
    )
    before, after = [f for f in near if f < frame - 1e-3], [f for f in near if f > frame + 1e-3]
    if not before or not after:
        return ""
    return (
        "keyed at frame %d only: the recorded keys at frames %.1f and %.1f still play around it, so it shows "
        "for %.1f frames; Apply 'Over a range' holds it" % (frame, before[-1], after[0], after[0] - before[-1])
    )


def key_pinching(scene, armature, mode, pinching, first, last):
    """Keys `pinching` from frame `first` (to `last`, where the state goes back to what played there, when last >
    first) when `mode` asks for it; returns a note naming what changed in, or what was left of, the pinch spans."""
    ends = scene.frame_start, scene.frame_end
    before = spans.on_spans(armature, "mrtk_pinching", *ends)
    if mode == "KEEP" or (mode == "AUTO" and _is_recording(scene)):
        held = spans.state_at(armature, "mrtk_pinching", first)
        if held != pinching:
            return "pinching left as keyed (on over %s) though the pose %s: Pinching 'Key it' keys it" % (
                _seconds(scene, before),
                "pinches" if pinching else "does not",
            )
        return ""
    after = spans.state_at(armature, "mrtk_pinching", last)
    armature.mrtk_pinching = pinching
    armature.keyframe_insert("mrtk_pinching", frame=first, group="MRTK states")
    if last > first and after != pinching:
        armature.mrtk_pinching = after
        armature.keyframe_insert("mrtk_pinching", frame=last, group="MRTK states")
    scene.frame_set(scene.frame_current)
    now = spans.on_spans(armature, "mrtk_pinching", *ends)
    if now == before:
        return ""
    return "pinching was on over %s, now over %s" % (_seconds(scene, before), _seconds(scene, now))


def apply(operator, context, side, rotations, pinching, what):
    """The pose onto the hand of `side` where the operator's PoseSpan says; reports what was done."""
    armature = states.hand_armature(side)
    if armature is None:
        operator.report(
            {"ERROR"}, "no %s armature: import a recording or add an MRTK Input Animation" % profile.hand(side)
        )
        return {"CANCELLED"}
    scene = context.scene
    frame = scene.frame_current
    first, last = (frame, frame) if operator.span == "FRAME" else sorted((operator.start, operator.end))
    try:
        if operator.span == "FRAME":
            names = list(poses.pose_targets(armature, rotations))
            spike = _spike(armature, names, frame) if _is_recording(scene) else ""
            poses.apply_pose(armature, rotations, frame)
            where = "keyed at frame %d" % frame
        else:
            count, replaced = poses.hold_pose(armature, rotations, first, last, operator.ease, operator.ease)
            names, spike = range(count), ""
            where = "held over frames %d-%d, easing %d (%d recorded keys replaced)" % (
                first,
                last,
                operator.ease,
                replaced,
            )
    except ValueError as error:
        operator.report({"ERROR"}, str(error))
        return {"CANCELLED"}
    note = key_pinching(scene, armature, operator.pinching, pinching, first, last) if pinching is not None else ""
    scene.frame_set(frame)
    message = "%s: %d bones of the %s hand %s" % (what, len(names), side.lower(), where)
    warnings = [w for w in (spike, note) if w]
    operator.report({"WARNING"} if warnings else {"INFO"}, "; ".join([message] + warnings))
    return {"FINISHED"}


def _library_items(self, context):
    return [(name, name, "MRTK's %s hand pose" % name) for name in poses.library()] or [("", "(none packed)", "")]


class MRTK_OT_apply_pose(bpy.types.Operator, PoseSpan):
    """Pose the hand's fingers as one of MRTK's hand poses (the wrist stays), at the current frame or held over a
    range"""

    bl_idname = "mrtk.apply_pose"
    bl_label = "Apply MRTK Hand Pose"
    bl_options = {"REGISTER", "UNDO"}
    side: EnumProperty(name="Hand", items=SIDES)
    pose: EnumProperty(name="Pose", items=_library_items)

    def execute(self, context):
        entry = poses.library().get(self.pose)
        if entry is None:
            self.report(
                {"ERROR"}, "no pose '%s' in the add-on (packed without ../shared/samples/mrtk-hand-poses?)" % self.pose
            )
            return {"CANCELLED"}
        rotations = poses.for_side(entry["joints"], mirror=self.side == "Left")
        return apply(self, context, self.side, rotations, entry["pinching"], self.pose)


def _sample_pose(context, path, animation, time):
    """(the file's animation names, its sampled frame at `time`) by `inputanim info` and `inputanim sample`."""
    info = json.loads(run(context, "info", path, "--json", allowed=(0, 5))[0])
    names = [a["name"] for a in info.get("input", {}).get("animations", [])]
    with tempfile.TemporaryDirectory(prefix="inputanim-") as folder:
        times = os.path.join(folder, "times.txt")
        with open(times, "w") as out:
            out.write("%r\n" % time)
        arguments = [path, "--format", "json", "--times", times] + (["--animation", animation] if animation else [])
        return names, json.loads(run(context, "sample", *arguments)[0])["frames"][0]


class MRTK_OT_pose_from_file(bpy.types.Operator, ImportHelper, PoseSpan):
    """Pose the hand's fingers as a hand rig's file (glTF or a recording) does at the animation and time you name:
    its hand of this side, else the other one mirrored"""

    bl_idname = "mrtk.pose_from_file"
    bl_label = "Pose from File"
    bl_options = {"REGISTER", "UNDO"}
    filter_glob: StringProperty(default="*.glb;*.gltf;*.bin", options={"HIDDEN"})
    side: EnumProperty(name="Hand", items=SIDES, description="The hand to pose")
    animation: StringProperty(
        name="Animation",
        description="The file's animation, by name or index (empty: the " "first; the report lists them)",
    )
    time: FloatProperty(name="Time", min=0, description="Seconds into the animation")

    def invoke(self, context, event):
        self.filepath = ""  # not the .blend's name: a file to read, not to write
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        try:
            names, frame = _sample_pose(context, self.filepath, self.animation, self.time)
        except (InputanimError, OSError, ValueError) as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        own = frame.get(self.side.lower())
        other = frame.get("right" if self.side == "Left" else "left")
        hand = own if poses.posed(own) else other if poses.posed(other) else None
        if hand is None:
            self.report(
                {"ERROR"},
                "%s holds no hand pose at %g s: neither hand's wrist has keys there (%s)"
                % (
                    os.path.basename(self.filepath),
                    self.time,
                    "pick another time or animation" if names else "pick another time",
                ),
            )
            return {"CANCELLED"}
        joints = hand["joints"]
        rotations = {n: j["rotation"] for n, j in joints.items() if j and j.get("rotation")}
        rotations = poses.for_side(rotations, mirror=hand is not own)
        what = "%s '%s'" % (os.path.basename(self.filepath), self.animation or (names[0] if names else "pose"))
        result = apply(self, context, self.side, rotations, hand.get("pinching") or poses.pinched(joints), what)
        if names and not self.animation and len(names) > 1:
            self.report(
                {"INFO"},
                "%s holds %d animations: %s"
                % (
                    os.path.basename(self.filepath),
                    len(names),
                    ", ".join(names[:12]) + (" ..." if len(names) > 12 else ""),
                ),
            )
        return result


class MRTK_OT_pinch_over_range(bpy.types.Operator):
    """Pinch from one frame to the release at another: the fingers take MRTK's Pinch pose (closing over the frames
    before), the hand pinches until the release, then the fingers open over the frames after: back into the
    recorded motion, or to MRTK's Open pose in a new animation"""

    bl_idname = "mrtk.pinch_over_range"
    bl_label = "Pinch over Range"
    bl_options = {"REGISTER", "UNDO"}
    side: EnumProperty(name="Hand", items=SIDES)
    start: IntProperty(name="Press", description="The frame the pinch starts (pinching on)")
    end: IntProperty(name="Release", description="The frame the pinch is released (pinching off)")
    ease: IntProperty(
        name="Close over", default=6, min=0, max=600, description="Frames before the press over which the fingers close"
    )
    release: IntProperty(
        name="Open over", default=12, min=1, max=600, description="Frames after the release over which the fingers open"
    )

    def invoke(self, context, event):
        settings = context.scene.mrtk_pose_span
        self.start, self.end = sorted((settings.start, settings.end))
        if self.start == self.end:
            self.start, self.end = context.scene.frame_current, context.scene.frame_current + context.scene.render.fps
        return context.window_manager.invoke_props_dialog(self)

    def execute(self, context):
        scene, armature = context.scene, states.hand_armature(self.side)
        entry = poses.library().get("Pinch")
        if armature is None or entry is None:
            self.report(
                {"ERROR"},
                "no %s armature" % profile.hand(self.side)
                if armature is None
                else "no Pinch pose in the add-on (packed without ../shared/samples/mrtk-hand-poses?)",
            )
            return {"CANCELLED"}
        first, last = sorted((self.start, self.end))
        if last <= first:
            self.report({"ERROR"}, "the release (frame %d) must come after the press (frame %d)" % (last, first))
            return {"CANCELLED"}
        opened = poses.library().get("Open") if not _is_recording(scene) else None
        mirror = self.side == "Left"
        try:
            rotations = poses.for_side(entry["joints"], mirror)
            out = 0 if opened else self.release
            count, replaced = poses.hold_pose(armature, rotations, first, last, self.ease, out)
            if opened:  # no recorded motion to open back into: MRTK's Open pose, reached over the release frames
                poses.hold_pose(
                    armature,
                    poses.for_side(opened["joints"], mirror),
                    last + self.release,
                    last + self.release,
                    self.release,
                    0,
                )
        except ValueError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        note = key_pinching(scene, armature, "KEY", True, first, last)
        if spans.state_at(armature, "mrtk_pinching", last):  # a recorded pinch went on past the release
            armature.mrtk_pinching = False
            armature.keyframe_insert("mrtk_pinching", frame=last, group="MRTK states")
        untracked = [f for f in range(first, last + 1) if not spans.state_at(armature, "mrtk_tracked", f)]
        warnings = [note] if note else []
        if untracked:
            warnings.append(
                "the hand is untracked at frames %d-%d, where MRTK plays no pinch" % (untracked[0], untracked[-1])
            )
        scene.frame_set(scene.frame_current)
        self.report(
            {"WARNING"} if warnings else {"INFO"},
            "; ".join(
                [
                    "%s hand pinches over frames %d-%d (%d bones, %d recorded keys replaced)"
                    % (self.side, first, last, count, replaced)
                ]
                + warnings
            ),
        )
        return {"FINISHED"}


def draw_pose_rows(layout, side, scene):
    """A hand's pose buttons in the MRTK tab: each passes on the tab's span settings."""
    names = list(poses.library())
    settings = scene.mrtk_pose_span
    if names:
        grid = layout.grid_flow(columns=2, align=True)
        for name in names:
            button = grid.operator(MRTK_OT_apply_pose.bl_idname, text=name)
            button.side, button.pose = side, name
            pass_span(button, settings)
    else:
        layout.label(text="No pose library packed", icon="INFO")
    column = layout.column(align=True)
    button = column.operator(MRTK_OT_pose_from_file.bl_idname, icon="FILEBROWSER")
    button.side = side
    pass_span(button, settings)
    if names:
        button = column.operator(MRTK_OT_pinch_over_range.bl_idname, icon="HAND")
        button.side, button.start, button.end = side, settings.start, settings.end


def draw_span(layout, scene):
    """The tab's span settings, which its pose buttons use."""
    settings = scene.mrtk_pose_span
    box = layout.box()
    box.label(text="Poses apply:")
    column = box.column(align=True)
    column.row(align=True).prop(settings, "span", expand=True)
    if settings.span == "RANGE":
        column.prop(settings, "start", text="From frame")
        column.prop(settings, "end", text="To frame")
        column.prop(settings, "ease", text="Ease frames")
    box.label(text="Pinching state:")
    box.prop(settings, "pinching", text="")


classes = (MRTK_PG_pose_span, MRTK_OT_apply_pose, MRTK_OT_pose_from_file, MRTK_OT_pinch_over_range)


def register():
    for cls in classes:
        bpy.utils.register_class(cls)
    bpy.types.Scene.mrtk_pose_span = PointerProperty(type=MRTK_PG_pose_span)
    states.POSE_ROWS.append(draw_pose_rows)
    states.PANEL_TOP.append(draw_span)


def unregister():
    states.PANEL_TOP.remove(draw_span)
    states.POSE_ROWS.remove(draw_pose_rows)
    del bpy.types.Scene.mrtk_pose_span
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
