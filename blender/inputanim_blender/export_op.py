# The add-on's export: the scene as Blender shows it, written as a .gltf of the flat profile and sent to the tool
# as a job that puts it onto the recording it was imported from (docs/edit-in-blender.md).
import json
import math
import os
import tempfile

import bpy
from bpy.props import BoolProperty, EnumProperty, StringProperty
from bpy_extras.io_utils import ExportHelper

from . import profile, scene_glb, states, tidy
from .keys import DURATION, FORMAT, MARKERS, SOURCE, TAG, WORKING
from .operator_support import fps as scene_fps, reporting_errors
from .tool import InputanimError, run_job


def markers_json(scene, which="NAMED"):
    """The scene's markers in seconds (`which`: NAMED, all but the working ones; SELECTED; NONE); a marker still on
    the frame it was imported at keeps its exact time."""
    fps = scene_fps(scene)
    imported = json.loads(scene.get(MARKERS, "[]"))
    markers = []
    chosen = {"NAMED": lambda m: not m.name.startswith(WORKING), "SELECTED": lambda m: m.select}.get(
        which, lambda m: False
    )
    for marker in sorted(filter(chosen, scene.timeline_markers), key=lambda m: m.frame):
        time = marker.frame / fps
        for original in imported:
            if original["name"] == marker.name and round(original["time"] * fps) == marker.frame:
                time = original["time"]
                break
        markers.append({"time": max(0.0, time), "name": marker.name})
    return markers


class EXPORT_SCENE_OT_mrtk_input_animation(bpy.types.Operator, ExportHelper):
    """Export the hand rigs, head camera and eye gaze as an MRTK input animation recording"""

    bl_idname = "export_scene.mrtk_input_animation"
    bl_label = "Export MRTK Input Animation"
    filename_ext = ".bin"
    filter_glob: StringProperty(default="*.bin", options={"HIDDEN"})
    base: StringProperty(
        name="Original recording",
        subtype="FILE_PATH",
        description="The recording this scene was imported from: what you did not edit keeps its keys "
        "bit for bit, and the output keeps its format version",
    )
    use_base: BoolProperty(
        name="Keep unedited keys", default=True, description="Put the edit onto the original recording (recommended)"
    )
    format_version: EnumProperty(
        name="Format",
        default="SOURCE",
        items=[
            ("SOURCE", "As imported", "The imported recording's version (1.1 for a new " "input animation)"),
            ("1.1", "1.1", "MRTK 2.6 and newer; holds eye gaze"),
            ("1.0", "1.0", "MRTK 2.5 and older; no eye gaze"),
        ],
    )
    markers: EnumProperty(
        name="Markers",
        default="NAMED",
        items=[
            (
                "NAMED",
                "All but '%s...'" % WORKING,
                "Every timeline marker but the working ones, " "whose names start with '%s'" % WORKING,
            ),
            ("SELECTED", "Selected", "The timeline markers selected"),
            ("NONE", "None", "No markers"),
        ],
    )

    def invoke(self, context, event):
        self.base = context.scene.get(SOURCE, "")
        return ExportHelper.invoke(self, context, event)

    def draw(self, context):
        layout = self.layout
        layout.use_property_split = True
        layout.use_property_decorate = False
        layout.prop(self, "format_version")
        layout.prop(self, "markers")
        if SOURCE not in context.scene and not self.base:
            layout.label(text="A new input animation: no original to keep keys from")
            return
        layout.prop(self, "use_base", text="Keep unedited keys")
        row = layout.row()
        row.enabled = self.use_base
        row.prop(self, "base", text="Original")

    def execute(self, context):
        return reporting_errors(self, self._export, context)

    def _export(self, context):
        base = bpy.path.abspath(self.base or context.scene.get(SOURCE, "")) if self.use_base else ""
        if base and not os.path.isfile(base):
            raise InputanimError(
                "the original recording '%s' is gone: export without keeping unedited keys, or " "point to it" % base
            )
        with tempfile.TemporaryDirectory(prefix="inputanim-") as folder:
            gltf = os.path.join(folder, "edited.gltf")
            version = self._version(context, base)
            has_gaze = any(o.name == profile.nodes()["gaze"] for o in context.scene.objects)
            _export_gltf(context, gltf, gaze=version is None or profile.holds_gaze(version))
            job = {
                "input": gltf,
                "output": self.filepath,
                "markers": markers_json(context.scene, self.markers),
                "overwrite": True,
                "base": base,
                "formatVersion": version,
            }
            # Exit 6: written, but its keys play beyond the tolerances: a warning with the figures, the file kept.
            report = run_job(context, job, allowed=(0, 6))
        written = "%s %s, %d bytes" % (report["format"]["version"], report["format"]["layout"], report["bytes"])
        notes = [m["message"] for m in report["messages"] if m["code"] == "onto-base"]
        ignored = tidy.ignored_edits(context.scene, TAG)
        if report["beyondTolerance"]:
            deviation, tolerance = report["deviation"], report["tolerance"]
            self.report(
                {"WARNING"},
                "Exported %s (%s), but its keys play up to %.3g mm and %.3g degrees from the animation, beyond the "
                "tolerances (%.3g mm, %.3g degrees)"
                % (
                    os.path.basename(self.filepath),
                    written,
                    deviation["position"] * 1000,
                    deviation["rotation"],
                    tolerance["position"] * 1000,
                    tolerance["rotation"],
                ),
            )
        elif version is not None and not profile.holds_gaze(version) and has_gaze:
            self.report(
                {"WARNING"},
                "Exported %s (%s): format %s has no eye gaze, the gaze was left out"
                % (os.path.basename(self.filepath), written, version),
            )
        elif ignored:
            self.report(
                {"WARNING"},
                "Exported %s (%s), without what moves %s: the export reads the head from "
                "'Camera' and the hands from their armatures"
                % (os.path.basename(self.filepath), written, ", ".join(ignored)),
            )
        else:
            self.report(
                {"INFO"},
                "Exported %s (%s)%s" % (os.path.basename(self.filepath), written, "; " + notes[-1] if notes else ""),
            )
        return {"FINISHED"}

    def _version(self, context, base):
        """The output's format version when the export says it: as asked; else, without an original to keep, the
        imported recording's (1.0 stays 1.0 for MRTK 2.5 and older; a new input animation is 1.1), in the layout MRTK
        reads. None: the original's, as the tool keeps it."""
        if self.format_version != "SOURCE":
            return self.format_version
        if not base and FORMAT in context.scene:
            return json.loads(context.scene[FORMAT])["version"]
        return None


def _export_gltf(context, path, gaze=True):
    """The recording's objects (those of the last import, else the whole scene: armatures and the profile's named
    objects; the gaze's only with `gaze`) as Blender shows them at every frame of the scene's range, as a .gltf
    (its buffer beside it) inputanim reads."""
    scene = context.scene
    ours = [o for o in scene.objects if o.get(TAG)] or list(scene.objects)
    objects = [o for o in ours if o.type == "ARMATURE" or scene_glb.is_profile_object(o.name)]
    objects = [o for o in objects if gaze or not o.name.startswith(profile.nodes()["gaze"])]
    if not objects:
        raise InputanimError(
            "nothing to export: no armature, and no object named as a recording's (Camera, Gaze, "
            "Hand_Left, Hand_Right)"
        )
    fps = scene_fps(scene)
    frames = list(range(max(0, scene.frame_start), scene.frame_end + 1))
    duration = scene.get(DURATION)
    if duration and frames and frames[-1] == math.ceil(duration * fps) and frames[-1] > duration * fps > frames[-2:][0]:
        frames[-1] = duration * fps  # the recording's own end, between the last two frames
    window = context.window_manager
    window.progress_begin(0, 100)
    try:
        with tempfile.TemporaryDirectory(prefix="inputanim-tracks-") as folder:
            sampled = scene_glb.sample_scene(
                scene,
                objects,
                frames,
                states.state_readers(objects),
                folder,
                lambda done: window.progress_update(int(99 * done)),
            )
            scene_glb.write_gltf(path, sampled, [f / fps for f in frames])
    finally:
        window.progress_end()
