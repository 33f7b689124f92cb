#include "inputanim/core/joints.hpp"

namespace inputanim {
namespace {

constexpr std::array<std::string_view, kJointCount> kJointNames = {
    "None",
    "Wrist",
    "Palm",
    "ThumbMetacarpalJoint",
    "ThumbProximalJoint",
    "ThumbDistalJoint",
    "ThumbTip",
    "IndexMetacarpal",
    "IndexKnuckle",
    "IndexMiddleJoint",
    "IndexDistalJoint",
    "IndexTip",
    "MiddleMetacarpal",
    "MiddleKnuckle",
    "MiddleMiddleJoint",
    "MiddleDistalJoint",
    "MiddleTip",
    "RingMetacarpal",
    "RingKnuckle",
    "RingMiddleJoint",
    "RingDistalJoint",
    "RingTip",
    "PinkyMetacarpal",
    "PinkyKnuckle",
    "PinkyMiddleJoint",
    "PinkyDistalJoint",
    "PinkyTip",
};

using J = Joint;
constexpr std::array<Joint, 4> kThumb = {J::ThumbMetacarpalJoint, J::ThumbProximalJoint, J::ThumbDistalJoint,
                                         J::ThumbTip};
constexpr std::array<Joint, 5> kIndex = {J::IndexMetacarpal, J::IndexKnuckle, J::IndexMiddleJoint, J::IndexDistalJoint,
                                         J::IndexTip};
constexpr std::array<Joint, 5> kMiddle = {J::MiddleMetacarpal, J::MiddleKnuckle, J::MiddleMiddleJoint,
                                          J::MiddleDistalJoint, J::MiddleTip};
constexpr std::array<Joint, 5> kRing = {J::RingMetacarpal, J::RingKnuckle, J::RingMiddleJoint, J::RingDistalJoint,
                                        J::RingTip};
constexpr std::array<Joint, 5> kPinky = {J::PinkyMetacarpal, J::PinkyKnuckle, J::PinkyMiddleJoint, J::PinkyDistalJoint,
                                         J::PinkyTip};

}  // namespace

std::string_view handName(Hand hand) { return hand == Hand::Left ? "left" : "right"; }
std::string_view sideName(Hand hand) { return hand == Hand::Left ? "Left" : "Right"; }

std::string_view jointName(Joint joint) { return kJointNames.at(std::size_t(indexOf(joint))); }

std::optional<Joint> jointFromName(std::string_view name) {
    for (int j = 0; j < kJointCount; ++j)
        if (kJointNames[j] == name) return Joint(j);
    return std::nullopt;
}

std::string_view fingerName(Finger finger) {
    static constexpr std::string_view names[] = {"Thumb", "Index", "Middle", "Ring", "Pinky"};
    return names[int(finger)];
}

std::span<const Joint> fingerJoints(Finger finger) {
    switch (finger) {
        case Finger::Thumb: return kThumb;
        case Finger::Index: return kIndex;
        case Finger::Middle: return kMiddle;
        case Finger::Ring: return kRing;
        case Finger::Pinky: return kPinky;
    }
    return {};
}

std::optional<Finger> fingerOf(Joint joint) {
    const int j = indexOf(joint);
    if (j < indexOf(Joint::ThumbMetacarpalJoint)) return std::nullopt;
    if (j <= indexOf(Joint::ThumbTip)) return Finger::Thumb;
    return Finger(1 + (j - indexOf(Joint::IndexMetacarpal)) / 5);
}

bool isTip(Joint joint) {
    const auto finger = fingerOf(joint);
    return finger && fingerJoints(*finger).back() == joint;
}

std::optional<Joint> nextJoint(Joint joint) {
    if (joint == Joint::Wrist || joint == Joint::Palm) return Joint::MiddleKnuckle;
    const auto finger = fingerOf(joint);
    if (!finger || isTip(joint)) return std::nullopt;
    return Joint(indexOf(joint) + 1);
}

std::optional<Joint> parentJoint(Joint joint) {
    if (joint == Joint::None || joint == Joint::Wrist) return std::nullopt;
    const auto finger = fingerOf(joint);
    if (!finger || fingerJoints(*finger).front() == joint) return Joint::Wrist;
    return Joint(indexOf(joint) - 1);
}

std::string_view booleanName(BooleanCurve which) {
    static constexpr std::string_view names[] = {"TrackedLeft", "TrackedRight", "PinchingLeft", "PinchingRight"};
    return names[int(which)];
}

}  // namespace inputanim
