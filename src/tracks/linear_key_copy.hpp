// The common case of the curve engine in one pass (internal): MRTK's linear keys copied into a LINEAR track.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/tracks/track.hpp"

namespace inputanim {

// Every curve holds MRTK's linear keys: at least one, the first at t >= 0, clamped (no Loop or PingPong), every
// segment a straight line. The caller has checked that the keys are valid.
bool holdsLinearKeys(std::span<const Curve* const> curves);

// A rotation that copyLinearKeys refuses: its knots (the union of the key times, which are the general path's
// events for such keys) and the curves' values there as the general path evaluates them, so that the general
// path need not find and evaluate them again.
struct RefusedRotation {
    std::vector<float> times;
    std::vector<Quaternion> values;
};

// How close rotation keys must be to be copied: cos of their angle (safeSlerpCos) and length error (safeLengthOff).
struct SlerpLimits {
    double cos = 2;  // 2: never
    double lengthOff = 0.001;
};

// MRTK's linear keys (holdsLinearKeys) become a LINEAR track holding them as they are: the same knots and
// values the general path emits for them. Components keyed at different times are merged at the union of
// their times, each evaluated there, so each stays exactly piecewise linear. Rotations must stay within
// `limits.lengthOff` of unit length and close enough between knots (cos >= limits.cos) that slerp, three.js's too,
// provably stays within tolerance of MRTK's nlerp; the track's maxError is that bound. Nullopt sends the curves to the
// general path (a refused rotation's knots and values into `refused`, if given). `holdFromZero`: keys at shared
// times that start after 0 get a first knot at 0 holding their values, as holdFromZero would add it; others
// are left to the caller.
std::optional<Track> copyLinearKeys(std::span<const Curve* const> curves, TrackKind kind, const SlerpLimits& limits,
                                    RefusedRotation* refused = nullptr, bool holdFromZero = false);

}  // namespace inputanim
