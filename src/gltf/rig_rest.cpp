#include "rig_rest.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "hand_rig.hpp"

namespace inputanim {

HandPose rigRestPose(const Recording& recording, Hand hand) {
    const HandPose model = restHand(hand);
    auto modelAt = [&](Joint j) { return glm::dvec3(model[indexOf(j)].position[0], model[indexOf(j)].position[1], model[indexOf(j)].position[2]); };
    // At most 64 of the wrist's key times, spread over them.
    const Curve& wristX = recording.curves[jointCurve(hand, Joint::Wrist, kPositionX)];
    std::vector<double> times;
    const std::size_t keys = wristX.keys.size();
    for (std::size_t i = 0; i < std::min<std::size_t>(keys, 64); ++i) times.push_back(wristX.keys.time(i * keys / std::min<std::size_t>(keys, 64)));
    auto recordedAt = [&](Joint j, double t) {
        glm::dvec3 p;
        for (int c = 0; c < 3; ++c) p[c] = evaluate(recording.curves[jointCurve(hand, j, kPositionX + c)], t);
        return p;
    };
    HandPositions positions;
    positions.set(Joint::Wrist, glm::dvec3(0));
    for (Joint joint : kJoints) {
        if (joint == Joint::None || joint == Joint::Wrist) continue;
        const Joint parent = *parentJoint(joint);
        const glm::dvec3 bone = modelAt(joint) - modelAt(parent);
        const double modelLength = glm::length(bone);
        std::vector<double> lengths;
        for (double t : times) {
            const double l = glm::length(recordedAt(joint, t) - recordedAt(parent, t));
            if (std::isfinite(l)) lengths.push_back(l);
        }
        double length = modelLength;
        if (!lengths.empty()) {
            std::nth_element(lengths.begin(), lengths.begin() + std::ptrdiff_t(lengths.size() / 2), lengths.end());
            length = std::clamp(lengths[lengths.size() / 2], 0.5 * modelLength, 2 * modelLength);
        }
        positions.set(joint, positions[parent] + (modelLength > 0 ? length / modelLength : 1.0) * bone);
    }
    auto frames = mrtkFramesAt(hand, positions);
    return frames ? *frames : model;
}

}  // namespace inputanim
