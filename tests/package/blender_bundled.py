# Run by tests/package/package_test.sh inside a blank Blender: installs the add-on zip with nothing set (no
# preference, no $INPUTANIM, no inputanim on PATH), imports a recording and exports it back.
# Usage: blender -b --factory-startup --python blender_bundled.py -- ADDON.zip RECORDING.bin EXPORTED.bin
import os
import shutil
import sys

import bpy

addon, recording, exported = sys.argv[sys.argv.index("--") + 1 :]
failures = []
if shutil.which("inputanim") or os.environ.get("INPUTANIM"):
    failures.append("the environment is not blank: inputanim is on PATH or $INPUTANIM is set")
bpy.ops.preferences.addon_install(filepath=addon)
bpy.ops.preferences.addon_enable(module="inputanim_blender")
if bpy.context.preferences.addons["inputanim_blender"].preferences.executable:
    failures.append("the executable preference is set")
try:
    bpy.ops.import_scene.mrtk_input_animation(filepath=recording)
    bpy.ops.export_scene.mrtk_input_animation(filepath=exported)
except Exception as error:  # the operator's report
    failures.append("import or export failed: %s" % error)
if not os.path.exists(exported):
    failures.append("nothing was exported")
print("bundled: %s" % ("ok" if not failures else "FAIL\n  " + "\n  ".join(failures)))
