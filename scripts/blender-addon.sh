#!/usr/bin/env bash
# Packs the Blender add-on into build/inputanim_blender.zip, ready for Edit > Preferences > Add-ons > Install.
# Usage: scripts/blender-addon.sh [OUT.zip]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/inputanim_blender.zip}
mkdir -p "$(dirname "$out")"
python3 - "$out" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, _, files in os.walk("blender/inputanim_blender"):
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                archive.write(path, os.path.relpath(path, "blender"))
PY
echo "$out"
