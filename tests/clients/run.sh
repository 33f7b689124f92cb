#!/usr/bin/env bash
# glTF clients as a person opening a converted file sees it, in headless Chromium:
# - drawn.mjs: <model-viewer> and Babylon.js draw each tracked hand in their default view (the generated samples,
#   both hands; the real 2021 recording, the left hand only), plain files with their default options;
# - filament_play.mjs: Filament plays every file (the samples, the edge cases and the real recording; the flat rig,
#   the hierarchy rig and the compressed archive) as the library's evaluator does, and its viewer's default view
#   draws each tracked hand of the flat rig's plain files. Filament's CUBICSPLINE leaves the tangents unscaled by the
#   key interval (gltfio's Animator, against glTF 2.0's appendix C): a file with Hermite keys is played as
#   `--linear-only` writes it, as docs/gltf-profile.md tells Filament's users;
# - godot_play.mjs: Godot 3 imports the flat files with the settings docs/gltf-profile.md gives and plays them at its
#   bake's frames within the export's tolerances (the files it can play so: see below);
# - iwer_play.mjs: IWER replays the IWER captures `convert` writes of the generated sample and the real recording into
#   a WebXR session, as MRTK plays them (poses, hands present while tracked, select events at each pinch).
# Usage: run.sh PATH/TO/inputanim PATH/TO/make_edge_cases [PATH/TO/shared]
set -u
tool=$1
make_edge_cases=$2
shared=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$here/node_modules/@google/model-viewer" ] || [ ! -d "$here/node_modules/filament" ] ||
    [ ! -d "$here/node_modules/iwer" ] ||
    [ ! -d "$here/../interop/node_modules/playwright-core" ]; then
    echo "clients: node_modules missing (scripts/install-deps.sh --test installs them)"
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" generate "$work/gesture.bin" --seed 3 2>/dev/null
"$tool" generate "$work/gesture-1.0.bin" --format-version 1.0 --seed 5 2>/dev/null
mkdir "$work/edge" && "$make_edge_cases" "$work/edge" >/dev/null || exit 1
sources=("$work/gesture.bin" "$work/gesture-1.0.bin" "$work"/edge/*.bin)
real=$shared/samples/real/handrecorder-2021-v1.0.bin
[ -n "$shared" ] && [ -f "$real" ] && cp "$real" "$work/real.bin" && sources+=("$work/real.bin")
drawn=()
played=()
flats=()
for source in "${sources[@]}"; do
    name=${source%.bin}
    # Exact data: 1e-5 m; fitted data, the hierarchy rig: the export's tolerance (docs/gltf-profile.md).
    pos=1e-5
    grep -qx "$(basename "$name") fitted" "$work/edge/cases.txt" && pos=1e-4
    "$tool" convert "$source" "$name.glb" -q --force || { echo "FAIL: convert $source"; exit 1; }
    flat=()
    grep -aq CUBICSPLINE "$name.glb" && flat=(--linear-only) && pos=1e-4
    "$tool" convert "$source" "$name.flat.glb" -q --force "${flat[@]}" || exit 1
    "$tool" convert "$source" "$name.hierarchy.glb" -q --force --rig hierarchy "${flat[@]}" || exit 1
    "$tool" convert "$source" "$name.meshopt.glb" -q --force --compress meshopt "${flat[@]}" || exit 1
    played+=("$name.flat.glb" "$pos" 1 "$name.hierarchy.glb" 1e-4 0 "$name.meshopt.glb" "$pos" 0)
    case $(basename "$name") in
    # Godot leaves out: files without a node (it imports no scene); jumps and steps, which its bake turns into ramps
    # over a frame (its frame at a step's own time still holds the value before); a rotation through a half turn
    # between keys, which its bake plays 0.07 degrees off (docs/gltf-profile.md).
    empty | markers-only | looping | stepped | odd-rotations) ;;
    *) flats+=("$name.flat.glb" 1e-4) ;;
    esac
    [[ "$source" != "$work"/edge/* ]] && [ "$(basename "$name")" != gesture-1.0 ] && drawn+=("$name.glb")
done
failed=0
node "$here/drawn.mjs" "$tool" "${drawn[@]}" || failed=1
node "$here/filament_play.mjs" "$tool" 0.01 "${played[@]}" || failed=1
captured=("$work/gesture.bin")
[ -f "$work/real.bin" ] && captured+=("$work/real.bin")
node "$here/iwer_play.mjs" "$tool" "${captured[@]}" || failed=1
if command -v "${GODOT:-godot3-server}" >/dev/null; then
    node "$here/godot_play.mjs" "$tool" 0.01 "${flats[@]}" || failed=1
else
    echo "SKIP: Godot 3 (scripts/install-deps.sh --test installs godot3-server)"; skipped=1
fi
[ "$failed" -eq 0 ] || exit 1
[ -z "${skipped:-}" ] || exit 77
[ -f "$work/real.bin" ] || { echo "SKIP: the real recording (no $real)"; exit 77; }
