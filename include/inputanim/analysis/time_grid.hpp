// Evenly spaced times over a recording, with the number of them bounded: a file's times (or a marker at 1e7 s)
// must not make sampling, plotting or comparing absurdly long.
#pragma once

#include <cstddef>
#include <vector>

#include "inputanim/core/error.hpp"

namespace inputanim {

inline constexpr std::size_t kMaxGridTimes = 1'000'000;
// The sampling rates (Hz) that sample, plot and diff take: from one sample in 1,000 s to 100,000 a second.
inline constexpr double kRateLeast = 0.001, kRateMost = 100'000;
inline constexpr double kRateDefault = 120;  // Hz: what `sample`, `plot` and `diff` sample at unless told

// start, start + 1/rate, ... up to end (each as the Float32 a glTF player sees); with `includeEnd`, end itself
// when the grid misses it. Refused (ErrorKind::Refused) beyond `maxTimes` or for a window that is not finite, and
// (ErrorKind::Usage) for a rate outside kRateLeast-kRateMost.
Result<std::vector<double>> timeGrid(double start, double end, double rate, bool includeEnd = false,
                                     std::size_t maxTimes = kMaxGridTimes);

}  // namespace inputanim
