#!/usr/bin/env bash
# CTest `windows` (label windows): inputanim for Windows x64 (scripts/build-windows.sh into build-windows/, a build
# step of scripts/test.sh; built here when missing): runs its unit and real-sample tests under Wine, then the CLI
# suite against the Linux build (cli_test.sh).
# Skipped (exit 77) where mingw-w64 or Wine is missing: scripts/install-deps.sh --test installs both.
# Usage: tests/windows/run.sh LINUX_INPUTANIM [SHARED]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../..
linux=$(realpath "$1")
shared=${2:+$(realpath -m "$2")}
if ! command -v x86_64-w64-mingw32-g++-posix >/dev/null || ! { command -v wine64 >/dev/null || [ -x /usr/lib/wine/wine64 ]; }; then
    echo "skipped: mingw-w64 or Wine is missing (scripts/install-deps.sh --windows installs them)"
    exit 77
fi
"$root/scripts/build-windows.sh" >/dev/null || { echo "FAIL: the Windows build failed (scripts/build-windows.sh)"; exit 1; }
cd "$root/build-windows"
# Static: the executable imports system DLLs only, none of mingw's (libstdc++, libgcc, winpthread).
if x86_64-w64-mingw32-objdump -p inputanim.exe | grep -i "DLL Name" | grep -v -i -E "kernel32|msvcrt|shell32|user32|advapi32|api-ms-win" ; then
    echo "FAIL: inputanim.exe needs a DLL that Windows does not have"
    exit 1
fi
"$here/wine.sh" tests/unit_tests.exe
# One Wine server for the whole suite: a program started while the last one's server is shutting down can fail.
# The unit tests' server is waited for first (-w): a second one cannot start beside it.
"$here/wine.sh" --server -w
"$here/wine.sh" --server -p
trap '"$here/wine.sh" --server -k 2>/dev/null || true' EXIT
status=0
"$here/wine.sh" tests/real_sample_tests.exe || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 77 ] || exit "$status"
bash "$here/cli_test.sh" "$linux" inputanim.exe "$shared"
