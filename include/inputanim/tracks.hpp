// Vector tracks from scalar Unity curves: the curve engine behind glTF samplers. It merges the key times of
// the components exactly, unrolls Loop/PingPong, and picks the cheapest interpolation that reproduces
// Unity's playback within tolerance. Knows nothing about glTF files or the MRTK format.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "inputanim/curve.hpp"
#include "inputanim/error.hpp"

namespace inputanim {

enum class Interpolation { Step, Linear, CubicSpline };
const char* interpolationName(Interpolation interpolation);  // "STEP", "LINEAR", "CUBICSPLINE"

enum class TrackKind {
    Vector,    // positions and other vectors: error is the Euclidean distance (metres)
    Rotation,  // quaternion x, y, z, w played back normalised; LINEAR means slerp, as glTF defines it
};

struct TrackOptions {
    double duration = 0;               // seconds; wrapped curves are unrolled over [0, duration]
    double positionTolerance = 1e-4;   // metres (0.1 mm)
    double rotationTolerance = 0.01;   // degrees
    bool linearOnly = false;           // densify Hermite and weighted data into LINEAR keys
    std::size_t maxKnots = 10'000'000; // refuse to unroll or densify beyond this
    // Tracks of MRTK's linear keys at shared times are copied in one pass (the same result as the general
    // path, much faster); false forces the general path, so that tests can compare the two.
    bool copyLinearKeys = true;
};

struct Track {
    Interpolation interpolation = Interpolation::Linear;
    int components = 0;
    std::vector<float> times;        // >= 0, strictly increasing
    std::vector<float> values;       // times.size() x components
    std::vector<float> inTangents;   // CUBICSPLINE only: per-second slopes, times.size() x components
    std::vector<float> outTangents;
    // For each component, the knot index of each of its keys at times in [0, duration] (in key order), so
    // that a reader can tell original keys from added knots.
    std::vector<std::vector<std::uint32_t>> keyKnots;
    // Per component: the values at its keys' knots differ from the keys' values (quaternions normalised).
    std::vector<bool> valuesChanged;
    double maxError = 0;             // largest deviation measured while fitting (metres or degrees)
    // Copied from MRTK's linear keys: knots at the key times with the key values, played LINEAR, so vectors
    // reproduce Unity's playback exactly and rotations (slerp for MRTK's nlerp) stay within maxError, a
    // proven bound (all-zero rotations, MRTK's None joint, hold the identity instead, as valuesChanged says).
    bool copiesKeys = false;
};

// Plays a track as a glTF sampler does: STEP, LINEAR (slerp for rotations, along the shorter arc as three.js
// does), CUBICSPLINE (rotations normalised after interpolation); clamped outside the knots. Writes
// `track.components` values to `out`. `hint` (optional) remembers where the last call was, which makes
// playing at increasing times cost O(1) per call instead of a binary search.
void sampleTrack(const Track& track, TrackKind kind, double time, double* out, std::size_t* hint = nullptr);

// Largest deviation of the track's playback from Unity's playback of `components` (metres or degrees),
// measured at every knot and at three points inside every interval between knots.
double measureTrackError(const Track& track, std::span<const Curve* const> components, TrackKind kind);

// Builds one track from 3 (vector) or 4 (rotation) curves. Empty curves count as constant 0, as in Unity.
// Fails on non-finite values or times, times that do not increase, or when maxKnots would be exceeded.
Result<Track> buildTrack(std::span<const Curve* const> components, TrackKind kind, const TrackOptions& options);

}  // namespace inputanim
