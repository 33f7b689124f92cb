#include "inputanim/analysis/check.hpp"
#include "inputanim/core/utf8.hpp"

#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/core/playback.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <cmath>
#include <cstdio>

namespace inputanim {

namespace {

std::string seconds(double t) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g s", t);
    return text;
}

class Checker {
public:
    Checker(const Recording& recording, const CheckOptions& options)
        : recording_(recording), options_(options), end_(playbackDuration(recording)) {}

    std::vector<Finding> run() {
        for (std::size_t i = 0; i < kCurveCount; ++i)
            if (recording_.sectionPresent(sectionOf(i))) checkCurve(i);
        if (recording_.hasCameraPose) checkPose(kCameraFirst, "camera");
        if (recording_.hasHandData)
            for (Hand hand : kHands)
                for (Joint joint : kJoints)
                    checkPose(jointCurve(hand, joint, kPositionX),
                              std::string(handName(hand)) + "." + std::string(jointName(joint)), joint == Joint::None);
        if (recording_.hasEyeGaze) {
            checkAligned(kGazeFirst, 3, "gaze.Origin");
            checkAligned(kGazeFirst + 3, 3, "gaze.Direction");
        }
        for (Finding& finding : checkMarkers(recording_)) findings_.push_back(std::move(finding));
        if (recording_.encoding == kEncoding11Full &&
            recording_.hasCameraPose + recording_.hasHandData + recording_.hasEyeGaze > 0)
            add(Severity::Warning, "full-layout", "", std::nullopt,
                "the 1.1 full layout (the published specification's) is loaded by no MRTK version; converted, it "
                "becomes 1.1 compact");
        return std::move(findings_);
    }

private:
    void add(Severity severity, std::string code, std::string curve, std::optional<std::size_t> key,
             std::string message) {
        findings_.push_back(Finding::ofCurve(severity, std::move(code), std::move(curve), key, std::move(message)));
    }

    void checkCurve(std::size_t index) {
        const auto& keys = recording_.curves[index].keys;
        const std::string name = curveName(index);
        std::size_t negatives = 0, nonFinite = 0, nonIncreasing = 0, nonBoolean = 0;
        std::optional<std::size_t> firstNegative, firstNonFinite, firstNonIncreasing, firstNonBoolean;
        auto mark = [](std::size_t& count, std::optional<std::size_t>& first, std::size_t k) {
            if (count++ == 0) first = k;
        };
        for (std::size_t k = 0; k < keys.size(); ++k) {
            const Key& key = keys[k];
            const bool finite = std::isfinite(key.time) && std::isfinite(key.value) && !std::isnan(key.inTangent) &&
                                !std::isnan(key.outTangent) && std::isfinite(key.inWeight) &&
                                std::isfinite(key.outWeight);
            if (!finite) mark(nonFinite, firstNonFinite, k);
            if (key.time < 0) mark(negatives, firstNegative, k);
            if (k > 0 && !(key.time > keys[k - 1].time)) mark(nonIncreasing, firstNonIncreasing, k);
            if (isBooleanCurve(index) && key.value != 0.0f && key.value != 1.0f) mark(nonBoolean, firstNonBoolean, k);
        }
        if (nonFinite)
            add(Severity::Error, "non-finite", name, firstNonFinite,
                std::to_string(nonFinite) + " key(s) hold NaN or infinite time, value or weight, or a NaN tangent");
        if (nonIncreasing) {
            const Key& key = keys[*firstNonIncreasing];
            const bool duplicate = key.time == keys[*firstNonIncreasing - 1].time;
            add(Severity::Error, duplicate ? "duplicate-time" : "decreasing-time", name, firstNonIncreasing,
                std::to_string(nonIncreasing) + " key(s) not later than the key before, first at " + seconds(key.time));
        }
        if (negatives) {
            // 1.0 recorders keep one key from before the cut-off so that t = 0 interpolates right.
            const bool expected = negatives == 1 && *firstNegative == 0 && recording_.encoding.minor == 0;
            add(expected ? Severity::Note : Severity::Warning, "negative-time", name, firstNegative,
                std::to_string(negatives) + " key(s) before t = 0, first at " + seconds(keys[*firstNegative].time) +
                    (expected ? " (a 1.0 recorder's lead-in key)" : ""));
        }
        if (nonBoolean)
            add(Severity::Note, "non-boolean-value", name, firstNonBoolean,
                std::to_string(nonBoolean) + " Boolean key(s) hold a value other than 0 or 1 (read as true above 0.5)");
        const double expectedEnd = expectedEndOf(index);
        if (!isBooleanCurve(index) && keys.size() >= 2 && expectedEnd - keys.back().time > options_.lostTailSeconds)
            add(Severity::Note, "lost-tail", name, keys.size() - 1,
                "ends at " + seconds(keys.back().time) + ", " + seconds(expectedEnd - keys.back().time) + " before " +
                    (expectedEnd < end_ ? "its hand stops being tracked" : "the recording ends") +
                    " (MRTK's key reducer drops final keys)");
    }

    // Where a curve should reach: a recorder writes joints only while their hand is tracked.
    double expectedEndOf(std::size_t index) const {
        const Section section = sectionOf(index);
        if (section != Section::LeftHand && section != Section::RightHand) return end_;
        const auto& tracked =
            recording_.curves[booleanCurve(trackedCurve(section == Section::LeftHand ? Hand::Left : Hand::Right))];
        if (tracked.keys.empty() || booleanOn(tracked.keys.back().value)) return end_;
        return tracked.keys.back().time;
    }

    bool sameTimes(const Curve& a, const Curve& b) const {
        return std::equal(a.keys.begin(), a.keys.end(), b.keys.begin(), b.keys.end(),
                          [](const Key& x, const Key& y) { return x.time == y.time; });
    }

    void checkAligned(std::size_t first, int count, const std::string& vectorName) {
        for (int c = 1; c < count; ++c)
            if (!sameTimes(recording_.curves[first], recording_.curves[first + c])) {
                add(Severity::Note, "unaligned-components", vectorName, std::nullopt,
                    "components have different key times (" + curveName(first) + " vs " + curveName(first + c) + ")");
                return;
            }
    }

    void checkPose(std::size_t first, const std::string& pose, bool isNoneJoint = false) {
        checkAligned(first, 3, pose + ".Position");
        checkAligned(first + 3, 4, pose + ".Rotation");
        const Curve* q[4];
        for (int c = 0; c < 4; ++c) q[c] = &recording_.curves[first + 3 + c];
        const std::size_t xyzKeys = std::max({q[0]->keys.size(), q[1]->keys.size(), q[2]->keys.size()});
        if (q[3]->keys.size() == 1 && xyzKeys > 1) {
            add(Severity::Warning, "rotation-w-single-key", pose + ".RotationW", 0,
                "RotationW has 1 key while X/Y/Z have up to " + std::to_string(xyzKeys) +
                    " (MRTK 2.6/2.7 key reducer defect: playback distorts the rotation)");
            return;  // every quaternion check below would only repeat this defect
        }
        checkQuaternions(q, pose + ".Rotation", isNoneJoint);
    }

    // Evaluates the quaternion at every key time of its components, as MRTK plays it back.
    void checkQuaternions(const Curve* const q[4], const std::string& name, bool isNoneJoint) {
        std::vector<double> times;
        for (int c = 0; c < 4; ++c)
            for (const Key& key : q[c]->keys) times.push_back(key.time);
        if (times.empty()) return;
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        std::size_t zero = 0, nonUnit = 0, flips = 0;
        double firstZero = 0, firstFlip = 0, worstNorm = 1;
        Quaternion previous{};
        for (std::size_t i = 0; i < times.size(); ++i) {
            Quaternion v{};
            for (int c = 0; c < 4; ++c) v[c] = evaluate(*q[c], times[i]);
            const double length = norm(v);
            if (length < 1e-6) {
                if (zero++ == 0) firstZero = times[i];
            } else if (std::abs(length - 1) > options_.unitTolerance) {
                ++nonUnit;
                if (std::abs(length - 1) > std::abs(worstNorm - 1)) worstNorm = length;
            }
            if (i > 0 && dot(v, previous) < 0)
                if (flips++ == 0) firstFlip = times[i];
            previous = v;
        }
        if (zero)
            add(isNoneJoint ? Severity::Note : Severity::Warning, "zero-quaternion", name, std::nullopt,
                "rotation is (0, 0, 0, 0) at " + std::to_string(zero) + " key time(s), first at " + seconds(firstZero));
        if (nonUnit) {
            char worst[32];
            std::snprintf(worst, sizeof worst, "%.6g", worstNorm);
            add(Severity::Warning, "non-unit-quaternion", name, std::nullopt,
                "|q| differs from 1 by more than " + std::to_string(options_.unitTolerance) + " at " +
                    std::to_string(nonUnit) + " key time(s); worst |q| = " + worst);
        }
        if (flips)
            add(Severity::Warning, "hemisphere-flip", name, std::nullopt,
                "adjacent keys in opposite hemispheres at " + std::to_string(flips) + " place(s), first at " +
                    seconds(firstFlip) + " (component-wise interpolation passes near zero)");
    }

    const Recording& recording_;
    const CheckOptions& options_;
    double end_;
    std::vector<Finding> findings_;
};

}  // namespace

std::vector<Finding> checkMarkers(const Recording& recording) {
    std::vector<Finding> findings;
    const double end = playbackDuration(recording);
    for (std::size_t m = 0; m < recording.markers.size(); ++m) {
        const Marker& marker = recording.markers[m];
        if (!std::isfinite(marker.time)) {
            findings.push_back(Finding::ofCurve(Severity::Error, "non-finite", "markers", m,
                                                "marker '" + shortened(marker.name) + "' has no finite time (" +
                                                    std::to_string(marker.time) + "): no writer writes it"));
            continue;
        }
        if (!(marker.time > end)) continue;
        findings.push_back(Finding::ofCurve(Severity::Warning, "marker-after-end", "markers", m,
                                            "marker '" + shortened(marker.name) + "' at " + seconds(marker.time) +
                                                " is after the recording's end (" + seconds(end) +
                                                "): MRTK stops playing there and never fires it"));
    }
    return findings;
}

namespace {

// A note when the eye gaze is the head's forward ray at every gaze key (what a WebXR take holds, and what MRTK's gaze
// falls back to without eye tracking): its origin within 0.1 mm of the camera, its direction within 0.01 radians of
// the camera's +Z. Stops at the first key that is not.
std::optional<Finding> gazeFromHead(const Recording& recording) {
    if (!recording.hasEyeGaze || !recording.hasCameraPose) return std::nullopt;
    std::vector<float> times;
    for (int c = 0; c < kGazeCurveCount; ++c)
        for (const Key& key : recording.curves[gazeCurve(c)].keys) times.push_back(key.time);
    if (times.empty()) return std::nullopt;
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    for (float t : times) {
        std::array<double, 3> origin, direction;
        sampleGaze(recording, t, Coordinates::Unity, origin, direction);
        const PoseSample head = samplePose(recording, kCameraFirst, t, Coordinates::Unity);
        const Vector3 forward = rotate(head.rotation, {0, 0, 1});
        if (!head.rotationDefined || length3(minus3(origin, head.position)) > 1e-4 ||
            length3(minus3(direction, forward)) > 0.01)
            return std::nullopt;
    }
    return Finding::ofCurve(Severity::Note, "gaze-from-head", "gaze", std::nullopt,
                            "the eye gaze is the head's forward ray at every key: no eye movement is recorded (as in "
                            "a take through WebXR, which has no eye tracking)");
}

}  // namespace

std::optional<Finding> handsNeverTracked(const Recording& recording) {
    if (!recording.sectionPresent(Section::Booleans)) return std::nullopt;
    for (Hand hand : kHands)
        for (const Key& key : recording.curves[booleanCurve(trackedCurve(hand))].keys)
            if (booleanOn(key.value)) return std::nullopt;
    const auto& curves = recording.curves;
    if (std::none_of(curves.begin(), curves.end(), [](const Curve& c) { return !c.keys.empty(); })) return std::nullopt;
    return Finding::ofCurve(Severity::Warning, "no-hand-tracked", "booleans", std::nullopt,
                            "neither hand is tracked at any time: MRTK shows no hands (a take with controllers only, "
                            "or on a device without hand tracking)");
}

std::vector<Finding> checkRecording(const Recording& recording, const CheckOptions& options) {
    auto findings = Checker(recording, options).run();
    if (auto note = gazeFromHead(recording)) findings.push_back(std::move(*note));
    if (auto warning = handsNeverTracked(recording)) findings.push_back(std::move(*warning));
    return findings;
}

}  // namespace inputanim
