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

// The sines and cosines of the sphere's 9 ring angles (pi r / 8) and 13 segment angles (2 pi s / 12), as
// written: C libraries round std::sin and std::cos differently in the last bit, and the same bytes are written on
// every system.
constexpr double kRingSin[] = {0.0,
                               0.3826834323650898,
                               0.7071067811865475,
                               0.9238795325112867,
                               1.0,
                               0.9238795325112867,
                               0.7071067811865476,
                               0.3826834323650899,
                               1.2246467991473532e-16};
constexpr double kRingCos[] = {1.0,
                               0.9238795325112867,
                               0.7071067811865476,
                               0.38268343236508984,
                               6.123233995736766e-17,
                               -0.3826834323650897,
                               -0.7071067811865475,
                               -0.9238795325112867,
                               -1.0};
constexpr double kSegmentSin[] = {0.0,
                                  0.49999999999999994,
                                  0.8660254037844386,
                                  1.0,
                                  0.8660254037844387,
                                  0.49999999999999994,
                                  1.2246467991473532e-16,
                                  -0.4999999999999997,
                                  -0.8660254037844384,
                                  -1.0,
                                  -0.8660254037844386,
                                  -0.5000000000000004,
                                  -2.4492935982947064e-16};
constexpr double kSegmentCos[] = {
    1.0,  0.8660254037844387,  0.5000000000000001,  6.123233995736766e-17,   -0.4999999999999998, -0.8660254037844387,
    -1.0, -0.8660254037844388, -0.5000000000000004, -1.8369701987210297e-16, 0.5000000000000001,  0.8660254037844384,
    1.0};

SkinnedGeometry sphere(float radius) {
    SkinnedGeometry g;
    constexpr int rings = 8, segments = 12;
    for (int r = 0; r <= rings; ++r) {
        for (int s = 0; s <= segments; ++s) {
            const dvec3 n(kRingSin[r] * kSegmentCos[s], kRingCos[r], kRingSin[r] * kSegmentSin[s]);
            g.addVertex(double(radius) * n, n, {0, 0, 0, 0}, {1, 0, 0, 0});
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const auto a = std::uint16_t(r * (segments + 1) + s), b = std::uint16_t(a + segments + 1);
            // At a pole a ring's vertices coincide: the triangle with two of them there has no area.
            if (r > 0) g.indices.insert(g.indices.end(), {a, std::uint16_t(a + 1), b});
            if (r + 1 < rings) g.indices.insert(g.indices.end(), {std::uint16_t(a + 1), std::uint16_t(b + 1), b});
        }
    return g;
}

namespace {
// `value` rounded to a multiple of `grid` (a power of two), halves away from zero: mirror images stay mirror images.
float onGrid(double value, double grid) { return float(std::round(value / grid) * grid); }
}  // namespace

std::size_t handMeshBytes() {
    const MeshView m = modelLeftHandMesh();
    return m.positions.size_bytes() + m.normals.size_bytes() + m.joints.size_bytes() + m.weights.size_bytes() +
           m.indices.size_bytes();
}

MeshView modelHandMesh(Hand hand) {
    static const std::vector<std::uint16_t> mirroredIndices = [] {
        const auto left = modelLeftHandMesh().indices;
        std::vector<std::uint16_t> indices(left.begin(), left.end());
        for (std::size_t t = 0; t < indices.size(); t += 3) std::swap(indices[t + 1], indices[t + 2]);
        return indices;
    }();
    MeshView model = modelLeftHandMesh();
    if (hand == Hand::Right) model.indices = mirroredIndices;
    return model;
}

MeshView sharedHandMesh(Hand hand) {
    static const auto onGrids = [] {
        const MeshView model = modelLeftHandMesh();
        std::pair<std::vector<float>, std::vector<float>> grids;
        for (float p : model.positions) grids.first.push_back(onGrid(p, kPositionGrid));
        for (float n : model.normals) grids.second.push_back(onGrid(n, kNormalGrid));
        return grids;
    }();
    MeshView mesh = modelHandMesh(hand);
    mesh.positions = onGrids.first;
    mesh.normals = onGrids.second;
    return mesh;
}

std::array<glm::dmat4, kJointCount> fitMoves(Hand hand, const HandPose& rest) {
    static const HandPose modelRests[2] = {restHand(Hand::Left), mirrored(restHand(Hand::Left))};
    const HandPose& modelRest = modelRests[hand == Hand::Right ? 1 : 0];
    // Each joint to its new place, and for a joint that carries one bone, that bone turned and stretched along
    // itself onto its new one (so that the moves of a bone's two ends agree where they meet, and a finger keeps its
    // thickness).
    auto at = [](const HandPose& pose, Joint joint) { return dvec3(gltfMatrix(pose[indexOf(joint)])[3]); };
    std::array<glm::dmat4, kJointCount> moves;
    for (Joint joint : kJoints)
        moves[indexOf(joint)] = glm::translate(glm::dmat4(1), at(rest, joint) - at(modelRest, joint));
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        for (std::size_t j = 0; j + 1 < chain.size(); ++j) {
            const dvec3 from = at(modelRest, chain[j]), to = at(rest, chain[j]);
            const dvec3 modelBone = at(modelRest, chain[j + 1]) - from, bone = at(rest, chain[j + 1]) - to;
            const double modelLength = glm::length(modelBone), length = glm::length(bone);
            if (modelLength < 1e-9 || length < 1e-9) continue;
            const dvec3 d = modelBone / modelLength;
            const glm::dmat3 stretch = glm::dmat3(1) + (length / modelLength - 1) * glm::outerProduct(d, d);
            moves[indexOf(chain[j])] = glm::translate(glm::dmat4(1), to) *
                                       glm::dmat4(glm::mat3_cast(turnOnto(d, bone / length)) * stretch) *
                                       glm::translate(glm::dmat4(1), -from);
        }
    }
    return moves;
}

// Each vertex's blend of 12 doubles per joint takes a third fewer instructions with AVX2's wider registers: GCC
// builds both and picks one when the program loads. The same bits either way: the clones differ in vector width
// only (nothing is reassociated, and AVX2 does not bring FMA, so no multiply and add are fused).
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__)  // ifunc: ELF only
__attribute__((target_clones("avx2", "default")))
#endif
HandMesh
handMesh(Hand hand, const HandPose& rest, const glm::dmat4& placement) {
    // The model hand's mesh: the left one as the build made it, the right one its mirror image (as fieldHandMesh
    // builds a right hand: x negated, two corners of each triangle swapped), each around its rest pose.
    const bool right = hand == Hand::Right;
    const MeshView model = modelHandMesh(hand);
    std::array<glm::dmat4, kJointCount> moves = fitMoves(hand, rest);
    for (glm::dmat4& move : moves) move = placement * move;  // a blend of placed moves is the blend placed
    HandMesh g;
    g.model = {{}, {}, model.joints, model.weights, model.indices};
    g.positions.resize(model.positions.size());
    g.normals.resize(model.normals.size());
    const float xSign = right ? -1.0f : 1.0f;  // of the model's positions and normals
    // Each vertex is moved by its joints' moves blended, and its normal by the blend's inverse transpose. Written
    // out rather than with glm's 4x4 matrices: a move's last row is (0, 0, 0, 1) and the blend's is never read, and
    // the rest is computed in glm's order of operations, so the results are the same bit for bit (glm's 4x4 times a
    // vector, its 3x3 inverse, its normalize), at two thirds of the cost.
    std::array<std::array<double, 12>, kJointCount> moveRows;  // [column * 3 + row], rows x, y, z
    for (std::size_t j = 0; j < kJointCount; ++j)
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 3; ++r) moveRows[j][std::size_t(3 * c + r)] = moves[j][c][r];
    for (std::size_t v = 0; v < g.positions.size() / 3; ++v) {
        // The skin leaves out None. Zero weights add nothing (a sum that starts at +0 never becomes -0, so adding
        // a zero product would not change a bit).
        std::array<double, 12> m{};
        for (std::size_t i = 0; i < 4; ++i)
            if (const double w = model.weights[4 * v + i]; w != 0) {
                const auto& joint = moveRows[model.joints[4 * v + i] + 1u];
                for (std::size_t e = 0; e < 12; ++e) m[e] += joint[e] * w;
            }
        const double x = xSign * model.positions[3 * v], y = model.positions[3 * v + 1], z = model.positions[3 * v + 2];
        for (int r = 0; r < 3; ++r)
            g.positions[3 * v + r] = onGrid((m[r] * x + m[3 + r] * y) + (m[6 + r] * z + m[9 + r]), kPositionGrid);
        // m[3 * c + r] is the blend's column c, row r.
        const double m00 = m[0], m01 = m[1], m02 = m[2], m10 = m[3], m11 = m[4], m12 = m[5], m20 = m[6], m21 = m[7],
                     m22 = m[8];
        const double oneOverDeterminant =
            1.0 / (+m00 * (m11 * m22 - m21 * m12) - m10 * (m01 * m22 - m21 * m02) + m20 * (m01 * m12 - m11 * m02));
        const double i00 = +(m11 * m22 - m21 * m12) * oneOverDeterminant,
                     i10 = -(m10 * m22 - m20 * m12) * oneOverDeterminant,
                     i20 = +(m10 * m21 - m20 * m11) * oneOverDeterminant,
                     i01 = -(m01 * m22 - m21 * m02) * oneOverDeterminant,
                     i11 = +(m00 * m22 - m20 * m02) * oneOverDeterminant,
                     i21 = -(m00 * m21 - m20 * m01) * oneOverDeterminant,
                     i02 = +(m01 * m12 - m11 * m02) * oneOverDeterminant,
                     i12 = -(m00 * m12 - m10 * m02) * oneOverDeterminant,
                     i22 = +(m00 * m11 - m10 * m01) * oneOverDeterminant;
        const double nx = xSign * model.normals[3 * v], ny = model.normals[3 * v + 1], nz = model.normals[3 * v + 2];
        // The inverse's transpose times the normal, then normalized.
        const dvec3 n(i00 * nx + i01 * ny + i02 * nz, i10 * nx + i11 * ny + i12 * nz, i20 * nx + i21 * ny + i22 * nz);
        const double inverseLength = 1.0 / std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
        for (int r = 0; r < 3; ++r) g.normals[3 * v + r] = onGrid(n[r] * inverseLength, kNormalGrid);
    }
    return g;
}

}  // namespace inputanim
