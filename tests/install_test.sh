#!/usr/bin/env bash
# cmake --install into a temporary prefix, then build and run a consumer project with find_package.
# Usage: install_test.sh BUILD_DIR SAMPLE.bin
set -eu
build=$1
sample=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/inputanim"
test -f "$work/prefix/include/inputanim/core/curve.hpp" -a -f "$work/prefix/include/inputanim/load.hpp"
"$work/prefix/bin/inputanim" --version | grep -q "^inputanim "
cmake -S "$here/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
"$work/consumer/consumer" "$sample" "$work/out.glb" >"$work/printed"
test "$(head -c 4 "$work/out.glb")" = glTF
# What the consumer printed is what the installed tool samples at that time.
echo 1.25 >"$work/times"
"$work/prefix/bin/inputanim" sample "$sample" --times "$work/times" --format json >"$work/sampled"
python3 - "$work/printed" "$work/sampled" <<'PY'
import json, sys
words = open(sys.argv[1]).read().split()
printed = [float(w) for w in words[5:8]]
frame = json.load(open(sys.argv[2]))["frames"][0]["left"]
sampled = frame["joints"]["IndexTip"]["position"]
assert all(abs(a - b) < 1e-6 for a, b in zip(printed, sampled)), (printed, sampled)
assert words[-1] == str(int(frame["tracked"])), (words, frame["tracked"])
PY
echo "install: 1 passed, 0 failed"
