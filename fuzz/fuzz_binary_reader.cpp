// libFuzzer target: the binary reader never crashes, reading in pieces gives what reading whole gives, and whatever
// it accepts writes back byte for byte (but a non-finite key, which nothing writes).
#include <algorithm>
#include <cstdlib>
#include <string>

#include "inputanim/mrtk/binary_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    auto recording = inputanim::readRecording(bytes, "fuzz.bin");
    // In pieces of up to 7 bytes through a 24-byte window: every value crosses a window's end somewhere.
    std::size_t at = 0;
    const inputanim::ByteSource pieces = [&](std::span<std::uint8_t> into) -> inputanim::Result<std::size_t> {
        const std::size_t n = std::min({into.size(), std::size_t(7), size - at});
        std::copy_n(data + at, n, into.data());
        at += n;
        return n;
    };
    auto streamed = inputanim::readRecording(size, pieces, "fuzz.bin", {}, 24);
    if (streamed.ok() != recording.ok()) std::abort();
    if (!recording) {
        if (streamed.error().describe() != recording.error().describe()) std::abort();
        return 0;
    }
    auto written = inputanim::writeRecording(*recording);
    // The one thing read but never written: a key whose time or value is not finite (MRTK cannot play it).
    if (!written && written.error().message.find("holds a time or value that is not finite") != std::string::npos)
        return 0;
    if (!written || !std::equal(written->begin(), written->end(), bytes.begin(), bytes.end())) std::abort();
    auto writtenStreamed = inputanim::writeRecording(*streamed);
    if (!writtenStreamed || *writtenStreamed != *written) std::abort();
    return 0;
}
