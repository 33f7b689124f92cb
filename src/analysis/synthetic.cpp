// A procedural recording of a two-handed gesture: both hands rise into view, reach to the sides of a virtual
// object, pinch it, pull it wider, release it and sink, while the head sways and the eyes follow the hands.
// Hands come from the core's hand model (anatomical proportions, MRTK's joint frames). Frames are generated and
// reduced in windows, so memory follows the output.
#include "inputanim/analysis/synthetic.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/tracks/streamed_reduction.hpp"

namespace inputanim {
namespace {

using V = Vector3;
V mixV(const V& a, const V& b, double t) { return plus3(scaled3(1 - t, a), scaled3(t, b)); }

double smoothstep(double a, double b, double t) {
    const double x = std::clamp((t - a) / (b - a), 0.0, 1.0);
    return x * x * (3 - 2 * x);
}

Quaternion axisAngle(const V& axis, double angle) {
    const double s = std::sin(angle / 2);
    return {axis[0] * s, axis[1] * s, axis[2] * s, std::cos(angle / 2)};
}

Quaternion multiply(const Quaternion& a, const Quaternion& b) {
    return {
        a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
        a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

// Gesture phases as fractions of the duration.
struct Phases {
    double reach = 0.15, pinch = 0.35, drag = 0.45, release = 0.70, lower = 0.80;
};

// The gesture: positions in Unity's space (metres; the user stands at the origin, looking down +Z).
struct Gesture {
    const SyntheticOptions& options;
    Phases phases;

    double at(double fraction) const { return fraction * options.duration; }
    static double side(Hand hand) { return hand == Hand::Left ? -1.0 : 1.0; }

    JointPose head(double t) const {
        const double yaw = 0.18 * std::sin(2 * kPi * t / 7.0) + 0.04 * std::sin(2 * kPi * t * 0.9);
        const double pitch = 0.22 + 0.04 * std::sin(2 * kPi * t / 3.1);  // looking down at the hands a little
        return {{0.02 * std::sin(t * 1.3), 1.62 + 0.008 * std::sin(2 * kPi * t * 1.8), 0.01 * std::sin(t)},
                multiply(axisAngle({0, 1, 0}, yaw), axisAngle({1, 0, 0}, pitch))};
    }

    double pinch(double t) const {
        return smoothstep(at(phases.pinch), at(phases.drag), t) - smoothstep(at(phases.release), at(phases.lower), t);
    }

    HandShape shape(Hand hand, double t) const {
        HandShape s;
        const double relax = 0.5 + 0.5 * std::sin(t * 0.7 + side(hand));
        s.pinch = pinch(t);
        s.curl = {0.1, 0.1, 0.15 + 0.15 * relax + 0.2 * s.pinch, 0.2 + 0.2 * relax + 0.25 * s.pinch,
                  0.25 + 0.25 * relax + 0.3 * s.pinch};
        return s;
    }

    // The wrist, placed so that the pinch point (between thumb and index tips) is where the hand reaches for.
    JointPose wrist(Hand hand, double t, const V& pinchPointInWrist) const {
        const double s = side(hand);
        const double lift = smoothstep(0, at(phases.reach), t) - smoothstep(at(phases.lower), options.duration, t);
        const double reach = smoothstep(at(phases.reach), at(phases.pinch), t);
        const double drag = smoothstep(at(phases.drag), at(phases.release), t);
        const V low = {s * 0.24, 0.98, 0.18}, ready = {s * 0.20, 1.18, 0.32};
        const V grab = {s * 0.10, 1.33, 0.45}, pulled = {s * 0.24, 1.38, 0.43};
        V target = mixV(mixV(low, ready, lift), mixV(grab, pulled, drag), reach * lift);
        target =
            plus3(target, {0.003 * std::sin(11 * t + s), 0.002 * std::sin(13 * t), 0.002 * std::sin(7 * t)});  // tremor
        // Fingers forward and a little inwards, turned thumb-up as a hand does to pinch from the side.
        const double roll = -s * (0.35 + 0.75 * reach), yaw = -s * (0.15 + 0.2 * reach),
                     pitch = -0.15 + 0.35 * (1 - lift);
        const Quaternion rotation =
            multiply(multiply(axisAngle({0, 1, 0}, yaw), axisAngle({1, 0, 0}, pitch)), axisAngle({0, 0, 1}, roll));
        const V offset = rotate(rotation, pinchPointInWrist);
        return {minus3(target, offset), rotation};
    }

    bool tracked(Hand hand, double t) const {
        const double on = hand == Hand::Left ? 0.04 : 0.07, off = hand == Hand::Left ? 0.93 : 0.96;
        return t >= at(on) && t < at(off);
    }
};

// The pinch point in the wrist's frame: midway between thumb and index tips of the pinching hand.
V pinchPoint(Hand hand) {
    HandShape pinched;
    pinched.pinch = 1;
    const HandPose pose = poseHand(hand, pinched, {});
    return scaled3(0.5, plus3(pose[indexOf(Joint::ThumbTip)].position, pose[indexOf(Joint::IndexTip)].position));
}

std::array<double, 4> position4(const V& v) { return {v[0], v[1], v[2], 0}; }

}  // namespace

Result<Recording> generateRecording(const SyntheticOptions& options) {
    const double frameCount = std::floor(options.duration * options.frameRate) + 1;
    const double limit = double(options.reduceKeys ? kMaxSyntheticFrames : kMaxSyntheticFramesUnreduced);
    if (!(options.duration > 0) || !(options.frameRate > 0) || !(frameCount <= limit))
        return Error::usage("duration x rate would make " + std::to_string(std::llround(frameCount)) +
                                " frames; at most " + std::to_string(std::llround(limit)) +
                                (options.reduceKeys ? "" : " without key reduction"),
                            Reason::GeneratorTooLong);
    Recording recording;
    recording.encoding = options.encoding;
    const bool gaze = options.eyeGaze && options.encoding.minor == 1;
    recording.hasEyeGaze = gaze ? 1 : 0;
    Gesture gesture{options, {}};
    std::mt19937 random(options.seed);
    std::uniform_real_distribution<double> jitter(-0.001, 0.001);
    const double positionTolerance = options.positionTolerance, rotationTolerance = options.rotationTolerance;

    std::vector<StreamedReduction> streams;
    auto stream = [&](std::size_t first, int components, bool rotation, double tolerance) {
        streams.emplace_back(&recording.curves[first], components, rotation, tolerance, KeyFit::Linear,
                             options.reduceKeys);
        return streams.size() - 1;
    };
    streams.reserve(2 + 2 * 2 * kJointCount + 2);
    const std::size_t cameraPosition = stream(cameraCurve(kPositionX), 3, false, positionTolerance);
    const std::size_t cameraRotation = stream(cameraCurve(kRotationX), 4, true, rotationTolerance);
    std::size_t joints[2][kJointCount][2];
    for (Hand hand : kHands)
        for (Joint joint : kJoints) {
            joints[int(hand)][indexOf(joint)][0] =
                stream(jointCurve(hand, joint, kPositionX), 3, false, positionTolerance);
            joints[int(hand)][indexOf(joint)][1] =
                stream(jointCurve(hand, joint, kRotationX), 4, true, rotationTolerance);
        }
    const std::size_t gazeOrigin = gaze ? stream(gazeCurve(kGazeOriginX), 3, false, positionTolerance) : 0;
    const std::size_t gazeDirection =
        gaze ? stream(gazeCurve(kGazeDirectionX), 3, false, 0.002) : 0;  // unit vector: ~0.1 degrees
    const V pinchPoints[2] = {pinchPoint(Hand::Left), pinchPoint(Hand::Right)};

    const std::size_t frames = std::size_t(frameCount);
    for (std::size_t frame = 0; frame < frames; ++frame) {
        const double nominal = std::min(options.duration, double(frame) / options.frameRate);
        const double t = frame == 0 || frame + 1 == frames ? nominal : nominal + jitter(random);
        const float time = float(t);
        const JointPose head = gesture.head(t);
        streams[cameraPosition].add(time, position4(head.position));
        streams[cameraRotation].add(time, head.rotation);
        V lookAt = {0, 1.35, 0.45};
        for (Hand hand : kHands) {
            const int h = int(hand);
            const bool tracked = gesture.tracked(hand, t);
            addBooleanKey(recording.curves[booleanCurve(trackedCurve(hand))], time, tracked);
            addBooleanKey(recording.curves[booleanCurve(pinchingCurve(hand))], time, tracked && gesture.pinch(t) > 0.8);
            if (!tracked) continue;  // MRTK records a hand's joints only while it is tracked
            const HandPose pose = poseHand(hand, gesture.shape(hand, t), gesture.wrist(hand, t, pinchPoints[h]));
            for (Joint joint : kJoints) {
                streams[joints[h][indexOf(joint)][0]].add(time, position4(pose[indexOf(joint)].position));
                streams[joints[h][indexOf(joint)][1]].add(time, pose[indexOf(joint)].rotation);
            }
            if (hand == Hand::Right) lookAt = pose[indexOf(Joint::IndexTip)].position;
        }
        if (gaze) {
            // Eye data arrives a few frames late; until then MRTK records a zero direction.
            const V origin = plus3(head.position, rotate(head.rotation, {0, -0.03, 0.05}));
            V direction = minus3(lookAt, origin);
            direction[0] += 0.01 * std::sin(5 * t);
            const double norm = length3(direction);
            streams[gazeOrigin].add(time, position4(origin));
            streams[gazeDirection].add(time,
                                       frame < 3 ? std::array<double, 4>{} : position4(scaled3(1 / norm, direction)));
        }
    }
    for (auto& s : streams) s.finish();
    if (options.markers) {
        const Phases phases;
        const std::pair<double, const char*> marks[] = {
            {phases.reach, "reach"}, {phases.pinch, "pinch"}, {phases.drag, "drag"}, {phases.release, "release"}};
        for (const auto& [fraction, name] : marks)
            recording.markers.push_back({float(fraction * options.duration), name});
    }
    return recording;
}

}  // namespace inputanim
