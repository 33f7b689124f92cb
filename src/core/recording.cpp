#include "inputanim/core/recording.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "inputanim/core/utf8.hpp"

namespace inputanim {
namespace {
constexpr std::array<std::string_view, kPoseCurveCount> kPoseComponents = {
    "PositionX", "PositionY", "PositionZ", "RotationX", "RotationY", "RotationZ", "RotationW"};
constexpr std::array<std::string_view, kGazeCurveCount> kGazeComponents = {"OriginX",    "OriginY",    "OriginZ",
                                                                           "DirectionX", "DirectionY", "DirectionZ"};
}  // namespace

std::string_view poseComponentName(int component) { return kPoseComponents.at(component); }
std::string_view gazeComponentName(int component) { return kGazeComponents.at(component); }

Section sectionOf(std::size_t index) {
    if (index < kBooleanFirst) return Section::Camera;
    if (index < kLeftHandFirst) return Section::Booleans;
    if (index < kRightHandFirst) return Section::LeftHand;
    if (index < kGazeFirst) return Section::RightHand;
    return Section::Gaze;
}

const std::vector<CurveGroup>& curveGroups() {
    static const std::vector<CurveGroup> groups = [] {
        std::vector<CurveGroup> all;
        auto pose = [&all](std::size_t first) {
            all.push_back({first + kPositionX, 3, false});
            all.push_back({first + kRotationX, 4, true});
        };
        pose(kCameraFirst);
        for (Hand hand : kHands)
            for (Joint joint : kJoints) pose(jointCurve(hand, joint, 0));
        all.push_back({gazeCurve(kGazeOriginX), 3, false});
        all.push_back({gazeCurve(kGazeDirectionX), 3, false});
        return all;
    }();
    return groups;
}

std::string groupName(const CurveGroup& group) {
    std::string name = curveName(group.first);
    for (std::string_view suffix : {"PositionX", "RotationX", "OriginX", "DirectionX"})
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return name.substr(0, name.size() - 1);
    return name;
}

bool isBooleanCurve(std::size_t index) { return sectionOf(index) == Section::Booleans; }

std::string curveName(std::size_t index) {
    switch (sectionOf(index)) {
        case Section::Camera: return "camera." + std::string(kPoseComponents[index - kCameraFirst]);
        case Section::Booleans: return "booleans." + std::string(booleanName(BooleanCurve(index - kBooleanFirst)));
        case Section::Gaze: return "gaze." + std::string(kGazeComponents[index - kGazeFirst]);
        case Section::LeftHand:
        case Section::RightHand: {
            const Hand hand = index < kRightHandFirst ? Hand::Left : Hand::Right;
            const std::size_t local = index - (hand == Hand::Left ? kLeftHandFirst : kRightHandFirst);
            std::string name;  // built in place: a chain of + allocates at each step (names are longer than 15 bytes)
            name.reserve(48);
            return name.append(handName(hand))
                .append(".")
                .append(jointName(Joint(local / kPoseCurveCount)))
                .append(".")
                .append(kPoseComponents[local % kPoseCurveCount]);
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

double playbackDuration(const Recording& recording) {
    float end = 0;  // as MRTK's ComputeDuration: Mathf.Max over each curve's last key
    for (const Curve& curve : recording.curves)
        if (!curve.keys.empty()) {
            const float last = curve.keys.time(curve.keys.size() - 1);
            if (last > end) end = last;
        }
    return std::isfinite(end) ? double(end) : 0.0;
}

TimeRange timeRange(const Recording& recording, std::vector<bool>* validCurves) {
    // Float32 bounds in locals (a min of floats is one of them): a loop over every key of a recording.
    float lo = std::numeric_limits<float>::infinity();
    float hi = -lo;
    auto include = [&lo, &hi](float t) {
        if (!std::isfinite(t)) return;
        lo = std::min(lo, t);
        hi = std::max(hi, t);
    };
    if (validCurves) validCurves->assign(recording.curves.size(), false);
    for (std::size_t c = 0; c < recording.curves.size(); ++c) {
        const Curve& curve = recording.curves[c];
        if (curve.keys.empty()) {
            if (validCurves) (*validCurves)[c] = true;
            continue;
        }
        if (curve.keys.finiteAndIncreasing()) {  // nearly every curve: its first and last keys
            include(curve.keys.time(0));
            include(curve.keys.time(curve.keys.size() - 1));
            if (validCurves) (*validCurves)[c] = curve.keys.compact();  // full keys have tangents and weights to check
            continue;
        }
        float curveLo = lo, curveHi = hi;
        curve.keys.forEachTimeValue([&curveLo, &curveHi](float t, float) {
            if (!std::isfinite(t)) return;
            curveLo = std::min(curveLo, t);
            curveHi = std::max(curveHi, t);
        });
        lo = curveLo, hi = curveHi;
    }
    for (const Marker& marker : recording.markers) include(marker.time);
    if (lo > hi) return {};
    return {double(lo), double(hi)};
}

Status playable(const Recording& recording) {
    for (std::size_t c = 0; c < recording.curves.size(); ++c)
        if (auto problem = invalidKey(recording.curves[c])) return Error::malformed(*problem).of(curveName(c));
    for (std::size_t m = 0; m < recording.markers.size(); ++m)
        if (!std::isfinite(recording.markers[m].time))
            return Error::malformed("marker " + std::to_string(m) + " has no finite time (" +
                                    std::to_string(recording.markers[m].time) + ")")
                .of("markers");
    return Success{};
}

std::optional<std::string> invalidMarkerName(const Recording& recording) {
    for (std::size_t m = 0; m < recording.markers.size(); ++m)
        if (auto bad = firstInvalidUtf8(recording.markers[m].name))
            return "marker " + std::to_string(m) + " (at " + std::to_string(recording.markers[m].time) +
                   " s): its name is not valid UTF-8 (byte " + std::to_string(*bad) + ")";
    return std::nullopt;
}

}  // namespace inputanim
