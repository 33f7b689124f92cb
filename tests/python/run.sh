#!/usr/bin/env bash
# CTest `python`: the package's tests (pytest, tests/python/) on the package the build made (BUILD/python), then the
# package installed from the source tree into a fresh virtual environment (Debian's NumPy seen through
# --system-site-packages, offline), where a script uses it as a user would.
# Usage: tests/python/run.sh PYTHON BUILD [SHARED]
set -euo pipefail
python=$1 build=$(realpath "$2") shared=$(realpath -m "${3:-../shared}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export INPUTANIM_PYTHON_BUILD=$build INPUTANIM_TOOL=$build/inputanim INPUTANIM_SHARED=$shared
"$python" -m pytest -q -p no:cacheprovider "$here"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" -m venv --system-site-packages "$work/venv"
INPUTANIM_BUILD_DIR=$build INPUTANIM_POSES=$shared/samples/mrtk-hand-poses \
    "$work/venv/bin/python" -m pip install -q --no-build-isolation --no-index "$root" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log"; exit 1; }
cd "$work"  # not the source tree: the installed package is the one imported
"$work/venv/bin/python" "$here/installed.py" "$root/samples/gesture-1.1-compact.bin"
