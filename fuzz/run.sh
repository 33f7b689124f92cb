#!/usr/bin/env bash
# Replays the committed regression corpus of every input that ever failed through the libFuzzer targets of the
# sanitizer build (scripts/build.sh --sanitize: clang, ASan + UBSan, built there beside the sanitizer tests), then
# fuzzes each target for SECONDS (default 60) from seeds made by the project's own tools. New crashes are written to
# fuzz/artifacts/ and fail the run.
# --built: both builds are done (CI builds them beforehand, beside other work).
# Usage: fuzz/run.sh [--built] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
built=
[ "${1:-}" = "--built" ] && { built=1; shift; }
seconds=${1:-60}
targets=(binary_reader gltf_import gltf_structure roundtrip foreign_import json_split iwer_capture)
if [ -z "$built" ]; then
    scripts/build.sh --sanitize --target "${targets[@]/#/fuzz_}" >/dev/null
    scripts/build.sh >/dev/null  # the seed makers
fi
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
mkdir -p "$seeds/bin" "$seeds/glb" "$seeds/json" "$seeds/edge" "$seeds/iwer" fuzz/artifacts
build/tests/make_edge_cases "$seeds/edge"
for f in "$seeds"/edge/*.bin; do cp "$f" "$seeds/bin/"; done
build/inputanim generate "$seeds/bin/small-1.1.bin" --duration 0.5 --rate 20 2>/dev/null
build/inputanim generate "$seeds/bin/small-1.0.bin" --duration 0.5 --rate 20 --format-version 1.0 2>/dev/null
build/inputanim generate "$seeds/bin/small-full.bin" --duration 0.5 --rate 20 --layout full 2>/dev/null
for f in "$seeds"/bin/*.bin; do build/inputanim convert "$f" "$seeds/glb/$(basename "$f" .bin).glb" 2>/dev/null || true; done
build/inputanim convert "$seeds/bin/small-1.1.bin" "$seeds/glb/embedded.gltf" --embed 2>/dev/null
build/inputanim convert "$seeds/bin/small-1.1.bin" "$seeds/glb/compressed.glb" --compress meshopt --no-mesh 2>/dev/null
for f in "$seeds"/bin/small-*.bin "$seeds"/edge/markers-only.bin "$seeds"/edge/hermite.bin; do
    build/inputanim convert "$f" "$seeds/json/$(basename "$f" .bin).gltf" 2>/dev/null || true
done
rm -f "$seeds"/json/*.bin  # the JSON only
build/bench/make_foreign_gltf "$seeds/bin/small-1.1.bin" "$seeds/glb/foreign-rig.glb" >/dev/null
for f in "$seeds"/bin/small-*.bin "$seeds"/edge/markers-only.bin; do
    build/inputanim convert "$f" "$seeds/iwer/$(basename "$f" .bin).json" --rate 10 2>/dev/null || true
done
# The hostile inputs of the CLI test are regressions of the glTF targets too.
python3 tests/cli/hostile.py "$seeds/hostile" build/inputanim

export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
status=0
# Foreign rigs: Blender-style exports and the hostile files of round two that are rigs of other tools.
mkdir -p "$seeds/foreign"
cp "$seeds/glb/foreign-rig.glb" "$seeds/foreign/"
for f in camera-long shared-sampler keyed-chain huge-scale hand-at-one-point; do cp "$seeds/hostile/$f.glb" "$seeds/foreign/" 2>/dev/null || true; done
# One target: its regressions replayed, then fuzzed for SECONDS; what it says goes to $seeds/TARGET.verdict, and it
# exits non-zero on a failure.
fuzz_one() {
    local target=$1 exe=build-sanitize/fuzz/fuzz_$1 corpus=$seeds/corpus-$1 seed max_len status=0
    local -a regressions
    mapfile -t regressions < <(find "fuzz/regressions/$target" -type f ! -name .keep | sort)
    case $target in gltf_* | json_split | foreign_import) mapfile -t -O "${#regressions[@]}" regressions < <(find "$seeds/hostile" -name '*.gl*' | sort) ;; esac
    [ "$target" = iwer_capture ] && mapfile -t -O "${#regressions[@]}" regressions < <(find "$seeds/hostile" -name '*.json' | sort)
    if [ ${#regressions[@]} -gt 0 ]; then
        echo "fuzz_$target: replaying ${#regressions[@]} regression inputs"
        "$exe" "${regressions[@]}" >"$seeds/$target-regressions.log" 2>&1 ||
            { echo "FAIL: fuzz_$target regression"; tail -20 "$seeds/$target-regressions.log"; status=1; }
    fi
    mkdir -p "$corpus"
    # Exporting and importing whole recordings is slow per input: keep those inputs small so that
    # minutes mean many thousands of runs.
    case $target in
        gltf_import | gltf_structure) seed=$seeds/glb max_len=65536 ;;
        roundtrip) seed=$seeds/bin max_len=65536 ;;
        json_split) seed=$seeds/json max_len=65536 ;;
        foreign_import) seed=$seeds/foreign max_len=1048576 ;;
        iwer_capture) seed=$seeds/iwer max_len=262144 ;;
        *) seed=$seeds/bin max_len=1048576 ;;
    esac
    if "$exe" -max_total_time="$seconds" -max_len="$max_len" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=20 \
        -artifact_prefix=fuzz/artifacts/$target- -print_final_stats=1 "$corpus" "$seed" >"$seeds/$target.log" 2>&1; then
        echo "fuzz_$target: ok, $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$seeds/$target.log" | grep -o '[0-9]*$') executions in ${seconds} s"
    else
        echo "FAIL: fuzz_$target found a problem:"
        grep -E "ERROR|SUMMARY|abort|Test unit written" "$seeds/$target.log" | head -10
        status=1
    fi
    return $status
}

# As many targets at once as there are cores (each fuzzer is one process on one core, so each still gets its
# SECONDS of a core); their reports in the list's order.
running=()
for target in "${targets[@]}"; do
    fuzz_one "$target" >"$seeds/$target.verdict" 2>&1 &
    running+=($!)
    if [ ${#running[@]} -ge "$(nproc)" ]; then
        wait "${running[0]}" || status=1
        running=("${running[@]:1}")
    fi
done
for job in "${running[@]}"; do wait "$job" || status=1; done
for target in "${targets[@]}"; do cat "$seeds/$target.verdict"; done
exit $status
