#!/usr/bin/env bash
# Builds the three.js loader package (web/inputanim-three with the library in WebAssembly beside it) as a folder,
# and with --pack its npm tarball, offline.
# Usage: scripts/build-three.sh [--pack] [OUT_DIR]   (default build-three/: the folder inputanim-three/ and, with
#        --pack, inputanim-three-VERSION.tgz)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pack=false
if [ "${1:-}" = "--pack" ]; then pack=true; shift; fi
out=$(realpath -m "${1:-$root/build-three}")
cd "$root"
scripts/build-wasm.sh >/dev/null
package=$out/inputanim-three
rm -rf "$package"
mkdir -p "$package"
cp web/inputanim-three/{index.js,library.js,profile.js,recording.js,recorder.js,index.d.ts,worker.js,README.md} LICENSE THIRD_PARTY_NOTICES.md build-wasm/inputanim.js build-wasm/inputanim.wasm "$package/"
# The package's version is the library's.
version=$(scripts/version.sh)
sed "s/\"version\": \"[^\"]*\"/\"version\": \"$version\"/" web/inputanim-three/package.json >"$package/package.json"
if $pack; then
    (cd "$out" && npm pack --offline --silent "$package" >/dev/null)
    echo "$out/inputanim-three-$version.tgz"
else
    echo "$package"
fi
