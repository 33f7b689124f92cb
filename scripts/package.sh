#!/usr/bin/env bash
# Writes the release packages into dist/ (or DIR), every one named with the project's version (scripts/version.sh):
#   inputanim-VERSION-linux-x64.tar.gz     the static Linux executable, README, LICENSE, notices, docs
#   inputanim-VERSION-windows-x64.zip      the same for Windows (inputanim.exe)
#   inputanim_blender-VERSION.zip          the Blender add-on (3.4+, legacy install) with both executables
#   inputanim_blender-VERSION-PLATFORM.zip the Blender 4.2+ extension, one per platform
#   inputanim-three-VERSION.tgz            the three.js loader's npm package
#   inputanim-viewer-VERSION.zip           the web viewer as a static site
#   inputanim-VERSION-cp311-cp311-linux_x86_64.whl  the Python package (built with the Python that scripts/build.sh
#                                          found; MRTK's hand poses in it when SHARED holds them)
#   SHA256SUMS                             sha256sum's list of all of the above
# Builds what is missing first (scripts/build.sh: the static Linux tool; build-windows.sh --cli-only, build-three.sh,
# build-viewer.sh).
# Usage: scripts/package.sh [DIR] [SHARED]
set -euo pipefail
here=$(pwd)
absolute() { case $1 in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
dist=$(absolute "${1:-dist}")
shared=$(absolute "${2:-../shared}")
cd "$(dirname "$0")/.."
version=$(scripts/version.sh)
scripts/build.sh >/dev/null
scripts/build-windows.sh --cli-only >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$dist"
mkdir -p "$dist"

# The CLI packages: one folder each, then archived.
for platform in linux-x64 windows-x64; do
    folder=$work/inputanim-$version-$platform
    mkdir -p "$folder/docs"
    cp README.md LICENSE THIRD_PARTY_NOTICES.md "$folder/"
    cp docs/*.md docs/*.png "$folder/docs/"
done
cp build/inputanim "$work/inputanim-$version-linux-x64/"
cp build-windows/inputanim.exe "$work/inputanim-$version-windows-x64/"
python3 - "$work" "$dist" "$version" <<'PY'
import os, sys, tarfile, zipfile
work, dist, version = sys.argv[1:]
linux = "inputanim-%s-linux-x64" % version
with tarfile.open(os.path.join(dist, linux + ".tar.gz"), "w:gz") as archive:
    archive.add(os.path.join(work, linux), linux)
windows = "inputanim-%s-windows-x64" % version
with zipfile.ZipFile(os.path.join(dist, windows + ".zip"), "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, _, files in os.walk(os.path.join(work, windows)):
        for name in sorted(files):
            path = os.path.join(folder, name)
            archive.write(path, os.path.relpath(path, work))
PY

scripts/blender-addon.sh "$dist/inputanim_blender-$version.zip" "$shared" --linux-x64 build/inputanim \
    --windows-x64 build-windows/inputanim.exe --extensions "$dist" >/dev/null

scripts/build-three.sh --pack "$work/three" >/dev/null
cp "$work/three/inputanim-three-$version.tgz" "$dist/"

scripts/build-viewer.sh "$work/viewer" >/dev/null
cp LICENSE THIRD_PARTY_NOTICES.md "$work/viewer/"
python3 - "$work/viewer" "$dist/inputanim-viewer-$version.zip" <<'PY'
import os, sys, zipfile
site, out = sys.argv[1:]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, _, files in os.walk(site):
        for name in sorted(files):
            path = os.path.join(folder, name)
            archive.write(path, os.path.join("inputanim-viewer", os.path.relpath(path, site)))
PY

python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' build/CMakeCache.txt)
INPUTANIM_POSES=$shared/samples/mrtk-hand-poses "$python" -m pip wheel -q --no-build-isolation --no-index --no-deps \
    -w "$dist" . >/dev/null

(cd "$dist" && sha256sum -- * >SHA256SUMS)
echo "$dist"
