// The library example of docs/library.md: load any recording, evaluate a joint at a time, write glTF.
#include <cstdio>

#include "inputanim/load.hpp"
#include "inputanim/save.hpp"

int main(int argc, char** argv) {
    if (argc != 3) return std::fprintf(stderr, "usage: consumer REC OUT.glb\n"), 1;
    auto recording = inputanim::loadFile(argv[1]);  // MRTK binary, .glb or .gltf: told by content
    if (!recording) return std::fprintf(stderr, "%s\n", recording.error().describe().c_str()), 2;
    using inputanim::Hand, inputanim::Joint;
    const auto& x = recording->curve(inputanim::jointCurve(Hand::Left, Joint::IndexTip, inputanim::kPositionX));
    std::printf("left IndexTip x at 1.25 s: %.6f m\n", inputanim::evaluate(x, 1.25));  // Unity world space
    auto kind = inputanim::outputKindFor(argv[2]);  // by extension: .bin, .glb or .gltf
    if (!kind) return std::fprintf(stderr, "%s: not a .bin, .glb or .gltf name\n", argv[2]), 1;
    if (auto saved = inputanim::saveRecording(*recording, argv[2], *kind); !saved)
        return std::fprintf(stderr, "%s\n", saved.error().describe().c_str()), 4;
    return 0;
}
