"""Errors: each of the tool's exit-status classes raised as its exception, with the library's message, kind, reason
and place; no memory kept over 1,000 loads."""
import os

import pytest

import inputanim as ia
from conftest import recordings


def test_input_errors_name_the_file_and_the_place(tmp_path):
    with pytest.raises(ia.InvalidInputError) as missing:
        ia.load(tmp_path / "missing.bin")
    assert missing.value.exit_status == 2 and missing.value.kind == "input-failed"
    assert str(tmp_path / "missing.bin") in str(missing.value)
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\x00" * 64)
    with pytest.raises(ia.InvalidInputError) as malformed:
        ia.load(bad)
    assert malformed.value.kind == "malformed" and "byte 0" in malformed.value.message
    with pytest.raises(ia.InvalidInputError) as json_place:
        ia.load_bytes(b'{"asset": {"version": "2.0"}, "nodes": 7}', name="broken.gltf")
    assert "broken.gltf" in str(json_place.value)


def test_usage_errors_are_value_errors():
    recording = ia.load(recordings()[1])
    with pytest.raises(ia.UsageError) as coordinates:
        recording.sample(coordinates="blender")
    assert isinstance(coordinates.value, ValueError) and coordinates.value.exit_status == 1
    with pytest.raises(ia.UsageError) as rate:
        recording.sample(rate=0)
    assert "rate" in rate.value.message
    with pytest.raises(ia.UsageError) as option:
        recording.save("x.glb", rig="skeleton")
    assert option.value.pointer == "/gltf/rig"
    with pytest.raises(ia.UsageError):
        ia.load(recordings()[1], colour="red")


def test_what_an_output_cannot_hold_is_unsupported(tmp_path):
    with pytest.raises(ia.UnsupportedError) as gaze:
        ia.load(recordings()[1]).save(tmp_path / "old.bin", format_version="1.0")
    assert gaze.value.exit_status == 3 and gaze.value.kind == "not-representable"
    assert not os.path.exists(tmp_path / "old.bin")


def test_an_existing_output_is_an_os_error_with_python_s_hint(tmp_path):
    recording = ia.load(recordings()[1])
    recording.save(tmp_path / "out.glb")
    with pytest.raises(ia.OutputError) as exists:
        recording.save(tmp_path / "out.glb")
    assert isinstance(exists.value, OSError) and exists.value.reason == "output-exists"
    assert str(exists.value).endswith("(overwrite=True replaces it)")
    assert "--force" not in str(exists.value)
    recording.save(tmp_path / "out.glb", overwrite=True)


def resident_kb():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def test_no_memory_kept_over_a_thousand_loads():
    path = recordings()[1]
    for _ in range(100):  # the allocator's pools filled first
        ia.load(path).sample(rate=10)
    before = resident_kb()
    for _ in range(1000):
        ia.load(path).sample(rate=10)
    grown = resident_kb() - before
    size = os.path.getsize(path) // 1024
    assert grown < 4 * 1024, f"{grown} kB kept over 1,000 loads of a {size} kB file"
