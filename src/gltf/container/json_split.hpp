// A glTF's JSON split in one pass into the text tinygltf is given and the parts the tool reads itself (internal to
// the glTF layer).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace inputanim {

// tinygltf is given the JSON without the lists the tool never reads (images, which tinygltf would read and decode;
// materials, textures, samplers and meshes, which cost it kilobytes per empty entry: isCutMember), without the
// extras of the file and of the items of its lists (read from the kept trees; tinygltf would convert them to its
// Values, slow for the full keys of authored curves), and with every buffer stood in for by four bytes of a data
// URI (readBuffers reads them; tinygltf would copy them or search the file system for them). Kept: "buffers"
// whole, and for each item of "animations" and "scenes" an object with its "extras", if any. A member of the
// file's object given twice counts once, the last, as in a tree.
// A member of the file's object that tinygltf is not given: the file's extras and the lists no reader here uses.
inline bool isCutMember(std::string_view name) {
    return name == "extras" || name == "images" || name == "materials" || name == "textures" || name == "samplers" || name == "meshes";
}

struct SplitJson {
    std::string forTinygltf;
    nlohmann::json kept = nlohmann::json::object();
    std::size_t listItems = 0;  // items of the file's lists in forTinygltf (each costs tinygltf about a kilobyte)
};

// The common case, fast: copies the text as it is, less what is cut, for JSON it can vouch for (valid UTF-8,
// escapes other than \u, numbers too short to overflow a double, nested at most kMaxJsonDepth levels). Nullopt
// for anything else, valid or not: splitAnyJson then reads it and tells which.
std::optional<SplitJson> splitPlainJson(std::span<const std::uint8_t> text);

// Any text, token by token through nlohmann's parser (its nesting must be checked first: tooDeepAt). Nullopt when
// it is not one JSON object, or holds an index (sampler, node, children...) beyond 32 bits (then `hugeIndex` is
// set): tinygltf would read it cut to its low bits.
std::optional<SplitJson> splitAnyJson(std::span<const std::uint8_t> text, bool* hugeIndex = nullptr);

}  // namespace inputanim
