// The glTF container, as far as callers see it: what a file's bytes hold, its animations, the buffer files a .gltf
// names. Knows nothing of MRTK.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace inputanim {

// One animation of a file.
struct AnimationSummary {
    std::string name;
    std::size_t channels = 0;
    double duration = 0;  // seconds: the latest key time of its samplers
};

// What glTF the bytes hold by their start: a GLB (its magic), JSON text (an object, after white space and a UTF-8
// byte-order mark, which glTF forbids but readers are asked to ignore), or neither.
enum class GltfForm { None, Glb, Json };
GltfForm gltfFormOf(std::span<const std::uint8_t> bytes);

// The external buffer files a glTF names, resolved as import resolves them, without reading them (for a batch,
// which must not take a .gltf's buffer for a recording). Names that do not resolve are left out.
std::vector<std::string> bufferFilesNamed(std::span<const std::uint8_t> bytes, const std::string& path);

}  // namespace inputanim
