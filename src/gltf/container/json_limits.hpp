// Limits on the JSON of glTF files, checked before anything parses it (internal to the glTF layer):
// tinygltf turns JSON into its own value tree recursively, so nesting must be bounded first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace inputanim {

// Deeper than any glTF or inputanim extras need (the profile's deepest value is 7 levels down).
inline constexpr std::size_t kMaxJsonDepth = 64;

// Byte offset of the first '[' or '{' that nests deeper than `limit`, or nullopt. Skips strings and their
// escapes; linear time, no recursion.
inline std::optional<std::size_t> tooDeepAt(std::span<const std::uint8_t> text, std::size_t limit = kMaxJsonDepth) {
    std::size_t depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::uint8_t c = text[i];
        if (inString) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

}  // namespace inputanim
