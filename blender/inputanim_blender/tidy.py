# The scene around a recording: what the export does not read is locked, or named when keyed all the same; Blender's
# startup cube, which would enclose the hands, is hidden.
from . import profile


def unexported(obj):
    """Objects of a recording that the export does not read: the head's frustum, the hands' skinned meshes."""
    return obj.name.startswith(profile.nodes()["cameraView"]) or (
        profile.side_of(obj.name) is not None and obj.type == "MESH"
    )


def lock_unexported(objects):
    """Locks the transforms of the objects the export does not read, so that a click on the frustum and a turn do
    not key what plays as nothing."""
    for obj in objects:
        if unexported(obj):
            obj.lock_location = obj.lock_rotation = obj.lock_scale = (True, True, True)
            obj.lock_rotation_w = True


def ignored_edits(scene, tag):
    """Names of the recording's objects (property `tag`) that the export does not read but were keyed all the same."""
    return [
        o.name
        for o in scene.objects
        if unexported(o)
        and o.get(tag)
        and o.animation_data is not None
        and o.animation_data.action is not None
        and o.animation_data.action.fcurves
    ]


def hide_startup_cube(scene):
    """Hides Blender's startup cube (a 2 m "Cube" at the origin, where the hands are) when the scene has it."""
    cube = scene.objects.get("Cube")
    if cube is None or cube.type != "MESH" or cube.hide_get() or cube.matrix_world.translation.length > 1e-6:
        return False
    if max(cube.dimensions) != 2.0 or len(cube.data.vertices) != 8:
        return False
    cube.hide_set(True)
    cube.hide_render = True
    return True
