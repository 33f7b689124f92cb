"""The package as installed (pip, a wheel): importable away from the source tree, its native module, type stubs and
pose library present, and a recording read, sampled, edited and written. Usage: installed.py RECORDING"""
import os
import sys
import tempfile

import inputanim as ia

folder = os.path.dirname(ia.__file__)
assert "site-packages" in folder, folder
for name in ("__init__.pyi", "poses.pyi", "py.typed"):
    assert os.path.exists(os.path.join(folder, name)), name
recording = ia.load(sys.argv[1])
samples = recording.sample(rate=30)
assert samples.left.shape == (len(samples), len(ia.JOINTS), 7)
with tempfile.TemporaryDirectory() as out:
    report = recording.trim(0.5, 1.5).save(os.path.join(out, "part.glb"))
    assert report["kind"] == "glb" and os.path.getsize(os.path.join(out, "part.glb")) > 0
if ia.poses.AVAILABLE:
    assert ia.poses.pinch.shape == (27, 7)
print(f"inputanim {ia.__version__} installed in {folder}: ok")
