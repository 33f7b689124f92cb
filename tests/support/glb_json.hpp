// GLB files as JSON + binary chunk, for tests that edit the JSON of a file.
#pragma once

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

inline std::vector<std::uint8_t> glb(const nlohmann::json& json, std::vector<std::uint8_t> bin) {
    std::string text = json.dump();
    while (text.size() % 4) text += ' ';
    while (bin.size() % 4) bin.push_back(0);
    std::vector<std::uint8_t> out(12);
    auto put = [&](std::uint32_t v) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
        out.insert(out.end(), p, p + 4);
    };
    std::memcpy(out.data(), "glTF", 4);
    put(std::uint32_t(text.size()));
    put(0x4E4F534A);
    out.insert(out.end(), text.begin(), text.end());
    if (!bin.empty()) {
        put(std::uint32_t(bin.size()));
        put(0x004E4942);
        out.insert(out.end(), bin.begin(), bin.end());
    }
    const std::uint32_t version = 2, length = std::uint32_t(out.size());
    std::memcpy(out.data() + 4, &version, 4);
    std::memcpy(out.data() + 8, &length, 4);
    return out;
}

// The JSON chunk and the binary chunk of a well-formed GLB.
inline std::pair<nlohmann::json, std::vector<std::uint8_t>> splitGlb(const std::vector<std::uint8_t>& bytes) {
    std::uint32_t jsonLength = 0, binLength = 0;
    if (bytes.size() < 20) throw std::runtime_error("not a GLB");
    std::memcpy(&jsonLength, bytes.data() + 12, 4);
    auto json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + jsonLength);
    std::vector<std::uint8_t> bin;
    const std::size_t binChunk = 20 + jsonLength;
    if (bytes.size() >= binChunk + 8) {
        std::memcpy(&binLength, bytes.data() + binChunk, 4);
        bin.assign(bytes.begin() + binChunk + 8, bytes.begin() + binChunk + 8 + binLength);
    }
    return {json, bin};
}
