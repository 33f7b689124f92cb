// MRTK's joint frames judged from a recording's joint positions alone (tests of foreign import, on rigs built in
// code and on real third-party rigs).
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/joints.hpp"
#include "inputanim/core/recording.hpp"

namespace hand_frames {

using namespace inputanim;

// A joint's position and rotation in a recording at a time (Unity's space).
inline glm::dvec3 unityPosition(const Recording& r, Hand hand, Joint joint, double t) {
    const auto c = [&](int i) { return evaluate(r.curves[jointCurve(hand, joint, kPositionX + i)], t); };
    return {c(0), c(1), c(2)};
}
inline glm::dquat unityRotation(const Recording& r, Hand hand, Joint joint, double t) {
    const auto c = [&](int i) { return evaluate(r.curves[jointCurve(hand, joint, kRotationX + i)], t); };
    return glm::normalize(glm::dquat(c(3), c(0), c(1), c(2)));
}
// Unity <-> glTF for a position.
inline glm::dvec3 mirrored(glm::dvec3 v) { return {-v.x, v.y, v.z}; }

inline double degreesBetween(glm::dvec3 a, glm::dvec3 b) {
    return glm::degrees(std::acos(std::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0, 1.0)));
}

// How far a recorded hand's joint frames are from MRTK's convention, judged from its joint positions alone:
// - forward: the largest angle between a finger joint's +Z and its bone to the next joint (a tip: its distal bone);
// - wristForward: the same for the wrist and the palm (which has the wrist's rotation), from the wrist to the middle
//   knuckle. A rig that bends its metacarpals moves that knuckle off the wrist's bone, so only rest poses keep it;
// - up: the largest angle between +Y and the back of the hand for the wrist, the palm and the four fingers'
//   metacarpals (in Unity's space a left hand's back is -(index knuckle x little knuckle) from the wrist).
struct FrameErrors {
    double forward = 0, wristForward = 0, up = 0;
    std::string worst;  // the finger joint of `forward`
};
inline FrameErrors frameErrors(const Recording& r, Hand hand, double t) {
    auto at = [&](Joint j) { return unityPosition(r, hand, j, t); };
    const glm::dvec3 back = (hand == Hand::Left ? -1.0 : 1.0) * glm::cross(at(Joint::IndexKnuckle) - at(Joint::Wrist),
                                                                           at(Joint::PinkyKnuckle) - at(Joint::Wrist));
    FrameErrors errors;
    for (Joint joint : kJoints) {
        if (joint == Joint::None) continue;
        const glm::dquat q = unityRotation(r, hand, joint, t);
        const glm::dvec3 z = q * glm::dvec3(0, 0, 1);
        if (!fingerOf(joint)) {
            errors.wristForward =
                std::max(errors.wristForward, degreesBetween(z, at(Joint::MiddleKnuckle) - at(Joint::Wrist)));
        } else {
            const glm::dvec3 bone =
                isTip(joint) ? at(joint) - at(*parentJoint(joint)) : at(*nextJoint(joint)) - at(joint);
            if (const double d = degreesBetween(z, bone); d > errors.forward)
                errors.forward = d, errors.worst = std::string(jointName(joint));
        }
        const bool flat =
            !fingerOf(joint) || (fingerOf(joint) != Finger::Thumb && fingerJoints(*fingerOf(joint)).front() == joint);
        if (flat) errors.up = std::max(errors.up, degreesBetween(q * glm::dvec3(0, 1, 0), back));
    }
    return errors;
}

}  // namespace hand_frames
