// A curve as played over a recording, cut at knots (internal to the track engine).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/core/error.hpp"

namespace inputanim {

// One component over one interval between adjacent knots: a single Unity segment (maybe wrapped or
// mirrored) or a constant. Intervals never contain a key time, so this is smooth inside.
struct Piece {
    bool constant = true;
    double hold = 0;
    Key left, right;
    SegmentShape shape = SegmentShape::Linear;
    bool zeroWeights = false;  // compact keys (MRTK's linear encoding) of a Linear shape: evaluateStraightSegment
    double anchorReal = 0, anchorMapped = 0;
    int direction = 1;

    ValueSlope at(double t) const {
        if (constant) return {hold, 0};
        if (shape == SegmentShape::Stepped) return {double(left.value), 0};
        const double mapped =
            std::clamp(anchorMapped + direction * (t - anchorReal), double(left.time), double(right.time));
        auto segmentAt = [this](double time) {
            return zeroWeights ? evaluateStraightSegment(left.time, left.value, right.time, right.value, time)
                               : evaluateSegment(left, right, time);
        };
        ValueSlope v = segmentAt(mapped);
        // evaluateSegment gives the right key's value at its time; inside the piece the limit is what counts.
        if (mapped >= right.time) v.value = segmentAt(nextBelow(double(right.time))).value;
        v.slope *= direction;
        return v;
    }
};

// The piece of `curve` inside the interval (ta, tb), which holds no key time (also after wrapping).
Piece makePiece(const Curve& curve, CurveCursor& cursor, double ta, double tb);

// Key times of one curve as played over [0, duration]: clamped keys as they are, wrapped keys repeated
// (Loop) or mirrored (PingPong) period after period; fails beyond maxKnots.
Status collectEvents(const Curve& curve, double duration, std::size_t maxKnots, std::vector<float>& events);

}  // namespace inputanim
