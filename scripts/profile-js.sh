#!/usr/bin/env bash
# Writes web/inputanim-three/profile.js, the library's profile table (`inputanim profile`, schema inputanim.profile/1)
# as an ES module, for what the loader decides before the library runs: its reading options' names. Run it after a
# change to the table; tests/three/profile_test.mjs fails while the module differs from the library's table.
# Usage: scripts/profile-js.sh [TOOL]   (default build/inputanim)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$root/build/inputanim}
out=$root/web/inputanim-three/profile.js
{
    echo "// The library's profile table (inputanim.profile/1, docs/gltf-profile.md) as \`inputanim profile\` prints it."
    echo "// Written by scripts/profile-js.sh, not by hand; tests/three/profile_test.mjs checks it against the library."
    printf 'export const PROFILE = %s;\n' "$("$tool" profile)"
} >"$out"
"$root/tests/interop/node_modules/.bin/prettier" --write --log-level warn "$out"
echo "$out"
