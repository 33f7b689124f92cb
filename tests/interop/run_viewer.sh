#!/usr/bin/env bash
# The web viewer (samples/viewer) in headless Chromium, on the generated sample and, when ../shared is
# beside the project, on the real recording (see viewer.mjs for what is checked).
# Usage: run_viewer.sh PATH/TO/inputanim [PATH/TO/shared]
set -u
tool=$1
shared=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v chromium >/dev/null || { echo "viewer: chromium not installed (scripts/install-deps.sh --test installs it)"; exit 1; }
for dir in "$here" "$root/samples/viewer"; do
    [ -d "$dir/node_modules" ] || { echo "viewer: $dir/node_modules missing (scripts/install-deps.sh --test installs it)"; exit 1; }
done
recordings=("$root/samples/gesture-1.1-compact.bin")
[ -n "$shared" ] && [ -f "$shared/samples/real/handrecorder-2021-v1.0.bin" ] && recordings+=("$shared/samples/real/handrecorder-2021-v1.0.bin")
status=0
for recording in "${recordings[@]}"; do
    echo "== $(basename "$recording")"
    node "$here/viewer.mjs" "$tool" "$root/samples/viewer" "$recording" || status=1
done
exit $status
