// The library example of docs/library.md: load any recording, evaluate a joint at a time, write glTF.
#include <cstdio>

#include "inputanim/core/playback.hpp"
#include "inputanim/load.hpp"
#include "inputanim/save.hpp"

int main(int argc, char** argv) {
    if (argc != 3) return std::fprintf(stderr, "usage: consumer REC OUT.glb\n"), 1;
    auto recording = inputanim::loadFile(argv[1]);  // MRTK binary, .glb or .gltf: told by content
    if (!recording) return std::fprintf(stderr, "%s\n", recording.error().describe().c_str()), 2;
    // Everything at 1.25 s as MRTK plays it, in Unity's world space: the head, the hands' states and joints, the gaze.
    const inputanim::FrameSample frame = inputanim::sampleFrame(*recording, 1.25, inputanim::Coordinates::Unity);
    const auto& tip = frame.joints[int(inputanim::Hand::Left)][inputanim::indexOf(inputanim::Joint::IndexTip)];
    std::printf("left IndexTip at 1.25 s: %.6f %.6f %.6f m, tracked %d\n", tip.position[0], tip.position[1],
                tip.position[2], int(frame.tracked[int(inputanim::Hand::Left)]));
    if (auto saved = inputanim::saveFile(*recording, argv[2]); !saved)  // by extension: .bin, .glb or .gltf
        return std::fprintf(stderr, "%s\n", saved.error().describe().c_str()), 4;
    return 0;
}
