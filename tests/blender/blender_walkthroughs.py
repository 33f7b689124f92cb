# Run inside Blender: the two walkthroughs of docs/edit-in-blender.md, step by step as written there, through the
# operators the MRTK tab's buttons call, then checked against MRTK's own reader (with ../shared/mrtk-reader):
# "Press a button at MRTK coordinates": the right index tip held at MRTK (0.1, 1.4, 0.45) over 0.75-1 s, within 1 mm.
# "Pinch, drag, release": pinching 1-2 s, tips under 20 mm apart there, the index tip dragged 20 cm to the user's
# right (MRTK +X) within 2 mm, and the hand open again (tips over 30 mm apart) by 2.2 s. Also: the export dialog of
# a new animation offers no original.
# blender -b --factory-startup --python blender_walkthroughs.py -- ADDON.zip INPUTANIM WORK_DIR SHARED BUILD_DIR
#     [--case NAME]...   (each walkthrough, and the dialog, is a named case: blender_support.Cases)
import json
import math
import os
import subprocess
import sys
import types

import bpy
from mathutils import Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_support import Cases, Expectations, install_addon, script_arguments  # noqa: E402 (path first)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "interop"))
from mrtk_play import play  # noqa: E402 (MRTK's reader, shared with interop_mrtk)

(addon_zip, tool, work, shared, build), names = script_arguments()
checks = Expectations()
expect = checks.expect
cases = Cases(checks)
install_addon(addon_zip, tool)
from inputanim_blender import EXPORT_SCENE_OT_mrtk_input_animation as Export  # noqa: E402 (installed above)


def new_animation():
    bpy.ops.wm.read_homefile(use_factory_startup=True)
    bpy.ops.object.mrtk_input_animation_add()
    return bpy.context.scene, bpy.data.objects["Hand_Right"]


def key_tracked(scene, hand, frame, on):
    scene.frame_set(frame)
    hand.mrtk_tracked = on
    bpy.ops.mrtk.key_state(side="Right", state="tracked")


def pose_mode(hand, bone):
    bpy.context.view_layer.objects.active = hand
    bpy.ops.object.mode_set(mode="POSE")
    for b in hand.data.bones:
        b.select = b.name == bone
    hand.data.bones.active = hand.data.bones[bone]


def joint(frame, name, side="right"):
    return frame[side]["joints"][joint_names(frame["file"])[name]][:3]


def joint_names(file, known={}):
    """The index of each joint in `inputanim sample`'s frames of `file` (MRTK's reader gives them in that order)."""
    if file not in known:
        sample = subprocess.run(
            [tool, "sample", file, "--format", "json", "--start", "0", "--end", "0"],
            capture_output=True,
            text=True,
            check=True,
        )
        known[file] = {name: k for k, name in enumerate(json.loads(sample.stdout)["frames"][0]["right"]["joints"])}
    return known[file]


def played(file):
    """MRTK's reader's frames of `file`, each with its file's name; None without the reader."""
    mrtk = play(file, shared, build)
    if mrtk is None:
        print("walkthroughs: MRTK's reader not run (no ../shared/mrtk-reader or mono)")
        return None
    expect(
        mrtk["accepted"] and mrtk["bytes_consumed"] == mrtk["file_size"],
        "MRTK does not load it: %s" % mrtk.get("error"),
    )
    for frame in mrtk["frames"]:
        frame["file"] = file
    return mrtk


@cases.case()
def press_a_button():
    # Press a button at MRTK coordinates.
    scene, hand = new_animation()
    key_tracked(scene, hand, 60, True)  # 2. frame 60: Tracked, Key
    bpy.ops.mrtk.apply_pose(side="Right", pose="Point")  # 3. Point
    pose_mode(hand, "Hand_Right_IndexTip")  # 4. Pose mode, the index tip
    scene.mrtk_cursor = (0.1, 1.4, 0.45)  # 5. the button, in MRTK's metres
    for frame in (90, 120):  # 6. Move Joint to Cursor at 90 and 120
        scene.frame_set(frame)
        bpy.ops.mrtk.joint_to_cursor()
    bpy.ops.object.mode_set(mode="OBJECT")
    key_tracked(scene, hand, 150, False)  # 7. frame 150: untracked
    press = os.path.join(work, "press.bin")
    bpy.ops.export_scene.mrtk_input_animation(filepath=press)  # 8. export

    pressed = played(press)
    if pressed is not None:
        off = max(
            math.dist(joint(f, "IndexTip"), (0.1, 1.4, 0.45)) for f in pressed["frames"] if 0.75 <= f["time"] <= 1.0
        )
        tracked = [f["time"] for f in pressed["frames"] if f["right"]["tracked"]]
        expect(off < 1e-3, "the pressed index tip is %.2f mm off the button" % (off * 1000))
        expect(
            tracked and abs(tracked[0] - 0.5) < 0.01 and abs(tracked[-1] - 1.25) < 0.01,
            "tracked %s-%s" % (tracked[:1], tracked[-1:]),
        )
        print("walkthroughs: the tip %.2f mm off the button" % (off * 1000))


@cases.case()
def pinch_drag_release():
    # Pinch, drag, release.
    scene, hand = new_animation()
    key_tracked(scene, hand, 60, True)  # 2. frame 60: Tracked, Key
    settings = scene.mrtk_pose_span  # 3. Apply: Over a range, 120-240
    settings.span, settings.start, settings.end = "RANGE", 120, 240
    bpy.ops.mrtk.pinch_over_range(side="Right", start=settings.start, end=settings.end)  # 4. Pinch over Range
    pose_mode(hand, "Hand_Right_Wrist")  # 5. the wrist: keyed where it is at 120,
    wrist = hand.pose.bones["Hand_Right_Wrist"]
    scene.frame_set(120)
    wrist.keyframe_insert("location")
    scene.frame_set(240)  #    and 20 cm to the user's right (Blender -X) at 240
    matrix = wrist.matrix.copy()
    matrix.translation += hand.matrix_world.inverted().to_3x3() @ Vector((-0.2, 0, 0))
    wrist.matrix = matrix
    wrist.keyframe_insert("location")
    bpy.ops.object.mode_set(mode="OBJECT")
    key_tracked(scene, hand, 300, False)  # 6. frame 300: untracked
    drag = os.path.join(work, "drag.bin")
    bpy.ops.export_scene.mrtk_input_animation(filepath=drag)

    dragged = played(drag)
    if dragged is not None:
        at = {round(f["time"] * 120): f for f in dragged["frames"]}
        pinching = [f["time"] for f in dragged["frames"] if f["right"]["pinching"]]
        gaps = [math.dist(joint(at[k], "IndexTip"), joint(at[k], "ThumbTip")) for k in range(120, 240)]
        moved = [b - a for a, b in zip(joint(at[120], "IndexTip"), joint(at[240], "IndexTip"))]
        opened = math.dist(joint(at[264], "IndexTip"), joint(at[264], "ThumbTip"))
        expect(
            pinching and abs(pinching[0] - 1) < 0.01 and abs(pinching[-1] - 2) < 0.01,
            "pinching %s-%s" % (pinching[:1], pinching[-1:]),
        )
        expect(max(gaps) < 0.02, "the tips are up to %.1f mm apart while pinching" % (max(gaps) * 1000))
        expect(
            math.dist(moved, (0.2, 0, 0)) < 2e-3, "the drag moved the index tip by %s m" % [round(v, 4) for v in moved]
        )
        expect(opened > 0.03, "the tips are %.1f mm apart after the release" % (opened * 1000))
        print(
            "walkthroughs: the drag %s m with the tips %.1f mm apart; %.1f mm after"
            % ([round(v, 4) for v in moved], max(gaps) * 1000, opened * 1000)
        )


class Layout:
    """What a dialog's draw() asks of its layout, recorded (a headless Blender draws no dialog)."""

    use_property_split = use_property_decorate = enabled = False

    def __init__(self):
        self.props, self.labels = [], []

    def prop(self, data, name, **options):
        self.props.append(name)

    def label(self, text="", **options):
        self.labels.append(text)

    def row(self, **options):
        return self


@cases.case()
def new_animation_export_dialog():
    new_animation()
    # The export dialog of a new animation offers its format and markers, and no original to keep keys from.
    dialog = types.SimpleNamespace(layout=Layout(), base="", use_base=True)
    Export.draw(dialog, bpy.context)
    expect(
        dialog.layout.props == ["format_version", "markers"] and any("no original" in t for t in dialog.layout.labels),
        "the new animation's export dialog draws %s" % dialog.layout.props,
    )


cases.run(names)
checks.verdict("blender-walkthroughs")
