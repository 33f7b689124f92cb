#!/usr/bin/env bash
# Blender 3.4 imports --linear-only exports headless; joint world positions must match the evaluator
# within 0.1 mm at frames where the hand is tracked.
# Usage: run_blender.sh PATH/TO/inputanim PATH/TO/make_edge_cases
set -u
tool=$1
make_edge_cases=$2
here=$(cd "$(dirname "$0")" && pwd)
command -v blender >/dev/null || { echo "interop: blender not installed (scripts/install-deps.sh --test installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" generate "$work/gesture.bin" --duration 4 2>/dev/null
"$make_edge_cases" "$work" || exit 1
passed=0
failed=0
for name in gesture hermite weighted; do
    "$tool" convert "$work/$name.bin" "$work/$name.glb" --linear-only 2>/dev/null || { failed=$((failed + 1)); continue; }
    "$tool" sample "$work/$name.bin" --format json --coordinates gltf --rate 24 >"$work/$name.json"
    if blender -b --factory-startup --python "$here/blender_check.py" -- "$work/$name.glb" "$work/$name.json" 1e-4 \
        >"$work/log" 2>&1 && grep -q "^blender: ok" "$work/log"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
    grep -A10 "^blender:" "$work/log" || tail -20 "$work/log"
done
# Round trip: .glb -> Blender (120 fps scene) -> .glb -> recording, compared with the original:
# at most 1 mm, 0.5 degrees, and Boolean switches within one frame (1/120 s).
for name in gesture; do
    "$tool" convert "$work/$name.bin" "$work/$name.rt-in.glb" --linear-only 2>/dev/null
    blender -b --factory-startup --python "$here/blender_roundtrip.py" -- "$work/$name.rt-in.glb" "$work/$name.rt-out.glb" \
        >"$work/log" 2>&1
    "$tool" convert "$work/$name.rt-out.glb" "$work/$name.rt.bin" 2>&1 | sed 's/^/  /'
    if "$tool" diff "$work/$name.bin" "$work/$name.rt.bin" --pos-tolerance 0.001 --rot-tolerance 0.5 \
        --switch-tolerance 0.00834 >"$work/diff" 2>&1; then
        passed=$((passed + 1))
        echo "blender round trip ok: $(head -4 "$work/diff" | tail -3 | tr '\n' ';')"
    else
        failed=$((failed + 1))
        echo "FAIL: blender round trip of $name"
        cat "$work/diff"
        tail -5 "$work/log"
    fi
done
echo "blender: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
