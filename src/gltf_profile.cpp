#include "gltf_profile.hpp"

#include "inputanim/recording.hpp"
#include "inputanim/sampling.hpp"

namespace inputanim {

CurvePlace placeOf(std::size_t index) {
    switch (sectionOf(index)) {
        case Section::Camera: {
            const int c = int(index - kCameraFirst);
            return c < 3 ? CurvePlace{"Camera", "translation", c, kGltfPositionSigns[c]}
                         : CurvePlace{"Camera", "rotation", c - 3, kGltfRotationSigns[c - 3]};
        }
        case Section::Booleans: {
            static const char* nodes[] = {"Hand_Left", "Hand_Right", "Hand_Left_Pinching", "Hand_Right_Pinching"};
            return {nodes[index - kBooleanFirst], "scale", 0, 1};
        }
        case Section::Gaze: {
            const int c = int(index - kGazeFirst);
            return {c < 3 ? "Gaze" : "Gaze_Direction", "translation", c % 3, kGltfPositionSigns[c % 3]};
        }
        default: {
            const bool left = sectionOf(index) == Section::LeftHand;
            const std::size_t local = index - (left ? kLeftHandFirst : kRightHandFirst);
            const int joint = int(local / kPoseCurveCount), c = int(local % kPoseCurveCount);
            const std::string node = std::string(left ? "Hand_Left_" : "Hand_Right_") + std::string(jointName(joint));
            return c < 3 ? CurvePlace{node, "translation", c, kGltfPositionSigns[c]}
                         : CurvePlace{node, "rotation", c - 3, kGltfRotationSigns[c - 3]};
        }
    }
}

}  // namespace inputanim
