"""Saving and editing: the bytes are those the tool writes from the same input with the same options, and the report
is its `--json` report (schema inputanim.run/1)."""
import json
import os

import pytest

import inputanim as ia
from conftest import recordings, shared, tool

SAVES = [
    ("out.glb", {}, []),
    ("out.gltf", {}, []),
    ("out.gltf", {"embed": True}, ["--embed"]),
    ("out.glb", {"rig": "hierarchy", "linear_only": True}, ["--rig", "hierarchy", "--linear-only"]),
    ("out.glb", {"compress": "meshopt", "meshes": False}, ["--compress", "meshopt", "--no-mesh"]),
    ("out.glb", {"rig": "hierarchy", "extras": False}, ["--rig", "hierarchy", "--no-extras"]),
    ("out.glb", {"rig": "hierarchy", "animation": False}, ["--rig", "hierarchy", "--no-animation"]),
    ("out.glb", {"position_tolerance": 0.001}, ["--pos-tolerance", "0.001"]),
    ("out.bin", {"format_version": "1.1", "layout": "full"}, ["--format-version", "1.1", "--layout", "full"]),
    ("out.json", {"rate": 30}, ["--to", "iwer", "--rate", "30"]),
]


def read(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.mark.parametrize("name,options,flags", SAVES, ids=[" ".join(s[2]) or s[0] for s in SAVES])
def test_saved_bytes_are_the_tools(name, options, flags, tmp_path):
    source = recordings()[-1]
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    ours.mkdir()
    theirs.mkdir()
    report = ia.load(source).save(ours / name, **options)
    if name.endswith(".json"):
        flags = flags[2:]  # the extension says it already
    cli = json.loads(tool("convert", source, theirs / name, "--json", *flags, ok=(0, 6)))  # 6: beyond tolerance
    assert sorted(os.listdir(ours)) == sorted(os.listdir(theirs))
    for file in os.listdir(ours):
        assert read(ours / file) == read(theirs / file), file
    for key in ("kind", "gltf", "iwer", "format", "bytes", "deviation", "tolerance", "beyondTolerance"):
        assert report.get(key) == cli.get(key), key


def test_a_glb_records_its_source_and_verifies(tmp_path):
    source = recordings()[1]
    ia.load(source).save(tmp_path / "archive.glb")
    check = ia.verify(tmp_path / "archive.glb", source)
    assert check["identical"] and check["recorded"]["matches"] and check["original"]["matches"]
    assert check == json.loads(tool("verify", tmp_path / "archive.glb", source, "--json"))


EDITS = [
    (lambda r: r.trim(0.5, 2.0), ["trim", "--start", "0.5", "--end", "2"]),
    (lambda r: r.trim("pinch", keep_time=True), ["trim", "--start", "pinch", "--keep-time"]),
    (lambda r: r.shift(0.25), ["shift", "--by", "0.25"]),
    (lambda r: r.retime(speed=2), ["retime", "--speed", "2"]),
    (lambda r: r.retime(duration=10), ["retime", "--duration", "10"]),
    (lambda r: r.mirror(), ["mirror"]),
    (lambda r: r.mirror(x=0.1), ["mirror", "--plane", "x=0.1"]),
]


@pytest.mark.parametrize("edit,verb", EDITS, ids=[" ".join(e[1]) for e in EDITS])
def test_edits_are_the_tools(edit, verb, tmp_path):
    source = recordings()[1]
    edited = edit(ia.load(source))
    edited.save(tmp_path / "ours.bin")
    tool(verb[0], source, tmp_path / "theirs.bin", *verb[1:])
    assert read(tmp_path / "ours.bin") == read(tmp_path / "theirs.bin")


def test_markers_and_merge_are_the_tools(tmp_path):
    source = recordings()[1]
    recording = ia.load(source)
    marked = recording.with_markers([(0.5, "press"), (1.25, "release")])
    assert marked.markers == [(0.5, "press"), (1.25, "release")]
    markers = tmp_path / "markers.json"
    markers.write_text(json.dumps([{"time": 0.5, "name": "press"}, {"time": 1.25, "name": "release"}]))
    marked.save(tmp_path / "ours.bin")
    tool("markers", source, tmp_path / "theirs.bin", "--from", markers)
    assert read(tmp_path / "ours.bin") == read(tmp_path / "theirs.bin")

    mirrored = recording.mirror()
    mirrored.save(tmp_path / "mirrored.bin")
    ia.merge(recording, left=mirrored).save(tmp_path / "merged-ours.bin")
    tool("merge", tmp_path / "merged-theirs.bin", "--base", source, "--left", tmp_path / "mirrored.bin")
    assert read(tmp_path / "merged-ours.bin") == read(tmp_path / "merged-theirs.bin")


def test_an_edit_says_what_it_dropped():
    trimmed = ia.load(recordings()[1]).trim(1.0, 2.0)
    assert any(m["code"] == "markers-dropped" for m in trimmed.messages)


def test_diff_is_the_tools():
    a = ia.load(recordings()[1])
    b = a.shift(0.01)
    ours = ia.diff(a, b, rate=30)
    assert ours["schema"] == "inputanim.diff/1" and not ours["within"]
    assert ia.diff(a, a)["within"]


def test_generate_is_the_tools(tmp_path):
    ia.generate(duration=2, rate=30, seed=7).save(tmp_path / "ours.bin")
    tool("generate", tmp_path / "theirs.bin", "--duration", 2, "--rate", 30, "--seed", 7)
    assert read(tmp_path / "ours.bin") == read(tmp_path / "theirs.bin")
    ia.generate(duration=1, format_version="1.0", reduce=False).save(tmp_path / "ours10.bin")
    tool("generate", tmp_path / "theirs10.bin", "--duration", 1, "--format-version", "1.0", "--no-reduce")
    assert read(tmp_path / "ours10.bin") == read(tmp_path / "theirs10.bin")
    for wrong in ({"duration": "long"}, {"seed": -1}, {"format_version": "2.0"}, {"duration": 1e9}):
        with pytest.raises(ia.UsageError):
            ia.generate(**wrong)
