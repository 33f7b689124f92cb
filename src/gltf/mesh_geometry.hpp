// Display geometry for exported files (internal): joint spheres and skinned bone segments.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace inputanim {

struct SkinnedGeometry {
    std::vector<float> positions;  // xyz per vertex, in the local frame of the vertex's joint
    std::vector<float> normals;
    std::vector<std::uint8_t> joints;  // 4 per vertex; only the first is used
    std::vector<float> weights;        // 4 per vertex: 1, 0, 0, 0
    std::vector<std::uint16_t> indices;
};

// A sphere of `radius` metres around the origin (for static markers).
SkinnedGeometry sphere(float radius);

// A hand: a sphere on each joint but None, and a tapered six-sided tube along each bone. Every vertex
// follows exactly one joint, with identity bind matrices, so the mesh is drawn wherever the joints are.
SkinnedGeometry handGeometry();

}  // namespace inputanim
