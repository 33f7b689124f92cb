// Display geometry for exported files (internal): a skinned hand and marker spheres.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "inputanim/core/hand_model.hpp"

namespace inputanim {

struct SkinnedGeometry {
    std::vector<float> positions;  // xyz per vertex (glTF space; a skinned mesh's in its bind pose)
    std::vector<float> normals;
    std::vector<std::uint8_t> joints;  // 4 per vertex: skin joint indices (MRTK's joint order without None)
    std::vector<float> weights;        // 4 per vertex, summing to 1
    std::vector<std::uint16_t> indices;
};

// A sphere of `radius` metres around the origin (for static markers).
SkinnedGeometry sphere(float radius);

// A smooth hand around `rest` (Unity space, MRTK's joints): tapered capsules along the fingers and a palm, blended
// into one surface (a few thousand triangles), each vertex bound to the nearest bones' joints. In glTF space, bind
// pose = `rest`. A right hand's mesh is the left hand's mirrored when their bones are alike. The field is evaluated
// in blocks of `block` grid corners per side, skipping those far from the surface (1: at every corner, which gives
// the same mesh, only slower).
SkinnedGeometry handMesh(Hand hand, const HandPose& rest, int block = 4);

}  // namespace inputanim
