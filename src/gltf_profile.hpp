// Where each curve lives in the glTF profile (internal): node name, channel path, component and the
// Unity <-> glTF sign. The one definition both export and import use.
#pragma once

#include <cstddef>
#include <string>

namespace inputanim {

struct CurvePlace {
    std::string node;  // "Camera", "Hand_Left", "Hand_Left_IndexTip", "Hand_Left_Pinching", "Gaze", "Gaze_Direction"
    const char* path;  // "translation", "rotation", "scale"
    int component;
    float sign;        // Unity -> glTF (and back: the map is its own inverse)
};

CurvePlace placeOf(std::size_t curveIndex);

}  // namespace inputanim
