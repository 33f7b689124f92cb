// The real recordings of ../shared/samples/real (third-party data, read in place, never copied).
#include <catch2/catch.hpp>
#include <filesystem>

#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/analysis/check.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/analysis/summary.hpp"

using namespace inputanim;

namespace {
const std::filesystem::path kReal = std::filesystem::path(INPUTANIM_SHARED_DIR) / "samples" / "real";

std::vector<std::uint8_t> load(const std::filesystem::path& path) {
    auto bytes = readFile(path.string());
    REQUIRE(bytes.ok());
    return {bytes->begin(), bytes->end()};
}
}  // namespace

TEST_CASE("the MRTK 2.5.4 recording reads as documented and writes back byte for byte") {
    const auto bytes = load(kReal / "handrecorder-2021-v1.0.bin");
    REQUIRE(bytes.size() == 1743988);
    auto recording = readRecording(bytes, "handrecorder-2021-v1.0.bin");
    REQUIRE(recording.ok());
    CHECK(recording->encoding == Encoding{0, Layout::Full});

    const RecordingSummary summary = summarize(*recording);
    CHECK(summary.curves == 389);
    CHECK(summary.keys == 62125);
    CHECK(summary.sections[1].keys == 10);  // Booleans
    CHECK(summary.sections[3].keys == 0);  // right hand never tracked: empty joint curves
    CHECK(summary.duration == Approx(11.25).margin(0.01));
    REQUIRE(summary.booleanTrue[0].size() == 3);
    CHECK(summary.booleanTrue[0][0].end == Approx(1.564).margin(0.001));
    CHECK(summary.booleanTrue[0][1].start == Approx(1.977).margin(0.001));
    CHECK(summary.booleanTrue[0][2].start == Approx(8.482).margin(0.001));
    REQUIRE(summary.booleanTrue[2].size() == 1);
    CHECK(summary.booleanTrue[2][0].start == Approx(4.969).margin(0.001));
    CHECK(summary.booleanTrue[1].empty());

    auto written = writeRecording(*recording);
    REQUIRE(written.ok());
    CHECK(*written == bytes);

    // Every key is MRTK's linear encoding, so 1.1 compact holds it and the way back is exact.
    auto compact = convertEncoding(*recording, {1, Layout::Compact});
    REQUIRE(compact.ok());
    auto compactBytes = writeRecording(*compact);
    REQUIRE(compactBytes.ok());
    auto reread = readRecording(*compactBytes, "compact");
    REQUIRE(reread.ok());
    CHECK(reread->encoding == Encoding{1, Layout::Compact});
    auto back = convertEncoding(*reread, {0, Layout::Full});
    REQUIRE(back.ok());
    CHECK(*writeRecording(*back) == bytes);

    for (const Finding& finding : checkRecording(*recording)) CHECK(finding.severity != Severity::Error);
}

TEST_CASE("the header-less 2019 prerelease recordings are refused, or read on request") {
    for (const auto& entry : std::filesystem::directory_iterator(kReal / "prerelease-2019")) {
        const auto bytes = load(entry.path());
        const std::string name = entry.path().filename().string();
        auto refused = readRecording(bytes, name);
        REQUIRE_FALSE(refused.ok());
        CHECK_THAT(refused.error().describe(), Catch::StartsWith(name + ": byte 0: "));
        CHECK_THAT(refused.error().message, Catch::Contains("2019 prerelease"));

        auto accepted = readRecording(bytes, name, {.acceptPrerelease2019 = true});
        REQUIRE(accepted.ok());
        const RecordingSummary summary = summarize(*accepted);
        CHECK(summary.keyTimes.start == 0.0);
        CHECK(summary.duration > 10);
    }
}
