#include "linear_key_copy.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "inputanim/core/lanes.hpp"
#include "slerp_bound.hpp"

namespace inputanim {
namespace {

Quaternion knotQuaternion(const float* values, std::size_t k) {
    return {values[k * 4], values[k * 4 + 1], values[k * 4 + 2], values[k * 4 + 3]};
}

// Rotation knots copied from keys (`count` quaternions from `values`): each within `lengthOff` (at most 0.001) of
// unit length (so the general path would leave it alone, and three.js's slerp of it stays close) and slerp provably
// within tolerance of nlerp between neighbours, `margin` inside both limits. Sets `maxError` to that bound (with what
// three.js's slerp of ends off unit length adds); false sends the track to the general path.
// Compared squared, so that no knot takes a root or a division: |length - 1| <= off is length² within
// [(1 - off)², (1 + off)²], and cos >= least > 0 (limits.cos is the cosine of an angle under a radian) is dot > 0 with
// dot² >= least² na² nb². The smallest cosine is kept as its square, a numerator and a denominator.
INPUTANIM_OWN_FUNCTION bool slerpMatchesNlerpAlong(const float* values, std::size_t count, double margin,
                                                   const SlerpLimits& limits, double& maxError) {
    const double off = limits.lengthOff - margin, least = limits.cos + margin;
    if (off < 0) return count == 0;
    const double shortest = (1 - off) * (1 - off), longest = (1 + off) * (1 + off), least2 = least * least;
    double fewest = longest, most = shortest;  // the knots' squared lengths, smallest and largest
    double dot2 = 1, norms2 = 1;  // the smallest squared cosine so far: dot2 / norms2
    double previous = 0;  // the previous knot's squared length
    for (std::size_t k = 0; k < count; ++k) {
        const Quaternion b = knotQuaternion(values, k);
        const double squared = dot(b, b);
        if (!(squared >= shortest && squared <= longest)) return false;
        fewest = std::min(fewest, squared), most = std::max(most, squared);
        if (k > 0) {
            const double d = dot(knotQuaternion(values, k - 1), b), norms = previous * squared;
            if (!(d > 0) || d * d < least2 * norms) return false;
            if (d * d * norms2 < dot2 * norms) dot2 = d * d, norms2 = norms;
        }
        previous = squared;
    }
    const double lengthOff = std::max({0.0, std::sqrt(most) - 1, 1 - std::sqrt(fewest)});
    const double alpha = std::acos(std::min(1.0, std::sqrt(dot2 / norms2)));
    if (count > 1) maxError = slerpDeviationBound(alpha) + unnormalisedSlerpPart(alpha, lengthOff);
    return true;
}

bool allZero(std::span<const Curve* const> curves) {
    for (const Curve* curve : curves)
        for (std::size_t k = 0; k < curve->keys.size(); ++k)
            if (curve->keys.value(k) != 0) return false;
    return true;
}

// Components keyed at different times: knots at every component's key times, each component evaluated there
// (as the general path does). Rotations keep a margin so that the general path's slightly different interval
// ends could not decide otherwise.
std::optional<Track> mergeLinearKeys(std::span<const Curve* const> curves, TrackKind kind, const SlerpLimits& limits,
                                     RefusedRotation* refused) {
    const int n = int(curves.size());
    Track track;
    track.interpolation = Interpolation::Linear;
    track.components = n;
    for (const Curve* curve : curves) {
        const std::size_t before = track.times.size();
        curve->keys.forEachTimeValue([&](float time, float) { track.times.push_back(time); });
        std::inplace_merge(track.times.begin(), track.times.begin() + std::ptrdiff_t(before), track.times.end());
    }
    track.times.erase(std::unique(track.times.begin(), track.times.end()), track.times.end());
    const std::size_t count = track.times.size();
    track.values.resize(count * n);
    std::vector<double> rounding(count, 0.0);  // squared distance between each knot's exact and Float32 values
    std::vector<Quaternion> exactRotations(kind == TrackKind::Rotation && refused ? count : 0);  // kept for a refusal
    for (int c = 0; c < n; ++c) {
        CurveCursor cursor(*curves[c]);
        for (std::size_t k = 0; k < count; ++k) {
            const double exact = cursor.value(track.times[k]);
            track.values[k * n + c] = float(exact);
            rounding[k] += (exact - track.values[k * n + c]) * (exact - track.values[k * n + c]);
            if (!exactRotations.empty()) exactRotations[k][c] = exact;
        }
    }
    // Lines between rounded knots stray from the exact lines by at most the larger rounding of their ends.
    const double worstRounding = std::sqrt(*std::max_element(rounding.begin(), rounding.end()));
    if (kind == TrackKind::Rotation &&
        !slerpMatchesNlerpAlong(track.values.data(), count, 1e-9, limits, track.maxError)) {
        if (refused) *refused = {std::move(track.times), std::move(exactRotations)};
        return std::nullopt;
    }
    track.maxError += kind == TrackKind::Rotation ? chordDegrees(worstRounding) : worstRounding;
    track.keyKnots.assign(n, {});
    for (int c = 0; c < n; ++c) {
        std::size_t knot = 0;
        std::vector<std::uint32_t> knots;
        knots.reserve(curves[c]->keys.size());
        curves[c]->keys.forEachTimeValue([&](float time, float) {
            while (track.times[knot] < time) ++knot;
            knots.push_back(std::uint32_t(knot));
        });
        track.keyKnots[c] = KeyKnots(std::move(knots));
    }
    track.valuesChanged.assign(n, false);
    track.copiesKeys = true;
    return track;
}

}  // namespace

bool holdsLinearKeys(std::span<const Curve* const> curves) {
    for (const Curve* curve : curves) {
        const std::size_t count = curve->keys.size();
        const bool wraps = count > 1 && (curve->preWrapMode == kWrapLoop || curve->preWrapMode == kWrapPingPong ||
                                         curve->postWrapMode == kWrapLoop || curve->postWrapMode == kWrapPingPong);
        if (count == 0 || !(curve->keys.time(0) >= 0) || wraps) return false;
        // Compact keys (zero weights) at increasing times, which the caller checked, are Linear segments.
        if (!curve->keys.compact())
            for (std::size_t k = 1; k < count; ++k)
                if (segmentShape(curve->keys[k - 1], curve->keys[k]) != SegmentShape::Linear) return false;
    }
    return true;
}

namespace {

// Compact lists (the 1.1 file's keys, read in place) of `count` keys each, from key `from` on: their times into
// `times` and their values into `values` (knot by knot, N per knot) in one pass over all N lists side by side. False
// if a list's key times differ from the first list's.
template <int N>
INPUTANIM_OWN_FUNCTION bool copyCompactKeys(std::span<const Curve* const> curves, std::size_t from, std::size_t count,
                                            float* times, float* values) {
    std::array<const std::uint8_t*, N> pairs;
    for (int c = 0; c < N; ++c) pairs[c] = curves[c]->keys.timeValueBytes().data();
    bool aligned = true;
    for (std::size_t k = from; k < count; ++k) {
        float time;
        std::memcpy(&time, pairs[0] + 8 * k, 4);
        times[k] = time;
        for (int c = 0; c < N; ++c) {
            float keyTime;
            std::memcpy(&keyTime, pairs[c] + 8 * k, 4);
            std::memcpy(values + N * k + c, pairs[c] + 8 * k + 4, 4);
            aligned &= keyTime == time;
        }
    }
    return aligned;
}

// The same for four lists (a rotation's), two keys a step where there are lanes: each list's two keys in one load
// (time, value, time, value), the values gathered knot by knot, every time compared with the first list's.
INPUTANIM_OWN_FUNCTION bool copyCompactRotations(std::span<const Curve* const> curves, std::size_t count, float* times,
                                                 float* values) {
    std::size_t k = 0;
    bool aligned = true;
#if INPUTANIM_LANES
    const std::uint8_t* pairs[4];
    for (int c = 0; c < 4; ++c) pairs[c] = curves[c]->keys.timeValueBytes().data();
    Lanes4 differ = {0, 0, 0, 0};  // lanes 0 and 2: the two keys' times
    for (; k + 2 <= count; k += 2) {
        const auto x = loadLanes<Floats4>(pairs[0] + 8 * k), y = loadLanes<Floats4>(pairs[1] + 8 * k),
                   z = loadLanes<Floats4>(pairs[2] + 8 * k), w = loadLanes<Floats4>(pairs[3] + 8 * k);
        differ |= Lanes4(x != y) | Lanes4(x != z) | Lanes4(x != w);
        const Floats4 xy = __builtin_shufflevector(x, y, 1, 5, 3, 7), zw = __builtin_shufflevector(z, w, 1, 5, 3, 7);
        storeLanes(values + 4 * k, __builtin_shufflevector(xy, zw, 0, 1, 4, 5));
        storeLanes(values + 4 * k + 4, __builtin_shufflevector(xy, zw, 2, 3, 6, 7));
        times[k] = x[0], times[k + 1] = x[2];
    }
    aligned = (differ[0] | differ[2]) == 0;
#endif
    return copyCompactKeys<4>(curves, k, count, times, values) && aligned;
}

}  // namespace

bool copyCompactKeys(std::span<const Curve* const> curves, float* times, float* values) {
    const std::size_t count = curves[0]->keys.size();
    switch (curves.size()) {
        case 1: return copyCompactKeys<1>(curves, 0, count, times, values);
        case 2: return copyCompactKeys<2>(curves, 0, count, times, values);
        case 3: return copyCompactKeys<3>(curves, 0, count, times, values);
        default: return copyCompactRotations(curves, count, times, values);
    }
}

std::optional<Track> copyLinearKeys(std::span<const Curve* const> curves, TrackKind kind, const SlerpLimits& limits,
                                    RefusedRotation* refused, bool holdFromZero) {
    const int n = int(curves.size());
    const std::size_t count = curves[0]->keys.size();
    Track track;
    // Every component's key times must be the first one's.
    bool aligned =
        std::all_of(curves.begin(), curves.end(), [&](const Curve* curve) { return curve->keys.size() == count; });
    // Room for a first knot at 0 holding the first keys' values (inputanim::holdFromZero, without moving the keys).
    const std::size_t hold = holdFromZero && aligned && curves[0]->keys.time(0) > 0;
    if (aligned) {
        track.times.resize(hold + count);
        track.values.resize((hold + count) * n);
        float* times = track.times.data() + hold;
        float* values = track.values.data() + hold * n;
        if (std::all_of(curves.begin(), curves.end(), [](const Curve* curve) { return curve->keys.compact(); })) {
            aligned = copyCompactKeys(curves, times, values);
        } else {
            curves[0]->keys.forEachTimeValue([&, time = times](float t, float) mutable { *time++ = t; });
            for (int c = 0; c < n; ++c) {
                float* value = values + c;
                std::size_t k = 0;
                curves[c]->keys.forEachTimeValue(
                    [&](float t, float v) { aligned &= t == times[k++], *value = v, value += n; });
            }
        }
    }
    if (!aligned) return mergeLinearKeys(curves, kind, limits, refused);
    track.interpolation = Interpolation::Linear;
    track.components = n;
    track.keyKnots.assign(n, KeyKnots::run(std::uint32_t(hold), count));
    track.copiesKeys = true;
    if (kind == TrackKind::Rotation && allZero(curves)) {
        // MRTK records the None joint's rotation as (0, 0, 0, 0): the general path plays it as the identity at
        // every knot and keeps the recorded zeros in extras (valuesChanged).
        std::fill(track.values.begin(), track.values.end(), 0.0f);  // +0 where a key holds -0
        for (std::size_t k = 0; k < hold + count; ++k) track.values[k * n + 3] = 1;
        track.valuesChanged.assign(n, true);
        return track;
    }
    const float* keyValues = track.values.data() + hold * n;
    if (kind == TrackKind::Rotation && !slerpMatchesNlerpAlong(keyValues, count, 0, limits, track.maxError)) {
        if (refused) {  // the keys' own values: what the curves give at their key times
            refused->values.resize(count);
            for (std::size_t k = 0; k < count; ++k)
                for (int c = 0; c < 4; ++c) refused->values[k][c] = keyValues[k * 4 + c];
            refused->times.assign(track.times.begin() + std::ptrdiff_t(hold), track.times.end());
        }
        return std::nullopt;
    }
    if (hold) std::copy_n(keyValues, n, track.values.begin());  // the knot at 0 (its time is 0 already)
    track.valuesChanged.assign(n, false);
    return track;
}

}  // namespace inputanim
