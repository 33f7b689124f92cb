#include "inputanim/tracks/portable_knots.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "inputanim/core/math.hpp"

namespace inputanim {

void unitRotationKnots(Track& track) {
    for (std::size_t k = 0; k < track.times.size(); ++k) {
        float* knot = &track.values[k * 4];
        Quaternion q{knot[0], knot[1], knot[2], knot[3]};
        if (std::abs(norm(q) - 1) <= kUnitLengthSlack || !normalize(q)) continue;
        for (int c = 0; c < 4; ++c) knot[c] = float(q[c]);
        track.valuesChanged.assign(4, true);
    }
}

void portableSteps(Track& track, std::vector<std::size_t>* kept) {
    if (kept) kept->assign(track.times.empty() ? 0 : 1, 0);
    if (track.times.empty()) return;
    const auto n = std::size_t(track.components);
    std::vector<float> times{track.times[0]}, values(track.values.begin(), track.values.begin() + std::ptrdiff_t(n));
    for (std::size_t k = 1; k < track.times.size(); ++k) {
        const float* knot = &track.values[k * n];
        const std::size_t previous = values.size() - n;
        const float before = std::nextafter(track.times[k], -INFINITY);
        if (!std::equal(knot, knot + n, values.begin() + std::ptrdiff_t(previous)) && before > times.back()) {
            times.push_back(before);
            for (std::size_t c = 0; c < n; ++c) values.push_back(values[previous + c]);
        }
        if (kept) kept->push_back(times.size());
        times.push_back(track.times[k]);
        values.insert(values.end(), knot, knot + n);
    }
    track.times = std::move(times);
    track.values = std::move(values);
}

}  // namespace inputanim
