# MRTK's (Unity's) axes against Blender's, in one place. Unity is left-handed, +Y up, +Z forward, +X the user's
# right; glTF mirrors Unity's x (x, y, z) -> (-x, y, z); Blender turns glTF's +Y up to +Z: (x, y, z) -> (x, -z, y).
# So Unity (x, y, z) is Blender (-x, -z, y): the user's right is Blender's -X, forward -Y, up +Z.
from mathutils import Quaternion, Vector


def blender_from_unity(v):
    """A Unity position (x, y, z), metres, as a Blender one."""
    x, y, z = v
    return Vector((-x, -z, y))


def unity_from_blender(v):
    """A Blender position as a Unity one (x, y, z), metres."""
    x, y, z = v
    return Vector((-x, z, -y))


def blender_rotation(q):
    """A Unity rotation (x, y, z, w) in Blender's axes: Unity -> glTF mirrors x ((x, -y, -z, w)), glTF -> Blender
    turns +Y up to +Z."""
    x, y, z, w = q
    return Quaternion((w, x, z, -y))


def gltf_rotation(q):
    """A glTF rotation (x, y, z, w) in Blender's axes (mathutils' w x y z)."""
    x, y, z, w = q
    return Quaternion((w, x, -z, y))


def mirrored(q):
    """A right hand's Unity rotation as the left hand's (MRTK mirrors its right-hand poses through x = 0)."""
    x, y, z, w = q
    return (x, -y, -z, w)
