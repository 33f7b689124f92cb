#!/usr/bin/env bash
# Archives written by inputanim 0.1.0 (tests/data/archives, kept forever as they were written): every later version
# must read them back to the recordings they record, byte for byte (`verify` rebuilds each and compares it with the
# SHA-256 its record holds), and `validate` them. A change that breaks reading an archive fails here.
#   flat.glb         a 1.1 compact recording, flat rig (the default), no mesh
#   hierarchy.glb    the same, hierarchy rig
#   compressed.glb   the same, EXT_meshopt_compression
#   prerelease.glb   a header-less 2019 prerelease body (convert --prerelease-2019)
#   stepped.glb      a 1.0 recording with stepped and Hermite keys
#   key-modes.glb    a 1.0 recording with straight, Hermite, stepped and weighted keys, Loop and PingPong wraps
#   single-pose.glb  a 1.1 compact recording whose every key is at 0 s
# Usage: kept_archives_test.sh PATH/TO/inputanim
set -u
tool=$1
here=$(cd "$(dirname "$0")" && pwd)
failed=0
count=0
for archive in "$here"/../data/archives/*.glb; do
    count=$((count + 1))
    name=$(basename "$archive")
    if out=$("$tool" verify "$archive" 2>&1) && grep -q "byte-identical" <<<"$out" &&
        "$tool" validate "$archive" >/dev/null 2>&1; then
        echo "ok   $name: $(head -1 <<<"$out")"
    else
        echo "FAIL $name: $out"
        failed=$((failed + 1))
    fi
done
[ "$count" -ge 7 ] || { echo "FAIL: $count kept archives found"; failed=$((failed + 1)); }
# What a later version may write is refused by name, not misread: another schema version, a rig this one lacks.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$here/../data/archives/flat.glb" "$work" <<'PY'
import json, struct, sys
d = open(sys.argv[1], "rb").read()
n = struct.unpack("<I", d[12:16])[0]
for name, change in (("schema", {"schema": "inputanim.gltf/2"}), ("rig", {"rig": "spline"})):
    j = json.loads(d[20 : 20 + n])
    j["animations"][0]["extras"]["inputanim"].update(change)
    text = json.dumps(j).encode()
    text += b" " * (-len(text) % 4)
    body = struct.pack("<I", len(text)) + d[16:20] + text + d[20 + n :]
    open("%s/later-%s.glb" % (sys.argv[2], name), "wb").write(d[:8] + struct.pack("<I", 12 + len(body)) + body)
PY
for said in "schema:the profile schema inputanim.gltf/2, which a later version of inputanim reads" \
    'rig:its rig is "spline", which this version cannot read'; do
    file=$work/later-${said%%:*}.glb
    if "$tool" info "$file" >/dev/null 2>"$work/err"; then status=0; else status=$?; fi
    if [ "$status" -eq 2 ] && grep -qF "${said#*:}" "$work/err"; then
        echo "ok   a later ${said%%:*} is refused: $(cat "$work/err")"
    else
        echo "FAIL a later ${said%%:*}: exit $status, $(cat "$work/err")"; failed=$((failed + 1))
    fi
done
echo "kept archives: $((count - failed)) of $count read back byte for byte"
[ "$failed" -eq 0 ]
