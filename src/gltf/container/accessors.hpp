// Animation data read from glTF accessors, checked against their buffers (internal to the glTF layer).
#pragma once

#include <tiny_gltf.h>

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/tracks/track.hpp"

namespace inputanim {

// An accessor without a bufferView is all zeros (glTF): at most this many elements, whatever it claims.
inline constexpr std::size_t kMaxZeroAccessorElements = 1 << 16;

// One animation channel's sampler data, read and checked (finite, times strictly increasing), as a Track
// so that the curve engine plays it.
struct ChannelData {
    int node = -1;
    std::string path;  // "translation", "rotation", "scale"
    std::shared_ptr<const Track> data;  // shared by every channel of the animation that uses its sampler so
    const Track& track() const { return *data; }
};

// Samplers already read, by sampler index and component count: a sampler that many channels use is read once.
using SamplerCache = std::map<std::pair<int, int>, std::shared_ptr<const Track>>;

struct AccessorReader {
    const tinygltf::Model& model;
    const std::vector<std::span<const std::uint8_t>>& buffers;  // each buffer's bytes (read by readBuffers)
    const std::string& path;

    // Floats of an accessor (FLOAT, or normalised integers as glTF allows for animation outputs).
    Result<std::vector<float>> read(int index, int components, const std::string& what) const;
};

// Channel `c` of animation `a` (translation, rotation or scale).
Result<ChannelData> readChannel(const AccessorReader& reader, const tinygltf::Animation& animation, std::size_t a,
                                std::size_t c, SamplerCache& cache);

}  // namespace inputanim
