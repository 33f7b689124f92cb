// libFuzzer target: the binary reader never crashes, and whatever it accepts writes back byte for byte.
#include <cstdlib>

#include "inputanim/mrtk/binary_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    auto recording = inputanim::readRecording(bytes, "fuzz.bin");
    if (!recording) return 0;
    auto written = inputanim::writeRecording(*recording);
    if (!written || !std::equal(written->begin(), written->end(), bytes.begin(), bytes.end())) std::abort();
    return 0;
}
