// Evenly spaced times over a recording, with the number of them bounded: a file's times (or a marker at 1e7 s)
// must not make sampling, plotting or comparing absurdly long.
#pragma once

#include <cstddef>
#include <vector>

#include "inputanim/core/error.hpp"

namespace inputanim {

inline constexpr std::size_t kMaxGridTimes = 1'000'000;

// start, start + 1/rate, ... up to end (each as the Float32 a glTF player sees); with `includeEnd`, end itself
// when the grid misses it. Refused (ErrorKind::Refused) beyond `maxTimes` or for a window or rate that is not
// finite and positive, with what to choose instead (--rate, --start/--end).
Result<std::vector<double>> timeGrid(double start, double end, double rate, bool includeEnd = false,
                                     std::size_t maxTimes = kMaxGridTimes);

}  // namespace inputanim
