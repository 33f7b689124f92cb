// Key reduction: the keys to keep of sampled motion so that interpolating between them stays within a
// tolerance. Shared by the generator (analysis) and the foreign glTF importer (gltf).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "inputanim/core/math.hpp"

namespace inputanim {

// Ramer-Douglas-Peucker over a polyline of samples, with `error(a, b, i)` the deviation of sample i from
// the interpolation between kept samples a and b. It runs in windows of kReductionWindow samples (their
// ends are kept) so that the worst case stays linear in the sample count, and iteratively, so that long
// recordings cannot overflow the stack.
inline constexpr std::size_t kReductionWindow = 2048;

template <typename ErrorFn>
inline std::vector<std::size_t> reduce(std::size_t count, double tolerance, ErrorFn error) {
    if (count <= 2) {
        std::vector<std::size_t> all(count);
        for (std::size_t i = 0; i < count; ++i) all[i] = i;
        return all;
    }
    std::vector<bool> keep(count, false);
    std::vector<std::pair<std::size_t, std::size_t>> stack;
    for (std::size_t start = 0; start + 1 < count; start += kReductionWindow) {
        const std::size_t end = std::min(start + kReductionWindow, count - 1);
        keep[start] = keep[end] = true;
        stack.push_back({start, end});
    }
    while (!stack.empty()) {
        const auto [a, b] = stack.back();
        stack.pop_back();
        double worst = -1;
        std::size_t worstIndex = a;
        for (std::size_t i = a + 1; i < b; ++i) {
            const double e = error(a, b, i);
            if (e > worst) worst = e, worstIndex = i;
        }
        if (worst > tolerance) {
            keep[worstIndex] = true;
            stack.push_back({a, worstIndex});
            stack.push_back({worstIndex, b});
        }
    }
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < count; ++i)
        if (keep[i]) kept.push_back(i);
    return kept;
}

// Samples of one vector (3 components, or a quaternion's 4) at increasing times.
struct SampledVector {
    std::vector<float> times;
    std::vector<std::array<double, 4>> values;
};

// The samples to keep as linear keys so that interpolating between them stays within `tolerance`:
// metres of distance for vectors, degrees of rotation for quaternions (interpolated per component, as
// MRTK plays them).
// With `slopes` (per sample and component, value per second), the keys are Hermite keys with those
// tangents instead of linear ones: far fewer keys for smooth motion.
inline std::vector<std::size_t> reduceSamples(const SampledVector& track, int components, bool rotation,
                                              double tolerance,
                                              const std::vector<std::array<double, 4>>* slopes = nullptr) {
    const auto& v = track.values;
    const auto& t = track.times;
    auto interpolate = [&](std::size_t a, std::size_t b, std::size_t i) {
        const double d = double(t[b]) - t[a], s = (double(t[i]) - t[a]) / d;
        std::array<double, 4> out{};
        if (!slopes) {
            for (int c = 0; c < components; ++c) out[c] = v[a][c] + (v[b][c] - v[a][c]) * s;
            return out;
        }
        for (int c = 0; c < components; ++c)
            out[c] = hermite(v[a][c], d * (*slopes)[a][c], v[b][c], d * (*slopes)[b][c], s).value;
        return out;
    };
    // Errors are compared as monotone stand-ins, without square roots or arcsines: squared distance for
    // vectors; for rotations sin^2 of half the angle between the interpolation and the unit sample,
    // 1 - dot^2 / |interpolation|^2 (the samples are normalised once).
    auto positionError = [&](std::size_t a, std::size_t b, std::size_t i) {
        const auto fitted = interpolate(a, b, i);
        double d2 = 0;
        for (int c = 0; c < components; ++c) d2 += (fitted[c] - v[i][c]) * (fitted[c] - v[i][c]);
        return d2;
    };
    if (rotation) {
        std::vector<Quaternion> unit(v.begin(), v.end());
        std::vector<bool> defined(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) defined[i] = normalize(unit[i]);
        constexpr double kHalfTurn = 1;  // sin^2 of half of 180 degrees
        auto rotationError = [&](std::size_t a, std::size_t b, std::size_t i) {
            const Quaternion q = interpolate(a, b, i);
            const double n2 = dot(q, q);
            if (!(n2 > 1e-24)) return defined[i] ? kHalfTurn : 0.0;  // both zero: no difference
            if (!defined[i]) return kHalfTurn;
            const double cosine = dot(q, unit[i]);
            return std::max(0.0, 1 - cosine * cosine / n2);
        };
        const double halfAngle = radians(std::min(tolerance, 180.0)) / 2;
        return reduce(t.size(), std::sin(halfAngle) * std::sin(halfAngle), rotationError);
    }
    return reduce(t.size(), tolerance * tolerance, positionError);
}

// Slopes of sampled motion: centred differences inside, one-sided at the ends.
inline std::vector<std::array<double, 4>> sampleSlopes(const SampledVector& track) {
    const auto& t = track.times;
    const auto& v = track.values;
    std::vector<std::array<double, 4>> slopes(t.size(), std::array<double, 4>{});
    if (t.size() < 2) return slopes;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::size_t a = i == 0 ? 0 : i - 1, b = i + 1 == t.size() ? i : i + 1;
        for (int c = 0; c < 4; ++c) slopes[i][c] = (v[b][c] - v[a][c]) / (double(t[b]) - t[a]);
    }
    return slopes;
}

}  // namespace inputanim
