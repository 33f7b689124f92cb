#!/usr/bin/env bash
# The reference reader (tests/reference, written from docs/archival.md, docs/format.md and docs/gltf-profile.md
# alone) rebuilds archives byte for byte and plays them as `inputanim sample` does: the kept archives, and archives
# this build writes of the samples, the edge cases and the real recordings, in both rigs and compressed.
# Usage: reference_test.sh PATH/TO/inputanim PATH/TO/shared PATH/TO/make_edge_cases
set -u
tool=$1 shared=$2 edges=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/edge" && "$edges" "$work/edge" >/dev/null || { echo "FAIL: make_edge_cases"; exit 1; }
sources=("$here"/../../samples/*.bin "$here"/../data/*.bin "$work"/edge/*.bin)
[ -f "$shared/samples/real/handrecorder-2021-v1.0.bin" ] && sources+=("$shared/samples/real/handrecorder-2021-v1.0.bin")
archives=("$here"/../data/archives/*.glb)
convert() {  # SOURCE OUTPUT [options]: an archive of SOURCE, or a note when this build refuses it
    if "$tool" convert -q "$@" 2>"$work/err" || [ $? -eq 6 ]; then archives+=("$2"); else echo "FAIL: convert $*: $(cat "$work/err")"; exit 1; fi
}
for source in "${sources[@]}"; do
    name=$(basename "$source" .bin)
    convert "$source" "$work/$name.glb" --no-mesh
    convert "$source" "$work/$name-hierarchy.glb" --no-mesh --rig hierarchy
done
for source in "$here"/../../samples/gesture-1.1-compact.bin "$shared"/samples/real/handrecorder-2021-v1.0.bin; do
    [ -f "$source" ] && convert "$source" "$work/$(basename "$source" .bin)-meshopt.glb" --compress meshopt
done
for body in "$shared"/samples/real/prerelease-2019/*.bin; do
    [ -f "$body" ] && convert "$body" "$work/prerelease-$(basename "$body" .bin).glb" --no-mesh --prerelease-2019
done
echo "${#archives[@]} archives"
python3 -B "$here/check.py" "$tool" "${archives[@]}"
