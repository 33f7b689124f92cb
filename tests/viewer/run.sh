#!/usr/bin/env bash
# The web viewer in headless Chromium, built as the static folder users host (scripts/build-viewer.sh, which builds
# the library in WebAssembly), in parts that CTest runs side by side once the folder is built:
#   site     builds build-viewer/ (the others' fixture) and checks scripts/viewer.sh's arguments and --lan;
#   sample   the generated sample, and compare mode on it and its mirror (viewer_compare.mjs);
#   real     the real recording with the error, foreign glTF and ?src= cases (see viewer.mjs for what is checked);
#   webxr    its Record button on the project's emulated headset (webxr_record.mjs: frames driven one by one), the
#            take played by MRTK's reader;
#   iwer     Record on Meta's IWER replaying a real recording's capture in real time (webxr_record_iwer.mjs).
# real and webxr need ../shared beside the project (skipped, exit 77, without it). The loader package the viewer is
# built on has its own test (tests/three/run.sh).
# Usage: run.sh PATH/TO/inputanim PATH/TO/shared site|sample|real|webxr|iwer
set -u
tool=$1
shared=${2:-}
part=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v chromium >/dev/null || { echo "viewer: chromium not installed (scripts/install-deps.sh --test installs it)"; exit 1; }
[ -d "$root/tests/interop/node_modules" ] || { echo "viewer: tests/interop/node_modules missing (scripts/install-deps.sh --test installs it)"; exit 1; }
status=0
site=$root/build-viewer
real=$shared/samples/real/handrecorder-2021-v1.0.bin
foreign=$shared/samples/foreign/godot-animations_hand_l.gltf
if [ "$part" != site ] && [ ! -f "$site/index.html" ]; then
    echo "FAIL: $site was not built (the viewer_site test builds it)"
    exit 1
fi
if { [ "$part" = real ] || [ "$part" = webxr ] || [ "$part" = iwer ]; } && ! { [ -n "$shared" ] && [ -f "$real" ] && [ -f "$foreign" ]; }; then
    echo "SKIP: ../shared/samples not found: the real recording and the foreign glTF"
    exit 77  # CTest's skip code
fi
case $part in
    site)
        # A missing recording or a bad port is said before anything is built (build-viewer.sh would print its steps).
        said=$("$root/scripts/viewer.sh" "$root/samples/missing.bin" 2>&1)
        [ $? -eq 2 ] && [ "$said" = "viewer: $root/samples/missing.bin: no such file" ] ||
            { echo "FAIL: viewer.sh on a missing file: $said"; status=1; }
        said=$("$root/scripts/viewer.sh" "" 99999 2>&1)
        [ $? -eq 1 ] && [ "$said" = "viewer: 99999: not a port (1-65535)" ] || { echo "FAIL: viewer.sh on a bad port: $said"; status=1; }
        "$root/scripts/build-viewer.sh" >/dev/null || { echo "viewer: the static folder did not build"; exit 1; }
        # --lan: a headset on this network is given an https address (WebXR needs a secure page).
        said=$(XDG_CACHE_HOME=$(mktemp -d) timeout 20 "$root/scripts/viewer.sh" --lan "" $((20000 + $$ % 10000)) 2>&1 | head -1)
        [[ "$said" == "viewer: open https://"*"accept its warning about the certificate"* ]] ||
            { echo "FAIL: viewer.sh --lan: $said"; status=1; }
        ;;
    sample)
        echo "== $(basename "$root/samples/gesture-1.1-compact.bin")"
        node "$here/viewer.mjs" "$tool" "$site" "$root/samples/gesture-1.1-compact.bin" || status=1
        echo "== compare mode: $(basename "$root/samples/gesture-1.1-compact.bin") and its mirror"
        node "$here/viewer_compare.mjs" "$tool" "$site" "$root/samples/gesture-1.1-compact.bin" || status=1
        ;;
    real)
        echo "== $(basename "$real"), errors and a foreign glTF"
        node "$here/viewer.mjs" "$tool" "$site" "$real" "$foreign" || status=1
        ;;
    webxr)
        echo "== recording through an emulated WebXR runtime, played by MRTK's reader"
        node "$here/webxr_record.mjs" "$tool" "$site" "$shared" "$(dirname "$tool")" || status=1
        ;;
    iwer)
        echo "== recording through IWER (Meta's WebXR emulation runtime), played by MRTK's reader"
        node "$here/webxr_record_iwer.mjs" "$tool" "$site" "$shared" "$(dirname "$tool")"
        status=$?
        ;;
    *) echo "usage: run.sh PATH/TO/inputanim PATH/TO/shared site|sample|real|webxr|iwer"; exit 2 ;;
esac
exit $status
