// The front door: an input's kind from its content, and loading bytes the caller hands over.
#include <catch2/catch.hpp>

#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/validate.hpp"
#include "inputanim/load.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;
using fixtures::bytesOf;

namespace {
FileBytes owned(const std::vector<std::uint8_t>& bytes) { return FileBytes(bytes.begin(), bytes.end()); }
}  // namespace

TEST_CASE("loading bytes handed over reads a compact recording's keys in place, and any input as from a copy") {
    for (Encoding encoding : {Encoding{0, Layout::Full}, Encoding{1, Layout::Compact}, Encoding{1, Layout::Full}}) {
        CAPTURE(describe(encoding));
        const auto bytes = bytesOf(fixtures::small(encoding));
        FileBytes handed = owned(bytes);
        const std::uint8_t* first = handed.data();
        LoadReport report;
        auto kept = loadRecording(std::move(handed), "test.bin", {}, &report);
        REQUIRE(kept.ok());
        CHECK(report.kind == InputKind::MrtkBinary);
        CHECK(bytesOf(*kept) == bytes);
        const auto keys = kept->curves[cameraCurve(0)].keys.timeValueBytes();
        const bool inPlace = !keys.empty() && keys.data() >= first && keys.data() < first + bytes.size();
        CHECK(inPlace == (encoding.layout == Layout::Compact));
    }
    const Recording recording = fixtures::small({1, Layout::Compact});
    auto glb = exportGlb(recording, {});
    REQUIRE(glb.ok());
    LoadReport report;
    auto fromGlb = loadRecording(owned(*glb), "test.glb", {}, &report);
    REQUIRE(fromGlb.ok());
    CHECK(report.kind == InputKind::Glb);
    CHECK(bytesOf(*fromGlb) == bytesOf(*loadRecording(std::span<const std::uint8_t>(*glb), "test.glb")));
    CHECK_FALSE(loadRecording(owned({1, 2, 3}), "short.bin").ok());
}

TEST_CASE("a glTF loaded with its profile checked on the same parse gives what checking and importing apart give") {
    const Recording recording = fixtures::small({1, Layout::Compact});
    auto glb = exportGlb(recording, {});
    REQUIRE(glb.ok());
    LoadOptions options;
    options.checkProfile = true;
    LoadReport report;
    auto loaded = loadRecording(owned(*glb), "test.glb", options, &report);
    REQUIRE(loaded.ok());
    REQUIRE(report.profile.has_value());
    const auto apart = checkProfile(std::span<const std::uint8_t>(*glb), "test.glb");
    REQUIRE(apart.ok());
    CHECK(report.profile->ownFile == apart->ownFile);
    CHECK(report.profile->ownFile);
    CHECK(report.profile->findings.size() == apart->findings.size());
    CHECK(bytesOf(*loaded) == bytesOf(recording));
    // Not asked: no profile. Not a glTF document: an error, and no profile either.
    LoadReport plain;
    REQUIRE(loadRecording(owned(*glb), "test.glb", {}, &plain).ok());
    CHECK_FALSE(plain.profile.has_value());
    LoadReport broken;
    CHECK_FALSE(loadRecording(owned({'{', '"', 'a'}), "broken.gltf", options, &broken).ok());
    CHECK_FALSE(broken.profile.has_value());
}
