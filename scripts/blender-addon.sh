#!/usr/bin/env bash
# Packs the Blender add-on into build/inputanim_blender.zip, ready for Edit > Preferences > Add-ons > Install.
# With MRTK's articulated hand poses beside the project (../shared/samples/mrtk-hand-poses, MIT, Microsoft), the
# zip also holds them as the add-on's pose library (mrtk_poses.json, with their licence); without, the add-on
# has no library and says so.
# Usage: scripts/blender-addon.sh [OUT.zip] [SHARED]
set -euo pipefail
here=$(pwd)
cd "$(dirname "$0")/.."
out=${1:-build/inputanim_blender.zip}
shared=${2:-../shared}
case $out in /*) ;; *) [ -n "${1:-}" ] && out=$here/$out ;; esac
case $shared in /*) ;; *) [ -n "${2:-}" ] && shared=$here/$shared ;; esac
mkdir -p "$(dirname "$out")"
python3 - "$out" "$shared/samples/mrtk-hand-poses" <<'PY'
import json, os, sys, zipfile

# MRTK's pose files by the names the panel shows; pinching: MRTK's simulated hands select with these.
POSES = [("Open", "ArticulatedHandPose_Open.json", False), ("Flat", "ArticulatedHandPose_Flat.json", False),
         ("Point", "ArticulatedHandPose_Poke.json", False), ("Pinch", "ArticulatedHandPose_Pinch.json", True),
         ("Grab", "ArticulatedHandPose_Grab.json", True), ("Thumbs up", "ArticulatedHandPose_ThumbsUp.json", False),
         ("Victory", "ArticulatedHandPose_Victory.json", False)]


def library(folder):
    poses = {}
    for name, file, pinching in POSES:
        path = os.path.join(folder, file)
        if os.path.exists(path):
            items = json.load(open(path))["items"]
            joints = {i["joint"]: [i["pose"]["rotation"][c] for c in "xyzw"] for i in items if i["joint"] != "None"}
            poses[name] = {"pinching": pinching, "joints": joints}
    return poses


with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, _, files in os.walk("blender/inputanim_blender"):
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                archive.write(path, os.path.relpath(path, "blender"))
    poses = library(sys.argv[2])
    if poses:
        archive.writestr("inputanim_blender/mrtk_poses.json", json.dumps(poses, indent=1))
        notice = open(os.path.join(sys.argv[2], "SOURCES.md")).read()
        archive.writestr("inputanim_blender/mrtk_poses_LICENSE.md", notice)
PY
echo "$out"
