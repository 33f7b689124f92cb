// Keys fitted to a foreign file's motion and measured against glTF's own playback of it, between the samples as well
// as at them (internal to the glTF layer).
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/tracks/key_reduction.hpp"
#include "inputanim/tracks/streamed_reduction.hpp"

namespace inputanim {

// Curves that keys are fitted into: a vector (3 components, metres or units of a direction) or a rotation (4,
// degrees), with their tolerance.
struct FitTarget {
    Curve* curves;
    int components;
    bool rotation;
    double tolerance;
};

// The largest deviation measured between fitted keys, as MRTK plays them, and the motion they stand for.
struct MeasuredFit {
    double position = 0;  // metres (or units of a direction)
    double rotation = 0;  // degrees
    bool beyond = false;  // some target beyond its tolerance
    void add(const MeasuredFit& other);
};

// Motion as glTF plays a file: samples at float times (one SampledVector per target, rotations in one hemisphere, as
// the fitter takes them), and values at any time (a rotation nullopt where it has no orientation).
using Probe = std::optional<std::array<double, 4>>;
class Motion {
public:
    virtual ~Motion() = default;
    virtual Status sample(const std::vector<float>& times, std::vector<SampledVector>& samples) = 0;
    virtual void at(double time, std::vector<Probe>& values) = 0;
    // The values at increasing times, `targets` per time in a row (by default `at`, time by time).
    virtual void atTimes(const std::vector<double>& times, std::size_t targets, std::vector<Probe>& values);
};

// Fits keys to the motion's samples at `times` (within three quarters of each tolerance), then plays the keys
// against the motion between every two samples: at a quarter, half and three quarters of the way, and each target's
// worst intervals searched for their peak (golden section). Where the keys play beyond 90% of a tolerance there, those
// points become samples too and the keys are fitted again: at most `kFitRounds` rounds, within a multiple of the
// first samples' count and the sampling budget. Hermite keys that still play beyond a tolerance (smooth tangents at a
// corner of the motion) give way to linear keys when those play closer. `measured` takes the largest deviation found.
inline constexpr int kFitRounds = 8;
Status fitMeasured(Motion& motion, std::vector<float> times, std::span<const FitTarget> targets, KeyFit fit,
                   MeasuredFit& measured);

}  // namespace inputanim
