// The curve engine behind glTF samplers: builds a track from scalar Unity curves. It merges the key times of
// the components exactly, unrolls Loop/PingPong, and picks the cheapest interpolation that reproduces Unity's
// playback within tolerance, adding knots where it must.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/core/tolerances.hpp"
#include "inputanim/tracks/track.hpp"

namespace inputanim {

struct TrackOptions {
    double duration = 0;  // seconds; wrapped curves are unrolled over [0, duration]
    Tolerances tolerances;
    bool linearOnly = false;  // densify Hermite and weighted data into LINEAR keys
    std::size_t maxKnots = 10'000'000;  // knots fitting may add between the events (keys, wrap seams); refused beyond
    std::size_t maxEvents = 10'000'000;  // events, the keys of wrapped curves unrolled included; refused beyond
    // Tracks of MRTK's linear keys at shared times are copied in one pass (the same result as the general
    // path, much faster); false forces the general path, so that tests can compare the two.
    bool copyLinearKeys = true;
    // The caller has checked the curves it passes (invalidKey finds nothing): they are not checked again.
    bool curvesChecked = false;
    // A track whose first knot is after 0 starts at 0, holding its first value (holdFromZero in track.hpp).
    bool holdFromZero = false;
    // Knots for MRTK's linear keys rather than for glTF: LINEAR only, rotations played as MRTK plays them (component
    // by component, not normalised) and knots kept as evaluated (not made unit).
    bool mrtkPlayback = false;
};

// The knots a recording's tracks may have, so that work follows what the file holds: a track may add by fitting
// kTrackAllowance knots and kPerKey per key of its own curves, and all tracks together hold kRecordingAllowance and
// kPerKey per key of the recording (a few weighted keys of a huge range, or a short loop over a long recording, are
// refused at once rather than fitted for minutes).
class KnotBudget {
public:
    static constexpr std::size_t kTrackAllowance = 2'000, kRecordingAllowance = 20'000, kPerKey = 16;
    explicit KnotBudget(const Recording& recording);
    // `options` limited for a track of `curves` by what is left.
    TrackOptions limit(TrackOptions options, std::span<const Curve* const> curves) const;
    // A track built: its knots are spent.
    void spend(std::size_t knots) { left_ -= std::min(left_, knots); }
    std::size_t left() const { return left_; }

private:
    std::size_t left_;
};

// Builds one track from 3 (vector) or 4 (rotation) curves. Empty curves count as constant 0, as in Unity.
// Fails on non-finite values or times, times that do not increase, or when maxKnots would be exceeded.
Result<Track> buildTrack(std::span<const Curve* const> components, TrackKind kind, const TrackOptions& options);

}  // namespace inputanim
