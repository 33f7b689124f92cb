// Where each curve lives in the glTF profile (internal to the glTF layer): node name, channel path, component
// and the Unity <-> glTF sign. The one definition export, import and validation use.
#pragma once

#include <cstddef>
#include <string>

#include "inputanim/core/joints.hpp"

namespace inputanim {

struct CurvePlace {
    std::string node;  // "Camera", "Hand_Left", "Hand_Left_IndexTip", "Hand_Left_Pinching", "Gaze", "Gaze_Direction"
    const char* path;  // "translation", "rotation", "scale"
    int component;
    float sign;  // Unity -> glTF (and back: the map is its own inverse)
};

CurvePlace placeOf(std::size_t curveIndex);

std::string handNodeName(Hand hand);  // "Hand_Left"
std::string jointNodeName(Hand hand, Joint joint);  // "Hand_Left_IndexTip"

}  // namespace inputanim
