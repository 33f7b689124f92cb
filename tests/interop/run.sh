#!/usr/bin/env bash
# Exports every generated sample, edge case and real recording to glTF (both rigs), then checks that the Khronos
# validator reports no error or warning and that three.js plays each file as the library's evaluator does.
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

glbs=()
for name in $(printf '%s\n' "${!kind[@]}" | sort); do
    bin=$work/$name.bin
    for variant in default linear-only hierarchy; do
        out=$work/$name.$variant.glb
        flags=()
        [ "$variant" = linear-only ] && flags=(--linear-only)
        [ "$variant" = hierarchy ] && flags=(--rig hierarchy)
        "$tool" convert "$bin" "$out" "${flags[@]}" 2>"$work/log" || { echo "FAIL: convert $name $variant"; cat "$work/log"; record 1; continue; }
        record 0
        glbs+=("$out")
        "$tool" sample "$bin" --format json --coordinates gltf >"$work/$name.json"
        # Exact data: 1e-5 m and 0.01 degrees; fitted or densified data and the hierarchical rig: the export tolerances.
        pos=1e-5
        [ "${kind[$name]}" = fitted ] || [ "$variant" != default ] && pos=1e-4
        node "$here/play.mjs" "$out" "$work/$name.json" "$pos" 0.01
        record $?
    done
done
"$tool" convert "$work/gesture-1.1-compact.bin" "$work/separate.gltf" 2>/dev/null && glbs+=("$work/separate.gltf")
"$tool" convert "$work/gesture-1.1-compact.bin" "$work/embedded.gltf" --embed 2>/dev/null && glbs+=("$work/embedded.gltf")
"$tool" convert "$work/hermite.bin" "$work/no-mesh.glb" --no-mesh 2>/dev/null && glbs+=("$work/no-mesh.glb")
node "$here/validate.mjs" "${glbs[@]}"
record $?

echo "interop: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || exit 1
[ -z "${skipped:-}" ] || exit 77  # CTest's skip code: part of the work was not done
