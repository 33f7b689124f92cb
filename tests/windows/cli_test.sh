#!/usr/bin/env bash
# The Windows build under Wine against the Linux build: every verb on the samples, the real recording and a
# foreign rig, in a folder and with file names holding spaces and non-ASCII characters, must print the same
# bytes, write byte-identical files and exit with the same code. Also "-" as input and output, an existing output
# kept without --force, and a read-only folder.
# Usage: tests/windows/cli_test.sh LINUX_INPUTANIM WINDOWS_INPUTANIM.exe [SHARED]
set -uo pipefail
linux=$(realpath "$1")
windows=$(realpath "$2")
shared=${3:+$(realpath -m "$3")}
here=$(cd "$(dirname "$0")" && pwd)
samples=$here/../../samples
wine=$here/wine.sh
work=$(mktemp -d)
trap 'umount "$work/win/readonly" "$work/lin/readonly" 2>/dev/null; rm -rf "$work"' EXIT
failures=0 checks=0 failed=0  # failed checks; failures: what went wrong in them
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check_done() {  # check_done FAILURES_BEFORE: counts the check, failed when it added failures
    checks=$((checks + 1))
    [ "$failures" -eq "$1" ] || failed=$((failed + 1))
}

folder="Aufnahme ü 日本"
for side in lin win; do
    mkdir -p "$work/$side/$folder"
    cp "$samples/gesture-1.0.bin" "$work/$side/$folder/take ü 1.0.bin"
    cp "$samples/gesture-1.1-compact.bin" "$work/$side/$folder/Aufnahme ü 日本.bin"
    if [ -n "$shared" ] && [ -f "$shared/samples/real/handrecorder-2021-v1.0.bin" ]; then
        cp "$shared/samples/real/handrecorder-2021-v1.0.bin" "$work/$side/$folder/real 2021.bin"
        cp "$shared/samples/foreign/webxr-generic-hand-left.glb" "$work/$side/$folder/webxr hand.glb"
    fi
done
# The same command in each folder, by each build; standard output, standard error's first word, the exit code and
# every file written must match. Messages may differ in the system's words for an error (strerror vs Windows').
# Standard input is $STDIN (default: none).
run_both() {
    local name=$1 input=${STDIN:-/dev/null}
    shift
    (cd "$work/lin" && "$linux" "$@" <"$input" >"$work/$name.lin.out" 2>"$work/$name.lin.err"; echo $? >"$work/$name.lin.rc")
    local try
    for try in 1 2; do
        (cd "$work/win" && "$wine" "$windows" "$@" <"$input" >"$work/$name.win.out" 2>"$work/$name.win.err"; echo $? >"$work/$name.win.rc")
        # The tool never fails without a message; a silent failure is Wine's. Tried again once, and said.
        [ "$(cat "$work/$name.win.rc")" != 0 ] && [ ! -s "$work/$name.win.out" ] && [ ! -s "$work/$name.win.err" ] && [ $try = 1 ] || break
        echo "note: $name: the Windows run exited $(cat "$work/$name.win.rc") silently; tried again"
    done
    local before=$failures
    cmp -s "$work/$name.lin.rc" "$work/$name.win.rc" || fail "$name: exit $(cat "$work/$name.lin.rc") on Linux, $(cat "$work/$name.win.rc") on Windows: $(head -c 300 "$work/$name.win.err")"
    cmp -s "$work/$name.lin.out" "$work/$name.win.out" || fail "$name: standard output differs ($(cmp "$work/$name.lin.out" "$work/$name.win.out" | head -1))"
    check_done "$before"
}
same_files() {
    local differ before=$failures
    differ=$(diff -rq "$work/lin/$folder" "$work/win/$folder" 2>&1) || fail "files differ after $1: $differ"
    check_done "$before"
}

inputs=("take ü 1.0.bin" "Aufnahme ü 日本.bin")
[ -f "$work/lin/$folder/real 2021.bin" ] && inputs+=("real 2021.bin" "webxr hand.glb")
i=0
for input in "${inputs[@]}"; do
    i=$((i + 1))
    f="$folder/$input"
    out="$folder/out $i"
    run_both "info$i" info "$f"
    run_both "info-json$i" info --json "$f"
    run_both "check$i" check "$f"
    run_both "validate$i" validate "$f"
    run_both "glb$i" convert "$f" "$out.glb"
    run_both "gltf$i" convert "$f" "$out ü.gltf"
    run_both "bin$i" convert "$out.glb" "$out back.bin"
    run_both "from-gltf$i" convert "$out ü.gltf" "$out from gltf.bin"  # its buffer found beside it, in the folder
    run_both "v11-$i" convert --format-version 1.1 "$f" "$out 1.1.bin"
    run_both "sample$i" sample --rate 30 "$f"
    run_both "sample-json$i" sample --format json --rate 10 --coordinates gltf "$f"
    run_both "diff$i" diff "$f" "$out back.bin"
    run_both "plot$i" plot "$f" -o "$out.svg"
    run_both "trim$i" trim --start 0.5 --end 2 "$f" "$out trim.bin"
    run_both "shift$i" shift --by 0.25 "$f" "$out shift.bin"
    run_both "retime$i" retime --speed 1.5 "$f" "$out retime.bin"
    run_both "markers$i" markers --add "1=Anfang ü" "$f" "$out markers.bin"
    run_both "markers-list$i" markers "$out markers.bin"
    run_both "mirror$i" mirror "$f" "$out mirror.bin"
    run_both "kept$i" convert "$f" "$out.glb"  # exists: kept without --force
    run_both "forced$i" convert --force --linear-only "$f" "$out.glb"
    same_files "input $i"
done
run_both merge merge "$folder/merge.bin" --camera "$folder/${inputs[0]}" --left "$folder/${inputs[1]}" --right "$folder/${inputs[0]}"
run_both generate generate --duration 2 --seed 7 "$folder/generated ü.bin"
run_both batch convert --out-dir "$folder/batch ü" "$folder/${inputs[0]}" "$folder/${inputs[1]}"
same_files "merge, generate and batch"

# "-": standard output, then standard input, must carry the bytes unchanged (no CR LF).
run_both stdout convert "$folder/${inputs[1]}" --to glb -
STDIN=$samples/gesture-1.1-compact.bin run_both stdin-info info --json -
STDIN=$samples/gesture-1.0.bin run_both stdin-convert convert - "$folder/from stdin.glb"
STDIN=$samples/gesture-1.0.bin run_both stdin-to-stdout convert - --to bin -
# A path beginning with / is a path, not a Windows-style option (Wine reads it on the current drive, Z: = /).
run_both slash-path info "$work/lin/$folder/${inputs[0]}"
before=$failures
for side in lin win; do
    cmp -s "$samples/gesture-1.0.bin" "$work/stdin-to-stdout.$side.out" || fail "convert - --to bin - ($side) changed the bytes of a 1.0 recording"
done
check_done "$before"
same_files "standard input and output"

# A read-only folder: the output is refused (exit 4) and nothing is left there.
if mount -t tmpfs -o size=4m tmpfs "$work/win/readonly" 2>/dev/null || { mkdir -p "$work/win/readonly" && mount -t tmpfs -o size=4m tmpfs "$work/win/readonly" 2>/dev/null; }; then
    cp "$samples/gesture-1.0.bin" "$work/win/readonly/in.bin"
    mount -o remount,ro "$work/win/readonly"
    (cd "$work/win" && "$wine" "$windows" convert readonly/in.bin readonly/out.glb >/dev/null 2>"$work/readonly.err"; echo $? >"$work/readonly.rc")
    before=$failures
    [ "$(cat "$work/readonly.rc")" = 4 ] || fail "read-only folder: exit $(cat "$work/readonly.rc"), expected 4: $(cat "$work/readonly.err")"
    [ "$(ls -A "$work/win/readonly")" = in.bin ] || fail "read-only folder holds $(ls -A "$work/win/readonly")"
    grep -q "out.glb" "$work/readonly.err" || fail "read-only folder: the message names no file: $(cat "$work/readonly.err")"
    check_done "$before"
else
    echo "note: no tmpfs could be mounted here: the read-only folder is not tried"
fi

# Ctrl-C while an output is being written (Wine turns SIGINT into a console control event): the console handler
# removes the temporary, and neither it nor the output is left. The writer is stopped while the temporary exists,
# so that the event comes before the output could be put in place.
mkdir -p "$work/interrupt"
(cd "$work/interrupt" && exec "$wine" "$windows" generate --duration 150 --rate 120 --no-reduce big.bin 2>/dev/null) &
writer=$!
while kill -0 "$writer" 2>/dev/null && ! compgen -G "$work/interrupt/.big.bin.tmp-*" >/dev/null; do sleep 0.01; done
kill -STOP "$writer" 2>/dev/null
if compgen -G "$work/interrupt/.big.bin.tmp-*" >/dev/null && [ ! -e "$work/interrupt/big.bin" ]; then
    kill -INT "$writer"
    kill -CONT "$writer"
    wait "$writer"
    before=$failures
    left=$(ls -A "$work/interrupt")
    [ -z "$left" ] || fail "Ctrl-C while writing left $left behind"
    check_done "$before"
else
    kill -CONT "$writer" 2>/dev/null
    wait "$writer"
    echo "note: the writer finished before it could be interrupted: Ctrl-C is not tried"
fi

echo "windows cli: $checks checks"
echo "$((checks - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
