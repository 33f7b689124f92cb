# Run inside Blender: a new input animation authored from a blank scene as a user would, with the add-on installed
# from its zip: Add > MRTK Input Animation, the right hand keyed tracked at 0.5 s, posed Open, moved so that its
# pinch is 40 cm in front of the head, posed Pinch at 1 s and again just before 2 s (pinching on from 1 s, keyed
# off at 2 s), Open at 2.25 s, untracked at 3 s; the scene ends at 3.5 s. Exports OUT.bin (1.1) and OUT-1.0.bin.
# OUT-legacy.bin: the right hand's tracked state keyed as its scale instead, as add-on 0.4 did.
# With FOREIGN.gltf (Godot's pose library), the left hand then takes its "Pinch Tight" by Pose from File at 0.5-1 s:
# OUT-foreign.bin.
# blender -b --factory-startup --python blender_author.py -- ADDON.zip INPUTANIM OUT.bin [FOREIGN.gltf] [--case NAME]...
# Each step is a named case (blender_support.Cases): `--case NAME` runs that one, after the cases it needs.
import math
import os
import random
import sys
import types

import bpy
import numpy
from mathutils import Quaternion, Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_support import Cases, Expectations, install_addon, script_arguments  # noqa: E402 (path first)

(addon_zip, tool, out, *foreign), names = script_arguments()
checks = Expectations()
expect, failures = checks.expect, checks.failures
cases = Cases(checks)
install_addon(addon_zip, tool)
from inputanim_blender import scene_glb  # noqa: E402 (installed just now)

state = types.SimpleNamespace()  # what new_animation leaves for the others: the scene and the right hand


@cases.case()
def rotation_matrix_to_quaternion():
    # The export's rotation matrix -> quaternion against mathutils, on random turns and on half turns (where w is 0).
    random.seed(1)
    turns = [
        Quaternion(
            (random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1)), random.uniform(0, 2 * math.pi)
        )
        for _ in range(200)
    ]
    turns += [
        Quaternion(axis, math.pi)
        for axis in ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, -1, 0), (0, 1, -1), (1, 1, 1))
    ]
    found = scene_glb._quaternions(numpy.array([numpy.array(q.to_matrix()) for q in turns]))
    worst = max(
        math.degrees(q.rotation_difference(Quaternion((f[3], f[0], f[1], f[2]))).angle) for q, f in zip(turns, found)
    )
    expect(
        min(worst, 360 - worst) < 1e-6, "the export turns a rotation matrix into a quaternion %g degrees off" % worst
    )


@cases.case()
def new_animation():
    bpy.ops.object.mrtk_input_animation_add()
    scene = bpy.context.scene
    expect(
        scene.render.fps == 120 and scene.frame_start == 0,
        "scene at %d fps from frame %d" % (scene.render.fps, scene.frame_start),
    )
    head = bpy.data.objects.get("Camera")
    expect(head is not None and abs(head.matrix_world.translation.z - 1.6) < 1e-6, "the head is not at 1.6 m")
    hand = bpy.data.objects["Hand_Right"]
    expect(not hand.mrtk_tracked and not bpy.data.objects["Hand_Left"].mrtk_tracked, "a new scene's hands are tracked")
    state.scene, state.hand = scene, hand


def pinch_point():
    hand = state.hand
    tips = [hand.matrix_world @ hand.pose.bones["Hand_Right_%s" % j].head for j in ("IndexTip", "ThumbTip")]
    return (tips[0] + tips[1]) / 2


@cases.case("new_animation")
def pinch_in_front_of_the_head():
    scene, hand = state.scene, state.hand
    scene.frame_set(60)
    hand.mrtk_tracked = True
    bpy.ops.mrtk.key_state(side="Right", state="tracked")
    bpy.ops.mrtk.apply_pose(side="Right", pose="Open")
    scene.frame_set(120)
    bpy.ops.mrtk.apply_pose(side="Right", pose="Pinch")
    bpy.context.view_layer.update()
    # The pinch 40 cm in front of the head (Blender's -Y), 15 cm below the eyes, 5 cm to the right; held from 0.5 s.
    hand.location += Vector((0.05, -0.40, 1.45)) - pinch_point()
    for frame in (60, 360):
        hand.keyframe_insert("location", frame=frame)
    scene.frame_set(239)
    bpy.ops.mrtk.apply_pose(side="Right", pose="Pinch")
    scene.frame_set(240)
    hand.mrtk_pinching = False
    bpy.ops.mrtk.key_state(side="Right", state="pinching")
    scene.frame_set(270)
    bpy.ops.mrtk.apply_pose(side="Right", pose="Open")
    scene.frame_set(360)
    hand.mrtk_tracked = False
    bpy.ops.mrtk.key_state(side="Right", state="tracked")
    scene.frame_end = 420
    bpy.ops.export_scene.mrtk_input_animation(filepath=out)
    bpy.ops.export_scene.mrtk_input_animation(filepath=out.replace(".bin", "-1.0.bin"), format_version="1.0")


@cases.case("pinch_in_front_of_the_head")
def states_keyed_as_scale():
    # A scene of add-on 0.4 keyed the tracked state as the armature's scale: the same switches, read from scales.
    legacy = bpy.data.objects["Hand_Right"]
    action = legacy.animation_data.action
    for curve in [c for c in action.fcurves if c.data_path in ("mrtk_tracked", "mrtk_pinching")]:
        action.fcurves.remove(curve)
    del legacy["inputanim_states"]
    for frame, scale in ((0, 0.0), (60, 1.0), (360, 0.0)):
        legacy.scale = (scale, scale, scale)
        legacy.keyframe_insert("scale", frame=frame)
    for curve in [c for c in action.fcurves if c.data_path == "scale"]:
        for point in curve.keyframe_points:
            point.interpolation = "CONSTANT"
    bpy.ops.export_scene.mrtk_input_animation(filepath=out.replace(".bin", "-legacy.bin"))


@cases.case("states_keyed_as_scale")
def pose_from_file():
    scene = state.scene
    if foreign:  # Pose from File: the left hand takes Godot's "Pinch Tight" (tips 7 mm apart) at 0.5-1 s: pinching
        left = bpy.data.objects["Hand_Left"]
        scene.frame_set(60)
        left.mrtk_tracked = True
        bpy.ops.mrtk.key_state(side="Left", state="tracked")
        bpy.ops.mrtk.pose_from_file(filepath=foreign[0], side="Left", animation="Pinch Tight", time=0)
        expect(left.mrtk_pinching, "a tight pinch pose from a file keys no pinch")
        scene.frame_set(120)
        left.mrtk_tracked = left.mrtk_pinching = False
        bpy.ops.mrtk.key_state(side="Left", state="tracked")
        bpy.ops.mrtk.key_state(side="Left", state="pinching")
        bpy.ops.export_scene.mrtk_input_animation(filepath=out.replace(".bin", "-foreign.bin"))
        # Godot's left hand onto the right one, mirrored: the file's absent right hand (null joints) is not taken for one.
        scene.frame_set(400)
        try:
            result = bpy.ops.mrtk.pose_from_file(filepath=foreign[0], side="Right", animation="Peace", time=0)
        except RuntimeError as error:
            result = str(error)
        curves = bpy.data.objects["Hand_Right"].animation_data.action.fcurves
        keyed = {c.data_path for c in curves if any(abs(p.co[0] - 400) < 1e-3 for p in c.keyframe_points)}
        expect(
            result == {"FINISHED"} and len(keyed) > 10,
            "a left hand's pose onto the right hand: %s, %d bones keyed" % (result, len(keyed)),
        )


@cases.case("new_animation")
def pose_not_finite():
    scene = state.scene
    # A pose that is not finite is refused, naming the bone and the frame, and writes nothing.
    bone = bpy.data.objects["Hand_Right"].pose.bones["Hand_Right_IndexTip"]
    scene.frame_set(90)
    bone.location = (float("nan"), 0, 0)
    bone.keyframe_insert("location", frame=90)
    try:
        bpy.ops.export_scene.mrtk_input_animation(filepath=out.replace(".bin", "-nan.bin"))
        failures.append("a pose that is not finite was exported")
    except RuntimeError as error:
        # Blender interpolates the NaN from the key before (frame 0): frame 1 is the first without a finite pose.
        expect("Hand_Right_IndexTip has no finite pose at frame 1:" in str(error), "unclear refusal: %s" % error)
    expect(not os.path.exists(out.replace(".bin", "-nan.bin")), "a refused export left a file")


cases.run(names)
checks.verdict("blender-author")
