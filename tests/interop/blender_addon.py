# Run inside Blender: the add-on end to end, as a user would. Installs it from its zip, imports a recording, checks
# the rig and the scene, exports it unedited, bends the left index finger at the knuckle over the whole recording and
# exports that. The shell driver (run_blender.sh) compares the outputs with the recording.
# blender -b --factory-startup --python blender_addon.py -- ADDON.zip INPUTANIM RECORDING.bin UNEDITED.bin EDITED.bin|-
# (- leaves out the edit, and exports a second time without the original, to UNEDITED-nobase.bin.) The edit also adds a marker "bend" at frame 240 (2 s).
import math
import sys

import bpy
from mathutils import Quaternion

addon_zip, tool, recording, unedited, edited = sys.argv[sys.argv.index("--") + 1:]
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


bpy.ops.preferences.addon_install(filepath=addon_zip)
bpy.ops.preferences.addon_enable(module="inputanim_blender")
preferences = bpy.context.preferences.addons["inputanim_blender"].preferences

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
    print("blender-addon: %s" % ("ok" if not failures else "FAIL\n  " + "\n  ".join(failures)))
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
print("blender-addon: %s" % ("ok" if not failures else "FAIL\n  " + "\n  ".join(failures)))
