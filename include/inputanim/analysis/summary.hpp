// What a recording holds, section by section: the data behind `inputanim info`.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "inputanim/core/recording.hpp"

namespace inputanim {

struct SectionSummary {
    std::string name;  // "camera", "booleans", "left", "right", "gaze"
    bool present = false;
    std::size_t curves = 0;  // curves the section has in the file
    std::size_t curvesWithKeys = 0;
    std::size_t keys = 0;
};

struct Interval {
    double start = 0;  // seconds
    double end = 0;  // seconds; the recording's end when the state holds to the end
};

struct RecordingSummary {
    Encoding encoding;
    TimeRange keyTimes;  // earliest and latest key or marker time
    double duration = 0;  // MRTK plays from 0 to the last key of any curve (playbackDuration)
    std::size_t curves = 0, keys = 0;
    std::vector<SectionSummary> sections;
    // Where TrackedLeft, TrackedRight, PinchingLeft, PinchingRight hold true, within [0, duration].
    std::array<std::vector<Interval>, kBooleanCount> booleanTrue;
};

RecordingSummary summarize(const Recording& recording);

}  // namespace inputanim
