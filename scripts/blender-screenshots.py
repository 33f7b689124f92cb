# The Blender screenshots of docs/edit-in-blender.md: a new input animation (Add > MRTK Input Animation) with the
# right hand keyed tracked and pinching over a range, its index tip selected, the sidebar's MRTK tab open. Needs a display (Xvfb) and the add-on zip
# packed with MRTK's poses:
#   scripts/blender-addon.sh build/inputanim_blender.zip ../shared
#   blender -b --factory-startup --python-expr "import bpy; bpy.ops.wm.save_as_mainfile(filepath='/tmp/start.blend')"
#   xvfb-run -s "-screen 0 1600x1200x24" blender --factory-startup /tmp/start.blend --python \
#       scripts/blender-screenshots.py -- build/inputanim_blender.zip build/inputanim docs
# (opening a file leaves out the splash screen)
import os
import sys

import bpy

addon_zip, tool, folder = [os.path.abspath(a) for a in sys.argv[sys.argv.index("--") + 1 :]]


def show_first(panel):
    """Blender opens the sidebar on its first tab and cannot be told another from Python: the panel is moved there."""
    bpy.utils.unregister_class(panel)
    panel.bl_category, panel.bl_order = "Item", -100
    bpy.utils.register_class(panel)


def setup():
    bpy.ops.preferences.addon_install(filepath=addon_zip)
    bpy.ops.preferences.addon_enable(module="inputanim_blender")
    bpy.context.preferences.addons["inputanim_blender"].preferences.executable = tool
    bpy.context.preferences.view.show_splash = False
    show_first(bpy.types.VIEW3D_PT_mrtk_input_animation)
    window = bpy.context.window_manager.windows[0]
    area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
    region = next(r for r in area.regions if r.type == "WINDOW")
    with bpy.context.temp_override(window=window, screen=window.screen, area=area, region=region):
        bpy.ops.object.mrtk_input_animation_add()
        scene = bpy.context.scene
        hand = bpy.data.objects["Hand_Right"]
        scene.frame_set(60)
        hand.mrtk_tracked = True
        bpy.ops.mrtk.key_state(side="Right", state="tracked")
        settings = scene.mrtk_pose_span
        settings.span, settings.start, settings.end = "RANGE", 120, 240
        bpy.ops.mrtk.pinch_over_range(side="Right", start=120, end=240)
        scene.frame_set(180)
        bpy.context.view_layer.objects.active = hand
        bpy.ops.object.mode_set(mode="POSE")
        hand.data.bones.active = hand.data.bones["Hand_Right_IndexTip"]
        scene.mrtk_cursor = (0.1, 1.4, 0.45)
    space = area.spaces.active
    space.show_region_ui = True
    space.shading.type = "SOLID"
    return None  # once


def shoot():
    window = bpy.context.window_manager.windows[0]
    with bpy.context.temp_override(window=window):
        bpy.ops.screen.screenshot(filepath=os.path.join(folder, "blender-panel.png"))
    bpy.ops.wm.quit_blender()
    return None


bpy.app.timers.register(setup, first_interval=1.0)
bpy.app.timers.register(shoot, first_interval=4.0)
