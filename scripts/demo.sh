#!/usr/bin/env bash
# The main job on a sample: installs what is missing, builds, shows a recording and converts it to .glb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh >/dev/null
mkdir -p out
build/inputanim info samples/gesture-1.1-compact.bin
build/inputanim convert samples/gesture-1.1-compact.bin out/gesture.glb --force
echo "open out/gesture.glb in Blender or any glTF viewer"
