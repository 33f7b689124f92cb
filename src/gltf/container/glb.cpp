#include "glb.hpp"

#include <algorithm>
#include <cstring>

namespace inputanim {
namespace {

std::uint32_t word(std::span<const std::uint8_t> bytes, std::size_t offset) {
    std::uint32_t value;
    std::memcpy(&value, bytes.data() + offset, 4);
    return value;
}

void put(std::uint8_t* at, std::uint32_t value) { std::memcpy(at, &value, 4); }

}  // namespace

bool isGlb(std::span<const std::uint8_t> bytes) { return bytes.size() >= 4 && word(bytes, 0) == kGlbMagic; }

Result<GlbChunks> readGlb(std::span<const std::uint8_t> bytes, const std::string& path) {
    if (bytes.size() < 20) return Error{path, bytes.size(), "expected a 20-byte GLB header and JSON chunk header"};
    const std::uint32_t length = word(bytes, 8), jsonLength = word(bytes, 12);
    if (word(bytes, 4) != 2)  // GLB 1 (glTF 1.0's binary extension) has another layout
        return Error{path, 4, "GLB version " + std::to_string(word(bytes, 4)) + ": only version 2 (glTF 2.0) is read"};
    if (length > bytes.size())
        return Error{
            path, 8,
            "GLB length " + std::to_string(length) + " exceeds the file (" + std::to_string(bytes.size()) + " bytes)"};
    if (word(bytes, 16) != kGlbChunkJson) return Error{path, 16, "expected the GLB JSON chunk type 0x4E4F534A"};
    if (jsonLength > bytes.size() - 20)
        return Error{path, 12, "JSON chunk length " + std::to_string(jsonLength) + " exceeds the file"};
    GlbChunks chunks{bytes.subspan(20, jsonLength), std::nullopt};
    // The BIN chunk, when there is one, comes second; other chunk types are ignored, as the GLB format asks.
    const std::size_t chunk = 20 + std::size_t(jsonLength), end = std::max<std::size_t>(length, 20 + jsonLength);
    if (chunk + 8 <= end && word(bytes, chunk + 4) == kGlbChunkBin) {
        const std::uint32_t binLength = word(bytes, chunk);
        if (binLength > end - chunk - 8)
            return Error{path, chunk, "BIN chunk length " + std::to_string(binLength) + " exceeds the GLB"};
        chunks.bin = bytes.subspan(chunk + 8, binLength);
    }
    return chunks;
}

GlbFraming framingOf(const GlbParts& parts) {
    GlbFraming f;
    f.jsonPadding.assign((4 - parts.json.size() % 4) % 4, ' ');
    f.binPaddingSize = (4 - parts.bin.size() % 4) % 4;
    const std::size_t jsonChunk = parts.json.size() + f.jsonPadding.size(),
                      binChunk = parts.bin.size() + f.binPaddingSize;
    const std::size_t total = 12 + 8 + jsonChunk + (parts.bin.empty() ? 0 : 8 + binChunk);
    put(f.head.data(), kGlbMagic);
    put(f.head.data() + 4, 2);
    put(f.head.data() + 8, std::uint32_t(total));
    put(f.head.data() + 12, std::uint32_t(jsonChunk));
    put(f.head.data() + 16, kGlbChunkJson);
    put(f.binHead.data(), std::uint32_t(binChunk));
    put(f.binHead.data() + 4, kGlbChunkBin);
    return f;
}

std::vector<std::span<const std::uint8_t>> glbPieces(const GlbParts& parts, const GlbFraming& framing) {
    auto bytes = [](const std::string& text) {
        return std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    };
    std::vector<std::span<const std::uint8_t>> pieces{framing.head, bytes(parts.json), bytes(framing.jsonPadding)};
    if (!parts.bin.empty())
        pieces.insert(pieces.end(),
                      {framing.binHead, parts.bin, std::span(framing.binPadding).first(framing.binPaddingSize)});
    return pieces;
}

}  // namespace inputanim
