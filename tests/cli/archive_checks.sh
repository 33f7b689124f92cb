# Archives (docs/archival.md), sourced by cli_test.sh (its tool, samples, work, check and expect): a glTF written
# from a recording records its source, which sha256sum confirms; verify says byte-identical, and finds one flipped
# bit in the archive's buffer and one in the original (exit 5). A compressed archive (--compress meshopt) the same,
# smaller; a bit flipped in its compressed stream is found.
mkdir -p "$work/archive"
cp "$samples/gesture-1.0.bin" "$work/archive/take.bin"
check "convert records the source" 0 "$tool" convert "$work/archive/take.bin" "$work/archive/take.glb"
check "info shows the record" 0 "$tool" info "$work/archive/take.glb"
expect "the record's hash is sha256sum's" grep -q "^source     take.bin: MRTK input animation 1.0, $(stat -c %s "$work/archive/take.bin") bytes, SHA-256 $(sha256sum "$work/archive/take.bin" | cut -c1-64)" "$work/out"
check "the same bytes from run to run" 0 "$tool" convert "$work/archive/take.bin" "$work/archive/again.glb"
expect "no date in the record unless asked" cmp -s "$work/archive/take.glb" "$work/archive/again.glb"
check "verify: byte-identical" 0 "$tool" verify "$work/archive/take.glb" "$work/archive/take.bin"
expect "verify says so" grep -q "take.glb: byte-identical" "$work/out"
# A copy of IN with one bit flipped at OFFSET (a negative one counts from the GLB's BIN chunk's data).
flip() {
    python3 - "$@" <<'PY'
import struct, sys
source, target, offset = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = bytearray(open(source, "rb").read())
if offset < 0:
    offset = 20 + struct.unpack("<I", data[12:16])[0] + 8 - offset - 1
data[offset] ^= 1
open(target, "wb").write(data)
PY
}
flip "$work/archive/take.glb" "$work/archive/flipped.glb" -5  # a bit of the buffer's second word
flip "$work/archive/take.bin" "$work/archive/flipped.bin" "$(($(stat -c %s "$work/archive/take.bin") / 2))"
check "verify finds a flipped bit in the archive" 5 "$tool" verify "$work/archive/flipped.glb"
expect "and says the buffer changed" grep -q "^buffer     changed" "$work/out"
check "verify finds a flipped bit in the original" 5 "$tool" verify "$work/archive/take.glb" "$work/archive/flipped.bin"
expect "and names the original as differing" grep -q "flipped.bin: .*: differs" "$work/out"
check "a glTF from a glTF records no source" 0 "$tool" convert "$work/archive/take.glb" "$work/archive/plain.glb" --to glb
check "so verify needs the original" 1 "$tool" verify "$work/archive/plain.glb"
expect "and says so" grep -q "records no source.*give the original" "$work/err"
check "with it, verify compares" 0 "$tool" verify "$work/archive/plain.glb" "$work/archive/take.bin"
check "a compressed archive" 0 "$tool" convert "$work/archive/take.bin" "$work/archive/packed.glb" --compress meshopt
expect "says so, with the size before" grep -q "(EXT_meshopt_compression; .* MB without)" "$work/err"
expect "is smaller than the plain one" test "$(stat -c %s "$work/archive/packed.glb")" -lt "$(stat -c %s "$work/archive/take.glb")"
check "verify: byte-identical from it too" 0 "$tool" verify "$work/archive/packed.glb" "$work/archive/take.bin"
check "it converts back" 0 "$tool" convert "$work/archive/packed.glb" "$work/archive/unpacked.bin"
check "info on it" 0 "$tool" info "$work/archive/packed.glb"
expect "names the clients that read it, and what the others read" grep -q "requires EXT_meshopt_compression: three.js (with MeshoptDecoder), .*Assimp 5.2 read the plain file" "$work/out"
expect "byte for byte" cmp -s "$work/archive/unpacked.bin" "$work/archive/take.bin"
# The last byte of the first view's stream: its tail, the baseline each byte's deltas start from, so it still decodes.
tail=$(python3 -c "
import json, struct; d = open('$work/archive/packed.glb', 'rb').read(); n = struct.unpack('<I', d[12:16])[0]
e = json.loads(d[20:20 + n])['bufferViews'][0]['extensions']['EXT_meshopt_compression']
print(-(e.get('byteOffset', 0) + e['byteLength']))")
flip "$work/archive/packed.glb" "$work/archive/packed-flipped.glb" "$tail"
check "verify finds a flipped bit in a compressed archive" 5 "$tool" verify "$work/archive/packed-flipped.glb"
flip "$work/archive/packed.glb" "$work/archive/packed-broken.glb" -5  # a bit of its first header: it does not decode
check "and names the view of a stream a flipped bit breaks" 2 "$tool" verify "$work/archive/packed-broken.glb"
expect "by its extension" grep -q "/bufferViews/0/extensions/EXT_meshopt_compression: its ATTRIBUTES stream does not decode" "$work/err"
# A damaged archive is never read quietly: convert, info and validate refuse it naming what differs (exit 2), unless
# asked to go on (a warning); nothing is written.
check "convert refuses a damaged archive" 2 "$tool" convert "$work/archive/packed-flipped.glb" "$work/archive/flipped-out.bin"
expect "saying its buffer is not the one recorded" grep -q "packed-flipped.glb: the archive is damaged: its buffer's SHA-256 is [0-9a-f]\{64\}, its record says [0-9a-f]\{64\} (--accept-damaged reads it as it is)" "$work/err"
check "so does info" 2 "$tool" info "$work/archive/packed-flipped.glb"
check "validate finds it" 5 "$tool" validate "$work/archive/packed-flipped.glb"
expect "as an error" grep -q "archive-damaged" "$work/out"
expect "and writes nothing" test ! -e "$work/archive/flipped-out.bin"
check "--accept-damaged reads it as it is" 0 "$tool" convert "$work/archive/packed-flipped.glb" "$work/archive/flipped-out.bin" --accept-damaged
expect "with a warning" grep -q "warning: .*the archive is damaged.*read as it is" "$work/err"
# The packet the asset names is the one read (KHR_xmp_json_ld): a second, forged packet named by the asset is what
# verify compares with; an index naming no packet is refused.
repoint() {  # repoint IN OUT INDEX_JSON: the asset's packet index replaced, a forged copy of packet 0 added
    python3 - "$@" <<'PY'
import json, struct, sys
d = bytearray(open(sys.argv[1], "rb").read()); n = struct.unpack("<I", d[12:16])[0]
j = json.loads(d[20:20 + n]); packets = j["extensions"]["KHR_xmp_json_ld"]["packets"]
packets.append(dict(packets[0], **{"inputanim:sourceSha256": "0" * 64}))
j["asset"]["extensions"]["KHR_xmp_json_ld"]["packet"] = json.loads(sys.argv[3])
t = json.dumps(j).encode(); t += b" " * (-len(t) % 4)
rest = d[20 + n:]; out = d[:12] + struct.pack("<I", len(t)) + d[16:20] + t + rest
out[8:12] = struct.pack("<I", len(out)); open(sys.argv[2], "wb").write(out)
PY
}
repoint "$work/archive/take.glb" "$work/archive/forged.glb" 1
check "verify reads the packet the asset names" 5 "$tool" verify "$work/archive/forged.glb" "$work/archive/take.bin"
expect "whose forged hash differs" grep -q "^recorded   differs" "$work/out"
repoint "$work/archive/take.glb" "$work/archive/first.glb" 0
check "and the first when it names the first" 0 "$tool" verify "$work/archive/first.glb" "$work/archive/take.bin"
for index in 7 -1 '"0"'; do
    repoint "$work/archive/take.glb" "$work/archive/bad-index.glb" "$index"
    check "an asset packet index $index names none: refused" 2 "$tool" verify "$work/archive/bad-index.glb"
    expect "naming the place" grep -q "/asset/extensions/KHR_xmp_json_ld/packet: the asset's metadata packet .* names none of the file's 2 KHR_xmp_json_ld packets" "$work/err"
done
# verify reads - (standard input) for either file.
check "verify - reads the archive from standard input" 0 sh -c "'$tool' verify - '$work/archive/take.bin' <'$work/archive/take.glb'"
expect "naming it so" grep -q "^standard input: byte-identical" "$work/out"
check "and the original" 0 sh -c "'$tool' verify '$work/archive/take.glb' - <'$work/archive/take.bin'"
check "not both" 1 sh -c "'$tool' verify - - <'$work/archive/take.bin'"
# A GLB whose header says version 1 (glTF 1.0's binary layout) is refused, not read as version 2.
python3 -c "
import struct, sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[4:8] = struct.pack('<I', 1); open(sys.argv[2], 'wb').write(d)
" "$work/archive/take.glb" "$work/archive/glb1.glb"
check "a GLB of version 1 is refused" 2 "$tool" info "$work/archive/glb1.glb"
expect "saying which version is read" grep -q "glb1.glb: byte 4: GLB version 1: only version 2 (glTF 2.0) is read" "$work/err"
