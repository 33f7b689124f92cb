// What a glTF file's bytes hold, and the buffer files it names, before any document is made of it.
#include "inputanim/gltf/container.hpp"

#include <nlohmann/json.hpp>

#include "buffers.hpp"
#include "document.hpp"
#include "glb.hpp"
#include "json_limits.hpp"

namespace inputanim {

GltfForm gltfFormOf(std::span<const std::uint8_t> bytes) {
    if (isGlb(bytes)) return GltfForm::Glb;
    if (hasByteOrderMark(bytes)) bytes = bytes.subspan(3);
    for (std::uint8_t b : bytes) {
        if (b == ' ' || b == '\t' || b == '\n' || b == '\r') continue;
        return b == '{' ? GltfForm::Json : GltfForm::None;
    }
    return GltfForm::None;
}

namespace {

// A glTF's JSON (a GLB's JSON chunk), or a discarded value where there is none or it is not JSON within the limits.
nlohmann::json jsonOf(std::span<const std::uint8_t> bytes, const std::string& path) {
    std::span<const std::uint8_t> text = bytes;
    if (isGlb(bytes)) {
        auto chunks = readGlb(bytes, path);
        if (!chunks) return nlohmann::json::value_t::discarded;
        text = chunks->json;
    }
    if (tooDeepAt(text)) return nlohmann::json::value_t::discarded;
    return nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
}

}  // namespace

std::vector<std::string> bufferFilesNamed(std::span<const std::uint8_t> bytes, const std::string& path) {
    const auto json = jsonOf(bytes, path);
    return json.is_object() ? externalBufferFiles(json, path) : std::vector<std::string>{};
}

std::vector<BufferFile> bufferFilesBeside(std::span<const std::uint8_t> bytes) {
    const auto json = jsonOf(bytes, "");
    return json.is_object() ? bufferFilesBeside(json) : std::vector<BufferFile>{};
}

ParsedGltf::ParsedGltf(std::unique_ptr<GltfDocument> document) : document_(std::move(document)) {}
ParsedGltf::ParsedGltf(ParsedGltf&&) noexcept = default;
ParsedGltf& ParsedGltf::operator=(ParsedGltf&&) noexcept = default;
ParsedGltf::~ParsedGltf() = default;

Result<ParsedGltf> parseGltf(std::span<const std::uint8_t> bytes, const std::string& path, bool allowExternalPaths,
                             const std::string& animation) {
    auto doc = GltfDocument::load(bytes, path, allowExternalPaths, animation);
    if (!doc) return doc.error();
    return ParsedGltf(std::make_unique<GltfDocument>(std::move(*doc)));
}

Result<ParsedGltf> parseGltf(FileBytes&& bytes, const std::string& path, bool allowExternalPaths,
                             const std::string& animation) {
    FileBytes file = std::move(bytes);
    auto parsed = parseGltf(std::span<const std::uint8_t>(file), path, allowExternalPaths, animation);
    FileBytes().swap(file);  // the document holds what it needs
    return parsed;
}

}  // namespace inputanim
