// Reading a glTF's JSON in one pass: tinygltf gets what the file says, less the parts the tool reads itself.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "gltf/container/document.hpp"
#include "inputanim/gltf/container.hpp"

using namespace inputanim;

namespace {

Result<GltfDocument> loadText(const std::string& text, const std::string& animation = "") {
    return GltfDocument::load({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, "doc.gltf", false,
                              animation);
}

}  // namespace

TEST_CASE("tinygltf reads the file's strings and numbers as written, without images, extras and buffers") {
    // Escapes of every kind in a name (quote, backslash, solidus, newline, a control character, UTF-8 both raw
    // and escaped); numbers as integers, tiny, negative zero and in exponent form; images that point outside the
    // folder; extras on the file, a node and a list item's member (which tinygltf keeps).
    const std::string text = R"({
        "asset": {"version": "2.0", "extras": {"kept": true}},
        "extras": {"whole": "file"},
        "images": [{"uri": "../../outside.png"}],
        "buffers": [{"byteLength": 4, "uri": "data:application/octet-stream;base64,AAAAAA=="}],
        "nodes": [{"name": "a\"b\\c\/d\ne\u0001f\u00e9g\u00e9", "translation": [1e-7, -0.0, 3],
                   "rotation": [0, 0, 0, 1], "extras": {"x": [1, {"y": null}]}},
                  {"name": "second", "scale": [2E+1, 12345678901234567890, -5]}],
        "scenes": [{"nodes": [0, 1], "extras": {"inputanim": {"from": "scene"}}}],
        "scene": 0
    })";
    auto doc = loadText(text);
    REQUIRE(doc.ok());
    const auto& nodes = doc->model().nodes;
    REQUIRE(nodes.size() == 2);
    CHECK(nodes[0].name ==
          "a\"b\\c/d\ne\x01"
          "f\xc3\xa9g\xc3\xa9");
    CHECK(nodes[0].translation == std::vector<double>{1e-7, 0.0, 3});
    CHECK(std::signbit(nodes[0].translation[1]));
    CHECK(nodes[1].scale == std::vector<double>{20, 12345678901234567890.0, -5});
    CHECK_FALSE(nodes[0].extras.IsObject());  // the items' extras are the tool's to read
    CHECK(doc->model().images.empty());
    CHECK(doc->model().asset.extras.IsObject());  // deeper extras reach tinygltf as before
    CHECK(doc->inputanimExtras() == nlohmann::json{{"from", "scene"}});
}

TEST_CASE("the chosen animation's extras are read from its own item; a member given twice counts once, the last") {
    const std::string animations =
        R"("animations": [{"name": "first", "channels": [], "samplers": [], "extras": {"inputanim": 1}},
                                                     {"name": "InputAnimation", "channels": [], "samplers": [], "extras": {"inputanim": 2}},
                                                     {"name": "plain", "channels": [], "samplers": []}])";
    // The first "buffers" claims 4 GB and would be refused; the second, which counts, is valid.
    const std::string text = R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 4000000000}],
        "animations": [{"name": "dropped", "channels": [], "samplers": [], "extras": {"inputanim": 0}}],
        "buffers": [{"byteLength": 4, "uri": "data:application/octet-stream;base64,AAAAAA=="}], )" +
                             animations + "}";
    auto chosen = loadText(text);
    REQUIRE(chosen.ok());
    CHECK(chosen->animations().size() == 3);
    CHECK(chosen->inputanimExtras() == 2);  // InputAnimation, by default
    CHECK(loadText(text, "first")->inputanimExtras() == 1);
    CHECK(loadText(text, "plain")->inputanimExtras().is_null());
}

TEST_CASE("a file that is not one JSON object is refused as before") {
    for (const std::string text :
         {"[1, 2]", "\"text\"", "{\"asset\": {\"version\": \"2.0\"}} {}", "{\"asset\": ", "{\"a\": 1e999}"}) {
        CAPTURE(text);
        auto doc = loadText(text);
        REQUIRE_FALSE(doc.ok());
        CHECK_THAT(doc.error().describe(), Catch::Contains("doc.gltf: not a glTF file: neither GLB nor a JSON object"));
    }
}

TEST_CASE("the files a .gltf's buffers name beside it, as reading it takes them") {
    // By hand: a percent-escaped name decoded once, a subfolder, the same file twice (once), and what names no file
    // beside it: a data: URI, another scheme, '..', an absolute path, an invalid escape, no uri, a uri not text.
    const std::string text = R"({"asset": {"version": "2.0"}, "buffers": [
        {"byteLength": 1, "uri": "my%20take%2525.bin"}, {"byteLength": 1, "uri": "sub/c.bin"},
        {"byteLength": 1, "uri": "my%20take%2525.bin"}, {"byteLength": 1, "uri": "data:,A"},
        {"byteLength": 1, "uri": "https://example.com/x.bin"}, {"byteLength": 1, "uri": "../x.bin"},
        {"byteLength": 1, "uri": "/etc/x.bin"}, {"byteLength": 1, "uri": "bad%zz.bin"}, {"byteLength": 1},
        {"byteLength": 1, "uri": 3}]})";
    const auto files = bufferFilesBeside({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
    REQUIRE(files.size() == 2);
    CHECK(files[0].uri == "my%20take%2525.bin");
    CHECK(files[0].path == "my take%25.bin");
    CHECK(files[1].uri == "sub/c.bin");
    CHECK(files[1].path == "sub/c.bin");
    const std::string notJson = "MRTK";
    CHECK(bufferFilesBeside({reinterpret_cast<const std::uint8_t*>(notJson.data()), notJson.size()}).empty());
}
