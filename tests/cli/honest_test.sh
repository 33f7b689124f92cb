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

"$tool" generate "$work/gaze.bin" --duration 2 -q
"$tool" convert "$cases/pose.bin" "$work/pose.glb" -q

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

# One rule for every writer: no non-finite time, value, tangent or marker time, no key not later than the one before;
# refused with exit 2 naming the curve and key (or the marker), and nothing written.
for input in nan-tangent nan-value duplicate-time nan-marker inf-marker; do
    for run in "convert" "convert --format-version 1.1" "shift --by 1" "retime --speed 2" "mirror" "mirror --plane x=0.1" \
        "trim --start 0.2 --end 1.5" "markers --add 1=new"; do
        read -r verb options <<<"$run"
        # shellcheck disable=SC2086
        check "$verb $options refuses $input" 2 "$tool" $verb "$cases/$input.bin" "$work/out-$input.bin" $options
        expect "$verb $options on $input writes nothing" test ! -e "$work/out-$input.bin"
        expect "$verb $options on $input names the place" grep -Eq "curve (left.Wrist.PositionX: key 0|camera.PositionX: key 1|left.Wrist.PositionZ: key 2)|curve markers: marker [01] has no finite time" "$work/err"
    done
    check "merge refuses $input as the base" 2 "$tool" merge "$work/merged.bin" --camera "$cases/$input.bin" --left "$cases/plain.bin" -f
done
for input in nan-tangent duplicate-time; do
    check "merge refuses the broken left hand of $input" 2 "$tool" merge "$work/merged.bin" --camera "$cases/plain.bin" --left "$cases/$input.bin" -f
    expect "naming its file and curve" grep -q "$input.bin: curve left.Wrist.Position" "$work/err"
done
for input in nan-value nan-marker inf-marker; do
    check "merge takes the left hand of $input, which is sound" 0 "$tool" merge "$work/merged.bin" --camera "$cases/plain.bin" \
        --left "$cases/$input.bin" -f
done
check "merge names the part's file and curve when an offset overflows" 3 "$tool" merge "$work/m2.bin" --camera "$cases/plain.bin" \
    --left "$cases/nan-value.bin" --offset left=1e30
expect "the left hand's curve of that file" grep -q "nan-value.bin: curve \(left\.\|booleans\.\(Tracked\|Pinching\)Left\)" "$work/err"
check "an option given twice is refused" 1 "$tool" trim "$cases/plain.bin" "$work/t2.bin" --start 0.5 --start 1
check "--offset twice for one part is refused" 1 "$tool" merge "$work/m3.bin" --left "$cases/plain.bin" --offset left=1 --offset left=2
check "merge reads a prerelease part when asked" 0 "$tool" merge "$work/m4.bin" --left "$cases/plain.bin" --prerelease-2019
check "check calls a NaN marker time an error" 5 "$tool" check "$cases/nan-marker.bin"
expect "naming the marker" grep -q "error non-finite markers key 1: marker 'lost' has no finite time" "$work/out"
check "check calls an infinite marker time an error" 5 "$tool" check "$cases/inf-marker.bin"

# Edits as exact as their promise.
check "trim --end at a key's time as info shows it (1.3, not that key's Float32)" 0 "$tool" trim "$cases/key-at-1.3.bin" "$work/cut.bin" \
    --end 1.3 --json
expect "cuts at that key (only the one-key curve gets a cut key)" test "$(json "$work/out" "(d['edit']['keysKept'], d['edit']['keysAdded'])")" = "(3, 1)"
check "a pose glTF held with --hold, whoever wrote it" 0 "$tool" convert "$work/pose.glb" "$work/held.bin" --hold 2
expect "held for 2 s" grep -q "held from 0 to 2 s" "$work/err"
check "an archive of a pose verifies as it was, not held" 0 "$tool" verify "$work/pose.glb" "$cases/pose.bin"
check "merge of a 1.0 Hermite hand with 1.1 gaze fits the hand's keys for 1.1" 0 "$tool" merge "$work/gazed.bin" --left "$cases/plain.bin" \
    --gaze "$work/gaze.bin"
expect "and says so" grep -q "fitted with linear keys" "$work/err"

# Budgets on output: sample counts values, not rows.
"$tool" generate "$work/four.bin" --duration 4 -q
check "sample --rate 100000 of 4 s (1.8 GB of CSV) is refused at once" 2 "$tool" sample "$work/four.bin" --rate 100000
expect "naming the limit" grep -q "more than the 20000000 values one sampling holds" "$work/err"
expect "printing nothing" test ! -s "$work/out"
check "the same rate for one joint fits" 0 "$tool" sample "$work/four.bin" --rate 10000 --select left.IndexTip

# Long lists are cut, long names shortened.
check "a trim that drops 20,000 markers" 0 "$tool" trim "$cases/many-markers.bin" "$work/few.bin" --end 1
expect "lists ten of them and counts the rest" grep -q "marker-9 and 19990 more" "$work/err"
expect "in a short message" test "$(wc -c <"$work/err")" -lt 2000
check "a marker name of 120 bytes" 1 "$tool" trim "$cases/long-name.bin" "$work/x.bin" --end nothing
expect "is shortened in the message" grep -q "xxx... (120 bytes)" "$work/err"

echo "honest: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
