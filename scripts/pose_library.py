"""MRTK's articulated hand poses (../shared/samples/mrtk-hand-poses, MIT, Microsoft) as the pose library the Blender
add-on and the Python package ship when the folder is beside the project: mrtk_poses.json, and its licence.
Usage: pose_library.py POSES_DIR OUT_DIR (writes OUT_DIR/mrtk_poses.json and mrtk_poses_LICENSE.md, or nothing
when POSES_DIR does not hold the poses)
"""
import json
import os
import sys

# MRTK's pose files by the names the add-on's panel shows; pinching: MRTK's simulated hands select with these.
POSES = [
    ("Open", "ArticulatedHandPose_Open.json", False),
    ("Flat", "ArticulatedHandPose_Flat.json", False),
    ("Point", "ArticulatedHandPose_Poke.json", False),
    ("Pinch", "ArticulatedHandPose_Pinch.json", True),
    ("Grab", "ArticulatedHandPose_Grab.json", True),
    ("Thumbs up", "ArticulatedHandPose_ThumbsUp.json", False),
    ("Victory", "ArticulatedHandPose_Victory.json", False),
]


def library(folder):
    """{name: {"pinching", "joints": {joint: [qx, qy, qz, qw]}, "positions": {joint: [x, y, z]}}}: MRTK's right
    hand, each joint relative to the pose's origin as ArticulatedHandPose stores it (None left out)."""
    poses = {}
    for name, file, pinching in POSES:
        path = os.path.join(folder, file)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as pose:
                items = [i for i in json.load(pose)["items"] if i["joint"] != "None"]
            joints = {i["joint"]: [i["pose"]["rotation"][c] for c in "xyzw"] for i in items}
            positions = {i["joint"]: [i["pose"]["position"][c] for c in "xyz"] for i in items}
            poses[name] = {"pinching": pinching, "joints": joints, "positions": positions}
    return poses


def notice(folder):
    with open(os.path.join(folder, "SOURCES.md"), encoding="utf-8") as sources:
        return sources.read()


def main(folder, out):
    poses = library(folder) if os.path.isdir(folder) else {}
    if poses:
        with open(os.path.join(out, "mrtk_poses.json"), "w", encoding="utf-8") as library_file:
            json.dump(poses, library_file, indent=1)
        with open(os.path.join(out, "mrtk_poses_LICENSE.md"), "w", encoding="utf-8") as licence:
            licence.write(notice(folder))


if __name__ == "__main__":
    main(*sys.argv[1:])
