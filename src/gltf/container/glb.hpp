// The GLB container (glTF 2.0 binary): a 12-byte header, a JSON chunk and an optional BIN chunk, each
// 4-byte aligned (internal to the glTF layer). Read and written here only.
#pragma once

#include <array>
#include <cstdint>
#include <future>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/default_init.hpp"
#include "inputanim/core/error.hpp"

namespace inputanim {

// JSON text that starts with the UTF-8 byte-order mark (EF BB BF).
inline bool hasByteOrderMark(std::span<const std::uint8_t> text) {
    return text.size() >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF;
}

inline constexpr std::uint32_t kGlbMagic = 0x46546C67;  // "glTF"
inline constexpr std::uint32_t kGlbChunkJson = 0x4E4F534A;  // "JSON"
inline constexpr std::uint32_t kGlbChunkBin = 0x004E4942;  // "BIN\0"

bool isGlb(std::span<const std::uint8_t> bytes);  // starts with the GLB magic

// A GLB's chunks, pointing into the file's bytes (nothing is copied).
struct GlbChunks {
    std::span<const std::uint8_t> json;
    std::optional<std::span<const std::uint8_t>> bin;
};
// Checks the header and chunk lengths against the file; errors name their byte offset.
Result<GlbChunks> readGlb(std::span<const std::uint8_t> bytes, const std::string& path);

// A GLB to write, as its two chunks' contents: written out without ever copying the buffer into one block.
struct GlbParts {
    std::string json;  // the JSON chunk's text, unpadded
    ByteBuffer bin;  // the buffer, unpadded; empty when the file has none
    // The asset's KHR_xmp_json_ld packet when its digests were still being taken as the JSON was written: `json`
    // holds it at `packetAt` with placeholder digests, as long as the text `latePacket` gives. Declared after `bin`,
    // whose digest it may be taking: it goes first.
    std::size_t packetAt = 0;
    std::shared_future<std::string> latePacket;
};

// The 20 bytes before the JSON, the JSON's padding, the BIN chunk header and the BIN padding (GLB 2.0:
// chunks are 4-byte aligned, JSON padded with spaces and BIN with zeros).
struct GlbFraming {
    std::array<std::uint8_t, 20> head{};
    std::string jsonPadding;
    std::array<std::uint8_t, 8> binHead{};
    std::array<std::uint8_t, 3> binPadding{};
    std::size_t binPaddingSize = 0;
};
GlbFraming framingOf(const GlbParts& parts);

// The pieces of the GLB file in order, pointing into `parts` and `framing`.
std::vector<std::span<const std::uint8_t>> glbPieces(const GlbParts& parts, const GlbFraming& framing);

}  // namespace inputanim
