// glTF extensions: a required one the library cannot read the file without is refused by name and place, as glTF 2.0
// asks of a loader; a required one that changes only what the conversion does not read (mesh geometry, materials)
// is read past with a note; extensions used but not required are listed.
#include <catch2/catch.hpp>

#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "support/fixtures.hpp"
#include "support/glb_json.hpp"

using namespace inputanim;
using Json = nlohmann::json;

namespace {

// The GLB of a small recording with `used` and `required` as its extension lists (none when empty). `escaped`: with a
// "\t" in its JSON, which the fast JSON pass leaves to the token-by-token one.
std::vector<std::uint8_t> withExtensions(const std::vector<std::string>& used, const std::vector<std::string>& required,
                                         bool escaped = false) {
    auto [json, bin] = splitGlb(exportGlb(fixtures::small(Encoding{1, Layout::Compact}), {}).value());
    if (escaped) json["asset"]["copyright"] = "tab\there";
    if (!used.empty()) json["extensionsUsed"] = used;
    if (!required.empty()) json["extensionsRequired"] = required;
    return glb(json, bin);
}

}  // namespace

TEST_CASE("a required extension the library does not read is refused, naming it and its place") {
    for (const std::string name : {"KHR_meshopt_compression", "KHR_animation_pointer", "EXT_made_up"}) {
        INFO(name);
        auto r = importGltf(withExtensions({"KHR_materials_unlit", name}, {"KHR_materials_unlit", name}), "x.glb");
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().reason == Reason::ExtensionUnsupported);
        CHECK(r.error().kind == ErrorKind::Refused);
        CHECK(r.error().pointer == "/extensionsRequired/1");
        CHECK_THAT(r.error().describe(), Catch::Contains("requires the glTF extension " + name));
    }
}

TEST_CASE("a required extension of meshes or materials is read past with a note; used ones are listed") {
    ImportReport report;
    const auto plain = importGltf(withExtensions({}, {}), "x.glb");
    auto r = importGltf(withExtensions({"KHR_materials_unlit"}, {"KHR_draco_mesh_compression"}), "x.glb", {}, &report);
    REQUIRE(r.ok());
    CHECK(fixtures::bytesOf(*r) == fixtures::bytesOf(plain.value()));
    CHECK(report.extensionsUsed == std::vector<std::string>{"KHR_materials_unlit", "KHR_draco_mesh_compression"});
    REQUIRE(report.notes.size() == 1);
    CHECK(report.notes[0].code == "extension-ignored");
    CHECK_THAT(report.notes[0].message,
               Catch::Contains("KHR_draco_mesh_compression") && Catch::Contains("mesh geometry"));
    ImportReport usedOnly;
    REQUIRE(importGltf(withExtensions({"EXT_made_up"}, {}), "x.glb", {}, &usedOnly).ok());  // used, not required: read
    CHECK(usedOnly.extensionsUsed == std::vector<std::string>{"EXT_made_up"});
    CHECK(usedOnly.notes.empty());
}
