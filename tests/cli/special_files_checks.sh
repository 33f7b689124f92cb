# Special files and faults (FIFOs, devices, links, long names, permissions); sourced by cli_test.sh (its tool,
# samples, work, check and expect).
# Special files and faults: nothing clobbered, nothing left behind, every error names its path.
faults=$work/faults
mkdir -p "$faults"
mkfifo "$faults/pipe.glb"
check "a FIFO input is refused without waiting" 2 timeout 10 "$tool" info "$faults/pipe.glb"
expect "it says what it is" grep -q "pipe.glb: is a FIFO; expected a regular file" "$work/err"
check "a FIFO output is not replaced" 4 "$tool" convert "$samples/gesture-1.0.bin" "$faults/pipe.glb" --force
expect "the FIFO is still there" test -p "$faults/pipe.glb"
expect "and the refusal says why" grep -q "pipe.glb: exists and is a FIFO; only regular files are replaced" "$work/err"
check "/dev/null is no output name" 2 "$tool" convert "$samples/gesture-1.0.bin" /dev/null --force
expect "/dev/null is still a device" test -c /dev/null
if [ "$(id -u)" -eq 0 ]; then
    mknod "$faults/null.bin" c 1 3
    check "a device output is not replaced" 4 "$tool" convert "$samples/gesture-1.0.bin" "$faults/null.bin" --force
    expect "the device is still a device" test -c "$faults/null.bin"
fi
check "/dev/zero as input" 2 "$tool" info /dev/zero
expect "it is a device, not a success" grep -q "/dev/zero: is a device; expected a regular file" "$work/err"
ln -s "$faults/target.glb" "$faults/link.glb"
check "a symbolic link output is not replaced" 4 "$tool" convert "$samples/gesture-1.0.bin" "$faults/link.glb" --force
expect "the link is still a link to nothing" test -L "$faults/link.glb" -a ! -e "$faults/target.glb"
ln -s "$faults/loop-b" "$faults/loop-a"; ln -s "$faults/loop-a" "$faults/loop-b"
check "a symbolic link loop as input" 2 "$tool" info "$faults/loop-a"
expect "names the loop" grep -q "loop-a: cannot open for reading: Too many levels of symbolic links" "$work/err"
check "an output name too long" 4 "$tool" convert "$samples/gesture-1.0.bin" "$faults/$(printf 'x%.0s' $(seq 300)).glb"
expect "names the problem" grep -q "File name too long" "$work/err"
"$tool" convert "$samples/gesture-1.0.bin" "$faults/private.glb" -q
chmod 600 "$faults/private.glb"
check "--force replaces a file" 0 "$tool" convert "$samples/gesture-1.1-compact.bin" "$faults/private.glb" --force -q
expect "keeping its mode" test "$(stat -c %a "$faults/private.glb")" = 600
(umask 077 && "$tool" convert "$samples/gesture-1.0.bin" "$faults/new.glb" -q)
expect "a new file honours the umask" test "$(stat -c %a "$faults/new.glb")" = 600
writers=""  # each one's process id as it starts: `jobs -p` omits those already finished and reported
for i in 1 2 3 4 5 6 7 8; do "$tool" convert "$samples/gesture-1.0.bin" "$faults/race.glb" -q 2>/dev/null & writers="$writers $!"; done
wins=0
for writer in $writers; do wait "$writer" && wins=$((wins + 1)); done
expect "of 8 writers of one new file without --force, exactly 1 writes it ($wins did)" test "$wins" -eq 1
for round in 1 2 3 4 5; do
    for seed in 1 2 3 4; do "$tool" generate "$faults/pair-$seed.bin" --seed "$seed" --duration 1 --force -q; done
    for seed in 1 2 3 4; do "$tool" convert "$faults/pair-$seed.bin" "$faults/pair.gltf" --force -q & done
    wait
    "$tool" convert "$faults/pair.gltf" "$faults/pair-back.bin" --force -q 2>/dev/null
    matched=0
    for seed in 1 2 3 4; do cmp -s "$faults/pair-back.bin" "$faults/pair-$seed.bin" && matched=1; done
    expect "parallel --force leaves a .gltf with its own buffer (round $round)" test "$matched" -eq 1
done
"$tool" generate "$faults/big.bin" --duration 120 --no-reduce -q
for signal in INT TERM; do
    "$tool" convert "$faults/big.bin" "$faults/interrupted.glb" --force -q &
    pid=$!
    await_temporary "$faults" "$pid"
    kill -"$signal" "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    expect "SIG$signal leaves no temporary" test -z "$(find "$faults" -name '.*.tmp-*')"
done
check "a file size limit is a write error" 4 sh -c "ulimit -f 100 && exec '$tool' convert '$faults/big.bin' '$faults/limited.glb' --force"
expect "that names the file" grep -q "limited.glb: write failed: File too large" "$work/err"
expect "and leaves no temporary" test -z "$(find "$faults" -name '.*.tmp-*')"
if [ -z "${INPUTANIM_SANITIZED:-}" ]; then  # AddressSanitizer reserves terabytes of address space: no ulimit -v there
    check "low memory is an error naming the input" 2 sh -c "ulimit -v 40000 && exec '$tool' convert '$faults/big.bin' '$faults/small-memory.glb' --force"
    # The whole path: the message is made while the path is alive (it once came from freed memory, with garbage).
    expect "that names it" grep -qxF "inputanim: error: $faults/big.bin: out of memory (the input is larger than this machine can convert, or a memory limit is set)" "$work/err"
fi
if command -v su >/dev/null && [ "$(id -u)" -eq 0 ]; then  # root reads any folder: an unreadable one needs another user
    shared_dir=$(mktemp -d) && chmod 777 "$shared_dir"
    mkdir -p "$shared_dir/in/ok" "$shared_dir/in/locked"
    cp "$samples/gesture-1.0.bin" "$shared_dir/in/ok/"; cp "$samples/gesture-1.0.bin" "$shared_dir/in/locked/"
    chmod 777 "$shared_dir/in" "$shared_dir/in/ok"; chmod 000 "$shared_dir/in/locked"
    check "an unreadable folder in a batch" 2 su nobody -s /bin/sh -c "'$tool' convert '$shared_dir/in' --out-dir '$shared_dir/out'"
    expect "is named, and the others convert" sh -c "grep -q 'locked: cannot list the folder: Permission denied' '$work/err' && test -s '$shared_dir/out/ok/gesture-1.0.glb'"
    chmod 755 "$shared_dir/in/locked"; rm -rf "$shared_dir"
fi
abs=$faults/outside-buffer
mkdir -p "$abs"
"$tool" convert "$samples/gesture-1.0.bin" "$abs/take.gltf" -q
python3 -c "
import json; d = json.load(open('$abs/take.gltf')); d['buffers'][0]['uri'] = '$abs/take.bin'; json.dump(d, open('$faults/absolute.gltf', 'w'))"
check "an absolute buffer path is refused" 2 "$tool" info "$faults/absolute.gltf"
check "--allow-external-paths allows it, from any folder" 0 sh -c "cd / && exec '$tool' convert '$faults/absolute.gltf' '$faults/absolute.bin' --allow-external-paths"
expect "and reads it" cmp -s "$faults/absolute.bin" "$samples/gesture-1.0.bin"
