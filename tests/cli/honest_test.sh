#!/usr/bin/env bash
# Honest numbers: every deviation a command reports bounds what it did, and no writer passes on a value or an order
# that MRTK cannot play. Cases from honest_cases.py.
# Usage: honest_test.sh PATH/TO/inputanim
set -u
tool=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/checks.sh"
cases=$work/cases
python3 "$(dirname "$0")/honest_cases.py" "$cases" || { echo "FAIL: the cases were not made"; exit 1; }
json() {  # json FILE EXPRESSION: the expression's value on the JSON in FILE (d)
    python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print($2)" "$1"
}

# A foreign glTF's CUBICSPLINE motion: fitted within tolerance between its keys, its deviation reported and seen by diff.
check "a cubic camera turn converts within tolerance" 0 "$tool" convert "$cases/cubic-turn.glb" "$work/turn.bin" --json
cp "$work/out" "$work/turn.json"
expect "its deviation is reported, above 0 and within 0.01 degrees" \
    test "$(json "$work/turn.json" "0 < d['deviation']['rotation'] <= 0.01 and not d['beyondTolerance']")" = True
expect "and named in a note" grep -q "keys fitted to the file's motion: largest deviation" "$work/turn.json"
check "diff of the glTF and its conversion" 0 "$tool" diff "$cases/cubic-turn.glb" "$work/turn.bin" --json
expect "sees what the conversion changed, within what convert reported" \
    test "$(json "$work/out" "0 < d['maxRotation'] <= $(json "$work/turn.json" "d['deviation']['rotation']")")" = True
check "a larger --rot-tolerance takes fewer keys" 0 "$tool" convert "$cases/cubic-turn.glb" "$work/turn-coarse.bin" --rot-tolerance 0.1
expect "and a smaller file" test "$(stat -c %s "$work/turn-coarse.bin")" -lt "$(stat -c %s "$work/turn.bin")"
check "tangents of 1e6 whip the rotation round between keys: beyond tolerance, exit 6" 6 \
    "$tool" convert "$cases/cubic-whip.glb" "$work/whip.bin" --json
expect "with the deviation reported" test "$(json "$work/out" "d['deviation']['rotation'] > 1 and d['beyondTolerance']")" = True

echo "honest: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
