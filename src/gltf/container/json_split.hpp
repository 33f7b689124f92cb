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

// tinygltf is given the JSON less what it would copy or allocate without use (docs/architecture.md, "A glTF file is
// read once"): the lists no reader here uses (isCutMember), every extras (read from `kept`), and each buffer's data,
// stood in for by a four-byte data URI (readBuffers reads the bytes). `kept`: "buffers" whole, and for each item of
// "animations" and "scenes" an object with its "extras", if any. A member given twice counts once, the last.
inline bool isCutMember(std::string_view name) {
    return name == "extras" || name == "images" || name == "materials" || name == "textures" || name == "samplers" ||
           name == "meshes";
}

// Kept whole as well: the file's extension lists (checked before its buffers are read), its own extensions (where
// its provenance is) and its asset (which names the provenance packet).
inline bool isExtensionList(std::string_view name) { return name == "extensionsUsed" || name == "extensionsRequired"; }
inline bool isKeptWhole(std::string_view name) {
    return name == "buffers" || name == "extensions" || name == "asset" || isExtensionList(name);
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
