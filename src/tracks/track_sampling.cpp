// Playing a track as glTF players do.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "inputanim/core/math.hpp"
#include "inputanim/tracks/track.hpp"

namespace inputanim {

const char* interpolationName(Interpolation interpolation) {
    switch (interpolation) {
        case Interpolation::Step: return "STEP";
        case Interpolation::Linear: return "LINEAR";
        case Interpolation::CubicSpline: return "CUBICSPLINE";
    }
    return "?";
}

using Values = std::array<double, 4>;  // up to four components

Values playInterval(const KnotInterval& k, Interpolation interpolation, TrackKind kind, int n, double d, double s,
                    bool asMrtk) {
    Values v{};
    if (interpolation == Interpolation::Step) {
        v = k.a;
    } else if (interpolation == Interpolation::CubicSpline) {
        for (int c = 0; c < n; ++c) v[c] = hermite(k.a[c], d * k.outA[c], k.b[c], d * k.inB[c], s).value;
        if (kind == TrackKind::Rotation) normalize(v);
    } else if (kind == TrackKind::Rotation && !asMrtk) {
        v = slerp(k.a, k.b, s);
    } else {
        for (int c = 0; c < n; ++c) v[c] = k.a[c] + (k.b[c] - k.a[c]) * s;
    }
    return v;
}

namespace {

// Plays knot interval k of a track (times[k] <= time <= times[k + 1]) as glTF does.
void sampleInterval(const Track& track, TrackKind kind, std::size_t k, double time, double* out) {
    const int n = track.components;
    KnotInterval knots;
    for (int c = 0; c < n; ++c) {
        knots.a[c] = track.values[k * n + c];
        knots.b[c] = track.values[(k + 1) * n + c];
        if (track.interpolation == Interpolation::CubicSpline)
            knots.outA[c] = track.outTangents[k * n + c], knots.inB[c] = track.inTangents[(k + 1) * n + c];
    }
    const double d = double(track.times[k + 1]) - track.times[k], s = (time - track.times[k]) / d;
    const Values result = playInterval(knots, track.interpolation, kind, n, d, s);
    for (int c = 0; c < n; ++c) out[c] = result[c];
}
}  // namespace

void sampleTrack(const Track& track, TrackKind kind, double time, double* out, std::size_t* hint) {
    const auto& times = track.times;
    if (times.empty()) return;
    // k: the first knot later than `time` (upper_bound), found near the hint when times increase.
    std::size_t k = hint ? std::min(*hint, times.size()) : 0;
    const bool hintHolds = hint && (k == 0 || double(times[k - 1]) <= time);
    if (hintHolds) {
        for (int step = 0; step < 4 && k < times.size() && !(time < double(times[k])); ++step) ++k;
    }
    if (!hintHolds || (k < times.size() && !(time < double(times[k]))))
        k = std::size_t(std::upper_bound(times.begin(), times.end(), time) - times.begin());
    if (hint) *hint = k;
    if (k > 0 && double(times[k - 1]) == time && k < times.size()) {  // exactly on a knot: its value
        Values v{};
        for (int c = 0; c < track.components; ++c) v[c] = track.values[(k - 1) * track.components + c];
        if (kind == TrackKind::Rotation) normalize(v);
        for (int c = 0; c < track.components; ++c) out[c] = v[c];
        return;
    }
    if (k == 0 || k == times.size()) {  // clamped outside the knots
        const std::size_t at = k == 0 ? 0 : k - 1;
        for (int c = 0; c < track.components; ++c) out[c] = track.values[at * track.components + c];
        return;
    }
    sampleInterval(track, kind, k - 1, time, out);
}

void holdFromZero(Track& track) {
    if (track.times.empty() || !(track.times[0] > 0)) return;
    const auto n = std::ptrdiff_t(track.components);
    track.times.insert(track.times.begin(), 0.0f);
    track.values.insert(track.values.begin(), track.values.begin(), track.values.begin() + n);
    if (track.interpolation == Interpolation::CubicSpline) {  // flat: the hold is constant
        track.inTangents.insert(track.inTangents.begin(), std::size_t(n), 0.0f);
        track.outTangents.insert(track.outTangents.begin(), std::size_t(n), 0.0f);
        std::fill_n(track.inTangents.begin() + n, n, 0.0f);
    }
    for (auto& knots : track.keyKnots) knots.shift(1);
}

}  // namespace inputanim
