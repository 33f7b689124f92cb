#!/usr/bin/env bash
# The main job on a sample: installs what is missing, builds, generates a recording and shows it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh >/dev/null
mkdir -p out
build/inputanim generate out/gesture-1.1.bin --force
build/inputanim info out/gesture-1.1.bin
