// libFuzzer target: the front door (load.hpp) never crashes, whatever the bytes: MRTK binary, GLB or glTF JSON.
// Relative buffer URIs point into a folder that does not exist, so nothing outside the input is read.
#include "inputanim/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    inputanim::LoadOptions options;
    options.gltf.sampleRate = 30;  // keep each run short; the code paths are the same
    (void)inputanim::loadRecording({data, size}, "/nonexistent-inputanim-fuzz/input.gltf", options);
    return 0;
}
