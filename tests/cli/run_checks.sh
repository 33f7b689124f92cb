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
check "convert without the way back" 0 "$tool" convert "$work/c.bin" "$work/run/plain.glb" --no-extras
check "the same as a job" 0 sh -c "echo '{\"input\": \"$work/c.bin\", \"output\": \"$work/run/plain-job.glb\",
  \"gltf\": {\"extras\": false}}' | '$tool' run -"
expect "writes the same bytes" cmp -s "$work/run/plain.glb" "$work/run/plain-job.glb"
expect "which hold no extras.inputanim and no source, and read back as another tool's file" sh -c "
  ! grep -q 'inputanim.gltf/1\|KHR_xmp_json_ld' '$work/run/plain.glb' &&
  '$tool' info '$work/run/plain.glb' | grep -q 'from another tool'"
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

# IWER captures (docs/testing-webxr.md): out by the .json extension or --to iwer, in by their content.
check "a recording as an IWER capture" 0 "$tool" convert "$work/c.bin" "$work/run/c.json" --json
expect "reports its frames and how far IWER plays it" python3 -c "
import json; d = json.load(open('$work/out')); c = json.load(open('$work/run/c.json'))
assert d['kind'] == 'iwer' and d['iwer']['frames'] == len(c['frames']) > 100 and not d['beyondTolerance'], d
assert d['deviation']['position'] < 1e-4 and [s[1]['handedness'] for s in c['schema']] == ['left', 'right'], d
assert [m['name'] for m in c['markers']] == [m['name'] for m in d['recording']['markers']], c['markers']"
check "to standard output, at a rate too low for the tolerances" 6 sh -c "'$tool' convert '$work/c.bin' - --to iwer --rate 30 >'$work/run/c30.json'"
expect "says how far IWER then plays from MRTK" grep -q "warning: .*the capture plays back beyond its tolerances; largest deviation from the source: [0-9.e-]* m" "$work/err"
expect "a frame every 1/30 s, and the switches" python3 -c "
import json; c = json.load(open('$work/run/c30.json')); t = [f[0] for f in c['frames']]
assert t == sorted(t) and 180 <= len(t) < 200 and abs(t[1] - 1000 / 30) < 1e-3, t[:3]"
check "a rate beyond the range" 1 "$tool" convert "$work/c.bin" "$work/run/x.json" --rate 5000
check "binary options for a capture" 1 "$tool" convert "$work/c.bin" "$work/run/x.json" --layout full
check "a capture read back" 0 "$tool" convert "$work/run/c.json" "$work/run/c-back.bin"
check "compared with the recording" 5 "$tool" diff "$work/c.bin" "$work/run/c-back.bin" --json
expect "it plays as it within the tolerances, but for the Palm and None (no WebXR joint) and the gaze (IWER has none)" python3 -c "
import json; d = json.load(open('$work/out'))
poses = [p for p in d['poses'] if not p['name'].endswith(('.Palm', '.None')) and not p['name'].startswith('gaze')]
assert len(poses) == 51 and max(p['maxPosition'] for p in poses) < 1e-4, [p for p in poses if p['maxPosition'] >= 1e-4][:2]
assert max(p['maxRotation'] for p in poses) < 0.01 and d['maxSwitchShift'] < 1e-6, d['maxSwitchShift']"
check "info names its kind" 0 "$tool" info "$work/run/c.json" --json
expect "IWER capture" python3 -c "import json; assert json.load(open('$work/out'))['input']['kind'] == 'IWER capture'"
printf '{"schema": [[0, {"hasHand": true, "handedness": "up"}]], "frames": []}' >"$work/run/bad.json"
check "a capture that is not one" 2 "$tool" info "$work/run/bad.json"
expect "is refused by its place" grep -q "bad.json: /schema: a hand's handedness is left or right" "$work/err"
