// The tolerances every fit and conversion defaults to, decided once: options structs of each layer start from them,
// and front ends read them (the profile table's options.positionTolerance and rotationTolerance).
#pragma once

namespace inputanim {

inline constexpr double kDefaultPositionTolerance = 1e-4;  // metres (0.1 mm); gaze directions: units of the vector
inline constexpr double kDefaultRotationTolerance = 0.01;  // degrees

// How far what is fitted or written may play from its source; every layer's options hold one.
struct Tolerances {
    double position = kDefaultPositionTolerance;  // metres (gaze directions: units of the vector)
    double rotation = kDefaultRotationTolerance;  // degrees
};

}  // namespace inputanim
