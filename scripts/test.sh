#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (unit, real samples, CLI, the interop suites).
# The builds are steps of their own, before the tests: the native tree, then the Windows cross-build and the
# WebAssembly library side by side, so that the tests only test (each still builds what it lacks when run alone). A
# build step that fails is reported here and the run fails; the tests that need it fail saying their build failed.
# --sanitize: the same suite under AddressSanitizer and UndefinedBehaviorSanitizer, in build-sanitize/ (clang; the
# fuzz targets are built there too). --built: the build steps are done already (CI makes them beside other work).
# Usage: scripts/test.sh [--sanitize] [--built]
set -euo pipefail
cd "$(dirname "$0")/.."
sanitize= built=
for arg in "$@"; do
    case $arg in
        --sanitize) sanitize=1 ;;
        --built) built=1 ;;
        *) echo "usage: scripts/test.sh [--sanitize] [--built]" >&2; exit 2 ;;
    esac
done
scripts/install-deps.sh --test
dir=build
status=0
if [ -n "$sanitize" ]; then
    dir=build-sanitize
    [ -n "$built" ] || scripts/build.sh --sanitize
elif [ -z "$built" ]; then
    scripts/build.sh
    logs=$(mktemp -d)
    trap 'rm -rf "$logs"' EXIT
    scripts/build-windows.sh >"$logs/windows" 2>&1 &
    windows=$!
    scripts/build-three.sh --pack >"$logs/wasm" 2>&1 &
    wasm=$!
    wait "$windows" || { status=1; echo "FAIL: the Windows build (scripts/build-windows.sh):"; tail -n 30 "$logs/windows"; }
    wait "$wasm" || { status=1; echo "FAIL: the WebAssembly build (scripts/build-three.sh --pack):"; tail -n 30 "$logs/wasm"; }
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" || status=1
exit "$status"
