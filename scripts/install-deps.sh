#!/usr/bin/env bash
# Installs what the build needs; with --wasm, what the web viewer's build needs (Debian's emscripten, node, the
# viewer's three.js pinned in web/viewer/package-lock.json); with --test, all the test suite needs (the
# viewer's build included, and the npm test helpers pinned in tests/interop/package-lock.json).
# Idempotent: quick when everything is there.
# With --windows, what the Windows build needs (mingw-w64, and Wine to run it); with --python, what the Python
# package needs (docs/python.md); --test includes both.
# Usage: scripts/install-deps.sh [--test | --wasm | --fuzz | --windows | --python]
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(cmake g++ make libtinygltf-dev libglm-dev catch2 libcli11-dev nlohmann-json3-dev python3)
if [ "${1:-}" = "--fuzz" ]; then
    packages+=(clang-14 libclang-rt-14-dev)  # libFuzzer and the sanitizer runtimes
fi
if [ "${1:-}" = "--test" ]; then
    packages+=(blender python3-numpy chromium mono-devel)  # Blender 3.4 interop test; the viewer test; MRTK's own reader
    packages+=(clang-format-14 black universal-ctags)  # the style test (Prettier: tests/interop's npm packages)
    packages+=(libmeshoptimizer-dev)  # meshoptimizer, the reference for the EXT_meshopt_compression codec
    packages+=(assimp-utils)  # Assimp, a glTF client many engines use (tests/interop/assimp_play.py)
    packages+=(godot3-server)  # Godot 3, its editor headless: its glTF import (tests/clients/godot_play.mjs)
    packages+=(python3-pytest python3-pandas)  # the Python package's tests, and its optional to_pandas()
fi
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--python" ]; then
    # The Python package (python/): pybind11 and Python's headers build it, NumPy is its dependency, setuptools,
    # wheel, pip and venv install it.
    packages+=(pybind11-dev python3-dev python3-numpy python3-setuptools python3-wheel python3-pip python3-venv)
fi
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--windows" ]; then
    packages+=(g++-mingw-w64-x86-64-posix wine64)  # the Windows build, and Wine to test it
fi
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--wasm" ]; then
    packages+=(emscripten)
    command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing Debian packages: ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
npm_dirs=()
case "${1:-}" in
    --test) npm_dirs=(tests/interop tests/bundlers tests/clients web/viewer) ;;
    --wasm) npm_dirs=(web/viewer) ;;  # the viewer's three.js
esac
for dir in "${npm_dirs[@]}"; do
    # Reinstall when the lock file is newer than what was installed from it.
    if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        echo "installing npm packages of $dir (pinned in its package-lock.json)" >&2
        npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null
    fi
done
