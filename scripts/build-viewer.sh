#!/usr/bin/env bash
# Builds the web viewer as a static folder that any web server can host: the page (web/viewer), the three.js
# loader package with the library in WebAssembly (scripts/build-three.sh) and the parts of three.js they use (pinned
# in web/viewer/package-lock.json).
# Usage: scripts/build-viewer.sh [OUT_DIR]   (default build-viewer/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/build-viewer}")
cd "$root"
scripts/install-deps.sh --wasm  # emscripten and the viewer's three.js; quick when they are there
package=$(scripts/build-three.sh)
viewer=web/viewer
three=$viewer/node_modules/three
mkdir -p "$out/three/build" "$out/three/examples/jsm/loaders" "$out/three/examples/jsm/controls" "$out/three/examples/jsm/utils"
rm -rf "$out/inputanim-three"
cp "$viewer"/index.html "$viewer"/*.js "$viewer"/viewer.css "$out/"
cp -r "$package" "$out/inputanim-three"
cp "$three/LICENSE" "$out/three/"
cp "$three/build/three.module.js" "$three/build/three.core.js" "$out/three/build/"
cp "$three/examples/jsm/loaders/GLTFLoader.js" "$out/three/examples/jsm/loaders/"
cp "$three/examples/jsm/controls/OrbitControls.js" "$out/three/examples/jsm/controls/"
cp "$three/examples/jsm/utils/BufferGeometryUtils.js" "$three/examples/jsm/utils/SkeletonUtils.js" "$out/three/examples/jsm/utils/"
echo "$out"
