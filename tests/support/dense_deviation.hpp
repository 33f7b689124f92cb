// An independent measure of how far a track plays from Unity's playback of its curves: dense evaluation at
// Float32 times (what a glTF player sees), with the library's evaluator as the reference. For tests only.
#pragma once

#include <algorithm>
#include <cmath>
#include <span>

#include "inputanim/core/math.hpp"
#include "inputanim/tracks/track.hpp"

namespace dense {

using namespace inputanim;

// Largest deviation (metres or degrees) at every knot and at `perInterval` Float32 times inside each interval.
inline double deviation(const Track& track, std::span<const Curve* const> curves, TrackKind kind,
                        int perInterval = 64) {
    const int n = track.components;
    double worst = 0;
    std::size_t hint = 0;
    auto measure = [&](double t) {
        double played[4] = {};
        sampleTrack(track, kind, t, played, &hint);
        Quaternion reference{}, fitted{};
        for (int c = 0; c < n; ++c) reference[c] = evaluate(*curves[c], t), fitted[c] = played[c];
        if (kind == TrackKind::Rotation) {
            if (normalize(reference) && normalize(fitted)) worst = std::max(worst, rotationAngle(reference, fitted));
            return;
        }
        double d2 = 0;
        for (int c = 0; c < n; ++c) d2 += (reference[c] - fitted[c]) * (reference[c] - fitted[c]);
        worst = std::max(worst, std::sqrt(d2));
    };
    for (std::size_t k = 0; k < track.times.size(); ++k) {
        measure(track.times[k]);
        if (k + 1 == track.times.size()) break;
        const double a = track.times[k], b = track.times[k + 1];
        for (int i = 1; i < perInterval; ++i) {
            const float t = float(a + (b - a) * i / perInterval);
            if (t > a && t < b) measure(t);
        }
    }
    return worst;
}

}  // namespace dense
