#!/usr/bin/env bash
# CTest `packages` (label package): scripts/package.sh writes every release package, and each one works unpacked:
# - SHA256SUMS lists every file and each sum holds (sha256sum -c);
# - the Linux executable runs in an empty root (a folder holding only it and a recording, entered with chroot) and
#   converts byte-identically to the build's tool;
# - the Windows executable, unpacked, converts byte-identically under Wine;
# - the Blender add-on zip, installed in a blank Blender (its own profile, no PATH entry for inputanim, no
#   $INPUTANIM, no preference), imports a recording and exports it back byte-identical, through the executable it
#   carries;
# - the viewer's zip, unzipped and served, plays a recording in Chromium; the npm tarball, installed into a blank
#   project, loads recordings as the CLI reads them (tests/viewer/viewer.mjs, tests/three/three_loader.mjs);
# - the Python wheel installs into a fresh virtual environment and reads, samples, edits and writes there;
# - the Blender extension zips hold what they must, and every package is named with the version.
# Skipped (exit 77) without mingw-w64 and Wine, or Blender.
# Usage: tests/package/package_test.sh BUILD_INPUTANIM [SHARED]
set -uo pipefail
tool=$(realpath "$1")
shared=$(realpath -m "${2:-../shared}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
wine=$root/tests/windows/wine.sh
if ! command -v x86_64-w64-mingw32-g++-posix >/dev/null || ! command -v blender >/dev/null; then
    echo "skipped: mingw-w64 or Blender is missing (scripts/install-deps.sh --test installs them)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 checks=0
check() {  # check DESCRIPTION COMMAND...
    local description=$1
    shift
    checks=$((checks + 1))
    if ! "$@" >"$work/check.log" 2>&1; then
        echo "FAIL: $description"
        sed 's/^/  /' "$work/check.log" | head -20
        failures=$((failures + 1))
    fi
}

version=$("$root/scripts/version.sh")
"$root/scripts/package.sh" "$work/dist" "$shared" >"$work/package.log" 2>&1 || { cat "$work/package.log"; exit 1; }
dist=$work/dist
expected="inputanim-$version-linux-x64.tar.gz inputanim-$version-windows-x64.zip inputanim_blender-$version.zip
inputanim_blender-$version-linux-x64.zip inputanim_blender-$version-windows-x64.zip inputanim-three-$version.tgz
inputanim-viewer-$version.zip inputanim-$version-cp311-cp311-linux_x86_64.whl SHA256SUMS"
check "dist holds exactly the packages" test "$(ls "$dist" | sort | tr '\n' ' ')" = "$(echo $expected | tr ' ' '\n' | sort | tr '\n' ' ')"
check "SHA256SUMS lists every package and each sum holds" bash -c "cd '$dist' && sha256sum -c --strict SHA256SUMS && test \$(wc -l <SHA256SUMS) -eq 8"

python3 "$here/unpack.py" "$dist" "$work/unpacked" "$version" >"$work/unpack.log" 2>&1
check "every package holds what it must ($(tail -1 "$work/unpack.log"))" grep -q "^unpacked: ok" "$work/unpack.log"
grep "^  " "$work/unpack.log"

# The Linux executable in an empty root: no library, no /proc, no /tmp.
sample=$root/samples/gesture-1.1-compact.bin
"$tool" convert "$sample" "$work/expected.glb" >/dev/null 2>&1
empty=$work/empty-root
mkdir -p "$empty"
cp "$work/unpacked/inputanim-$version-linux-x64/inputanim" "$sample" "$empty/"
check "the Linux executable runs in an empty root" chroot "$empty" /inputanim convert /gesture-1.1-compact.bin /out.glb
check "  and writes what the build's tool writes" cmp "$work/expected.glb" "$empty/out.glb"
check "  and says its version" bash -c "chroot '$empty' /inputanim --version | grep -q 'inputanim $version'"

# The Windows executable, unpacked.
windows=$work/unpacked/inputanim-$version-windows-x64
cp "$sample" "$windows/"  # the same name: an archive records its source's
check "the Windows executable converts under Wine" bash -c "cd '$windows' && '$wine' inputanim.exe convert $(basename "$sample") out.glb"
check "  and writes what the Linux build writes" cmp "$work/expected.glb" "$windows/out.glb"

# The Blender add-on in a blank Blender: its own profile, a PATH without inputanim, no $INPUTANIM.
mkdir -p "$work/home" "$work/blender"
cp "$sample" "$work/recording.bin"
env -i HOME="$work/home" PATH=/usr/bin:/bin BLENDER_USER_SCRIPTS="$work/blender/scripts" BLENDER_USER_CONFIG="$work/blender/config" \
    blender -b --factory-startup --python "$here/blender_bundled.py" -- "$dist/inputanim_blender-$version.zip" \
    "$work/recording.bin" "$work/exported.bin" >"$work/blender.log" 2>&1
grep "^bundled\|^  \|Error" "$work/blender.log" | grep -v Draco
check "the Blender add-on converts with the executable it carries" grep -q "^bundled: ok" "$work/blender.log"
check "  and an unedited round trip is byte-identical" cmp "$sample" "$work/exported.bin"

# The Python wheel in a fresh virtual environment (Debian's NumPy through --system-site-packages), offline.
wheel=$dist/inputanim-$version-cp311-cp311-linux_x86_64.whl
python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' "$(dirname "$tool")/CMakeCache.txt")
check "the Python wheel installs in a fresh virtual environment" bash -c "'$python' -m venv --system-site-packages '$work/venv' &&
    '$work/venv/bin/python' -m pip install -q --no-index '$wheel'"
check "  and reads, samples, edits and writes there" bash -c "cd '$work' && '$work/venv/bin/python' '$root/tests/python/installed.py' '$sample'"

# The viewer's static site, unzipped, in headless Chromium (tests/viewer/viewer.mjs on the generated sample), and
# the loader's npm tarball installed into a blank project (tests/three/three_loader.mjs).
interop=$root/tests/interop
if command -v chromium >/dev/null && [ -d "$interop/node_modules" ]; then
    check "the viewer's zip plays a recording in Chromium" node "$root/tests/viewer/viewer.mjs" "$tool" "$work/unpacked/inputanim-viewer" "$sample"
    tested=$root/build-three/inputanim-three-$version.tgz  # what three_loader's test ran, when it ran first
    if [ -f "$tested" ] && cmp -s "$tested" "$dist/inputanim-three-$version.tgz"; then
        echo "the npm tarball is byte for byte the one three_loader loaded in a blank three.js project"
    else
        check "the npm tarball loads in a blank three.js project" node "$root/tests/three/three_loader.mjs" "$tool" "$dist/inputanim-three-$version.tgz" "$sample"
    fi
else
    echo "note: Chromium or the npm test helpers are missing: the viewer and the npm tarball are not run"
fi

echo "packages: $checks checks, $failures failures"
echo "$((checks - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
