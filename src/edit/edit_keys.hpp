// Keys built for an edit's result (internal to the edit layer): Float32 times and values, each key later than the
// one before, or an error naming the curve.
#pragma once

#include <cmath>
#include <limits>

#include "inputanim/core/recording.hpp"
#include "inputanim/edit/edit.hpp"

namespace inputanim {

inline constexpr float kInfinity = std::numeric_limits<float>::infinity();

// A double as float32, beyond float32's range an infinity (where a conversion would be undefined).
inline float narrow(double value) {
    constexpr double kMax = std::numeric_limits<float>::max();
    return value > kMax ? kInfinity : value < -kMax ? -kInfinity : float(value);
}

inline Error beyondFloat32(const char* what, std::size_t index) {
    return Error::notRepresentable(std::string(what) + " beyond float32's range").of(curveName(index));
}

inline bool loops(std::int32_t wrapMode) { return wrapMode == kWrapLoop || wrapMode == kWrapPingPong; }

// Keys appended in time order, each later than the one before in float32, or an error naming the curve.
class CurveBuilder {
public:
    CurveBuilder(const Curve& source, std::size_t index) : index_(index) {
        curve_.preWrapMode = source.preWrapMode;
        curve_.postWrapMode = source.postWrapMode;
    }
    Status add(Key key, double time, EditReport& report) {
        key.time = narrow(time);
        if (std::isfinite(time) && !std::isfinite(key.time)) return beyondFloat32("a key time", index_);
        if (double(key.time) != time) ++report.timesRounded;
        if (!curve_.keys.empty() && !(key.time > curve_.keys.time(curve_.keys.size() - 1))) {
            char text[120];
            std::snprintf(text, sizeof text, "keys %zu and %zu of the result would share the float32 time %.9g s",
                          curve_.keys.size() - 1, curve_.keys.size(), double(key.time));
            return Error::notRepresentable(text).of(curveName(index_));
        }
        curve_.keys.push_back(key);
        return Success{};
    }
    Curve take() { return std::move(curve_); }

private:
    Curve curve_;
    std::size_t index_;
};

}  // namespace inputanim
