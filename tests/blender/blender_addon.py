# Run inside Blender: the add-on end to end, as a user would. Installs it from its zip, imports a recording, checks
# the rig and the scene, exports it unedited, bends the left index finger at the knuckle over the whole recording and
# exports that. The shell driver (run.sh) compares the outputs with the recording.
# blender -b --factory-startup --python blender_addon.py -- ADDON.zip INPUTANIM RECORDING.bin UNEDITED.bin EDITED.bin|-
#     [--case NAME]...
# (- leaves out the edit, and exports a second time without the original, to UNEDITED-nobase.bin.) The edit also adds
# a marker "bend" at frame 240 (2 s). Then the middle knuckle is curled at 5 s and offset over 4-6 s
# (EDITED-offset.bin), and the ring knuckle curled on an NLA layer (EDITED-nla.bin). Each step is a named case
# (blender_support.Cases): `--case NAME` runs that one, after the cases it needs.
import math
import os
import subprocess
import sys
import types

import bpy
from mathutils import Quaternion

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_support import Cases, Expectations, install_addon, script_arguments  # noqa: E402 (path first)

(addon_zip, tool, recording, unedited, edited), names = script_arguments()
checks = Expectations()
expect, failures = checks.expect, checks.failures
cases = Cases(checks)
preferences = install_addon(addon_zip, tool)
from inputanim_blender import poses  # noqa: E402 (installed just now)

state = types.SimpleNamespace()  # what the import case leaves for the others: the scene and the left hand's armature


@cases.case()
def missing_executable():
    # A missing executable is an error message, not a traceback.
    preferences.executable = "/nonexistent/inputanim"
    try:
        bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
        failures.append("import with a missing executable succeeded")
    except RuntimeError as error:
        expect("inputanim executable not found" in str(error), "unclear error for a missing executable: %s" % error)
    preferences.executable = tool


@cases.case()
def import_into_startup_scene():
    # Into Blender's startup scene, as a user would: its "Camera" gives up the name the recording's head needs.
    bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
    scene = bpy.context.scene
    expect(bpy.data.objects.get("Camera_previous") is not None, "the startup scene's camera was not renamed")
    expect(bpy.data.objects["Cube"].hide_get(), "the startup cube, around the hands, is still shown")
    fps = scene.render.fps / scene.render.fps_base
    expect(fps == 120, "scene at %g fps" % fps)
    expect(
        scene.frame_start == 0 and scene.frame_end >= 120, "frame range %d-%d" % (scene.frame_start, scene.frame_end)
    )
    expect(scene.camera is not None and scene.camera.type == "CAMERA", "the head camera is not the scene camera")
    state.scene, state.arm = scene, bpy.data.objects.get("Hand_Left")
    print(
        "blender-addon: imported %d markers, frames %d-%d"
        % (len(scene.timeline_markers), scene.frame_start, scene.frame_end)
    )


@cases.case("import_into_startup_scene")
def rig():
    arm = state.arm
    expect(arm is not None and arm.type == "ARMATURE", "no Hand_Left armature")
    if arm is not None and arm.type == "ARMATURE":
        bones = arm.data.bones
        expect(len(bones) == 26, "Hand_Left has %d bones" % len(bones))
        chain = []
        bone = bones.get("Hand_Left_IndexTip")
        while bone is not None:
            chain.append(bone.name.replace("Hand_Left_", ""))
            bone = bone.parent
        expect(
            chain == ["IndexTip", "IndexDistalJoint", "IndexMiddleJoint", "IndexKnuckle", "IndexMetacarpal", "Wrist"],
            "index finger chain %s" % chain,
        )
        lengths = [b.length for b in bones if not b.name.endswith("Tip")]
        expect(
            0.002 <= min(lengths) and max(lengths) <= 0.12, "bone lengths %.4f-%.4f m" % (min(lengths), max(lengths))
        )
        tips = [b.length for b in bones if b.name.endswith("Tip")]
        expect(
            len(tips) == 5 and max(tips) <= 0.005, "fingertip bones drawn %.1f mm past the tips" % (max(tips) * 1000)
        )
        for name in ("Hand_Left_IndexMiddleJoint", "Hand_Left_MiddleKnuckle"):  # bones along their finger
            b = bones[name]
            child = b.children[0]
            along = (child.head_local - b.head_local).normalized().dot((b.tail_local - b.head_local).normalized())
            expect(along > 0.99, "%s does not point at %s (cos %.3f)" % (name, child.name, along))


@cases.case("import_into_startup_scene")
def export_unedited():
    bpy.ops.export_scene.mrtk_input_animation(filepath=unedited)
    if edited == "-":  # also without the original: the source's format version and layout are kept
        bpy.ops.export_scene.mrtk_input_animation(filepath=unedited.replace(".bin", "-nobase.bin"), use_base=False)


@cases.case("import_into_startup_scene")
def bend_index_knuckle():
    scene, arm = state.scene, state.arm
    # Bend the index finger 25 degrees at the knuckle on every key: the bones below it follow.
    path = 'pose.bones["Hand_Left_IndexKnuckle"].rotation_quaternion'
    action = arm.animation_data.action
    curves = [action.fcurves.find(path, index=i) for i in range(4)]
    expect(all(curves), "no rotation keys on the knuckle")
    bend = Quaternion((0, 0, 1), math.radians(25))  # curling a finger: local Z of these bones
    for k in range(len(curves[0].keyframe_points)):
        q = Quaternion([c.keyframe_points[k].co[1] for c in curves]) @ bend
        for i, c in enumerate(curves):
            c.keyframe_points[k].co[1] = q[i]
    for c in curves:
        c.update()
    scene.timeline_markers.new("bend", frame=240)
    scene.timeline_markers.new("_working", frame=300)  # a working marker: stays in Blender
    bpy.ops.export_scene.mrtk_input_animation(filepath=edited)


@cases.case("bend_index_knuckle")
def offset_over_range():
    scene, arm = state.scene, state.arm
    action = arm.animation_data.action
    # Recorded motion edited as a user would: the middle knuckle curled 30 degrees at 5 s (not keyed), then Offset over
    # Range between two markers at 4 s and 6 s, easing over 24 frames. EDITED-offset.bin differs from EDITED between
    # them only.
    scene.frame_set(600)
    knuckle = arm.pose.bones["Hand_Left_MiddleKnuckle"]
    knuckle.rotation_quaternion = knuckle.rotation_quaternion @ Quaternion((0, 0, 1), math.radians(30))
    scene.timeline_markers.new("from", frame=480)
    scene.timeline_markers.new("to", frame=720)
    bpy.context.view_layer.objects.active = arm
    bpy.ops.mrtk.offset_over_range(start="from", end="to", ease=24)
    expect(
        abs(
            knuckle.rotation_quaternion.rotation_difference(
                Quaternion(
                    [
                        c.evaluate(600)
                        for c in [
                            action.fcurves.find('pose.bones["Hand_Left_MiddleKnuckle"].rotation_quaternion', index=i)
                            for i in range(4)
                        ]
                    ]
                )
            ).angle
        )
        < 1e-4,
        "the offset is not in the keys at 5 s",
    )
    bpy.ops.export_scene.mrtk_input_animation(filepath=edited.replace(".bin", "-offset.bin"))


@cases.case("offset_over_range")
def poses_on_recorded_motion():
    scene, arm = state.scene, state.arm
    # Poses on recorded motion: "Point" clicked at 5.5 s alone (inside the recorded pinch 4.969-6.468 s) says it is a
    # spike and keeps the pinch; then held over 5-6 s (frames 600-720), easing over 12 frames: EDITED-pose.bin. Offset
    # over Range with no change says so. Then "Pinch over Range" on the left hand, press at 2 s, release at 3 s:
    # EDITED-pinch.bin. The shell checks these with MRTK's reader.
    if "Point" in poses.library():
        scene.frame_set(660)
        bpy.ops.mrtk.apply_pose(side="Left", pose="Point")
        expect(arm.mrtk_pinching, "a pose button at 5.5 s ended the recorded pinch")
        bpy.ops.mrtk.apply_pose(side="Left", pose="Point", span="RANGE", start=600, end=720, ease=12)
        bpy.ops.export_scene.mrtk_input_animation(filepath=edited.replace(".bin", "-pose.bin"))
        expect(
            bpy.ops.mrtk.offset_over_range(start="from", end="to", ease=0) == {"CANCELLED"},
            "Offset over Range with nothing changed did not say so",
        )
        bpy.ops.mrtk.pinch_over_range(side="Left", start=240, end=360, ease=6, release=12)
        bpy.ops.export_scene.mrtk_input_animation(filepath=edited.replace(".bin", "-pinch.bin"))


@cases.case("offset_over_range")
def locked_view():
    scene = state.scene
    # The frustum (Camera_View) is locked; keyed all the same, the export says that it does not read it.
    view = bpy.data.objects["Camera_View"]
    expect(all(view.lock_rotation) and all(view.lock_location), "Camera_View's transforms are not locked")
    view.keyframe_insert("rotation_euler", frame=0)
    for marker in scene.timeline_markers:  # and only the selected marker "from" exported
        marker.select = marker.name == "from"
    bpy.ops.export_scene.mrtk_input_animation(filepath=edited.replace(".bin", "-view.bin"), markers="SELECTED")
    view.animation_data_clear()
    expect(
        any(f.__name__ == "_menu" for f in bpy.types.VIEW3D_MT_object._dyn_ui_initialize()),
        "the add-on's operators are in no menu of the Object menu",
    )


@cases.case("locked_view")
def nla_layer():
    scene, arm = state.scene, state.arm
    # An edit on an NLA layer above the recorded action (blended with Combine), as Blender users layer edits: the ring
    # knuckle keyed on the layer. EDITED-nla.bin must be what Blender shows: the turn of the ring knuckle at 5 s that
    # Blender shows goes to EDITED-nla.txt (degrees) for the shell to compare with the export.
    scene.frame_set(600)
    ring_before = arm.pose.bones["Hand_Left_RingKnuckle"].matrix.to_quaternion()
    data = arm.animation_data
    data.nla_tracks.new().strips.new("recorded", 0, data.action)
    data.action = bpy.data.actions.new("layer")
    data.action_blend_type = "COMBINE"
    ring = arm.pose.bones["Hand_Left_RingKnuckle"]
    ring.rotation_quaternion = Quaternion((0, 0, 1), math.radians(20))
    ring.keyframe_insert("rotation_quaternion", frame=0)
    scene.frame_set(601)
    scene.frame_set(600)
    with open(edited.replace(".bin", "-nla.txt"), "w") as out:
        out.write("%.6f\n" % math.degrees(ring_before.rotation_difference(ring.matrix.to_quaternion()).angle))
    bpy.ops.export_scene.mrtk_input_animation(filepath=edited.replace(".bin", "-nla.bin"))


def refused_unless_ticked(path, option, said, what):
    """Importing `path` is refused with a message holding each of `said`; with the import option `option` ticked,
    it is imported."""
    try:
        bpy.ops.import_scene.mrtk_input_animation(filepath=path)
        failures.append("%s was imported without the option" % what)
    except RuntimeError as error:
        expect(all(s in str(error) for s in said), "unclear refusal of %s: %s" % (what, error))
    expect(
        bpy.ops.import_scene.mrtk_input_animation(filepath=path, **{option: True}) == {"FINISHED"},
        "%s was not imported with the option" % what,
    )


@cases.case()
def prerelease_2019():
    # A 2019 prerelease recording: refused with the import option's name, read with it.
    prerelease = os.path.join(os.path.dirname(recording), "prerelease-2019")
    if os.path.isdir(prerelease):
        first = os.path.join(prerelease, sorted(os.listdir(prerelease))[0])
        refused_unless_ticked(
            first, "prerelease", ["tick '2019 prerelease' in the import options"], "a 2019 prerelease recording"
        )


@cases.case()
def damaged_archive():
    # An archive with one bit of its buffer flipped: refused with the add-on's own hint, read when that is ticked,
    # with the warning.
    damaged = os.path.join(os.path.dirname(unedited), "damaged.glb")
    subprocess.run([tool, "convert", recording, damaged, "--force", "-q"], check=True)
    with open(damaged, "r+b") as f:
        f.seek(-4, os.SEEK_END)
        byte = f.read(1)[0]
        f.seek(-4, os.SEEK_END)
        f.write(bytes([byte ^ 1]))
    refused_unless_ticked(
        damaged, "accept_damaged", ["the archive is damaged", "tick 'Read damaged archive'"], "a damaged archive"
    )


@cases.case()
def times_beyond_frames():
    # A marker at 3.4e38 s (a valid float32): Blender's frames end at 1048574, so it is placed there, with a warning,
    # not a Python traceback.
    far = os.path.join(os.path.dirname(unedited), "far-marker.bin")
    subprocess.run([tool, "markers", recording, far, "--add", "3.4e38=far", "--force"], check=True)
    before = len(bpy.context.scene.timeline_markers)
    expect(bpy.ops.import_scene.mrtk_input_animation(filepath=far) == {"FINISHED"}, "not imported")
    placed = [m.frame for m in bpy.context.scene.timeline_markers if m.name == "far"]
    expect(placed == [1048574], "the far marker is at %s" % placed)
    expect(len(bpy.context.scene.timeline_markers) > before, "no marker added")
    print("blender-addon: a marker at 3.4e38 s placed at frame %s" % placed)


def scene_names():
    return sorted(o.name for o in bpy.data.objects)


@cases.case()
def animation_refused_after_the_rig():
    # The rig at rest converted and imported, then the animation refused (its input gone, here): the scene as it was,
    # the names given up given back, the tool's error.
    import inputanim_blender

    beside, before = inputanim_blender.job_beside, scene_names()
    gone = lambda context, job, *rest, **named: beside(  # noqa: E731
        context, dict(job, input=job["input"] + ".gone"), *rest, **named
    )
    inputanim_blender.job_beside = gone
    try:
        bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
        failures.append("an import whose animation failed succeeded")
    except RuntimeError as error:
        expect(".gone" in str(error), "the failed animation's error: %s" % error)
    finally:
        inputanim_blender.job_beside = beside
    expect(scene_names() == before, "the scene changed: %s" % sorted(set(scene_names()) ^ set(before)))


@cases.case()
def rig_keyed_by_importer():
    # A rig the add-on does not key (a hand never tracked that moves, under its zero scale): the rig at rest goes and
    # Blender's importer imports the file whole, giving the objects and curves the add-on's own keys give.
    def imported(keyable):
        bpy.ops.wm.read_factory_settings(use_empty=True)
        install_addon(addon_zip, tool)
        from inputanim_blender import rig_keys

        ours, rig_keys.keyable = rig_keys.keyable, keyable or rig_keys.keyable
        try:
            bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
        finally:
            rig_keys.keyable = ours
        actions = [o.animation_data.action for o in bpy.data.objects if o.animation_data]
        curves = [(c.data_path, c.array_index, len(c.keyframe_points)) for a in actions for c in a.fcurves]
        return scene_names(), sorted(curves)

    ours, theirs = imported(None), imported(lambda document: False)
    expect(
        theirs == ours and len(ours[1]) > 0,
        "the importer's keys: %d curves, the add-on's %d" % (len(theirs[1]), len(ours[1])),
    )


@cases.case()
def corners_onto_original():
    # Keys edited one by one (the left wrist turned +-25 degrees at alternate keys: a corner at every key), exported
    # onto the original as 1.0: within the tolerances, in about the bytes of linear keys (EDITED-corners.bin). In a
    # fresh scene: the last case.
    bpy.ops.wm.read_factory_settings(use_empty=True)
    install_addon(addon_zip, tool)
    bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
    action = bpy.data.objects["Hand_Left"].animation_data.action
    path = 'pose.bones["Hand_Left_Wrist"].rotation_quaternion'
    curves = [action.fcurves.find(path, index=i) for i in range(4)]
    for k in range(len(curves[0].keyframe_points)):
        turn = Quaternion((0, 0, 1), math.radians(25 if k % 2 else -25))
        q = Quaternion([c.keyframe_points[k].co[1] for c in curves]) @ turn
        for i, c in enumerate(curves):
            c.keyframe_points[k].co[1] = q[i]
    for c in curves:
        c.update()
    bpy.ops.export_scene.mrtk_input_animation(filepath=edited.replace(".bin", "-corners.bin"))


if edited == "-":  # the round trip only
    names = names or ["missing_executable", "import_into_startup_scene", "rig", "export_unedited"]
cases.run(names)
checks.verdict("blender-addon")
