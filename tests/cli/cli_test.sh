#!/usr/bin/env bash
# CLI behaviour: exit codes, stdout/stderr split, JSON, no output file on failure.
# Usage: cli_test.sh PATH/TO/inputanim PATH/TO/shared PATH/TO/make_edge_cases
set -u
tool=$(realpath "$1")
shared=${2:-}
make_edge_cases=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/edge" && "$make_edge_cases" "$work/edge" || { echo "FAIL: the edge cases were not made"; exit 1; }
source "$(dirname "$0")/checks.sh"

check "--version" 0 "$tool" --version
expect "--version names the tool" grep -q "^inputanim [0-9]" "$work/out"
expect "--version names the glTF library" grep -q "^glTF I/O: tinygltf" "$work/out"
for verb in info check validate convert generate sample diff plot trim shift retime markers mirror merge verify profile; do
    check "$verb --help" 0 "$tool" "$verb" --help
    expect "$verb --help shows usage on stdout" grep -qi "usage" "$work/out"
    check "$verb --version" 0 "$tool" "$verb" --version
done
check "no verb is a usage error" 1 "$tool"
check "unknown option is a usage error" 1 "$tool" info --bogus x

mkdir -p "$work/edit"
check "generate 1.1 compact" 0 "$tool" generate "$work/c.bin"
check "generate refuses to overwrite" 4 "$tool" generate "$work/c.bin"
check "generate --force overwrites" 0 "$tool" generate "$work/c.bin" --force
check "generate 1.0" 0 "$tool" generate "$work/v10.bin" --format-version 1.0
check "generate 1.1 full" 0 "$tool" generate "$work/f.bin" --layout full --duration 2 --seed 7
check "1.0 has no compact layout" 1 "$tool" generate "$work/x.bin" --format-version 1.0 --layout compact
expect "usage error writes nothing" test ! -e "$work/x.bin"

check "info text" 0 "$tool" info "$work/c.bin"
expect "info names the layout" grep -q "^format     1.1 compact" "$work/out"
expect "info lists markers" grep -q "pinch" "$work/out"
expect "info writes nothing to stderr" test ! -s "$work/err"
check "info --json" 0 "$tool" info "$work/v10.bin" --json
expect "info --json parses and has the schema" python3 -c "
import json,sys
d=json.load(open('$work/out'))
assert d['schema']=='inputanim.info/1', d
assert d['format']=={'version':'1.0','layout':'full'}, d['format']
assert d['sections']['gaze']['present'] is False
assert d['sections']['left']['curves']==189
assert len(d['markers'])==4
assert len(d['tracked']['left'])==1
"

check "convert 1.0 -> 1.1 compact" 0 "$tool" convert "$work/v10.bin" "$work/v11.bin" --format-version 1.1
check "convert back to 1.0" 0 "$tool" convert "$work/v11.bin" "$work/v10b.bin" --format-version 1.0
expect "1.0 -> 1.1 -> 1.0 is byte-identical" cmp -s "$work/v10.bin" "$work/v10b.bin"
check "convert keeps the version; 1.1 full becomes the layout MRTK reads" 0 "$tool" convert "$work/f.bin" "$work/f2.bin"
expect "the full layout's replacement is a note with the option that keeps it" grep -q "note: .*written as 1.1 compact (--layout full keeps it)" "$work/err"
check "the compact copy" 0 "$tool" convert "$work/f.bin" "$work/c2.bin" --layout compact -f
expect "which is that layout, exactly" cmp -s "$work/f2.bin" "$work/c2.bin"
check "--layout full keeps the full layout" 0 "$tool" convert "$work/f.bin" "$work/f3.bin" --layout full
expect "byte-identical" cmp -s "$work/f.bin" "$work/f3.bin"
expect "and warns that MRTK cannot load it" grep -q "warning: .*loaded by no MRTK version" "$work/err"
check "check warns about the full layout" 0 "$tool" check "$work/f.bin"
expect "as full-layout" grep -q "warning full-layout" "$work/out"
check "gaze cannot go to 1.0" 3 "$tool" convert "$work/c.bin" "$work/nogaze.bin" --format-version 1.0
expect "refused conversion writes nothing" test ! -e "$work/nogaze.bin"
expect "refusal names the gaze curves" grep -q "gaze" "$work/err"

head -c 1000 "$work/c.bin" >"$work/cut.bin"
check "truncated input" 2 "$tool" convert "$work/cut.bin" "$work/out.bin"
expect "truncation error is one line naming file and byte" grep -qE "^inputanim: error: .*cut.bin: byte [0-9]+: expected" "$work/err"
expect "truncation error is one line" test "$(wc -l <"$work/err")" -eq 1
expect "failed conversion writes nothing" test ! -e "$work/out.bin"
expect "no temporary files are left" test -z "$(ls -A "$work" | grep tmp)"
check "missing input" 2 "$tool" info "$work/none.bin"
check "folder as input" 2 "$tool" info "$work"
check "unwritable output" 4 "$tool" convert "$work/c.bin" "$work/no/such/folder/x.bin"

samples=$(cd "$(dirname "$0")/../../samples" && pwd)
check "regenerate 1.1 compact sample" 0 "$tool" generate "$work/s1.bin"
expect "committed 1.1 compact sample is reproducible" cmp -s "$work/s1.bin" "$samples/gesture-1.1-compact.bin"
check "generate the 1.1 full layout" 0 "$tool" generate "$work/s2.bin" --layout full
expect "the full layout is written with a warning naming MRTK" grep -q "warning: .*loaded by no MRTK version" "$work/err"
expect "the tests' 1.1 full file is reproducible" cmp -s "$work/s2.bin" "$samples/../tests/data/gesture-1.1-full.bin"
check "regenerate 1.0 sample" 0 "$tool" generate "$work/s3.bin" --format-version 1.0
expect "committed 1.0 sample is reproducible" cmp -s "$work/s3.bin" "$samples/gesture-1.0.bin"

check "convert to glb" 0 "$tool" convert "$samples/gesture-1.1-compact.bin" "$work/g.glb"
expect "glb summary on stderr" grep -q "largest deviation from the source" "$work/err"
expect "glb magic" test "$(head -c 4 "$work/g.glb")" = "glTF"
check "convert to gltf + bin" 0 "$tool" convert "$samples/gesture-1.0.bin" "$work/g.gltf" --linear-only
expect "bin beside gltf" test -s "$work/g.bin"
check "glb back to binary" 0 "$tool" convert "$work/g.glb" "$work/g-back.bin"
expect "bin -> glb -> bin is byte-identical" cmp -s "$samples/gesture-1.1-compact.bin" "$work/g-back.bin"
check "gltf + bin back to binary" 0 "$tool" convert "$work/g.gltf" "$work/g-back10.bin"
expect "1.0 through .gltf is byte-identical" cmp -s "$samples/gesture-1.0.bin" "$work/g-back10.bin"
cp "$work/g.glb" "$work/disguised.bin"
check "input kind follows content, not extension" 0 "$tool" convert "$work/disguised.bin" "$work/undisguised.bin"
expect "disguised glb converts back" cmp -s "$samples/gesture-1.1-compact.bin" "$work/undisguised.bin"
check "glb to 1.0 cannot hold gaze" 3 "$tool" convert "$work/g.glb" "$work/g10.bin" --format-version 1.0
check "info reads glTF" 0 "$tool" info "$work/g.glb"
expect "info of glTF names the source encoding" grep -q "^format     1.1 compact" "$work/out"
check "diff of identical recordings" 0 "$tool" diff "$samples/gesture-1.1-compact.bin" "$work/g.glb"
expect "diff says within tolerance" grep -q "within tolerance" "$work/out"
"$tool" generate "$work/other.bin" --seed 9 2>/dev/null
check "diff of different recordings" 5 "$tool" diff "$samples/gesture-1.1-compact.bin" "$work/other.bin" --json
expect "diff --json parses and reports" python3 -c "
import json
d=json.load(open('$work/out'))
assert d['schema']=='inputanim.diff/1' and d['within'] is False and d['maxPosition']>0.001
assert any(p['name']=='left.IndexTip' for p in d['poses'])
assert d['differs'] and all(d['start'] <= s <= e <= d['end'] for s, e in d['differs']), d['differs']
assert len(d['worst']) == len(d['differs']) and all(s <= w['time'] <= e and w['excess'] > 1 for (s, e), w in zip(d['differs'], d['worst']))
for (s, e), w in zip(d['differs'], d['worst']):  # each span's worst moment is the worst of the poses' spans in it
    inside = [x for p in d['poses'] for (a, b), x in zip(p['differs'], p['worst']) if s <= a and b <= e]
    assert max(x['excess'] for x in inside) == w['excess'] and w in inside, (w, inside)
"
check "diff says when, in text" 5 "$tool" diff "$samples/gesture-1.1-compact.bin" "$work/other.bin"
expect "a differs line of time spans" grep -q "^differs   [0-9.]* s\|^differs   [0-9.]*-[0-9.]* s" "$work/out"
expect "and the worst moment" grep -q "^worst     [0-9.]* s, [A-Za-z]*[.A-Za-z]* ([0-9.]* times the tolerance)$" "$work/out"
"$tool" shift "$samples/gesture-1.1-compact.bin" "$work/half-later.bin" --by 0.5 -q
check "diff of a recording half a second later, at that offset" 0 "$tool" diff "$samples/gesture-1.1-compact.bin" "$work/half-later.bin" --offset 0.5 --json
expect "compares A's 0-6 s with B's 0.5-6.5 s" python3 -c "import json; d = json.load(open('$work/out')); assert (d['offset'], d['start'], d['end'], d['within']) == (0.5, 0, 6, True), d"
check "and without it, a recording that differs" 5 "$tool" diff "$samples/gesture-1.1-compact.bin" "$work/half-later.bin"
check "diff refuses an end before the start" 1 "$tool" diff "$samples/gesture-1.1-compact.bin" "$work/half-later.bin" --start 3 --end 1
expect "saying why, and which options choose the times" grep -q "not a finite interval.*--start and --end" "$work/err"
printf '{"asset":{"version":"2.0"},"nodes":[{"name":"Cube"}],"scenes":[{"nodes":[0]}]}' >"$work/cube.gltf"
check "glTF without hands, camera or gaze" 2 "$tool" convert "$work/cube.gltf" "$work/cube.bin"
expect "error lists the nodes" grep -q "nodes: Cube" "$work/err"
printf '{"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":"../../etc/passwd"}]}' >"$work/evil.gltf"
check "buffer outside the folder is refused" 2 "$tool" info "$work/evil.gltf"
expect "refusal names the URI" grep -q "/buffers/0/uri" "$work/err"
cp "$samples/gesture-1.0.bin" "$work/take.bin"
check "a .gltf whose buffer would overwrite the input is refused" 4 "$tool" convert "$work/take.bin" "$work/take.gltf" --force
expect "the input is untouched" cmp -s "$samples/gesture-1.0.bin" "$work/take.bin"
expect "nothing written" test ! -e "$work/take.gltf"
echo "keep me" >"$work/other.bin"
check "an existing buffer file is kept without --force" 4 "$tool" convert "$samples/gesture-1.0.bin" "$work/other.gltf"
expect "the refusal names the buffer" grep -q "other.bin: exists (the .gltf's buffer" "$work/err"
expect "the existing buffer file is untouched" test "$(cat "$work/other.bin")" = "keep me"
check "glb refuses binary options" 1 "$tool" convert "$samples/gesture-1.0.bin" "$work/x.glb" --layout full
check "sample csv" 0 "$tool" sample "$samples/gesture-1.1-compact.bin" --rate 10 --select left,gaze
expect "sample csv parses with one row per time" python3 -c "
import csv
rows=list(csv.reader(open('$work/out')))
assert rows[0][0]=='time' and 'left.IndexTip.px' in rows[0] and 'gaze.dz' in rows[0], rows[0][:5]
assert not any(c.startswith('camera') for c in rows[0])
assert len(rows)==62 and all(len(r)==len(rows[0]) for r in rows)
"
check "sample json" 0 "$tool" sample "$samples/gesture-1.0.bin" --rate 5 --format json --coordinates gltf
expect "sample json parses" python3 -c "
import json
d=json.load(open('$work/out'))
assert d['schema']=='inputanim.sample/1' and d['coordinates']=='gltf'
assert len(d['frames'])==31 and 'gaze' not in d['frames'][0]
assert d['frames'][10]['left']['joints']['Wrist']['rotation'] is not None
"

# Batch: folders recursively, continue past failures, identical output for any number of workers.
mkdir -p "$work/batch/in/sub"
for i in 1 2 3 4 5 6; do "$tool" generate "$work/batch/in/sub/r$i.bin" --duration 1 --seed "$i" 2>/dev/null; done
cp "$samples/gesture-1.0.bin" "$work/batch/in/"
echo junk >"$work/batch/in/broken.bin"
check "batch with one broken file" 2 "$tool" convert "$work/batch/in" --out-dir "$work/batch/j1" -j 1
expect "batch summary counts" grep -q "^8 files: 7 converted, 1 failed" "$work/err"
expect "batch names the failure" grep -q "broken.bin: byte 0" "$work/err"
check "batch with two workers" 2 "$tool" convert "$work/batch/in" --out-dir "$work/batch/j2" -j 2 -q
expect "quiet batch prints only the error" test "$(grep -c . "$work/err")" -eq 1
expect "parallel output equals serial output" diff -r "$work/batch/j1" "$work/batch/j2"
expect "batch keeps folder structure" test -s "$work/batch/j1/sub/r6.glb"
check "batch back to binary" 0 "$tool" convert "$work/batch/j1" --out-dir "$work/batch/back" -j 2
expect "batch round trip is byte-identical" cmp -s "$work/batch/back/sub/r3.bin" "$work/batch/in/sub/r3.bin"
check "batch does not overwrite" 4 "$tool" convert "$work/batch/j1" --out-dir "$work/batch/back"
check "batch --to gltf" 0 "$tool" convert "$work/batch/in/sub" --out-dir "$work/batch/gltf" --to gltf
expect "gltf with bin beside" test -s "$work/batch/gltf/r1.bin" -a -s "$work/batch/gltf/r1.gltf"
# A file that cannot be put in place (a folder holds its name) fails alone, after its conversion, and
# leaves no temporary behind; the others are committed.
mkdir -p "$work/batch/blocked/r2.glb"
check "batch with a blocked output" 4 "$tool" convert "$work/batch/in/sub" --out-dir "$work/batch/blocked" -j 2 --force
expect "blocked output is named" grep -q "r2.glb: exists and is a folder" "$work/err"
expect "blocked batch counts" grep -q "^6 files: 5 converted, 1 failed" "$work/err"
expect "blocked batch leaves no temporaries" test -z "$(find "$work/batch/blocked" -name '.*tmp-*')"
expect "blocked batch commits the others" cmp -s "$work/batch/blocked/r3.glb" "$work/batch/j1/sub/r3.glb"
check "glTF output into a missing folder" 4 "$tool" convert "$samples/gesture-1.0.bin" "$work/no/such/folder/x.glb"
expect "missing folder is named" grep -q "cannot create a temporary file in $work/no/such/folder" "$work/err"
check "binary output into a missing folder" 4 "$tool" convert "$samples/gesture-1.0.bin" "$work/no/such/folder/x.bin"
check "two paths without --out-dir is a single conversion" 0 "$tool" convert "$samples/gesture-1.0.bin" "$work/single.glb"
check "three paths need --out-dir" 1 "$tool" convert a b c

# check: exit 0 when clean, 5 on errors, and with --strict on warnings.
python3 - "$work" <<'PY'
import struct, sys
def camera_only(first_curve_keys):
    out = struct.pack('<QII', 0x6a8faf6e0f9e42c6, 1, 1) + bytes([1, 0, 0])
    for i in range(7):
        keys = first_curve_keys if i == 0 else []
        out += struct.pack('<iii', 8, 8, len(keys)) + b''.join(struct.pack('<ff', t, v) for t, v in keys)
    return out + struct.pack('<i', 0)
open(sys.argv[1] + '/duplicate.bin', 'wb').write(camera_only([(0, 1), (0.5, 2), (0.5, 3)]))
open(sys.argv[1] + '/negative.bin', 'wb').write(camera_only([(-0.5, 1), (0.5, 2)]))
PY
check "check a clean sample" 0 "$tool" check "$samples/gesture-1.1-compact.bin"
check "check finds a duplicate time" 5 "$tool" check "$work/duplicate.bin"
expect "check names the curve and key" grep -q "error duplicate-time camera.PositionX key 2" "$work/out"
check "a warning passes without --strict" 0 "$tool" check "$work/negative.bin"
check "a warning fails with --strict" 5 "$tool" check "$work/negative.bin" --strict --json
expect "check --json parses" python3 -c "
import json; d=json.load(open('$work/out')); assert d['schema']=='inputanim.check/1' and d['passed'] is False and d['warnings']==1"

# validate: a glTF against the profile's rules plus the recording it converts to; a binary recording
# plus the glTF convert would write.
check "validate a binary recording" 0 "$tool" validate "$samples/gesture-1.1-compact.bin"
expect "validate says valid" grep -q "gesture-1.1-compact.bin: valid" "$work/out"
expect "validate writes nothing to stderr" test ! -s "$work/err"
check "export for validate" 0 "$tool" convert "$samples/gesture-1.0.bin" "$work/valid.glb"
check "validate our glTF --json" 0 "$tool" validate "$work/valid.glb" --json
expect "validate --json parses and is clean" python3 -c "
import json; d=json.load(open('$work/out'))
assert d['schema']=='inputanim.validate/1' and d['kind']=='gltf' and d['ownFile'] is True and d['passed'] is True, d
assert d['profile']==[] and isinstance(d['recording'], list), d"
python3 - "$work" <<'PY'
import json, struct, sys
work = sys.argv[1]
data = open(f'{work}/valid.glb', 'rb').read()
n = struct.unpack('<I', data[12:16])[0]
doc = json.loads(data[20:20 + n])
rest = data[20 + n:]
for node in doc['nodes']:
    if node.get('name') == 'Camera_View': node.pop('rotation')
    if node.get('name') == 'Hand_Right_PinkyTip': node['name'] = 'PinkyTip'
text = json.dumps(doc).encode(); text += b' ' * (-len(text) % 4)
body = struct.pack('<I4s', len(text), b'JSON') + text + rest
open(f'{work}/broken-profile.glb', 'wb').write(struct.pack('<4sII', b'glTF', 2, 12 + len(body)) + body)
PY
check "validate finds broken rules" 5 "$tool" validate "$work/broken-profile.glb"
expect "validate names the rule and the JSON pointer" grep -q "error camera-view-rotation /nodes/[0-9]*:" "$work/out"
expect "validate names the missing node" grep -q "error node-missing /nodes: no node named 'Hand_Right_PinkyTip'" "$work/out"
check "validate --json of a broken file" 5 "$tool" validate "$work/broken-profile.glb" --json
expect "validate --json lists the codes" python3 -c "
import json; d=json.load(open('$work/out')); codes={f['code'] for f in d['profile']}
assert d['passed'] is False and {'camera-view-rotation','node-missing'} <= codes, codes"
check "validate --strict fails on a warning" 5 "$tool" validate "$work/negative.bin" --strict
check "validate of a non-file is invalid input" 2 "$tool" validate "$work/does-not-exist.glb"

# plot: an SVG whose lines, bands and markers sit where the data says.
check "plot" 0 "$tool" plot "$samples/gesture-1.1-compact.bin" --out "$work/plot.svg" --rate 60
expect "plot writes nothing to stdout or stderr" test ! -s "$work/out" -a ! -s "$work/err"
check "plot refuses to overwrite" 4 "$tool" plot "$samples/gesture-1.1-compact.bin" --out "$work/plot.svg"
check "plot of an unknown joint is a usage error" 1 "$tool" plot "$samples/gesture-1.1-compact.bin" --out "$work/bad.svg" --select left.Elbow
expect "failed plot writes nothing" test ! -e "$work/bad.svg"
check "plot's reference info" 0 "$tool" info "$samples/gesture-1.1-compact.bin" --json
cp "$work/out" "$work/plot-info.json"
check "plot's reference samples" 0 "$tool" sample "$samples/gesture-1.1-compact.bin" --rate 60 --select left
cp "$work/out" "$work/plot-samples.csv"
expect "plot lines, bands and markers match the recording" python3 - "$work" <<'PY'
import csv, json, sys, xml.etree.ElementTree as ET
work = sys.argv[1]
ns = {'s': 'http://www.w3.org/2000/svg'}
root = ET.parse(f'{work}/plot.svg').getroot()
info = json.load(open(f'{work}/plot-info.json'))
duration = float(root.get('data-duration'))
panels = {g.get('data-title'): g for g in root.iter('{http://www.w3.org/2000/svg}g') if g.get('class') == 'panel'}
assert 'left Palm position (m)' in panels and 'camera position (m)' in panels, list(panels)
palm = panels['left Palm position (m)']
left, top, width, height = (float(palm.get(k)) for k in ('data-left', 'data-top', 'data-width', 'data-height'))
ymin, ymax = float(palm.get('data-ymin')), float(palm.get('data-ymax'))
# Every vertex of the x line maps back to the sampled palm x at its time; the line breaks where the hand is
# not tracked (MRTK shows nothing there).
rows = [r for r in csv.DictReader(open(f'{work}/plot-samples.csv')) if r['left.tracked'] == '1']
line = next(p for p in palm.findall('s:path', ns) if p.get('data-label') == 'x')
points = [tuple(map(float, v[1:].split(','))) for v in line.get('d').replace('M', ' M').replace('L', ' L').split()]
assert len(points) == len(rows), (len(points), len(rows))
for (px, py), row in zip(points, rows):
    t = (px - left) / width * duration
    value = ymin + (top + height - py) / height * (ymax - ymin)
    assert abs(t - float(row['time'])) < 0.01, (t, row['time'])
    assert abs(value - float(row['left.Palm.px'])) < 1e-3, (value, row['left.Palm.px'])
# Tracked and pinching bands are the intervals info reports, drawn at their times.
for kind in ('tracked', 'pinching'):
    bands = [r for r in palm.findall('s:rect', ns) if r.get('class') == 'band ' + kind]
    expected = info[kind]['left']
    assert len(bands) == len(expected) > 0, (kind, len(bands), expected)
    for band, (start, end) in zip(bands, expected):
        assert abs(float(band.get('x')) - (left + start / duration * width)) < 0.01
        assert abs(float(band.get('width')) - (end - start) / duration * width) < 0.02
# One labelled dashed line per marker; every line is named at its end.
markers = [g for g in root.iter('{http://www.w3.org/2000/svg}g') if g.get('class') == 'marker']
assert [g.find('s:text', ns).text for g in markers] == [m['name'] for m in info['markers']]
labels = [t.text for t in palm.findall('s:text', ns) if t.get('class') == 'label']
assert sorted(labels) == ['x', 'y', 'z'], labels
PY
check "plot of one joint from glTF" 0 "$tool" plot "$work/valid.glb" --out "$work/tips.svg" --select left.IndexTip,right.IndexTip
expect "plot draws the selected joints only" python3 -c "
import xml.etree.ElementTree as ET
titles = [g.get('data-title') for g in ET.parse('$work/tips.svg').getroot().iter('{http://www.w3.org/2000/svg}g') if g.get('class') == 'panel']
assert titles == ['left IndexTip position (m)', 'right IndexTip position (m)'], titles"

# An edit put back onto its original (--base) and markers from a file (--markers), as the Blender add-on does.
check "the hierarchical rig" 0 "$tool" convert "$samples/gesture-1.0.bin" "$work/rig.glb" --rig hierarchy
check "read back onto its base" 0 "$tool" convert "$work/rig.glb" "$work/rebased.bin" --base "$samples/gesture-1.0.bin"
expect "gives back the original byte for byte" cmp -s "$work/rebased.bin" "$samples/gesture-1.0.bin"
expect "and says nothing was edited" grep -q "nothing edited; the base's keys kept" "$work/err"
printf '[{"time": 0.5, "name": "grab"}, {"time": 1.25, "name": "let go"}]' >"$work/markers.json"
check "markers from a file" 0 "$tool" convert "$samples/gesture-1.0.bin" "$work/marked.bin" --markers "$work/markers.json"
expect "replace the input's" sh -c "'$tool' info '$work/marked.bin' --json | python3 -c \"import json, sys; assert [(m['time'], m['name']) for m in json.load(sys.stdin)['markers']] == [(0.5, 'grab'), (1.25, 'let go')]\""
printf '[{"time": 0.5, "name": "grab"}, {"time": 9, "name": "late"}]' >"$work/late.json"
check "a marker after the last key" 0 "$tool" convert "$samples/gesture-1.0.bin" "$work/late.bin" --markers "$work/late.json"
expect "is warned about: MRTK never fires it" grep -q "warning: .*late.json: marker 'late' at 9 s is after the recording's end (6 s): MRTK stops playing there and never fires it" "$work/err"
check "info" 0 "$tool" info "$work/late.bin"
expect "gives MRTK's duration, the last key" grep -q "^duration   6.000 s as MRTK plays it (keys and markers from 0.000 to 9.000 s)" "$work/out"
expect "and the checker's finding" grep -q "warning marker-after-end markers key 1" "$work/out"
printf '0\n1.5\n\n5.999\n' >"$work/times.txt"
check "sample at listed times" 0 "$tool" sample "$work/late.bin" --times "$work/times.txt" --select camera
expect "one row each" test "$(tail -n +2 "$work/out" | cut -d, -f1 | tr '\n' ' ')" = "0 1.5 5.999 "
printf '1\nsoon\n' >"$work/bad-times.txt"
check "a time that is not a number" 1 "$tool" sample "$work/late.bin" --times "$work/bad-times.txt"
expect "names the line" grep -q "bad-times.txt: line 2: expected a time in seconds" "$work/err"
check "keys with tangents to 1.1" 0 "$tool" convert "$work/edge/hermite.bin" "$work/hermite-1.1.bin" --format-version 1.1
expect "are fitted with MRTK's linear keys, the deviation said" grep -q "note: keys of 106 vectors and rotations .* fitted with linear keys, largest deviation 0.0[0-9]* mm and 0.00[0-9]* degrees" "$work/err"
expect "and 1.0 named as the way to keep them" grep -q "note: format version 1.0 keeps these keys exactly.* (--format-version 1.0)" "$work/err"
check "a tolerance Float32 keys cannot reach" 6 "$tool" convert "$work/edge/hermite.bin" "$work/tight.bin" --format-version 1.1 --pos-tolerance 1e-8
expect "writes the keys and says how far they are" sh -c "test -s '$work/tight.bin' && grep -q 'warning: .*the fitted keys play back beyond the tolerances: [0-9.e-]* m and [0-9.e-]* degrees from the source' '$work/err'"
check "convert --json onto a base" 0 "$tool" convert "$work/rig.glb" "$work/rebased-json.bin" --base "$samples/gesture-1.0.bin" --json
expect "reports what was written and the note, with nothing on standard error" sh -c "test ! -s '$work/err' && python3 -c \"
import json; d = json.load(open('$work/out'))
assert d['schema'] == 'inputanim.run/1' and d['verb'] == 'convert' and d['kind'] == 'bin' and d['files'] == ['$work/rebased-json.bin'], d
assert d['format'] == {'version': '1.0', 'layout': 'full'} and d['bytes'] == $(stat -c %s "$samples/gesture-1.0.bin"), d
assert [m['code'] for m in d['messages']] == ['onto-base'] and 'nothing edited' in d['messages'][0]['message'], d['messages']
assert d['recording']['schema'] == 'inputanim.info/1' and d['recording']['duration'] == 6.0, d['recording']['duration']\""
check "convert --json of fitted keys beyond the tolerance" 6 "$tool" convert "$work/edge/hermite.bin" "$work/tight-json.bin" --format-version 1.1 --pos-tolerance 1e-8 --json
expect "reports the deviation, the fit's note and the warning by code" python3 -c "
import json; d = json.load(open('$work/out'))
assert d['beyondTolerance'] and d['deviation']['position'] > 1e-8 and d['tolerance']['position'] == 1e-8, d
codes = [m['code'] for m in d['messages']]
assert 'keys-fitted' in codes and 'beyond-tolerance' in codes, codes
assert all('--' not in m['message'] for m in d['messages']), d['messages']"
check "convert --json to glTF" 0 "$tool" convert "$samples/gesture-1.1-compact.bin" "$work/json.glb" --json
expect "reports the samplers and the bound" python3 -c "
import json; d = json.load(open('$work/out'))
assert d['kind'] == 'glb' and d['gltf']['channels'] > 0 and d['gltf']['keyframes'] > 0, d
assert 0 <= d['deviation']['position'] <= 1e-4 and not d['beyondTolerance'], d"
check "--json with standard output as OUT" 1 "$tool" convert "$samples/gesture-1.1-compact.bin" - --to glb --json
check "--json with a batch" 1 "$tool" convert "$samples" --out-dir "$work/json-batch" --json
check "a tolerance that would take more keys than the file's allow" 2 "$tool" convert "$work/edge/hermite.bin" "$work/tighter.bin" --format-version 1.1 --pos-tolerance 1e-9
expect "is refused, with the option that helps" sh -c "test ! -e '$work/tighter.bin' && grep -q 'knots its keys allow (a larger --pos-tolerance or --rot-tolerance needs fewer)' '$work/err'"
check "a tolerance that is not a number" 1 "$tool" convert "$work/edge/hermite.bin" "$work/nan.bin" --pos-tolerance nan
printf '[{"time": 2, "name": "b"}, {"time": 1, "name": "a"}]' >"$work/unsorted.json"
check "markers out of order are refused" 2 "$tool" convert "$samples/gesture-1.0.bin" "$work/unsorted.bin" --markers "$work/unsorted.json"
expect "naming the file and the form" grep -q "unsorted.json: expected a JSON array of" "$work/err"
expect "writing nothing" test ! -e "$work/unsorted.bin"
printf '[{"time": 1e300, "name": "far"}]' >"$work/far.json"
check "a marker time beyond float32's range is refused" 2 "$tool" convert "$samples/gesture-1.0.bin" "$work/far.bin" --markers "$work/far.json"
check "so is one added by markers --add" 1 "$tool" markers "$samples/gesture-1.0.bin" "$work/far.bin" --add 1e300=far
expect "naming the marker, writing nothing" sh -c "grep -q 'marker \"far\" has no finite time' '$work/err' && test ! -e '$work/far.bin'"

source "$(dirname "$0")/robust_checks.sh"
source "$(dirname "$0")/archive_checks.sh"
source "$(dirname "$0")/run_checks.sh"
source "$(dirname "$0")/manifest_checks.sh"

# Edits: trim, shift, retime, markers (their values are pinned in tests/edit, their MRTK playback in interop_mrtk).
check "trim" 0 "$tool" trim "$work/c.bin" "$work/edit/trim.bin" --start 1 --end 3
expect "trim writes the range, starting at 0" python3 -c "
import json,subprocess,sys
d=json.loads(subprocess.run(['$tool','info','$work/edit/trim.bin','--json'],capture_output=True).stdout)
assert abs(d['duration']-2)<1e-6 and d['format']=={'version':'1.1','layout':'compact'}, d['duration']"
check "trim --keep-time" 0 "$tool" trim "$work/c.bin" "$work/edit/keep.bin" --start 1 --end 3 --keep-time
check "which plays as the original over the range (diff)" 0 "$tool" diff "$work/c.bin" "$work/edit/keep.bin" --start 1 --end 3 --pos-tolerance 1e-6 --rot-tolerance 1e-4 --switch-tolerance 0
check "trim to .gltf" 0 "$tool" trim "$work/c.bin" "$work/edit/trim-g.gltf" --start 1 --end 3
expect "which reads back as the .bin trim" sh -c "'$tool' convert '$work/edit/trim-g.gltf' '$work/edit/trim-back.bin' -q && cmp -s '$work/edit/trim-back.bin' '$work/edit/trim.bin'"
check "trim to an unknown marker" 1 "$tool" trim "$work/c.bin" "$work/edit/x.bin" --start nowhere
expect "names the markers there are" grep -q "neither seconds nor a marker's name (markers: " "$work/err"
check "retime by 2" 0 "$tool" retime "$work/c.bin" "$work/edit/fast.bin" --speed 2
check "and back by 0.5" 0 "$tool" retime "$work/edit/fast.bin" "$work/edit/back.bin" --speed 0.5
expect "is byte-identical" cmp -s "$work/edit/back.bin" "$work/c.bin"
check "retime needs a speed or a duration" 1 "$tool" retime "$work/c.bin" "$work/edit/x.bin"
check "shift --json" 0 "$tool" shift "$work/c.bin" "$work/edit/later.glb" --by 0.5 --json
expect "reports the edit" python3 -c "
import json; d=json.load(open('$work/out')); assert d['schema']=='inputanim.run/1' and d['verb']=='shift' and d['edit']['keysKept']>0 and d['files']==['$work/edit/later.glb'], d['edit']"
check "markers: add and rename" 0 "$tool" markers "$work/edit/trim.bin" "$work/edit/marked.bin" --add 0.5=press --add 1.5=release
check "markers lists" 0 "$tool" markers "$work/edit/marked.bin"
expect "in time order" grep -qz "0.500000 press.*1.500000 release" "$work/out"
check "mirror" 0 "$tool" mirror "$work/c.bin" "$work/edit/mirrored.bin" --plane x=0
check "and back" 0 "$tool" mirror "$work/edit/mirrored.bin" "$work/edit/unmirrored.bin" --plane x=0
expect "through x = 0 is byte-identical" cmp -s "$work/edit/unmirrored.bin" "$work/c.bin"
check "mirror through the head's plane says where it is" 0 "$tool" mirror "$work/c.bin" "$work/edit/head-mirrored.glb"
expect "in a note" grep -q "mirrored through the head's sagittal plane: through x .* normal (" "$work/err"
check "mirror refuses another plane" 1 "$tool" mirror "$work/c.bin" "$work/edit/x.bin" --plane y=0
check "merge a recording with itself, part by part" 0 "$tool" merge "$work/edit/self.bin" --camera "$work/c.bin" --left "$work/c.bin" --right "$work/c.bin" --gaze "$work/c.bin"
expect "is byte-identical" cmp -s "$work/edit/self.bin" "$work/c.bin"
check "merge with an offset" 0 "$tool" merge "$work/edit/moved.bin" --base "$work/c.bin" --right "$work/edit/trim.bin" --offset right=0.5
check "merge needs a part" 1 "$tool" merge "$work/edit/x.bin"
check "merge refuses an unknown part" 1 "$tool" merge "$work/edit/x.bin" --left "$work/c.bin" --offset head=1
check "an edit never replaces its input" 4 "$tool" markers "$work/edit/marked.bin" "$work/edit/marked.bin" --add 1=x --force
check "convert to standard output" 0 "$tool" convert "$samples/gesture-1.0.bin" - --to glb
expect "standard output holds the GLB" test "$(head -c 4 "$work/out")" = glTF
check "a .gltf to standard output" 0 "$tool" convert "$samples/gesture-1.0.bin" - --to gltf
"$tool" convert "$samples/gesture-1.0.bin" "$work/first/embedded.gltf" --embed -q
expect "is the embedded .gltf a file gets" cmp -s "$work/out" "$work/first/embedded.gltf"
mkdir -p "$work/first/batch"
cp "$work/first/take.gltf" "$work/first/take.bin" "$work/first/batch/"
cp "$samples/gesture-1.1-compact.bin" "$work/first/batch/a.bin"
"$tool" convert "$samples/gesture-1.1-compact.bin" "$work/first/batch/a.glb" -q
check "a batch skips a .gltf's buffer" 0 "$tool" convert "$work/first/batch" --out-dir "$work/first/batch-out"
expect "and says so" grep -q "skip .*take.bin: the buffer of a .gltf input" "$work/err"
expect "the .gltf itself converts" cmp -s "$work/first/batch-out/take.bin" "$samples/gesture-1.0.bin"
check "two inputs that would write one output refuse the batch" 2 "$tool" convert "$work/first/batch" --out-dir "$work/first/clash" --to glb --force
expect "the refusal names both inputs" grep -q "a.bin and .*a.glb would both write" "$work/err"
expect "nothing converted before the refusal" test ! -e "$work/first/clash"
check "a mistyped verb" 1 "$tool" convrt x y
expect "suggests the verb" grep -q "did you mean convert?" "$work/err"
check "a mistyped option" 1 "$tool" convert "$samples/gesture-1.0.bin" x.glb --pos-tolerence 1
expect "suggests the option" grep -q "did you mean --pos-tolerance?" "$work/err"
check "help VERB" 0 "$tool" help plot
expect "help VERB shows the verb's usage" grep -q "Usage: inputanim plot" "$work/out"
cp "$work/out" "$work/help-verb"
check "VERB --help" 0 "$tool" plot --help
expect "VERB --help prints what help VERB prints" cmp -s "$work/out" "$work/help-verb"
check "sample takes joints, in any case" 0 "$tool" sample "$samples/gesture-1.0.bin" --rate 1 --select LEFT.indextip
expect "sample of one joint" python3 -c "
import csv; rows = list(csv.reader(open('$work/out')))
assert rows[0] == ['time', 'left.tracked', 'left.pinching'] + ['left.IndexTip.' + c for c in ('px','py','pz','qx','qy','qz','qw')], rows[0]"
check "plot takes the same names" 0 "$tool" plot "$samples/gesture-1.0.bin" -o "$work/first/tip.svg" --select LEFT.indextip
check "diff takes --prerelease-2019" 0 "$tool" diff "$samples/gesture-1.0.bin" "$samples/gesture-1.0.bin" --prerelease-2019
check "generate -q is quiet" 0 "$tool" generate "$work/first/quiet.bin" -q
expect "generate -q prints nothing" test ! -s "$work/err"
check "generate refuses absurd frame counts" 1 "$tool" generate "$work/first/huge.bin" --duration 36000 --rate 1000
expect "generate says what to choose" grep -q "choose a shorter --duration or a lower --rate" "$work/err"
check "tolerances are printed as given" 0 "$tool" convert "$samples/gesture-1.0.bin" "$work/first/t.glb" --pos-tolerance 0.0002
expect "in metres" grep -q "(tolerance 0.0002 m)" "$work/err"
# Components keyed at different times are merged at the union of their times, where Float32 rounds the values a
# little (1e-8 m here): beyond a tolerance of 1e-12 m, which the summary says, with exit status 6.
python3 - "$work/first/unaligned.bin" <<'PY'
import struct, sys
keys = {0: [(0, 0), (1, 0.7)], 1: [(0, 0), (0.3, 0.5), (1, 1)]}
out = struct.pack('<QII', 0x6a8faf6e0f9e42c6, 1, 1) + bytes([1, 0, 0])
for i in range(7):
    k = keys.get(i, [])
    out += struct.pack('<iii', 8, 8, len(k)) + b''.join(struct.pack('<ff', t, v) for t, v in k)
open(sys.argv[1], 'wb').write(out + struct.pack('<i', 0))
PY
check "beyond tolerance is not success" 6 "$tool" convert "$work/first/unaligned.bin" "$work/first/tight.glb" --pos-tolerance 1e-12
expect "it says why" grep -q "warning: .*beyond its tolerances; largest deviation from the source: [0-9.e-]* m (tolerance 1e-12 m)" "$work/err"
expect "and writes the file" test -s "$work/first/tight.glb"

# The hostile files have a test of their own (hostile_test.sh).
source "$(dirname "$0")/special_files_checks.sh"

source "$(dirname "$0")/shared_samples_checks.sh"

echo "cli: $passed passed, $failed failed${skipped:+, skipped: $skipped}"
[ "$failed" -eq 0 ] || exit 1
[ -z "${skipped:-}" ] || exit 77  # CTest's skip code: part of the work was not done
