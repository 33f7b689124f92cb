// Display geometry for exported files (internal): a skinned hand and marker spheres.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "inputanim/core/default_init.hpp"
#include "inputanim/core/hand_model.hpp"

namespace inputanim {

// A mesh's arrays, wherever they are held (the model hand's are constants of the program).
struct MeshView {
    std::span<const float> positions;  // xyz per vertex
    std::span<const float> normals;
    std::span<const std::uint8_t> joints;  // 4 per vertex
    std::span<const float> weights;  // 4 per vertex
    std::span<const std::uint16_t> indices;
};

struct SkinnedGeometry {
    std::vector<float> positions;  // xyz per vertex (glTF space; a skinned mesh's in its bind pose)
    std::vector<float> normals;
    std::vector<std::uint8_t> joints;  // 4 per vertex: skin joint indices (MRTK's joint order without None)
    std::vector<float> weights;  // 4 per vertex, summing to 1
    std::vector<std::uint16_t> indices;

    void addVertex(const glm::dvec3& p, const glm::dvec3& n, const std::array<std::uint8_t, 4>& vertexJoints,
                   const std::array<float, 4>& vertexWeights) {
        positions.insert(positions.end(), {float(p.x), float(p.y), float(p.z)});
        normals.insert(normals.end(), {float(n.x), float(n.y), float(n.z)});
        joints.insert(joints.end(), vertexJoints.begin(), vertexJoints.end());
        weights.insert(weights.end(), vertexWeights.begin(), vertexWeights.end());
    }
    MeshView view() const { return {positions, normals, joints, weights, indices}; }
};

// A sphere of `radius` metres around the origin (for static markers).
SkinnedGeometry sphere(float radius);

// A smooth hand around `rest` (Unity space, MRTK's joints) from its distance field: tapered capsules along the
// fingers and a palm, blended into one surface (a few thousand triangles), each vertex bound to the nearest bones'
// joints. In glTF space, bind pose = `rest`. A right hand's mesh is the left hand's mirrored when their bones are
// alike. The field is evaluated only near the surface, and there only the capsules that matter; `Everywhere`
// evaluates all of it at every grid corner, which gives the same mesh, only slower.
enum class FieldEvaluation { NearSurface, Everywhere };
SkinnedGeometry fieldHandMesh(Hand hand, const HandPose& rest,
                              FieldEvaluation evaluation = FieldEvaluation::NearSurface);

// The model hand's mesh, fieldHandMesh(Hand::Left, restHand(Hand::Left)), made when the project is built: the
// generator (generator/make_model_hand_mesh.cpp) writes it as a source of this layer.
// Its arrays are constants of the program (nothing is copied).
MeshView modelLeftHandMesh();

// The model hand's mesh for `hand` before it is fitted: the left one's positions and normals, joints and weights, and
// its triangles; for Hand::Right with two corners of each swapped, for the mirror image (kMirrorX) its skin makes.
MeshView modelHandMesh(Hand hand);
inline const glm::dmat4 kMirrorX(glm::dvec4(-1, 0, 0, 0), glm::dvec4(0, 1, 0, 0), glm::dvec4(0, 0, 1, 0),
                                 glm::dvec4(0, 0, 0, 1));
// The mesh both hands of a compressed archive share (their skins fit it: fitMoves, kMirrorX): modelHandMesh(hand) with
// its positions and normals on the grids of handMesh's (kPositionGrid, kNormalGrid), which compress better.
MeshView sharedHandMesh(Hand hand);
// Each joint's move (glTF space, by joint index) from the model hand's rest pose (the left one's; for Hand::Right its
// mirror image) to `rest`: to the joint's new place, and for a joint that carries one bone, that bone turned and
// stretched along itself onto its new one. A vertex of the fitted mesh is the model's moved by its joints' moves,
// blended by its weights: handMesh does it once, a skin whose bind matrices include the moves does it as it plays.
std::array<glm::dmat4, kJointCount> fitMoves(Hand hand, const HandPose& rest);

// The hand mesh an export uses: the model hand's skinned from the model's rest pose to `rest`, as the glTF skin
// moves it; bones differ in length, not in thickness. Microseconds, not the field's milliseconds. Its positions and
// normals are its own; its joints, weights and triangles are the model hand's (a right hand's triangles mirrored).
struct HandMesh {
    std::vector<float, DefaultInitAllocator<float>> positions, normals;  // every element written: not zeroed first
    MeshView model;
    MeshView view() const { return {positions, normals, model.joints, model.weights, model.indices}; }
};
// `placement`: a rigid move of the whole mesh, with its rest pose (restPlacement).
HandMesh handMesh(Hand hand, const HandPose& rest, const glm::dmat4& placement = glm::dmat4(1));
// Its positions lie on a grid of 2^-17 m (7.6 micrometres) and its normals' components on one of 2^-16: invisible,
// and float bits whose low bytes are zero, which EXT_meshopt_compression packs into a tenth less (docs/archival.md).
inline constexpr double kPositionGrid = 1.0 / (1 << 17), kNormalGrid = 1.0 / (1 << 16);
// The bytes a hand mesh takes in a glTF buffer (every array, without padding).
std::size_t handMeshBytes();

// A hand's pose seen in a mirror across Unity's YZ plane (a left hand becomes a right one).
HandPose mirrored(HandPose pose);

// Geometry mirrored across glTF's YZ plane, which turns its faces inside out: two corners of each are swapped.
void mirror(SkinnedGeometry& g);

}  // namespace inputanim
