# `inputanim run`: a job written as JSON (sourced by cli_test.sh; needs $tool, $work and $work/c.bin). Each job does
# what the verbs' flags do, byte for byte, and a job the schema does not allow is refused by its JSON pointer.
mkdir -p "$work/run"
check "convert's flags" 0 "$tool" convert "$work/c.bin" "$work/run/flags.glb" --rig hierarchy --linear-only --no-mesh --fov 75
check "the same conversion as a job from standard input" 0 sh -c "echo '{\"input\": \"$work/c.bin\", \"output\": \"$work/run/job.glb\",
  \"gltf\": {\"rig\": \"hierarchy\", \"linearOnly\": true, \"meshes\": false, \"fieldOfView\": 75}}' | '$tool' run -"
expect "writes the same bytes" cmp -s "$work/run/flags.glb" "$work/run/job.glb"
expect "and reports them (inputanim.run/1)" python3 -c "
import json; d = json.load(open('$work/out'))
assert d['schema'] == 'inputanim.run/1' and d['verb'] == 'convert' and d['files'] == ['$work/run/job.glb'], d
assert d['edit'] is None and d['recording']['schema'] == 'inputanim.info/1', d"
check "trim and mirror's flags" 0 sh -c "'$tool' trim '$work/c.bin' '$work/run/t.bin' --start 1 --end 3 &&
  '$tool' mirror '$work/run/t.bin' '$work/run/tm.bin' --plane x=0.25"
printf '{"input": "%s", "output": "%s", "verb": "edit", "edits": [{"trim": {"start": 1, "end": 3}}, {"mirror": {"x": 0.25}}]}' \
    "$work/c.bin" "$work/run/edits.bin" >"$work/run/edits.json"
check "both edits as one job from a file" 0 "$tool" run "$work/run/edits.json"
expect "writes the same bytes" cmp -s "$work/run/tm.bin" "$work/run/edits.bin"
expect "and counts both edits" python3 -c "
import json; d = json.load(open('$work/out')); assert d['verb'] == 'edit' and d['edit']['keysAdded'] > 0, d['edit']"
check "merge's flags" 0 "$tool" merge "$work/run/merged.bin" --camera "$work/c.bin" --right "$work/run/tm.bin" --offset right=0.5
printf '{"input": "%s", "output": "%s", "parts": [{"part": "camera", "path": "%s"}, {"part": "right", "path": "%s", "offset": 0.5}]}' \
    "$work/c.bin" "$work/run/merged-job.bin" "$work/c.bin" "$work/run/tm.bin" >"$work/run/merge.json"
check "merge as a job" 0 "$tool" run "$work/run/merge.json"
expect "writes the same bytes" cmp -s "$work/run/merged.bin" "$work/run/merged-job.bin"
check "a job to standard output" 0 sh -c "echo '{\"input\": \"$work/c.bin\", \"output\": \"-\", \"to\": \"bin\"}' | '$tool' run - >'$work/run/piped.bin'"
expect "writes the recording there (the same bytes), the report nowhere" cmp -s "$work/c.bin" "$work/run/piped.bin"
check "a member the schema has not" 1 sh -c "echo '{\"input\": \"a.bin\", \"output\": \"b.glb\", \"gltf\": {\"rigg\": \"flat\"}}' | '$tool' run -"
expect "is named by its pointer" grep -q "inputanim: error: standard input: /gltf/rigg: is not a member of a job" "$work/err"
check "binary options for a glTF output" 1 sh -c "echo '{\"input\": \"$work/c.bin\", \"output\": \"$work/run/x.glb\", \"layout\": \"full\"}' | '$tool' run -"
expect "are refused before anything is written, with convert's flags named" sh -c "test ! -e '$work/run/x.glb' &&
  grep -q 'apply to binary output, not to .*x.glb (--format-version and --layout)' '$work/err'"
check "an output that exists" 4 "$tool" run "$work/run/edits.json"
check "a job that is not JSON" 1 "$tool" run "$work/c.bin"
