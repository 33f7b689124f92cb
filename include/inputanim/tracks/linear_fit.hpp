// MRTK's linear keys (time and value, played as straight lines: what the 1.1 layout MRTK reads holds) fitted to
// curves whose keys carry tangents, weights or steps, within tolerances of how MRTK played the originals.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/core/tolerances.hpp"

namespace inputanim {

struct LinearFitOptions {
    Tolerances tolerances;
};

struct LinearFitReport {
    std::vector<std::string> fitted;  // the groups refitted ("left.Wrist.Rotation"), in table order
    double maxPositionError = 0;  // metres: the largest deviation from the original playback, measured
    double maxRotationError = 0;  // degrees
};

// Every vector or rotation with a key that is not MRTK's linear encoding gets linear keys over the range MRTK plays
// ([0, playbackDuration]: keys before 0 and wrap modes are played into them, and such a group's curves clamp
// afterwards); steps become a key one Float32 step before the jump. The others keep their keys bit for bit.
// Fails on invalid keys (naming the curve) or beyond the KnotBudget of the recording (Reason::FitBudget).
Result<LinearFitReport> fitLinearKeys(Recording& recording, const LinearFitOptions& options = {});

// convertEncoding (lossless, or refused naming what would be lost), except that for the compact layout keys it cannot
// hold are fitted first (fitLinearKeys; `report` says which and how far).
Result<Recording> convertFitting(Recording recording, Encoding target, const LinearFitOptions& options = {},
                                 LinearFitReport* report = nullptr);

// "keys of 12 vectors and rotations (left.Wrist.Position, ...) carry tangents, weights or steps, which MRTK's 1.1
// layout cannot hold: fitted with linear keys, largest deviation 0.082 mm and 0.0041 degrees".
std::string fitSummary(const LinearFitReport& report);

// Whether fitLinearKeys would change anything: some key of a vector or rotation is not MRTK's linear encoding.
bool needsLinearFit(const Recording& recording);

}  // namespace inputanim
