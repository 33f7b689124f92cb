# Blender add-on: import an MRTK input animation recording as an editable hand rig, export it back as a
# recording MRTK plays. A thin front end over the inputanim executable (docs/edit-in-blender.md).
bl_info = {
    "name": "MRTK Input Animation",
    "author": "inputanim",
    "version": (0, 5, 0),
    "blender": (3, 4, 0),
    "location": "File > Import / Export > MRTK Input Animation (.bin)",
    "description": "Edit MRTK input animation recordings (head, hands, eye gaze) as hand rigs",
    "category": "Import-Export",
}

import contextlib
import json
import math
import os
import tempfile

import bpy
from bpy.props import BoolProperty, FloatProperty, StringProperty
from bpy_extras.io_utils import ImportHelper

from . import authoring, coordinates, menus, offsets, pose_ops, poses, profile, rig_keys, states, tidy
from .keys import DURATION, FORMAT, MARKERS, MAX_FRAME, SOURCE, SUMMARY, TAG, within_frames as _frame
from .export_op import EXPORT_SCENE_OT_mrtk_input_animation
from .operator_support import fps as _fps, reporting_errors
from .tool import InputanimError, job_beside, run_job as _run_job

# Twice the rate of HoloLens 2 recordings (about 60 Hz): Blender's glTF import puts keys on frames and its export
# samples every frame, so the frame rate bounds the timing error of a round trip.
DEFAULT_FPS = 120


def _profile_name(name):
    """Object names the recording's nodes take; they must stay exact for the export to be read back."""
    return profile.is_profile_name(name)


@contextlib.contextmanager
def _numpy_compatibility():
    """Blender 3.4's glTF importer uses numpy.bool, which newer numpy (Debian's) removed; the builtin is what it meant.
    Given for the import only, and taken back after, so that no other add-on sees it."""
    import numpy

    added = "bool" not in numpy.__dict__
    if added:
        numpy.bool = bool
    try:
        yield
    finally:
        if added:
            del numpy.bool


class InputanimPreferences(bpy.types.AddonPreferences):
    bl_idname = __name__
    executable: StringProperty(
        name="inputanim executable",
        subtype="FILE_PATH",
        description="Path of the inputanim command-line tool (empty: $INPUTANIM, then the one packed with the add-on, then PATH)",
    )

    def draw(self, context):
        self.layout.prop(self, "executable")


class IMPORT_SCENE_OT_mrtk_input_animation(bpy.types.Operator, ImportHelper):
    """Import an MRTK input animation recording as hand rigs, a head camera and eye gaze"""

    bl_idname = "import_scene.mrtk_input_animation"
    bl_label = "Import MRTK Input Animation"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".bin"
    filter_glob: StringProperty(default="*.bin;*.glb;*.gltf", options={"HIDDEN"})
    fps: FloatProperty(
        name="Frame rate",
        default=DEFAULT_FPS,
        min=1,
        max=1000,
        description="Scene frame rate; keep it at twice the recording's rate for round trips",
    )
    prerelease: BoolProperty(
        name="2019 prerelease",
        default=False,
        description="A header-less recording of MRTK's mid-2019 prerelease: read as format 1.0, "
        "its times moved to start at 0",
    )
    accept_damaged: BoolProperty(
        name="Read damaged archive",
        default=False,
        description="An archive whose buffer is not the one it recorded (a flipped bit, a cut copy) is refused; "
        "ticked, it is read as it is, with a warning",
    )

    def execute(self, context):
        return reporting_errors(self, self._import, context)

    def _import(self, context):
        summary, warnings = import_recording(context, self.filepath, self.fps, self.prerelease, self.accept_damaged)
        self.report({"WARNING"} if warnings else {"INFO"}, "; ".join([summary] + warnings))
        return {"FINISHED"}


def _take_names():
    """Objects holding a name the recording needs (Blender's default "Camera", an earlier import) give it up:
    Blender would name the new ones "Camera.001", which the export could not read. Returns what was renamed, each
    as (object, its name, its import tag or None), for _give_names_back."""
    renamed = []
    for obj in list(bpy.data.objects):  # a snapshot: renaming reorders the list
        if _profile_name(obj.name):
            renamed.append((obj, obj.name, obj.pop(TAG, None)))
            obj.name = obj.name + "_previous"
    return renamed


def _give_names_back(renamed):
    """Undoes _take_names (an import that failed)."""
    for obj, name, tag in renamed:
        obj.name = name
        if tag is not None:
            obj[TAG] = tag


def _show(context, objects):
    """In the 3D views, frames the hands among `objects` (their armatures and meshes, at the current frame); in the
    timelines and dope sheets, shows all keys (an import's: the whole range). Nothing without a window (Blender run
    in the background)."""
    screen = context.screen
    none = profile.table()["joints"][0]
    objects = [o for o in objects if profile.side_of(o.name) and not o.name.endswith("_" + none)]
    if screen is None or not objects:
        return
    selected = list(context.selected_objects)
    for obj in context.view_layer.objects:
        obj.select_set(obj in objects)
    try:
        for area in screen.areas:
            region = next((r for r in area.regions if r.type == "WINDOW"), None)
            if region is None:
                continue
            with context.temp_override(window=context.window, screen=screen, area=area, region=region):
                if area.type == "VIEW_3D":
                    bpy.ops.view3d.view_selected()
                elif area.type == "DOPESHEET_EDITOR":
                    bpy.ops.action.view_all()
    except RuntimeError as error:  # an editor that cannot frame now: the view stays as it was
        print("inputanim: the view was not framed: %s" % error)
    finally:
        for obj in context.view_layer.objects:
            obj.select_set(obj in selected)


def _gltf_import(path):
    """Blender's glTF importer on `path`, the fingertips made short as it goes; the objects it made."""
    before = set(bpy.data.objects)
    with _numpy_compatibility(), poses.short_tips_on_import():
        bpy.ops.import_scene.gltf(filepath=path)
    return set(bpy.data.objects) - before


def _import_rig(context, job, folder):
    """Converts the recording (`job`, its output a GLB in `folder`) and has Blender's importer build the rig: from the
    rig at rest, converted first, while the animation is converted beside it, which the add-on then keys as the
    importer would (rig_keys); a rig it cannot key so is imported again, whole, by the importer. Returns (the job's
    report, what _take_names renamed, the rig's document, its binary chunk or None where the importer keyed it, the
    objects imported)."""
    at_rest = dict(job, output=os.path.join(folder, "scene.glb"), gltf=dict(job["gltf"], animation=False))
    # Exit 6: beyond the export tolerances (reported, not fatal: the rig still shows the recording).
    with job_beside(context, job, folder, allowed=(0, 6)) as report_of:
        _run_job(context, at_rest)
        renamed = _take_names()
        imported = _gltf_import(at_rest["output"])
        try:
            report = report_of()
        except InputanimError:  # the animation refused (beyond a budget): the scene as it was
            _remove(imported)
            _give_names_back(renamed)
            raise
    document, binary = rig_keys.read_glb(job["output"])
    if rig_keys.keyable(document):
        return report, renamed, document, binary, imported
    if document.get("animations"):  # a hand never tracked that moves: its zero scale leaves keys to the importer
        _remove(imported)
        imported = _gltf_import(job["output"])
    return report, renamed, document, None, imported


def _remove(objects):
    """Objects an import made, with their data (meshes, armatures, cameras)."""
    bpy.data.batch_remove(list(objects) + list({o.data for o in objects if o.data is not None}))


def import_recording(context, filepath, fps, prerelease=False, accept_damaged=False):
    """Imports a recording into the scene (at `fps`), its states as the hands' properties; `prerelease`: a
    header-less 2019 prerelease body; `accept_damaged`: an archive read as it is though its buffer is not the one it
    recorded. Returns (a summary line, warnings)."""
    scene = context.scene
    scene.render.fps, scene.render.fps_base = round(fps), 1  # before importing: keys land at time x fps
    window = context.window_manager
    window.progress_begin(0, 100)
    try:
        with tempfile.TemporaryDirectory(prefix="inputanim-") as folder:
            # The rig for Blender, without the way back (extras.inputanim), which Blender would parse for nothing:
            # the export rebuilds the recording from the original beside the edit.
            job = {
                "input": filepath,
                "output": os.path.join(folder, "recording.glb"),
                "overwrite": True,
                "gltf": {"rig": "hierarchy", "linearOnly": True, "extras": False},
                "reading": {"prerelease2019": prerelease, "acceptDamaged": accept_damaged},
            }
            report, renamed, document, binary, imported = _import_rig(context, job, folder)
        info = report["recording"]
        window.progress_update(60)
        armatures = [o for o in imported if o.type == "ARMATURE"]
        # Where the importer could not: before the keys, as leaving edit mode updates the view layer, which the keys
        # make slower (30 against 75 ms).
        poses.shorten_tips(context, armatures)
        if binary is not None:
            rig_keys.key(document, binary, imported, scene)
    finally:
        window.progress_end()
    poses.store_axes(armatures, poses.rest_rotations(document["nodes"]))
    for obj in imported:
        obj[TAG] = True
    states.adopt(imported)
    fps = _fps(scene)
    beyond = []  # what lies past Blender's last frame, said as a warning
    scene.frame_start = 0
    scene.frame_end = _frame(max(1, math.ceil(info["duration"] * fps)), "the recording's end", beyond)
    starts = [span[0] for side in ("left", "right") for span in info["tracked"][side][:1]]
    scene.frame_set(_frame(round(min(starts) * fps), "the first tracked hand", beyond) if starts else 0)
    _show(context, imported)
    for marker in info["markers"]:
        frame = _frame(round(marker["time"] * fps), "marker '%s'" % marker["name"], beyond)
        scene.timeline_markers.new(marker["name"], frame=frame)
    views = [o for o in scene.objects if o.type == "CAMERA" and o.name.startswith(profile.nodes()["cameraView"])]
    if views:
        scene.camera = views[0]
    tidy.lock_unexported(imported)
    scene[SOURCE] = os.path.abspath(filepath)
    scene[MARKERS] = json.dumps(info["markers"])
    scene[SUMMARY] = "%s %s, %.2f s" % (info["format"]["version"], info["format"]["layout"], info["duration"])
    scene[FORMAT] = json.dumps(info["format"])
    scene[DURATION] = info["duration"]
    warnings = [m["message"] for m in report["messages"] if m["severity"] == "warning"]
    if beyond:
        warnings.append(
            "%s %s beyond Blender's last frame (%d at %g fps): placed there"
            % (", ".join(beyond), "lies" if len(beyond) == 1 else "lie", MAX_FRAME, fps)
        )
    if renamed:
        warnings.append("renamed " + ", ".join("'%s' to '%s'" % (name, obj.name) for obj, name, _ in renamed))
    if tidy.hide_startup_cube(scene):
        warnings.append("hid the startup Cube, which enclosed the hands")
    return (
        "Imported %s (%s) at %g fps: frames 0-%d" % (os.path.basename(filepath), scene[SUMMARY], fps, scene.frame_end),
        warnings,
    )


def _menu_import(self, context):
    self.layout.operator(IMPORT_SCENE_OT_mrtk_input_animation.bl_idname, text="MRTK Input Animation (.bin)")


def _menu_export(self, context):
    self.layout.operator(EXPORT_SCENE_OT_mrtk_input_animation.bl_idname, text="MRTK Input Animation (.bin)")


_classes = (InputanimPreferences, IMPORT_SCENE_OT_mrtk_input_animation, EXPORT_SCENE_OT_mrtk_input_animation)


def register():
    states.register()
    pose_ops.register()
    coordinates.register()
    offsets.register()
    authoring.register()
    menus.register()
    for cls in _classes:
        bpy.utils.register_class(cls)
    bpy.types.TOPBAR_MT_file_import.append(_menu_import)
    bpy.types.TOPBAR_MT_file_export.append(_menu_export)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(_menu_export)
    bpy.types.TOPBAR_MT_file_import.remove(_menu_import)
    for cls in reversed(_classes):
        bpy.utils.unregister_class(cls)
    menus.unregister()
    authoring.unregister()
    offsets.unregister()
    coordinates.unregister()
    pose_ops.unregister()
    states.unregister()
