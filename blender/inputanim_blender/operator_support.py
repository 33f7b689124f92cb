# What the add-on's import and export operators share: the scene's frame rate, and failures as messages.
from .scene_glb import SceneError
from .tool import InputanimError


def fps(scene):
    return scene.render.fps / scene.render.fps_base


def reporting_errors(operator, action, context):
    """Runs an operator's action; a failure is a message in Blender's status bar, not a traceback."""
    try:
        return action(context)
    except (InputanimError, SceneError, OSError) as error:
        operator.report({"ERROR"}, str(error))
        return {"CANCELLED"}
