#!/usr/bin/env bash
# The main job on a sample: installs what is missing, builds, makes a recording and converts it to .glb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh >/dev/null
mkdir -p out
build/inputanim generate out/gesture.bin --force
build/inputanim info out/gesture.bin
build/inputanim convert out/gesture.bin out/gesture.glb --force
echo "open out/gesture.glb in Blender or any glTF viewer"
