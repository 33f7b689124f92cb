// Display geometry for exported files: marker spheres, and each hand's mesh fitted to its rest pose from the model
// hand's, which the build makes from the hand's distance field (hand_field_mesh.cpp, generator/).
#include "mesh_geometry.hpp"

#include <cmath>
#include <span>
#include <utility>
#include <vector>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "rig_rest.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {
namespace {

using glm::dvec3;

// The smallest turn that takes unit vector `a` onto unit vector `b` (none for opposite ones, which bones that
// only change their length never are).
glm::dquat turnOnto(const dvec3& a, const dvec3& b) {
    const double w = 1 + glm::dot(a, b);
    if (w < 1e-9) return glm::dquat(1, 0, 0, 0);
    const dvec3 axis = glm::cross(a, b);
    return glm::normalize(glm::dquat(w, axis.x, axis.y, axis.z));
}

}  // namespace

SkinnedGeometry sphere(float radius) {
    SkinnedGeometry g;
    constexpr int rings = 8, segments = 12;
    for (int r = 0; r <= rings; ++r) {
        const double phi = kPi * r / rings;
        for (int s = 0; s <= segments; ++s) {
            const double theta = 2 * kPi * s / segments;
            const dvec3 n(std::sin(phi) * std::cos(theta), std::cos(phi), std::sin(phi) * std::sin(theta));
            g.addVertex(double(radius) * n, n, {0, 0, 0, 0}, {1, 0, 0, 0});
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const auto a = std::uint16_t(r * (segments + 1) + s), b = std::uint16_t(a + segments + 1);
            g.indices.insert(g.indices.end(), {a, std::uint16_t(a + 1), b, std::uint16_t(a + 1), std::uint16_t(b + 1), b});
        }
    return g;
}

std::size_t handMeshBytes() {
    const MeshView m = modelLeftHandMesh();
    return m.positions.size_bytes() + m.normals.size_bytes() + m.joints.size_bytes() + m.weights.size_bytes() + m.indices.size_bytes();
}

HandMesh handMesh(Hand hand, const HandPose& rest) {
    // The model hand's mesh: the left one as the build made it, the right one its mirror image (as fieldHandMesh
    // builds a right hand: x negated, two corners of each triangle swapped), each around its rest pose.
    const bool right = hand == Hand::Right;
    const MeshView model = modelLeftHandMesh();
    static const HandPose modelRests[2] = {restHand(Hand::Left), mirrored(restHand(Hand::Left))};
    static const std::vector<std::uint16_t> mirroredIndices = [&model] {
        std::vector<std::uint16_t> indices(model.indices.begin(), model.indices.end());
        for (std::size_t t = 0; t < indices.size(); t += 3) std::swap(indices[t + 1], indices[t + 2]);
        return indices;
    }();
    const HandPose& modelRest = modelRests[right ? 1 : 0];
    // Each joint's move from the model's rest pose to `rest`: to its new place, and for a joint that carries one
    // bone, that bone turned and stretched along itself onto its new one (so that the moves of a bone's two ends
    // agree where they meet, and a finger keeps its thickness); each vertex moves by its joints' moves, blended
    // by its weights, as a skin moves it.
    auto at = [](const HandPose& pose, Joint joint) { return dvec3(gltfMatrix(pose[indexOf(joint)])[3]); };
    std::array<glm::dmat4, kJointCount> moves;
    for (Joint joint : kJoints) moves[indexOf(joint)] = glm::translate(glm::dmat4(1), at(rest, joint) - at(modelRest, joint));
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        for (std::size_t j = 0; j + 1 < chain.size(); ++j) {
            const dvec3 from = at(modelRest, chain[j]), to = at(rest, chain[j]);
            const dvec3 modelBone = at(modelRest, chain[j + 1]) - from, bone = at(rest, chain[j + 1]) - to;
            const double modelLength = glm::length(modelBone), length = glm::length(bone);
            if (modelLength < 1e-9 || length < 1e-9) continue;
            const dvec3 d = modelBone / modelLength;
            const glm::dmat3 stretch = glm::dmat3(1) + (length / modelLength - 1) * glm::outerProduct(d, d);
            moves[indexOf(chain[j])] = glm::translate(glm::dmat4(1), to) * glm::dmat4(glm::mat3_cast(turnOnto(d, bone / length)) * stretch) *
                                       glm::translate(glm::dmat4(1), -from);
        }
    }
    HandMesh g;
    g.model = {{}, {}, model.joints, model.weights, right ? std::span<const std::uint16_t>(mirroredIndices) : model.indices};
    g.positions.resize(model.positions.size());
    g.normals.resize(model.normals.size());
    const float xSign = right ? -1.0f : 1.0f;  // of the model's positions and normals
    for (std::size_t v = 0; v < g.positions.size() / 3; ++v) {
        glm::dmat4 move(0);
        // The skin leaves out None. Zero weights add nothing (a sum that starts at +0 never becomes -0, so adding
        // a zero product would not change a bit).
        for (std::size_t i = 0; i < 4; ++i)
            if (model.weights[4 * v + i] != 0) move += double(model.weights[4 * v + i]) * moves[model.joints[4 * v + i] + 1u];
        const dvec3 p = dvec3(move * glm::dvec4(xSign * model.positions[3 * v], model.positions[3 * v + 1], model.positions[3 * v + 2], 1));
        const dvec3 n = glm::normalize(glm::transpose(glm::inverse(glm::dmat3(move))) *
                                       dvec3(xSign * model.normals[3 * v], model.normals[3 * v + 1], model.normals[3 * v + 2]));
        for (int c = 0; c < 3; ++c) g.positions[3 * v + c] = float(p[c]), g.normals[3 * v + c] = float(n[c]);
    }
    return g;
}

}  // namespace inputanim
