// Linear keys for MRTK's 1.1 layout: each group that needs them is built as a LINEAR track played as MRTK plays
// (track_builder.cpp, TrackOptions::mrtkPlayback) and its knots become the group's keys.
#include "inputanim/tracks/linear_fit.hpp"

#include <algorithm>
#include <cstdio>

#include "inputanim/tracks/curve_tracks.hpp"

namespace inputanim {
namespace {

bool groupNeedsFit(const Recording& recording, const CurveGroup& group) {
    for (int c = 0; c < group.count; ++c) {
        const KeyList& keys = recording.curves[group.first + std::size_t(c)].keys;
        if (!keys.compact() && !std::all_of(keys.begin(), keys.end(), isCompactKey)) return true;
    }
    return false;
}

bool wraps(std::int32_t mode) { return mode == kWrapLoop || mode == kWrapPingPong; }

// The group's curves replaced by the track's knots, as linear keys. Curves that wrapped were unrolled into the
// knots: they clamp now. Others keep their wrap modes.
void replaceKeys(Recording& recording, const CurveGroup& group, const Track& track) {
    for (int c = 0; c < group.count; ++c) {
        Curve& curve = recording.curves[group.first + std::size_t(c)];
        if (wraps(curve.preWrapMode) || wraps(curve.postWrapMode))
            curve.preWrapMode = curve.postWrapMode = kWrapClampForever;
        curve.keys.clear();
        curve.keys.appendLinearKeys(track.times.size(), [&](std::size_t k) {
            return std::pair{track.times[k], track.values[k * std::size_t(group.count) + std::size_t(c)]};
        });
    }
}

}  // namespace

bool needsLinearFit(const Recording& recording) {
    return std::any_of(curveGroups().begin(), curveGroups().end(),
                       [&](const CurveGroup& g) { return groupNeedsFit(recording, g); });
}

Result<LinearFitReport> fitLinearKeys(Recording& recording, const LinearFitOptions& options) {
    LinearFitReport report;
    KnotBudget budget(recording);
    TrackOptions trackOptions;
    trackOptions.tolerances = options.tolerances;
    trackOptions.linearOnly = true;
    trackOptions.mrtkPlayback = true;
    const double duration = playbackDuration(recording);
    for (const CurveGroup& group : curveGroups()) {
        if (!groupNeedsFit(recording, group)) continue;
        bool wrapping = false;
        for (int c = 0; c < group.count; ++c) {
            const Curve& curve = recording.curves[group.first + std::size_t(c)];
            wrapping |= wraps(curve.preWrapMode) || wraps(curve.postWrapMode);
        }
        // Clamped curves are fitted up to their own last key (MRTK's duration stays), wrapped ones over all it plays.
        trackOptions.duration = wrapping ? duration : 0;
        auto track = trackOfCurves(recording, group.first, group.rotation ? TrackKind::Rotation : TrackKind::Vector,
                                   trackOptions, &budget);
        if (!track) return track.error();
        if (!*track) continue;  // no keys
        double& worst = group.rotation ? report.maxRotationError : report.maxPositionError;
        worst = std::max(worst, (*track)->maxError);
        replaceKeys(recording, group, **track);
        report.fitted.push_back(groupName(group));
    }
    return report;
}

std::string fitSummary(const LinearFitReport& report) {
    std::string names;
    for (std::size_t i = 0; i < report.fitted.size() && i < 3; ++i) names += (i ? ", " : "") + report.fitted[i];
    if (report.fitted.size() > 3) names += ", ...";
    char deviation[96];
    std::snprintf(deviation, sizeof deviation, "%.3g mm and %.3g degrees", report.maxPositionError * 1000,
                  report.maxRotationError);
    return "keys of " + std::to_string(report.fitted.size()) + " vectors and rotations (" + names +
           ") carry tangents, weights or steps, which MRTK's 1.1 layout cannot hold: fitted with linear keys, largest "
           "deviation " +
           deviation;
}

Result<Recording> convertFitting(Recording recording, Encoding target, const LinearFitOptions& options,
                                 LinearFitReport* report) {
    if (target.layout == Layout::Compact && needsLinearFit(recording)) {
        auto fitted = fitLinearKeys(recording, options);
        if (!fitted) return fitted.error();
        if (report) *report = std::move(*fitted);
    }
    if (recording.encoding == target) return recording;
    return convertEncoding(std::move(recording), target);
}

}  // namespace inputanim
