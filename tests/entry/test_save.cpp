// The front door for writing: saveFile tells the output's kind by its extension, as loadFile reads any input.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>

#include "inputanim/load.hpp"
#include "inputanim/save.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;
namespace fs = std::filesystem;

TEST_CASE("saveFile writes the kind its extension names, refuses other names, and loadFile reads each back") {
    const fs::path dir = fs::temp_directory_path() / ("inputanim-save-" + std::to_string(::getpid()));
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
