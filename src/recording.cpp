#include "inputanim/recording.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "inputanim/error.hpp"

namespace inputanim {

std::string Error::describe() const {
    std::string line;
    if (!source.empty()) line += source + ": ";
    if (offset) line += "byte " + std::to_string(*offset) + ": ";
    return line + message;
}

std::string describe(Encoding encoding) {
    if (encoding.minor == 0) return "1.0";
    return encoding.layout == Layout::Compact ? "1.1 compact" : "1.1 full";
}

namespace {
constexpr std::array<std::string_view, kJointCount> kJointNames = {
    "None",           "Wrist",           "Palm",           "ThumbMetacarpalJoint", "ThumbProximalJoint",
    "ThumbDistalJoint", "ThumbTip",      "IndexMetacarpal", "IndexKnuckle",        "IndexMiddleJoint",
    "IndexDistalJoint", "IndexTip",      "MiddleMetacarpal", "MiddleKnuckle",      "MiddleMiddleJoint",
    "MiddleDistalJoint", "MiddleTip",    "RingMetacarpal", "RingKnuckle",          "RingMiddleJoint",
    "RingDistalJoint", "RingTip",        "PinkyMetacarpal", "PinkyKnuckle",        "PinkyMiddleJoint",
    "PinkyDistalJoint", "PinkyTip",
};
constexpr std::array<std::string_view, kPoseCurveCount> kPoseComponents = {
    "PositionX", "PositionY", "PositionZ", "RotationX", "RotationY", "RotationZ", "RotationW"};
constexpr std::array<std::string_view, kGazeCurveCount> kGazeComponents = {
    "OriginX", "OriginY", "OriginZ", "DirectionX", "DirectionY", "DirectionZ"};
constexpr std::array<std::string_view, kBooleanCount> kBooleanNames = {
    "TrackedLeft", "TrackedRight", "PinchingLeft", "PinchingRight"};
}  // namespace

std::string_view jointName(int joint) { return kJointNames.at(joint); }
std::string_view poseComponentName(int component) { return kPoseComponents.at(component); }
std::string_view gazeComponentName(int component) { return kGazeComponents.at(component); }

Section sectionOf(std::size_t index) {
    if (index < kBooleanFirst) return Section::Camera;
    if (index < kLeftHandFirst) return Section::Booleans;
    if (index < kRightHandFirst) return Section::LeftHand;
    if (index < kGazeFirst) return Section::RightHand;
    return Section::Gaze;
}

bool isBooleanCurve(std::size_t index) { return sectionOf(index) == Section::Booleans; }

std::string curveName(std::size_t index) {
    switch (sectionOf(index)) {
        case Section::Camera: return "camera." + std::string(kPoseComponents[index - kCameraFirst]);
        case Section::Booleans: return "booleans." + std::string(kBooleanNames[index - kBooleanFirst]);
        case Section::Gaze: return "gaze." + std::string(kGazeComponents[index - kGazeFirst]);
        case Section::LeftHand:
        case Section::RightHand: {
            const bool left = index < kRightHandFirst;
            const std::size_t local = index - (left ? kLeftHandFirst : kRightHandFirst);
            return std::string(left ? "left." : "right.") + std::string(kJointNames[local / kPoseCurveCount]) + "." +
                   std::string(kPoseComponents[local % kPoseCurveCount]);
        }
    }
    return {};
}

bool Recording::sectionPresent(Section section) const {
    switch (section) {
        case Section::Camera: return hasCameraPose != 0;
        case Section::Booleans:
        case Section::LeftHand:
        case Section::RightHand: return hasHandData != 0;
        case Section::Gaze: return hasEyeGaze != 0;
    }
    return false;
}

TimeRange timeRange(const Recording& recording) {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    auto include = [&](float t) {
        if (!std::isfinite(t)) return;
        lo = std::min(lo, double(t));
        hi = std::max(hi, double(t));
    };
    for (const Curve& curve : recording.curves)
        for (std::size_t k = 0; k < curve.keys.size(); ++k) include(curve.keys.time(k));
    for (const Marker& marker : recording.markers) include(marker.time);
    if (lo > hi) return {};
    return {lo, hi};
}

}  // namespace inputanim
