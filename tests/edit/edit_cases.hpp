// Recordings and views of them that the edit tests share (test_edit.cpp, test_mirror.cpp).
#pragma once

#include <initializer_list>
#include <limits>
#include <utility>
#include <vector>

#include "inputanim/core/recording.hpp"
#include "support/fixtures.hpp"

namespace edit_cases {

using namespace inputanim;

using fixtures::kInf;
inline const std::size_t kCameraX = kCameraFirst;  // camera.PositionX, a float curve
inline const std::size_t kLeftTracked = booleanCurve(BooleanCurve::TrackedLeft);

inline Recording withCurve(std::size_t index, std::initializer_list<Key> keys) {
    Recording r;
    r.encoding = Encoding{1, Layout::Compact};
    r.curves[index].keys = KeyList(keys);
    return r;
}

inline std::vector<std::pair<float, float>> timesValues(const Curve& curve) {
    std::vector<std::pair<float, float>> out;
    for (const Key& key : curve.keys) out.emplace_back(key.time, key.value);
    return out;
}

using Pairs = std::vector<std::pair<float, float>>;

// The curve a mirror takes from: the other hand's (its joints and Booleans), else the same.
inline std::size_t mirroredIndexForTest(std::size_t index) {
    if (index >= kLeftHandFirst && index < kRightHandFirst) return index + (kRightHandFirst - kLeftHandFirst);
    if (index >= kRightHandFirst && index < kGazeFirst) return index - (kRightHandFirst - kLeftHandFirst);
    if (isBooleanCurve(index))
        return kBooleanFirst + ((index - kBooleanFirst) ^ 1);  // TrackedLeft <-> TrackedRight, ...
    return index;
}

}  // namespace edit_cases
