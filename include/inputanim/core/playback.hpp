// A recording played back as MRTK plays it: poses and states at any time, in Unity or glTF coordinates.
#pragma once

#include <array>

#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct PoseSample {
    std::array<double, 3> position{};
    std::array<double, 4> rotation{0, 0, 0, 1};  // x, y, z, w, normalised
    bool rotationDefined = false;  // false when the components played back are all 0
};

struct FrameSample {
    double time = 0;
    PoseSample camera;
    std::array<bool, 2> tracked{};  // left, right
    std::array<bool, 2> pinching{};
    std::array<std::array<PoseSample, kJointCount>, 2> joints{};
    std::array<double, 3> gazeOrigin{}, gazeDirection{};
};

// A Boolean curve as MRTK plays it: each key's state holds until the next key; before the first key,
// the first key's state (Loop and PingPong wrap modes repeat them); an empty curve is false.
bool booleanAt(const Curve& curve, double time);

PoseSample samplePose(const Recording& recording, std::size_t firstCurve, double time, Coordinates coordinates);
// The eye gaze ray as MRTK plays it: its direction made unit length as Unity's Ray does (zero below 1e-5).
void sampleGaze(const Recording& recording, double time, Coordinates coordinates, std::array<double, 3>& origin,
                std::array<double, 3>& direction);
FrameSample sampleFrame(const Recording& recording, double time, Coordinates coordinates);

}  // namespace inputanim
