// The README's library example: read a recording, evaluate a joint at a time, write glTF.
#include <cstdio>

#include "inputanim/binary_format.hpp"
#include "inputanim/file_io.hpp"
#include "inputanim/gltf_export.hpp"

int main(int argc, char** argv) {
    if (argc != 3) return std::fprintf(stderr, "usage: consumer REC.bin OUT.glb\n"), 1;
    auto bytes = inputanim::readFile(argv[1]);
    if (!bytes) return std::fprintf(stderr, "%s\n", bytes.error().describe().c_str()), 2;
    auto recording = inputanim::readRecording(*bytes, argv[1]);
    if (!recording) return std::fprintf(stderr, "%s\n", recording.error().describe().c_str()), 2;
    const auto& x = recording->curve(inputanim::jointCurve(inputanim::Hand::Left, 11 /* IndexTip */, 0));
    std::printf("left IndexTip x at 1.25 s: %.6f m\n", inputanim::evaluate(x, 1.25));
    if (auto written = inputanim::writeGltf(*recording, argv[2], inputanim::GltfContainer::Glb, {}); !written)
        return std::fprintf(stderr, "%s\n", written.error().describe().c_str()), 4;
    return 0;
}
