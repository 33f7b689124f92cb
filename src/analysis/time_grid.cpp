#include "inputanim/analysis/time_grid.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace inputanim {

Result<std::vector<double>> timeGrid(double start, double end, double rate, bool includeEnd, std::size_t maxTimes) {
    if (!std::isfinite(start) || !std::isfinite(end) || !(end >= start))
        return Error::refused("the time window is not a finite interval", Reason::WindowInvalid);
    if (!(rate >= kRateLeast && rate <= kRateMost)) {
        char text[96];
        std::snprintf(text, sizeof text, "the rate must be %g to %g samples per second", kRateLeast, kRateMost);
        return Error::usage(text);
    }
    const double count = std::floor((end - start) * rate + 1e-9) + 1;
    if (!(count <= double(maxTimes))) {
        char text[320];
        std::snprintf(text, sizeof text, "%.6g s to %.6g s at %.6g Hz would be %.3g samples, more than %zu", start, end,
                      rate, count, maxTimes);
        return Error::refused(text, Reason::GridTooLarge);
    }
    std::vector<double> times;
    times.reserve(std::size_t(count) + 1);
    for (std::size_t i = 0; i < std::size_t(count); ++i) times.push_back(double(float(start + double(i) / rate)));
    if (includeEnd && times.back() < end) times.push_back(end);
    return times;
}

}  // namespace inputanim
