#!/usr/bin/env bash
# Prints the project's version: CMakeLists.txt's project(... VERSION X.Y.Z), the one place it is set. The
# library, the CLI, the packages, the Blender add-on and the npm loader all carry it.
set -euo pipefail
sed -n 's/^project(inputanim VERSION \([0-9.]*\).*/\1/p' "$(dirname "$0")/../CMakeLists.txt"
