# The glTF profile as the library defines it (`inputanim profile`, schema inputanim.profile/1, docs/gltf-profile.md):
# node names, joint names, the state encoding and the options' ranges. Read once, when first asked, from the tool the
# add-on runs; the add-on restates none of it.
import json

import bpy

from .tool import InputanimError, run

_table = None


def table():
    """The profile table; an InputanimError when the tool cannot give it (a tool older than the add-on)."""
    global _table
    if _table is None:
        try:
            _table = json.loads(run(bpy.context, "profile")[0])
        except InputanimError as error:
            raise InputanimError(
                "the inputanim executable gives no profile table (%s): use the one packed with this "
                "add-on, or one of the same version" % error
            ) from None
    return _table


def nodes():
    return table()["nodes"]


def eye_height():
    """Metres above the floor of a standing user's eyes (Blender's +Z up; the user looks along -Y, Unity's +Z)."""
    return table()["eyeHeight"]


def holds_gaze(version):
    """Whether a format version ("1.0", "1.1") holds eye gaze."""
    return table()["formats"][version]["eyeGaze"]


def hand(side):
    """A hand's root node: hand("Left") -> "Hand_Left"."""
    return nodes()["hands"][side]


def hands():
    return tuple(nodes()["hands"].values())


def pinching(hand_name):
    """The node keyed with a hand's pinch state: pinching("Hand_Left") -> "Hand_Left_Pinching"."""
    return hand_name + nodes()["pinchingSuffix"]


def joint_node(hand_name, joint):
    return "%s_%s" % (hand_name, joint)


def side_of(name):
    """The side ("Left", "Right") a hand's node belongs to, or None."""
    return next((side for side, root in nodes()["hands"].items() if name == root or name.startswith(root + "_")), None)


def is_profile_name(name):
    """The names the recording's nodes take (they must stay exact for the export to be read back)."""
    n = nodes()
    return name in (n["camera"], n["cameraView"], n["gaze"], n["gazeDirection"]) or side_of(name) is not None


def is_state_node(name):
    """A node whose scale carries a state: a hand's root (tracked) or its _Pinching node."""
    return name in hands() or any(name == pinching(h) for h in hands())


def state_on(value):
    """A state key's value read as MRTK reads it."""
    return value > table()["states"]["onAbove"]


def state_value(on):
    states = table()["states"]
    return float(states["on"] if on else states["off"])
