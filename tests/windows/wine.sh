#!/usr/bin/env bash
# Runs a Windows program under Debian's wine64, quietly, in a Wine prefix of its own (made on first use).
# Usage: tests/windows/wine.sh PROGRAM.exe [ARGUMENTS...] | --server WINESERVER_ARGUMENTS...
set -euo pipefail
export WINEPREFIX=${INPUTANIM_WINEPREFIX:-${TMPDIR:-/tmp}/inputanim-wine-$(id -u)}
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=
if [ "${1:-}" = --server ]; then  # wine.sh --server ARGUMENTS: the prefix's wineserver (-p: persist, -k: end)
    shift
    exec "$(command -v wineserver || echo /usr/lib/wine/wineserver)" "$@"
fi
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
exec "$wine" "$@"
