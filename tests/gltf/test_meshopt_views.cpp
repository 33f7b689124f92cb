// Compressed archives (ExportOptions::compress): every view compressed as EXT_meshopt_compression describes it, read
// back to the same recording; and compressed views that break the extension's rules, refused naming the view before
// anything is decoded or allocated.
#include <catch2/catch.hpp>
#include <algorithm>

#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "support/fixtures.hpp"
#include "support/glb_json.hpp"

using namespace inputanim;
using Json = nlohmann::json;

namespace {

std::pair<Json, std::vector<std::uint8_t>> compressed(const Recording& recording) {
    ExportOptions options;
    options.compress = true;
    return splitGlb(exportGlb(recording, options).value());
}

// The first primitive of the mesh named `mesh` (Hand_Left, Hand_Right: a hand's skinned mesh).
const Json& primitiveOf(const Json& json, const std::string& mesh) {
    for (const Json& m : json["meshes"])
        if (m["name"] == mesh) return m["primitives"][0];
    FAIL("no mesh " << mesh);
    return json;
}

std::string refusal(const Json& json, const std::vector<std::uint8_t>& bin) {
    auto r = importGltf(glb(json, bin), "x.glb");
    return r.ok() ? "read" : r.error().describe();
}

}  // namespace

TEST_CASE("a compressed export reads back to the same recording, every view compressed and the file requiring it") {
    for (const Encoding encoding : {Encoding{1, Layout::Compact}, Encoding{0, Layout::Full}}) {
        const Recording recording = fixtures::small(encoding);
        const auto plain = exportGlb(recording, {}).value();
        const auto [json, bin] = compressed(recording);
        CHECK(json["extensionsRequired"] == Json::array({"EXT_meshopt_compression"}));
        CHECK(json["buffers"].size() == 2);
        CHECK(json["buffers"][0]["byteLength"].get<std::size_t>() <= bin.size());
        // The buffer before compression: the plain file's less one hand's mesh (positions and normals: 24 bytes a
        // vertex), which both hands share.
        const std::size_t vertices =
            json["accessors"][primitiveOf(json, "Hand_Left")["attributes"]["POSITION"].get<int>()]["count"];
        CHECK(json["buffers"][1]["byteLength"].get<std::size_t>() + 24 * vertices >=
              splitGlb(plain).first["buffers"][0]["byteLength"].get<std::size_t>());
        CHECK(json["buffers"][1]["byteLength"].get<std::size_t>() + 24 * vertices <=
              splitGlb(plain).first["buffers"][0]["byteLength"].get<std::size_t>() + 8);  // alignment
        CHECK(json["buffers"][1]["extensions"]["EXT_meshopt_compression"]["fallback"] == true);
        CHECK_FALSE(json["buffers"][1].contains("uri"));
        for (const Json& view : json["bufferViews"]) {
            const Json& ext = view["extensions"]["EXT_meshopt_compression"];
            CHECK(view["buffer"] == 1);
            CHECK(ext["buffer"] == 0);
            CHECK(ext["count"].get<std::uint64_t>() * ext["byteStride"].get<std::uint64_t>() == view["byteLength"]);
            CHECK((ext["mode"] == "ATTRIBUTES" || (ext["mode"] == "INDICES" && view["target"] == 34963)));
        }
        CHECK(bin.size() < plain.size());
        auto back = importGltf(glb(json, bin), "x.glb");
        INFO((back.ok() ? "" : back.error().describe()));
        REQUIRE(back.ok());
        CHECK(fixtures::bytesOf(*back) == fixtures::bytesOf(recording));
    }
}

TEST_CASE("a compressed export holds one hand mesh, which each hand's skin fits to its bones") {
    const auto [json, bin] = compressed(fixtures::small(Encoding{1, Layout::Compact}));
    const Json &left = primitiveOf(json, "Hand_Left"), &right = primitiveOf(json, "Hand_Right");
    for (const char* attribute : {"POSITION", "NORMAL", "JOINTS_0", "WEIGHTS_0"})
        CHECK(left["attributes"][attribute] == right["attributes"][attribute]);
    CHECK(left["indices"] != right["indices"]);  // the right hand's triangles turned for its mirror image
    CHECK(json["skins"][0]["inverseBindMatrices"] != json["skins"][1]["inverseBindMatrices"]);
    // A plain export fits a mesh to each hand.
    const Json plain = splitGlb(exportGlb(fixtures::small(Encoding{1, Layout::Compact}), {}).value()).first;
    CHECK(primitiveOf(plain, "Hand_Left")["attributes"]["POSITION"] !=
          primitiveOf(plain, "Hand_Right")["attributes"]["POSITION"]);
}

TEST_CASE("compressed views that break the extension's rules are refused, naming the view") {
    const auto [json, bin] = compressed(fixtures::small(Encoding{1, Layout::Compact}));
    const std::string at = "/bufferViews/0/extensions/EXT_meshopt_compression";
    auto changed = [&json = json](auto&& edit) {
        Json copy = json;
        edit(copy["bufferViews"][0]["extensions"]["EXT_meshopt_compression"], copy["bufferViews"][0]);
        return copy;
    };
    CHECK_THAT(refusal(changed([](Json& e, Json&) { e["count"] = e["count"].get<int>() + 1; }), bin),
               Catch::Contains(at) && Catch::Contains("byteStride times count"));
    CHECK_THAT(refusal(changed([](Json& e, Json&) { e["mode"] = "TRIANGLE"; }), bin),
               Catch::Contains(at + "/mode") && Catch::Contains("ATTRIBUTES, TRIANGLES or INDICES"));
    CHECK_THAT(refusal(changed([](Json& e, Json&) { e["filter"] = "QUATERNION"; }), bin),
               Catch::Contains(at) && Catch::Contains("QUATERNION needs a byteStride of 8"));
    CHECK_THAT(refusal(changed([](Json& e, Json&) { e["byteLength"] = e["byteLength"].get<int>() - 1; }), bin),
               Catch::Contains(at) && Catch::Contains("ATTRIBUTES stream does not decode"));
    CHECK_THAT(refusal(changed([](Json& e, Json&) { e.erase("buffer"); }), bin),
               Catch::Contains(at + "/buffer") && Catch::Contains("expected a whole number"));
    // A claim of 4 GB from a few bytes: refused before anything is allocated.
    CHECK_THAT(refusal(changed([](Json& e, Json& view) {
                           e["count"] = 1'000'000'000;
                           view["byteLength"] = e["byteStride"].get<std::uint64_t>() * 1'000'000'000;
                       }),
                       bin),
               Catch::Contains(at) && Catch::Contains("cannot come from"));
    // Views that name one stream share the file's budget: copies of view 0 beyond what 64 times the file's bytes
    // could hold are refused, though each alone is within its stream's 64 times.
    Json copies = json;
    const Json& largest =
        *std::max_element(json["bufferViews"].begin(), json["bufferViews"].end(),
                          [](const Json& a, const Json& b) { return a["byteLength"] < b["byteLength"]; });
    const auto viewBytes = largest["byteLength"].get<std::uint64_t>();
    REQUIRE(viewBytes > 512);  // each view adds 256 bytes of slack to the budget
    const std::uint64_t enough = 64 * bin.size() / (viewBytes - 256) + 16;
    for (std::uint64_t i = 0; i < enough; ++i) copies["bufferViews"].push_back(largest);
    CHECK_THAT(refusal(copies, bin), Catch::Contains("this file may decode to (64 times its buffers' bytes"));
    // An uncompressed view may not read the placeholder.
    CHECK_THAT(refusal(changed([](Json&, Json& view) { view.erase("extensions"); }), bin),
               Catch::Contains("/bufferViews/0") && Catch::Contains("a placeholder without bytes"));
}
