#!/usr/bin/env bash
# Configures and builds into build/ (or build-sanitize/ with --sanitize). build/inputanim is the Linux release
# executable: linked statically (INPUTANIM_STATIC), it runs on any x86-64 Linux, even in an empty root.
# --sanitize: one clang build under AddressSanitizer and UndefinedBehaviorSanitizer that holds both the test suite and
# the libFuzzer targets (fuzz/run.sh); it links Debian's shared tinygltf (AddressSanitizer needs a dynamic program).
# Arguments after the first go to `cmake --build` (for example --target fuzz_roundtrip).
# Usage: scripts/build.sh [--sanitize] [CMAKE_BUILD_ARGUMENTS...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
# compile_commands.json: the `self_contained` test compiles each source of a unity batch alone from it.
# The Python module (python/) for Debian's Python, whose NumPy the tests use, where it is installed.
python=$(command -v /usr/bin/python3 || command -v python3 || true)
flags=(-DCMAKE_BUILD_TYPE=Release -DINPUTANIM_STATIC=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    ${python:+"-DPython3_EXECUTABLE=$(realpath "$python")"})
if [ "${1:-}" = "--sanitize" ]; then
    shift
    dir=build-sanitize
    scripts/install-deps.sh --fuzz
    export CXX=clang++-14 CC=clang-14
    # Line tables only (-g1): sanitizer reports keep their files and lines; the build takes a third less time.
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" -DINPUTANIM_FUZZ=ON
        -DINPUTANIM_STATIC=OFF)
fi
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$(nproc)" "$@"
