#include "inputanim/analysis/synthetic.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/quaternion.hpp>
#include <random>

#include "inputanim/core/math.hpp"
#include "inputanim/tracks/key_reduction.hpp"

namespace inputanim {
namespace {

using Vec = glm::dvec3;
using Quat = glm::dquat;

double smoothstep(double a, double b, double t) {
    const double x = std::clamp((t - a) / (b - a), 0.0, 1.0);
    return x * x * (3 - 2 * x);
}

Quat axisAngle(double radians, Vec axis) { return glm::angleAxis(radians, glm::normalize(axis)); }

struct Pose {
    Vec position{0};
    Quat rotation{1, 0, 0, 0};
};

// Gesture phases as fractions of the duration.
struct Phases {
    double reach = 0.15, pinch = 0.35, drag = 0.45, release = 0.70, lower = 0.80;
};

// A simple articulated hand in Unity's frame: bones along local +Z, +Y out of the back of the hand.
class HandModel {
public:
    explicit HandModel(Hand hand) : side_(hand == Hand::Left ? -1.0 : 1.0) {}

    // pinch in [0, 1] closes thumb and index; spread opens the other fingers slightly.
    std::array<Pose, kJointCount> joints(const Pose& wrist, double pinch, double relax) const {
        std::array<Pose, kJointCount> poses{};
        poses[0] = Pose{Vec(0), Quat(0, 0, 0, 0)};  // MRTK's None joint: zero position and rotation
        poses[1] = wrist;
        auto local = [&](Vec offset) { return wrist.position + wrist.rotation * offset; };
        // Fingers: index, middle, ring, pinky; thumb-side is +X for the right hand, mirrored for the left.
        const double across[4] = {0.022, 0.004, -0.014, -0.03};
        const double lengths[4][4] = {
            {0.065, 0.040, 0.025, 0.020}, {0.064, 0.044, 0.028, 0.021},
            {0.060, 0.041, 0.026, 0.020}, {0.055, 0.032, 0.019, 0.018}};
        for (int f = 0; f < 4; ++f) {
            const double curl = (f == 0 ? 0.15 + 0.55 * pinch : 0.25 + 0.35 * relax + 0.1 * f * relax);
            Vec position = local(Vec(side_ * across[f] * 0.5, 0, 0.015));
            Quat rotation = wrist.rotation * axisAngle(side_ * across[f] * 0.8, Vec(0, 1, 0));
            const int first = 7 + f * 5;
            for (int j = 0; j < 5; ++j) {
                poses[first + j] = {position, rotation};
                if (j == 4) break;
                if (j >= 1) rotation = rotation * axisAngle(curl, Vec(1, 0, 0));
                position += rotation * Vec(0, 0, lengths[f][j]);
            }
        }
        // Thumb: leaves the wrist towards the index side and rolls towards the index tip when pinching.
        Quat thumb = wrist.rotation * axisAngle(side_ * (0.7 - 0.25 * pinch), Vec(0, 1, 0)) *
                     axisAngle(0.35 + 0.3 * pinch, Vec(1, 0, 0));
        Vec position = local(Vec(side_ * 0.02, -0.012, 0.02));
        const double thumbLengths[3] = {0.04, 0.033, 0.028};
        for (int j = 0; j < 4; ++j) {
            poses[3 + j] = {position, thumb};
            if (j == 3) break;
            position += thumb * Vec(0, 0, thumbLengths[j]);
            thumb = thumb * axisAngle(0.15 + 0.25 * pinch, Vec(1, 0, 0));
        }
        // Palm: between the wrist and the middle knuckle, oriented like the wrist.
        poses[2] = {0.5 * (wrist.position + poses[13].position), wrist.rotation};
        return poses;
    }

private:
    double side_;
};

struct Sampler {
    const SyntheticOptions& options;
    Phases phases;
    std::mt19937 random;

    double at(double fraction) const { return fraction * options.duration; }

    Pose head(double t) const {
        const double yaw = 0.25 * std::sin(2 * kPi * t / 7.0) + 0.05 * std::sin(2 * kPi * t * 0.9);
        const double pitch = 0.12 + 0.04 * std::sin(2 * kPi * t / 3.1);
        return {Vec(0.02 * std::sin(t * 1.3), 1.62 + 0.008 * std::sin(2 * kPi * t * 1.8), 0.01 * std::sin(t)),
                axisAngle(yaw, Vec(0, 1, 0)) * axisAngle(pitch, Vec(1, 0, 0))};
    }

    // Reach from the side towards a virtual object, drag it across, release and lower.
    Pose wrist(Hand hand, double t) const {
        const double side = hand == Hand::Left ? -1.0 : 1.0;
        const double lift = smoothstep(0, at(phases.reach), t) - smoothstep(at(phases.lower), options.duration, t);
        const double reach = smoothstep(at(phases.reach), at(phases.pinch), t);
        const double drag = smoothstep(at(phases.drag), at(phases.release), t);
        const Vec rest(side * 0.25, 1.05, 0.25);
        const Vec object(side * 0.12, 1.38, 0.45);
        Vec position = glm::mix(rest, object, std::max(lift * 0.3, reach * lift));
        position += Vec(-side * 0.15 * drag, 0.08 * drag, -0.05 * drag) * lift;
        position += Vec(0.003 * std::sin(11 * t + side), 0.002 * std::sin(13 * t), 0.002 * std::sin(7 * t));
        const Quat rotation = axisAngle(-side * 0.4 * (1 - reach) - side * 0.2, Vec(0, 1, 0)) *
                              axisAngle(0.9 - 0.6 * reach, Vec(1, 0, 0)) *
                              axisAngle(side * (0.3 + 0.4 * drag), Vec(0, 0, 1));
        return {position, rotation};
    }

    double pinch(double t) const {
        return smoothstep(at(phases.pinch), at(phases.drag), t) - smoothstep(at(phases.release), at(phases.lower), t);
    }
    double relax(double t) const { return 0.5 + 0.5 * std::sin(t * 0.7); }
    bool tracked(Hand hand, double t) const {
        const double on = hand == Hand::Left ? 0.04 : 0.07, off = hand == Hand::Left ? 0.93 : 0.96;
        return t >= at(on) && t < at(off);
    }
};

void writeTrack(const SampledVector& track, int components, bool rotation, const SyntheticOptions& options, Curve* curves) {
    std::vector<std::size_t> kept;
    if (!options.reduceKeys) kept = reduce(track.times.size(), -1, [](auto...) { return 0.0; });
    else kept = reduceSamples(track, components, rotation, rotation ? options.rotationTolerance : options.positionTolerance);
    for (int c = 0; c < components; ++c) {
        curves[c].keys.clear();
        for (std::size_t i : kept) curves[c].keys.push_back(Key{track.times[i], float(track.values[i][c])});
    }
}

void addPose(SampledVector& position, SampledVector& rotation, float time, const Pose& pose) {
    Quat q = pose.rotation;
    // Keep consecutive keys in one hemisphere, as a recorder sampling a continuous motion does.
    if (!rotation.values.empty()) {
        const auto& p = rotation.values.back();
        if (p[0] * q.x + p[1] * q.y + p[2] * q.z + p[3] * q.w < 0) q = -q;
    }
    position.times.push_back(time);
    position.values.push_back({pose.position.x, pose.position.y, pose.position.z, 0});
    rotation.times.push_back(time);
    rotation.values.push_back({q.x, q.y, q.z, q.w});
}

void addBooleanKey(Curve& curve, float time, bool value) {
    if (!curve.keys.empty() && (curve.keys.back().value > 0.5f) == value) return;
    curve.keys.push_back(Key{time, value ? 1.0f : 0.0f});
}

}  // namespace

Result<Recording> generateRecording(const SyntheticOptions& options) {
    Recording recording;
    recording.encoding = options.encoding;
    const bool gaze = options.eyeGaze && options.encoding.minor == 1;
    recording.hasEyeGaze = gaze ? 1 : 0;
    Sampler sampler{options, {}, std::mt19937(options.seed)};
    std::uniform_real_distribution<double> jitter(-0.001, 0.001);

    const HandModel models[2] = {HandModel(Hand::Left), HandModel(Hand::Right)};
    SampledVector camera[2], joints[2][kJointCount][2], gazeOrigin, gazeDirection;
    const std::size_t frames = std::size_t(std::floor(options.duration * options.frameRate)) + 1;
    for (std::size_t frame = 0; frame < frames; ++frame) {
        const double nominal = std::min(options.duration, double(frame) / options.frameRate);
        const double t = frame == 0 || frame + 1 == frames ? nominal : nominal + jitter(sampler.random);
        const float time = float(t);
        const Pose head = sampler.head(t);
        addPose(camera[0], camera[1], time, head);
        for (Hand hand : kHands) {
            const int h = int(hand);
            const bool tracked = sampler.tracked(hand, t);
            addBooleanKey(recording.curves[booleanCurve(trackedCurve(hand))], time, tracked);
            addBooleanKey(recording.curves[booleanCurve(pinchingCurve(hand))], time, tracked && sampler.pinch(t) > 0.8);
            if (!tracked) continue;
            const auto poses = models[h].joints(sampler.wrist(hand, t), sampler.pinch(t), sampler.relax(t));
            for (int j = 0; j < kJointCount; ++j) addPose(joints[h][j][0], joints[h][j][1], time, poses[j]);
        }
        if (gaze) {
            // Eye data arrives a few frames late; until then MRTK records a zero direction.
            const Vec origin = head.position + head.rotation * Vec(0, -0.03, 0.05);
            const Vec target = sampler.wrist(sampler.pinch(t) > 0.1 ? Hand::Right : Hand::Left, t).position;
            const Vec direction = frame < 3 ? Vec(0) : glm::normalize(target - origin + Vec(0.01 * std::sin(5 * t), 0, 0));
            gazeOrigin.times.push_back(time);
            gazeOrigin.values.push_back({origin.x, origin.y, origin.z, 0});
            gazeDirection.times.push_back(time);
            gazeDirection.values.push_back({direction.x, direction.y, direction.z, 0});
        }
    }
    writeTrack(camera[0], 3, false, options, &recording.curves[cameraCurve(0)]);
    writeTrack(camera[1], 4, true, options, &recording.curves[cameraCurve(3)]);
    for (Hand hand : kHands)
        for (int j = 0; j < kJointCount; ++j) {
            writeTrack(joints[int(hand)][j][0], 3, false, options, &recording.curves[jointCurve(hand, Joint(j), kPositionX)]);
            writeTrack(joints[int(hand)][j][1], 4, true, options, &recording.curves[jointCurve(hand, Joint(j), kRotationX)]);
        }
    if (gaze) {
        writeTrack(gazeOrigin, 3, false, options, &recording.curves[gazeCurve(0)]);
        SyntheticOptions directionOptions = options;
        directionOptions.positionTolerance = 0.002;  // unit vector: about 0.1 degrees
        writeTrack(gazeDirection, 3, false, directionOptions, &recording.curves[gazeCurve(3)]);
    }
    if (options.markers) {
        const Phases phases;
        const std::pair<double, const char*> marks[] = {
            {phases.reach, "reach"}, {phases.pinch, "pinch"}, {phases.drag, "drag"}, {phases.release, "release"}};
        for (const auto& [fraction, name] : marks) recording.markers.push_back({float(fraction * options.duration), name});
    }
    return recording;
}

}  // namespace inputanim
