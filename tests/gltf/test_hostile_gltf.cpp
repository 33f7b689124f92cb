// Hostile glTF input: every case gets a clear, specific error naming the file and the glTF path.
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "support/foreign_gltf.hpp"
#include "support/glb_json.hpp"

using namespace inputanim;
using Json = nlohmann::json;

namespace {

std::vector<std::uint8_t> floats(std::initializer_list<float> values) {
    std::vector<std::uint8_t> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.begin(), bytes.size());
    return bytes;
}

// The rest of a left hand after node 0 (its index tip), static, so that the file is a hand MRTK can play.
void addStaticRestOfLeftHand(Json& json) {
    for (Joint joint : kJoints)
        if (joint != Joint::None && joint != Joint::IndexTip) {
            const auto p = restPosition(Hand::Left, joint);
            json["nodes"].push_back({{"name", profileName(Hand::Left, joint)}, {"translation", {p.x, p.y, p.z}}});
        }
}

// A joint with one translation channel: times at offset 0, values after; `edit` changes the JSON.
std::string errorFor(const std::function<void(Json&)>& edit, std::vector<std::uint8_t> bin = {}) {
    if (bin.empty()) bin = floats({0, 1, 0, 1, 0.3f, 0, 1.1f, 0.3f});
    Json json = {
        {"asset", {{"version", "2.0"}}},
        {"buffers", {{{"byteLength", bin.size()}}}},
        {"bufferViews",
         {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 8}},
          {{"buffer", 0}, {"byteOffset", 8}, {"byteLength", 24}}}},
        {"accessors",
         {{{"bufferView", 0}, {"componentType", 5126}, {"count", 2}, {"type", "SCALAR"}, {"min", {0}}, {"max", {1}}},
          {{"bufferView", 1}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}}}},
        {"nodes", {{{"name", "Hand_Left_IndexTip"}}}},
        {"animations",
         {{{"samplers", {{{"input", 0}, {"output", 1}}}},
           {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}}}},
    };
    addStaticRestOfLeftHand(json);
    edit(json);
    auto r = importGltf(glb(json, bin), "hostile.glb");
    if (r.ok()) return "accepted";
    return r.error().describe();
}

}  // namespace

TEST_CASE("the baseline hostile-test file is valid") {
    CHECK(errorFor([](Json&) {}) == "accepted");
}

TEST_CASE("hostile glTF gets specific errors") {
    CHECK_THAT(errorFor([](Json& j) { j["accessors"][1]["type"] = "VEC2"; }),
               Catch::Contains(
                   "hostile.glb: /accessors/1: /animations/0/samplers/0 output: expected 3 components per element"));
    CHECK_THAT(errorFor([](Json& j) { j["accessors"][1]["count"] = 1000000000; }),
               Catch::Contains("/accessors/1: 1000000000 elements do not fit in their bufferView"));
    CHECK_THAT(errorFor([](Json& j) { j["bufferViews"][1]["byteLength"] = 4000000000u; }),
               Catch::Contains("/bufferViews/1: byte range exceeds its buffer"));
    CHECK_THAT(errorFor([](Json& j) { j["bufferViews"][1]["byteStride"] = 4; }),
               Catch::Contains("byteStride is smaller than an element"));
    CHECK_THAT(errorFor([](Json& j) { j["accessors"][0]["bufferView"] = 9; }),
               Catch::Contains("bufferView 9 does not exist"));
    // tinygltf reads an index as its low 32 bits: 2^63 and 2^32 + 0 would be sampler 0, 2^32 + 1 accessor 1.
    for (std::uint64_t huge : {std::uint64_t(1) << 63, std::uint64_t(1) << 32, (std::uint64_t(1) << 32) + 1})
        CHECK_THAT(
            errorFor([&](Json& j) { j["animations"][0]["channels"][0]["sampler"] = huge; }),
            Catch::EndsWith("an index (of a node, sampler, accessor...) beyond 32 bits: no such item can exist"));
    CHECK_THAT(errorFor([](Json& j) { j["animations"][0]["samplers"][0]["input"] = -(std::int64_t(1) << 40); }),
               Catch::Contains("beyond 32 bits"));
    CHECK(errorFor([](Json& j) {
              j["nodes"][0]["scale"] = {1, 12345678901234567890u, 1};
          }) == "accepted");  // a float, written whole
    // A channel without a node is valid glTF ("to be ignored"), and ignored it is.
    CHECK(errorFor([](Json& j) { j["animations"][0]["channels"][0]["target"].erase("node"); }) == "accepted");
    CHECK_THAT(errorFor([](Json& j) { j["animations"][0]["channels"].push_back(j["animations"][0]["channels"][0]); }),
               Catch::Contains("/animations/0/channels/1: a second channel targets node 0 translation"));
    CHECK_THAT(errorFor([](Json& j) { j["animations"][0]["samplers"][0]["interpolation"] = "BEZIER"; }),
               Catch::Contains("unknown interpolation 'BEZIER'"));
    CHECK_THAT(errorFor([](Json& j) { j["animations"][0]["samplers"][0]["interpolation"] = "CUBICSPLINE"; }),
               Catch::Contains("output holds 2 elements for 2 key times (expected 6)"));
    CHECK_THAT(errorFor([](Json& j) {
                   j["accessors"][0]["sparse"] = {{"count", 1},
                                                  {"indices", {{"bufferView", 0}, {"componentType", 5125}}},
                                                  {"values", {{"bufferView", 0}}}};
               }),
               Catch::Contains("sparse accessors are not supported"));
    CHECK_THAT(errorFor([](Json& j) { j["nodes"][0]["children"] = {0}; }),
               Catch::Contains("/nodes/0: node has more than one parent or is its own child"));
    CHECK_THAT(errorFor([](Json& j) {
                   j["nodes"].push_back({{"name", "b"}, {"children", {0}}});
                   j["nodes"][0]["children"] = {j["nodes"].size() - 1};
               }),
               Catch::Contains("/nodes/0: node hierarchy has a cycle"));
    CHECK_THAT(errorFor([](Json& j) { j["nodes"][0]["children"] = {42}; }),
               Catch::Contains("/nodes/0: child 42 does not exist"));
}

TEST_CASE("non-increasing and non-finite animation data is refused") {
    CHECK_THAT(
        errorFor([](Json&) {}, floats({1, 1, 0, 1, 0.3f, 0, 1.1f, 0.3f})),
        Catch::Contains("/animations/0/samplers/0: input time 1 is not finite or not later than the one before"));
    CHECK_THAT(errorFor([](Json&) {}, floats({0, 1, 0, std::numeric_limits<float>::quiet_NaN(), 0.3f, 0, 1.1f, 0.3f})),
               Catch::Contains("output holds NaN or infinity"));
    const float inf = std::numeric_limits<float>::infinity();
    CHECK_THAT(
        errorFor([](Json&) {}, floats({0, inf, 0, 1, 0.3f, 0, 1.1f, 0.3f})),
        Catch::Contains("/animations/0/samplers/0: input time 1 is not finite or not later than the one before"));
    CHECK_THAT(errorFor([](Json&) {}, floats({0, 1, 0, 1, 0.3f, 0, 1.1f, -inf})),
               Catch::Contains("output holds NaN or infinity"));
}

TEST_CASE("a GLB claiming a 4 GB buffer is refused without allocating it") {
    Json json = {{"asset", {{"version", "2.0"}}},
                 {"buffers", {{{"byteLength", 4000000000u}}}},
                 {"nodes", {{{"name", "Hand_Left_Wrist"}}}}};
    auto r = importGltf(glb(json, floats({1})), "claims.glb");
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(
        r.error().describe(),
        Catch::Contains("claims.glb: /buffers/0/byteLength: 4000000000 bytes exceed the GLB's BIN chunk (4 bytes)"));
}

TEST_CASE("a GLB's chunks are checked against the file, with byte offsets") {
    Json json;
    errorFor([&](Json& j) { json = j; });
    const auto good = glb(json, floats({0, 1, 0, 1, 0.3f, 0, 1.1f, 0.3f}));
    const std::size_t binChunk = good.size() - 32 - 8;
    auto edited = [&](std::size_t offset, std::uint32_t value) {
        auto bytes = good;
        std::memcpy(bytes.data() + offset, &value, 4);
        auto r = importGltf(bytes, "chunks.glb");
        return r.ok() ? std::string("accepted") : r.error().describe();
    };
    CHECK(edited(0, 0x46546C67) == "accepted");  // unchanged magic
    CHECK_THAT(
        edited(8, std::uint32_t(good.size() + 1)),
        Catch::Contains("chunks.glb: byte 8: GLB length " + std::to_string(good.size() + 1) + " exceeds the file"));
    CHECK_THAT(edited(binChunk, 36), Catch::Contains("chunks.glb: byte " + std::to_string(binChunk) +
                                                     ": BIN chunk length 36 exceeds the GLB"));
    // Without its BIN chunk (another chunk type is ignored), buffer 0 has no bytes.
    CHECK_THAT(edited(binChunk + 4, 0x12345678),
               Catch::Contains(
                   "chunks.glb: /buffers/0: has no uri, so its bytes must be a GLB's BIN chunk, and there is none"));
}

TEST_CASE("images are never read or decoded, even when they point outside the file") {
    CHECK(errorFor([](Json& j) {
              j["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", 4000000}, {"byteLength", 4000000}});
              j["images"] = {
                  {{"bufferView", 2}, {"mimeType", "image/png"}}, {{"uri", "/etc/passwd"}}, {{"uri", "missing.png"}}};
              j["textures"] = {{{"source", 0}}};
          }) == "accepted");
}

TEST_CASE("a .gltf reads only the bytes its buffer declares, from its own folder") {
    const auto folder = std::filesystem::temp_directory_path() / ("inputanim-hostile-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    // A buffer file far larger than its byteLength: the first 32 bytes are the channel, the rest is never read.
    const auto data = floats({0, 1, 0, 1, 0.3f, 0, 1.1f, 0.3f});
    std::ofstream(folder / "big.bin", std::ios::binary)
        << std::string(data.begin(), data.end()) << std::string(100000, 'x');
    const std::string json = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":32,"uri":"big.bin"}],
        "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":8},{"buffer":0,"byteOffset":8,"byteLength":24}],
        "accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"SCALAR","min":[0],"max":[1]},
                     {"bufferView":1,"componentType":5126,"count":2,"type":"VEC3"}],
        "nodes":[{"name":"Hand_Left_IndexTip"}],
        "animations":[{"samplers":[{"input":0,"output":1}],"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}]})";
    Json parsed = Json::parse(json);
    addStaticRestOfLeftHand(parsed);
    const std::string text = parsed.dump();
    auto r =
        importGltf({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, (folder / "a.gltf").string());
    REQUIRE(r.ok());
    CHECK(evaluate(r->curves[jointCurve(Hand::Left, Joint::IndexTip, 1)], 1.0) == Approx(1.1));
    const std::string missing = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":8,"uri":"none.bin"}]})";
    auto absent = importGltf({reinterpret_cast<const std::uint8_t*>(missing.data()), missing.size()},
                             (folder / "b.gltf").string());
    REQUIRE_FALSE(absent.ok());
    CHECK_THAT(absent.error().describe(), Catch::Contains("/buffers/0/uri: cannot read"));
    std::filesystem::remove_all(folder);
}

TEST_CASE("not glTF at all") {
    const std::string text = "this is not json";
    auto r = importGltf({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, "text.gltf");
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error().describe(), Catch::Contains("text.gltf: not a glTF file"));
    auto truncated = glb({{"asset", {{"version", "2.0"}}}}, {});
    truncated.resize(18);
    auto t = importGltf(truncated, "cut.glb");
    REQUIRE_FALSE(t.ok());
    CHECK_THAT(t.error().describe(), Catch::Contains("cut.glb: byte 18: expected a 20-byte GLB header"));
}

TEST_CASE("what a file merely claims is bounded before anything is allocated or walked") {
    // An accessor without a bufferView is zeros, but not 2^40 of them.
    CHECK_THAT(
        errorFor([](Json& j) { j["accessors"][1].erase("bufferView"), j["accessors"][1]["count"] = 1ull << 40; }),
        Catch::Contains("hostile.glb: /accessors/1: 1099511627776 elements without a bufferView (all zeros); at most "
                        "65536 are read"));
    // JSON nested deeper than any glTF needs: refused before tinygltf's recursive conversion sees it.
    CHECK_THAT(errorFor([](Json& j) {
                   Json deep = Json::array();
                   for (int i = 0; i < 100; ++i) deep = Json::array({deep});
                   j["nodes"][0]["extras"] = deep;
               }),
               Catch::Contains("JSON nested deeper than 64 levels"));
    // A hierarchy deeper than any rig: refused in linear time, naming the node.
    CHECK_THAT(errorFor([](Json& j) {
                   for (int n = 0; n < 300; ++n) j["nodes"].push_back({{"name", "link" + std::to_string(n)}});
                   for (int n = 0; n < 300; ++n) j["nodes"][n]["children"] = {n + 1};
               }),
               Catch::Contains("/nodes/257: node hierarchy deeper than 256 levels"));
}

TEST_CASE("a buffer URI means one file, inside the glTF's folder") {
    const auto folder = std::filesystem::temp_directory_path() / ("inputanim-uri-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    auto importJson = [&](const std::string& uri) {
        const std::string json = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":")" + uri +
                                 R"("}],"nodes":[{"name":"Hand_Left_Wrist"}]})";
        auto r =
            importGltf({reinterpret_cast<const std::uint8_t*>(json.data()), json.size()}, (folder / "a.gltf").string());
        return r.ok() ? std::string("accepted") : r.error().describe();
    };
    // An invalid escape is refused as written (never looked up under another name).
    std::ofstream(folder / "notes%7G.txt") << "secret";
    CHECK_THAT(importJson("notes%7G.txt"),
               Catch::Contains("/buffers/0/uri: 'notes%7G.txt' holds a '%' that is not followed by two hex digits"));
    // A symbolic link inside the folder that leads outside it is followed only with --allow-external-paths.
    std::ofstream(std::filesystem::temp_directory_path() / "inputanim-outside.bin") << "data";
    std::error_code linkError;
    std::filesystem::create_symlink(std::filesystem::temp_directory_path() / "inputanim-outside.bin",
                                    folder / "link.bin", linkError);
    if (!linkError) {
        CHECK_THAT(importJson("link.bin"), Catch::Contains("/buffers/0/uri: 'link.bin' resolves to"));
        CHECK_THAT(importJson("link.bin"), Catch::Contains("outside the glTF's folder"));
    } else {
        WARN("no symbolic link can be made here (" << linkError.message() << "): the link case is not tried");
    }
    for (const char* uri :
         {"../a.bin", "%2e%2e/a.bin", "/etc/passwd", "file:///etc/passwd", "http://example.com/a.bin"})
        CHECK_THAT(importJson(uri), Catch::Contains("/buffers/0/uri:"));
    std::filesystem::remove(std::filesystem::temp_directory_path() / "inputanim-outside.bin");
    std::filesystem::remove_all(folder);
}
