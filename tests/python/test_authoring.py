"""Recordings made by code: from_arrays reduces sampled poses within the tolerances, and MRTK 2.8.3's own reader plays
the file within them; MRTK's hand poses placed and blended as its ArticulatedHandPose does."""
import math

import numpy as np
import pytest

import inputanim as ia
from conftest import BUILD, SHARED, recordings

POSITION, ROTATION = 1e-4, 0.01  # the library's default tolerances: metres, degrees


def angle(a, b):
    """Degrees between rotations (either sign), for arrays of quaternions (..., 4)."""
    dot = np.abs(np.sum(a * b, axis=-1)) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1))
    return np.degrees(2 * np.arccos(np.clip(dot, 0, 1)))


def real_joints(side):
    """The WebXR joints (every joint but None and the palm, which a take makes itself)."""
    return [j for j, name in enumerate(ia.JOINTS) if name not in ("None", "Palm")]


def test_a_recording_sampled_and_made_again_plays_as_it_did():
    source = ia.load(recordings()[1])
    s = source.sample(rate=90)
    made = ia.Recording.from_arrays(
        s.time, s.camera, s.left, s.right, tracked=s.tracked, pinching=s.pinching, gaze=s.gaze, markers=source.markers
    )
    assert made.format == {"version": "1.1", "layout": "compact"}
    assert made.markers == source.markers
    again = made.sample(times=s.time)
    np.testing.assert_array_equal(again.tracked["left"], s.tracked["left"])
    np.testing.assert_array_equal(again.pinching["right"], s.pinching["right"])
    assert np.max(np.linalg.norm(again.camera[:, :3] - s.camera[:, :3], axis=-1)) <= POSITION * 1.001
    assert np.max(angle(again.camera[:, 3:], s.camera[:, 3:])) <= ROTATION * 1.001
    for side in ("left", "right"):
        on = s.tracked[side]
        joints = real_joints(side)
        ours, theirs = getattr(again, side)[on][:, joints], getattr(s, side)[on][:, joints]
        assert np.max(np.linalg.norm(ours[..., :3] - theirs[..., :3], axis=-1)) <= POSITION * 1.001
        assert np.nanmax(angle(ours[..., 3:], theirs[..., 3:])) <= ROTATION * 1.001
    assert np.max(np.linalg.norm(again.gaze - s.gaze, axis=-1)) <= 2e-3
    old = ia.Recording.from_arrays(s.time, s.camera, s.left, s.right, tracked=s.tracked, format_version="1.0")
    assert old.format == {"version": "1.0", "layout": "full"} and not old.info()["flags"]["hasEyeGaze"]
    np.testing.assert_array_equal(old.sample(times=s.time).left, made.sample(times=s.time).left)


def open_to_pinch():
    """The walk-through's take: a right hand held open, then pinching over 0.3 s at (0.1, 1.4, 0.45), 90 Hz."""
    time = np.arange(0, 1.0, 1 / 90)
    s = np.clip((time - 0.3) / 0.3, 0, 1)
    local = ia.poses.blend(ia.poses.open, ia.poses.pinch, s)
    right = ia.poses.place(local, position=(0.1, 1.4, 0.45))
    return time, right, s


def test_a_pose_take_plays_in_mrtk_as_made(tmp_path):
    if not ia.poses.AVAILABLE:
        pytest.skip("the package was built without MRTK's hand poses")
    mrtk_play = pytest.importorskip("mrtk_play")
    time, right, s = open_to_pinch()
    made = ia.Recording.from_arrays(time, right=right, pinching={"right": s == 1})
    made.save(tmp_path / "take.bin")
    played = mrtk_play.play(str(tmp_path / "take.bin"), SHARED, str(BUILD), grid="0.0111111111")
    if played is None:
        pytest.skip("MRTK's reader (../shared/mrtk-reader, Mono) is not here")
    assert played["accepted"] and played["bytes_consumed"] == played["file_size"]
    frames = played["frames"][: len(time)]  # the grid's times are the frames' (to 1e-9 s)
    assert len(frames) == len(time)
    ours = made.sample(times=[f["time"] for f in frames])
    joints = real_joints("right")
    for i, frame in enumerate(frames):
        mrtk, given = np.array(frame["right"]["joints"])[joints], right[i][joints]
        assert np.max(np.linalg.norm(mrtk[:, :3] - given[:, :3], axis=-1)) <= POSITION * 1.01
        assert np.max(angle(mrtk[:, 3:], given[:, 3:])) <= ROTATION * 1.01
        assert frame["right"]["tracked"] and not frame["left"]["tracked"]
        assert frame["right"]["pinching"] == bool(ours.pinching["right"][i]) == (s[i] == 1)
    assert any(f["right"]["pinching"] for f in frames) and not frames[0]["right"]["pinching"]


def test_pinching_not_given_follows_mrtk_s_rule():
    if not ia.poses.AVAILABLE:
        pytest.skip("the package was built without MRTK's hand poses")
    time, right, _ = open_to_pinch()
    thumb, index = ia.JOINTS.index("ThumbTip"), ia.JOINTS.index("IndexTip")
    gap = np.linalg.norm(right[:, thumb, :3] - right[:, index, :3], axis=-1)
    first = time[np.argmax(gap < 0.02)]  # MRTK's Leap Motion rule: closer than 2 cm begins a pinch
    spans = ia.Recording.from_arrays(time, right=right).info()["pinching"]["right"]
    assert len(spans) == 1 and spans[0][0] == pytest.approx(first, abs=1e-6)
    told = ia.Recording.from_arrays(time, right=right, pinching={"right": np.zeros(len(time), bool)})
    assert told.info()["pinching"]["right"] == []


def test_poses_are_placed_and_blended_as_mrtk_does():
    if not ia.poses.AVAILABLE:
        pytest.skip("the package was built without MRTK's hand poses")
    pinch = ia.poses.pinch
    assert pinch.shape == (27, 7) and ia.poses.PINCHING["pinch"] and not ia.poses.PINCHING["open"]
    assert set(ia.poses.NAMES) == {"open", "flat", "point", "pinch", "grab", "thumbs_up", "victory"}
    # Turned a quarter about +y and moved: a joint at (x, y, z) goes to (z, y, -x) + position.
    quarter = (0.0, math.sqrt(0.5), 0.0, math.sqrt(0.5))
    placed = ia.poses.place(pinch, position=(1, 2, 3), rotation=quarter)
    wrist = ia.JOINTS.index("Wrist")
    x, y, z = pinch[wrist, :3]
    np.testing.assert_allclose(placed[wrist, :3], [z + 1, y + 2, -x + 3], atol=1e-12)
    # The left hand: x mirrored, the rotation's y and z negated (ArticulatedHandPose.ComputeJointPoses).
    left = ia.poses.place(pinch, hand="left")
    np.testing.assert_allclose(left[wrist], pinch[wrist] * [-1, 1, 1, 1, -1, -1, 1], atol=1e-12)
    # Halfway: positions at the middle; rotations halfway along the arc.
    half = ia.poses.blend(ia.poses.open, pinch, 0.5)
    np.testing.assert_allclose(half[wrist, :3], (ia.poses.open[wrist, :3] + pinch[wrist, :3]) / 2)
    a, b = angle(half[1:, 3:], ia.poses.open[1:, 3:]), angle(half[1:, 3:], pinch[1:, 3:])
    np.testing.assert_allclose(a, b, atol=1e-6)


def test_arrays_of_the_wrong_shape_are_refused():
    with pytest.raises(ia.UsageError, match=r"\(N, 27, 7\)"):
        ia.Recording.from_arrays([0, 1], left=np.zeros((2, 25, 7)))
    with pytest.raises(ia.UsageError, match="increasing"):
        ia.Recording.from_arrays([0, 1, 1], camera=np.tile([0, 1.6, 0, 0, 0, 0, 1], (3, 1)))
    with pytest.raises(ia.UsageError, match="format_version"):
        ia.Recording.from_arrays([0, 1], format_version="2.0")
    with pytest.raises(ia.UsageError, match="tolerances"):
        ia.Recording.from_arrays([0, 1], tolerances={"position": 0})
