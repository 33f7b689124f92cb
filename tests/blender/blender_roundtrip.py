# Run inside Blender: the round trip docs/edit-in-blender.md recommends. A 120 fps scene (set before importing, as the
# importer places keys at time x fps), import with default options, export a GLB with default options
# (animations sampled at every frame).
# blender -b --factory-startup --python blender_roundtrip.py -- IN.glb OUT.glb
import sys

import numpy

if "bool" not in numpy.__dict__:
    numpy.bool = bool  # Debian's numpy and Blender 3.4's glTF add-on disagree on this name
import bpy  # noqa: E402

source, target = sys.argv[sys.argv.index("--") + 1 :]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = 120
bpy.ops.import_scene.gltf(filepath=source)
bpy.ops.export_scene.gltf(filepath=target, export_format="GLB")
