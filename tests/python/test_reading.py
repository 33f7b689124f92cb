"""Reading and sampling: the arrays hold exactly what `inputanim sample --format json` prints at the same times, on
the samples and the real recordings; reading options and what info() reports are the tool's."""
import json
import os

import numpy as np
import pytest

import inputanim as ia
from conftest import recordings, shared, tool


def cli_frames(path, times, tmp_path, coordinates="unity"):
    listed = tmp_path / "times.txt"
    listed.write_text("\n".join(repr(float(t)) for t in times))
    out = tool("sample", path, "--times", listed, "--format", "json", "--coordinates", coordinates)
    return json.loads(out)["frames"]


def pose_of(entry):
    """A pose of sample's JSON as the arrays hold it: NaN for a rotation it gives as null."""
    rotation = entry["rotation"] if entry["rotation"] is not None else [np.nan] * 4
    return np.array(entry["position"] + rotation)


@pytest.mark.parametrize("path", recordings(), ids=os.path.basename)
@pytest.mark.parametrize("coordinates", ["unity", "gltf"])
def test_samples_are_the_tools(path, coordinates, tmp_path):
    recording = ia.load(path)
    s = recording.sample(rate=7.3, coordinates=coordinates)
    frames = cli_frames(path, s.time, tmp_path, coordinates)
    assert len(frames) == len(s) > 10
    info = recording.info()
    for i, frame in enumerate(frames):
        assert frame["time"] == s.time[i]
        if info["flags"]["hasCameraPose"]:
            np.testing.assert_array_equal(s.camera[i], pose_of(frame["camera"]))
        assert ("left" in frame) == info["flags"]["hasHandData"]
        for side in ("left", "right"):
            if side not in frame:
                continue
            assert s.tracked[side][i] == frame[side]["tracked"]
            assert s.pinching[side][i] == frame[side]["pinching"]
            joints = np.array([pose_of(frame[side]["joints"][joint]) for joint in ia.JOINTS])
            np.testing.assert_array_equal(getattr(s, side)[i], joints)
        if "gaze" in frame:
            np.testing.assert_array_equal(s.gaze[i], frame["gaze"]["origin"] + frame["gaze"]["direction"])
        else:
            assert np.isnan(s.gaze[i]).all()


def test_the_grid_is_the_tools(tmp_path):
    path = recordings()[0]
    s = ia.load(path).sample(rate=10, start=0.25, end=1.0)
    out = tool("sample", path, "--rate", 10, "--start", 0.25, "--end", 1.0, "--select", "camera", "--format", "json")
    assert list(s.time) == [frame["time"] for frame in json.loads(out)["frames"]]


def test_info_markers_and_format_are_the_tools():
    path = recordings()[1]
    recording = ia.load(path)
    info = json.loads(tool("info", path, "--json"))
    assert recording.info() == info
    assert recording.format == info["format"]
    assert recording.duration == info["duration"]
    assert recording.markers == [(m["time"], m["name"]) for m in info["markers"]]
    assert recording.findings() == info["findings"]


def test_bytes_read_as_the_file_is():
    path = recordings()[1]
    with open(path, "rb") as f:
        from_bytes = ia.load_bytes(f.read(), name="gesture")
    a, b = ia.load(path).sample(rate=30), from_bytes.sample(rate=30)
    np.testing.assert_array_equal(a.left, b.left)
    assert from_bytes.name == "gesture"


def test_reading_options_reach_the_library():
    with pytest.raises(ia.InvalidInputError) as refused:
        ia.load(shared("samples", "real", "prerelease-2019", "InputAnimation-20190606-161538.bin"))
    assert refused.value.reason == "prerelease-2019"
    assert "prerelease_2019=True" in str(refused.value)
    prerelease = ia.load(
        shared("samples", "real", "prerelease-2019", "InputAnimation-20190606-161538.bin"), prerelease_2019=True
    )
    assert prerelease.duration > 0
    with pytest.raises(ia.UsageError) as hold:
        ia.load(recordings()[0], hold=-1)
    assert "hold" in hold.value.message


def test_to_pandas_names_columns_as_the_tool(tmp_path):
    pandas = pytest.importorskip("pandas")
    frame = ia.load(recordings()[1]).sample(rate=5).to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    lines = tool("sample", recordings()[1], "--rate", 5).splitlines()
    header = lines[0].split(",")
    assert list(frame.columns) == header[1:]  # the same names in the same order
    # ... over the same values: each column as the CSV gives it (empty where the tool prints nothing: NaN).
    rows = [[float(v) if v else np.nan for v in line.split(",")] for line in lines[1:]]
    csv = np.array(rows)
    assert np.allclose(frame.index.to_numpy(), csv[:, 0], rtol=0, atol=1e-6)
    for c, name in enumerate(header[1:], start=1):
        assert np.allclose(frame[name].to_numpy(dtype=float), csv[:, c], rtol=0, atol=1e-6, equal_nan=True), name
