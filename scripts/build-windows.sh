#!/usr/bin/env bash
# Cross-compiles inputanim for Windows x64 into build-windows/ with Debian's mingw-w64 (cmake/mingw-w64-x86_64.cmake):
# inputanim.exe and the unit tests (unit_tests.exe, real_sample_tests.exe), linked statically. Installs mingw-w64
# and Wine when missing (scripts/install-deps.sh --windows).
# Usage: scripts/build-windows.sh [--cli-only]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --windows
targets=()
[ "${1:-}" = "--cli-only" ] && targets=(--target inputanim_cli)
cmake -S . -B build-windows --toolchain cmake/mingw-w64-x86_64.cmake -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-windows -j "$(nproc)" "${targets[@]}"
