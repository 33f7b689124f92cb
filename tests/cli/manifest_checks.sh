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
expect "is refused by place" grep -q "bad.json: /files/0: not an entry" "$work/err"
cp "$m/bad.json" "$m/out/manifest.json"
check "a batch does not replace a manifest it cannot read" 2 "$tool" convert "$m/in2.bin" --out-dir "$m/out" -q -f
expect "leaving it as it was" cmp -s "$m/bad.json" "$m/out/manifest.json"
check "verify with neither an archive nor a manifest" 1 "$tool" verify
expect "says what to give" grep -q "give an ARCHIVE, or --manifest" "$work/err"
check "verify with both" 1 "$tool" verify "$m/out/in2.glb" --manifest "$m/out"
