#include "inputanim/tracks/curve_tracks.hpp"

namespace inputanim {

Result<std::optional<Track>> trackOfCurves(const Recording& recording, std::size_t firstCurve, TrackKind kind,
                                           const TrackOptions& options, KnotBudget* budget) {
    const int n = kind == TrackKind::Rotation ? 4 : 3;
    const Curve* curves[4];
    bool anyKeys = false;
    for (int c = 0; c < n; ++c) {
        curves[c] = &recording.curves[firstCurve + std::size_t(c)];
        anyKeys |= !curves[c]->keys.empty();
    }
    if (!anyKeys) return std::optional<Track>{};
    const std::span<const Curve* const> components(curves, std::size_t(n));
    auto track = buildTrack(components, kind, budget ? budget->limit(options, components) : options);
    if (track) {
        if (budget) budget->spend(track->times.size());
        return std::optional<Track>(std::move(*track));
    }
    for (int c = 0; c < n; ++c)  // name the curve when one is invalid
        if (auto problem = invalidKey(*curves[c]))
            return Error::malformed("curve " + curveName(firstCurve + std::size_t(c)) + ": " + *problem);
    Error error = track.error();
    error.message =
        "curves " + curveName(firstCurve) + " to " + curveName(firstCurve + std::size_t(n) - 1) + ": " + error.message;
    return error;
}

}  // namespace inputanim
