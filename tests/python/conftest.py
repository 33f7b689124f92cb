"""The Python package's tests (pytest): the package as built in BUILD/python (INPUTANIM_PYTHON_BUILD, else the
project's build/), the tool beside it (INPUTANIM_TOOL), ../shared for the real recordings and MRTK's reader."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("INPUTANIM_PYTHON_BUILD", os.path.join(ROOT, "build"))
TOOL = os.environ.get("INPUTANIM_TOOL", os.path.join(BUILD, "inputanim"))
SHARED = os.environ.get("INPUTANIM_SHARED", os.path.join(ROOT, "..", "shared"))
if not os.environ.get("INPUTANIM_INSTALLED"):  # else: the package installed in the interpreter's environment
    sys.path.insert(0, os.path.join(BUILD, "python"))
sys.path.insert(0, os.path.join(ROOT, "tests", "interop"))  # mrtk_play: MRTK's own reader


def tool(*args, ok=(0,)):
    """The command-line tool's run, its standard output as text; an exit status not in `ok` fails the test."""
    run = subprocess.run([TOOL, *map(str, args)], capture_output=True, text=True)
    assert run.returncode in ok, f"inputanim {' '.join(map(str, args))}: exit {run.returncode}: {run.stderr}"
    return run.stdout


def shared(*parts):
    """A file of ../shared, or the test skipped without it."""
    path = os.path.join(SHARED, *parts)
    if not os.path.exists(path):
        pytest.skip(f"{path} is not here")
    return path


def recordings():
    """The recordings sampling is checked on: the project's samples and, where present, the real ones."""
    found = [os.path.join(ROOT, "samples", name) for name in ("gesture-1.0.bin", "gesture-1.1-compact.bin")]
    real = os.path.join(SHARED, "samples", "real")
    if os.path.isdir(real):
        found += [os.path.join(real, "handrecorder-2021-v1.0.bin")]
    return found
