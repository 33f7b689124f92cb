#include "rig_rest.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <glm/glm.hpp>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/hand_frames.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {

HandPose rigRestPose(const Recording& recording, Hand hand) {
    const HandPose model = restHand(hand);
    // At most 64 of the wrist's key times, spread over them; each joint's recorded position there.
    const Curve& wristX = recording.curves[jointCurve(hand, Joint::Wrist, kPositionX)];
    const std::size_t keys = wristX.keys.size(), count = std::min<std::size_t>(keys, 64);
    std::array<std::vector<glm::dvec3>, kJointCount> recorded;
    for (Joint joint : kJoints) {
        if (joint == Joint::None) continue;
        // Cursors: the times increase, and a long curve's keys are then found near the last ones.
        std::array<CurveCursor, 3> cursors = {CurveCursor(recording.curves[jointCurve(hand, joint, kPositionX)]),
                                              CurveCursor(recording.curves[jointCurve(hand, joint, kPositionX + 1)]),
                                              CurveCursor(recording.curves[jointCurve(hand, joint, kPositionX + 2)])};
        for (std::size_t i = 0; i < count; ++i) {
            const double t = wristX.keys.time(i * keys / count);
            glm::dvec3 p;
            for (int c = 0; c < 3; ++c) p[c] = cursors[c].value(t);
            recorded[indexOf(joint)].push_back(p);
        }
    }
    HandPositions positions;
    positions.set(Joint::Wrist, Vector3{0, 0, 0});
    for (Joint joint : kJoints) {
        if (joint == Joint::None || joint == Joint::Wrist) continue;
        const Joint parent = *parentJoint(joint);
        const glm::dvec3 bone = positionOf(model, joint) - positionOf(model, parent);
        const double modelLength = glm::length(bone);
        std::vector<double> lengths;
        for (std::size_t i = 0; i < count; ++i) {
            const double l = glm::length(recorded[indexOf(joint)][i] - recorded[indexOf(parent)][i]);
            if (std::isfinite(l)) lengths.push_back(l);
        }
        double length = modelLength;
        if (!lengths.empty()) {
            std::nth_element(lengths.begin(), lengths.begin() + std::ptrdiff_t(lengths.size() / 2), lengths.end());
            length = std::clamp(lengths[lengths.size() / 2], 0.5 * modelLength, 2 * modelLength);
        }
        const glm::dvec3 place = glm::dvec3(positions[parent][0], positions[parent][1], positions[parent][2]) +
                                 (modelLength > 0 ? length / modelLength : 1.0) * bone;
        positions.set(joint, {place.x, place.y, place.z});
    }
    auto frames = mrtkFramesAt(hand, positions);
    return frames ? *frames : model;
}

glm::dmat4 restPlacement(const Recording& recording, Hand hand, const HandPose& rest) {
    const Curve& tracked = recording.curves[booleanCurve(trackedCurve(hand))];
    for (std::size_t k = 0; k < tracked.keys.size(); ++k) {
        if (!booleanOn(tracked.keys.value(k))) continue;
        const double t = std::max(0.0, double(tracked.keys.time(k)));
        JointPose wrist;
        for (int c = 0; c < 3; ++c)
            wrist.position[c] = evaluate(recording.curves[jointCurve(hand, Joint::Wrist, kPositionX + c)], t);
        for (int c = 0; c < 4; ++c)
            wrist.rotation[c] = evaluate(recording.curves[jointCurve(hand, Joint::Wrist, kRotationX + c)], t);
        bool finite = std::isfinite(norm(wrist.rotation));
        for (double v : wrist.position) finite = finite && std::isfinite(v) && std::abs(v) < 1e4;
        if (!finite || !normalize(wrist.rotation)) return glm::dmat4(1);
        return gltfMatrix(wrist) * glm::inverse(gltfMatrix(rest[indexOf(Joint::Wrist)]));
    }
    return glm::dmat4(1);
}

}  // namespace inputanim
