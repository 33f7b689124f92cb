#!/usr/bin/env bash
# Builds the library to WebAssembly for the web viewer: build-wasm/inputanim.js and inputanim.wasm, with Debian's
# emscripten (installed when missing). The native build and its tests never need this.
# Usage: scripts/build-wasm.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v emcmake >/dev/null || scripts/install-deps.sh --wasm
# Debian's emscripten finds its JS optimizer's parser (acorn) among Debian's node modules.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
if [ ! -f build-wasm/CMakeCache.txt ]; then
    emcmake cmake -S wasm -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build-wasm -j "$(nproc)"
