// The front door for writing: saveFile tells the output's kind by its extension, as loadFile reads any input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "inputanim/load.hpp"
#include "inputanim/save.hpp"
#include "support/edge_cases.hpp"
#include "support/temp_folder.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;
namespace fs = std::filesystem;

TEST_CASE("saveFile writes the kind its extension names, refuses other names, and loadFile reads each back") {
    const fs::path dir = fs::temp_directory_path() / ("inputanim-save-" + test_support::uniqueSuffix());
    fs::remove_all(dir);
    fs::create_directories(dir);
    const Recording r = fixtures::small(Encoding{1, Layout::Compact});
    for (const char* name : {"rec.bin", "rec.glb", "scene.gltf"}) {
        INFO(name);
        REQUIRE(saveFile(r, (dir / name).string()).ok());
        auto back = loadFile((dir / name).string());
        REQUIRE(back.ok());
        CHECK(fixtures::bytesOf(*back) == fixtures::bytesOf(r));  // glTF keeps the recording in its extras
    }
    CHECK(fs::exists(dir / "scene.bin"));  // the .gltf's buffer, beside it
    const Status refused = saveFile(r, (dir / "a.txt").string());
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == ErrorKind::Usage);
    CHECK_FALSE(fs::exists(dir / "a.txt"));
    fs::remove_all(dir);
}

namespace {

struct SaveFolder : test_support::TempFolder {
    SaveFolder() : TempFolder("save-gltf") {}
};

std::string text(const std::string& path) { return test_support::fileText(path); }

}  // namespace

TEST_CASE("a separate .gltf is staged after its .bin, so that it never appears without it") {
    SaveFolder folder;
    SaveOptions options;
    options.overwrite = Overwrite::Replace;
    auto staged =
        stageRecording(edge_cases::all()[0].recording, folder / "take.gltf", OutputKind::GltfSeparate, options);
    REQUIRE(staged.ok());
    REQUIRE(staged->size() == 2);
    CHECK((*staged)[0].target() == folder / "take.bin");
    CHECK((*staged)[1].target() == folder / "take.gltf");
#if defined(_WIN32)
    CHECK(folder.entries() == 2);  // two hidden temporaries: Windows has no unnamed files
#else
    CHECK(folder.entries() == 0);  // both unnamed
#endif
    REQUIRE(commitInOrder(*staged).ok());
    CHECK(fs::exists(folder / "take.bin"));
    CHECK(fs::exists(folder / "take.gltf"));
}

TEST_CASE(".gltf with a .bin beside it, or embedded, printed as nlohmann prints the same document") {
    SaveFolder folder;
    const Recording r = edge_cases::all()[0].recording;
    const std::string separate = folder / "my take.gltf";
    REQUIRE(saveFile(r, separate).ok());
    CHECK(fs::exists(folder / "my take.bin"));
    const std::string json = text(separate);
    const auto parsed = nlohmann::ordered_json::parse(json);
    CHECK(parsed["buffers"][0]["uri"] == "my%20take.bin");
    CHECK(parsed["buffers"][0]["byteLength"] == fs::file_size(folder / "my take.bin"));
    CHECK(parsed.dump(1) == json);  // one member per line, one space per level, as nlohmann's dump(1)

    const std::string embedded = folder / "embedded.gltf";
    REQUIRE(saveRecording(r, embedded, OutputKind::GltfEmbedded).ok());
    const std::string inlineJson = text(embedded);
    const auto inline_ = nlohmann::ordered_json::parse(inlineJson);
    CHECK(inline_["buffers"][0]["uri"].get<std::string>().rfind("data:application/octet-stream;base64,", 0) == 0);
    CHECK(inline_.dump(1) == inlineJson);
    CHECK_FALSE(fs::exists(folder / "embedded.bin"));

    for (const std::string& file : {separate, embedded}) {
        tinygltf::Model model;
        tinygltf::TinyGLTF loader;
        std::string error, warning;
        CHECK(loader.LoadASCIIFromFile(&model, &error, &warning, file));
        CHECK(model.buffers.at(0).data.size() == fs::file_size(folder / "my take.bin"));
    }
}

TEST_CASE("writeRecording streams the bytes saveRecording writes, and refuses a .gltf that is two files") {
    SaveFolder folder;
    const Recording r = edge_cases::all()[0].recording;
    for (auto [kind, name] : {std::pair{OutputKind::MrtkBinary, "a.bin"},
                              {OutputKind::Glb, "a.glb"},
                              {OutputKind::GltfEmbedded, "a.gltf"}}) {
        INFO(name);
        std::string streamed;
        SaveReport report;
        const Status written = writeRecording(
            r, kind, {},
            [&](std::span<const std::uint8_t> piece) -> Status {
                streamed.append(reinterpret_cast<const char*>(piece.data()), piece.size());
                return Success{};
            },
            &report);
        REQUIRE(written.ok());
        CHECK_FALSE(report.beyondTolerance);
        REQUIRE(saveRecording(r, folder / name, kind).ok());
        CHECK(streamed == text(folder / name));
    }
    const Status separate = writeRecording(r, OutputKind::GltfSeparate, {},
                                           [](std::span<const std::uint8_t>) -> Status { return Success{}; });
    REQUIRE_FALSE(separate.ok());
    CHECK(separate.error().kind == ErrorKind::Usage);
}

TEST_CASE("an output beyond its tolerances is reported as such, with the warning's code") {
    SaveFolder folder;
    const auto& cases = edge_cases::all();
    const auto unaligned =
        std::find_if(cases.begin(), cases.end(), [](const auto& c) { return c.name == "unaligned"; });
    REQUIRE(unaligned != cases.end());
    SaveOptions options;
    options.gltf.tolerances.position = 1e-12;  // components keyed at different times are fitted: not this close
    SaveReport report;
    REQUIRE(saveRecording(unaligned->recording, folder / "tight.glb", OutputKind::Glb, options, &report).ok());
    CHECK(report.gltf.maxPositionError > 1e-12);
    CHECK(report.beyondTolerance);
    REQUIRE(report.messages.size() == 1);
    CHECK(report.messages[0].code == "beyond-tolerance");
    CHECK(report.messages[0].severity == Severity::Warning);

    SaveReport within;
    REQUIRE(saveRecording(unaligned->recording, folder / "default.glb", OutputKind::Glb, {}, &within).ok());
    CHECK_FALSE(within.beyondTolerance);
    CHECK(within.messages.empty());
}
