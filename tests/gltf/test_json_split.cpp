// Splitting a glTF's JSON: the fast pass over plain text must split exactly as the token by token pass does, and
// leave to it whatever it cannot vouch for.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <span>
#include <string>

#include "gltf/container/json_limits.hpp"
#include "gltf/container/json_split.hpp"
#include "support/exported_json.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;
using Json = nlohmann::json;

namespace {

using fixtures::bytesOf;

std::optional<SplitJson> plain(const std::string& text) { return splitPlainJson(bytesOf(text)); }

// As the loader reads a text the fast pass declines: nesting checked first.
std::optional<SplitJson> any(const std::string& text) {
    if (tooDeepAt(bytesOf(text))) return std::nullopt;
    return splitAnyJson(bytesOf(text));
}

// The same split: tinygltf reads the same values, and the same trees are kept.
void checkSame(const SplitJson& fast, const SplitJson& tokens) {
    CHECK(Json::parse(fast.forTinygltf) == Json::parse(tokens.forTinygltf));
    CHECK(fast.kept == tokens.kept);
    CHECK(fast.listItems == tokens.listItems);
}

// Items with extras first, between others, last, alone and twice; extras on the file and deeper; images; buffers
// as a list and (invalid glTF, but JSON) as an object; lists of other things than objects; a member given twice;
// the extension lists (kept: read before the buffers), one given twice; the file's extensions (kept: its provenance).
const std::string kDocument = R"({"asset":{"version":"2.0","extras":{"deep":[1,{"x":null}]}},"extras":{"file":true},
 "extensionsUsed":["KHR_a"],"extensionsRequired":["EXT_b"],"extensionsUsed":["KHR_a","EXT_b"],
 "extensions":{"KHR_a":{"packets":[{"@context":{},"n":[1,2]}]}},
 "images":[{"uri":"../../outside.png"}],
 "buffers":[{"byteLength":4,"uri":"data:application/octet-stream;base64,AAAAAA=="},{"byteLength":8,"uri":"b.bin"}],
 "nodes":[{"extras":{"a":1},"name":"first"},{"name":"mid","extras":{"b":2},"scale":[2E+1,-0,1e-7]},
          {"name":"last","extras":[3]},{"extras":4},{"extras":5,"extras":6},{"name":"n\"q\\b\/s\n\t"}],
 "animations":[{"name":"InputAnimation","channels":[],"samplers":[],"extras":{"inputanim":{"k":[0.5,true,false]}}},
               {"name":"plain"},7,[],"text"],
 "scenes" : [ { "nodes" : [ 0 ] , "extras" : { "inputanim" : { } } } ],
 "accessors":[],"samplers":[1,2.5,-3e2,1234567890,-2147483648],
 "scene":0,"scenes":[{"extras":{"inputanim":"second"}}],"meshes":{"not":"a list"},"extras":null})";

}  // namespace

TEST_CASE("the fast pass splits plain JSON as the token by token pass does") {
    auto fast = plain(kDocument);
    REQUIRE(fast);
    auto tokens = any(kDocument);
    REQUIRE(tokens);
    checkSame(*fast, *tokens);
    // What the split is, seen once (both passes agree on it above).
    const Json forTinygltf = Json::parse(fast->forTinygltf);
    CHECK(fast->kept["extensionsUsed"] == Json::array({"KHR_a", "EXT_b"}));
    CHECK(fast->kept["extensionsRequired"] == Json::array({"EXT_b"}));
    CHECK(fast->kept["extensions"]["KHR_a"]["packets"][0]["n"] == Json::array({1, 2}));
    CHECK_FALSE(forTinygltf.contains("images"));
    CHECK_FALSE(forTinygltf.contains("samplers"));  // no reader here uses them: tinygltf never pays for them
    CHECK_FALSE(forTinygltf.contains("meshes"));
    CHECK(fast->listItems ==
          1 + 1 + 2 + 2 + 6 + 5 + 1 + 1);  // extension lists, buffers, nodes, animations, both scenes
    CHECK_FALSE(forTinygltf.contains("extras"));
    CHECK(forTinygltf["asset"]["extras"] == Json::parse(R"({"deep":[1,{"x":null}]})"));
    CHECK(forTinygltf["nodes"] ==
          Json::parse(R"([{"name":"first"},{"name":"mid","scale":[20,0,1e-7]},{"name":"last"},{},{},
                                                   {"name":"n\"q\\b/s\n\t"}])"));
    CHECK(forTinygltf["buffers"].size() == 2);
    CHECK(forTinygltf["buffers"][1]["uri"] == "data:application/octet-stream;base64,AAAAAA==");
    CHECK(fast->kept["buffers"][1]["uri"] == "b.bin");
    CHECK(fast->kept["animations"] == Json::parse(R"([{"extras":{"inputanim":{"k":[0.5,true,false]}}},{},{},{},{}])"));
    CHECK(fast->kept["scenes"] == Json::parse(R"([{"extras":{"inputanim":"second"}}])"));  // the last "scenes" counts
    // Laid out otherwise: the same.
    const std::string pretty = Json::parse(kDocument).dump(2);
    REQUIRE(plain(pretty));
    checkSame(*plain(pretty), *any(pretty));
}

TEST_CASE("the fast pass splits every export as the token by token pass does") {
    for (const std::string& json : exportedJsonTexts()) {
        auto fast = plain(json);
        REQUIRE(fast);  // the tool's own files take the fast pass
        checkSame(*fast, *any(json));
    }
}

TEST_CASE("the fast pass declines what it cannot vouch for, valid or not") {
    const std::string deepest = std::string(kMaxJsonDepth - 1, '[') + std::string(kMaxJsonDepth - 1, ']');
    CHECK(plain(R"({"a":)" + deepest + "}"));  // 64 levels
    const std::string utf8 = "{\"name\":\"caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x96\x90 \xed\x9f\xbf \xf4\x8f\xbf\xbf\"}";
    REQUIRE(plain(utf8));
    CHECK(plain(utf8)->forTinygltf == utf8);
    for (const std::string text :
         {// Valid JSON, left to the token by token pass: \u escapes, numbers that could overflow.
          std::string(R"({"name":"caf\u00e9"})"), std::string(R"({"a":1e301})"), std::string(R"({"a":1e-1001})"),
          "{\"a\":" + std::string(301, '9') + "}",
          // Invalid: too deep, not an object, trailing text, bad tokens, control characters, a BOM.
          R"({"a":[)" + deepest + "]}", std::string("[1]"), std::string("{} {}"), std::string(R"({"a":01})"),
          std::string(R"({"a":1.})"), std::string(R"({"a":tru})"), std::string(R"({"a":"\x"})"),
          std::string("{\"a\":\"\t\"}"), std::string(R"({"a":1,})"), std::string(R"({"a" 1})"),
          std::string("\xef\xbb\xbf{}"), std::string(""),
          // Invalid UTF-8: overlong, a surrogate, above U+10FFFF, a stray continuation byte, cut short.
          std::string("{\"a\":\"\xc0\xaf\"}"), std::string("{\"a\":\"\xe0\x9f\xbf\"}"),
          std::string("{\"a\":\"\xed\xa0\x80\"}"), std::string("{\"a\":\"\xf4\x90\x80\x80\"}"),
          std::string("{\"a\":\"\x80\"}"), std::string("{\"a\":\"\xe2\x9c\"}"), std::string("{\"a\":\"\\\0\"}", 9)}) {
        CAPTURE(text);
        CHECK_FALSE(plain(text));
    }
}

TEST_CASE("on mutated text the fast pass either declines or splits as the token by token pass does") {
    // Bytes swapped, dropped or added at random: the fast pass must never accept what the parser refuses, nor
    // split differently what both accept.
    const std::vector<std::string> pieces = {"{",        "}",
                                             "[",        "]",
                                             ",",        ":",
                                             "\"",       "\\",
                                             " ",        "\n",
                                             "0",        "1",
                                             "9",        "-",
                                             "+",        ".",
                                             "e",        "E",
                                             "t",        "r",
                                             "u",        "f",
                                             "a",        "l",
                                             "s",        "n",
                                             "/",        "b",
                                             "\x01",     "\x7f",
                                             "\xc3",     "\xa9",
                                             "\xc3\xa9", "\xe2\x9c\x93",
                                             "\\u00e9",  "1e999",
                                             "extras"};
    std::mt19937 random(19);
    std::size_t accepted = 0, declinedValid = 0;
    for (int i = 0; i < 4000; ++i) {
        std::string text = kDocument;
        for (int edits = 1 + int(random() % 3); edits > 0; --edits) {
            const std::size_t at = random() % text.size();
            const std::string& piece = pieces[random() % pieces.size()];
            switch (random() % 3) {
                case 0: text.replace(at, piece.size(), piece); break;
                case 1: text.erase(at, 1 + random() % 4); break;
                default: text.insert(at, piece); break;
            }
        }
        CAPTURE(text);
        auto fast = plain(text);
        auto tokens = any(text);
        if (fast) {
            ++accepted;
            REQUIRE(tokens);
            checkSame(*fast, *tokens);
        } else if (tokens) {
            ++declinedValid;
        }
    }
    INFO(accepted << " accepted, " << declinedValid << " valid ones declined");
    CHECK(accepted > 500);  // the mutants exercise the fast pass...
    CHECK(declinedValid > 10);  // ...and some valid ones are left to the parser
}
