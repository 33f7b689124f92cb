// The hand mesh (internal to the glTF layer): evaluating its field only near the surface changes nothing, and the
// model hand's mesh skinned to other bones lies close to the field's own mesh for them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "gltf/mesh/mesh_geometry.hpp"
#include "gltf/mesh/rig_rest.hpp"
#include "inputanim/core/hand_frames.hpp"

using namespace inputanim;

namespace {
void checkSameMesh(const MeshView& a, const MeshView& b) {
    REQUIRE(b.positions.size() > 3000);
    CHECK(std::ranges::equal(a.positions, b.positions));
    CHECK(std::ranges::equal(a.normals, b.normals));
    CHECK(std::ranges::equal(a.joints, b.joints));
    CHECK(std::ranges::equal(a.weights, b.weights));
    CHECK(std::ranges::equal(a.indices, b.indices));
}
}  // namespace

TEST_CASE("the hand mesh from the field near its surface is the mesh from the field everywhere") {
    for (Hand hand : kHands) {
        const HandPose rest = restHand(hand);
        checkSameMesh(fieldHandMesh(hand, rest).view(), fieldHandMesh(hand, rest, FieldEvaluation::Everywhere).view());
    }
}

TEST_CASE("the model hand's mesh made by the build is the field's mesh around the model hand") {
    checkSameMesh(modelLeftHandMesh(), fieldHandMesh(Hand::Left, restHand(Hand::Left)).view());
}

namespace {

// The model hand with its bones made longer or shorter by finger, as a recording's rest pose makes them.
HandPose stretchedHand(Hand hand, const std::array<double, 5>& byFinger) {
    const HandPose model = restHand(hand);
    HandPositions positions;
    positions.set(Joint::Wrist, model[indexOf(Joint::Wrist)].position);
    positions.set(Joint::Palm, model[indexOf(Joint::Palm)].position);
    for (Finger finger : kFingers) {
        Joint parent = Joint::Wrist;
        for (Joint joint : fingerJoints(finger)) {
            const glm::dvec3 place = glm::dvec3(positions[parent][0], positions[parent][1], positions[parent][2]) +
                                     byFinger[int(finger)] * (positionOf(model, joint) - positionOf(model, parent));
            positions.set(joint, {place.x, place.y, place.z});
            parent = joint;
        }
    }
    return *mrtkFramesAt(hand, positions);
}

// How far each vertex of `a` is from the nearest vertex of `b`.
std::vector<double> distancesToNearest(const MeshView& a, const MeshView& b) {
    std::vector<double> distances;
    for (std::size_t i = 0; i < a.positions.size(); i += 3) {
        double nearest = 1e9;
        for (std::size_t j = 0; j < b.positions.size(); j += 3) {
            const double dx = a.positions[i] - b.positions[j], dy = a.positions[i + 1] - b.positions[j + 1],
                         dz = a.positions[i + 2] - b.positions[j + 2];
            nearest = std::min(nearest, dx * dx + dy * dy + dz * dz);
        }
        distances.push_back(std::sqrt(nearest));
    }
    return distances;
}

}  // namespace

TEST_CASE("the hand mesh is the model hand's skinned to the recording's bones, close to the field's own mesh") {
    for (Hand hand : kHands) {
        CAPTURE(hand == Hand::Left ? "left" : "right");
        // Around the model hand itself, it is the field's mesh, on the grids of its positions and normals.
        const HandMesh model = handMesh(hand, restHand(hand));
        const SkinnedGeometry field = fieldHandMesh(hand, restHand(hand));
        REQUIRE(model.positions.size() == field.positions.size());
        CHECK(std::ranges::equal(model.view().indices, field.indices));
        CHECK(std::ranges::equal(model.view().joints, field.joints));
        CHECK(std::ranges::equal(model.view().weights, field.weights));
        for (std::size_t i = 0; i < model.positions.size(); ++i) {
            CHECK(model.positions[i] == Approx(field.positions[i]).margin(1e-6 + kPositionGrid / 2));
            CHECK(model.normals[i] == Approx(field.normals[i]).margin(1e-5 + kNormalGrid / 2));
            CHECK(std::fmod(double(model.positions[i]), kPositionGrid) == 0);
            CHECK(std::fmod(double(model.normals[i]), kNormalGrid) == 0);
        }
        // Around fingers a tenth longer or shorter, it lies close to the field's own mesh for them: the two differ
        // where the field rebuilds the palm between knuckles that moved apart. (Two meshes of one surface have
        // vertices up to about 3 mm from the other's nearest: the grid's cells are 3.5 mm.)
        const HandPose stretched = stretchedHand(hand, {0.9, 1.1, 1.05, 0.95, 1.1});
        const HandMesh fitted = handMesh(hand, stretched);
        const SkinnedGeometry built = fieldHandMesh(hand, stretched);
        for (const auto& distances :
             {distancesToNearest(fitted.view(), built.view()), distancesToNearest(built.view(), fitted.view())}) {
            CHECK(*std::max_element(distances.begin(), distances.end()) < 0.007);
            CHECK(std::count_if(distances.begin(), distances.end(), [](double d) { return d > 0.003; }) <
                  std::ptrdiff_t(distances.size() / 100));
        }
    }
}

TEST_CASE("a skin whose bind matrices carry fitMoves puts the model hand where handMesh fits it, at rest") {
    // What a compressed archive's skins do (one model mesh for both hands): each vertex of the model's mesh, moved by
    // its joints' moves (and for the right hand mirrored first), blended by its weights, is handMesh's vertex to
    // within the grid handMesh puts its positions on.
    const glm::dmat4 mirror = glm::scale(glm::dmat4(1), glm::dvec3(-1, 1, 1));  // x negated: kMirrorX
    CHECK(kMirrorX == mirror);
    for (Hand hand : kHands) {
        CAPTURE(hand == Hand::Left ? "left" : "right");
        const HandPose stretched = stretchedHand(hand, {0.9, 1.1, 1.05, 0.95, 1.2});
        const HandMesh fitted = handMesh(hand, stretched);
        const MeshView model = modelHandMesh(hand);
        const auto moves = fitMoves(hand, stretched);
        double worst = 0;
        for (std::size_t v = 0; v < model.positions.size() / 3; ++v) {
            const glm::dvec4 p(model.positions[3 * v], model.positions[3 * v + 1], model.positions[3 * v + 2], 1);
            glm::dvec3 skinned(0);
            for (std::size_t i = 0; i < 4; ++i) {
                const glm::dmat4 move = moves[model.joints[4 * v + i] + 1u];  // the skin leaves out None
                skinned += double(model.weights[4 * v + i]) *
                           glm::dvec3(move * (hand == Hand::Right ? mirror : glm::dmat4(1)) * p);
            }
            for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(skinned[c] - fitted.positions[3 * v + c]));
        }
        CHECK(worst <= kPositionGrid / 2 + 1e-9);
        CHECK(worst > 0);  // not the model's own bones: the moves do move it
        // The right hand's triangles are the left's with two corners swapped: the mirror turns them the right way out.
        const MeshView left = modelHandMesh(Hand::Left);
        REQUIRE(model.indices.size() == left.indices.size());
        for (std::size_t t = 0; t < left.indices.size(); t += 3) {
            const bool swapped = hand == Hand::Right;
            CHECK(model.indices[t] == left.indices[t]);
            CHECK(model.indices[t + 1] == left.indices[t + (swapped ? 2 : 1)]);
            CHECK(model.indices[t + 2] == left.indices[t + (swapped ? 1 : 2)]);
        }
        CHECK(std::ranges::equal(fitted.view().indices, model.indices));
    }
}

TEST_CASE("a marker sphere's triangles all have area and face outwards") {
    const SkinnedGeometry g = sphere(0.012f);
    auto at = [&](std::uint16_t i) {
        return glm::dvec3(g.positions[3 * i], g.positions[3 * i + 1], g.positions[3 * i + 2]);
    };
    REQUIRE(g.indices.size() % 3 == 0);
    CHECK(g.indices.size() / 3 == 8 * 12 * 2 - 2 * 12);  // 8 rings of 12 quads, less one triangle of each at a pole
    for (std::size_t t = 0; t < g.indices.size(); t += 3) {
        const glm::dvec3 a = at(g.indices[t]), b = at(g.indices[t + 1]), c = at(g.indices[t + 2]);
        const glm::dvec3 n = glm::cross(b - a, c - a);
        CHECK(glm::length(n) > 1e-8);  // 0.012 m: a sliver's area is far above this
        CHECK(glm::dot(n, a + b + c) > 0);  // counter-clockwise seen from outside, as glTF's front faces
    }
}

TEST_CASE("a placed hand mesh is the unplaced one moved rigidly, normals turned") {
    const HandPose rest = restHand(Hand::Left);
    const glm::dmat4 placement = glm::translate(glm::dmat4(1), glm::dvec3(0.2, 1.4, -0.3)) *
                                 glm::mat4_cast(glm::angleAxis(0.7, glm::normalize(glm::dvec3(1, 2, 3))));
    const HandMesh plain = handMesh(Hand::Left, rest), placed = handMesh(Hand::Left, rest, placement);
    REQUIRE(plain.positions.size() == placed.positions.size());
    double worst = 0, worstNormal = 0;
    for (std::size_t v = 0; v < plain.positions.size() / 3; ++v) {
        const glm::dvec4 p =
            placement * glm::dvec4(plain.positions[3 * v], plain.positions[3 * v + 1], plain.positions[3 * v + 2], 1);
        const glm::dvec3 n = glm::dmat3(placement) *
                             glm::dvec3(plain.normals[3 * v], plain.normals[3 * v + 1], plain.normals[3 * v + 2]);
        worst =
            std::max(worst, glm::length(glm::dvec3(p) - glm::dvec3(placed.positions[3 * v], placed.positions[3 * v + 1],
                                                                   placed.positions[3 * v + 2])));
        worstNormal = std::max(worstNormal, glm::length(n - glm::dvec3(placed.normals[3 * v], placed.normals[3 * v + 1],
                                                                       placed.normals[3 * v + 2])));
    }
    CHECK(worst < 1.1e-5);  // both on the 2^-17 m grid: at most one step (7.6 micrometres) apart per axis
    CHECK(worstNormal < 5e-5);
}
