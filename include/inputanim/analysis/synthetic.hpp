// Realistic recordings made procedurally, for samples, tests, demos and benchmarks.
#pragma once

#include <cstdint>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct SyntheticOptions {
    Encoding encoding{1, Layout::Compact};
    double duration = 6.0;     // seconds
    double frameRate = 60.0;   // Hz; frame times carry +-1 ms of jitter, as real frames do
    std::uint32_t seed = 1;    // same options and seed give the same recording, bit for bit
    bool reduceKeys = true;    // MRTK-like Ramer-Douglas-Peucker key reduction
    double positionTolerance = 0.0015;  // metres, for the reduction
    double rotationTolerance = 0.1;     // degrees, for the reduction
    bool markers = true;       // a marker at each gesture phase
    bool eyeGaze = true;       // 1.1 only: 1.0 cannot hold gaze
};

// Two hands reach, pinch, drag and release while the head moves and the eyes follow the hands.
// Keys carry MRTK's linear encoding; components of one vector share key times.
// Refused (ErrorKind::Usage) when duration x frame rate would make more frames than kMaxSyntheticFrames.
Result<Recording> generateRecording(const SyntheticOptions& options);

}  // namespace inputanim
