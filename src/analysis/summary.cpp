#include "inputanim/analysis/summary.hpp"

#include <algorithm>

namespace inputanim {
namespace {

SectionSummary summarizeRange(const Recording& recording, const char* name, Section section, std::size_t first,
                              std::size_t last) {
    SectionSummary summary{name, recording.sectionPresent(section)};
    if (!summary.present) return summary;
    summary.curves = last - first;
    for (std::size_t i = first; i < last; ++i) {
        const std::size_t keys = recording.curves[i].keys.size();
        summary.keys += keys;
        summary.curvesWithKeys += keys > 0;
    }
    return summary;
}

// Boolean keys are steps: a key's value holds until the next key; before the first key its value holds.
std::vector<Interval> trueIntervals(const Curve& curve, double duration) {
    std::vector<Interval> intervals;
    const auto& keys = curve.keys;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        if (!booleanOn(keys[k].value)) continue;
        const double start = k == 0 ? 0.0 : std::max(0.0, double(keys[k].time));
        const double end = k + 1 < keys.size() ? std::min(duration, double(keys[k + 1].time)) : duration;
        if (end < start) continue;
        if (!intervals.empty() && intervals.back().end >= start)
            intervals.back().end = std::max(intervals.back().end, end);
        else intervals.push_back({start, end});
    }
    return intervals;
}

}  // namespace

RecordingSummary summarize(const Recording& recording) {
    RecordingSummary summary;
    summary.encoding = recording.encoding;
    summary.keyTimes = timeRange(recording);
    summary.duration = playbackDuration(recording);
    summary.sections = {
        summarizeRange(recording, "camera", Section::Camera, kCameraFirst, kBooleanFirst),
        summarizeRange(recording, "booleans", Section::Booleans, kBooleanFirst, kLeftHandFirst),
        summarizeRange(recording, "left", Section::LeftHand, kLeftHandFirst, kRightHandFirst),
        summarizeRange(recording, "right", Section::RightHand, kRightHandFirst, kGazeFirst),
        summarizeRange(recording, "gaze", Section::Gaze, kGazeFirst, kCurveCount),
    };
    for (const SectionSummary& section : summary.sections) {
        summary.curves += section.curves;
        summary.keys += section.keys;
    }
    if (recording.hasHandData)
        for (int b = 0; b < kBooleanCount; ++b)
            summary.booleanTrue[b] = trueIntervals(recording.curves[kBooleanFirst + b], summary.duration);
    return summary;
}

}  // namespace inputanim
