#!/usr/bin/env bash
# Faults a run can meet: signals that end it, outputs that cannot take what is printed, outputs named like the
# files a run reads, batches with odd entries, and a .gltf whose buffer is swapped for a symbolic link while it is
# read. Nothing may be left behind, clobbered or read from outside the file's folder.
# Usage: faults_test.sh PATH/TO/inputanim
set -u
tool=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/checks.sh"
temporaries() { find "$1" -name '.*.tmp-*' | wc -l; }

# Every catchable signal that ends a process, and SIGKILL: the old output stays, or the complete new one, and no
# temporary is left (outputs are unnamed until complete).
"$tool" generate "$work/big.bin" --duration 120 --no-reduce -q
for signal in KILL TERM INT HUP QUIT USR1 USR2 ALRM VTALRM PROF ABRT XCPU PIPE; do
    mkdir -p "$work/sig-$signal"
    echo "old content" >"$work/sig-$signal/kept.glb"
    "$tool" convert "$work/big.bin" "$work/sig-$signal/kept.glb" --force -q &
    pid=$!
    await_temporary "$work/sig-$signal" "$pid"  # the signal comes while the output is written
    kill -s "$signal" "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    expect "SIG$signal leaves no temporary" test "$(temporaries "$work/sig-$signal")" -eq 0
    expect "SIG$signal leaves the old file or a complete one" python3 -c "
import struct, sys; b = open(sys.argv[1], 'rb').read()
assert b == b'old content\n' or (b[:4] == b'glTF' and struct.unpack('<I', b[8:12])[0] == len(b))" "$work/sig-$signal/kept.glb"
done
# A CPU time limit (SIGXCPU, then SIGKILL) and a closed standard error (SIGPIPE at the first note).
check "a CPU time limit (SIGXCPU) ends the run" 152 sh -c "ulimit -S -t 1; exec '$tool' convert '$work/big.bin' '$work/cpu.glb' --rig hierarchy --force"
expect "leaving nothing" sh -c "test ! -e '$work/cpu.glb' && test \$(find '$work' -maxdepth 1 -name '.*.tmp-*' | wc -l) -eq 0"
"$tool" convert "$work/big.bin" "$work/pipe.glb" --force 2>&1 >/dev/null | head -c 0
expect "standard error into a closed pipe (SIGPIPE) leaves no temporary" test "$(temporaries "$work")" -eq 0

# Standard output that cannot take what is printed: an error and exit 4, not a success.
for verb in info check validate sample diff; do
    args=("$work/big.bin")
    [ "$verb" = diff ] && args+=("$work/big.bin")
    check "$verb into a full disk" 4 sh -c "exec '$tool' $verb ${args[*]} >/dev/full"
    expect "$verb says so" grep -q "standard output: write failed" "$work/err"
done
check "sample beyond a file size limit" 4 sh -c "ulimit -f 8; exec '$tool' sample '$work/big.bin' >'$work/limited.csv'"
check "generate - writes to standard output" 0 sh -c "'$tool' generate - >'$work/stdout.bin'"
expect "a recording, and no file named -" sh -c "'$tool' info '$work/stdout.bin' >/dev/null && test ! -e ./-"

# Files a run reads are never its output, even with --force.
printf '[{"time": 1, "name": "a"}]' >"$work/markers.bin"
check "--markers named as the output" 4 "$tool" convert "$work/stdout.bin" "$work/markers.bin" --markers "$work/markers.bin" --force
expect "is kept" grep -q '"name": "a"' "$work/markers.bin"
"$tool" convert "$work/stdout.bin" "$work/edit.glb" --rig hierarchy -q
cp "$work/stdout.bin" "$work/base.bin"
check "--base named as the output" 4 "$tool" convert "$work/edit.glb" "$work/base.bin" --base "$work/base.bin" --force
expect "is kept" cmp -s "$work/stdout.bin" "$work/base.bin"
printf '{"joints": {}}' >"$work/map.bin"
check "--map named as the output" 4 "$tool" convert "$work/edit.glb" "$work/map.bin" --map "$work/map.bin" --force
expect "is kept" grep -q joints "$work/map.bin"
mkdir -p "$work/batch"
cp "$work/stdout.bin" "$work/batch/take.bin"
"$tool" convert "$work/batch/take.bin" "$work/batch/take.glb" -q
check "a batch whose outputs are its inputs" 2 "$tool" convert "$work/batch" --out-dir "$work/batch" --force
expect "is refused whole" sh -c "grep -q 'which is the input' '$work/err' && cmp -s '$work/stdout.bin' '$work/batch/take.bin'"

# Batches: what is skipped is said even under -q; a FIFO is called what it is.
mkdir -p "$work/skips"
cp "$work/stdout.bin" "$work/skips/a.bin"
ln -s a.bin "$work/skips/link.bin"
check "a batch under -q" 0 "$tool" convert "$work/skips" --out-dir "$work/skips-out" -q
expect "says it skipped the symbolic link" grep -q "skipped 1 file(s): symbolic links" "$work/err"
mkfifo "$work/pipe.bin"
check "a FIFO in a batch" 2 "$tool" convert "$work/pipe.bin" --out-dir "$work/fifo-out"
expect "is no 'no such file'" grep -q "pipe.bin: is neither a regular file nor a folder" "$work/err"

# A .gltf's buffer swapped for a symbolic link to a file outside its folder while runs read it: no run may read
# the outside file, whose floats are NaN (a run that read it would fail on them, or convert them).
mkdir -p "$work/race"
"$tool" convert "$work/stdout.bin" "$work/race/take.gltf" --no-mesh -q
cp "$work/race/take.bin" "$work/race/good.bin"
python3 -c "import sys; n = len(open(sys.argv[1], 'rb').read()); open(sys.argv[2], 'wb').write(b'\xff\xff\xff\x7f' * (n // 4))" \
    "$work/race/take.bin" "$work/secret.bin"
python3 - "$tool" "$work/race" "$work/secret.bin" >"$work/race.log" 2>&1 <<'PY'
import os, subprocess, sys, threading
tool, folder, secret = sys.argv[1:4]
buffer, good = os.path.join(folder, 'take.bin'), os.path.join(folder, 'good.bin')
stop = False
def swap():  # the buffer is the good file, then a link outside, then the good file again...
    while not stop:
        os.symlink(secret, buffer + '.new')
        os.replace(buffer + '.new', buffer)
        os.link(good, buffer + '.new')
        os.replace(buffer + '.new', buffer)
swapper = threading.Thread(target=swap)
swapper.start()
outcomes = {}
for i in range(300):
    r = subprocess.run([tool, 'convert', os.path.join(folder, 'take.gltf'), os.path.join(folder, 'out.bin'), '--force', '-q'],
                       capture_output=True, text=True)
    key = 'ok' if r.returncode == 0 else 'outside' if 'outside the glTF' in r.stderr else 'NaN' if 'NaN' in r.stderr else r.stderr.strip()[:80]
    outcomes[key] = outcomes.get(key, 0) + 1
stop = True
swapper.join()
print(outcomes)
sys.exit(1 if outcomes.get('NaN') or set(outcomes) - {'ok', 'outside'} else 0)
PY
race=$?
cat "$work/race.log"
expect "no run reads outside the folder while the buffer is swapped" test "$race" -eq 0

echo "faults: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
