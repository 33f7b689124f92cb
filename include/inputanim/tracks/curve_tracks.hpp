// A recording's consecutive curves (a vector's 3 or a rotation's 4) as one track:
// buildTrack, with failures naming the curve. Export's channels and the hierarchical rig's grid both start here.
#pragma once

#include <optional>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/tracks/track_builder.hpp"

namespace inputanim {

// Nullopt when every curve is empty (no channel). With a budget, the track is limited by it and spends it.
Result<std::optional<Track>> trackOfCurves(const Recording& recording, std::size_t firstCurve, TrackKind kind,
                                           const TrackOptions& options, KnotBudget* budget = nullptr);

}  // namespace inputanim
