// Realistic recordings made procedurally, for samples, tests, demos and benchmarks.
#pragma once

#include <cstddef>
#include <cstdint>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct SyntheticOptions {
    Encoding encoding{1, Layout::Compact};
    double duration = 6.0;  // seconds
    double frameRate = 60.0;  // Hz; frame times carry +-1 ms of jitter, as real frames do
    std::uint32_t seed = 1;  // same options and seed give the same recording, bit for bit
    bool reduceKeys = true;  // MRTK-like Ramer-Douglas-Peucker key reduction
    double positionTolerance = 0.0015;  // metres, for the reduction
    double rotationTolerance = 0.1;  // degrees, for the reduction
    bool markers = true;  // a marker at each gesture phase
    bool eyeGaze = true;  // 1.1 only: 1.0 cannot hold gaze
};

// The most frames (duration x rate) a recording may have: with key reduction about 200 MB of keys at most, and
// without it (every frame a key of 395 curves) about 300 MB.
inline constexpr std::size_t kMaxSyntheticFrames = 1'000'000;
inline constexpr std::size_t kMaxSyntheticFramesUnreduced = 100'000;

// Both hands rise into view, reach to the sides of a virtual object, pinch it, pull it wider, release it and
// sink, while the head sways and the eyes follow the right hand. Hands are anatomical (a left hand is a left
// hand), joints carry MRTK's frames (hand_model.hpp), and a pinch brings thumb and index tips within 8 mm.
// Keys carry MRTK's linear encoding; components of one vector share key times. Refused (ErrorKind::Usage)
// beyond the frame limits above.
Result<Recording> generateRecording(const SyntheticOptions& options);

}  // namespace inputanim
