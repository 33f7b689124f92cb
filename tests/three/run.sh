#!/usr/bin/env bash
# The three.js loader package, `npm pack`ed and installed into a blank project (three_loader.mjs): on the real
# recording and Godot's hand rig when ../shared is beside the project, else on the generated sample and a rig made
# from it (generated_rig.mjs). CTest `three_loader`.
# Usage: run.sh PATH/TO/inputanim [PATH/TO/shared]
set -u
tool=$1
shared=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v chromium >/dev/null || { echo "three.js loader: chromium not installed (scripts/install-deps.sh --test)"; exit 1; }
[ -d "$root/tests/interop/node_modules" ] || { echo "three.js loader: tests/interop/node_modules missing (scripts/install-deps.sh --test)"; exit 1; }
package=$("$root/scripts/build-three.sh" --pack) || { echo "three.js loader: the package did not build"; exit 1; }
real=$shared/samples/real/handrecorder-2021-v1.0.bin
foreign=$shared/samples/foreign/godot-animations_hand_l.gltf
if [ -n "$shared" ] && [ -f "$real" ] && [ -f "$foreign" ]; then
    echo "== $(basename "$real") and $(basename "$foreign")"
    exec node "$here/three_loader.mjs" "$tool" "$package" "$real" "$foreign"
fi
echo "== $(basename "$root/samples/gesture-1.1-compact.bin") and a rig made from it (../shared/samples not found)"
exec node "$here/three_loader.mjs" "$tool" "$package" "$root/samples/gesture-1.1-compact.bin"
