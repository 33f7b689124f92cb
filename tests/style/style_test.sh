#!/usr/bin/env bash
# The house style on every tracked source: C++ as .clang-format says (clang-format 14), Python as black says
# (pyproject.toml), JavaScript as Prettier says (.prettierrc.json, pinned in tests/interop), and the size rules
# (lengths.py: files at most 450 lines, functions at most 90). Exits 77 (skipped) when a checker is missing
# (scripts/install-deps.sh --test installs them all).
# Usage: tests/style/style_test.sh PROJECT_DIR
set -uo pipefail
cd "$1" || exit 1
here=tests/style
prettier=tests/interop/node_modules/.bin/prettier
format=$(command -v clang-format-14 || command -v clang-format) || { echo "SKIP: clang-format is not installed"; exit 77; }
command -v black >/dev/null || { echo "SKIP: black is not installed"; exit 77; }
[ -x "$prettier" ] || { echo "SKIP: tests/interop's prettier is not installed"; exit 77; }
listed() { git ls-files "$@" | grep -v 'node_modules/'; }
failed=0
mapfile -t cpp < <(listed '*.cpp' '*.hpp')
if ! "$format" --dry-run --Werror "${cpp[@]}" 2>"${TMPDIR:-/tmp}/format-$$.txt"; then
    grep -E "^[^ ].*: (error|warning):" "${TMPDIR:-/tmp}/format-$$.txt" | cut -d: -f1 | sort | uniq -c | sed 's/^/FAIL: not formatted: /'
    echo "fix with: $format -i FILE"
    failed=1
fi
rm -f "${TMPDIR:-/tmp}/format-$$.txt"
mapfile -t python < <(listed '*.py')
black --check --quiet "${python[@]}" || { echo "FAIL: Python not formatted (fix with: black FILE)"; failed=1; }
mapfile -t scripts < <(listed '*.js' '*.mjs' '*.ts' '*.tsx' '*.jsx')
"$prettier" --check --log-level warn "${scripts[@]}" || { echo "FAIL: JavaScript not formatted (fix with: $prettier --write FILE)"; failed=1; }
echo "format: ${#cpp[@]} C++, ${#python[@]} Python and ${#scripts[@]} JavaScript files checked"
python3 "$here/lengths.py" .
case $? in
    0) ;;
    77) exit 77 ;;
    *) failed=1 ;;
esac
exit "$failed"
