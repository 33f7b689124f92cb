#include "profile.hpp"

#include <utility>

#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

CurvePlace placeOf(std::size_t index) {
    switch (sectionOf(index)) {
        case Section::Camera: {
            const int c = int(index - kCameraFirst);
            return c < kRotationX ? CurvePlace{"Camera", "translation", c, kGltfPositionSigns[c]}
                                  : CurvePlace{"Camera", "rotation", c - kRotationX, kGltfRotationSigns[c - kRotationX]};
        }
        case Section::Booleans: {
            const auto which = BooleanCurve(index - kBooleanFirst);
            const Hand hand = which == trackedCurve(Hand::Left) || which == pinchingCurve(Hand::Left) ? Hand::Left : Hand::Right;
            const bool tracked = which == trackedCurve(hand);
            return {handNodeName(hand) + (tracked ? "" : "_Pinching"), "scale", 0, 1};
        }
        case Section::Gaze: {
            const int c = int(index - kGazeFirst);
            return {c < kGazeDirectionX ? "Gaze" : "Gaze_Direction", "translation", c % 3, kGltfPositionSigns[c % 3]};
        }
        default: {
            const Hand hand = sectionOf(index) == Section::LeftHand ? Hand::Left : Hand::Right;
            const std::size_t local = index - (hand == Hand::Left ? kLeftHandFirst : kRightHandFirst);
            const int c = int(local % kPoseCurveCount);
            std::string node = jointNodeName(hand, Joint(local / kPoseCurveCount));
            return c < kRotationX ? CurvePlace{std::move(node), "translation", c, kGltfPositionSigns[c]}
                                  : CurvePlace{std::move(node), "rotation", c - kRotationX, kGltfRotationSigns[c - kRotationX]};
        }
    }
}

std::string handNodeName(Hand hand) { return "Hand_" + std::string(sideName(hand)); }
std::string jointNodeName(Hand hand, Joint joint) {
    std::string name;  // built in place: a chain of + allocates at each step (names are longer than 15 bytes)
    name.reserve(32);
    return name.append("Hand_").append(sideName(hand)).append("_").append(jointName(joint));
}

}  // namespace inputanim
