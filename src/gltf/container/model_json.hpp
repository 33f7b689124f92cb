// The export's glTF JSON written from its tinygltf Model byte for byte as tinygltf 2.7 writes a GLB's JSON chunk
// (compact, members by name, defaults left out, numbers as nlohmann prints them), without tinygltf's tree
// (docs/performance.md); but an empty scene is {}, not tinygltf's null, which is no scene. What the export never puts
// in a model (textures, images, samplers, lights, extensions, sparse accessors, morph targets, orthographic cameras,
// other extras) is refused, never dropped.
#pragma once

#include <tiny_gltf.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "inputanim/core/error.hpp"
#include "meshopt_views.hpp"

namespace inputanim {

struct ModelJsonOptions {
    std::uint64_t bufferBytes =
        0;  // buffer 0's byteLength: the model's buffer holds no data (its bytes are kept apart)
    std::string_view bufferUri;  // buffer 0's uri (a .gltf's), written as its last member; none when empty (a GLB's)
    // The extras written as JSON text: an object's extras that hold the string `extrasPlaceholder` become `extrasText`.
    std::string_view extrasPlaceholder;
    std::string_view extrasText;
    // A KHR_xmp_json_ld packet (JSON text) the asset refers to; none when empty.
    std::string_view xmpPacket;
    std::size_t* xmpPacketAt = nullptr;  // when set, given where the text holds xmpPacket
    // EXT_meshopt_compression (none when null): each view's compressed form in buffer 0, the views reading a
    // placeholder buffer 1 of `placeholderBytes`.
    const std::vector<CompressedView>* compressedViews = nullptr;
    std::uint64_t placeholderBytes = 0;
};

Result<std::string> modelJson(const tinygltf::Model& model, const ModelJsonOptions& options);

}  // namespace inputanim
