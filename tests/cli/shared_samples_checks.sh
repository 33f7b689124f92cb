# The real recordings and third-party rigs in ../shared, when beside the project; sourced by cli_test.sh (its tool,
# shared, work, check, expect, skipped).
if [ -n "$shared" ] && [ -d "$shared/samples/real" ]; then
    real=$shared/samples/real
    check "real recording to glb" 0 "$tool" convert "$real/handrecorder-2021-v1.0.bin" "$work/real.glb"
    check "real recording back" 0 "$tool" convert "$work/real.glb" "$work/real.bin"
    expect "real recording survives bin -> glb -> bin byte for byte" cmp -s "$real/handrecorder-2021-v1.0.bin" "$work/real.bin"
    check "plot of the real recording" 0 "$tool" plot "$real/handrecorder-2021-v1.0.bin" -o "$work/real.svg"
    expect "plot leaves out the never-tracked right hand" python3 -c "
import xml.etree.ElementTree as ET
titles = [g.get('data-title') for g in ET.parse('$work/real.svg').getroot().iter('{http://www.w3.org/2000/svg}g') if g.get('class') == 'panel']
assert not any(t.startswith('right') for t in titles) and 'left Palm position (m)' in titles, titles"
    expect "the time axis has whole ticks" python3 -c "
import xml.etree.ElementTree as ET
ticks = [t.text for t in ET.parse('$work/real.svg').getroot().iter('{http://www.w3.org/2000/svg}text') if t.get('class') == 'tick']
assert 5 <= len(ticks) <= 15 and ticks[0] == '0', ticks"
    check "mirror the real recording through its head's sagittal plane" 0 "$tool" mirror "$real/handrecorder-2021-v1.0.bin" "$work/real-mirrored.bin"
    expect "which is not of constant x" grep -q "normal (0.9998, 0, -0.0205)" "$work/err"
    check "and back" 0 "$tool" mirror "$work/real-mirrored.bin" "$work/real-twice.bin"
    check "plays as the original" 0 "$tool" diff "$real/handrecorder-2021-v1.0.bin" "$work/real-twice.bin" --pos-tolerance 1e-5 --rot-tolerance 1e-3 --switch-tolerance 0
    check "info on the real recording" 0 "$tool" info "$real/handrecorder-2021-v1.0.bin"
    expect "real recording is 1.0" grep -q "^format     1.0" "$work/out"
    for f in "$real"/prerelease-2019/*.bin; do
        check "prerelease refused: $(basename "$f")" 2 "$tool" info "$f"
        expect "prerelease message" grep -q "2019 prerelease" "$work/err"
        check "prerelease on request: $(basename "$f")" 0 "$tool" info "$f" --prerelease-2019
    done
    # An archive of a prerelease body records the 1.0 recording it holds (its times rebased), and verifies.
    first=$(ls "$real"/prerelease-2019/*.bin | head -1)
    check "an archive of a prerelease recording" 0 "$tool" convert "$first" "$work/prerelease.glb" --prerelease-2019
    check "verifies right after it is written" 0 "$tool" verify "$work/prerelease.glb"
    expect "recording what it holds" grep -q "MRTK input animation 1.0 (rebased from a header-less 2019 prerelease body)" "$work/out"
    check "and rebuilds the 1.0 file it recorded" 0 "$tool" convert "$work/prerelease.glb" "$work/prerelease.bin"
    check "which verify also takes as the original" 0 "$tool" verify "$work/prerelease.glb" "$work/prerelease.bin"
else
    echo "SKIP: real recordings not found beside the project"; skipped+="real recordings; "
fi

if [ -n "$shared" ] && [ -d "$shared/samples/foreign" ]; then
    foreign=$shared/samples/foreign
    check "info on a rig with 35 animations" 0 "$tool" info "$foreign/godot-animations_hand_l.gltf"
    expect "lists them, marking the one read" sh -c "grep -q '^animations 35 ' '$work/out' && grep -q \"^  \\* 0 'Cup': 78 channels\" '$work/out'"
    check "--animation by name" 0 "$tool" info "$foreign/godot-animations_hand_l.gltf" --animation Peace
    expect "says which was read" grep -q "read animation 'Peace' of 35" "$work/out"
    check "--animation that names none" 1 "$tool" info "$foreign/godot-animations_hand_l.gltf" --animation Victory
    expect "lists what there is" grep -q "no animation 'Victory' (by name or index); the file has 0 'Cup', 1 'Default pose'" "$work/err"
    check "validate reports on a rig from another tool" 0 "$tool" validate "$foreign/godot-animations_hand_l.gltf" --animation 14
    expect "as notes" sh -c "grep -q 'note not-profile' '$work/out' && grep -q 'note import-note: read animation .Peace.' '$work/out'"
    check "info on a hand whose names say no side" 0 "$tool" info "$foreign/webxr-generic-hand-left.glb"
    expect "says how its side was told" grep -q "the left hand, told by its shape" "$work/out"
    check "--side right" 0 "$tool" info "$foreign/webxr-generic-hand-left.glb" --side RIGHT
    expect "makes it the right hand" grep -q "^tracked    left never; right 0.000" "$work/out"
    check "--side takes left or right only" 1 "$tool" info "$foreign/webxr-generic-hand-left.glb" --side middle
    check "a rig without animation" 0 "$tool" convert "$foreign/webxr-generic-hand-left.glb" "$work/webxr-pose.bin" --hold 2.5
    expect "is a pose held for --hold seconds, as a note says" grep -q "note: a single pose (every key at 0 s): held from 0 to 2.5 s so that MRTK shows it" "$work/err"
    check "reads back" 0 "$tool" info "$work/webxr-pose.bin"
    expect "lasting that long, tracked throughout" sh -c "grep -q '^duration   2.500 s' '$work/out' && grep -q '^tracked    left 0.000-2.500 s' '$work/out'"
    check "a hand-only rig to 1.0, whose camera curves MRTK always plays, is refused" 3 "$tool" convert \
        "$foreign/webxr-generic-hand-left.glb" "$work/webxr-1.0.bin" --format-version 1.0
    expect "saying why" grep -q "it has no camera pose, and MRTK plays 1.0's camera curves always" "$work/err"
    expect "writing nothing" test ! -e "$work/webxr-1.0.bin"
    check "a pose of the rig to glTF" 0 "$tool" convert "$foreign/godot-animations_hand_l.gltf" "$work/peace.glb" --animation Peace
    check "in the profile" 0 "$tool" validate "$work/peace.glb"
else
    echo "SKIP: third-party rigs not found beside the project"; skipped+="third-party rigs; "
fi
