// Unity animation curves and their exact evaluation (AnimationCurve.Evaluate semantics, in double
// precision). Knows nothing about files: the binary format and glTF code both build on it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace inputanim {

// Unity WrapMode values. Files may hold any Int32; any other value clamps like ClampForever.
enum WrapMode : std::int32_t {
    kWrapDefault = 0,
    kWrapOnce = 1,
    kWrapLoop = 2,
    kWrapPingPong = 4,
    kWrapClampForever = 8,
};

// Unity WeightedMode flags.
enum WeightedMode : std::int32_t {
    kWeightedNone = 0,
    kWeightedIn = 1,
    kWeightedOut = 2,
    kWeightedBoth = 3,
};

// One Unity keyframe. Tangents are slopes in value per second. The defaults are MRTK's linear encoding
// (zero tangents, zero weights, weighted mode Both), which is what compact and Boolean keys hold.
struct Key {
    float time = 0;
    float value = 0;
    float inTangent = 0;
    float outTangent = 0;
    float inWeight = 0;
    float outWeight = 0;
    std::int32_t weightedMode = kWeightedBoth;
};

struct Curve {
    std::int32_t preWrapMode = kWrapClampForever;
    std::int32_t postWrapMode = kWrapClampForever;
    std::vector<Key> keys;
};

// How the value moves between two adjacent keys.
enum class SegmentShape {
    Stepped,   // an infinite tangent on either side, or zero length: holds the left value
    Linear,    // a straight line: zero weights on both sides, or Hermite with chord-slope tangents
               // (within 1e-9 of the chord, relative)
    Hermite,   // a cubic in time (neither side weighted)
    Weighted,  // a Bezier in (time, value): not a polynomial in time
};
SegmentShape segmentShape(const Key& left, const Key& right);

struct ValueSlope {
    double value = 0;
    double slope = 0;  // derivative in value per second
};

// Value and slope inside the segment from `left` to `right`, for left.time <= time <= right.time.
ValueSlope evaluateSegment(const Key& left, const Key& right, double time);

// Maps a time outside the key range through the curve's wrap modes (Loop, PingPong; others clamp).
double wrapTime(const Curve& curve, double time);

// What makes a curve unplayable outside Unity ("key 3 is not later than key 2"): non-finite times or
// values, NaN tangents, non-finite weights, times that do not increase. nullopt when it is fine.
std::optional<std::string> invalidKey(const Curve& curve);

// AnimationCurve.Evaluate: empty curves give 0, one key is constant, wrap modes apply outside the keys.
double evaluate(const Curve& curve, double time);
ValueSlope evaluateWithSlope(const Curve& curve, double time);

// Index k of the segment [t_k, t_{k+1}) holding `time` (time already wrapped and inside the key range).
std::size_t segmentIndex(std::span<const Key> keys, double time);

// Evaluates one curve at many times, as evaluateWithSlope does, in amortised constant time per call when
// the times mostly increase (it remembers the last segment). Keys must have increasing times.
class CurveCursor {
public:
    explicit CurveCursor(const Curve& curve) : curve_(&curve) {}
    ValueSlope evaluate(double time);
    std::size_t segment(double wrappedTime);  // segmentIndex, from the remembered position

private:
    const Curve* curve_;
    std::size_t segment_ = 0;
};

}  // namespace inputanim
