// The export's glTF JSON, written straight from its tinygltf Model as tinygltf 2.7 writes a GLB's JSON chunk, byte
// for byte: compact; each object's members in the byte order of their names (tinygltf keeps them in nlohmann
// objects, which sort); the same members left out at their defaults; numbers typed and printed as tinygltf and
// nlohmann print them. Why: tinygltf first builds a JSON tree of the whole model and then prints it, about 20,000
// instructions per accessor, a fifth of converting a short recording.
// It writes what inputanim's export puts in a model. Anything else (textures, images, samplers, lights,
// extensions, sparse accessors, morph targets, orthographic cameras, a second buffer, extras other than the one
// given as text) is refused, so that nothing is ever left out silently.
#pragma once

#include <tiny_gltf.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "inputanim/core/error.hpp"

namespace inputanim {

struct ModelJsonOptions {
    std::uint64_t bufferBytes = 0;  // buffer 0's byteLength: the model's buffer holds no data (its bytes are kept apart)
    std::string_view bufferUri;  // buffer 0's uri (a .gltf's), written as its last member; none when empty (a GLB's)
    // The extras written as JSON text: an object's extras that hold the string `extrasPlaceholder` become `extrasText`.
    std::string_view extrasPlaceholder;
    std::string_view extrasText;
};

Result<std::string> modelJson(const tinygltf::Model& model, const ModelJsonOptions& options);

}  // namespace inputanim
