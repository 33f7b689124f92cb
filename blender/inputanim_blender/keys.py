# The keys this add-on keeps in a scene and its objects, the marker names it leaves in Blender, and its frames.
SOURCE = "inputanim_source"  # scene properties: the recording imported, to export the edit onto
MARKERS = "inputanim_markers"  # its markers' exact times (JSON), as frames round them
SUMMARY = "inputanim_summary"
FORMAT = "inputanim_format"  # the source's format version and layout, kept when exporting without it
DURATION = "inputanim_duration"  # the source's duration, seconds: the export ends there, not at the frame after
TAG = "inputanim"  # object property: made by the last import, exported by the next export
WORKING = "_"  # a marker named so is the animator's own: it stays in Blender, not exported
MAX_FRAME = 1048574  # Blender's last frame (MAXFRAME): no scene end, marker or key lies later


def within_frames(frame, what, beyond):
    """`frame` within Blender's frames; past the last, the last, with `what` noted in the list `beyond`."""
    if frame <= MAX_FRAME:
        return frame
    beyond.append(what)
    return MAX_FRAME
