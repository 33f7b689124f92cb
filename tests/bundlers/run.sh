#!/usr/bin/env bash
# The three.js loader package, packed (scripts/build-three.sh --pack), in the test apps of apps/ built by Vite and
# webpack 5 and run in headless Chromium on the project's own sample (see run.mjs for what is checked).
# Usage: run.sh PATH/TO/inputanim
set -u
tool=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v chromium >/dev/null || { echo "bundlers: chromium not installed (scripts/install-deps.sh --test installs it)"; exit 1; }
[ -d "$here/node_modules" ] || { echo "bundlers: $here/node_modules missing (scripts/install-deps.sh --test installs it)"; exit 1; }
[ -d "$here/../interop/node_modules" ] || { echo "bundlers: tests/interop/node_modules missing (scripts/install-deps.sh --test)"; exit 1; }
package=$("$root/scripts/build-three.sh" --pack) || { echo "bundlers: the loader's package did not build"; exit 1; }
node "$here/run.mjs" "$tool" "$package" "$root/samples/gesture-1.1-compact.bin"
