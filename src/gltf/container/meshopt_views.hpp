// EXT_meshopt_compression on buffer views (internal to the glTF layer): read, each compressed view decoded into a
// buffer of its own that the view then reads; and written, every view of the export's buffer encoded losslessly into a
// new buffer 0, the views' own ranges left to a placeholder buffer 1 without bytes.
#pragma once

#include <tiny_gltf.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "buffers.hpp"
#include "inputanim/core/default_init.hpp"
#include "inputanim/core/error.hpp"
#include "meshopt_codec.hpp"

namespace inputanim {

inline constexpr const char* kMeshoptExtension = "EXT_meshopt_compression";
// Bytes decoded from one file at most (a 600 s recording's buffer holds about 20 MB).
inline constexpr std::uint64_t kMaxDecodedBytes = std::uint64_t(1) << 30;

// Decodes every view with the extension and points it at its decoded bytes; a placeholder buffer (no bytes, see
// readBuffers) may be read only through such views.
Status decompressViews(tinygltf::Model& model, GltfBuffers& buffers, const std::string& path);

// A view's compressed form, as its extension object states it.
struct CompressedView {
    std::uint64_t byteOffset = 0, byteLength = 0;  // in buffer 0
    std::uint32_t byteStride = 0;
    std::uint64_t count = 0;
    meshopt::Mode mode = meshopt::Mode::Attributes;
};
struct CompressedBuffer {
    ByteBuffer bytes;  // the new buffer 0
    std::vector<CompressedView> views;  // per view of the model
    std::uint64_t placeholderBytes = 0;  // buffer 1's byteLength: the uncompressed buffer's
};

// Puts the accessors of `buffer` (buffer 0 of `model`, one view each) whose elements are alike (the same size and
// target) into one view, in order of first appearance, and returns the buffer so laid out: fewer and longer streams
// compress better and take less JSON. A vertex view read by several accessors gets their stride.
ByteBuffer groupViews(tinygltf::Model& model, std::span<const std::uint8_t> buffer);

// Encodes each view of `buffer` (buffer 0 of `model`, whose accessors tell its elements): index views as index
// sequences, the others as attributes of their element's size. Every view must be one the encoder can take.
Result<CompressedBuffer> compressViews(const tinygltf::Model& model, std::span<const std::uint8_t> buffer);

const char* modeName(meshopt::Mode mode);  // "ATTRIBUTES", "TRIANGLES", "INDICES"

}  // namespace inputanim
