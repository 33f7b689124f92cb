// How far two recordings are apart, as MRTK would play them: sampled over their common time range.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct DiffOptions {
    double rate = kRateDefault;  // Hz
    std::optional<double> start, end;  // seconds of the first's time; default: the range both recordings cover
    double offset = 0;  // seconds: the second is compared at the first's time plus this (it started this much later)
    double positionTolerance = 0.001;  // metres: a pose further apart than this, or
    double rotationTolerance = 0.5;  // degrees, differs (its time goes into the spans)
    double switchTolerance = 1.0 / 24;  // seconds between matching Boolean switches
};

// A closed time range, seconds: from the first to the last sample time of a run of samples.
struct TimeSpan {
    double start = 0, end = 0;
};

// A run of samples beyond a tolerance, and its worst moment: where a pose is the most tolerances apart (the larger of
// its position and rotation distances, each over its tolerance).
struct DiffSpan : TimeSpan {
    double worst = 0;  // seconds
    std::string pose;  // the pose farthest apart there: "left.IndexTip", "camera" ...
    double excess = 0;  // how many tolerances apart it is there (above 1)
};

struct PoseDiff {
    std::string name;  // "camera", "left.IndexTip", "gaze.Origin", "gaze.Direction"
    std::size_t samples = 0;  // times compared (joints: where the hand is tracked in the first recording)
    double maxPosition = 0, meanPosition = 0;  // metres
    double maxRotation = 0, meanRotation = 0;  // degrees (0 for gaze vectors)
    std::vector<DiffSpan> differs = {};  // runs of consecutive samples beyond a tolerance, in time order
};

struct BooleanDiff {
    std::string name;  // "TrackedLeft" ...
    std::vector<double> switchesA, switchesB;  // times where the state changes, within the common range (B's less
                                               // the offset: every time of a report is the first's)
    double maxShift = 0;  // seconds between matching switches
    bool countsDiffer = false;
};

struct DiffReport {
    double start = 0, end = 0;  // the common time range compared, seconds
    std::vector<std::string> onlyInA, onlyInB;  // sections or joints with keys in one recording only
    std::vector<PoseDiff> poses;
    std::vector<BooleanDiff> booleans;
    double maxPosition = 0, maxRotation = 0, maxSwitchShift = 0;
    bool switchCountsDiffer = false;
    std::vector<DiffSpan> differs;  // when any pose differs: the poses' spans merged (within one sample step)
};

// Whether the two play alike within the options' tolerances: no pose beyond them, the same switches no further apart
// than switchTolerance, and no section or joint in one only.
bool withinTolerances(const DiffReport& report, const DiffOptions& options);

// Refused (ErrorKind::Usage) when an offset, a time or a tolerance is not finite, a tolerance is not above 0 (the
// switches': below 0), or the end asked for lies before the start.
Status checkDiffOptions(const DiffOptions& options);
// Refused when checkDiffOptions refuses the options, or when the time range compared at the rate would be absurdly
// many samples (see time_grid.hpp).
Result<DiffReport> diffRecordings(const Recording& a, const Recording& b, const DiffOptions& options = {});

}  // namespace inputanim
