// libFuzzer target: the glTF/GLB importer never crashes, whatever the bytes. Relative buffer URIs point
// into a folder that does not exist, so nothing outside the input is read.
#include "inputanim/gltf_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    inputanim::ImportOptions options;
    options.sampleRate = 30;  // keep each run short; the code paths are the same
    (void)inputanim::importGltf({data, size}, "/nonexistent-inputanim-fuzz/input.gltf", options);
    return 0;
}
