# Run inside Blender by bench/blender.py: the add-on installed from its zip as a user does; import a recording,
# export it unedited, bend the left index knuckle by 25 degrees at every key (one edit), export that. Writes
# OUT_FOLDER/seconds.json: wall seconds per step.
# blender -b --factory-startup --python bench/blender_session.py -- ADDON.zip INPUTANIM RECORDING.bin OUT_FOLDER
import json
import math
import os
import sys
import time

import bpy
from mathutils import Quaternion

addon_zip, tool, recording, folder = sys.argv[sys.argv.index("--") + 1 :]
bpy.ops.preferences.addon_install(filepath=addon_zip)
bpy.ops.preferences.addon_enable(module="inputanim_blender")
bpy.context.preferences.addons["inputanim_blender"].preferences.executable = tool
seconds = {}


def timed(name, step):
    start = time.perf_counter()
    step()
    seconds[name] = time.perf_counter() - start


def bend():
    action = bpy.data.objects["Hand_Left"].animation_data.action
    curves = [
        action.fcurves.find('pose.bones["Hand_Left_IndexKnuckle"].rotation_quaternion', index=i) for i in range(4)
    ]
    values = [[0.0] * (2 * len(c.keyframe_points)) for c in curves]
    for c, v in zip(curves, values):
        c.keyframe_points.foreach_get("co", v)
    turn = Quaternion((0, 0, 1), math.radians(25))
    for k in range(len(values[0]) // 2):
        q = Quaternion([v[2 * k + 1] for v in values]) @ turn
        for v, component in zip(values, q):
            v[2 * k + 1] = component
    for c, v in zip(curves, values):
        c.keyframe_points.foreach_set("co", v)
        c.update()


timed("import", lambda: bpy.ops.import_scene.mrtk_input_animation(filepath=recording))
timed(
    "export_unedited", lambda: bpy.ops.export_scene.mrtk_input_animation(filepath=os.path.join(folder, "unedited.bin"))
)
timed("edit", bend)
timed("export_edited", lambda: bpy.ops.export_scene.mrtk_input_animation(filepath=os.path.join(folder, "edited.bin")))
with open(os.path.join(folder, "seconds.json"), "w") as out:
    json.dump(seconds, out)
