// A hand as a skeleton (internal to the glTF layer; docs/gltf-profile.md, "The hierarchical rig"): every joint but
// None hangs from its parentJoint, and its channels hold local transforms at one grid of times that the whole hand
// shares. Composing them, as `composeHand` does for export and import alike, gives back the recorded world poses
// bit for bit at key times; between knots, the export adds knots until glTF's playback of the skeleton stays within
// the tolerances of MRTK's playback of each joint. A rig without the way back may give each joint a grid of its own
// instead (HandGrid::PerJoint): fewer knots, translations thinned, within the same tolerances, composed by players
// only.
#pragma once

#include <array>
#include <future>
#include <optional>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/joints.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/tracks/track.hpp"
#include "inputanim/tracks/track_builder.hpp"

namespace inputanim {

// Local transforms in glTF space: per joint, its knots' times and times.size() x 4 rotations, and x 3 translations at
// the same times, or at translationTimes when those are not empty. A joint without keys has empty vectors (None
// always: it stays a flat node).
struct HandLocals {
    std::array<std::vector<float>, kJointCount> times, translationTimes, translation, rotation;
    bool empty() const;  // no joint has knots
};

// World tracks in glTF space at the grid, as composing the locals gives them (Float32).
struct HandWorld {
    std::array<Track, kJointCount> position, rotation;
};

// The world tracks of a hand whose joints share one grid (the first joint's with knots; a joint at other knots is
// left out, as one without).
HandWorld composeHand(const HandLocals& locals);

// One grid for the whole hand (the profile's, which composeHand reads back), or one per joint: each joint's own
// knots and every knot of its parent's grid (where the parent's playback turns), its locals solved under its parent
// as glTF plays it there (to a rounding: no key landed bit for bit), its translations kept where a line cannot pass
// within 1% of the position tolerance; between knots each joint is checked against MRTK's playback as before.
enum class HandGrid { Shared, PerJoint };

struct HandHierarchy {
    HandLocals locals;
    // composeHand(locals), with each component's keyKnots and valuesChanged set against the recording's curves, so
    // that curve extras say which knots are keys and which values composition does not give back.
    HandWorld world;  // shared grids only
    // Measured between knots, against MRTK's playback (PerJoint: plus what thinning translations moves a joint).
    double maxPositionError = 0, maxRotationError = 0;
};

// The hand's skeleton tracks; empty locals when no joint of the hand has keys. Fails like buildTrack (naming no
// curve: the caller does), or when the grid would need more knots than the budget allows (it spends them).
Result<HandHierarchy> buildHandHierarchy(const Recording& recording, Hand hand, const TrackOptions& options,
                                         KnotBudget& budget, HandGrid grid = HandGrid::Shared);

// HandGrid::PerJoint's build: it spends the largest joint's grid from the budget; each joint may add as many knots as
// a shared grid may add to the hand.
Result<HandHierarchy> buildJointGrids(const Recording& recording, Hand hand, const TrackOptions& options,
                                      KnotBudget& budget);

// A hand's skeleton built on another thread while the caller goes on (with the other hand), from the budget as it
// is now. `take` gives what buildHandHierarchy would give with the budget then left, and spends the same: it builds
// the skeleton again, there, when the one built ahead failed or spent more than is left, or had no thread.
class HandHierarchyAhead {
public:
    HandHierarchyAhead(const Recording& recording, Hand hand, const TrackOptions& options, const KnotBudget& budget,
                       HandGrid grid = HandGrid::Shared);
    HandHierarchyAhead(const HandHierarchyAhead&) = delete;
    HandHierarchyAhead& operator=(const HandHierarchyAhead&) = delete;
    Result<HandHierarchy> take(KnotBudget& budget);

private:
    const Recording& recording_;
    Hand hand_;
    TrackOptions options_;
    HandGrid grid_;
    KnotBudget budget_;  // what the build ahead may spend, then what it left
    std::size_t start_;  // budget_.left() before it
    std::optional<std::future<Result<HandHierarchy>>> built_;
};

}  // namespace inputanim
