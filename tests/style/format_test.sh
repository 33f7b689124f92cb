#!/usr/bin/env bash
# Every tracked C++ source is laid out as .clang-format says (clang-format 14). Exits 77 (skipped) without it.
# Usage: tests/style/format_test.sh PROJECT_DIR
set -uo pipefail
cd "$1" || exit 1
format=$(command -v clang-format-14 || command -v clang-format) || { echo "SKIP: clang-format is not installed"; exit 77; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find src include tests wasm fuzz bench -name '*.[ch]pp')
[ ${#files[@]} -gt 0 ] || { echo "FAIL: no sources found"; exit 1; }
if "$format" --dry-run --Werror "${files[@]}" 2>"${TMPDIR:-/tmp}/format-$$.txt"; then
    echo "format: ${#files[@]} files as .clang-format says"
    rm -f "${TMPDIR:-/tmp}/format-$$.txt"
    exit 0
fi
grep -E "^[^ ].*: (error|warning):" "${TMPDIR:-/tmp}/format-$$.txt" | cut -d: -f1 | sort | uniq -c | sed 's/^/FAIL: not formatted: /'
echo "fix with: $format -i FILE"
rm -f "${TMPDIR:-/tmp}/format-$$.txt"
exit 1
