# Run inside Blender: the add-on end to end, as a user would. Installs it from its zip, imports a recording, checks
# the rig and the scene, exports it unedited, bends the left index finger at the knuckle over the whole recording and
# exports that. The shell driver (run_blender.sh) compares the outputs with the recording.
# blender -b --factory-startup --python blender_addon.py -- ADDON.zip INPUTANIM RECORDING.bin UNEDITED.bin EDITED.bin|-
# (- leaves out the edit, and exports a second time without the original, to UNEDITED-nobase.bin.) The edit also adds a marker "bend" at frame 240 (2 s).
# Then the middle knuckle is curled at 5 s and offset over 4-6 s (EDITED-offset.bin), and the ring knuckle curled on
# an NLA layer (EDITED-nla.bin).
import math
import os
import sys

import bpy
from mathutils import Quaternion

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_support import Expectations, install_addon  # noqa: E402 (the folder is put on the path first)

addon_zip, tool, recording, unedited, edited = sys.argv[sys.argv.index("--") + 1:]
checks = Expectations()
expect, failures = checks.expect, checks.failures
preferences = install_addon(addon_zip)

# A missing executable is an error message, not a traceback.
preferences.executable = "/nonexistent/inputanim"
try:
    bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
    failures.append("import with a missing executable succeeded")
except RuntimeError as error:
    expect("inputanim executable not found" in str(error), "unclear error for a missing executable: %s" % error)
preferences.executable = tool

# Into Blender's startup scene, as a user would: its "Camera" gives up the name the recording's head needs.
bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
scene = bpy.context.scene
expect(bpy.data.objects.get("Camera_previous") is not None, "the startup scene's camera was not renamed")
fps = scene.render.fps / scene.render.fps_base
expect(fps == 120, "scene at %g fps" % fps)
expect(scene.frame_start == 0 and scene.frame_end >= 120, "frame range %d-%d" % (scene.frame_start, scene.frame_end))
expect(scene.camera is not None and scene.camera.type == "CAMERA", "the head camera is not the scene camera")
arm = bpy.data.objects.get("Hand_Left")
expect(arm is not None and arm.type == "ARMATURE", "no Hand_Left armature")
if arm is not None and arm.type == "ARMATURE":
    bones = arm.data.bones
    expect(len(bones) == 26, "Hand_Left has %d bones" % len(bones))
    chain = []
    bone = bones.get("Hand_Left_IndexTip")
    while bone is not None:
        chain.append(bone.name.replace("Hand_Left_", ""))
        bone = bone.parent
    expect(chain == ["IndexTip", "IndexDistalJoint", "IndexMiddleJoint", "IndexKnuckle", "IndexMetacarpal", "Wrist"],
           "index finger chain %s" % chain)
    lengths = [b.length for b in bones]
    expect(0.002 <= min(lengths) and max(lengths) <= 0.12, "bone lengths %.4f-%.4f m" % (min(lengths), max(lengths)))
    for name in ("Hand_Left_IndexMiddleJoint", "Hand_Left_MiddleKnuckle"):  # bones along their finger
        b = bones[name]
        child = b.children[0]
        along = (child.head_local - b.head_local).normalized().dot((b.tail_local - b.head_local).normalized())
        expect(along > 0.99, "%s does not point at %s (cos %.3f)" % (name, child.name, along))
print("blender-addon: imported %d markers, frames %d-%d" % (len(scene.timeline_markers), scene.frame_start, scene.frame_end))

bpy.ops.export_scene.mrtk_input_animation(filepath=unedited)
if edited == "-":  # also without the original: the source's format version and layout are kept
    bpy.ops.export_scene.mrtk_input_animation(filepath=unedited.replace(".bin", "-nobase.bin"), use_base=False)
    checks.verdict("blender-addon")
    sys.exit(0)

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
bpy.ops.export_scene.mrtk_input_animation(filepath=edited)

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
expect(abs(knuckle.rotation_quaternion.rotation_difference(
    Quaternion([c.evaluate(600) for c in [action.fcurves.find('pose.bones["Hand_Left_MiddleKnuckle"].rotation_quaternion', index=i)
                                          for i in range(4)]])).angle) < 1e-4, "the offset is not in the keys at 5 s")
bpy.ops.export_scene.mrtk_input_animation(filepath=edited.replace(".bin", "-offset.bin"))

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
checks.verdict("blender-addon")
