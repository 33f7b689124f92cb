#!/usr/bin/env bash
# Exports every generated sample, edge case and real recording to glTF (both rigs), then checks that the Khronos
# validator reports no error or warning, that three.js plays each file as the library's evaluator does, and so do
# Babylon.js (babylon_play.mjs, both rigs) and Assimp (assimp_play.py, the linear-only flat rig).
# Usage: run.sh PATH/TO/inputanim PATH/TO/make_edge_cases [PATH/TO/shared]
set -u
tool=$1
make_edge_cases=$2
shared=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -d "$here/node_modules/three" ] || [ ! -d "$here/node_modules/gltf-validator" ]; then
    echo "interop: node_modules missing in $here (scripts/install-deps.sh --test installs them)"
    exit 1
fi
passed=0
failed=0
record() { if [ "$1" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; }

# name -> "exact" or "fitted"
declare -A kind
"$tool" generate "$work/gesture-1.1-compact.bin" --seed 3 2>/dev/null && kind[gesture-1.1-compact]=exact
"$tool" generate "$work/gesture-1.1-full.bin" --layout full --seed 4 2>/dev/null && kind[gesture-1.1-full]=exact
"$tool" generate "$work/gesture-1.0.bin" --format-version 1.0 --seed 5 2>/dev/null && kind[gesture-1.0]=exact
"$make_edge_cases" "$work" || exit 1
while read -r name how; do kind[$name]=$how; done <"$work/cases.txt"
if [ -n "$shared" ] && [ -f "$shared/samples/real/handrecorder-2021-v1.0.bin" ]; then
    cp "$shared/samples/real/handrecorder-2021-v1.0.bin" "$work/real.bin"
    kind[real]=exact
else
    echo "SKIP: real recordings not found beside the project"; skipped=1
fi

# A compressed archive against the default export: meshoptimizer's decoder (through glTF-Transform) reads every
# channel as the plain file holds it and its one hand mesh, skinned at rest, where the plain file's fitted meshes are
# (0.02 mm); in motion within 3 mm of them for recorded and generated hands, 15 mm for the edge cases' (bones at the
# fit's limits, hands through each other); and both convert back to the same bytes.
check_compressed() {
    local plain=$work/$1.default.glb packed=$work/$1.meshopt.glb bound=0.015
    [[ $1 == gesture-* || $1 == real ]] && bound=0.003
    node "$here/meshopt.mjs" same "$packed" "$plain" >"$work/log" || { cat "$work/log"; record 1; return; }
    node "$here/meshopt.mjs" motion "$packed" "$plain" "$work/$1.json" "$bound" || { record 1; return; }
    "$tool" convert "$plain" "$work/back-plain.bin" -q --force && "$tool" convert "$packed" "$work/back-packed.bin" -q --force &&
        cmp -s "$work/back-plain.bin" "$work/back-packed.bin"
    local same=$?
    [ $same -eq 0 ] || echo "FAIL: $1: the compressed archive does not convert back to the plain one's bytes"
    record $same
}

# gltfpack's and glTF-Transform's EXT_meshopt_compression outputs (quantised, filtered, TRIANGLES) convert back
# within 2 mm and 1 degree of the source (what their quantisation keeps); gltfpack's default (resampled at 30 Hz)
# converts. The generated gesture: both hands tracked throughout.
check_foreign_compressors() {
    local src=$work/gesture-1.1-compact.bin
    local plain=${src%.bin}.default.glb gltfpack=$here/node_modules/.bin/gltfpack
    "$gltfpack" -i "$plain" -o "$work/gltfpack.glb" -cc -kn -ac -af 0 >/dev/null 2>&1 &&
        "$gltfpack" -i "$plain" -o "$work/gltfpack-30hz.glb" -cc -kn >/dev/null 2>&1 &&
        node "$here/meshopt.mjs" encode "$plain" "$work/gltf-transform.glb" || { echo "FAIL: gltfpack or glTF-Transform"; record 1; return; }
    for made in gltfpack gltf-transform; do
        "$tool" convert "$work/$made.glb" "$work/$made.bin" -q --force &&
            "$tool" diff "$src" "$work/$made.bin" --pos-tolerance 0.002 --rot-tolerance 1 >"$work/log"
        local status=$?
        echo "$( [ $status -eq 0 ] && echo 'ok  ' || echo FAIL) $made's meshopt output converts back: $(grep -E '^(position|rotation)' "$work/log" | tr -s ' ' | tr '\n' ';')"
        record $status
    done
    "$tool" convert "$work/gltfpack-30hz.glb" "$work/gltfpack-30hz.bin" -q --force
    record $?
}

# Assimp (Debian's assimp-utils: the library many engines and DCC pipelines import glTF with) plays keys linearly
# whatever their interpolation: the linear-only flat rig, the docs' setting for it, and the hierarchy rig without
# extras as the add-on converts (a grid per joint, linear only), composed down its node tree.
play_in_assimp() {  # play_in_assimp NAME FILE POS_TOL
    if ! command -v assimp >/dev/null; then
        echo "SKIP: Assimp (scripts/install-deps.sh --test installs assimp-utils)"; skipped=1; return
    fi
    local played=$work/$(basename "$2" .glb).assimp.json
    assimp export "$2" "$played" -fassjson >/dev/null 2>&1 || { echo "FAIL: assimp export $2"; record 1; return; }
    "$tool" info "$work/$1.bin" --json >"$work/$1.info.json"
    python3 "$here/assimp_play.py" "$played" "$work/$1.json" "$work/$1.info.json" "$3" 0.01
    record $?
}

glbs=()
for name in $(printf '%s\n' "${!kind[@]}" | sort); do
    bin=$work/$name.bin
    for variant in default linear-only hierarchy hierarchy-plain meshopt; do
        out=$work/$name.$variant.glb
        flags=()
        [ "$variant" = linear-only ] && flags=(--linear-only)
        [ "$variant" = hierarchy ] && flags=(--rig hierarchy)
        [ "$variant" = hierarchy-plain ] && flags=(--rig hierarchy --linear-only --no-extras)  # the add-on's: a grid per joint
        [ "$variant" = meshopt ] && flags=(--compress meshopt)
        "$tool" convert "$bin" "$out" "${flags[@]}" 2>"$work/log" || { echo "FAIL: convert $name $variant"; cat "$work/log"; record 1; continue; }
        record 0
        glbs+=("$out")
        "$tool" sample "$bin" --format json --coordinates gltf >"$work/$name.json"
        # Exact data: 1e-5 m and 0.01 degrees; fitted or densified data and the hierarchical rig: the export tolerances.
        pos=1e-5
        [ "${kind[$name]}" = fitted ] || [ "$variant" != default ] && pos=1e-4
        node "$here/play.mjs" "$out" "$work/$name.json" "$pos" 0.01
        record $?
        [ "$variant" = meshopt ] && check_compressed "$name"
        if [ "$variant" = linear-only ] || [ "$variant" = hierarchy-plain ]; then play_in_assimp "$name" "$out" "$pos"; fi
        # Babylon.js on Node loads EXT_meshopt_compression's decoder from its CDN only: not the archives.
        if [ "$variant" = default ] || [ "${variant%-plain}" = hierarchy ]; then
            node "$here/babylon_play.mjs" "$out" "$work/$name.json" "$pos" 0.01
            record $?
        fi
    done
done
check_foreign_compressors
# Drawn by three.js: the compressed archives' shared, mirrored hand mesh looks as the plain files' fitted ones do.
for name in gesture-1.1-compact real; do
    [ -n "${kind[$name]:-}" ] || continue
    node "$here/render_same.mjs" "$work/$name.default.glb" "$work/$name.meshopt.glb" "$work/$name.render.png" 1.5 3 4.5
    record $?
done
"$tool" convert "$work/gesture-1.1-compact.bin" "$work/separate.gltf" 2>/dev/null && glbs+=("$work/separate.gltf")
"$tool" convert "$work/gesture-1.1-compact.bin" "$work/embedded.gltf" --embed 2>/dev/null && glbs+=("$work/embedded.gltf")
"$tool" convert "$work/hermite.bin" "$work/no-mesh.glb" --no-mesh 2>/dev/null && glbs+=("$work/no-mesh.glb")
node "$here/validate.mjs" "${glbs[@]}"
record $?

echo "interop: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || exit 1
[ -z "${skipped:-}" ] || exit 77  # CTest's skip code: part of the work was not done
