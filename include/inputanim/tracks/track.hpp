// A track: one vector or rotation sampled at knots, with glTF's interpolations, and its playback as glTF players
// (three.js) do it. The data the curve engine builds from Unity curves (track_builder.hpp) and that a glTF
// channel holds. Knows nothing about glTF files or the MRTK format.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "inputanim/core/curve.hpp"

namespace inputanim {

enum class Interpolation { Step, Linear, CubicSpline };
const char* interpolationName(Interpolation interpolation);  // "STEP", "LINEAR", "CUBICSPLINE"

enum class TrackKind {
    Vector,  // positions and other vectors: error is the Euclidean distance (metres)
    Rotation,  // quaternion x, y, z, w played back normalised; LINEAR means slerp, as glTF defines it
};

// The knot index of each of a component's keys, in key order: a list, or (keys copied as knots) the run first,
// first + 1, ... held as its start and length, without one.
class KeyKnots {
public:
    KeyKnots() = default;
    explicit KeyKnots(std::vector<std::uint32_t> list) : list_(std::move(list)) {}
    static KeyKnots run(std::uint32_t first, std::size_t count) {
        KeyKnots knots;
        knots.first_ = first, knots.run_ = count;
        return knots;
    }

    std::size_t size() const { return run_ ? run_ : list_.size(); }
    std::uint32_t operator[](std::size_t k) const { return run_ ? first_ + std::uint32_t(k) : list_[k]; }
    bool isRun() const { return run_ != 0; }  // held as a run (a list may hold consecutive knots too)
    void shift(std::uint32_t by) {  // every index `by` later
        first_ += by;
        for (std::uint32_t& knot : list_) knot += by;
    }
    bool operator==(const KeyKnots& other) const {
        if (size() != other.size()) return false;
        for (std::size_t k = 0; k < size(); ++k)
            if ((*this)[k] != other[k]) return false;
        return true;
    }

    class Iterator {
    public:
        Iterator(const KeyKnots& knots, std::size_t k) : knots_(&knots), k_(k) {}
        std::uint32_t operator*() const { return (*knots_)[k_]; }
        Iterator& operator++() { return ++k_, *this; }
        bool operator!=(const Iterator& other) const { return k_ != other.k_; }

    private:
        const KeyKnots* knots_;
        std::size_t k_;
    };
    Iterator begin() const { return {*this, 0}; }
    Iterator end() const { return {*this, size()}; }

private:
    std::vector<std::uint32_t> list_;
    std::uint32_t first_ = 0;
    std::size_t run_ = 0;
};

struct Track {
    Interpolation interpolation = Interpolation::Linear;
    int components = 0;
    std::vector<float> times;  // >= 0, strictly increasing
    std::vector<float> values;  // times.size() x components
    std::vector<float> inTangents;  // CUBICSPLINE only: per-second slopes, times.size() x components
    std::vector<float> outTangents;
    // For each component, the knot index of each of its keys at times in [0, duration] (in key order), so
    // that a reader can tell original keys from added knots.
    std::vector<KeyKnots> keyKnots;
    // Per component: the values at its keys' knots differ from the keys' values (quaternions normalised).
    std::vector<bool> valuesChanged;
    double maxError = 0;  // an upper bound of the playback's deviation from Unity's (metres or degrees)
    // Copied from MRTK's linear keys: knots at the key times with the key values, played LINEAR, so vectors
    // reproduce Unity's playback exactly and rotations (slerp for MRTK's nlerp) stay within maxError, a
    // proven bound (all-zero rotations, MRTK's None joint, hold the identity instead, as valuesChanged says).
    bool copiesKeys = false;
};

// One knot interval: the values at its start and end and, for CUBICSPLINE, the start's out-tangent and the end's
// in-tangent (per second). Up to four components.
struct KnotInterval {
    std::array<double, 4> a{}, b{}, outA{}, inB{};
};

// The interpolation rule, in one place: an interval of `duration` seconds played at s in [0, 1]. STEP holds a;
// LINEAR is a straight line per component, for rotations glTF's slerp (or, `asMrtk`, the unnormalised straight
// line MRTK plays between linear keys); CUBICSPLINE is glTF's Hermite with tangents times the duration, rotations
// normalised after.
std::array<double, 4> playInterval(const KnotInterval& knots, Interpolation interpolation, TrackKind kind,
                                   int components, double duration, double s, bool asMrtk = false);

// Plays a track as a glTF sampler does: STEP, LINEAR (slerp for rotations, along the shorter arc as three.js
// does), CUBICSPLINE (rotations normalised after interpolation); clamped outside the knots. Writes
// `track.components` values to `out`. `hint` (optional) remembers where the last call was, which makes
// playing at increasing times cost O(1) per call instead of a binary search.
void sampleTrack(const Track& track, TrackKind kind, double time, double* out, std::size_t* hint = nullptr);

// Makes a track that starts after 0 start at 0, holding its first value (the playback is unchanged: players clamp
// before the first knot). Blender's glTF exporter fails on an object's animation whose first key falls between
// frames; this puts it on frame 0.
void holdFromZero(Track& track);

}  // namespace inputanim
