// glTF -> recording for files this tool wrote: byte for byte, whatever the encoding asked; unsafe buffer URIs.
#include <catch2/catch.hpp>

#include "support/edge_cases.hpp"
#include "support/fixtures.hpp"
#include "support/glb_json.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "inputanim/analysis/diff.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;

namespace {

Recording roundTrip(const Recording& r, const ExportOptions& options = {}) {
    auto glb = exportGlb(r, options);
    if (!glb) FAIL(glb.error().message);
    ImportReport report;
    auto back = importGltf(*glb, "roundtrip.glb", {}, &report);
    if (!back) FAIL(back.error().describe());
    CHECK(report.ownFile);
    return std::move(back).value();
}

}  // namespace

TEST_CASE("binary -> glTF -> binary is byte-identical for every edge case and sample, in both rigs") {
    std::vector<std::pair<std::string, Recording>> recordings;
    for (const auto& c : edge_cases::all()) recordings.emplace_back(c.name, c.recording);
    for (Encoding encoding : {Encoding{0, Layout::Full}, Encoding{1, Layout::Compact}, Encoding{1, Layout::Full}}) {
        SyntheticOptions options;
        options.encoding = encoding;
        options.duration = 2;
        recordings.emplace_back("generated " + std::string(describe(encoding)), generateRecording(options).value());
    }
    for (const auto& [name, recording] : recordings)
        for (Rig rig : {Rig::Flat, Rig::Hierarchy})
            for (bool linearOnly : {false, true}) {
                INFO(name << (rig == Rig::Hierarchy ? " --rig hierarchy" : "") << (linearOnly ? " --linear-only" : ""));
                ExportOptions options;
                options.linearOnly = linearOnly;
                options.rig = rig;
                CHECK(fixtures::bytesOf(roundTrip(recording, options)) == fixtures::bytesOf(recording));
            }
}

TEST_CASE("a first key at -0 s keeps its sign when another curve of its track starts at +0 s") {
    // The track merges the rotation's four curves at equal times, and -0 == +0: the knot takes one of the two zeros,
    // so a curve that starts at the other one must say so in the extras (found by fuzz_roundtrip).
    for (std::size_t negative : {std::size_t(3), std::size_t(5)}) {
        CAPTURE(negative);
        Recording r;
        r.hasHandData = 0;
        const float identity[7] = {0, 1.5f, 0, 0, 0, 0, 1};  // position, then rotation x, y, z, w
        for (std::size_t c = 0; c < 7; ++c)
            r.curves[cameraCurve(c)].keys = {Key{c == negative ? -0.0f : 0.0f, identity[c]}, Key{0.5f, identity[c]},
                                             Key{1, identity[c]}};
        CHECK(fixtures::bytesOf(roundTrip(r)) == fixtures::bytesOf(r));
        // A hand joint's rotation likewise, in both rigs (the hierarchy gives back world tracks composed from local
        // ones).
        r.hasHandData = 1;
        for (int c = 0; c < kPoseCurveCount; ++c)
            r.curves[jointCurve(Hand::Left, Joint::IndexTip, c)].keys = r.curves[cameraCurve(std::size_t(c))].keys;
        for (Rig rig : {Rig::Flat, Rig::Hierarchy}) {
            ExportOptions options;
            options.rig = rig;
            CHECK(fixtures::bytesOf(roundTrip(r, options)) == fixtures::bytesOf(r));
        }
    }
}

// The extras are written as text into the JSON tinygltf writes, in place of a placeholder: names that look like
// it or like JSON stay names, and an empty array is null as tinygltf wrote it.
TEST_CASE("extras written beside tinygltf's JSON keep names that look like JSON, and empty keys as null") {
    Recording r = fixtures::small(Encoding{1, Layout::Compact});
    r.markers = {{0.25f, R"("extras":"inputanim:extras-placeholder")"}, {0.5f, R"(","buffers":[{"byteLength":0}]})"}};
    r.curves[cameraCurve(3)].preWrapMode = kWrapLoop;  // no keys, a wrap mode to keep: {"keys": null, ...}
    auto glb = exportGlb(r, {});
    REQUIRE(glb.ok());
    const auto json = splitGlb(*glb).first;
    const auto& extras = json["animations"][0]["extras"]["inputanim"];
    CHECK(extras["markers"][0]["name"] == r.markers[0].name);
    CHECK(extras["markers"][1]["name"] == r.markers[1].name);
    CHECK(extras["curves"]["camera.RotationX"]["keys"].is_null());
    CHECK(fixtures::bytesOf(roundTrip(r)) == fixtures::bytesOf(r));
}

TEST_CASE("glTF -> binary -> glTF keeps every channel") {
    for (const auto& c : edge_cases::all()) {
        INFO(c.name);
        auto first = exportGlb(c.recording, {});
        REQUIRE(first.ok());
        auto back = importGltf(*first, "a.glb");
        REQUIRE(back.ok());
        auto second = exportGlb(*back, {});
        REQUIRE(second.ok());
        CHECK(*second == *first);
    }
}

TEST_CASE(
    "a file of this profile with other animations is read from InputAnimation unless --animation says otherwise") {
    const Recording recording = edge_cases::all()[0].recording;
    auto [json, bin] = splitGlb(exportGlb(recording, {}).value());
    // Blender writes an action per object: one that moves only the camera, first in the file.
    nlohmann::json other = json["animations"][0];
    other["name"] = "CameraAction";
    other.erase("extras");
    json["animations"].insert(json["animations"].begin(), other);
    const auto file = glb(json, bin);
    ImportReport report;
    auto r = importGltf(file, "two.glb", {}, &report);
    REQUIRE(r.ok());
    CHECK(report.animation == 1);
    CHECK(report.ownFile);
    CHECK(fixtures::bytesOf(*r) == fixtures::bytesOf(recording));
    ImportOptions first;
    first.animation = "0";
    ImportReport firstReport;
    REQUIRE(importGltf(file, "two.glb", first, &firstReport).ok());
    CHECK(firstReport.animation == 0);
    CHECK_FALSE(firstReport.ownFile);  // its extras are InputAnimation's
}

TEST_CASE("an explicit encoding converts on import: fitted for the compact layout, or explains why it cannot") {
    const Recording hermite = edge_cases::all()[0].recording;
    auto glb = exportGlb(hermite, {});
    REQUIRE(glb.ok());
    ImportOptions options;
    options.encoding = Encoding{1, Layout::Full};
    auto full = importGltf(*glb, "h.glb", options);
    REQUIRE(full.ok());
    CHECK(full->encoding == Encoding{1, Layout::Full});
    CHECK(fixtures::bytesOf(*convertEncoding(*full, kEncoding10)) == fixtures::bytesOf(hermite));  // nothing lost
    options.encoding = Encoding{1, Layout::Compact};
    ImportReport report;
    auto compact = importGltf(*glb, "h.glb", options, &report);
    REQUIRE(compact.ok());
    CHECK(compact->encoding == kEncoding11Compact);
    REQUIRE_FALSE(report.notes.empty());
    CHECK_THAT(report.notes.back().message, Catch::Contains("fitted with linear keys"));
    DiffOptions fine;  // a grid ten times finer than MRTK's frames: within the fitting tolerances
    fine.rate = 1200;
    const auto diff = diffRecordings(hermite, *compact, fine);
    CHECK(diff->maxPosition <= 1e-4);
    CHECK(diff->maxRotation <= 0.01);
    CHECK(diff->maxSwitchShift == 0);
    const Recording gaze = edge_cases::all()[8].recording;  // gaze-only, 1.1: 1.0 cannot hold it
    REQUIRE(gaze.hasEyeGaze);
    glb = exportGlb(gaze, {});
    options.encoding = kEncoding10;
    auto refused = importGltf(*glb, "g.glb", options);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().describe(), Catch::StartsWith("g.glb: "));
}

TEST_CASE("unsafe buffer URIs are refused") {
    for (const std::string uri : {"/etc/passwd", "../secret.bin", "file:///etc/passwd", "http://example.com/a.bin",
                                  "sub/%2E%2E/%2E%2E/x.bin"}) {
        const std::string json = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":")" + uri + R"("}]})";
        auto r = importGltf({reinterpret_cast<const std::uint8_t*>(json.data()), json.size()}, "evil.gltf");
        INFO(uri);
        REQUIRE_FALSE(r.ok());
        CHECK_THAT(r.error().describe(), Catch::StartsWith("evil.gltf: /buffers/0/uri: "));
    }
}
