#include "rig_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "inputanim/core/hand_model.hpp"

namespace inputanim::rig {

dvec3 mirrored(const dvec3& v) { return {-v.x, v.y, v.z}; }
dmat3 mirrored(const dmat3& m) {
    const dmat3 flip(dvec3(-1, 0, 0), dvec3(0, 1, 0), dvec3(0, 0, 1));
    return flip * m * flip;
}

dvec3 toGlm(const Vector3& v) { return {v[0], v[1], v[2]}; }
Vector3 fromGlm(const dvec3& v) { return {v.x, v.y, v.z}; }

dvec3 translationOf(const std::array<double, 16>& m) { return {m[12], m[13], m[14]}; }
dmat3 linearOf(const std::array<double, 16>& m) { return dmat3(glm::make_mat4(m.data())); }

double leftEvidence(const HandPositions& h, const PalmAxes& axes) {
    const dvec3 palmward = glm::normalize(glm::cross(toGlm(axes.across), toGlm(axes.along)));
    const double size = glm::length(toGlm(axes.along));
    double evidence = 0;
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        if (finger == Finger::Thumb) {
            if (h.has(chain.back()))
                evidence += 2 * glm::dot(toGlm(h[chain.back()]) - toGlm(h[Joint::Wrist]), palmward) / size;
        } else if (h.has(chain.back()) && h.has(chain[1])) {
            evidence += glm::dot(toGlm(h[chain.back()]) - toGlm(h[chain[1]]), palmward) / size;
        }
    }
    return evidence;
}

namespace {

// The swap of axes (one of the 24 turns that map axes onto axes) that takes a joint node's axes to within 10
// degrees of MRTK's +Z (along the bone; a tip the rig lacks leaves its distal joint's bone a guess) and `upDegrees`
// of its +Y (out of the back), if there is one: other conventions are a quarter or a half turn away. Mirrored nodes
// never qualify.
std::optional<dmat3> axisSwap(const dmat3& axes, const dmat3& frame, double upDegrees) {
    if (glm::determinant(axes) <= 0) return std::nullopt;
    const double alongTheBone = std::cos(glm::radians(10.0)), outOfTheBack = std::cos(glm::radians(upDegrees));
    const dvec3 units[] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const dvec3& z : units)
        for (const dvec3& y : units) {
            if (glm::dot(y, z) != 0) continue;
            const dmat3 swap(glm::cross(y, z), y, z);  // columns: MRTK's X, Y, Z in the node's axes
            const dmat3 turned = axes * swap;
            if (glm::dot(glm::normalize(turned[2]), frame[2]) > alongTheBone &&
                glm::dot(glm::normalize(turned[1]), frame[1]) > outOfTheBack)
                return swap;
        }
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<dmat3>> axisSwaps(const std::vector<std::pair<dmat3, dmat3>>& axesAndFrames) {
    for (const double upDegrees : {40.0, 10.0}) {
        std::vector<dmat3> swaps;
        for (const auto& [axes, frame] : axesAndFrames)
            if (const auto swap = axisSwap(axes, frame, upDegrees)) swaps.push_back(*swap);
        const bool all = !swaps.empty() && swaps.size() == axesAndFrames.size();
        if (all &&
            (upDegrees < 40 || std::all_of(swaps.begin(), swaps.end(), [&](const dmat3& m) { return m == swaps[0]; })))
            return swaps;
    }
    return std::nullopt;
}

dmat3 toMatrix(const Quaternion& q) { return glm::mat3_cast(glm::dquat(q[3], q[0], q[1], q[2])); }

}  // namespace inputanim::rig
