// The pieces both hand skeletons are built from (internal to the glTF layer): poses as composition and playback give
// them, the recorded targets, a joint's local transform solved so that its composition lands on a key, each joint's
// own knots, and how far playback strays from MRTK's.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/joints.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/tracks/track_builder.hpp"

namespace inputanim::hand {

// A pose as composition gives it: the quaternion is not normalised, so that recorded magnitudes come back.
struct Pose {
    glm::dvec3 p{0};
    glm::dquat q{1, 0, 0, 0};
};

glm::dquat unit(const glm::dquat& q);

// A joint's local transform in glTF space (translation, rotation x y z w).
struct Local {
    std::array<float, 3> t{};
    std::array<float, 4> r{};
};

// The child's pose from its parent's and its local transform: positions as glTF composes matrices (the parent's
// rotation normalised), quaternions multiplied as they are.
Pose compose(const Pose& parent, const float* t, const float* r);

// The child's pose as glTF plays it at s in [0, 1] between two knots of its local transform: translation LINEAR,
// rotation slerped (unit), under the parent's pose as played.
Pose played(const Pose& parent, const Local& a, const Local& b, double s);

// `played` for one span, the slerp's ends and angle worked out once (the same poses to a rounding), for many points
// of the span.
class PlayedSpan {
public:
    PlayedSpan(const Local& a, const Local& b);
    Pose at(const Pose& parent, double s) const;  // the parent's rotation a unit one

private:
    glm::dvec3 ta_, tb_;
    SlerpEnds ends_;
};

// The joint's parent's index (kJoints order), -1 for None and the wrist.
int parentIndex(Joint joint);

// The joints in an order where each parent comes first (MRTK's order is such), None left out.
template <class F>
void forEachJoint(F f) {
    for (Joint joint : kJoints)
        if (joint != Joint::None) f(joint);
}

// A joint's recorded world pose at a time, in glTF space: the Float32 values MRTK plays (its keys' values at key
// times), and the pose that composition aims at (a far-from-unit or zero rotation normalised).
struct Target {
    float p[3], q[4];
    Pose pose;
};

// The hand's joints' recorded poses, evaluated near the last time asked cheaply.
class Targets {
public:
    Targets(const Recording& recording, Hand hand);
    Target at(Joint joint, double time) const;

private:
    mutable std::vector<CurveCursor> cursors_;  // per curve of the hand's joints
};

// The local transform under `parent` whose composition gives `aim`: the exact relative transform rounded to Float32,
// then moved so that its composition gives back the Float32 value of each component that is a key (`keys` bit c:
// position component c, bit 3 + c: rotation component c), nudged by a rounding step where it still misses.
Local solveLocal(const Pose& parent, Target aim, std::uint8_t keys);

// How far a played pose strays from the recorded one: metres, degrees.
struct Deviation {
    double position = 0, rotation = 0;
    void include(const Pose& played, const Target& aim);
};

// Whether a deviation goes beyond what a span between knots may keep (then it gets a knot in the middle).
bool strays(const Deviation& deviation, const TrackOptions& options);

// The refusal of a hand whose grid would need more knots than `allowed`.
Error tooManyKnots(std::size_t allowed);

// The spans between knots refined, last in first checked: each whose playback strays (`deviationOf(span)`) gets a
// knot in its middle, which `split(span, middle)` adds, giving the two halves; at most `allowed` knots are added (then
// tooManyKnots). Adjacent Float32 times (a stepped key) have no time between them. `kept`: the largest deviation of
// the spans that stay.
template <class Span, class DeviationOf, class Split>
Status refine(std::vector<Span> spans, const TrackOptions& options, std::size_t allowed, Deviation& kept,
              DeviationOf&& deviationOf, Split&& split) {
    std::size_t added = 0;
    while (!spans.empty()) {
        const Span span = spans.back();
        spans.pop_back();
        const float middle = float(0.5 * (double(span.a) + double(span.b)));
        if (middle <= span.a || middle >= span.b) continue;
        const Deviation deviation = deviationOf(span);
        if (!strays(deviation, options)) {
            kept.position = std::max(kept.position, deviation.position);
            kept.rotation = std::max(kept.rotation, deviation.rotation);
            continue;
        }
        if (++added > allowed) return tooManyKnots(allowed);
        const auto [first, second] = split(span, middle);
        spans.push_back(first);
        spans.push_back(second);
    }
    return Success{};
}

// The seven points inside a span between knots where playback is compared with MRTK's.
inline constexpr double kSamples[] = {0.05, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95};

// A joint's own knots: those of its LINEAR world tracks within tolerance, with which components are keys there.
struct OwnKnots {
    std::vector<float> times;  // increasing
    std::vector<std::uint8_t> keys;  // per time, the bits of solveLocal
};

// Every joint's own knots (None's empty), their tracks built and spent from the budget in kJoints order.
Result<std::array<OwnKnots, kJointCount>> ownKnots(const Recording& recording, Hand hand, const TrackOptions& options,
                                                   KnotBudget& budget);

// How many knots the grid may add to a hand (to each joint's grid, when joints have their own).
std::size_t addedKnotsAllowed(const Recording& recording, Hand hand, const TrackOptions& options,
                              const KnotBudget& budget);

}  // namespace inputanim::hand
