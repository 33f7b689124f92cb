# Batch manifests (docs/archival.md), sourced by cli_test.sh (its tool, samples, work, check and expect): a batch
# writes manifest.json and manifest.csv, whose sizes and hashes are stat's and Python's hashlib's; a second batch into
# the folder adds to it; verify --manifest finds an archive changed, one whose recording differs and one missing.
m="$work/manifest"
mkdir -p "$m/in/sub"
cp "$samples/gesture-1.0.bin" "$m/in/a,1.bin"  # a comma, which the CSV must quote
cp "$samples/gesture-1.1-compact.bin" "$m/in/sub/b.bin"
check "a batch writes a manifest" 0 "$tool" convert "$m/in" --out-dir "$m/out" --compress meshopt -q
expect "whose CSV records what stat and hashlib find" python3 - "$m" <<'PY'
import csv, hashlib, json, os, sys
m = sys.argv[1]
digest = lambda p: hashlib.sha256(open(p, "rb").read()).hexdigest()
rows = list(csv.DictReader(open(m + "/out/manifest.csv", newline="")))
assert sorted(r["archive"] for r in rows) == ["a,1.glb", "sub/b.glb"], rows
for r in rows:
    archive = m + "/out/" + r["archive"]
    assert int(r["archive_bytes"]) == os.path.getsize(archive) and r["archive_sha256"] == digest(archive), r
    assert int(r["source_bytes"]) == os.path.getsize(r["source"]) and r["source_sha256"] == digest(r["source"]), r
    assert float(r["position_m"]) <= 1e-4 and float(r["rotation_deg"]) <= 0.05, r
files = json.load(open(m + "/out/manifest.json"))["files"]
assert [(f["archive"], f["sourceSha256"]) for f in files] == [(r["archive"], r["source_sha256"]) for r in rows]
PY
check "verify --manifest: all byte-identical" 0 "$tool" verify --manifest "$m/out"
expect "and says so" grep -q "^2 archives: 2 byte-identical, 0 differ, 0 unreadable" "$work/err"
cp "$samples/gesture-1.0.bin" "$m/in2.bin"
check "a second batch into the folder" 0 "$tool" convert "$m/in2.bin" --out-dir "$m/out" -q
expect "adds to its manifest" python3 -c "
import json; f = json.load(open('$m/out/manifest.json'))['files']
assert [e['archive'] for e in f] == ['a,1.glb', 'in2.glb', 'sub/b.glb'], f"
flip "$m/out/in2.glb" "$m/out/in2.glb.tmp" -5 && mv "$m/out/in2.glb.tmp" "$m/out/in2.glb"
check "verify --manifest finds a flipped bit" 5 "$tool" verify --manifest "$m/out/manifest.json"
expect "naming the archive" grep -q "^FAIL in2.glb: changed" "$work/err"
cp "$m/out/a,1.glb" "$m/out/sub/b.glb"  # an intact archive, of another recording than its record's
python3 -c "
import hashlib, json; p = '$m/out/manifest.json'; d = json.load(open(p)); f = d['files'][2]
f['archiveBytes'], f['archiveSha256'] = len(open('$m/out/sub/b.glb', 'rb').read()), hashlib.sha256(open('$m/out/sub/b.glb', 'rb').read()).hexdigest()
json.dump(d, open(p, 'w'))"
rm "$m/out/a,1.glb"
check "and an archive that rebuilds another recording, and one missing" 5 "$tool" verify --manifest "$m/out" --json
expect "in its JSON" python3 -c "
import json; d = json.load(open('$work/out')); f = {e['archive']: e for e in d['files']}
assert d['schema'] == 'inputanim.verify-manifest/1' and d['identical'] is False
assert f['sub/b.glb']['archiveMatches'] is True and f['sub/b.glb']['rebuiltMatches'] is False, f
assert f['a,1.glb']['error'] and f['in2.glb']['archiveMatches'] is False, f"
expect "with one line of the three" grep -q "^3 archives: 0 byte-identical, 2 differ, 1 unreadable" "$work/err"
printf '{"schema": "inputanim.manifest/1", "files": [{"archive": "/etc/passwd"}]}' >"$m/bad.json"
check "a manifest that is not one" 2 "$tool" verify --manifest "$m/bad.json"
expect "is refused by place, in the manifest's words" grep -q "bad.json: /files/0/source: expected a string$" "$work/err"
cp "$m/bad.json" "$m/out/manifest.json"
check "a batch does not replace a manifest it cannot read" 2 "$tool" convert "$m/in2.bin" --out-dir "$m/out" -q -f
expect "leaving it as it was" cmp -s "$m/bad.json" "$m/out/manifest.json"
check "verify with neither an archive nor a manifest" 1 "$tool" verify
expect "says what to give" grep -q "give an ARCHIVE, or --manifest" "$work/err"
check "verify with both" 1 "$tool" verify "$m/out/in2.glb" --manifest "$m/out"
# Manifests read safely: names with control characters, links out of the folder and bytes after a NUL are refused;
# an entry's kind is told by its content, not its name.
m2="$work/manifest2"
mkdir -p "$m2/in" && cp "$samples/gesture-1.0.bin" "$m2/in/a.bin"
check "a batch of one" 0 "$tool" convert "$m2/in" --out-dir "$m2/out" -q
entry() {  # entry FIELD VALUE_JSON: manifest.json's only entry with FIELD set, as manifest2/out/edited.json
    python3 - "$m2/out/manifest.json" "$m2/out/edited.json" "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["files"][0][sys.argv[3]] = json.loads(sys.argv[4]); json.dump(d, open(sys.argv[2], "w"))
PY
}
entry archive '"a.glb\u0000.evil"'
check "an entry whose name holds a NUL is refused" 2 "$tool" verify --manifest "$m2/out/edited.json"
expect "saying so" grep -q "edited.json: /files/0: a name holds a control character" "$work/err"
cp "$m2/out/a.glb" "$work/outside.glb" && ln -s "$work/outside.glb" "$m2/out/link.glb"
entry archive '"link.glb"'
check "an entry that links out of the folder is not read" 5 "$tool" verify --manifest "$m2/out/edited.json"
expect "saying where it leads" grep -q "link.glb: leads to .*/outside.glb, outside the manifest's folder" "$work/err"
cp "$m2/out/a.glb" "$m2/out/renamed.bin"
entry archive '"renamed.bin"'
python3 -c "
import json, sys; p = sys.argv[1]; d = json.load(open(p)); d['files'][0]['sourceSha256'] = '0' * 64; json.dump(d, open(p, 'w'))
" "$m2/out/edited.json"
check "a GLB listed as .bin is still rebuilt (told by content)" 5 "$tool" verify --manifest "$m2/out/edited.json" --json
expect "and found to rebuild another recording" python3 -c "
import json; f = json.load(open('$work/out'))['files'][0]; assert f['archiveMatches'] is True and f['rebuiltMatches'] is False, f"
cp "$m2/out/manifest.json" "$m2/out/nul.json" && printf '\0{"more": 1}' >>"$m2/out/nul.json"
check "a manifest with bytes after a NUL is refused" 2 "$tool" verify --manifest "$m2/out/nul.json"
expect "naming the byte" grep -q "nul.json: byte [0-9]*: a NUL byte: a manifest is JSON text" "$work/err"
# An entry's archive of the recorded size but other bytes (a recording's copy: no rebuild to catch it) is changed.
flip "$m2/in/a.bin" "$m2/out/copy.bin" 100
entry archive '"copy.bin"'
python3 -c "
import hashlib, json, os, sys; p, a = sys.argv[1], sys.argv[2]; d = json.load(open(p)); f = d['files'][0]
f['archiveBytes'], f['archiveSha256'] = os.path.getsize(a), hashlib.sha256(open(a, 'rb').read()).hexdigest()
json.dump(d, open(p, 'w'))" "$m2/out/edited.json" "$m2/in/a.bin"
check "an archive of the recorded size with other bytes is changed" 5 "$tool" verify --manifest "$m2/out/edited.json" --json
expect "by its hash" python3 -c "
import json; f = json.load(open('$work/out'))['files'][0]; assert f['archiveMatches'] is False, f"
# A batch without the way back (--no-extras): its archives play their sources but cannot give back their bytes.
m3="$work/manifest3"
mkdir -p "$m3/in" && cp "$samples/gesture-1.0.bin" "$m3/in/a.bin"
check "a batch without extras" 0 "$tool" convert "$m3/in" --out-dir "$m3/out" --no-extras -q
check "verify --manifest on it" 5 "$tool" verify --manifest "$m3/out" --json
expect "says there is no way back, not that it differs" python3 -c "
import json; f = json.load(open('$work/out'))['files'][0]
assert f['archiveMatches'] is True and f['wayBack'] is False and f['rebuiltMatches'] is False, f"
expect "in its line and count" sh -c "grep -q '^FAIL a.glb: no way back: it holds no extras.inputanim' '$work/err' &&
  grep -q '^1 archives: 0 byte-identical, 0 differ, 1 without a way back, 0 unreadable' '$work/err'"
check "verify of one such archive with its original" 5 "$tool" verify "$m3/out/a.glb" "$m3/in/a.bin" --json
expect "says so too" python3 -c "
import json; d = json.load(open('$work/out')); assert d['wayBack'] is False and d['identical'] is False, d"
