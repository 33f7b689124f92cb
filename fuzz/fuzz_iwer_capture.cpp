// libFuzzer target: an IWER capture read as a take never crashes, whatever the bytes; one that reads is written as a
// capture again (bounded: a frame per key time of what was read) and read back.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "inputanim/capture/iwer_capture.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto recording = inputanim::readIwerCapture({data, size}, "fuzz.json");
    if (!recording) return 0;
    std::string text;
    auto written = inputanim::writeIwerCapture(*recording, {}, [&](std::span<const std::uint8_t> piece) {
        text.append(reinterpret_cast<const char*>(piece.data()), piece.size());
        return inputanim::Status(inputanim::Success{});
    });
    if (!written) return 0;  // refused with a message (a recording that is not playable)
    auto back =
        inputanim::readIwerCapture({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, "back.json");
    if (!back) {
        std::fprintf(stderr, "a capture written was not read back: %s\n", back.error().describe().c_str());
        std::abort();
    }
    return 0;
}
