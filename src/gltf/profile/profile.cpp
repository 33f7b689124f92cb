#include "profile.hpp"

#include <utility>

#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/gltf/profile_names.hpp"

namespace inputanim {

CurvePlace placeOf(std::size_t index) {
    switch (sectionOf(index)) {
        case Section::Camera: {
            const int c = int(index - kCameraFirst);
            return c < kRotationX ? CurvePlace{std::string(profile::kCamera), "translation", c, kGltfPositionSigns[c]}
                                  : CurvePlace{std::string(profile::kCamera), "rotation", c - kRotationX,
                                               kGltfRotationSigns[c - kRotationX]};
        }
        case Section::Booleans: {
            const auto which = BooleanCurve(index - kBooleanFirst);
            const Hand hand =
                which == trackedCurve(Hand::Left) || which == pinchingCurve(Hand::Left) ? Hand::Left : Hand::Right;
            const bool tracked = which == trackedCurve(hand);
            return {handNodeName(hand) + std::string(tracked ? "" : profile::kPinchingSuffix),
                    profile::kStatePath.data(), 0, 1};
        }
        case Section::Gaze: {
            const int c = int(index - kGazeFirst);
            return {std::string(c < kGazeDirectionX ? profile::kGaze : profile::kGazeDirection), "translation", c % 3,
                    kGltfPositionSigns[c % 3]};
        }
        default: {
            const Hand hand = sectionOf(index) == Section::LeftHand ? Hand::Left : Hand::Right;
            const std::size_t local = index - (hand == Hand::Left ? kLeftHandFirst : kRightHandFirst);
            const int c = int(local % kPoseCurveCount);
            std::string node = jointNodeName(hand, Joint(local / kPoseCurveCount));
            return c < kRotationX
                       ? CurvePlace{std::move(node), "translation", c, kGltfPositionSigns[c]}
                       : CurvePlace{std::move(node), "rotation", c - kRotationX, kGltfRotationSigns[c - kRotationX]};
        }
    }
}

std::string handNodeName(Hand hand) { return std::string(profile::kHandPrefix).append(sideName(hand)); }
std::string jointNodeName(Hand hand, Joint joint) {
    std::string name;  // built in place: a chain of + allocates at each step (names are longer than 15 bytes)
    name.reserve(32);
    return name.append(profile::kHandPrefix).append(sideName(hand)).append("_").append(jointName(joint));
}

}  // namespace inputanim
