// Archives: the provenance a glTF records of its source (KHR_xmp_json_ld), read back, and verifyArchive finding one
// changed byte in the archive or in the original. Hashes are checked against FIPS examples in test_sha256.cpp; here
// the recorded ones against the bytes themselves.
#include <catch2/catch.hpp>

#include <fstream>

#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/core/sha256.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "inputanim/load.hpp"
#include "inputanim/mrtk/binary_format.hpp"
#include "support/fixtures.hpp"
#include "support/glb_json.hpp"
#include "support/temp_folder.hpp"

using namespace inputanim;

namespace {

struct Archived {
    std::vector<std::uint8_t> source, archive;
};

Archived archived() {
    Archived a;
    const Recording recording = fixtures::small(Encoding{1, Layout::Compact});
    a.source = fixtures::bytesOf(recording);
    ExportOptions options;
    options.provenance = provenanceOf(a.source, "folder/take one.bin", recording.encoding);
    a.archive = exportGlb(recording, options).value();
    return a;
}

}  // namespace

TEST_CASE("an archive records its source's name, size, hash and format, and its own buffer's hash") {
    const Archived a = archived();
    ImportReport report;
    REQUIRE(importGltf(a.archive, "take.glb", {}, &report).ok());
    REQUIRE(report.provenance);
    const Provenance& p = *report.provenance;
    CHECK(p.sourceName == "take one.bin");
    CHECK(p.sourceBytes == a.source.size());
    CHECK(p.sourceSha256 == sha256Hex(a.source));
    CHECK(p.sourceFormat == "MRTK input animation 1.1 compact");
    CHECK(p.tool.rfind("inputanim ", 0) == 0);
    CHECK(p.date.empty());  // deterministic unless a date is asked for
    CHECK(p.bufferSha256 == sha256Hex(splitGlb(a.archive).second));
    CHECK(report.extensionsUsed == std::vector<std::string>{"KHR_xmp_json_ld"});
}

TEST_CASE("a file's digest, read in pieces, is NIST's and that of its bytes whole") {
    test_support::TempFolder folder("digest");
    const std::string million(1'000'000, 'a');
    std::ofstream(folder / "a.txt", std::ios::binary) << million;
    auto nist = digestFile(folder / "a.txt");
    REQUIRE(nist.ok());
    CHECK(nist->bytes == 1'000'000);
    CHECK(nist->sha256 == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    std::string bytes;  // past two of the pieces it reads, and not a whole number of them
    std::uint32_t seed = 7;
    for (std::size_t i = 0; i < (std::size_t(5) << 19) + 77; ++i)
        bytes += char((seed = seed * 1103515245 + 12345) >> 24);
    std::ofstream(folder / "b.bin", std::ios::binary) << bytes;
    auto pieces = digestFile(folder / "b.bin");
    REQUIRE(pieces.ok());
    CHECK(pieces->bytes == bytes.size());
    CHECK(pieces->sha256 == sha256Hex(fixtures::bytesOf(bytes)));
    CHECK_FALSE(digestFile(folder / "missing.bin").ok());
}

TEST_CASE("a binary recording read with recordSource gives what an archive of it records") {
    const Archived a = archived();
    LoadOptions options;
    options.recordSource = true;
    LoadReport report;
    REQUIRE(loadRecording(a.source, "elsewhere/take one.bin", options, &report).ok());
    REQUIRE(report.source);
    CHECK(report.source->sourceSha256 == sha256Hex(a.source));
    CHECK(report.source->sourceName == "take one.bin");
    CHECK(report.source->sourceFormat == "MRTK input animation 1.1 compact");
    // From bytes it keeps (its keys read in place), the hash is taken when first asked for, and is the same.
    LoadReport kept;
    std::vector<std::uint8_t> copy = a.source;
    REQUIRE(loadRecording(FileBytes(copy.begin(), copy.end()), "take one.bin", options, &kept).ok());
    REQUIRE(kept.source);
    CHECK(kept.source->sourceSha256.empty());
    CHECK(recordedSource(kept)->sourceSha256 == sha256Hex(a.source));
    CHECK_FALSE(kept.sourceHash.valid());  // let go of once hashed
    CHECK(recordedSource(kept)->sourceBytes == a.source.size());
    LoadReport unasked;
    REQUIRE(loadRecording(a.source, "take.bin", {}, &unasked).ok());
    CHECK_FALSE(unasked.source);  // hashing only when asked
}

TEST_CASE("a binary recording file read with recordSource is hashed as it is read, past the reader's window") {
    test_support::TempFolder folder("record-source");
    SyntheticOptions longer;
    longer.duration = 60;  // 10 MB unreduced: more than one of the reader's windows
    longer.reduceKeys = false;
    const std::vector<std::uint8_t> windows = fixtures::bytesOf(generateRecording(longer).value());
    REQUIRE(windows.size() > kReadWindow);
    const std::vector<std::uint8_t> small = fixtures::bytesOf(fixtures::small(Encoding{0, Layout::Full}));
    for (const auto& [name, file, format] :
         {std::tuple{"long take.bin", windows, "1.1 compact"}, std::tuple{"small.bin", small, "1.0"}}) {
        INFO(name);
        std::ofstream(folder / name, std::ios::binary)
            .write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
        LoadOptions options;
        options.recordSource = true;
        LoadReport report;
        REQUIRE(loadFile(folder / name, options, &report).ok());
        REQUIRE(report.source);
        CHECK(report.source->sourceSha256 == sha256Hex(file));
        CHECK(report.source->sourceBytes == file.size());
        CHECK(report.source->sourceName == name);
        CHECK(report.source->sourceFormat == std::string("MRTK input animation ") + format);
        LoadReport unasked;
        REQUIRE(loadFile(folder / name, {}, &unasked).ok());
        CHECK_FALSE(unasked.source);
    }
}

TEST_CASE(
    "verifyArchive rebuilds the source byte for byte, and finds one changed byte in the archive or the original") {
    const Archived a = archived();
    auto same = verifyArchive(a.archive, "take.glb", a.source);
    REQUIRE(same.ok());
    CHECK(same->identical());
    CHECK(same->rebuiltSha256 == sha256Hex(a.source));
    CHECK((same->matchesRecorded && *same->matchesRecorded && same->bufferIntact && *same->bufferIntact));

    std::vector<std::uint8_t> original = a.source;
    original[original.size() / 2] ^= 1;
    auto changedOriginal = verifyArchive(a.archive, "take.glb", original);
    REQUIRE(changedOriginal.ok());
    CHECK_FALSE(changedOriginal->identical());
    CHECK(*changedOriginal->matchesRecorded);
    CHECK_FALSE(*changedOriginal->matchesOriginal);

    auto [json, bin] = splitGlb(a.archive);
    bin[bin.size() - 1] ^= 1;  // the buffer's last byte: a mesh's, which the recording does not read
    auto changedArchive = verifyArchive(glb(json, bin), "take.glb");
    REQUIRE(changedArchive.ok());
    CHECK_FALSE(changedArchive->identical());
    CHECK_FALSE(*changedArchive->bufferIntact);

    auto unrecorded = verifyArchive(exportGlb(fixtures::small(Encoding{1, Layout::Compact}), {}).value(), "plain.glb");
    REQUIRE(unrecorded.ok());
    CHECK_FALSE(unrecorded->recorded);
    CHECK_FALSE(unrecorded->identical());  // nothing to compare with
}

namespace {
using fixtures::bytesOf;

// The small fixture with every curve's first value alone, at `at` seconds: a single pose.
Recording singlePose(float at) {
    Recording r = fixtures::small(Encoding{1, Layout::Compact});
    for (Curve& curve : r.curves)
        if (!curve.keys.empty()) curve.keys = {Key{at, curve.keys.value(0)}};
    return r;
}
}  // namespace

TEST_CASE("an archive of a single pose rebuilds it as it was, though reading it to play holds the pose") {
    for (const float at : {0.0f, 0.5f, 1.4013e-45f}) {
        CAPTURE(at);
        const Recording pose = singlePose(at);
        const std::vector<std::uint8_t> source = bytesOf(pose);
        ExportOptions options;
        options.provenance = provenanceOf(source, "pose.bin", pose.encoding);
        const std::vector<std::uint8_t> archive = exportGlb(pose, options).value();
        auto check = verifyArchive(archive, "pose.glb", source);
        REQUIRE(check.ok());
        CHECK(check->identical());
        auto played = loadRecording(archive, "pose.glb");  // held from 0 to 1 s, so that MRTK shows it
        REQUIRE(played.ok());
        CHECK(bytesOf(*played) != source);
        CHECK(played->curves[0].keys.size() == 2);
    }
}

TEST_CASE("a manifest reads back what was written, and refuses what is not one by place") {
    ManifestEntry e{"in/a,\"b\".bin", 10, std::string(64, 'a'), "sub/a.glb", 20, std::string(64, 'b'), 1e-5, 0.01};
    const auto read = readManifest(bytesOf(manifestJson({e})), "m.json");
    REQUIRE(read);
    REQUIRE(read->size() == 1);
    CHECK(read->front().source == e.source);
    CHECK(read->front().archiveBytes == 20);
    CHECK(read->front().rotationError == 0.01);
    CHECK(manifestCsv({e}).find("\n\"in/a,\"\"b\"\".bin\",10,") != std::string::npos);  // RFC 4180 quoting

    const std::string absolute = R"({"schema": "inputanim.manifest/1", "files": [)" + manifestJson({e}) + "]}";
    CHECK_FALSE(readManifest(bytesOf(absolute), "m.json"));  // an entry that is a manifest
    auto outside = manifestJson({ManifestEntry{e.source, 1, e.sourceSha256, "/etc/a.glb", 1, e.archiveSha256, 0, 0}});
    const auto refused = readManifest(bytesOf(outside), "m.json");
    REQUIRE_FALSE(refused);
    CHECK(refused.error().pointer == "/files/0");
    for (const char* archive : {"../a.glb", "sub/../../a.glb"}) {
        CAPTURE(archive);
        CHECK_FALSE(readManifest(
            bytesOf(manifestJson({ManifestEntry{e.source, 1, e.sourceSha256, archive, 1, e.archiveSha256, 0, 0}})),
            "m.json"));
    }
    const std::string deep = std::string(200000, '[') + std::string(200000, ']');
    CHECK_FALSE(readManifest(bytesOf(deep), "m.json"));  // no recursion through it
}

TEST_CASE("manifests merge one entry per archive, the later one kept, in the order of the archives' paths") {
    const auto entry = [](const char* archive, std::uint64_t bytes) {
        return ManifestEntry{"s", 1, "h", archive, bytes, "h", 0, 0};
    };
    const auto merged = mergeManifests({entry("b.glb", 1), entry("a.glb", 1)}, {entry("b.glb", 2), entry("c.glb", 1)});
    REQUIRE(merged.size() == 3);
    CHECK(merged[0].archive == "a.glb");
    CHECK(merged[1].archive == "b.glb");
    CHECK(merged[1].archiveBytes == 2);
    CHECK(merged[2].archive == "c.glb");
}
