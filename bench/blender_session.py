# Run inside Blender by bench/blender.py: Blender's own glTF importer on the recording's .glb (`inputanim convert`'s,
# beside it; once untimed first), then, in an emptied scene, the add-on installed from its zip as a user does: import the recording,
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
import inputanim_blender  # noqa: E402 (installed just now)

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


def empty_scene():
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj)
    for action in list(bpy.data.actions):
        bpy.data.actions.remove(action)
    bpy.ops.outliner.orphans_purge(do_recursive=True)


def gltf_import():
    # Blender 3.4's importer uses numpy.bool, which NumPy 1.24 removed: given as the add-on gives it for its import.
    with inputanim_blender._numpy_compatibility():
        bpy.ops.import_scene.gltf(filepath=os.path.splitext(recording)[0] + ".glb")


gltf_import()  # untimed: Blender loads its importer's modules once, which the add-on's import then uses too
empty_scene()
timed("gltf_import", gltf_import)
empty_scene()
timed("import", lambda: bpy.ops.import_scene.mrtk_input_animation(filepath=recording))
timed(
    "export_unedited", lambda: bpy.ops.export_scene.mrtk_input_animation(filepath=os.path.join(folder, "unedited.bin"))
)
timed("edit", bend)
timed("export_edited", lambda: bpy.ops.export_scene.mrtk_input_animation(filepath=os.path.join(folder, "edited.bin")))
with open(os.path.join(folder, "seconds.json"), "w") as out:
    json.dump(seconds, out)
