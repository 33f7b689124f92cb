#!/usr/bin/env bash
# glTF clients as a person opening a converted file sees it (drawn.mjs): the generated samples (both hands) and the
# real 2021 recording (the left hand only), plain files with their default options.
# Usage: run.sh PATH/TO/inputanim [PATH/TO/shared]
set -u
tool=$1
shared=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$here/node_modules/@google/model-viewer" ] || [ ! -d "$here/../interop/node_modules/playwright-core" ]; then
    echo "clients: node_modules missing (scripts/install-deps.sh --test installs them)"
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" generate "$work/gesture.bin" --seed 3 2>/dev/null
"$tool" convert "$work/gesture.bin" "$work/gesture.glb" -q --force
files=("$work/gesture.glb")
real=$shared/samples/real/handrecorder-2021-v1.0.bin
if [ -n "$shared" ] && [ -f "$real" ]; then
    "$tool" convert "$real" "$work/real.glb" -q --force
    files+=("$work/real.glb")
fi
node "$here/drawn.mjs" "$tool" "${files[@]}" || exit 1
[ ${#files[@]} -gt 1 ] || { echo "SKIP: the real recording (no $real)"; exit 77; }
