# Run inside Blender: imports a .glb and compares joint world positions with the library's evaluator.
# blender -b --factory-startup --python blender_check.py -- FILE.glb SAMPLE.json TOLERANCE_M
import json
import sys

import numpy

if "bool" not in numpy.__dict__:
    numpy.bool = bool  # Debian's numpy and Blender 3.4's glTF add-on disagree on this name
import bpy  # noqa: E402

glb, sample_path, tolerance = sys.argv[sys.argv.index("--") + 1 :]
tolerance = float(tolerance)
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=glb)
scene = bpy.context.scene
fps = scene.render.fps / scene.render.fps_base
sample = json.load(open(sample_path))
failures = []

armatures = {o.name: o for o in bpy.data.objects if o.type == "ARMATURE"}
for side in ("Left", "Right"):
    arm = armatures.get("Hand_" + side)
    if arm is None:
        failures.append("no armature Hand_" + side)
    elif len(arm.data.bones) != 26:  # every joint but None
        failures.append("Hand_%s has %d bones" % (side, len(arm.data.bones)))
if not any(o.type == "CAMERA" for o in bpy.data.objects):
    failures.append("no camera")
keys = sum(len(fc.keyframe_points) for action in bpy.data.actions for fc in action.fcurves)
if keys == 0:
    failures.append("no keyframes")

# Frames where each hand is tracked, every 7th (a stride prime to the key rates, so most fall between
# keys); Blender is Z-up: (x, -z, y).
checked = 0
worst = 0.0
frames = sample["frames"]
for index in range(3, len(frames), 7):
    frame = frames[index]
    scene.frame_set(int(round(frame["time"] * fps)))
    for side, Side in (("left", "Left"), ("right", "Right")):
        hand = frame.get(side)
        arm = armatures.get("Hand_" + Side)
        if not hand or not hand["tracked"] or arm is None:
            continue
        for joint, pose in hand["joints"].items():
            if joint == "None":  # no bone: MRTK leaves it at the origin
                continue
            bone = arm.pose.bones.get("Hand_%s_%s" % (Side, joint))
            if bone is None:
                failures.append("no bone Hand_%s_%s" % (Side, joint))
                continue
            head = arm.matrix_world @ bone.head
            x, y, z = pose["position"]
            error = ((head.x - x) ** 2 + (head.y + z) ** 2 + (head.z - y) ** 2) ** 0.5
            worst = max(worst, error)
            checked += 1
            if error > tolerance:
                failures.append("%s %s at t=%.4f: %.6f m" % (Side, joint, frame["time"], error))
print(
    "blender: %s %s: %d armatures, %d keyframes, %d joint positions checked, max %.3g mm"
    % ("FAIL" if failures or checked == 0 else "ok  ", glb, len(armatures), keys, checked, worst * 1000)
)
for failure in failures[:10]:
    print("  " + failure)
sys.exit(1 if failures or checked == 0 else 0)
