// Recordings that exercise every curve feature, built in code (shared by unit and interop tests).
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "inputanim/core/recording.hpp"

namespace edge_cases {

using namespace inputanim;

enum class KeyStyle {
    Linear,  // MRTK's encoding: zero tangents and weights, mode Both
    Hermite,  // Unity auto tangents (derivatives), unweighted
    Stepped,  // constant tangents (+infinity) everywhere
    MixedStepped,  // Hermite with every third segment stepped
    Weighted,  // Bezier weights on both sides
};

// A smooth pose: position in metres, rotation about a tilted axis; `phase` varies it per joint.
inline void poseAt(double t, double phase, double out[7]) {
    out[0] = 0.1 * std::sin(1.3 * t + phase);
    out[1] = 1.2 + 0.05 * std::cos(t + phase);
    out[2] = 0.3 + 0.02 * t;
    const double angle = 0.8 * std::sin(0.9 * t + phase);
    const double axis[3] = {0.36, 0.48, 0.8};
    for (int c = 0; c < 3; ++c) out[3 + c] = axis[c] * std::sin(angle / 2);
    out[6] = std::cos(angle / 2);
}

inline Curve makeCurve(const std::vector<double>& times, double phase, int component, KeyStyle style) {
    Curve curve;
    auto value = [&](double t) {
        double pose[7];
        poseAt(t, phase, pose);
        return pose[component];
    };
    for (std::size_t k = 0; k < times.size(); ++k) {
        const double t = times[k];
        const double slope = (value(t + 1e-4) - value(t - 1e-4)) / 2e-4;
        Key key{float(t), float(value(t))};
        switch (style) {
            case KeyStyle::Linear: break;
            case KeyStyle::Hermite:
                key = Key{float(t), float(value(t)), float(slope), float(slope), 1.0f / 3, 1.0f / 3, kWeightedNone};
                break;
            case KeyStyle::Stepped:
                key = Key{float(t),
                          float(value(t)),
                          std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::infinity(),
                          0,
                          0,
                          kWeightedNone};
                break;
            case KeyStyle::MixedStepped: {
                const float out = k % 3 == 1 ? std::numeric_limits<float>::infinity() : float(slope);
                key = Key{float(t), float(value(t)), float(slope), out, 1.0f / 3, 1.0f / 3, kWeightedNone};
                break;
            }
            case KeyStyle::Weighted:
                key = Key{float(t),     float(value(t)),      float(slope),
                          float(slope), k % 2 ? 0.6f : 0.15f, k % 2 ? 0.1f : 0.5f,
                          kWeightedBoth};
                break;
        }
        curve.keys.push_back(key);
    }
    return curve;
}

inline std::vector<double> uniformTimes(double start, double end, double rate) {
    std::vector<double> times;
    for (int i = 0; start + i / rate <= end + 1e-9; ++i) times.push_back(start + i / rate);
    return times;
}

// Fills the 7 curves of a pose; `timesFor(component)` gives each component's key times.
inline void fillPose(Recording& r, std::size_t first, double phase, KeyStyle style,
                     const std::function<std::vector<double>(int)>& timesFor) {
    for (int c = 0; c < kPoseCurveCount; ++c) r.curves[first + c] = makeCurve(timesFor(c), phase, c, style);
}

inline void fillHands(Recording& r, KeyStyle style, const std::function<std::vector<double>(int)>& timesFor) {
    for (Hand hand : {Hand::Left, Hand::Right})
        for (int joint = 1; joint < kJointCount; ++joint)
            fillPose(r, jointCurve(hand, Joint(joint), 0), 0.1 * joint + int(hand), style, timesFor);
    r.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{0, 1}};
    r.curves[booleanCurve(BooleanCurve::TrackedRight)].keys = {Key{0, 0}, Key{0.5f, 1}, Key{2.25f, 0}};
    r.curves[booleanCurve(BooleanCurve::PinchingLeft)].keys = {Key{0, 0}, Key{1.0f, 1}, Key{1.75f, 0}};
    r.curves[booleanCurve(BooleanCurve::PinchingRight)].keys = {Key{0, 0}};
}

struct Case {
    std::string name;
    Recording recording;
    bool exact;  // every channel reproduces Unity's playback up to Float32 rounding
};

inline Recording base(int minor, Layout layout, bool camera, bool hands, bool gaze) {
    Recording r;
    r.encoding = {minor, layout};
    r.hasCameraPose = camera;
    r.hasHandData = hands;
    r.hasEyeGaze = gaze;
    return r;
}

inline void fillGaze(Recording& r, KeyStyle style) {
    const auto times = uniformTimes(0, 3, 20);
    for (int c = 0; c < 3; ++c) r.curves[gazeCurve(c)] = makeCurve(times, 0.3, c, style);
    for (int c = 0; c < 3; ++c) r.curves[gazeCurve(3 + c)] = makeCurve(times, 1.1, 3 + c, style);
}

inline std::vector<Case> all() {
    std::vector<Case> cases;
    const auto every10Hz = [](int) { return uniformTimes(0, 3, 10); };
    {
        Recording r = base(0, Layout::Full, true, true, false);
        fillPose(r, kCameraFirst, 0, KeyStyle::Hermite, every10Hz);
        fillHands(r, KeyStyle::Hermite, every10Hz);
        cases.push_back({"hermite", r, true});
    }
    {
        Recording r = base(0, Layout::Full, true, true, false);
        fillPose(r, kCameraFirst, 0, KeyStyle::Stepped, every10Hz);
        fillHands(r, KeyStyle::MixedStepped, every10Hz);
        r.curves[jointCurve(Hand::Left, Joint::Wrist, 0)] =
            makeCurve(uniformTimes(0, 3, 10), 0, 0, KeyStyle::Linear);  // linear + stepped mix
        r.curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys.update(
            4, [](Key& k) { k.outTangent = std::numeric_limits<float>::infinity(); });
        cases.push_back({"stepped", r, true});
    }
    {
        Recording r = base(1, Layout::Full, true, true, false);
        fillPose(r, kCameraFirst, 0, KeyStyle::Weighted, every10Hz);
        fillHands(r, KeyStyle::Weighted, [](int) { return uniformTimes(0, 3, 4); });
        cases.push_back({"weighted", r, false});
    }
    {
        Recording r = base(1, Layout::Compact, true, true, true);
        const double rates[7] = {10, 7, 13, 9, 11, 8, 12};
        auto unaligned = [&](int c) { return uniformTimes(0, 3, rates[c]); };
        fillPose(r, kCameraFirst, 0, KeyStyle::Linear, unaligned);
        fillHands(r, KeyStyle::Linear, unaligned);
        fillGaze(r, KeyStyle::Linear);
        r.curves[gazeCurve(1)] = makeCurve(uniformTimes(0, 3, 6), 0.3, 1, KeyStyle::Linear);
        cases.push_back({"unaligned", r, true});
    }
    {
        Recording r = base(0, Layout::Full, true, true, false);
        fillPose(r, kCameraFirst, 0, KeyStyle::Linear, [](int) { return uniformTimes(0, 1, 10); });
        for (int c = 0; c < 7; ++c)
            r.curves[cameraCurve(c)].preWrapMode = r.curves[cameraCurve(c)].postWrapMode = kWrapLoop;
        fillHands(r, KeyStyle::Hermite, every10Hz);
        const std::size_t wrist = jointCurve(Hand::Left, Joint::Wrist, 0);
        fillPose(r, wrist, 0.4, KeyStyle::Hermite, [](int) { return uniformTimes(0.5, 1.2, 10); });
        for (int c = 0; c < 7; ++c) r.curves[wrist + c].preWrapMode = r.curves[wrist + c].postWrapMode = kWrapPingPong;
        // An empty curve with wrap modes of its own (found by fuzzing: they were lost when no channel carried them).
        for (int c = 0; c < 7; ++c)
            r.curves[jointCurve(Hand::Right, Joint::None, c)] = Curve{kWrapLoop, 0x2d000008, {}};
        cases.push_back({"looping", r, true});
    }
    {
        Recording r = base(0, Layout::Full, true, true, false);
        const auto lead = [](int) { return uniformTimes(-0.05, 2.95, 10); };
        fillPose(r, kCameraFirst, 0, KeyStyle::Linear, lead);
        fillHands(r, KeyStyle::Linear, lead);
        r.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{-0.05f, 1}};
        cases.push_back({"negative-time", r, true});
    }
    {
        Recording r = base(1, Layout::Compact, false, false, false);
        r.markers = {{0.5f, "start"}, {2.0f, "fin \xe2\x9c\x93"}};
        cases.push_back({"markers-only", r, true});
    }
    {
        Recording r = base(1, Layout::Compact, true, false, false);
        fillPose(r, kCameraFirst, 0, KeyStyle::Linear, [](int) { return uniformTimes(0, 3, 30); });
        cases.push_back({"camera-only", r, true});
    }
    {
        Recording r = base(1, Layout::Compact, false, false, true);
        fillGaze(r, KeyStyle::Linear);
        cases.push_back({"gaze-only", r, true});
    }
    cases.push_back({"empty", base(1, Layout::Compact, false, false, false), true});
    cases.push_back({"empty-1.0", base(0, Layout::Full, true, true, false), true});
    {
        // Recorder defects and odd rotations: zero quaternions, RotationW with one key, a hemisphere flip.
        Recording r = base(1, Layout::Compact, true, true, false);
        fillPose(r, kCameraFirst, 0, KeyStyle::Linear, every10Hz);
        fillHands(r, KeyStyle::Linear, every10Hz);
        for (int c = 3; c < 7; ++c) r.curves[jointCurve(Hand::Left, Joint::None, c)].keys = {Key{0, 0}, Key{3, 0}};
        r.curves[jointCurve(Hand::Left, Joint::ThumbDistalJoint, 6)].keys.resize(1);
        for (int c = 3; c < 7; ++c) {
            auto& keys = r.curves[jointCurve(Hand::Right, Joint::IndexKnuckle, c)].keys;
            for (std::size_t k = 10; k < keys.size(); ++k) keys.setValue(k, -keys.value(k));
        }
        cases.push_back({"odd-rotations", r, true});
    }
    return cases;
}

}  // namespace edge_cases
