"""MRTK 2.8.3's own reader (../shared/mrtk-reader, under Mono) as a player, for the checks run after Blender."""
import json
import os
import shutil
import subprocess


def play(path, shared, build, grid="0.008333333"):
    """MRTK's reading of `path` (its JSON: accepted, bytes_consumed, file_size, frames on a `grid` in seconds), or
    None without ../shared/mrtk-reader or Mono. Builds the reader into BUILD/mrtkread on first use."""
    reader = os.path.join(shared, "mrtk-reader") if shared else ""
    if not (reader and os.path.isdir(reader) and shutil.which("mono")):
        return None
    exe = os.path.join(build, "mrtkread", "mrtkread.exe")
    if not os.path.exists(exe):
        subprocess.run(
            ["bash", os.path.join(reader, "build.sh")],
            env={**os.environ, "BUILD": os.path.dirname(exe)},
            capture_output=True,
            check=True,
        )
    result = subprocess.run(["mono", exe, "read", path, "--grid", grid], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)
