# Shared by the scripts run inside Blender (blender_addon.py, blender_author.py, blender_walkthroughs.py): the add-on
# installed from its zip as a user does, failures gathered into one verdict line, and named cases that can be run one
# at a time (`--case NAME` after the script's arguments).
import sys

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


def script_arguments():
    """The script's arguments after Blender's `--`, less each `--case NAME`; and the names so given."""
    arguments = sys.argv[sys.argv.index("--") + 1 :]
    names = []
    while "--case" in arguments:
        at = arguments.index("--case")
        names += arguments[at + 1 : at + 2]
        del arguments[at : at + 2]
    return arguments, names


class Cases:
    """A script's named cases, run in the order they are defined. `names` (from `--case NAME`): only those, each
    after the cases it needs (and those they need), each once. Prints "case NAME: ok" or "case NAME: FAIL" as each
    ends; the failures gather in `checks`."""

    def __init__(self, checks):
        self.checks = checks
        self.defined = {}

    def case(self, *needs):
        """Defines the decorated function as a case that runs after the cases named in `needs`."""

        def define(function):
            self.defined[function.__name__] = (function, needs)
            return function

        return define

    def run(self, names=()):
        unknown = [name for name in names if name not in self.defined]
        if unknown:
            raise SystemExit("no case %s; the cases: %s" % (", ".join(unknown), ", ".join(self.defined)))
        wanted = set()

        def want(name):
            if name not in wanted:
                wanted.add(name)
                for need in self.defined[name][1]:
                    want(need)

        for name in names or self.defined:
            want(name)
        for name, (function, _) in self.defined.items():
            if name in wanted:
                before = len(self.checks.failures)
                function()
                print("case %s: %s" % (name, "ok" if len(self.checks.failures) == before else "FAIL"))
