// A curve as played over a recording, cut at knots: its event times and the piece of it inside each interval.
#include "curve_pieces.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace inputanim {
namespace {

// +1 where wrapped time runs forward at `time`, -1 in the mirrored half of a PingPong period.
int wrapDirection(const Curve& curve, double time) {
    const double first = curve.keys.front().time, last = curve.keys.back().time, length = last - first;
    const std::int32_t mode = time < first ? curve.preWrapMode : time > last ? curve.postWrapMode : kWrapClampForever;
    if (mode != kWrapPingPong || !(length > 0)) return 1;
    double phase = std::fmod(time - first, 2 * length);
    if (phase < 0) phase += 2 * length;
    return phase > length ? -1 : 1;
}

Piece constantPiece(double value) {
    Piece piece;
    piece.hold = value;
    return piece;
}

}  // namespace

Piece makePiece(const Curve& curve, CurveCursor& cursor, double ta, double tb) {
    const auto& keys = curve.keys;
    if (keys.empty()) return {};
    if (keys.size() == 1) return constantPiece(keys[0].value);
    const double middle = 0.5 * (ta + tb);
    const double wrapped = wrapTime(curve, middle);
    if (!(wrapped > keys.front().time)) return constantPiece(keys.front().value);
    if (wrapped >= keys.back().time) return constantPiece(keys.back().value);
    const std::size_t k = cursor.segment(wrapped);
    Piece piece;
    piece.constant = false;
    piece.left = keys[k];
    piece.right = keys[k + 1];
    if (keys.compact()) {  // zero weights and tangents: segmentShape's answer without its arithmetic
        piece.shape = piece.left.time < piece.right.time ? SegmentShape::Linear : SegmentShape::Stepped;
        piece.zeroWeights = piece.shape == SegmentShape::Linear;
    } else {
        piece.shape = segmentShape(piece.left, piece.right);  // evaluateSegment finds zero weights itself
    }
    piece.anchorReal = middle;
    piece.anchorMapped = wrapped;
    piece.direction = wrapDirection(curve, middle);
    return piece;
}

Status collectEvents(const Curve& curve, double duration, std::size_t maxKnots, std::vector<float>& events) {
    const auto& keys = curve.keys;
    if (keys.empty()) return Success{};
    const double first = keys.front().time, last = keys.back().time, length = last - first;
    bool beforeZero = false;
    events.reserve(events.size() + keys.size());
    keys.forEachTimeValue([&](float time, float) {
        if (time < 0) beforeZero = true;
        else if (time <= duration) events.push_back(time);
    });
    auto wraps = [&](std::int32_t mode) { return length > 0 && (mode == kWrapLoop || mode == kWrapPingPong); };
    auto unroll = [&](std::int32_t mode, double from, double to, int step) -> Status {
        const double periods = std::ceil((to - from) / length);
        if (periods * double(keys.size()) > double(maxKnots)) {
            char text[200];
            std::snprintf(text, sizeof text,
                          "unrolling its wrap mode over the recording would need about %.3g knots, more than the %zu "
                          "the recording's keys allow",
                          periods * double(keys.size()), maxKnots);
            return Error::refused(text);
        }
        for (long p = step; std::abs(double(p)) <= periods; p += step) {
            const bool mirrored = mode == kWrapPingPong && (p % 2 != 0);
            for (const Key& key : keys) {
                const double offset = mirrored ? last - key.time : key.time - first;
                const double t = first + double(p) * length + offset;
                if (t >= 0 && t <= duration) events.push_back(float(t));
            }
        }
        return Success{};
    };
    if (wraps(curve.postWrapMode) && last < duration)
        if (auto s = unroll(curve.postWrapMode, last, duration, 1); !s) return s;
    if (wraps(curve.preWrapMode) && first > 0) {
        if (auto s = unroll(curve.preWrapMode, 0, first, -1); !s) return s;
        beforeZero = true;
    }
    if (wraps(curve.postWrapMode) && last < duration) events.push_back(float(duration));
    if (beforeZero) events.push_back(0.0f);
    return Success{};
}

// Largest rotation error (degrees) between slerp and nlerp of two unit quaternions `alpha` radians apart
}  // namespace inputanim
