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
"$work/consumer/consumer" "$sample" "$work/out.glb"
test "$(head -c 4 "$work/out.glb")" = glTF
echo "install: 1 passed, 0 failed"
