// UTF-8 validation: the binary format's strings and glTF's JSON text must be valid UTF-8.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inputanim {

// Offset of the first byte that does not start a valid UTF-8 sequence (RFC 3629: no overlong forms,
// no surrogates, nothing above U+10FFFF), or nullopt when the whole text is valid.
inline std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        std::size_t length;
        unsigned char lo = 0x80, hi = 0xbf;  // allowed range of the second byte
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xc2 && c <= 0xdf) length = 2;
        else if (c == 0xe0) length = 3, lo = 0xa0;
        else if (c >= 0xe1 && c <= 0xec) length = 3;
        else if (c == 0xed) length = 3, hi = 0x9f;
        else if (c >= 0xee && c <= 0xef) length = 3;
        else if (c == 0xf0) length = 4, lo = 0x90;
        else if (c >= 0xf1 && c <= 0xf3) length = 4;
        else if (c == 0xf4) length = 4, hi = 0x8f;
        else return i;
        if (i + length > n) return i;
        if (s[i + 1] < lo || s[i + 1] > hi) return i;
        for (std::size_t k = 2; k < length; ++k)
            if (s[i + k] < 0x80 || s[i + k] > 0xbf) return i;
        i += length;
    }
    return std::nullopt;
}

// For messages: `text` cut at a character boundary to at most `limit` bytes, ending in "... (N bytes)" when cut.
std::string shortened(std::string_view text, std::size_t limit = 64);
// For messages: "a, b, c and 7 more", the first `most` items each shortened.
std::string listed(const std::vector<std::string>& items, std::size_t most = 10);

}  // namespace inputanim
