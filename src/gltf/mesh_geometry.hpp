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
// only near the surface, and there only the capsules that matter; `Everywhere` evaluates all of it at every grid
// corner, which gives the same mesh, only slower. Takes about 20 ms.
enum class FieldEvaluation { NearSurface, Everywhere };
SkinnedGeometry fieldHandMesh(Hand hand, const HandPose& rest, FieldEvaluation evaluation = FieldEvaluation::NearSurface);

// The hand mesh an export uses: the model hand's field mesh (around restHand, built once per process) skinned from
// the model's rest pose to `rest`, as the glTF skin moves it; bones differ in length, not in thickness. Takes well
// under a millisecond after the first.
SkinnedGeometry handMesh(Hand hand, const HandPose& rest);

}  // namespace inputanim
