// Problems in a recording, reported by curve name and key index. Pure analysis: nothing is changed.
#pragma once

#include <optional>
#include <vector>

#include "inputanim/core/finding.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct CheckOptions {
    double lostTailSeconds = 0.1;  // a curve ending this long (s) before the recording is reported
    double unitTolerance = 0.01;  // | |q| - 1 | above this is a non-unit quaternion
};

std::vector<Finding> checkRecording(const Recording& recording, const CheckOptions& options = {});

// A warning ("no-hand-tracked") when the recording stores hands and has keys but neither hand is ever tracked: MRTK
// then shows no hands (a WebXR take with controllers only, or a device without hand tracking). The checker reports
// it; the WebXR recorder's result says it too.
std::optional<Finding> handsNeverTracked(const Recording& recording);

// The markers MRTK never fires (after the last key, where its playback stops): the checker's "marker-after-end".
std::vector<Finding> checkMarkers(const Recording& recording);

}  // namespace inputanim
