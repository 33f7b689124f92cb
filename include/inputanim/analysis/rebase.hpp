// An edited copy of a recording (edited in Blender or another tool and read back from glTF) put back onto the
// recording it was made from: every pose and state the edit left within the tolerances keeps the original's keys
// bit for bit, and the others take the edit's. An unedited round trip thus gives back the original file byte for
// byte, and a hand that was never tracked gains no keys.
#pragma once

#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct RebaseOptions {
    double positionTolerance = 0.001;  // metres: within this everywhere, a pose counts as unedited (diff's default)
    double rotationTolerance = 0.5;  // degrees
    double switchTolerance = 1.0 / 24;  // seconds between a state's switches
};

struct RebaseReport {
    std::vector<std::string> edited;  // the poses and states taken from the edit ("left.IndexKnuckle", "TrackedLeft")
};

// `edited` must hold `base`'s encoding (read it back with that encoding); markers, flags and encoding are base's.
Result<Recording> rebase(const Recording& base, const Recording& edited, const RebaseOptions& options = {},
                         RebaseReport* report = nullptr);

}  // namespace inputanim
