// The two coordinate systems a recording is seen in, and the map between them.
#pragma once

#include <array>

namespace inputanim {

enum class Coordinates {
    Unity,  // left-handed, +Y up, +Z forward (the recording's own space)
    Gltf,  // right-handed, +Y up: X mirrored, as the glTF export writes it (UnityGLTF's convention)
};

// Unity <-> glTF: (x, y, z) -> (-x, y, z) and quaternion (x, y, z, w) -> (x, -y, -z, w). Each map is its own
// inverse and is linear, so it applies to values and tangents alike.
inline constexpr std::array<float, 3> kGltfPositionSigns = {-1, 1, 1};
inline constexpr std::array<float, 4> kGltfRotationSigns = {1, -1, -1, 1};

}  // namespace inputanim
