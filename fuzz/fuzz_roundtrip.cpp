// libFuzzer target: bin -> glb -> bin. Every recording that reads and exports must come back byte for byte (its
// compact keys read in place, as from a file), read back as an archive is verified (a single pose not held).
#include <cstdlib>
#include <cstdio>
#include <memory>
#include <vector>

#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    // Read as loadFile reads a file: a compact recording's keys stay in the bytes, which the recording keeps.
    auto kept = std::make_shared<const std::vector<std::uint8_t>>(data, data + size);
    auto recording = inputanim::readRecording(*kept, "fuzz.bin", {}, kept);
    if (!recording) return 0;
    inputanim::ExportOptions options;
    options.maxKnotsPerTrack = 100'000;  // hostile loop lengths are refused early, as they would be at scale
    auto glb = inputanim::exportGlb(*recording, options);
    if (!glb) return 0;  // refused with a message (non-finite values, times that do not increase, ...)
    auto back = inputanim::importGltf(*glb, "fuzz.glb", inputanim::asArchived());  // as verifyArchive rebuilds
    if (!back) {
        std::fprintf(stderr, "re-import failed: %s\n", back.error().describe().c_str());
        std::abort();
    }
    auto written = inputanim::writeRecording(*back);
    if (!written || !std::equal(written->begin(), written->end(), bytes.begin(), bytes.end())) {
        std::fprintf(stderr, "round trip changed the bytes\n");
        std::abort();
    }
    return 0;
}
