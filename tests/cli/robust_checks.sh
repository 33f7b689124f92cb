# Peak memory whatever a file claims, interrupted conversions, first-use mistakes; sourced by cli_test.sh (its tool,
# samples, work, check and expect).
# Hostile inputs: peak memory stays small whatever the file claims (max RSS of the child, in KB).
peak_kb() { python3 -c "
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)" "$@"; }
python3 - "$work" <<'PY'
import json, struct, sys
work = sys.argv[1]
# A 1.0 file whose first curve claims 2^31 - 1 keys.
header = struct.pack('<QII', 0x6a8faf6e0f9e42c6, 1, 0)
open(f'{work}/claims-keys.bin', 'wb').write(header + struct.pack('<iii', 8, 8, 0x7fffffff) + b'\0' * 64)
def glb(doc, binary=b''):
    text = json.dumps(doc).encode(); text += b' ' * (-len(text) % 4)
    out = struct.pack('<I4s', len(text), b'JSON') + text
    if binary: out += struct.pack('<I4s', len(binary), b'BIN\0') + binary
    return struct.pack('<4sII', b'glTF', 2, 12 + len(out)) + out
open(f'{work}/claims-buffer.glb', 'wb').write(glb({'asset': {'version': '2.0'}, 'buffers': [{'byteLength': 4000000000}],
                                                   'nodes': [{'name': 'Hand_Left_Wrist'}]}, b'1234'))
open(f'{work}/claims-count.glb', 'wb').write(glb({'asset': {'version': '2.0'}, 'buffers': [{'byteLength': 8}],
    'bufferViews': [{'buffer': 0, 'byteLength': 8}],
    'accessors': [{'bufferView': 0, 'componentType': 5126, 'count': 2000000000, 'type': 'SCALAR'}],
    'nodes': [{'name': 'Hand_Left_Wrist'}],
    'animations': [{'samplers': [{'input': 0, 'output': 0}], 'channels': [{'sampler': 0, 'target': {'node': 0, 'path': 'translation'}}]}]}, b'12345678'))
PY
# The baseline is the tool reading a small valid file (under ASan it is larger); the claims may add at
# most 16 MB to it.
baseline=$(peak_kb "$tool" info "$samples/gesture-1.1-compact.bin")
for hostile in claims-keys.bin claims-buffer.glb claims-count.glb; do
    check "hostile $hostile is refused" 2 "$tool" info "$work/$hostile"
    kb=$(peak_kb "$tool" info "$work/$hostile")
    echo "peak memory on $hostile ($(stat -c %s "$work/$hostile") bytes): $kb KB (baseline $baseline KB)"
    expect "peak memory on $hostile within 16 MB of the baseline" test "$kb" -lt $((baseline + 16384))
done
# Standard input that no kind of input starts like is refused after its first bytes, not read whole.
check "standard input of zeros is refused at once" 2 sh -c "head -c 300M /dev/zero | '$tool' info -"
expect "naming why" grep -q "^inputanim: error: standard input: byte 0: its first bytes are none of an MRTK recording's" "$work/err"
kb=$(peak_kb sh -c "head -c 300M /dev/zero | '$tool' info -")
expect "peak memory on 300 MB of zeros within 16 MB of the baseline ($kb KB)" test "$kb" -lt $((baseline + 16384))
"$tool" convert "$samples/gesture-1.0.bin" "$work/embedded.gltf" --embed -q
check "whitespace first decides nothing yet: a glTF's JSON after it is read" 0 sh -c "{ printf '          '; cat '$work/embedded.gltf'; } | '$tool' info -"

# An interrupted conversion leaves the old output or the complete new one, never a partial file.
"$tool" generate "$work/big.bin" --duration 120 --no-reduce 2>/dev/null
echo "old content" >"$work/kept.glb"
"$tool" convert "$work/big.bin" "$work/kept.glb" --force 2>/dev/null &
pid=$!
await_temporary "$work" "$pid"
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
if [ "$(head -c 11 "$work/kept.glb" 2>/dev/null | tr -d "\000")" = "old content" ] && [ "$(stat -c %s "$work/kept.glb")" -eq 12 ]; then
    passed=$((passed + 1))
else  # the run finished before the kill: then the file must be a complete GLB
    expect "killed conversion left a complete file" python3 -c "
import struct; b=open('$work/kept.glb','rb').read(); assert b[:4]==b'glTF' and struct.unpack('<I', b[8:12])[0]==len(b)"
fi
rm -f "$work"/.kept.glb.tmp-*

# First use: mistakes are refused clearly, with nothing written and nothing lost.
mkdir -p "$work/first"
for ext in fbx txt obj; do
    check "convert to .$ext is refused" 2 "$tool" convert "$samples/gesture-1.0.bin" "$work/first/out.$ext"
    expect ".$ext: nothing written" test ! -e "$work/first/out.$ext"
done
expect "the refusal names the extensions" grep -q "unknown output extension '.obj'.*(.bin, .glb, .gltf or .json)" "$work/err"
check "plot to .png is refused" 2 "$tool" plot "$samples/gesture-1.0.bin" -o "$work/first/chart.png"
expect "plot .png: nothing written" test ! -e "$work/first/chart.png"
check "convert -o" 0 "$tool" convert "$samples/gesture-1.0.bin" -o "$work/first/take.gltf"
check "a glTF's buffer is never an output, even with --force" 4 "$tool" convert "$work/first/take.gltf" "$work/first/take.bin" --force
expect "the refusal says it is an input" grep -q "take.bin: is an input of this conversion" "$work/err"
check "the glTF still converts" 0 "$tool" convert "$work/first/take.gltf" "$work/first/again.bin"
expect "its buffer is intact" cmp -s "$work/first/again.bin" "$samples/gesture-1.0.bin"
# Required glTF extensions: one the tool cannot read without is refused by name (the data-error code), writing
# nothing; one of meshes only is read past with a note; info lists the extensions used.
python3 - "$work/first/take.gltf" <<'PY'
import json, sys
path = sys.argv[1]
d = json.load(open(path))
for name, required in (("unknown", "EXT_made_up"), ("draco", "KHR_draco_mesh_compression")):
    json.dump({**d, "extensionsUsed": [required, "KHR_materials_unlit"], "extensionsRequired": [required]},
              open(path.replace("take.gltf", f"take-{name}.gltf"), "w"))
PY
check "a required extension it cannot read is refused" 2 "$tool" convert "$work/first/take-unknown.gltf" "$work/first/unknown.bin"
expect "the refusal names it and its place" grep -q "/extensionsRequired/0: requires the glTF extension EXT_made_up" "$work/err"
expect "refused: nothing written" test ! -e "$work/first/unknown.bin"
check "validate refuses it too" 2 "$tool" validate "$work/first/take-unknown.gltf"
check "a required extension of meshes only is read past" 0 "$tool" info "$work/first/take-draco.gltf"
expect "info lists the extensions and notes the one read past" grep -q "^extensions KHR_draco_mesh_compression, KHR_materials_unlit" "$work/out"
expect "info notes the one read past" grep -q "^note       requires KHR_draco_mesh_compression, which changes only mesh geometry" "$work/out"
# Names typed on the command line are echoed escaped and shortened, as names from files are.
odd="$work/line"$'\n'"break"$'\e'"[31m.bin"
check "an output name with a line break and an escape" 0 "$tool" convert "$samples/gesture-1.0.bin" "$odd"
expect "is echoed escaped, on one line" grep -q 'wrote .*line\\nbreak\\x1b\[31m.bin: 1.0' "$work/err"
deep="$work/$(printf 'd%.0s' $(seq 60))/$(printf 'e%.0s' $(seq 60))/$(printf 'f%.0s' $(seq 60))/$(printf 'g%.0s' $(seq 60))"
mkdir -p "$deep"
check "an output name of over 240 bytes" 0 "$tool" convert "$samples/gesture-1.0.bin" "$deep/take.bin"
expect "is shortened, saying how long it is" grep -q "^wrote .*\.\.\. ([0-9]* bytes): 1.0" "$work/err"
