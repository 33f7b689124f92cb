// Files loaded where the page cache holds them (LoadOptions::mapInput): the same recordings and hashes as files read,
// 1.1 compact keys in place (1.0 files still read through a window), and a file shortened while mapped read as zeros
// and reported, never a crash.
#include <catch2/catch.hpp>
#include <filesystem>

#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/core/sha256.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/job.hpp"
#include "inputanim/load.hpp"
#include "inputanim/save.hpp"
#include "support/fixtures.hpp"
#include "support/temp_folder.hpp"

using namespace inputanim;
using fixtures::bytesOf;

namespace {

struct MappedFolder : test_support::TempFolder {
    MappedFolder() : TempFolder("mapped") {}
    std::string write(const std::string& name, std::span<const std::uint8_t> bytes) const {
        const std::string path = *this / name;
        REQUIRE(writeFileAtomically(path, bytes).ok());
        return path;
    }
};

LoadOptions mapping(bool recordSource) {
    LoadOptions options;
    options.mapInput = true;
    options.recordSource = recordSource;
    return options;
}

// A recording of more than kMapInputLeast bytes (a smaller file is read, not mapped).
Recording mappable(Encoding encoding) {
    SyntheticOptions synthetic;
    synthetic.encoding = encoding;
    synthetic.duration = 8;
    synthetic.reduceKeys = false;
    synthetic.eyeGaze = encoding.minor == 1;
    auto recording = generateRecording(synthetic);
    REQUIRE(recording.ok());
    REQUIRE(bytesOf(*recording).size() > kMapInputLeast);
    return std::move(*recording);
}

// Every key byte of every curve summed: reads each page the recording borrows from.
double touchEveryKey(const Recording& recording) {
    double sum = 0;
    for (const auto& curve : recording.curves)
        for (std::size_t i = 0; i < curve.keys.size(); ++i) sum += curve.keys[i].time + curve.keys[i].value;
    return sum;
}

}  // namespace

TEST_CASE("a mapped file loads as the file read does, its source hashed on the side, compact keys in place") {
    const MappedFolder folder;
    for (Encoding encoding : {Encoding{0, Layout::Full}, Encoding{1, Layout::Compact}, Encoding{1, Layout::Full}}) {
        CAPTURE(describe(encoding));
        const auto bytes = bytesOf(mappable(encoding));
        const std::string path = folder.write("take.bin", bytes);
        LoadReport read, mapped;
        auto fromRead = loadFile(path, {.recordSource = true}, &read);
        auto fromMap = loadFile(path, mapping(true), &mapped);
        REQUIRE(fromRead.ok());
        REQUIRE(fromMap.ok());
        CHECK(bytesOf(*fromMap) == bytes);
        CHECK(recordedSource(mapped)->sourceSha256 == sha256Hex(bytes));
        CHECK(recordedSource(mapped)->sourceSha256 == recordedSource(read)->sourceSha256);
        CHECK(recordedSource(mapped)->sourceFormat == recordedSource(read)->sourceFormat);
        if (encoding.minor == 0) {  // read through a window, never whole in memory
            CHECK_FALSE(mapped.mapped);
            continue;
        }
#if !defined(_WIN32)
        REQUIRE(mapped.mapped);
        CHECK(mapped.mapped->intact());
        const auto file = mapped.mapped->bytes();
        const auto keys = fromMap->curves[cameraCurve(0)].keys.timeValueBytes();
        const bool inPlace = !keys.empty() && keys.data() >= file.data() && keys.data() < file.data() + file.size();
        CHECK(inPlace == (encoding.layout == Layout::Compact));
#endif
    }
    auto glb = exportGlb(mappable({1, Layout::Compact}), {});
    REQUIRE(glb.ok());
    REQUIRE(glb->size() > kMapInputLeast);
    const std::string path = folder.write("take.glb", *glb);
    LoadReport report;
    auto fromGlb = loadFile(path, mapping(true), &report);
    REQUIRE(fromGlb.ok());
    CHECK(report.kind == InputKind::Glb);
    CHECK(bytesOf(*fromGlb) == bytesOf(*loadFile(path)));
    // A small file is read, not mapped.
    const std::string small = folder.write("small.bin", bytesOf(fixtures::small({1, Layout::Compact})));
    LoadReport read;
    REQUIRE(loadFile(small, mapping(true), &read).ok());
    CHECK_FALSE(read.mapped);
}

#if !defined(_WIN32)
TEST_CASE("a mapped file shortened by another program reads as zeros past its end and says so") {
    const MappedFolder folder;
    const Recording recording = mappable({1, Layout::Compact});
    const auto bytes = bytesOf(recording);
    const std::string path = folder.write("take.bin", bytes);
    LoadReport report;
    auto mapped = loadFile(path, mapping(false), &report);
    REQUIRE(mapped.ok());
    REQUIRE(report.mapped);
    CHECK(touchEveryKey(*mapped) == touchEveryKey(recording));
    CHECK(report.mapped->intact());
    std::filesystem::resize_file(std::filesystem::path(path), 4096);  // what another program may do meanwhile
    CHECK(touchEveryKey(*mapped) != touchEveryKey(recording));  // zeros, not the end of the process
    CHECK_FALSE(report.mapped->intact());
    // Another mapping of another file is not marked by it.
    const std::string other = folder.write("other.bin", bytes);
    LoadReport second;
    REQUIRE(loadFile(other, mapping(false), &second).ok());
    REQUIRE(second.mapped);
    CHECK(second.mapped->intact());
    // Shortened within its last page, where reading gives zeros and no fault: its size tells.
    std::filesystem::resize_file(std::filesystem::path(other), bytes.size() - 8);
    CHECK_FALSE(second.mapped->intact());
}
#endif

TEST_CASE("a large archive's buffer, hashed on the side, still tells a damaged archive from a sound one") {
    const MappedFolder folder;
    const Recording recording = mappable({1, Layout::Compact});
    const auto source = bytesOf(recording);
    ExportOptions options;
    options.provenance = provenanceOf(source, "take.bin", recording.encoding);
    auto glb = exportGlb(recording, options);
    REQUIRE(glb.ok());
    REQUIRE(glb->size() > kHashAsideLeast);
    LoadReport sound;
    REQUIRE(loadFile(folder.write("sound.glb", *glb), mapping(false), &sound).ok());
    REQUIRE(sound.gltf.provenance);
    CHECK(sound.gltf.provenance->sourceSha256 == sha256Hex(source));
    std::vector<std::uint8_t> damaged = *glb;
    damaged[damaged.size() - 100] ^= 1;  // in the BIN chunk's last keys
    auto refused = loadFile(folder.write("damaged.glb", damaged), mapping(false));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::ArchiveDamaged);
}

TEST_CASE("a large archive written while its digests are taken holds them where exportGlb writes them") {
    const MappedFolder folder;
    const Recording recording = mappable({1, Layout::Compact});
    const auto source = bytesOf(recording);
    SaveOptions save;
    save.gltf.provenance = provenanceOf(source, "take.bin", recording.encoding);
    auto waited = exportGlb(recording, save.gltf);  // both digests taken before the JSON is written
    REQUIRE(waited.ok());
    REQUIRE(waited->size() > kHashAsideLeast);
    // The source's digest still to be taken, as a mapped input's is, the buffer's taken aside.
    save.gltf.provenance->sourceSha256.clear();
    save.gltf.sourceSha256 = sha256HexLater(source, HashWhen::Asked);
    auto late = exportGlbBytes(recording, save.gltf, nullptr, Digests::Later);
    REQUIRE(late.ok());
    REQUIRE(late->latePacket.valid());
    const std::string packet = late->latePacket.get();
    const auto held = std::span(late->head).subspan(late->packetAt, packet.size());
    CHECK(std::string(held.begin(), held.end()) != packet);  // placeholders, until written over
    std::copy(packet.begin(), packet.end(), late->head.begin() + std::ptrdiff_t(late->packetAt));
    std::vector<std::uint8_t> joined(late->head.begin(), late->head.end());
    joined.insert(joined.end(), late->bin.begin(), late->bin.end());
    joined.insert(joined.end(), late->tail.begin(), late->tail.end());
    CHECK(joined == *waited);
    // saveFile writes them over the placeholders once the rest of the file is written.
    REQUIRE(saveFile(recording, folder / "late.glb", save).ok());
    auto written = readFile(folder / "late.glb");
    REQUIRE(written.ok());
    CHECK(std::equal(written->begin(), written->end(), waited->begin(), waited->end()));
}

#if !defined(_WIN32)
TEST_CASE("a job whose mapped input is shortened before its output is committed writes nothing and says why") {
    const MappedFolder folder;
    const std::string path = folder.write("take.bin", bytesOf(mappable({1, Layout::Compact})));
    LoadReport loaded;
    auto recording = loadFile(path, mapping(true), &loaded);
    REQUIRE(recording.ok());
    REQUIRE(loaded.mapped);
    std::filesystem::resize_file(std::filesystem::path(path), 100);
    Job job;
    job.input = path;
    job.output = folder / "take.glb";
    JobReport report;
    const Status status = runJobOn(job, std::move(*recording), std::move(loaded), report);
    REQUIRE_FALSE(status.ok());
    CHECK(status.error().kind == ErrorKind::InputFailed);
    CHECK_THAT(status.error().describe(), Catch::Contains("take.bin") && Catch::Contains("shrank while being read"));
    CHECK_FALSE(std::filesystem::exists(std::filesystem::path(folder / "take.glb")));
    CHECK(folder.entries() == 1);  // no temporary left either
}
#endif
