#!/usr/bin/env bash
# Configures and builds into build/ (or build-sanitize/ with --sanitize). build/inputanim is the Linux release
# executable: linked statically (INPUTANIM_STATIC), it runs on any x86-64 Linux, even in an empty root. The sanitizer
# build links Debian's shared tinygltf instead (AddressSanitizer needs a dynamic program).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
flags=(-DCMAKE_BUILD_TYPE=Release -DINPUTANIM_STATIC=ON)
if [ "${1:-}" = "--sanitize" ]; then
    dir=build-sanitize
    # Line tables only (-g1): sanitizer reports keep their files and lines; the build takes a third less time.
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" -DINPUTANIM_SANITIZE=ON -DINPUTANIM_STATIC=OFF)
fi
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$(nproc)"
