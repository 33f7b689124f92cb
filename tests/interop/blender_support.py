# Shared by the scripts run inside Blender (blender_addon.py, blender_author.py): the add-on installed from its zip
# as a user does, and failures gathered into one verdict line.
import bpy


class Expectations:
    """Failures gathered as they are found; `verdict` prints "NAME: ok" or "NAME: FAIL" and each failure."""

    def __init__(self):
        self.failures = []

    def expect(self, condition, message):
        if not condition:
            self.failures.append(message)

    def verdict(self, name):
        print("%s: %s" % (name, "ok" if not self.failures else "FAIL\n  " + "\n  ".join(self.failures)))


def install_addon(addon_zip, tool=None):
    """Installs and enables the add-on from its zip; sets its executable when `tool` is given. Its preferences."""
    bpy.ops.preferences.addon_install(filepath=addon_zip)
    bpy.ops.preferences.addon_enable(module="inputanim_blender")
    preferences = bpy.context.preferences.addons["inputanim_blender"].preferences
    if tool:
        preferences.executable = tool
    return preferences
