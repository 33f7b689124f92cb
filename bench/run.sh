#!/usr/bin/env bash
# The benchmark: builds (Release), installs the peer (gltf-transform, pinned in bench/package-lock.json),
# generates recordings of 10 s, 60 s and 600 s (unreduced and MRTK-reduced, 1.0 and 1.1) and prints tables of
# bin -> glb and glb -> bin, each paired with cat of the same bytes (docs/performance.md says how), foreign glTF
# -> bin, gltf-transform copy, a batch with one and two workers, archive sizes (bench/archive_sizes.py) and the
# meshopt codec against meshoptimizer's, opening the 600 s file in the web viewer, the three.js loader's first
# frame against GLTFLoader's (6 s and 600 s), and the Blender add-on's import and export (bench/blender.py).
# Usage: bench/run.sh [--quick]   (--quick: 10 s and 60 s only)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh >/dev/null
if [ ! -x bench/node_modules/.bin/gltf-transform ]; then
    npm ci --prefix bench --no-audit --no-fund --loglevel=error >/dev/null
fi
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
python3 bench/bench.py "$@"
echo
echo "archives (bytes; seconds of one run each):"
echo
python3 bench/archive_sizes.py "$@"
# The 600 s unreduced 1.1 recording, for the codec's speed and the web pages below.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build/inputanim generate "$work/600s.bin" --duration 600 --format-version 1.1 --no-reduce --force >/dev/null
if [ -x build/bench/meshopt_speed ]; then
    echo
    echo "EXT_meshopt_compression codec against meshoptimizer's, 600 s unreduced 1.1 export as 12-byte elements"
    echo "(milliseconds, best of 5):"
    echo
    echo "| data | encoded | encode | meshoptimizer's encode | decode | meshoptimizer's decode |"
    echo "|---|---:|---:|---:|---:|---:|"
    build/bench/meshopt_speed "$work/600s.bin"
fi
if [ "${1:-}" != "--quick" ] && command -v chromium >/dev/null && [ -d tests/interop/node_modules/playwright-core ]; then
    # Opening the 600 s recording in the web viewer, against the native CLI in the same run.
    site=$(scripts/build-viewer.sh)
    echo
    echo "web viewer, 600 s unreduced 1.1 (seconds; medians of 3 fresh pages):"
    echo
    echo "| file | open (min-max) | reading | decoding | converting | drawing | native convert | WebAssembly / native |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    node bench/viewer_open.mjs build/inputanim "$site" "$work/600s.bin" 3
    # The three.js loader against three's GLTFLoader on the CLI's .glb of the same recording: 6 s and 600 s.
    build/inputanim generate "$work/6s.bin" --duration 6 --format-version 1.1 --no-reduce --force >/dev/null
    echo
    echo "to first frame, InputAnimationLoader (.bin) against GLTFLoader (the converted .glb) (seconds; medians of 5):"
    echo
    echo "| file | InputAnimationLoader (min-max) | GLTFLoader (min-max) | ratio |"
    echo "|---|---:|---:|---:|"
    for f in 6s 600s; do node bench/loader_vs_gltf.mjs build/inputanim "$site" "$work/$f.bin" 5; done
    echo
    echo "the same, the page's loader preloaded first (preload(): the library started and its code readied):"
    echo
    echo "| file | InputAnimationLoader (min-max) | GLTFLoader (min-max) | ratio |"
    echo "|---|---:|---:|---:|"
    for f in 6s 600s; do node bench/loader_vs_gltf.mjs build/inputanim "$site" "$work/$f.bin" 5 --preload; done
fi
if command -v blender >/dev/null; then
    echo
    echo "Blender add-on (seconds; one session per recording):"
    echo
    if [ "${1:-}" = "--quick" ]; then python3 bench/blender.py --quick; else python3 bench/blender.py; fi
fi
